//! The strong bot's play in Reconnaissance Blind Chess, over its belief's weighted worlds
//! (board-set tracking: every world a referee, filtered by each sense and move result).
//!
//! Both decisions read one table: every option (each possible attempt and a pass) scored in
//! each of a weighted sample of worlds ([`score`]), the attempt resolved as the referee resolves
//! it (a slider stopping on the first enemy piece, a blocked pawn), a captured king winning
//! outright.
//!
//! - **Sense** where the answer is worth the most to the move about to be played: the worlds
//!   are grouped by what a 3x3 window would show, each group's best option is taken, and the
//!   window whose groups' best options add up to the most wins (the expected value of what it
//!   tells). A world where our king stands attacked scores badly for every option but the
//!   escape, so threats to our king are what such a sense looks for first. A share of the
//!   score goes to what the window settles over the whole belief ([`window`]: how much it
//!   splits the worlds, where the enemy king is, whether our king and valuable units stand
//!   attacked), which tells apart windows that change nothing now. The sense weighs the worlds
//!   flattened ([`window::UNIFORM`] of their weight shared equally): the belief is
//!   overconfident, and an unlikely world where our king is attacked must count.
//! - **Move**: the option with the best expected score over the sample.
//!
//! From a thinking time of 300 ms ([`DEEP_FROM`] worlds) each world is searched one ply
//! further: the opponent's best reply there, the worse of it and the plausible answer
//! counting. That is what makes more time worth more (against itself at 50 ms: 98 %).
//!
//! On a clock ([`Effort::timed`], the budget from [`super::strong::time`]) the worlds drawn are
//! scored in a random order until the soft budget, on to the hard one while the two best options
//! stay close, and no further once one option takes the king in every world scored.
//!
//! The strongest play on a clock ([`Effort::searched`]) searches instead: each option in each of
//! up to [`deep::SEARCH_WORLDS`] worlds by a chess search ([`search`]: alpha-beta with
//! quiescence, a captured king winning), one depth at a time over all the worlds while the budget
//! allows, each score blended with the faster play's below (a quarter of it), and weighs each
//! option by its mean and its worst over the worlds ([`deep`]). Where a UCI engine is found
//! ([`uci`]: Stockfish, as TroutBot finds it), it scores the worlds instead, every legal move of
//! each at once, the RBC terms (a king taken, a move into check) said first; the built-in
//! search stands in for it wherever it cannot be asked or misbehaves.
//!
//! The score ([`score`]) is material, where the pieces stand (developed, central, the king at
//! home behind its pawns), what the opponent may take next, an attack on its king, and, in
//! each world, 40 pawns off when the opponent would have a mate in one there ([`MATED`]).
//!
//! The belief it reads keeps [`BELIEF_CAP`] worlds: a sense keeps a few worlds in hundreds, so
//! a smaller sample soon holds none of the truth.

mod deep;
mod score;
mod search;
mod uci;
mod window;

pub use uci::Engine;

use super::strong::time::Budget;
use crate::announce::{Item, heard_by};
use crate::attempt::Attempt;
use crate::belief::Belief;
use crate::referee::{Referee, Request};
use crate::rng::Rng;
use crate::view::PlayerView;
use score::{KING, score};
use shakmaty::{
    Bitboard, Board, CastlingMode, Chess, Color, Position, PositionError, Square, attacks,
};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// Worlds the strong bot's belief keeps exactly in Reconnaissance Blind Chess (a weighted
/// sample beyond): with 1,200, as in Kriegspiel, the truth was lost within a few turns.
pub const BELIEF_CAP: usize = 20_000;

/// Every option scored in every sampled world.
struct Table<'a> {
    options: Vec<Option<Attempt>>,
    /// The sampled worlds, each with how many times it was drawn.
    worlds: Vec<(&'a Referee, f32)>,
    /// `scores[w][o]`: option `o`'s score in world `w`.
    scores: Vec<Vec<f32>>,
    /// Searched ([`deep`]): what each option's result tells apart, in pawns; the move is then
    /// weighed by [`deep::weighed`] (empty: by its mean).
    tells: Vec<f32>,
}

impl<'a> Table<'a> {
    /// The table over up to `effort.samples` worlds of `belief` drawn by weight, `uniform` of it
    /// shared equally ([`Belief::sample_flattened`]; `None`: no world). With a deadline the worlds are scored in a random order until it stops them
    /// ([`Until::enough`]).
    fn new(
        seat: &PlayerView,
        belief: &'a Belief,
        uniform: f64,
        effort: &Effort,
        rng: &mut Rng,
        engine: &mut Engine,
    ) -> Option<Self> {
        let mut worlds = belief.sample_flattened(effort.samples, uniform, rng);
        if worlds.is_empty() {
            return None;
        }
        let mut options: Vec<Option<Attempt>> =
            seat.possible_attempts().into_iter().map(Some).collect();
        options.push(None);
        let us = seat.color;
        if let (Some(until), true) = (&effort.until, effort.search) {
            let deadlines = deep::Deadlines {
                soft: until.soft,
                hard: until.hard,
            };
            let searched = deep::search(
                worlds,
                &options,
                us,
                deadlines,
                effort.max_depth,
                deep::HEURISTIC,
                Some(engine),
            );
            return Some(Table {
                options,
                worlds: searched.worlds,
                scores: searched.scores,
                tells: searched.tells,
            });
        }
        let Some(until) = &effort.until else {
            let scores = worlds
                .iter()
                .map(|(w, _)| {
                    options
                        .iter()
                        .map(|o| outcome(w, *o, us, effort.deep))
                        .collect()
                })
                .collect();
            return Some(Table {
                options,
                worlds,
                scores,
                tells: Vec::new(),
            });
        };
        // Drawn in the belief's order: shuffled, so that the worlds scored by the deadline are
        // a fair share of the sample.
        for i in (1..worlds.len()).rev() {
            worlds.swap(i, rng.below(i + 1));
        }
        let mut totals = vec![0.0f32; options.len()];
        let mut weight = 0.0f32;
        let mut scores: Vec<Vec<f32>> = Vec::new();
        for (w, n) in &worlds {
            let row: Vec<f32> = options
                .iter()
                .map(|o| outcome(w, *o, us, effort.deep))
                .collect();
            for (t, s) in totals.iter_mut().zip(&row) {
                *t += n * s;
            }
            weight += n;
            scores.push(row);
            if until.enough(scores.len(), &totals, weight, belief.worlds().len()) {
                break;
            }
        }
        worlds.truncate(scores.len());
        Some(Table {
            options,
            worlds,
            scores,
            tells: Vec::new(),
        })
    }

    /// The best option's expected score over the worlds `rows` (indices into the sample).
    fn best_over(&self, rows: &[usize]) -> f32 {
        (0..self.options.len())
            .map(|o| {
                rows.iter()
                    .map(|&w| self.worlds[w].1 * self.scores[w][o])
                    .sum::<f32>()
            })
            .fold(f32::NEG_INFINITY, f32::max)
    }
}

/// The sense square for `seat` (`None` only when the belief holds no world; searched:
/// `engine` scoring the worlds when it can).
pub fn sense(
    seat: &PlayerView,
    belief: &Belief,
    effort: &Effort,
    rng: &mut Rng,
    engine: &mut Engine,
) -> Option<Square> {
    let table = Table::new(seat, belief, window::UNIFORM, effort, rng, engine)?;
    let whole = window::Whole::new(belief);
    let total: f32 = table.worlds.iter().map(|(_, n)| n).sum();
    let mut best: Option<(f64, Square)> = None;
    for centre in centres() {
        let window = attacks::king_attacks(centre).with(centre);
        let mut groups: BTreeMap<u64, Vec<usize>> = BTreeMap::new();
        for (i, (w, _)) in table.worlds.iter().enumerate() {
            groups
                .entry(window_key(w.true_board(), window))
                .or_default()
                .push(i);
        }
        let informed: f32 = groups.values().map(|rows| table.best_over(rows)).sum();
        let value = f64::from(informed / total.max(1.0)) + whole.worth(window);
        if best.is_none_or(|(b, _)| value > b) {
            best = Some((value, centre));
        }
    }
    best.map(|(_, sq)| sq)
}

/// The centres of the windows worth sensing: off the edge, since an edge window sees less and
/// never more.
fn centres() -> impl Iterator<Item = Square> {
    Square::ALL.into_iter().filter(|c| {
        let (file, rank) = (u32::from(c.file()), u32::from(c.rank()));
        (1..=6).contains(&file) && (1..=6).contains(&rank)
    })
}

/// A key of what a window shows on `board`.
fn window_key(board: &Board, window: Bitboard) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for sq in window {
        let code = board.piece_at(sq).map_or(0, |p| {
            1 + p.role as u64 + if p.color == Color::White { 0 } else { 8 }
        });
        h = (h ^ code).wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The bot's move: the attempt (or a pass) with the best expected score over the worlds of
/// `belief` drawn by weight that `effort` allows (searched: `engine` scoring them when it can).
pub fn choose_move(
    seat: &PlayerView,
    belief: &Belief,
    effort: &Effort,
    rng: &mut Rng,
    engine: &mut Engine,
) -> Option<Request> {
    let table = Table::new(seat, belief, 0.0, effort, rng, engine)?;
    let weighed = (!table.tells.is_empty())
        .then(|| deep::weighed(&table.worlds, &table.scores, &table.tells));
    let mut best: Option<(f32, Option<Attempt>)> = None;
    for (o, option) in table.options.iter().enumerate() {
        let mut total: f32 = match &weighed {
            Some(w) => w[o],
            None => table
                .worlds
                .iter()
                .zip(&table.scores)
                .map(|((_, n), row)| n * row[o])
                .sum(),
        };
        // A little noise breaks ties between equal options.
        total += 0.001 * rng.below(1000) as f32 / 1000.0;
        if best.is_none_or(|(b, _)| total > b) {
            best = Some((total, *option));
        }
    }
    Some(match best?.1 {
        Some(a) => Request::Move(a),
        None => Request::Pass,
    })
}

/// The score for `us` of making `option` (a pass when `None`) in `world`; `deep`: the
/// opponent's best reply searched too.
fn outcome(world: &Referee, option: Option<Attempt>, us: Color, deep: bool) -> f32 {
    let mut next = world.clone();
    let request = match option {
        Some(a) => Request::Move(a),
        None => Request::Pass,
    };
    let Ok(said) = next.apply(&request) else {
        return -KING; // never: the attempt is possible on the own board
    };
    let mut hot = None;
    for item in heard_by(&said, us) {
        match item {
            Item::KingCaptured => return KING,
            Item::Capture { square, .. } => hot = Some(square),
            _ => {}
        }
    }
    let mut s = score(next.true_board(), us, hot);
    if deep
        && s > -KING / 2.0
        && let Some(worst) = worst_reply(&next, us)
    {
        s = s.min(worst);
    }
    if s > -KING / 2.0 && mated_next(&next) {
        s - MATED
    } else {
        s
    }
}

/// How much one decision may do.
#[derive(Clone, Debug)]
pub struct Effort {
    /// How many worlds are drawn.
    samples: usize,
    /// Whether each world's opponent replies are searched too.
    deep: bool,
    /// When to stop scoring worlds (`None`: every world drawn is scored).
    until: Option<Until>,
    /// Whether each world is searched ([`deep`]: the strongest play on a clock).
    search: bool,
    /// The deepest a searched decision goes, in plies.
    max_depth: u32,
}

impl Effort {
    /// A thinking time's effort: `samples` worlds, from [`DEEP_FROM`] fewer of them searched
    /// deeper.
    pub fn fixed(samples: usize) -> Effort {
        let deep = samples >= DEEP_FROM;
        Effort {
            samples: if deep {
                samples.min(DEEP_WORLDS)
            } else {
                samples
            },
            deep,
            until: None,
            search: false,
            max_depth: 0,
        }
    }

    /// A clock's effort: worlds scored until `budget` (from `started`) stops them, searched
    /// deeper from a soft budget of [`DEEP_MS`].
    pub fn timed(started: Instant, budget: Budget) -> Effort {
        Effort {
            samples: TIMED_WORLDS,
            deep: budget.soft >= Duration::from_millis(DEEP_MS),
            until: Some(Until {
                soft: started + budget.soft,
                hard: started + budget.hard,
            }),
            search: false,
            max_depth: 0,
        }
    }

    /// A clock's effort for the strongest play: up to [`deep::SEARCH_WORLDS`] worlds, each
    /// option searched in each, deeper while `budget` (from `started`) allows.
    pub fn searched(started: Instant, budget: Budget) -> Effort {
        Effort {
            samples: deep::SEARCH_WORLDS,
            search: true,
            max_depth: u32::MAX,
            ..Effort::timed(started, budget)
        }
    }
}

/// The most worlds a timed decision draws.
const TIMED_WORLDS: usize = 4_000;

/// The soft budget from which a timed decision searches each world's replies, in milliseconds.
const DEEP_MS: u64 = 250;

/// The fewest worlds a timed decision scores before it may stop short of its soft budget.
const MIN_WORLDS: usize = 16;

/// How close the two best options' expected scores are, in pawns, for a timed decision to go on
/// past its soft budget (twice that with a belief of more than [`LARGE_BELIEF`] worlds).
const CLOSE: f32 = 0.5;

/// A belief this large makes a decision think longer.
const LARGE_BELIEF: usize = 2_000;

/// When a timed decision stops scoring worlds.
#[derive(Clone, Debug)]
struct Until {
    /// Past this, it stops unless the best options are close.
    soft: Instant,
    /// Past this, it stops.
    hard: Instant,
}

impl Until {
    /// Whether `scored` worlds are enough, the options' weighted `totals` over `weight`, with a
    /// belief of `belief` worlds: always at the hard deadline; once the soft one has passed,
    /// unless the two best options are close; and before it, after [`MIN_WORLDS`], when one
    /// option takes the king in every world scored (a mate found) or there is only one.
    fn enough(&self, scored: usize, totals: &[f32], weight: f32, belief: usize) -> bool {
        let now = Instant::now();
        if now >= self.hard {
            return true;
        }
        let (mut best, mut second) = (f32::NEG_INFINITY, f32::NEG_INFINITY);
        for t in totals {
            let mean = t / weight.max(f32::MIN_POSITIVE);
            if mean > best {
                second = best;
                best = mean;
            } else if mean > second {
                second = mean;
            }
        }
        if scored >= MIN_WORLDS && (totals.len() <= 1 || best >= KING * 0.99) {
            return true;
        }
        if now < self.soft {
            return false;
        }
        let close = if belief > LARGE_BELIEF {
            2.0 * CLOSE
        } else {
            CLOSE
        };
        best - second >= close
    }
}

/// Sample sizes from which each world's opponent replies are searched (a thinking time of
/// 300 ms or more), and how many worlds are searched then. A searched world scores the worse of
/// the plausible opponent of [`score`] and the opponent's best reply there (it sees our pieces
/// in that world): measured against 50 ms a decision, a half or a quarter of the best reply
/// scored 63 % and 60 %, the whole of it 98 %.
const DEEP_FROM: usize = 144;
const DEEP_WORLDS: usize = 96;

/// Our score after the opponent's best reply in `world` (its move to make), or `None` when it
/// has none or the position is not one shakmaty plays.
fn worst_reply(world: &Referee, us: Color) -> Option<f32> {
    let position = world
        .true_setup()
        .position::<Chess>(CastlingMode::Standard)
        .or_else(PositionError::ignore_impossible_check)
        .ok()?;
    position
        .legal_moves()
        .iter()
        .map(|m| {
            let mut after = position.clone();
            after.play_unchecked(*m);
            score::to_move(after.board(), us)
        })
        .reduce(f32::min)
}

/// What leaving the opponent a mate in one costs, in pawns: an opponent that knows where our
/// king stands (it is where it started more often than not) plays it.
const MATED: f32 = 40.0;

/// Whether the side to move in `world` has a move that leaves the other king no escape (a
/// checkmate: whatever it does next, its king can be taken).
fn mated_next(world: &Referee) -> bool {
    // RBC lets a king stand in check unawares: two checkers are a position shakmaty plays too.
    let Ok(position) = world
        .true_setup()
        .position::<Chess>(CastlingMode::Standard)
        .or_else(PositionError::ignore_impossible_check)
    else {
        return false;
    };
    position.legal_moves().iter().any(|m| {
        let mut after = position.clone();
        after.play_unchecked(*m);
        after.is_checkmate()
    })
}
