//! The seat protocol's lines (PROTOCOL-SEAT.md): what the table sends a seat ([`ToSeat`], tagged
//! by `type`) and what a seat sends the table ([`FromSeat`], tagged by `op`, the referee
//! protocol's request vocabulary plus `hello`, `offer_draw` and `accept_draw`). Items and
//! requests are written through their one serde definition ([`crate::announce::ItemRepr`],
//! [`RequestRepr`]), so a seat hears in the referee protocol's words.

use super::VERSION;
use crate::announce::{EndReason, GameResult, Item, Over};
use crate::clock::ClockReading;
use crate::log::GameLog;
use crate::referee::{Request, RequestRepr};
use crate::rules::RuleSet;
use serde::{Deserialize, Serialize};
use shakmaty::Color;

/// The public state of the game after the lines before it: whose turn, the clocks, the result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// How many `heard` lines the seat has been sent in all (its record's length).
    pub n: usize,
    /// The side to move.
    #[serde(with = "crate::announce::color_serde")]
    pub to_move: Color,
    /// The side whose Semi-Kriegspiel placement the game waits for.
    #[serde(default, with = "crate::announce::opt_color_serde")]
    pub placing: Option<Color>,
    /// Both clocks, when the game is played on a clock.
    #[serde(default)]
    pub clock: Option<ClockWire>,
    /// The result, once the game is over.
    #[serde(default)]
    pub over: Option<OverWire>,
    /// Whether the opponent's seat is connected.
    #[serde(default)]
    pub opponent_connected: bool,
    /// A draw offer standing, by the side that made it.
    #[serde(default, with = "crate::announce::opt_color_serde")]
    pub draw_offer: Option<Color>,
    /// The other seat's name (empty while unknown).
    #[serde(default)]
    pub opponent_name: String,
}

/// Both players' remaining time and whose clock runs, as the host read them when it wrote the line.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockWire {
    /// White's remaining time.
    pub white_ms: u64,
    /// Black's remaining time.
    pub black_ms: u64,
    /// Whose clock runs.
    #[serde(default, with = "crate::announce::opt_color_serde")]
    pub running: Option<Color>,
    /// The time control.
    pub control: crate::clock::TimeControl,
}

impl ClockWire {
    /// The reading as the clock module keeps it.
    pub fn reading(&self) -> ClockReading {
        ClockReading {
            white_ms: self.white_ms,
            black_ms: self.black_ms,
        }
    }
}

/// The result as the referee protocol writes it: `{"result":"1-0","reason":"checkmate"}`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OverWire {
    /// The result, as in PGN.
    #[serde(with = "crate::announce::pgn_result")]
    pub result: GameResult,
    /// Why.
    pub reason: EndReason,
}

impl From<Over> for OverWire {
    fn from(o: Over) -> OverWire {
        OverWire {
            result: o.result,
            reason: o.reason,
        }
    }
}

impl From<OverWire> for Over {
    fn from(o: OverWire) -> Over {
        Over {
            result: o.result,
            reason: o.reason,
        }
    }
}

/// A line from the table to a seat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ToSeat {
    /// The answer to `hello`: the seat, its token for reconnecting, and the public facts.
    Welcome {
        /// The protocol version.
        version: u32,
        /// The seat taken.
        #[serde(with = "crate::announce::color_serde")]
        seat: Color,
        /// The seat's secret: `hello` with it takes this seat back after a dropped connection.
        token: String,
        /// The rule flags (public).
        rules: RuleSet,
        /// The agreed start position (public: agreed before play, as in a saved game's log);
        /// after a hidden start (a random ending) only this seat's own pieces.
        #[serde(with = "crate::setup::fen_serde")]
        start: shakmaty::Setup,
        /// After a hidden start: how many enemy units the seat was not shown, as
        /// `[pawns, knights, bishops, rooks, queens, kings]`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        unseen: Option<[u8; 6]>,
        /// White's name.
        white: String,
        /// Black's name.
        black: String,
        /// What this seat heard at the start of the game.
        opening: Vec<Item>,
    },
    /// One thing this seat did or heard, in order: `n` counts them from 1.
    Heard {
        /// The line's number in the seat's record (1, 2, ...).
        n: usize,
        /// The seat's own request, when this is the answer to one (never the opponent's).
        #[serde(default)]
        request: Option<Request>,
        /// What the seat heard.
        items: Vec<Item>,
        /// Whether the turn ended here.
        turn_ends: bool,
    },
    /// The public state after the lines before it.
    State(State),
    /// The sighted player of a handicap game sees the true board (RULES.md 5.2): sent to that
    /// seat alone, after every change.
    Board {
        /// The true position.
        fen: String,
    },
    /// A request or line that was refused; nothing changed.
    Error {
        /// Why, in one sentence.
        error: String,
    },
    /// The game is over: the whole game as the referee kept it (the reveal).
    Reveal {
        /// The referee's log: every request and answer, both seats'.
        log: Box<GameLog>,
    },
}

impl ToSeat {
    /// The line as JSON (without the newline).
    pub fn line(&self) -> String {
        to_line(self)
    }
}

/// A table's line as JSON (without the newline), for every game's lines: a line that cannot be
/// written becomes an `error` line saying so.
pub fn to_line(message: &impl Serialize) -> String {
    serde_json::to_string(message).unwrap_or_else(|e| {
        format!("{{\"type\":\"error\",\"error\":\"internal: cannot write a line: {e}\"}}")
    })
}

/// The `error` line for a refused line, in every game: `{"type":"error","error":"..."}`.
pub fn error_line(error: impl Into<String>) -> String {
    ToSeat::Error {
        error: error.into(),
    }
    .line()
}

/// The first line a seat sends.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Hello {
    /// Always `"hello"`.
    pub op: String,
    /// The protocol version the seat speaks.
    pub version: u32,
    /// The token of a seat taken before (reconnecting).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
    /// The host's join code (taking a free seat).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    /// The seat wanted, when joining with a code (any free seat when absent).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "crate::announce::opt_color_serde"
    )]
    pub seat: Option<Color>,
    /// The player's name, shown to the other seat (cleaned as it is read:
    /// [`crate::untrusted::clean_name`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// How many `heard` lines the seat already holds: the table sends only the later ones.
    #[serde(default)]
    pub have: usize,
}

impl Hello {
    /// A hello of this version.
    pub fn new() -> Hello {
        Hello {
            op: "hello".to_owned(),
            version: VERSION,
            ..Hello::default()
        }
    }

    /// The line as JSON.
    pub fn line(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// A `hello` line read (its name cleaned as every name that enters), in every game.
    pub fn read(value: serde_json::Value) -> Result<Hello, serde_json::Error> {
        let mut hello: Hello = serde_json::from_value(value)?;
        hello.name = hello.name.as_deref().map(crate::untrusted::clean_name);
        Ok(hello)
    }
}

/// A line from a seat, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FromSeat {
    /// `hello`.
    Hello(Hello),
    /// A request to the referee.
    Request(Request),
    /// The seat offers a draw.
    OfferDraw,
    /// The seat accepts the opponent's offer.
    AcceptDraw,
}

/// A line a seat may not send: not the protocol, or not the seat's to ask.
#[derive(Debug, thiserror::Error)]
pub enum LineError {
    /// Not JSON.
    #[error("the line is not a JSON object: {0}")]
    NotJson(#[source] serde_json::Error),
    /// No `op`.
    #[error("the line has no \"op\" naming what it asks")]
    NoOp,
    /// An `op` whose fields do not read.
    #[error("a bad \"{op}\": {}", crate::untrusted::shortened(&source.to_string()))]
    Fields {
        /// The op.
        op: String,
        /// What is wrong with its fields.
        source: serde_json::Error,
    },
    /// A draw offer or acceptance with fields.
    #[error("\"{0}\" takes no fields")]
    NoFieldsWanted(String),
    /// A draw agreed by one seat.
    #[error(
        "a seat cannot agree a draw alone: send \"offer_draw\", or \"accept_draw\" after the opponent's offer"
    )]
    DrawAlone,
    /// A timeout or an adjudication: the table's requests.
    #[error("\"{0}\" is the table's, not a seat's")]
    TablesOp(String),
    /// A resignation or placement in the other seat's name.
    #[error("a seat may \"{0}\" only for itself")]
    NotOwn(String),
    /// An op the protocol does not have.
    #[error(
        "unknown op {} (expected hello, try, any, sense, move, pass, open, place, resign, offer_draw or accept_draw)",
        crate::untrusted::quoted(.0)
    )]
    UnknownOp(String),
}

impl FromSeat {
    /// Reads a line sent by `seat` (`to_move`: the side to move now, for a resignation without
    /// a colour). Refuses what a seat may not ask: a request in the other seat's name, a draw
    /// without an offer (use `offer_draw` / `accept_draw`), a timeout or an adjudication.
    pub fn parse(line: &str, seat: Color) -> Result<FromSeat, LineError> {
        let (fields, op) = op_of(line)?;
        let value = serde_json::Value::Object(fields);
        let fields = |source| LineError::Fields {
            op: op.clone(),
            source,
        };
        match op.as_str() {
            "hello" => Hello::read(value).map(FromSeat::Hello).map_err(fields),
            "offer_draw" | "accept_draw" => {
                if value.as_object().is_some_and(|o| o.len() > 1) {
                    return Err(LineError::NoFieldsWanted(op));
                }
                Ok(if op == "offer_draw" {
                    FromSeat::OfferDraw
                } else {
                    FromSeat::AcceptDraw
                })
            }
            "draw" => Err(LineError::DrawAlone),
            "timeout" | "adjudicate" => Err(LineError::TablesOp(op)),
            "try" | "any" | "sense" | "move" | "pass" | "open" | "place" | "resign" => {
                let repr: RequestRepr = serde_json::from_value(value).map_err(fields)?;
                let own = |c: Option<Color>| c.is_none_or(|c| c == seat);
                match &repr {
                    RequestRepr::Resign { color } | RequestRepr::Place { color, .. }
                        if !own(*color) =>
                    {
                        return Err(LineError::NotOwn(op));
                    }
                    _ => {}
                }
                Ok(FromSeat::Request(repr.into_request(seat, Some(seat))))
            }
            other => Err(LineError::UnknownOp(other.to_owned())),
        }
    }
}

/// A seat's line read as far as every game reads it: a JSON object and the `op` it names.
pub fn op_of(
    line: &str,
) -> Result<(serde_json::Map<String, serde_json::Value>, String), LineError> {
    let value: serde_json::Value = serde_json::from_str(line).map_err(LineError::NotJson)?;
    let serde_json::Value::Object(fields) = value else {
        return Err(LineError::NoOp);
    };
    let op = fields
        .get("op")
        .and_then(serde_json::Value::as_str)
        .ok_or(LineError::NoOp)?
        .to_owned();
    Ok((fields, op))
}

/// A table's line read as a welcome, for a seat that learns the game from it: the family its
/// rules name (`""` when they name none), or `None` when the line is no welcome.
pub fn welcome_family(line: &str) -> Option<String> {
    let value: serde_json::Value = serde_json::from_str(line).ok()?;
    (value.get("type").and_then(serde_json::Value::as_str) == Some("welcome")).then(|| {
        let family = value.get("rules").and_then(|r| r.get("family"));
        family
            .and_then(serde_json::Value::as_str)
            .unwrap_or("")
            .to_owned()
    })
}

/// Whether a table's line is the welcome of a table of `G` (its rules' family is `G::FAMILY`).
pub fn is_welcome_of<G: super::game::Game>(line: &str) -> bool {
    welcome_family(line).is_some_and(|family| family == G::FAMILY)
}

/// Unseen enemy units as the welcome line writes them: `[pawns, knights, bishops, rooks,
/// queens, kings]`.
pub fn unseen_counts(units: shakmaty::ByRole<u8>) -> [u8; 6] {
    [
        units.pawn,
        units.knight,
        units.bishop,
        units.rook,
        units.queen,
        units.king,
    ]
}
