//! Attempts: a move a player proposes, written in UCI (`e2e4`, `e7e8q`, castling as the king's
//! two-square move `e1g1`), plus the serde helpers for squares used by saves.
//!
//! Parsing is strict: `[a-h][1-8][a-h][1-8]` with an optional `q`/`r`/`b`/`n`, from ≠ to, or a
//! Crazyhouse drop `[PNBRQ]@[a-h][1-8]`. Anything else is malformed (an error), never an
//! "impossible" answer.
//!
//! A drop is held as an attempt whose `from` equals its `to`, with the dropped unit in
//! `promotion` (no move from a square to itself exists, so the two never meet); use
//! [`Attempt::drop`], [`Attempt::dropped`].

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use shakmaty::uci::UciMove;
use shakmaty::{Role, Square};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// A proposed move: from, to and an optional promotion piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Attempt {
    /// Square the piece moves from.
    pub from: Square,
    /// Square the piece moves to (the king's destination for castling).
    pub to: Square,
    /// Promotion piece, if any.
    pub promotion: Option<Role>,
}

/// A move string that is not well-formed UCI for an attempt.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error(
    "{} is not a move: write it in UCI like e2e4 or e7e8q (lower case, two different squares, optional promotion letter q, r, b or n), or a drop like N@f3",
    crate::untrusted::quoted(.0)
)]
pub struct MalformedMove(pub String);

impl Attempt {
    /// A new attempt without promotion.
    pub fn new(from: Square, to: Square) -> Attempt {
        Attempt {
            from,
            to,
            promotion: None,
        }
    }

    /// A Crazyhouse drop of `role` onto `to`.
    pub fn drop(role: Role, to: Square) -> Attempt {
        Attempt {
            from: to,
            to,
            promotion: Some(role),
        }
    }

    /// The dropped unit, if this is a drop.
    pub fn dropped(self) -> Option<Role> {
        if self.from == self.to {
            self.promotion
        } else {
            None
        }
    }

    /// Parses strict UCI (see the module documentation).
    pub fn parse(text: &str) -> Result<Attempt, MalformedMove> {
        let b = text.as_bytes();
        if b.len() == 4 && b[1] == b'@' {
            let role = match b[0] {
                b'P' => Role::Pawn,
                b'N' => Role::Knight,
                b'B' => Role::Bishop,
                b'R' => Role::Rook,
                b'Q' => Role::Queen,
                _ => return Err(MalformedMove(text.to_owned())),
            };
            return parse_square(&text[2..])
                .map(|to| Attempt::drop(role, to))
                .ok_or_else(|| MalformedMove(text.to_owned()));
        }
        let well_formed = (b.len() == 4 || b.len() == 5)
            && (b'a'..=b'h').contains(&b[0])
            && (b'1'..=b'8').contains(&b[1])
            && (b'a'..=b'h').contains(&b[2])
            && (b'1'..=b'8').contains(&b[3])
            && (b.len() == 4 || matches!(b[4], b'q' | b'r' | b'b' | b'n'));
        if !well_formed {
            return Err(MalformedMove(text.to_owned()));
        }
        match UciMove::from_ascii(b) {
            Ok(UciMove::Normal {
                from,
                to,
                promotion,
            }) if from != to => Ok(Attempt {
                from,
                to,
                promotion,
            }),
            _ => Err(MalformedMove(text.to_owned())),
        }
    }

    /// The shakmaty UCI value of this attempt.
    pub fn to_uci(self) -> UciMove {
        if let Some(role) = self.dropped() {
            return UciMove::Put { role, to: self.to };
        }
        UciMove::Normal {
            from: self.from,
            to: self.to,
            promotion: self.promotion,
        }
    }

    /// A compact key (from, to, promotion) used for fast set membership.
    pub(crate) fn key(self) -> u16 {
        u16::from(self.from)
            | (u16::from(self.to) << 6)
            | ((self.promotion.map_or(0, |r| r as u16)) << 12)
    }
}

impl fmt::Display for Attempt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_uci())
    }
}

impl FromStr for Attempt {
    type Err = MalformedMove;
    fn from_str(s: &str) -> Result<Attempt, MalformedMove> {
        Attempt::parse(s)
    }
}

impl Serialize for Attempt {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Attempt {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Attempt, D::Error> {
        let text = String::deserialize(d)?;
        Attempt::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// Parses a square in lower-case algebraic notation (`e4`); `None` for anything else.
pub fn parse_square(text: &str) -> Option<Square> {
    let b = text.as_bytes();
    if b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1]) {
        Square::from_ascii(b).ok()
    } else {
        None
    }
}

/// Serde helpers: a [`Square`] as its name (`"e4"`).
pub mod square_serde {
    use super::*;

    /// Serializes a square as `"e4"`.
    pub fn serialize<S: Serializer>(sq: &Square, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(sq)
    }

    /// Deserializes a square from `"e4"`.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        let text = String::deserialize(d)?;
        parse_square(&text).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "{} is not a square",
                crate::untrusted::quoted(&text)
            ))
        })
    }
}

/// Serde helpers: an optional [`Square`] as its name or nothing.
pub mod opt_square_serde {
    use super::*;

    /// Serializes `Some(e4)` as `Some("e4")`.
    pub fn serialize<S: Serializer>(sq: &Option<Square>, s: S) -> Result<S::Ok, S::Error> {
        sq.map(|sq| sq.to_string()).serialize(s)
    }

    /// Deserializes an optional square name.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Square>, D::Error> {
        match Option::<String>::deserialize(d)? {
            None => Ok(None),
            Some(text) => parse_square(&text).map(Some).ok_or_else(|| {
                serde::de::Error::custom(format!(
                    "{} is not a square",
                    crate::untrusted::quoted(&text)
                ))
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strict_uci() {
        assert_eq!(Attempt::parse("e2e4").unwrap().to_string(), "e2e4");
        assert_eq!(
            Attempt::parse("e7e8q").unwrap().promotion,
            Some(Role::Queen)
        );
        for bad in [
            "", "0000", "e2e2", "E2E4", "e2-e4", "e2e9", "i2i4", "e7e8k", "e7e8Q", "e2e4qq",
            "K@e4", "n@f3", "P@", "P@e9", "e7e8p",
        ] {
            assert!(Attempt::parse(bad).is_err(), "{bad} should be malformed");
        }
        // Crazyhouse drops.
        let drop = Attempt::parse("N@f3").unwrap();
        assert_eq!(drop.dropped(), Some(Role::Knight));
        assert_eq!(drop.to_string(), "N@f3");
        assert_eq!(Attempt::parse("e2e4").unwrap().dropped(), None);
    }

    #[test]
    fn keys_are_distinct() {
        let a = Attempt::parse("e7e8q").unwrap();
        let b = Attempt::parse("e7e8n").unwrap();
        let c = Attempt::parse("e7e8").unwrap();
        assert_ne!(a.key(), b.key());
        assert_ne!(a.key(), c.key());
    }

    #[test]
    fn squares() {
        assert_eq!(parse_square("e4"), Some(Square::E4));
        assert_eq!(parse_square("E4"), None);
        assert_eq!(parse_square("z9"), None);
        assert_eq!(parse_square("e"), None);
    }
}
