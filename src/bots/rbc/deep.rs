//! The strongest RBC play's table (issue 59): every option searched in every world drawn
//! ([`super::search`]), one depth at a time over all the worlds (iterative deepening), deeper
//! while the time manager's budget allows: more clock, deeper searches, a stronger move.
//!
//! A pass at the next depth starts only if, at the pace of the last one, it ends within the
//! soft budget (the hard one while the two best options are close); a pass the hard deadline
//! cuts short is dropped, the last whole one kept. The first pass (depth 1: the option, then
//! the opponent's captures) is always made, over as many worlds as the hard deadline allows.
//!
//! The search sees the whole board: the opponent there knows where our pieces stand, answers
//! every check and takes whatever is loose, so alone it plays too timidly (against AttackerBot
//! it shuffled until the move limit). Each score is therefore a blend ([`HEURISTIC`]) with the
//! faster play's ([`super::outcome`]: an opponent that cannot see, a check that may go
//! unnoticed, pawns pushed). Options are then weighed as StrangeFish2 weighs them: 70 % the mean over the worlds, 30 %
//! the worst, both over the chances of winning ([`MEAN`], [`CHANCE`]), and a little for what the move's result tells (the worlds it tells
//! apart, [`TELLS`]), which breaks ties between moves equal on the board.

use super::score::{KING, score};
use super::search::{Search, WIN};
use super::uci::Engine;
use crate::announce::{Item, heard_by};
use crate::attempt::Attempt;
use crate::referee::{Referee, Request};
use shakmaty::Color;
use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::time::{Duration, Instant};

/// The most worlds a searched decision draws from the belief.
pub(super) const SEARCH_WORLDS: usize = 256;

/// The deepest pass, in plies.
const MAX_DEPTH: u32 = 8;

/// The share of an option's weight that is its mean over the worlds (the rest: its worst).
const MEAN: f64 = 0.7;

/// What telling every world apart is worth to a move, in pawns.
const TELLS: f32 = 0.15;

/// The share of each score that is the faster play's ([`super::outcome`]), the rest the
/// search's. At a half its blind opponent (a loose piece taken one time in three, a check worth
/// 15 pawns) outweighed a piece lost to an opponent that senses: in nine games lost to
/// StrangeFish2, 64 units lost (207 pawns), 30 to a piece our last three senses had seen.
pub(super) const HEURISTIC: f32 = 0.25;

/// How close the two best options are, in pawns, for a pass to go on to the hard budget.
const CLOSE: f32 = 0.5;

/// How much longer a pass takes than the one before, until one is measured.
const FIRST_GROWTH: f64 = 8.0;

/// The options searched over the worlds.
pub(super) struct Searched<'a> {
    /// The worlds scored, each with how many times it was drawn.
    pub worlds: Vec<(&'a Referee, f32)>,
    /// `scores[w][o]`: option `o`'s score in world `w`, in pawns.
    pub scores: Vec<Vec<f32>>,
    /// Each option's worth for what its result tells apart, in pawns.
    pub tells: Vec<f32>,
    /// The depth of the last whole pass.
    #[cfg(test)]
    pub depth: u32,
    /// How many worlds the engine scored.
    #[cfg(test)]
    pub by_engine: usize,
}

/// When a searched decision stops deepening.
#[derive(Copy, Clone, Debug)]
pub(super) struct Deadlines {
    /// No pass starts that would end past this, unless the best options are close.
    pub soft: Instant,
    /// Nothing goes on past this.
    pub hard: Instant,
}

/// `options` (a pass when `None`) searched in `worlds` for `us`, deeper while `deadlines`
/// allow, no deeper than `max_depth`; `heuristic`: the share of each score that is the faster
/// play's. With an `engine` ready, the worlds past the first pass are scored by it instead
/// ([`engine_pass`]); the built-in search deepens when it is not, or fails.
pub(super) fn search<'a>(
    mut worlds: Vec<(&'a Referee, f32)>,
    options: &[Option<Attempt>],
    us: Color,
    deadlines: Deadlines,
    max_depth: u32,
    heuristic: f32,
    engine: Option<&mut Engine>,
) -> Searched<'a> {
    let mut search = Search::new(None);
    let started = Instant::now();
    // Depth 1, and the results heard, world by world until the hard deadline.
    let mut scores = Vec::with_capacity(worlds.len());
    let mut heard: Vec<Vec<u64>> = Vec::with_capacity(worlds.len());
    let mut fast: Vec<Vec<f32>> = Vec::with_capacity(worlds.len());
    for (w, _) in &worlds {
        let mut row = Vec::with_capacity(options.len());
        let mut keys = Vec::with_capacity(options.len());
        let mut quick = Vec::with_capacity(options.len());
        for o in options {
            let (s, key) = option_score(w, *o, us, 1, &mut search);
            let h = if heuristic > 0.0 {
                super::outcome(w, *o, us, false)
            } else {
                0.0
            };
            row.push(blend(s.unwrap_or(-KING), h, heuristic));
            keys.push(key);
            quick.push(h);
        }
        scores.push(row);
        heard.push(keys);
        fast.push(quick);
        if Instant::now() >= deadlines.hard {
            break;
        }
    }
    worlds.truncate(scores.len());
    let tells = tells(&worlds, &heard, options.len());
    let mut depth = 1;
    let mut last = started.elapsed();
    let mut by_engine = 0;
    if let Some(engine) = engine
        && max_depth > 1
        && !decided(&worlds, &scores)
    {
        let close = close(&worlds, &scores, &tells);
        let pass = EnginePass {
            us,
            options,
            deadlines,
            close,
            heuristic,
        };
        if let Some((w, s)) = pass.run(engine, &worlds, &scores, &fast) {
            by_engine = w.len();
            worlds = w;
            scores = s;
        }
    }
    let mut growth = FIRST_GROWTH;
    while by_engine == 0 && depth < max_depth.min(MAX_DEPTH) && !decided(&worlds, &scores) {
        let now = Instant::now();
        let next = now + last.mul_f64(growth);
        let close = close(&worlds, &scores, &tells);
        if next > deadlines.hard || (next > deadlines.soft && !close) {
            break;
        }
        search = Search::new(Some(deadlines.hard));
        let mut deeper = Vec::with_capacity(worlds.len());
        'worlds: for ((w, _), quick) in worlds.iter().zip(&fast) {
            let mut row = Vec::with_capacity(options.len());
            for (o, h) in options.iter().zip(quick) {
                let (s, _) = option_score(w, *o, us, depth + 1, &mut search);
                if search.aborted() {
                    break 'worlds;
                }
                row.push(blend(s.unwrap_or(-KING), *h, heuristic));
            }
            deeper.push(row);
        }
        if search.aborted() {
            break;
        }
        let took = now.elapsed();
        growth = (took.as_secs_f64() / last.as_secs_f64().max(1e-6)).clamp(2.0, 20.0);
        last = took.max(Duration::from_micros(1));
        scores = deeper;
        depth += 1;
    }
    Searched {
        worlds,
        scores,
        tells,
        #[cfg(test)]
        depth,
        #[cfg(test)]
        by_engine,
    }
}

/// The least time the engine is given for one world.
const ENGINE_MIN: Duration = Duration::from_millis(8);

/// What asking the engine about one world costs beside its move time (the pipes, the
/// position after a pass).
const ENGINE_COST: Duration = Duration::from_millis(4);

/// The most time the engine is given for one world.
const ENGINE_MAX: Duration = Duration::from_millis(400);

/// Worlds, each with how many times it was drawn, and their options' scores.
type Scored<'a> = (Vec<(&'a Referee, f32)>, Vec<Vec<f32>>);

/// The worlds of a decision scored by the engine ([`super::uci`]).
struct EnginePass<'o> {
    us: Color,
    options: &'o [Option<Attempt>],
    deadlines: Deadlines,
    /// Whether the two best options are close after the first pass: the engine may then go
    /// halfway to the hard deadline.
    close: bool,
    heuristic: f32,
}

impl EnginePass<'_> {
    /// The worlds the engine scored (the heaviest first, as many as the budget gives each
    /// [`ENGINE_MIN`]) and their scores, each blended with the faster play's `fast`; where the
    /// engine does not say, the first pass's `scores`. `None` when the engine is not ready or
    /// failed (then it is stopped), or there is no time for it.
    fn run<'a>(
        &self,
        engine: &mut Engine,
        worlds: &[(&'a Referee, f32)],
        scores: &[Vec<f32>],
        fast: &[Vec<f32>],
    ) -> Option<Scored<'a>> {
        let Deadlines { soft, hard } = self.deadlines;
        let end = if self.close {
            soft + hard.saturating_duration_since(soft) / 2
        } else {
            soft
        };
        let uci = engine.ready(end)?;
        let budget = end.saturating_duration_since(Instant::now());
        let each_min = ENGINE_MIN + ENGINE_MIN / 4 + ENGINE_COST;
        let count = worlds
            .len()
            .min(usize::try_from(budget.as_nanos() / each_min.as_nanos()).unwrap_or(usize::MAX));
        if count == 0 {
            return None;
        }
        let mut order: Vec<usize> = (0..worlds.len()).collect();
        order.sort_by(|a, b| worlds[*b].1.total_cmp(&worlds[*a].1));
        let mut kept = Vec::with_capacity(count);
        let mut rows = Vec::with_capacity(count);
        let mut failed = false;
        for (i, &w) in order.iter().take(count).enumerate() {
            let now = Instant::now();
            if now >= hard {
                break;
            }
            // The time left shared by the worlds left: what one took too long, the next make up.
            let left = u32::try_from(count - i).unwrap_or(u32::MAX);
            let each = end.saturating_duration_since(now) / left;
            let movetime = (each.saturating_sub(ENGINE_COST) * 4 / 5).clamp(ENGINE_MIN, ENGINE_MAX);
            let Ok(said) =
                super::uci::world_scores(uci, worlds[w].0, self.options, self.us, movetime, hard)
            else {
                failed = true;
                break;
            };
            let row = said
                .iter()
                .enumerate()
                .map(|(o, s)| s.map_or(scores[w][o], |s| blend(s, fast[w][o], self.heuristic)))
                .collect();
            kept.push(worlds[w]);
            rows.push(row);
        }
        if failed {
            engine.drop_engine();
            return None;
        }
        (!kept.is_empty()).then_some((kept, rows))
    }
}

/// A searched score blended with the faster play's `fast`, `heuristic` the latter's share.
fn blend(searched: f32, fast: f32, heuristic: f32) -> f32 {
    if heuristic > 0.0 {
        (1.0 - heuristic) * searched + heuristic * fast
    } else {
        searched
    }
}

/// Each option's weight over `worlds` ([`MEAN`] its mean, the rest its worst, and what it
/// tells), in pawns. The mean and the worst are taken over the chances of winning
/// ([`CHANCE`]): over pawns a king taken (100) in one world of ten outweighed a queen lost in
/// nine, and each of nine such raids against StrangeFish2 missed and lost the piece.
pub(super) fn weighed(worlds: &[(&Referee, f32)], scores: &[Vec<f32>], tells: &[f32]) -> Vec<f32> {
    let total = f64::from(
        worlds
            .iter()
            .map(|(_, n)| n)
            .sum::<f32>()
            .max(f32::MIN_POSITIVE),
    );
    (0..tells.len())
        .map(|o| {
            // The chance of winning and of not winning, each summed apart (no cancellation).
            let (mut win, mut lose) = (0.0f64, 0.0f64);
            let mut worst: Option<f32> = None;
            for ((_, n), row) in worlds.iter().zip(scores) {
                win += f64::from(*n) * chance(row[o]);
                lose += f64::from(*n) * chance(-row[o]);
                worst = Some(worst.map_or(row[o], |w| w.min(row[o])));
            }
            let worst = worst.unwrap_or(0.0);
            let win = MEAN * win / total + (1.0 - MEAN) * chance(worst);
            let lose = MEAN * lose / total + (1.0 - MEAN) * chance(-worst);
            let pawns =
                f64::from(CHANCE) * (win.max(f64::MIN_POSITIVE) / lose.max(f64::MIN_POSITIVE)).ln();
            pawns as f32 + tells[o]
        })
        .collect()
}

/// How many pawns make the chance of winning e (2.718...) times the chance of not winning.
const CHANCE: f32 = 4.0;

/// The chance of winning with a score of `pawns` (a logistic curve, [`CHANCE`] its scale).
fn chance(pawns: f32) -> f64 {
    1.0 / (1.0 + (-f64::from(pawns) / f64::from(CHANCE)).exp())
}

/// Whether the two best options are within [`CLOSE`].
fn close(worlds: &[(&Referee, f32)], scores: &[Vec<f32>], tells: &[f32]) -> bool {
    let mut w = weighed(worlds, scores, tells);
    w.sort_by(|a, b| b.total_cmp(a));
    w.len() < 2 || w[0] - w[1] < CLOSE
}

/// Whether one option takes the king in every world (nothing to think about), or there is
/// only one option.
fn decided(worlds: &[(&Referee, f32)], scores: &[Vec<f32>]) -> bool {
    let options = scores.first().map_or(0, Vec::len);
    options <= 1
        || (0..options)
            .any(|o| !worlds.is_empty() && scores.iter().all(|row| row[o] >= KING * 0.99))
}

/// What each option's result tells apart: [`TELLS`] times the chance that two worlds drawn by
/// weight are heard differently (one minus the sum of the squared shares of each result).
fn tells(worlds: &[(&Referee, f32)], heard: &[Vec<u64>], options: usize) -> Vec<f32> {
    let total: f32 = worlds
        .iter()
        .map(|(_, n)| n)
        .sum::<f32>()
        .max(f32::MIN_POSITIVE);
    (0..options)
        .map(|o| {
            let mut groups: HashMap<u64, f32> = HashMap::new();
            for ((_, n), keys) in worlds.iter().zip(heard) {
                *groups.entry(keys[o]).or_default() += n / total;
            }
            TELLS * (1.0 - groups.values().map(|s| s * s).sum::<f32>())
        })
        .collect()
}

/// `option`'s score for `us` in `world` searched `depth` plies (the option the first), in
/// pawns, and a key of what we hear of it; the score is `None` when the deadline cut it short.
fn option_score(
    world: &Referee,
    option: Option<Attempt>,
    us: Color,
    depth: u32,
    search: &mut Search,
) -> (Option<f32>, u64) {
    let mut next = world.clone();
    let request = match option {
        Some(a) => Request::Move(a),
        None => Request::Pass,
    };
    let Ok(said) = next.apply(&request) else {
        return (Some(-KING), 0); // never: the attempt is possible on the own board
    };
    let mut hasher = DefaultHasher::new();
    let mut hot = None;
    for item in heard_by(&said, us) {
        item.hash(&mut hasher);
        match item {
            Item::KingCaptured => return (Some(KING), hasher.finish()),
            Item::Capture { square, .. } => hot = Some(square),
            _ => {}
        }
    }
    let key = hasher.finish();
    let setup = next.true_setup();
    let s = match search.setup_score(&setup, depth - 1) {
        Some(_) if search.aborted() => return (None, key),
        Some(s) => -(s as f32) * KING / WIN as f32,
        None => return (Some(score(next.true_board(), us, hot)), key),
    };
    (Some(s), key)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Preset;
    use shakmaty::fen::Fen;

    fn world(fen: &str) -> Referee {
        Referee::from_fen(Preset::Rbc.rules(), fen).unwrap().0
    }

    fn options(w: &Referee) -> Vec<Option<Attempt>> {
        let mut o: Vec<Option<Attempt>> = w
            .mover_side()
            .possible_attempts()
            .into_iter()
            .map(Some)
            .collect();
        o.push(None);
        o
    }

    fn far() -> Deadlines {
        let later = Instant::now() + Duration::from_secs(3_600);
        Deadlines {
            soft: later,
            hard: later,
        }
    }

    /// The option a search of `worlds` weighs best.
    fn best(searched: &Searched, options: &[Option<Attempt>]) -> Option<Attempt> {
        let w = weighed(&searched.worlds, &searched.scores, &searched.tells);
        let i = (0..w.len()).max_by(|a, b| w[*a].total_cmp(&w[*b])).unwrap();
        options[i]
    }

    #[test]
    fn with_one_world_it_plays_the_plain_searchs_move() {
        for (fen, depth) in [
            ("q3k3/8/8/1N6/8/8/8/4K3 w - - 0 1", 3),
            ("k7/8/2K5/8/8/8/8/7R w - - 0 1", 3),
            ("4k3/8/8/3q4/8/2N5/8/4K3 w - - 0 1", 2),
        ] {
            let w = world(fen);
            let options = options(&w);
            let searched = search(
                vec![(&w, 1.0)],
                &options,
                Color::White,
                far(),
                depth,
                0.0,
                None,
            );
            assert_eq!(searched.depth, depth);
            let setup: shakmaty::Setup = fen.parse::<Fen>().unwrap().into_setup();
            let (plain, value) = Search::new(None).best_move(&setup, depth).unwrap();
            let ours = best(&searched, &options).unwrap();
            // The same worth (with mates in two, Kb6 and Kc7, both best), and the same move.
            let w = weighed(&searched.worlds, &searched.scores, &searched.tells);
            let top = w.iter().copied().fold(f32::NEG_INFINITY, f32::max);
            assert!(
                (top - value as f32 * KING / WIN as f32).abs() < 0.02,
                "{fen}"
            );
            if value < WIN - 100 {
                assert_eq!(
                    (ours.from, ours.to),
                    (plain.from().unwrap(), plain.to()),
                    "{fen}"
                );
            }
        }
    }

    #[test]
    fn a_check_that_hangs_the_queen_to_a_seen_knight_is_not_played() {
        // Qa4+ leaves the queen to Nb6xa4: the faster play's blind opponent rarely takes it
        // and a check is worth much there; at a half of the blend Qa4+ was the choice.
        let w = world("4k3/4pp2/1n6/8/8/8/8/3QK3 w - - 0 1");
        let options = options(&w);
        let s = search(
            vec![(&w, 1.0)],
            &options,
            Color::White,
            far(),
            2,
            HEURISTIC,
            None,
        );
        let chosen = best(&s, &options).unwrap();
        assert_ne!(chosen.to.to_string(), "a4", "{chosen:?}");
        // Without the blend's faster half the search alone keeps the queen too.
        let plain = search(vec![(&w, 1.0)], &options, Color::White, far(), 2, 0.0, None);
        assert_ne!(best(&plain, &options).unwrap().to.to_string(), "a4");
    }

    #[test]
    fn a_raid_that_takes_the_king_in_one_world_of_five_is_not_worth_a_queen() {
        // Option 0 takes the king in one world and loses the queen in four; option 1 is quiet.
        let w = world("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
        let worlds = vec![(&w, 1.0); 5];
        let mut scores = vec![vec![-9.0, 0.0]; 5];
        scores[0][0] = KING;
        let w8 = weighed(&worlds, &scores, &[0.0, 0.0]);
        assert!(w8[1] > w8[0], "{w8:?}");
        // Where it takes the king in four worlds of five, it is worth it.
        for row in scores.iter_mut().take(4) {
            row[0] = KING;
        }
        let w8 = weighed(&worlds, &scores, &[0.0, 0.0]);
        assert!(w8[0] > w8[1], "{w8:?}");
        // One world: the score itself.
        let one = weighed(&worlds[..1], &[vec![3.5, -KING]], &[0.0, 0.0]);
        assert!(
            (one[0] - 3.5).abs() < 1e-3 && (one[1] + KING).abs() < 1e-2,
            "{one:?}"
        );
    }

    #[test]
    fn the_worst_world_counts_and_a_move_that_tells_more_wins_a_tie() {
        // The knight's fork wins the queen where it stands on a8, but where a rook guards c7
        // the knight is lost: over both worlds the mean and the worst agree on a quiet move.
        let a = world("q3k3/8/8/1N6/8/8/8/4K3 w - - 0 1");
        let b = world("q3k3/8/8/1N6/8/8/8/2r1K3 w - - 0 1");
        let options = options(&a);
        let fork = options
            .iter()
            .position(|o| o.is_some_and(|m| m.to.to_string() == "c7"))
            .unwrap();
        let one = search(vec![(&a, 1.0)], &options, Color::White, far(), 2, 0.0, None);
        let two = search(
            vec![(&a, 1.0), (&b, 1.0)],
            &options,
            Color::White,
            far(),
            2,
            0.0,
            None,
        );
        assert_eq!(best(&one, &options), options[fork]);
        let w = weighed(&two.worlds, &two.scores, &two.tells);
        // The fork's worth: between its worst world and its best, and below a quiet move.
        let best_world = two.scores[0][fork].max(two.scores[1][fork]);
        let worst = two.scores[0][fork].min(two.scores[1][fork]);
        let fork_worth = w[fork] - two.tells[fork];
        assert!(
            worst < fork_worth && fork_worth < best_world,
            "{worst} {fork_worth}"
        );
        // A capture on c1 is heard only where the rook stands there: it tells the worlds apart.
        let takes = options
            .iter()
            .position(|o| o.is_some_and(|m| m.to.to_string() == "c1"));
        if let Some(t) = takes {
            assert!(two.tells[t] > 0.0);
        }
        assert!(two.tells.iter().all(|t| (0.0..=TELLS).contains(t)));
    }

    #[test]
    fn past_its_deadlines_it_scores_one_world_at_depth_one() {
        let w = world("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
        let v = world("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
        let options = options(&w);
        let now = Instant::now();
        let past = Deadlines {
            soft: now,
            hard: now,
        };
        let s = search(
            vec![(&w, 1.0), (&v, 1.0)],
            &options,
            Color::White,
            past,
            8,
            HEURISTIC,
            None,
        );
        assert_eq!((s.depth, s.worlds.len()), (1, 1));
        // A soft deadline passed and a hard one far: it deepens only while the best are close.
        let soft_past = Deadlines {
            soft: now,
            hard: now + Duration::from_secs(3_600),
        };
        let s = search(
            vec![(&w, 1.0)],
            &options,
            Color::White,
            soft_past,
            3,
            HEURISTIC,
            None,
        );
        assert_eq!(s.worlds.len(), 1);
        assert!(s.depth <= 3);
        // With time, it goes as deep as it is allowed.
        let s = search(
            vec![(&w, 1.0)],
            &options,
            Color::White,
            far(),
            3,
            HEURISTIC,
            None,
        );
        assert_eq!(s.depth, 3);
    }
}
