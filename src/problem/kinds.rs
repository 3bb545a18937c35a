//! What an uncertain unit of a problem is: one FEN letter, or the letters of every type it may be
//! (a unit of unknown type). Written in a problem file as a character (`'b'`) or a string
//! (`"qrbn"`); a list of characters is read too.

use super::ProblemError;
use crate::untrusted::quoted;
use serde::de::{self, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use shakmaty::Piece;
use std::fmt;

/// The most types one unit may be (queen, rook, bishop, knight, pawn, and a repeat or two).
const MOST: usize = 8;

/// The FEN letters of what an uncertain unit may be (one for a unit of known type).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kinds(pub Vec<char>);

impl Kinds {
    /// The pieces, checked: real piece letters, all of one colour, no king among several, no
    /// letter twice.
    pub fn pieces(&self) -> Result<Vec<Piece>, ProblemError> {
        let mut out: Vec<Piece> = Vec::new();
        for &c in &self.0 {
            let piece = Piece::from_char(c)
                .ok_or_else(|| ProblemError::Invalid(format!("'{c}' is not a piece letter")))?;
            if out.contains(&piece) {
                return Err(ProblemError::Invalid(format!(
                    "{} names '{c}' twice",
                    quoted(&self.letters())
                )));
            }
            if out.first().is_some_and(|p| p.color != piece.color) {
                return Err(ProblemError::Invalid(format!(
                    "{}: the types one unit may be are of one colour",
                    quoted(&self.letters())
                )));
            }
            out.push(piece);
        }
        if out.is_empty() {
            return Err(ProblemError::Invalid("a unit with no type".into()));
        }
        if out.len() > 1 && out.iter().any(|p| p.role == shakmaty::Role::King) {
            return Err(ProblemError::Invalid(
                "a king is never a unit of unknown type".into(),
            ));
        }
        Ok(out)
    }

    /// The letters as one string.
    pub fn letters(&self) -> String {
        self.0.iter().collect()
    }
}

impl From<char> for Kinds {
    fn from(c: char) -> Kinds {
        Kinds(vec![c])
    }
}

impl Serialize for Kinds {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0.as_slice() {
            [one] => s.serialize_char(*one),
            _ => s.serialize_str(&self.letters()),
        }
    }
}

impl<'de> Deserialize<'de> for Kinds {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Kinds, D::Error> {
        d.deserialize_any(KindsVisitor)
    }
}

struct KindsVisitor;

impl<'de> Visitor<'de> for KindsVisitor {
    type Value = Kinds;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a piece letter ('b') or the letters of a unit of unknown type (\"qrbn\")")
    }

    fn visit_char<E: de::Error>(self, c: char) -> Result<Kinds, E> {
        Ok(Kinds(vec![c]))
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<Kinds, E> {
        if s.chars().count() > MOST {
            return Err(E::custom(format!(
                "at most {MOST} piece letters for one unit"
            )));
        }
        Ok(Kinds(s.chars().collect()))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Kinds, A::Error> {
        let mut out = Vec::new();
        while let Some(c) = seq.next_element::<char>()? {
            if out.len() == MOST {
                return Err(de::Error::custom(format!(
                    "at most {MOST} piece letters for one unit"
                )));
            }
            out.push(c);
        }
        Ok(Kinds(out))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_letter_a_string_or_a_list_reads() {
        let one: Kinds = ron::from_str("'b'").expect("a char");
        assert_eq!(one, Kinds(vec!['b']));
        let several: Kinds = ron::from_str("\"qrbn\"").expect("a string");
        assert_eq!(several.pieces().expect("pieces").len(), 4);
        let list: Kinds = ron::from_str("['q', 'n']").expect("a list");
        assert_eq!(list.letters(), "qn");
        assert_eq!(ron::to_string(&one).expect("ron"), "'b'");
        assert_eq!(ron::to_string(&several).expect("ron"), "\"qrbn\"");
    }

    #[test]
    fn nonsense_types_are_refused() {
        for bad in ["\"qQ\"", "\"kq\"", "\"qq\"", "\"\"", "'x'", "\"qrbnpqrbn\""] {
            let parsed: Result<Kinds, _> = ron::from_str(bad);
            assert!(
                parsed.map_or(true, |k| k.pieces().is_err()),
                "{bad} accepted"
            );
        }
    }
}
