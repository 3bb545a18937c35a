//! A solved abstraction of the KR-vs-K metaposition game: White's proven strategy.
//!
//! The abstract state is White's king, White's rook and a *shape*: the bounding box of the
//! possible black-king squares together with which of the box's four corners are known empty.
//! The shape stands for every legal square of the box except the empty corners, a superset of
//! what White really knows. Every transition keeps that superset (each answer's squares, and
//! after Black's move every square the king can reach, are shaped again), so a strategy that
//! wins the abstraction wins the real game, and a state's value (White moves to mate whatever
//! the referee answers) is a proven upper bound. Corners matter: a plain box loses mates that
//! depend on the corner square being empty.
//!
//! The table is solved by levels, as a tablebase is: level k holds the states where some attempt
//! mates within k moves against every answer. Illegal answers cost no move but leave a strict
//! subset of the squares, so no strategy loops on them. States are kept up to the board's eight
//! symmetries. Building takes minutes, so the table ships as a file and is checked on load:
//! [`Table::verify`] proves every stored value is achieved by one attempt (local consistency,
//! which by induction proves the whole strategy).

mod build;
mod query;
mod shape;
mod store;

use crate::attempt::Attempt;
use shakmaty::Bitboard;
use shape::Shape;

/// Not solved: no strategy in the abstraction (the rook may be lost, a stalemate may be
/// forced, or the shape is too coarse).
pub const UNSOLVED: u8 = u8::MAX;

/// Shapes per placement: 36 × 36 boxes, 16 corner patterns.
const SHAPES: usize = 1296 * 16;
/// Canonical placements: 10 king squares in the a1-d1-d4 triangle, 64 rook squares.
const CANONICAL: usize = 10 * 64;
/// Table slots.
pub const SLOTS: usize = CANONICAL * SHAPES;

/// Every square a king standing on one of `b` attacks.
/// Every square next to a square of `b` (the king steps from the set).
pub(crate) fn neighbours(b: Bitboard) -> Bitboard {
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    let x = b.0;
    let sideways = ((x << 1) & NOT_A) | ((x >> 1) & NOT_H);
    let row = x | sideways;
    Bitboard(sideways | (row << 8) | (row >> 8))
}

/// One White attempt from a placement, with what the answers depend on.
#[derive(Copy, Clone, Debug)]
struct Move {
    attempt: Attempt,
    /// Black king squares that make it illegal.
    illegal: Bitboard,
    /// The placement after it (index `wk * 64 + wr`).
    next: u16,
    /// The rook's rank and file attacks after it (check lines).
    rank: Bitboard,
    file: Bitboard,
}

/// Per-placement facts.
#[derive(Clone, Default)]
struct Placement {
    /// Legal black king squares with White to move.
    legal: Bitboard,
    /// Black king squares (Black to move) with no legal step.
    no_moves: Bitboard,
    /// The rook stands next to its king.
    defended: bool,
    /// The symmetry that makes this placement canonical.
    symmetry: u8,
    /// The canonical placement's index (0..640).
    canon: u16,
    /// White's attempts.
    moves: Vec<Move>,
}

/// How one attempt fares.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Cost {
    /// Some answer may stalemate or lose the rook.
    Unsafe,
    /// Some answer leads to an unsolved state.
    Unsolved,
    /// Every answer is illegal: the attempt teaches nothing.
    Useless,
    /// Mate within this many White moves whatever the answers.
    Mate(u32),
}

/// The geometry of the abstract game and the solved values.
pub struct Table {
    placements: Vec<Placement>,
    shapes: Vec<Shape>,
    values: Vec<u8>,
}

/// Why a stored table was refused.
#[derive(Clone, Debug, thiserror::Error, PartialEq, Eq)]
pub enum TableError {
    /// The stored table cannot be decompressed.
    #[error("the KRK table is not a deflate stream")]
    Compression,
    /// The file is not a table of the right size.
    #[error("the KRK table has {found} bytes, expected {SLOTS}")]
    Size {
        /// Bytes found.
        found: usize,
    },
    /// A stored value is not achieved by any attempt.
    #[error("the KRK table is inconsistent at slot {slot} (value {value})")]
    Inconsistent {
        /// The slot.
        slot: usize,
        /// The stored value.
        value: u8,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Square, attacks};

    #[test]
    fn neighbours_match_king_attacks() {
        for sq in Square::ALL {
            assert_eq!(
                neighbours(Bitboard::from_square(sq)),
                attacks::king_attacks(sq),
                "{sq}"
            );
        }
    }
}
