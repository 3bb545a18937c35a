//! What can be asked of the referee ([`Request`]) and why a game or a request is refused
//! ([`NewGameError`], [`Unplayable`], [`RequestError`]). One serde definition of a request serves
//! the save files and the JSON-lines protocol alike.

use crate::announce::GameResult;
use crate::attempt::Attempt;
use crate::rules::{Family, RulesError};
use serde::{Deserialize, Serialize};
use shakmaty::{Bitboard, Color, Square};
use thiserror::Error;

/// Something a player (or the clock, or both players together) asks of the referee (written
/// through [`RequestRepr`], the one definition shared by saves and the protocol).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "RequestRepr", try_from = "RequestRepr")]
pub enum Request {
    /// Kriegspiel: the side to move attempts a move.
    Try(Attempt),
    /// Kriegspiel: the side to move asks "Any?".
    Any,
    /// RBC: the side to move senses the 3x3 window around a square, or skips sensing (`None`).
    Sense(Option<Square>),
    /// RBC: the side to move moves.
    Move(Attempt),
    /// RBC: the side to move passes.
    Pass,
    /// Modern Kriegspiel: the player who just moved names squares to be opened.
    Open(Bitboard),
    /// Semi-Kriegspiel: the sighted player places its king and queen before the first move.
    Place {
        /// The sighted player.
        color: Color,
        /// The king's square.
        king: Square,
        /// The queen's square.
        queen: Square,
    },
    /// A player resigns.
    Resign(Color),
    /// Both players agree a draw.
    Draw,
    /// A player's time ran out.
    Timeout(Color),
    /// The referee decides the result (club play), with the reason given.
    Adjudicate {
        /// The result.
        result: GameResult,
        /// Why, in the referee's words.
        reason: String,
    },
}

/// A request as written: internally tagged by `op`, as in the protocol
/// (`{"op":"try","move":"e2e4"}`; `(op: "try", move: "e2e4")` in a save).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case", deny_unknown_fields)]
// Requests without fields are empty structs, not units, so that an unknown field is refused.
pub enum RequestRepr {
    /// See [`Request::Try`].
    Try {
        /// The attempt, in UCI.
        #[serde(rename = "move")]
        attempt: Attempt,
    },
    /// See [`Request::Any`].
    Any {},
    /// See [`Request::Sense`].
    Sense {
        /// The centre square, or null to skip sensing.
        #[serde(with = "crate::attempt::opt_square_serde")]
        square: Option<Square>,
    },
    /// See [`Request::Move`].
    Move {
        /// The move, in UCI.
        #[serde(rename = "move")]
        attempt: Attempt,
    },
    /// See [`Request::Pass`].
    Pass {},
    /// See [`Request::Open`].
    Open {
        /// The squares to open.
        #[serde(with = "crate::announce::bitboard_serde")]
        squares: Bitboard,
    },
    /// See [`Request::Place`]; in the protocol the colour is left out (the sighted player).
    Place {
        /// Who places (absent in the protocol: the sighted player).
        #[serde(
            default,
            skip_serializing_if = "Option::is_none",
            with = "crate::announce::opt_color_serde"
        )]
        color: Option<Color>,
        /// The king's square.
        #[serde(with = "crate::attempt::square_serde")]
        king: Square,
        /// The queen's square.
        #[serde(with = "crate::attempt::square_serde")]
        queen: Square,
    },
    /// See [`Request::Resign`]; in the protocol the colour is left out (the side to move).
    Resign {
        /// Who resigns.
        #[serde(
            default,
            skip_serializing_if = "Option::is_none",
            with = "crate::announce::opt_color_serde"
        )]
        color: Option<Color>,
    },
    /// See [`Request::Draw`].
    Draw {},
    /// See [`Request::Timeout`].
    Timeout {
        /// Whose time ran out.
        #[serde(with = "crate::announce::color_serde")]
        color: Color,
    },
    /// See [`Request::Adjudicate`].
    Adjudicate {
        /// The result, as in PGN.
        #[serde(with = "crate::announce::pgn_result")]
        result: GameResult,
        /// Why.
        reason: String,
    },
}

impl RequestRepr {
    /// The request as the protocol means it: a resignation without a colour is made by
    /// `to_move`, a placement without one by `sighted` (the handicap game's sighted player, or
    /// the side to move where there is none).
    pub fn into_request(self, to_move: Color, sighted: Option<Color>) -> Request {
        match self {
            RequestRepr::Resign { color } => Request::Resign(color.unwrap_or(to_move)),
            RequestRepr::Place { color, king, queen } => Request::Place {
                color: color.or(sighted).unwrap_or(to_move),
                king,
                queen,
            },
            other => match Request::try_from(other) {
                Ok(request) => request,
                Err(_) => unreachable!("only a resignation or a placement lacks a colour"),
            },
        }
    }
}

impl From<Request> for RequestRepr {
    fn from(request: Request) -> RequestRepr {
        match request {
            Request::Try(attempt) => RequestRepr::Try { attempt },
            Request::Any => RequestRepr::Any {},
            Request::Sense(square) => RequestRepr::Sense { square },
            Request::Move(attempt) => RequestRepr::Move { attempt },
            Request::Pass => RequestRepr::Pass {},
            Request::Open(squares) => RequestRepr::Open { squares },
            Request::Place { color, king, queen } => RequestRepr::Place {
                color: Some(color),
                king,
                queen,
            },
            Request::Resign(color) => RequestRepr::Resign { color: Some(color) },
            Request::Draw => RequestRepr::Draw {},
            Request::Timeout(color) => RequestRepr::Timeout { color },
            Request::Adjudicate { result, reason } => RequestRepr::Adjudicate { result, reason },
        }
    }
}

impl TryFrom<RequestRepr> for Request {
    type Error = &'static str;

    fn try_from(repr: RequestRepr) -> Result<Request, &'static str> {
        Ok(match repr {
            RequestRepr::Try { attempt } => Request::Try(attempt),
            RequestRepr::Any {} => Request::Any,
            RequestRepr::Sense { square } => Request::Sense(square),
            RequestRepr::Move { attempt } => Request::Move(attempt),
            RequestRepr::Pass {} => Request::Pass,
            RequestRepr::Open { squares } => Request::Open(squares),
            RequestRepr::Place { color, king, queen } => Request::Place {
                color: color.ok_or("a placement needs the \"color\" who places")?,
                king,
                queen,
            },
            RequestRepr::Resign { color } => {
                Request::Resign(color.ok_or("a resignation needs the \"color\" who resigns")?)
            }
            RequestRepr::Draw {} => Request::Draw,
            RequestRepr::Timeout { color } => Request::Timeout(color),
            RequestRepr::Adjudicate { result, reason } => Request::Adjudicate { result, reason },
        })
    }
}

impl Request {
    /// The request's name, as in the protocol ("try", "any", "sense", ...).
    pub fn name(&self) -> &'static str {
        match self {
            Request::Try(_) => "try",
            Request::Any => "any",
            Request::Sense(_) => "sense",
            Request::Move(_) => "move",
            Request::Pass => "pass",
            Request::Open(_) => "open",
            Request::Place { .. } => "place",
            Request::Resign(_) => "resign",
            Request::Draw => "draw",
            Request::Timeout(_) => "timeout",
            Request::Adjudicate { .. } => "adjudicate",
        }
    }

    /// The player who makes this request, given the side to move when it is made
    /// (`None` for requests made by both players or by the clock).
    pub fn actor(&self, to_move: Color) -> Option<Color> {
        match self {
            Request::Try(_)
            | Request::Any
            | Request::Sense(_)
            | Request::Move(_)
            | Request::Pass => Some(to_move),
            Request::Open(_) => Some(!to_move),
            Request::Place { color, .. } => Some(*color),
            Request::Resign(c) => Some(*c),
            Request::Draw | Request::Timeout(_) | Request::Adjudicate { .. } => None,
        }
    }
}

/// Why a game could not be started.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NewGameError {
    /// A rule flag is out of range.
    #[error("the rules are not valid: {0}")]
    Rules(#[from] RulesError),
    /// The FEN text does not parse.
    #[error("{} is not a valid FEN", crate::untrusted::quoted(.0))]
    Fen(String),
    /// The FEN parses but the position is not a legal chess position.
    #[error("the position {} cannot be played: {problem}", crate::untrusted::quoted(.fen))]
    Position {
        /// The FEN given.
        fen: String,
        /// What is wrong with it.
        problem: Unplayable,
    },
}

/// Why a position that parses cannot be played: the rules of chess it breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("{}", super::common::describe_position_error(self.0))]
pub struct Unplayable(pub shakmaty::PositionErrorKinds);

/// Why a request was refused (the game is unchanged).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RequestError {
    /// The game has ended.
    #[error("the game is over ({0})")]
    GameOver(&'static str),
    /// "Any?" in a rule set without it.
    #[error("these rules have no \"Any?\" question")]
    NoAnyQuestion,
    /// "Any?" asked twice in one turn.
    #[error("\"Any?\" may be asked only once per turn")]
    AnyAlreadyAsked,
    /// A request of the other game family.
    #[error("'{request}' is not a request of {family}")]
    WrongFamily {
        /// The request's name.
        request: &'static str,
        /// The family of this game.
        family: &'static str,
    },
    /// RBC: a second sense in one turn.
    #[error("the side to move has already sensed this turn")]
    AlreadySensed,
    /// The turn has logged as many requests as a turn may (see
    /// [`crate::log::MAX_REQUESTS_PER_TURN`]).
    #[error(
        "this turn already has {0} requests, the most one turn may log: only an attempt that ends the turn is accepted now"
    )]
    TooManyRequests(usize),
    /// A drop in a game without pockets.
    #[error("drops exist only in Crazyhouse Kriegspiel")]
    NoDrops,
    /// Semi-Kriegspiel: a placement refused, or a request made before the placement.
    #[error("{0}")]
    Placement(String),
    /// Modern Kriegspiel: opening squares when it is not allowed.
    #[error("{0}")]
    Open(String),
    /// A remote table refused the request, or could not be reached (the game is unchanged).
    #[error("{0}")]
    Table(String),
}

/// The error for a request that belongs to another family.
pub(crate) fn wrong_family(request: &'static str, family: Family) -> RequestError {
    RequestError::WrongFamily {
        request,
        family: match family {
            Family::Kriegspiel => "a Kriegspiel game",
            Family::Rbc => "a Reconnaissance Blind Chess game",
        },
    }
}
