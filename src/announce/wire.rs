//! The one serde definition of an announcement item, shared by the save files and the JSON-lines
//! protocol: `{"kind":"capture","square":"e4","unit":null}` in JSON, `(kind: "capture", ...)` in
//! RON. [`Item`] reads and writes through [`ItemRepr`]; the referee protocol writes
//! [`ItemRepr::for_referee_protocol`], which leaves out who resigned or lost on time (PROTOCOL.md:
//! the response's `over` says it), while a save keeps it.

use super::{CheckDirection, DrawReason, GameResult, Item, PawnTries, Reveal, Unit};
use crate::attempt::{Attempt, square_serde};
use serde::{Deserialize, Serialize};
use shakmaty::{Bitboard, Color, Square};

/// An item as written: internally tagged by `kind`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum ItemRepr {
    /// See [`Item::Legal`].
    Legal,
    /// See [`Item::Illegal`] and [`Item::IllegalCount`].
    Illegal {
        /// How many refused attempts (secret "Any?"); absent for one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        count: Option<u8>,
    },
    /// See [`Item::Impossible`].
    Impossible,
    /// See [`Item::Capture`].
    Capture {
        /// The square.
        #[serde(with = "square_serde")]
        square: Square,
        /// Pawn or piece, where the rules say.
        unit: Option<Unit>,
    },
    /// See [`Item::Check`].
    Check {
        /// The direction.
        direction: CheckDirection,
    },
    /// See [`Item::Checkmate`].
    Checkmate,
    /// See [`Item::Stalemate`].
    Stalemate,
    /// See [`Item::Draw`].
    Draw {
        /// Why.
        reason: DrawReason,
    },
    /// See [`Item::PawnTries`].
    PawnTries(PawnTriesRepr),
    /// See [`Item::AnyAnswer`].
    Any {
        /// "try" or "no".
        answer: AnyWord,
    },
    /// See [`Item::Promotion`].
    Promotion,
    /// See [`Item::Resigned`].
    Resigned {
        /// Who resigned (left out by the referee protocol).
        #[serde(
            default,
            skip_serializing_if = "Option::is_none",
            with = "crate::announce::opt_color_serde"
        )]
        color: Option<Color>,
    },
    /// See [`Item::Timeout`].
    Timeout {
        /// Whose time ran out (left out by the referee protocol).
        #[serde(
            default,
            skip_serializing_if = "Option::is_none",
            with = "crate::announce::opt_color_serde"
        )]
        loser: Option<Color>,
        /// The result (left out by the referee protocol).
        #[serde(default, skip_serializing_if = "Option::is_none", with = "opt_pgn")]
        result: Option<GameResult>,
    },
    /// See [`Item::Adjudicated`].
    Adjudicated {
        /// The result, as in PGN.
        #[serde(with = "pgn_result")]
        result: GameResult,
    },
    /// See [`Item::Sense`].
    Sense {
        /// The squares and their contents.
        squares: Reveal,
    },
    /// See [`Item::Moved`].
    Moved {
        /// What was asked.
        requested: Option<Attempt>,
        /// What was played.
        taken: Option<Attempt>,
    },
    /// See [`Item::Captured`].
    Captured {
        /// The square.
        #[serde(with = "square_serde")]
        square: Square,
    },
    /// See [`Item::KingCaptured`].
    KingCaptured,
    /// See [`Item::Opened`].
    Opened {
        /// The squares and their contents.
        squares: Reveal,
    },
    /// See [`Item::Handicap`].
    Handicap {
        /// The sighted player's army.
        army: crate::rules::Handicap,
        /// The bishop it kept (Pickle-pot, One-eye).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        bishop: Option<crate::rules::Wing>,
    },
    /// See [`Item::Placed`].
    Placed,
    /// See [`Item::Drop`].
    Drop {
        /// The dropped unit.
        unit: Unit,
    },
}

/// The answer to "Any?" as written.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AnyWord {
    /// "Try".
    Try,
    /// "No".
    No,
}

/// Pawn information as written: one of `count`, `any` or `squares` (sorted by file, then rank).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum PawnTriesRepr {
    /// The number of tries.
    Count {
        /// How many.
        count: u8,
    },
    /// Whether there is one.
    Any {
        /// Yes or no.
        any: bool,
    },
    /// Where the tries go.
    Squares {
        /// The target squares, by file then rank.
        #[serde(with = "file_order")]
        squares: Bitboard,
    },
}

impl ItemRepr {
    /// The item as the referee protocol writes it (PROTOCOL.md): `resigned` and `timeout`
    /// without the colour and result, which the response's `over` carries.
    pub fn for_referee_protocol(item: Item) -> ItemRepr {
        match item {
            Item::Resigned(_) => ItemRepr::Resigned { color: None },
            Item::Timeout { .. } => ItemRepr::Timeout {
                loser: None,
                result: None,
            },
            other => ItemRepr::from(other),
        }
    }
}

impl From<Item> for ItemRepr {
    fn from(item: Item) -> ItemRepr {
        match item {
            Item::Legal => ItemRepr::Legal,
            Item::Illegal => ItemRepr::Illegal { count: None },
            Item::IllegalCount(n) => ItemRepr::Illegal { count: Some(n) },
            Item::Impossible => ItemRepr::Impossible,
            Item::Capture { square, unit } => ItemRepr::Capture { square, unit },
            Item::Check(direction) => ItemRepr::Check { direction },
            Item::Checkmate => ItemRepr::Checkmate,
            Item::Stalemate => ItemRepr::Stalemate,
            Item::Draw(reason) => ItemRepr::Draw { reason },
            Item::PawnTries(PawnTries::Count(count)) => {
                ItemRepr::PawnTries(PawnTriesRepr::Count { count })
            }
            Item::PawnTries(PawnTries::Any(any)) => ItemRepr::PawnTries(PawnTriesRepr::Any { any }),
            Item::PawnTries(PawnTries::Squares(squares)) => {
                ItemRepr::PawnTries(PawnTriesRepr::Squares { squares })
            }
            Item::AnyAnswer(yes) => ItemRepr::Any {
                answer: if yes { AnyWord::Try } else { AnyWord::No },
            },
            Item::Promotion => ItemRepr::Promotion,
            Item::Resigned(color) => ItemRepr::Resigned { color: Some(color) },
            Item::Timeout { loser, result } => ItemRepr::Timeout {
                loser: Some(loser),
                result: Some(result),
            },
            Item::Adjudicated(result) => ItemRepr::Adjudicated { result },
            Item::Sense(squares) => ItemRepr::Sense { squares },
            Item::Moved { requested, taken } => ItemRepr::Moved { requested, taken },
            Item::Captured(square) => ItemRepr::Captured { square },
            Item::KingCaptured => ItemRepr::KingCaptured,
            Item::Opened(squares) => ItemRepr::Opened { squares },
            Item::Handicap(army, bishop) => ItemRepr::Handicap { army, bishop },
            Item::Placed => ItemRepr::Placed,
            Item::Drop(unit) => ItemRepr::Drop { unit },
        }
    }
}

/// An item written without a field it needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ItemError {
    /// A resignation without the side that resigned.
    #[error("a resigned item needs the \"color\" who resigned")]
    NoResigner,
    /// A loss on time without the side that lost.
    #[error("a timeout item needs the \"loser\"")]
    NoLoser,
    /// A loss on time without the result.
    #[error("a timeout item needs the \"result\"")]
    NoResult,
}

impl TryFrom<ItemRepr> for Item {
    type Error = ItemError;

    fn try_from(repr: ItemRepr) -> Result<Item, ItemError> {
        Ok(match repr {
            ItemRepr::Legal => Item::Legal,
            ItemRepr::Illegal { count: None } => Item::Illegal,
            ItemRepr::Illegal { count: Some(n) } => Item::IllegalCount(n),
            ItemRepr::Impossible => Item::Impossible,
            ItemRepr::Capture { square, unit } => Item::Capture { square, unit },
            ItemRepr::Check { direction } => Item::Check(direction),
            ItemRepr::Checkmate => Item::Checkmate,
            ItemRepr::Stalemate => Item::Stalemate,
            ItemRepr::Draw { reason } => Item::Draw(reason),
            ItemRepr::PawnTries(PawnTriesRepr::Count { count }) => {
                Item::PawnTries(PawnTries::Count(count))
            }
            ItemRepr::PawnTries(PawnTriesRepr::Any { any }) => Item::PawnTries(PawnTries::Any(any)),
            ItemRepr::PawnTries(PawnTriesRepr::Squares { squares }) => {
                Item::PawnTries(PawnTries::Squares(squares))
            }
            ItemRepr::Any { answer } => Item::AnyAnswer(answer == AnyWord::Try),
            ItemRepr::Promotion => Item::Promotion,
            ItemRepr::Resigned { color } => Item::Resigned(color.ok_or(ItemError::NoResigner)?),
            ItemRepr::Timeout { loser, result } => Item::Timeout {
                loser: loser.ok_or(ItemError::NoLoser)?,
                result: result.ok_or(ItemError::NoResult)?,
            },
            ItemRepr::Adjudicated { result } => Item::Adjudicated(result),
            ItemRepr::Sense { squares } => Item::Sense(squares),
            ItemRepr::Moved { requested, taken } => Item::Moved { requested, taken },
            ItemRepr::Captured { square } => Item::Captured(square),
            ItemRepr::KingCaptured => Item::KingCaptured,
            ItemRepr::Opened { squares } => Item::Opened(squares),
            ItemRepr::Handicap { army, bishop } => Item::Handicap(army, bishop),
            ItemRepr::Placed => Item::Placed,
            ItemRepr::Drop { unit } => Item::Drop(unit),
        })
    }
}

/// Serde helpers: a result as in PGN (`1-0`, `0-1`, `1/2-1/2`).
pub mod pgn_result {
    use super::GameResult;
    use serde::{Deserialize, Deserializer, Serializer};

    /// Writes `1-0`, `0-1` or `1/2-1/2`.
    pub fn serialize<S: Serializer>(r: &GameResult, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(r.pgn())
    }

    /// Reads `1-0`, `0-1` or `1/2-1/2`.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<GameResult, D::Error> {
        let text = String::deserialize(d)?;
        [
            GameResult::WhiteWins,
            GameResult::BlackWins,
            GameResult::Draw,
        ]
        .into_iter()
        .find(|r| r.pgn() == text)
        .ok_or_else(|| {
            serde::de::Error::custom(format!(
                "{} is not a result (1-0, 0-1, 1/2-1/2)",
                crate::untrusted::quoted(&text)
            ))
        })
    }
}

mod opt_pgn {
    use super::GameResult;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(r: &Option<GameResult>, s: S) -> Result<S::Ok, S::Error> {
        match r {
            Some(r) => s.serialize_some(r.pgn()),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<GameResult>, D::Error> {
        #[derive(Deserialize)]
        struct Wrap(#[serde(with = "super::pgn_result")] GameResult);
        Ok(Option::<Wrap>::deserialize(d)?.map(|Wrap(r)| r))
    }
}

/// Serde helpers: squares as a list of names sorted by file, then rank (how the protocol lists
/// pawn-try squares).
mod file_order {
    use serde::{Deserializer, Serialize, Serializer};
    use shakmaty::Bitboard;

    pub fn serialize<S: Serializer>(b: &Bitboard, s: S) -> Result<S::Ok, S::Error> {
        let mut sorted: Vec<_> = b.into_iter().collect();
        sorted.sort_by_key(|sq| (sq.file(), sq.rank()));
        let names: Vec<String> = sorted.iter().map(ToString::to_string).collect();
        names.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Bitboard, D::Error> {
        crate::announce::bitboard_serde::deserialize(d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_read_back_in_json_and_ron() {
        let items = [
            Item::Legal,
            Item::Capture {
                square: Square::E4,
                unit: Some(Unit::Pawn),
            },
            Item::Check(CheckDirection::Long),
            Item::PawnTries(PawnTries::Count(2)),
            Item::PawnTries(PawnTries::Any(false)),
            Item::PawnTries(PawnTries::Squares(Bitboard::from(Square::D5) | Square::B3)),
            Item::AnyAnswer(true),
            Item::Resigned(Color::Black),
            Item::Timeout {
                loser: Color::White,
                result: GameResult::Draw,
            },
            Item::Adjudicated(GameResult::BlackWins),
            Item::Moved {
                requested: Attempt::parse("e2e4").ok(),
                taken: None,
            },
        ];
        for item in items {
            let json = serde_json::to_string(&item).expect("json");
            assert_eq!(
                serde_json::from_str::<Item>(&json).expect("reads"),
                item,
                "{json}"
            );
            let ron = ron::to_string(&item).expect("ron");
            assert_eq!(ron::from_str::<Item>(&ron).expect("reads"), item, "{ron}");
        }
        let wire =
            |item| serde_json::to_string(&ItemRepr::for_referee_protocol(item)).expect("json");
        assert_eq!(wire(Item::Resigned(Color::White)), r#"{"kind":"resigned"}"#);
        assert_eq!(
            wire(Item::PawnTries(PawnTries::Squares(
                Bitboard::from(Square::D5) | Square::B3 | Square::D4
            ))),
            r#"{"kind":"pawn_tries","squares":["b3","d4","d5"]}"#
        );
        assert_eq!(
            wire(Item::AnyAnswer(false)),
            r#"{"kind":"any","answer":"no"}"#
        );
        assert!(serde_json::from_str::<Item>(r#"{"kind":"resigned"}"#).is_err());
        let extra = r#"{"kind":"capture","square":"e4","unit":null,"x":1}"#;
        assert!(serde_json::from_str::<Item>(extra).is_err());
    }
}
