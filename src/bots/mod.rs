//! Computer players. A bot implements [`Bot`]: it is handed its own seat's [`PlayerView`] (what
//! that seat was told and did, nothing else) and answers with its next request. It cannot see the
//! true position or the opponent's view, so a bot can never cheat, whatever table it sits at.
//!
//! [`BotKind`] is the one registry of bot names: on the command line, in the app and in saves;
//! [`BotKind::make`] builds one.

pub mod driver;
pub mod endgame;
pub mod finish;
pub mod heuristic;
pub mod krk;
pub mod level;
pub mod mate;
mod minors;
pub mod opening;
pub mod random;
pub mod rbc;
pub mod strong;
pub mod tablebase;
pub mod trial;

use crate::referee::Request;
use crate::view::PlayerView;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// A computer player at one seat.
pub trait Bot: Send {
    /// The bot's name, as shown to the players.
    fn name(&self) -> &str;

    /// The bot's next request, given its own seat's view; `None` when it is not its turn, the
    /// game is over, or it has nothing it can do.
    fn next(&mut self, seat: &PlayerView) -> Option<Request>;

    /// Sets the bot's level as a thinking time per request, in milliseconds (bots that do not
    /// think ignore it).
    fn set_think_ms(&mut self, _ms: u64) {}

    /// Tells the bot its own clock before it is asked to act (`None`: no time control). A bot
    /// that keeps time spends a share of it; the thinking time stays a cap.
    fn set_clock(&mut self, _clock: Option<ClockLeft>) {}

    /// Work done while the opponent is to move (`seat`: the bot's view then), a short slice at
    /// a time: whether there is more to do. What it does may save time later, never change a
    /// decision (a game without a clock plays the same whether it pondered or not).
    fn ponder(&mut self, _seat: &PlayerView) -> bool {
        false
    }

    /// The table refused the bot's last request (the game is unchanged); `error` says why.
    fn refused(&mut self, _error: &str) {}

    /// The game is over: the bot's last view and, revealed, the whole game.
    fn game_over(&mut self, _seat: &PlayerView, _log: &crate::log::GameLog) {}

    /// Why the bot will make no request any more, once it will not (an engine program that
    /// failed: it flooded, fell silent, exited...); `None` while it plays.
    fn trouble(&self) -> Option<String> {
        None
    }

    /// Modern Kriegspiel: the squares the bot opens right after its own legal move (while
    /// `seat.acts_after_moving()`); `None` opens none (opening is a right, not a duty).
    fn open(&mut self, _seat: &PlayerView) -> Option<shakmaty::Bitboard> {
        None
    }

    /// What the bot does at its seat: first the family's setup step where the seat has one to
    /// make (Semi-Kriegspiel's placement, chosen from the seat's own view), the squares it
    /// opens after its move (Modern Kriegspiel), then its requests.
    fn act(&mut self, seat: &PlayerView) -> Option<Request> {
        if seat.acts_after_moving() {
            return self.open(seat).map(Request::Open);
        }
        if seat.must_place() {
            let seed = u64::from(seat.start.fullmoves.get()) * 2 + u64::from(seat.color.is_white());
            let mut rng = crate::rng::Rng::new(seed ^ 0x51AC);
            return crate::variant::placement::random(seat, &mut rng);
        }
        self.next(seat)
    }
}

/// A seat's own clock as the table last read it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ClockLeft {
    /// The seat's time left, in milliseconds.
    pub left_ms: u64,
    /// What each of its moves adds (the increment, and a delay's time that does not run), in
    /// milliseconds.
    pub increment_ms: u64,
}

impl ClockLeft {
    /// `seat`'s clock in a reading of both under `control`.
    pub fn of(
        seat: shakmaty::Color,
        reading: crate::clock::ClockReading,
        control: crate::clock::TimeControl,
    ) -> ClockLeft {
        ClockLeft {
            left_ms: seat.fold_wb(reading.white_ms, reading.black_ms),
            increment_ms: control.increment_ms.saturating_add(control.delay_ms),
        }
    }
}

pub(crate) use crate::view::worth as pawns;

/// A unit's value in pawns as a score ([`pawns`]).
/// A key of where a seat's own pieces stand (a repeated arrangement is how draws by repetition
/// begin).
pub(crate) fn arrangement(own: &shakmaty::Board) -> u64 {
    let mut h: u64 = u64::from(own.occupied());
    for role in shakmaty::Role::ALL {
        h = h.rotate_left(7) ^ u64::from(own.by_role(role)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    h
}

pub(crate) fn value(role: shakmaty::Role) -> f32 {
    f32::from(pawns(role))
}

/// The square in front of a pawn of `color` on `sq` (where it would push to), if any.
pub(crate) fn pawn_front(sq: shakmaty::Square, color: shakmaty::Color) -> Option<shakmaty::Square> {
    sq.offset(color.fold_wb(8, -8))
}

/// Whether `side`'s units on `board` mate a lone king without a pawn: a queen or rook, bishops
/// on both colours, or a bishop and a knight.
pub(crate) fn mates_by_pieces(board: &shakmaty::Board, side: shakmaty::Bitboard) -> bool {
    use shakmaty::Bitboard;
    let bishops = board.bishops() & side;
    let both_colours =
        (bishops & Bitboard::LIGHT_SQUARES).any() && (bishops & Bitboard::DARK_SQUARES).any();
    ((board.rooks() | board.queens()) & side).any()
        || both_colours
        || (bishops.any() && (board.knights() & side).any())
}

/// Whether `side`'s units on `board` can mate a lone king: [`mates_by_pieces`], or a pawn
/// whose square in front is not in `blocked` (a pawn that cannot advance does not promote).
pub(crate) fn can_mate_with(
    board: &shakmaty::Board,
    side: shakmaty::Bitboard,
    blocked: shakmaty::Bitboard,
) -> bool {
    let free_pawn = (board.pawns() & side).into_iter().any(|p| {
        board
            .color_at(p)
            .and_then(|c| pawn_front(p, c))
            .is_none_or(|f| !blocked.contains(f))
    });
    free_pawn || mates_by_pieces(board, side)
}

/// How far `sq` is from the centre (0 on the four middle squares, 3 on the edge).
pub(crate) fn off_centre(sq: shakmaty::Square) -> f32 {
    let f = u32::from(sq.file()) as f32;
    let r = u32::from(sq.rank()) as f32;
    (f - 3.5).abs().max((r - 3.5).abs()) - 0.5
}

/// The bots the program offers: the one registry of bot names. [`BotKind::id`] is the name on
/// the command line (clap's [`clap::ValueEnum`]) and in saves (serde); the app offers the same
/// kinds. An engine is a program, named on the command line by its command (`cmd:PROGRAM ARGS`)
/// rather than by this id, so the command line does not list it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "snake_case")]
#[value(rename_all = "snake_case")]
pub enum BotKind {
    /// Random possible attempts ([`random::RandomBot`]).
    #[value(help = "random possible attempts (easy)")]
    Random,
    /// The KR vs K player: our strong White, the paper's edge-fleeing king as Black
    /// ([`krk::KrkBot`]). `krk` is accepted on the command line too.
    #[value(alias = "krk", help = "the KR vs K practice player (also: krk)")]
    KrkPractice,
    /// A baseline of chess rules of thumb ([`heuristic::HeuristicBot`]).
    #[value(help = "chess rules of thumb (medium)")]
    Heuristic,
    /// Expected gain over a sample of its belief's worlds ([`strong::StrongBot`]). `careful`
    /// (another game's name for its strongest player) is accepted on the command line too.
    #[value(
        alias = "careful",
        help = "weighs where the opponent's pieces may be (hard; also: careful)"
    )]
    Strong,
    /// A program speaking the seat protocol, run with the command saved in the game's
    /// `Meta::engine` (the seat module's `start_bot`); [`BotKind::make`] refuses it.
    #[value(skip)]
    Engine,
}

/// A bot that cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BotError {
    /// A name that is not a bot's id.
    #[error("unknown bot {} (expected one of: {ids}; a level: {levels}; or cmd:PROGRAM ARGS)", crate::untrusted::quoted(.0), ids = BotKind::id_list(), levels = level::Level::id_list())]
    Unknown(String),
    /// An engine is a program: it is started with its command, not by its kind.
    #[error("an engine is started with its command (cmd:PROGRAM ARGS), not by the name 'engine'")]
    NeedsCommand,
    /// The engine program could not be started.
    #[error("{0}")]
    Engine(String),
}

impl BotKind {
    /// Every kind, in the order the app and `--help` list them.
    pub const ALL: [BotKind; 5] = [
        BotKind::Random,
        BotKind::Heuristic,
        BotKind::Strong,
        BotKind::KrkPractice,
        BotKind::Engine,
    ];

    /// The stable id: on the command line and in saves.
    pub fn id(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::KrkPractice => "krk_practice",
            BotKind::Heuristic => "heuristic",
            BotKind::Strong => "strong",
            BotKind::Engine => "engine",
        }
    }

    /// The kinds the command line names by id (all but [`BotKind::Engine`]).
    pub fn named() -> impl Iterator<Item = BotKind> {
        BotKind::ALL.into_iter().filter(|&k| k != BotKind::Engine)
    }

    /// The kind an id (or the alias `krk`) names on the command line: never the engine.
    pub fn from_id(id: &str) -> Result<BotKind, BotError> {
        if id == BotKind::Engine.id() {
            return Err(BotError::NeedsCommand);
        }
        <BotKind as clap::ValueEnum>::from_str(id, false)
            .map_err(|_| BotError::Unknown(id.to_owned()))
    }

    /// The command-line ids, comma-separated.
    pub fn id_list() -> String {
        BotKind::named()
            .map(BotKind::id)
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// A fresh bot of this kind (`seed` for bots that use chance). An engine cannot be made
    /// without its command: [`BotError::NeedsCommand`] (the seat module's `start_bot` runs it).
    pub fn make(self, seed: u64) -> Result<Box<dyn Bot>, BotError> {
        Ok(match self {
            BotKind::Random => Box::new(random::RandomBot::new(seed)),
            BotKind::KrkPractice => Box::new(krk::KrkBot::new()),
            BotKind::Heuristic => Box::new(heuristic::HeuristicBot::new(seed)),
            BotKind::Strong => Box::new(strong::StrongBot::new(seed)),
            BotKind::Engine => return Err(BotError::NeedsCommand),
        })
    }

    /// Whether the bot may think long enough that a window should not wait for it.
    pub fn thinks_long(self) -> bool {
        matches!(self, BotKind::Strong | BotKind::Engine)
    }

    /// The name the bot plays under.
    pub fn title(self) -> &'static str {
        match self {
            BotKind::Random => "Computer (random)",
            BotKind::KrkPractice => "Computer (KR vs K)",
            BotKind::Heuristic => "Computer (heuristic)",
            BotKind::Strong => "Computer (strong)",
            BotKind::Engine => "Engine",
        }
    }
}
