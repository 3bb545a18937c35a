//! A review after the reveal: the whole game is known, and each turn is looked at from both
//! sides. For each side and each turn, how much it knew (how many true positions were consistent
//! with what it had heard: its [`Belief`]'s size, exact up to the belief's cap and an estimate
//! beyond); at each mover's turn, whether a guaranteed mate in up to [`MATE_IN`] existed on that
//! belief (the problem solver, [`Solver`], within a per-turn budget) and whether it was played;
//! what the computer (the strong bot, [`StrongBot`], at its seat with that view) would have tried;
//! and the captures and material over the game.
//!
//! The two sides are reviewed on two threads ([`side`]); the text form and the PGN comments are
//! [`text`]; a review on a thread of its own with its progress readable is [`ReviewJob`].

mod count;
mod job;
mod side;
mod text;

pub use count::{Army, Knowledge, Method, army, bound, placement_bound, placements, spread};
pub use job::{ReviewJob, Wake};
pub use text::COUNTS;

use crate::announce::{EndReason, GameResult, Item};
use crate::bots::strong::StrongBot;
use crate::problem::Solver;
use crate::referee::Referee;
use crate::save::SavedGame;
use shakmaty::{Color, Role, Square};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use thiserror::Error;

/// The longest guaranteed mate looked for, in the mover's moves.
pub const MATE_IN: u8 = 3;

/// The solver's default time at each turn.
pub const DEFAULT_BUDGET: Duration = Duration::from_millis(15);

/// The bot's default thinking (a sample count, [`crate::bots::Bot::set_think_ms`]): a quarter of
/// its playing level, so a long game is reviewed in seconds.
pub const DEFAULT_THINK_MS: u64 = 25;

/// The turns (plies) reviewed by default: a longer game is reviewed up to there (so a review
/// is bounded in time: about 2,000 × 20 ms at most on two cores).
pub const DEFAULT_MAX_PLIES: usize = 2_000;

/// How a review is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The solver's time at each turn.
    pub budget: Duration,
    /// The longest mate looked for (1 to [`MATE_IN`]).
    pub mate_in: u8,
    /// The bot's thinking ([`DEFAULT_THINK_MS`]).
    pub think_ms: u64,
    /// The turns reviewed, from the first ([`DEFAULT_MAX_PLIES`]).
    pub max_plies: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            budget: DEFAULT_BUDGET,
            mate_in: MATE_IN,
            think_ms: DEFAULT_THINK_MS,
            max_plies: DEFAULT_MAX_PLIES,
        }
    }
}

/// Why a game cannot be reviewed.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum ReviewError {
    /// The save's log does not replay.
    #[error("the game does not replay: {0}")]
    Replay(String),
    /// The review was stopped before it was done.
    #[error("the review was stopped")]
    Stopped,
    /// The review's thread ended without an answer.
    #[error("the review stopped unexpectedly")]
    Died,
}

/// What the solver found at a mover's turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mate {
    /// Not looked for: the rules are not the solver's (RBC, drops), the side had no belief,
    /// or the game was over.
    Unsearched,
    /// No guaranteed mate in up to `upto` moves (0: none decided within the budget; below the
    /// limit: the longer ones were undecided).
    Absent {
        /// The longest mate ruled out.
        upto: u8,
    },
    /// A guaranteed mate in `depth`.
    Found {
        /// Its length in the mover's moves.
        depth: u8,
        /// Its first attempt (the key), in SAN from the mover's board.
        key: String,
        /// The mover's first attempt of the turn was the key.
        key_tried: bool,
        /// The mover did mate within `depth` of its moves.
        mated: bool,
        /// Proven against a sample of the belief only (so an estimate).
        sampled: bool,
    },
}

/// One turn of the game, reviewed.
#[derive(Clone, Debug, PartialEq)]
pub struct TurnReview {
    /// The move number.
    pub number: u32,
    /// Whose turn.
    pub mover: Color,
    /// Events played before the turn (study's cursor at its start).
    pub first: usize,
    /// Events played at its end.
    pub end: usize,
    /// What White and Black knew at the turn's start (`None`: no belief under these rules).
    pub knew: [Option<Knowledge>; 2],
    /// The guaranteed mate the mover had, if looked for.
    pub mate: Mate,
    /// What the computer would have tried first, in the mover's words.
    pub suggestion: Option<String>,
    /// The move played (SAN on the true board), if the turn ended with one.
    pub played: Option<String>,
    /// The mover's refused attempts this turn.
    pub refused: usize,
    /// Where a unit was captured this turn.
    pub capture: Option<Square>,
    /// Material after the turn (pawn units, kings aside): White's, Black's.
    pub material: [u32; 2],
}

impl TurnReview {
    /// What `color` knew at the turn's start.
    pub fn knew_by(&self, color: Color) -> Option<Knowledge> {
        self.knew[slot(color)]
    }
}

/// A reviewed game.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    /// Every turn reviewed, in order (the first [`Options::max_plies`]).
    pub turns: Vec<TurnReview>,
    /// The game's turns, reviewed or not.
    pub game_turns: usize,
    /// The options it was made with.
    pub options: Options,
    /// How long it took.
    pub elapsed: Duration,
}

/// The slot of a colour in `[White, Black]` arrays.
fn slot(color: Color) -> usize {
    color.fold_wb(0, 1)
}

/// Progress shared with a thread making a review: turns done (for both sides) and a stop flag.
#[derive(Debug, Default)]
pub struct Progress {
    done: AtomicUsize,
    total: AtomicUsize,
    stop: AtomicBool,
}

impl Progress {
    /// The share done, from 0 to 1.
    pub fn fraction(&self) -> f32 {
        let total = self.total.load(Ordering::Relaxed).max(1);
        self.done.load(Ordering::Relaxed) as f32 / total as f32
    }

    /// Turns (plies) reviewed for both sides, and the turns to review.
    pub fn plies(&self) -> (usize, usize) {
        (
            self.done.load(Ordering::Relaxed) / 2,
            self.total.load(Ordering::Relaxed) / 2,
        )
    }

    /// Asks the review to stop.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    fn tick(&self) {
        self.done.fetch_add(1, Ordering::Relaxed);
    }
}

/// A unit's value in pawns (the king 0).
fn value(role: Role) -> u32 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 0,
    }
}

/// Material on `referee`'s true board: White's, Black's.
fn material(referee: &Referee) -> [u32; 2] {
    let board = referee.true_board();
    [Color::White, Color::Black].map(|c| {
        board
            .by_color(c)
            .into_iter()
            .filter_map(|sq| board.role_at(sq))
            .map(value)
            .sum()
    })
}

/// Reviews `saved` (`progress`: read and stopped from another thread).
pub fn review(
    saved: &SavedGame,
    options: Options,
    progress: &Arc<Progress>,
) -> Result<Review, ReviewError> {
    let started = Instant::now();
    let mut turns = skeleton(saved)?;
    let game_turns = turns.len();
    turns.truncate(options.max_plies);
    progress.total.store(2 * turns.len(), Ordering::Relaxed);
    let [white, black] = std::thread::scope(|s| {
        let sides = [Color::White, Color::Black].map(|color| {
            let turns = &turns;
            s.spawn(move || side::review_side(saved, turns, color, options, progress))
        });
        sides.map(|h| h.join().unwrap_or(None))
    });
    let (Some(white), Some(black)) = (white, black) else {
        return Err(ReviewError::Stopped);
    };
    for (i, turn) in turns.iter_mut().enumerate() {
        turn.knew = [white.knew[i], black.knew[i]];
        let own = if turn.mover == Color::White {
            &white
        } else {
            &black
        };
        turn.mate = own.mates[i].clone();
        turn.suggestion = own.suggestions[i].clone();
    }
    mark_played(saved, &mut turns, game_turns);
    Ok(Review {
        turns,
        game_turns,
        options,
        elapsed: started.elapsed(),
    })
}

/// The turns with what the truth alone gives: moves, refusals, captures and material.
fn skeleton(saved: &SavedGame) -> Result<Vec<TurnReview>, ReviewError> {
    let log = &saved.log;
    let (mut referee, _) = Referee::new(log.rules.clone(), log.start.clone())
        .map_err(|e| ReviewError::Replay(e.to_string()))?;
    let moves: std::collections::HashMap<usize, String> =
        crate::replay::true_moves(log).into_iter().collect();
    let mut out = Vec::new();
    for turn in log.turns() {
        let mut refused = 0;
        let mut capture = None;
        let mut played = None;
        for (i, e) in turn.indexed() {
            referee
                .apply(&e.request)
                .map_err(|err| ReviewError::Replay(format!("event {}: {err}", i + 1)))?;
            let items = || e.said.iter().map(|s| s.item);
            if items().any(|it| matches!(it, Item::Illegal | Item::Impossible)) {
                refused += 1;
            }
            for it in items() {
                if let Item::Capture { square, .. } | Item::Captured(square) = it {
                    capture = Some(square);
                }
            }
            played = moves.get(&i).cloned().or(played);
        }
        out.push(TurnReview {
            number: turn.number,
            mover: turn.mover,
            first: turn.first,
            end: turn.first + turn.events.len(),
            knew: [None, None],
            mate: Mate::Unsearched,
            suggestion: None,
            played,
            refused,
            capture,
            material: material(&referee),
        });
    }
    Ok(out)
}

/// Whether each mate found was played: the mover mated within its depth (the game ended in
/// checkmate, won by the mover, within that many of its turns).
/// (`count`: the game's turns, those past the review's included.)
fn mark_played(saved: &SavedGame, turns: &mut [TurnReview], count: usize) {
    let mated_by = saved
        .result
        .filter(|o| o.reason == EndReason::Checkmate)
        .and_then(|o| match o.result {
            GameResult::WhiteWins => Some(Color::White),
            GameResult::BlackWins => Some(Color::Black),
            _ => None,
        });
    for (i, turn) in turns.iter_mut().enumerate() {
        let mover = turn.mover;
        if let Mate::Found { depth, mated, .. } = &mut turn.mate {
            // The mover's turns from this one to the last.
            let left = (count - i).div_ceil(2);
            *mated = mated_by == Some(mover) && left <= usize::from(*depth);
        }
    }
}

/// Searches `worlds` (the mover to play everywhere) for a guaranteed mate in up to `mate_in`,
/// shortest first, until `budget` runs out.
fn find_mate(
    worlds: Vec<Referee>,
    mover: Color,
    options: Options,
) -> (Option<(u8, crate::problem::Strategy)>, u8) {
    let deadline = Instant::now().checked_add(options.budget);
    let mut solver = Solver::until(mover, deadline);
    let mut upto = 0;
    for n in 1..=options.mate_in.clamp(1, MATE_IN) {
        match solver.solve(worlds.clone(), n) {
            crate::problem::Outcome::Proven { depth, strategy } => {
                return (Some((depth, (*strategy).clone())), upto);
            }
            crate::problem::Outcome::Refuted { .. } => upto = n,
            crate::problem::Outcome::Unknown => break,
        }
    }
    (None, upto)
}

/// A bot for one side of the review (the strong bot at the review's level).
fn reviewer(options: Options) -> StrongBot {
    use crate::bots::Bot as _;
    let mut bot = StrongBot::new(1);
    bot.set_think_ms(options.think_ms);
    bot
}
