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
    /// Each option's worth for what its result tells apart, less the turns it gives away
    /// ([`IDLE`]), in pawns.
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
    let mut idle: Vec<Vec<bool>> = Vec::with_capacity(worlds.len());
    for (w, _) in &worlds {
        let mut row = Vec::with_capacity(options.len());
        let mut keys = Vec::with_capacity(options.len());
        let mut quick = Vec::with_capacity(options.len());
        let mut still = Vec::with_capacity(options.len());
        for o in options {
            let (s, key) = option_score(w, *o, us, 1, &mut search);
            still.push(changes_nothing(w, *o));
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
        idle.push(still);
        if Instant::now() >= deadlines.hard {
            break;
        }
    }
    worlds.truncate(scores.len());
    let mut tells = tells(&worlds, &heard, options.len());
    for (o, t) in tells.iter_mut().enumerate() {
        *t -= idle_cost(&worlds, &idle, o, us);
    }
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

/// What a turn given away costs, in pawns: an option that changes nothing (a pass, a pawn's
/// capture onto an empty square, a blocked pawn), [`IDLE_AHEAD`] more where we are ahead. In a
/// 136-move draw against StrangeFish2 we asked b3a4 onto an empty square from move 87 on:
/// equal on the board to a pass, it won on what its result tells.
const IDLE: f32 = 0.2;
const IDLE_AHEAD: f32 = 0.3;

/// How much material ahead, in pawns, makes a turn given away cost [`IDLE_AHEAD`] more.
const AHEAD: f32 = 2.0;

/// Whether `option` leaves `world`'s board as it was.
fn changes_nothing(world: &Referee, option: Option<Attempt>) -> bool {
    let Some(a) = option else {
        return true;
    };
    let mut next = world.clone();
    next.apply(&Request::Move(a)).is_ok() && next.true_board() == world.true_board()
}

/// Option `o`'s cost for the turns it gives away over `worlds` (`idle[w][o]`), in pawns.
fn idle_cost(worlds: &[(&Referee, f32)], idle: &[Vec<bool>], o: usize, us: Color) -> f32 {
    let total: f32 = worlds
        .iter()
        .map(|(_, n)| n)
        .sum::<f32>()
        .max(f32::MIN_POSITIVE);
    let cost: f32 = worlds
        .iter()
        .zip(idle)
        .filter(|(_, row)| row[o])
        .map(|((w, n), _)| {
            let board = w.true_board();
            let material: f32 = board
                .iter()
                .filter(|(_, p)| p.role != shakmaty::Role::King)
                .map(|(_, p)| {
                    let v = crate::bots::value(p.role);
                    if p.color == us { v } else { -v }
                })
                .sum();
            n * (IDLE + if material >= AHEAD { IDLE_AHEAD } else { 0.0 })
        })
        .sum();
    cost / total
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
/// tells, less [`KING_RISK`] for the worlds where it loses the king), in pawns. The mean and
/// the worst are taken over the chances of winning ([`CHANCE`]): over pawns a king taken (100) in one world of ten outweighed a queen lost in
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
            let lost: f64 = worlds
                .iter()
                .zip(scores)
                .filter(|(_, row)| row[o] <= -KING / 2.0)
                .map(|((_, n), _)| f64::from(*n))
                .sum();
            (pawns - f64::from(KING_RISK) * lost / total) as f32 + tells[o]
        })
        .collect()
}

/// What losing the king in every world costs an option beside its chances, in pawns (times
/// the share of the worlds where it does). Behind on material the chance curve leaves little
/// to lose: a king taking a defended bishop in one world of eight looked better than a safe
/// step at 5 pawns down, and three games against StrangeFish2 ended so.
const KING_RISK: f32 = 40.0;

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
mod tests;
