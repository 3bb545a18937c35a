//! What White knows of a game so far ([`History`]): the positions that may have occurred,
//! and which attempts could let one occur a third time.

use crate::attempt::Attempt;
use crate::krk::{Answer, Meta};
use shakmaty::{Bitboard, Square};

/// The positions that may have occurred so far in a game, as White can know them: the
/// sequence of White's placements with the side to move and the set of possible black king
/// squares at each. Under automatic threefold repetition (Wild 16) a player avoids a third
/// occurrence with this.
#[derive(Clone, Debug, Default)]
pub struct History {
    /// Every recorded point of the game, in order.
    records: Vec<Record>,
}

/// One point of a game as White knows it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Record {
    wk: Square,
    wr: Square,
    black_to_move: bool,
    set: Bitboard,
}

impl History {
    /// Records that White's pieces stand on `wk`, `wr` with the black king somewhere in `bk`
    /// and `black_to_move`. Points alternate: the start (White to move), then after each legal
    /// White move (Black to move, the set of squares consistent with the answer), then after
    /// each Black move (White to move).
    pub fn record(&mut self, wk: Square, wr: Square, bk: Bitboard, black_to_move: bool) {
        self.records.push(Record {
            wk,
            wr,
            black_to_move,
            set: bk,
        });
    }

    /// Undoes the last [`History::record`], which had these arguments (otherwise does nothing).
    pub fn forget(&mut self, wk: Square, wr: Square, bk: Bitboard, black_to_move: bool) {
        let last = Record {
            wk,
            wr,
            black_to_move,
            set: bk,
        };
        if self.records.last() == Some(&last) {
            self.records.pop();
        }
    }

    /// The squares that were in White's set at two or more points with White's pieces on
    /// `wk`, `wr` and this side to move: only there can a position already have occurred twice.
    fn twice(&self, wk: Square, wr: Square, black_to_move: bool) -> Bitboard {
        let (mut once, mut twice) = (Bitboard::EMPTY, Bitboard::EMPTY);
        for r in &self.records {
            if r.wk == wk && r.wr == wr && r.black_to_move == black_to_move {
                twice |= once & r.set;
                once |= r.set;
            }
        }
        twice
    }

    /// Where the black king may stand now, by how many times (0, 1, 2 or more) the position
    /// (`wk`, `wr`, `q`, side) occurred on the way there: exact, following every king path
    /// consistent with what White heard (each set, and one king step between a Black-to-move
    /// point and the next).
    fn visits(&self, wk: Square, wr: Square, q: Square, black_to_move: bool) -> [Bitboard; 3] {
        let same = |r: &Record| r.wk == wk && r.wr == wr && r.black_to_move == black_to_move;
        let Some(first) = self
            .records
            .iter()
            .position(|r| same(r) && r.set.contains(q))
        else {
            return [Bitboard::EMPTY; 3];
        };
        let mut by = [self.records[first].set, Bitboard::EMPTY, Bitboard::EMPTY];
        let visit = |by: &mut [Bitboard; 3]| {
            for k in (0..2).rev() {
                if by[k].contains(q) {
                    by[k].discard(q);
                    by[k + 1].add(q);
                }
            }
        };
        visit(&mut by);
        for r in &self.records[first + 1..] {
            for b in &mut by {
                *b = if r.black_to_move {
                    *b & r.set
                } else {
                    crate::krk::solver::neighbours(*b) & r.set
                };
            }
            if same(r) {
                visit(&mut by);
            }
        }
        by
    }

    /// How many of the positions an attempt may lead to (after White's move, and after
    /// Black's reply) may already have occurred twice on a king path consistent with what
    /// White heard (a third occurrence would draw under automatic threefold repetition).
    pub fn danger(&self, m: &Meta, a: Attempt) -> u32 {
        let (wk, wr) = m.moved(a);
        let (black, white) = (self.twice(wk, wr, true), self.twice(wk, wr, false));
        if black.is_empty() && white.is_empty() {
            return 0;
        }
        let mut n = 0;
        for (ans, squares) in m.split(a) {
            if !matches!(
                ans,
                Answer::Legal {
                    no_moves: false,
                    ..
                }
            ) {
                continue;
            }
            for q in squares & black {
                if (self.visits(wk, wr, q, true)[2] & squares).contains(q) {
                    n += 1;
                }
            }
            if let Some(next) = Meta::black_metamove(wk, wr, squares) {
                for q in next & white {
                    let twice_here = self.visits(wk, wr, q, false)[2] & squares;
                    if crate::krk::solver::neighbours(twice_here).contains(q) {
                        n += 1;
                    }
                }
            }
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(squares: &[Square]) -> Bitboard {
        squares.iter().copied().collect()
    }

    /// Two points with White's pieces on (a1, h2) and White to move, with a8 possible at both;
    /// whether a8 may also be the king's square after White's move in between decides whether
    /// one king could have stood on a8 both times.
    fn history(a8_after_white: bool) -> History {
        use Square::*;
        let (p, q) = ((A1, H2), (B1, H2));
        let mut h = History::default();
        h.record(p.0, p.1, set(&[A8, C8]), false);
        let answer = if a8_after_white {
            set(&[A8, C8])
        } else {
            set(&[C8])
        };
        h.record(q.0, q.1, answer, true);
        h.record(q.0, q.1, set(&[B8]), false);
        h.record(p.0, p.1, set(&[B8]), true);
        h.record(p.0, p.1, set(&[A8, C8]), false);
        h
    }

    #[test]
    fn a_position_counts_twice_only_along_one_king_path() {
        use Square::*;
        for a8_after_white in [false, true] {
            let h = history(a8_after_white);
            // The quick filter sees a8 (and c8) possible twice either way...
            assert_eq!(h.twice(A1, H2, false), set(&[A8, C8]));
            // ...but a king on a8 at the start could come back only if the answer kept it.
            let by = h.visits(A1, H2, A8, false);
            assert_eq!(by[2].contains(A8), a8_after_white, "{a8_after_white}");
            // c8 at the start always reaches a8 (through b8), visiting a8 once.
            assert!(by[1].contains(A8) || by[2].contains(A8));
            // c8 -> b8 -> c8 is always possible.
            assert!(h.visits(A1, H2, C8, false)[2].contains(C8));
        }
    }

    #[test]
    fn forget_undoes_record() {
        use Square::*;
        let mut h = history(true);
        let before = h.records.len();
        h.record(B1, H2, set(&[B7]), true);
        h.forget(B1, H2, set(&[B7]), true);
        assert_eq!(h.records.len(), before);
        // A mismatched forget leaves the history alone.
        h.forget(B1, H2, set(&[B6]), true);
        assert_eq!(h.records.len(), before);
    }
}
