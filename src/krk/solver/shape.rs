//! The shapes of the abstraction: a box of squares with some corners known empty, its
//! index among the table's slots, and its images under the board's symmetries.

use super::SHAPES;
use shakmaty::{Bitboard, Square};

/// A box of squares (files `f0..=f1`, ranks `r0..=r1`) with some corners missing. Corner `i`
/// is on the high file if `i & 1`, on the high rank if `i & 2`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct Shape {
    f0: u8,
    f1: u8,
    r0: u8,
    r1: u8,
    missing: u8,
}

/// The index of the interval `lo..=hi` of 0..8 among the 36 intervals.
fn interval_index(lo: u8, hi: u8) -> usize {
    let (lo, hi) = (usize::from(lo), usize::from(hi));
    // Intervals starting at 0 come first (8 of them), then those starting at 1 (7), ...
    lo * 8 - lo * lo.saturating_sub(1) / 2 + hi - lo
}

/// The lowest and highest set bits of a non-zero byte.
fn span(bits: u8) -> (u8, u8) {
    (bits.trailing_zeros() as u8, 7 - bits.leading_zeros() as u8)
}

fn square(file: u8, rank: u8) -> Square {
    Square::new(u32::from(rank) * 8 + u32::from(file))
}

impl Shape {
    fn corner(self, i: u8) -> Square {
        let file = if i & 1 != 0 { self.f1 } else { self.f0 };
        let rank = if i & 2 != 0 { self.r1 } else { self.r0 };
        square(file, rank)
    }

    /// The shape of a non-empty set.
    pub(super) fn of(set: Bitboard) -> Option<Shape> {
        let x = set.0;
        if x == 0 {
            return None;
        }
        let mut files = 0u8;
        let mut ranks = 0u8;
        for r in 0..8 {
            let row = (x >> (8 * r)) as u8;
            files |= row;
            ranks |= u8::from(row != 0) << r;
        }
        let (f0, f1) = span(files);
        let (r0, r1) = span(ranks);
        let mut shape = Shape {
            f0,
            f1,
            r0,
            r1,
            missing: 0,
        };
        for i in 0..4 {
            if !set.contains(shape.corner(i)) {
                shape.missing |= 1 << i;
            }
        }
        Some(shape)
    }

    /// The squares of the shape.
    pub(super) fn squares(self) -> Bitboard {
        let row = (0xffu64 >> (7 - self.f1 + self.f0)) << self.f0;
        let mut out = 0u64;
        for r in self.r0..=self.r1 {
            out |= row << (8 * r);
        }
        let mut out = Bitboard(out);
        for i in 0..4 {
            if self.missing & (1 << i) != 0 {
                out.discard(self.corner(i));
            }
        }
        out
    }

    pub(super) fn index(self) -> usize {
        (interval_index(self.f0, self.f1) * 36 + interval_index(self.r0, self.r1)) * 16
            + usize::from(self.missing)
    }

    /// The shape under symmetry `t` (as [`crate::krk::transform`]: bit 0 mirrors the files, bit 1
    /// the ranks, bit 2 then swaps files and ranks).
    pub(super) fn transform(self, t: u8) -> Shape {
        let (mut f0, mut f1, mut r0, mut r1) = (self.f0, self.f1, self.r0, self.r1);
        if t & 1 != 0 {
            (f0, f1) = (7 - f1, 7 - f0);
        }
        if t & 2 != 0 {
            (r0, r1) = (7 - r1, 7 - r0);
        }
        if t & 4 != 0 {
            (f0, f1, r0, r1) = (r0, r1, f0, f1);
        }
        let mut missing = 0;
        for i in 0..4u8 {
            if self.missing & (1 << i) != 0 {
                let (mut hf, mut hr) = (i & 1, i >> 1);
                hf ^= t & 1;
                hr ^= (t >> 1) & 1;
                if t & 4 != 0 {
                    (hf, hr) = (hr, hf);
                }
                missing |= 1 << (hf | (hr << 1));
            }
        }
        Shape {
            f0,
            f1,
            r0,
            r1,
            missing,
        }
    }

    /// Every shape, by index.
    pub(super) fn all() -> Vec<Shape> {
        let mut out = vec![
            Shape {
                f0: 0,
                f1: 0,
                r0: 0,
                r1: 0,
                missing: 0
            };
            SHAPES
        ];
        for f0 in 0..8u8 {
            for f1 in f0..8 {
                for r0 in 0..8u8 {
                    for r1 in r0..8 {
                        for missing in 0..16 {
                            let s = Shape {
                                f0,
                                f1,
                                r0,
                                r1,
                                missing,
                            };
                            out[s.index()] = s;
                        }
                    }
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_round_trip_under_symmetry() {
        let shapes = Shape::all();
        for (i, s) in shapes.iter().enumerate() {
            assert_eq!(s.index(), i);
            let sq = s.squares();
            if Shape::of(sq) != Some(*s) {
                continue; // corners missing from a one-square-wide box: not canonical
            }
            for t in 0..8 {
                let moved: Bitboard = sq
                    .into_iter()
                    .map(|q| crate::krk::transform(q, t))
                    .collect();
                assert_eq!(
                    Shape::of(moved),
                    Some(s.transform(t)),
                    "symmetry {t} of {s:?}"
                );
                assert_eq!(moved, s.transform(t).squares());
            }
        }
    }

    #[test]
    fn shapes_only_add_squares() {
        // Two opposite corners of a 3x3 box: the box minus its two empty corners.
        let set: Bitboard = [Square::A1, Square::C3].into_iter().collect();
        let shape = Shape::of(set).expect("non-empty");
        assert!(
            !shape.squares().contains(Square::C1),
            "an empty corner stays empty"
        );
        assert!(
            !shape.squares().contains(Square::A3),
            "an empty corner stays empty"
        );
        assert!(shape.squares().contains(Square::B2), "the inside is filled");
        assert_eq!(shape.squares().count(), 7);
        // A set that is exactly a box minus corners is kept exactly.
        let exact: Bitboard = [Square::B1, Square::A2].into_iter().collect();
        assert_eq!(Shape::of(exact).expect("non-empty").squares(), exact);
    }
}
