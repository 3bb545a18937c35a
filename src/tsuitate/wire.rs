//! The seat protocol's lines for a tsuitate shogi table (PROTOCOL-SEAT.md section 11): the same
//! framing and `type` tags as the chess lines ([`crate::seat::wire`]), with shogi's words: the
//! `welcome` names `"family":"tsuitate"` in its `rules` and gives the start as SFEN, requests are
//! `try` with a USI move and `resign`, items are the tsuitate umpire's
//! ([`super::announce::Item`]), and the reveal is the game as a tsuitate save writes it.

use super::announce::{Item, Over, color_name};
use super::rules::TsuitateRules;
use super::save::{SavedRequest, TsuitateSave};
use crate::seat::wire::Hello;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use shogi_core::Color;

/// The `family` a tsuitate welcome's `rules` names.
pub const FAMILY: &str = "tsuitate";

/// The rules as a welcome writes them: `{"family":"tsuitate","fouls":9,"max_plies":150}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WireRules {
    /// Always `"tsuitate"`.
    pub family: String,
    /// Fouls that lose (0: never).
    pub fouls: u8,
    /// The move limit (0: none).
    pub max_plies: u16,
}

impl From<TsuitateRules> for WireRules {
    fn from(rules: TsuitateRules) -> WireRules {
        WireRules {
            family: FAMILY.to_owned(),
            fouls: rules.fouls,
            max_plies: rules.max_plies,
        }
    }
}

impl WireRules {
    /// The rule choices.
    pub fn rules(&self) -> TsuitateRules {
        TsuitateRules {
            fouls: self.fouls,
            max_plies: self.max_plies,
        }
    }
}

/// The public state of a tsuitate table after the lines before it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WireState {
    /// How many `heard` lines the seat has been sent in all.
    pub n: usize,
    /// The side to move: `"black"` (sente) or `"white"` (gote).
    pub to_move: String,
    /// `{"winner":"black","reason":"checkmate"}` once the game is over.
    #[serde(default)]
    pub over: Option<Value>,
    /// Whether the opponent's seat is connected.
    #[serde(default)]
    pub opponent_connected: bool,
    /// A draw offer standing, by the side that made it.
    #[serde(default)]
    pub draw_offer: Option<String>,
    /// The other seat's name (empty while unknown).
    #[serde(default)]
    pub opponent_name: String,
}

impl WireState {
    /// The end, once the game is over and the line reads.
    pub fn over(&self) -> Option<Over> {
        self.over.as_ref().and_then(Over::from_json)
    }
}

/// A line from a tsuitate table to a seat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ToSeat {
    /// The answer to `hello`.
    Welcome {
        /// The protocol version.
        version: u32,
        /// The seat: `"black"` (sente) or `"white"` (gote).
        seat: String,
        /// The seat's token, for taking it back.
        token: String,
        /// The rules (public).
        rules: WireRules,
        /// The agreed start (public), as SFEN.
        start: String,
        /// Gote's name.
        white: String,
        /// Sente's name.
        black: String,
        /// What this seat heard at the start.
        opening: Vec<Value>,
    },
    /// One thing this seat did or heard, numbered from 1.
    Heard {
        /// The line's number in the seat's record.
        n: usize,
        /// The seat's own request when this is its answer (never the opponent's).
        #[serde(default)]
        request: Option<SavedRequest>,
        /// What the seat heard.
        items: Vec<Value>,
        /// Whether the turn ended here (a legal move was played).
        turn_ends: bool,
    },
    /// The public state.
    State(WireState),
    /// A refused line; nothing changed.
    Error {
        /// Why.
        error: String,
    },
    /// The whole game once it is over, as a tsuitate save writes it.
    Reveal {
        /// The save.
        log: Box<TsuitateSave>,
    },
}

impl ToSeat {
    /// The line as JSON (without the newline).
    pub fn line(&self) -> String {
        crate::seat::wire::to_line(self)
    }

    /// The `error` line for a refused line.
    pub fn error(error: impl Into<String>) -> String {
        crate::seat::wire::error_line(error)
    }

    /// A welcome for `seat`.
    pub fn welcome(
        seat: Color,
        token: &str,
        rules: TsuitateRules,
        start: String,
        names: [&str; 2],
        opening: &[Item],
    ) -> ToSeat {
        ToSeat::Welcome {
            version: crate::seat::VERSION,
            seat: color_name(seat).to_owned(),
            token: token.to_owned(),
            rules: rules.into(),
            start,
            white: names[1].to_owned(),
            black: names[0].to_owned(),
            opening: opening.iter().map(|i| i.to_json()).collect(),
        }
    }
}

/// The longest move a `try` may carry: a USI move is at most five characters (`8h2b+`), so a
/// longer one is refused as a bad line before it reaches the umpire, a log or a record.
pub const MAX_USI: usize = 16;

/// A line from a seat at a tsuitate table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FromSeat {
    /// `hello`.
    Hello(Hello),
    /// `{"op":"try","move":"7g7f"}`: an attempt in USI.
    Try(String),
    /// `{"op":"resign"}`.
    Resign,
    /// `{"op":"offer_draw"}`.
    OfferDraw,
    /// `{"op":"accept_draw"}`.
    AcceptDraw,
}

/// A line a seat at a tsuitate table may not send.
#[derive(Debug, thiserror::Error)]
pub enum LineError {
    /// Not a line of the seat protocol at all, or a draw agreed alone, or fields where an op
    /// takes none: the words every game's table uses ([`crate::seat::LineError`]).
    #[error(transparent)]
    Line(#[from] crate::seat::LineError),
    /// A hello that does not read.
    #[error("a bad \"hello\": {0}")]
    Hello(String),
    /// `try` without a move string (of at most [`MAX_USI`] characters), or with other fields.
    #[error(
        "\"try\" takes one field, \"move\": a USI move such as \"7g7f\", \"8h2b+\" or \"B*4e\""
    )]
    Try,
    /// An op a tsuitate table does not have.
    #[error(
        "unknown op {} (a tsuitate table takes hello, try, resign, offer_draw and accept_draw)",
        crate::untrusted::quoted_to(.0, 40)
    )]
    UnknownOp(String),
}

impl FromSeat {
    /// Reads a line from a seat.
    pub fn parse(line: &str) -> Result<FromSeat, LineError> {
        use crate::seat::LineError as Common;
        let (fields, op) = crate::seat::wire::op_of(line)?;
        let bare = |make: FromSeat| {
            if fields.len() > 1 {
                Err(Common::NoFieldsWanted(op.clone()).into())
            } else {
                Ok(make)
            }
        };
        match op.as_str() {
            "hello" => Hello::read(Value::Object(fields.clone()))
                .map(FromSeat::Hello)
                .map_err(|e| LineError::Hello(crate::untrusted::shortened(&e.to_string()))),
            "try" => match (fields.get("move"), fields.len()) {
                (Some(Value::String(usi)), 2) if usi.len() <= MAX_USI => {
                    Ok(FromSeat::Try(usi.clone()))
                }
                _ => Err(LineError::Try),
            },
            "resign" => bare(FromSeat::Resign),
            "offer_draw" => bare(FromSeat::OfferDraw),
            "accept_draw" => bare(FromSeat::AcceptDraw),
            "draw" => Err(Common::DrawAlone.into()),
            other => Err(LineError::UnknownOp(other.to_owned())),
        }
    }

    /// The line as a seat sends it (not for `hello`, which is [`Hello::line`]).
    pub fn line(&self) -> String {
        match self {
            FromSeat::Hello(hello) => hello.line(),
            FromSeat::Try(usi) => serde_json::json!({"op": "try", "move": usi}).to_string(),
            FromSeat::Resign => r#"{"op":"resign"}"#.to_owned(),
            FromSeat::OfferDraw => r#"{"op":"offer_draw"}"#.to_owned(),
            FromSeat::AcceptDraw => r#"{"op":"accept_draw"}"#.to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_lines_read_and_bad_ones_are_named() {
        assert_eq!(
            FromSeat::parse(r#"{"op":"try","move":"B*4e"}"#).ok(),
            Some(FromSeat::Try("B*4e".into()))
        );
        assert_eq!(
            FromSeat::parse(&FromSeat::Try("8h2b+".into()).line()).ok(),
            Some(FromSeat::Try("8h2b+".into()))
        );
        for (line, words) in [
            ("nonsense", "not a JSON object"),
            (r#"{"move":"7g7f"}"#, "no \"op\""),
            (r#"{"op":"try"}"#, "takes one field"),
            (
                r#"{"op":"try","move":"7g7f","color":"black"}"#,
                "takes one field",
            ),
            (r#"{"op":"resign","color":"white"}"#, "takes no fields"),
            (r#"{"op":"draw"}"#, "cannot agree a draw alone"),
            (r#"{"op":"sense","square":"5e"}"#, "unknown op"),
        ] {
            let error = FromSeat::parse(line).expect_err(line).to_string();
            assert!(error.contains(words), "{line}: {error}");
        }
    }
}
