//! King and Rook against King on metapositions (seed 004).
//!
//! White knows its king and rook and keeps the exact set of squares where the black king may
//! stand (a [`Meta`]). Every attempt White makes splits that set by the referee's possible
//! answers (illegal; legal and silent; legal with a check along the rank or the file; mate;
//! stalemate); every Black turn replaces it by every king step minus the squares White attacks.
//! The set never loses the true square, because every update keeps exactly the squares
//! consistent with what White heard.
//!
//! [`players`] holds the paper's player (its search and evaluation) and ours, which plays the
//! strategy [`solver`] proves; [`defenders`] the black kings; [`run`] plays games through the
//! real referee and explores the adversary's tree.

pub mod defenders;
pub mod players;
pub mod practice;
pub mod run;
pub mod solver;

use crate::announce::{CheckDirection, Item};
use crate::attempt::Attempt;
use shakmaty::{Bitboard, Square, attacks};

/// What White knows: its pieces, and where the black king may be.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Meta {
    /// White king.
    pub wk: Square,
    /// White rook.
    pub wr: Square,
    /// Possible black king squares.
    pub bk: Bitboard,
}

/// The referee's answer to one White attempt, for one true black king square.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Answer {
    /// The attempt is illegal.
    Illegal,
    /// Legal; the position after it.
    Legal {
        /// A rook check, and along which line.
        check: Option<CheckDirection>,
        /// The black king has no legal move (checkmate if in check, else stalemate).
        no_moves: bool,
    },
}

/// Where one answer to a White attempt leads ([`Meta::branches`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Branch {
    /// Illegal: White tries again, knowing the king is on one of these squares.
    Refused(Meta),
    /// Checkmate.
    Mate,
    /// Stalemate (a draw).
    Stalemate,
    /// Legal, but some king it leaves possible can take the rook.
    RookLost,
    /// Legal and the game goes on: the squares that gave this answer (Black to move), then
    /// White's knowledge after Black's move.
    Moved {
        /// Possible king squares right after White's move.
        answered: Bitboard,
        /// White to move again.
        next: Meta,
    },
}

/// Squares attacked by the white pieces (the rook's attacks pass through the black king's
/// square, which it vacates when it moves).
pub fn white_attacks(wk: Square, wr: Square) -> Bitboard {
    attacks::king_attacks(wk) | attacks::rook_attacks(wr, Bitboard::from_square(wk))
}

/// Whether the rook stands next to its own king (and so is defended).
pub fn rook_defended(wk: Square, wr: Square) -> bool {
    attacks::king_attacks(wk).contains(wr)
}

/// The black king's legal steps from `bk` with White's pieces on `wk`, `wr`.
pub fn black_steps(wk: Square, wr: Square, bk: Square) -> Bitboard {
    let mut steps = attacks::king_attacks(bk) & !white_attacks(wk, wr) & !Bitboard::from_square(wk);
    if steps.contains(wr) && rook_defended(wk, wr) {
        steps.discard(wr);
    }
    steps
}

/// The rook checks a black king on `bk`.
pub fn rook_checks(wk: Square, wr: Square, bk: Square) -> bool {
    attacks::rook_attacks(wr, Bitboard::from_square(wk)).contains(bk)
}

/// Legal black king squares with White to move (maximum uncertainty for White).
pub fn start_set(wk: Square, wr: Square) -> Bitboard {
    !(attacks::king_attacks(wk).with(wk).with(wr)
        | attacks::rook_attacks(wr, Bitboard::from_square(wk)))
}

/// Whether (`wk`, `wr`) is a placement White may have on move with some black king.
pub fn valid_placement(wk: Square, wr: Square) -> bool {
    wk != wr && start_set(wk, wr).any()
}

impl Meta {
    /// White's knowledge at the start: every legal black king square.
    pub fn start(wk: Square, wr: Square) -> Meta {
        Meta {
            wk,
            wr,
            bk: start_set(wk, wr),
        }
    }

    /// White's possible attempts: king steps not onto the rook, rook moves not through the king.
    pub fn attempts(&self) -> Vec<Attempt> {
        let own = Bitboard::from_square(self.wk).with(self.wr);
        let mut out = Vec::with_capacity(24);
        for to in attacks::king_attacks(self.wk) & !own {
            out.push(Attempt::new(self.wk, to));
        }
        for to in attacks::rook_attacks(self.wr, own) & !own {
            out.push(Attempt::new(self.wr, to));
        }
        out
    }

    /// The answer to `a` if the black king stands on `bk`.
    pub fn answer(&self, a: Attempt, bk: Square) -> Answer {
        let (wk, wr) = if a.from == self.wk {
            if attacks::king_attacks(a.to).with(a.to).contains(bk) {
                return Answer::Illegal;
            }
            (a.to, self.wr)
        } else {
            if attacks::between(a.from, a.to).with(a.to).contains(bk) {
                return Answer::Illegal;
            }
            (self.wk, a.to)
        };
        let check = rook_checks(wk, wr, bk).then(|| {
            if wr.rank() == bk.rank() {
                CheckDirection::Rank
            } else {
                CheckDirection::File
            }
        });
        Answer::Legal {
            check,
            no_moves: black_steps(wk, wr, bk).is_empty(),
        }
    }

    /// The White pieces after a legal attempt.
    pub fn moved(&self, a: Attempt) -> (Square, Square) {
        if a.from == self.wk {
            (a.to, self.wr)
        } else {
            (self.wk, a.to)
        }
    }

    /// Where each answer to `a` leads White, in the order of [`Meta::split`]: the search step
    /// shared by the adversary and our player's lookahead.
    pub fn branches(&self, a: Attempt) -> Vec<Branch> {
        self.split(a)
            .into_iter()
            .map(|(ans, squares)| match ans {
                Answer::Illegal => Branch::Refused(Meta {
                    bk: squares,
                    ..*self
                }),
                Answer::Legal {
                    check: Some(_),
                    no_moves: true,
                } => Branch::Mate,
                Answer::Legal {
                    check: None,
                    no_moves: true,
                } => Branch::Stalemate,
                Answer::Legal { .. } => {
                    let (wk, wr) = self.moved(a);
                    match Meta::black_metamove(wk, wr, squares) {
                        Some(bk) => Branch::Moved {
                            answered: squares,
                            next: Meta { wk, wr, bk },
                        },
                        None => Branch::RookLost,
                    }
                }
            })
            .collect()
    }

    /// Splits the black king set by the answers `a` can get: every distinct answer with the
    /// squares that give it (empty answers left out).
    pub fn split(&self, a: Attempt) -> Vec<(Answer, Bitboard)> {
        let mut out: Vec<(Answer, Bitboard)> = Vec::with_capacity(5);
        for s in self.bk {
            let ans = self.answer(a, s);
            match out.iter_mut().find(|(x, _)| *x == ans) {
                Some((_, b)) => b.add(s),
                None => out.push((ans, Bitboard::from_square(s))),
            }
        }
        out
    }

    /// Whether `a` could be legal for some possible black king square.
    pub fn may_be_legal(&self, a: Attempt) -> bool {
        self.bk
            .into_iter()
            .any(|s| self.answer(a, s) != Answer::Illegal)
    }

    /// After White's legal move (pieces now `wk`, `wr`, black king in `bk`): Black's move. The
    /// new set is every legal king step from every possible square; `None` if the black king
    /// could capture the rook from one of them.
    pub fn black_metamove(wk: Square, wr: Square, bk: Bitboard) -> Option<Bitboard> {
        let mut out = Bitboard::EMPTY;
        for s in bk {
            let steps = black_steps(wk, wr, s);
            if steps.contains(wr) {
                return None;
            }
            out |= steps;
        }
        Some(out)
    }

    /// Updates the set from White's own attempt `a` and what White heard.
    pub fn after_white(&mut self, a: Attempt, heard: &[Item]) {
        let illegal = heard.contains(&Item::Illegal) || heard.contains(&Item::Impossible);
        let check = heard.iter().find_map(|i| match i {
            Item::Check(d) => Some(*d),
            _ => None,
        });
        let ended = heard
            .iter()
            .any(|i| matches!(i, Item::Checkmate | Item::Stalemate));
        let keep: Bitboard = self
            .bk
            .into_iter()
            .filter(|s| match self.answer(a, *s) {
                Answer::Illegal => illegal,
                Answer::Legal { check: c, no_moves } => !illegal && c == check && no_moves == ended,
            })
            .collect();
        self.bk = keep;
        if !illegal {
            let (wk, wr) = self.moved(a);
            self.wk = wk;
            self.wr = wr;
        }
    }

    /// Updates the set from Black's turn: Black tried `refused` distinct king steps that were
    /// illegal (heard only in rule sets where illegal attempts are public), then moved.
    pub fn after_black(&mut self, refused: usize) {
        let candidates: Bitboard = self
            .bk
            .into_iter()
            .filter(|s| {
                let illegal_steps = attacks::king_attacks(*s) & !black_steps(self.wk, self.wr, *s);
                illegal_steps.count() >= refused
            })
            .collect();
        let mut out = Bitboard::EMPTY;
        for s in candidates {
            out |= black_steps(self.wk, self.wr, s);
        }
        self.bk = out;
    }
}

/// Whether no White attempt from the start (maximum uncertainty) keeps the rook safe: for every
/// attempt some possible black king square gets a legal answer after which that king can take
/// the rook (or is stalemated). From such a start no player can guarantee a mate.
pub fn rook_always_exposed(wk: Square, wr: Square) -> bool {
    let m = Meta::start(wk, wr);
    m.attempts().into_iter().all(|a| {
        let split = m.split(a);
        !split.iter().any(|(ans, _)| *ans != Answer::Illegal)
            || split.into_iter().any(|(ans, squares)| match ans {
                Answer::Illegal => false,
                Answer::Legal {
                    check: None,
                    no_moves: true,
                } => true,
                Answer::Legal { .. } => {
                    let (k, r) = m.moved(a);
                    Meta::black_metamove(k, r, squares).is_none()
                }
            })
    })
}

/// The sign of a square under one of the eight board symmetries (for placements).
pub fn transform(sq: Square, t: u8) -> Square {
    let (mut f, mut r) = (u32::from(sq.file()), u32::from(sq.rank()));
    if t & 1 != 0 {
        f = 7 - f;
    }
    if t & 2 != 0 {
        r = 7 - r;
    }
    if t & 4 != 0 {
        std::mem::swap(&mut f, &mut r);
    }
    Square::from_coords(shakmaty::File::new(f), shakmaty::Rank::new(r))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_set_is_every_legal_square() {
        let m = Meta::start(Square::E1, Square::A1);
        assert!(!m.bk.contains(Square::A8), "on the rook's file");
        assert!(
            m.bk.contains(Square::H1),
            "the rook's rank is blocked by the king on e1"
        );
        assert!(!m.bk.contains(Square::E2), "next to the king");
        assert!(m.bk.contains(Square::E5));
    }

    #[test]
    fn answers_split_the_set() {
        let m = Meta {
            wk: Square::C3,
            wr: Square::H2,
            bk: [Square::A1, Square::D5, Square::H8].into_iter().collect(),
        };
        // Rook to h8: illegal if the king is on h8, else a rank check on d5? no: d5 is not on
        // rank 8. Rook to d2: file check on d5.
        let split = m.split(Attempt::new(Square::H2, Square::D2));
        assert_eq!(split.len(), 2);
        assert!(split.iter().any(|(a, b)| matches!(
            a,
            Answer::Legal {
                check: Some(CheckDirection::File),
                ..
            }
        ) && b.contains(Square::D5)));
    }

    #[test]
    fn rook_capture_is_seen_coming() {
        // Black king on b2 may take the undefended rook on a1.
        assert_eq!(
            Meta::black_metamove(Square::H8, Square::A1, Bitboard::from_square(Square::B2)),
            None
        );
        // Defended: not a step.
        let after = Meta::black_metamove(Square::B1, Square::A2, Bitboard::from_square(Square::C3))
            .expect("safe");
        assert!(!after.contains(Square::A2));
    }
}
