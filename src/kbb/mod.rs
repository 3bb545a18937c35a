//! King and two bishops against King, surely, from Ferguson's edge formation (king b4, bishops
//! b3 and c3; T. S. Ferguson, "Mate with two bishops in Kriegspiel": mate can be forced
//! surely from there, within 32 moves by his strategy, though not from the centre). The
//! strategy solved here mates from there within 27 moves.
//!
//! White knows its three pieces and a set of squares where the black king may stand (a
//! [`Meta`], White to move). An attempt splits the set by the referee's answers: refused (the
//! king stands in the way: on a square the bishop crosses, or next to the king's target),
//! mate, or legal with or without a check. The answer "check" is taken without its direction
//! (less than the referee says, so a strategy for it holds for every rule set's wording). After
//! the answer the king steps, and the squares it may step to are kept exactly. An attempt is
//! *safe* when no world lets the king take a bishop or be stalemated. Every set kept holds
//! what White really knows (or more, where the referee names the check's direction), so a
//! strategy that mates in this game mates in the real one.
//!
//! Kept exactly, the sets make a larger game than an earlier version that replaced any set of
//! more than a few squares by every square the king could reach through unattacked squares: that
//! forgot how far the king can have gone (a check puts it on one diagonal; one step later it
//! may stand on some 15 squares, not the whole region). From the formation that version proved
//! 45 moves keeping sets of up to 4 squares, 36 up to 8 (5.3 million states), 34 up to 12 and
//! up to 16 (10.8 and 17.5 million); exact sets prove 27 (47.6 million states: 7 minutes and
//! 9.3 GB to solve).
//!
//! [`solve`] finds such a strategy from the formation by value iteration over every state it
//! can reach (47.6 million), and keeps the states the strategy reaches from there, then from
//! every other solved state of the game where the king may stand anywhere (so a game from
//! elsewhere meets them: 115,405 states in all); [`store`] ships it and proves it on
//! load ([`Strategy::verify`]). The strong bot asks [`Strategy::next`] with its own pieces and
//! the king tracker's set, under the board's eight symmetries, and its lone-king search steers
//! towards positions the strategy covers.

pub mod solve;
pub mod store;

use crate::attempt::Attempt;
use shakmaty::{Bitboard, Square, attacks};

pub use store::{Strategy, StrategyError};

/// The most entries the shipped strategy keeps (about 14 bytes each before deflating).
pub const SHIPPED: usize = 150_000;

/// What White knows with White to move: its king, its bishop on a light square, its bishop on
/// a dark square, and the squares where the black king may stand.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Meta {
    pub king: Square,
    pub light: Square,
    pub dark: Square,
    pub kings: Bitboard,
}

/// What one attempt leads to: the narrowed set when refused, the state after the king's step
/// for each answer heard, and whether some world is mated.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Refused in these worlds (White tries again, nothing moved).
    pub refused: Option<Meta>,
    /// Legal without a check: the next state.
    pub quiet: Option<Meta>,
    /// Legal with a check that does not mate: the next state.
    pub check: Option<Meta>,
    /// Mate in some world.
    pub mates: bool,
}

/// Every square one of White's pieces attacks (the black king does not block a line: it
/// moves along it).
pub fn attacked(king: Square, light: Square, dark: Square) -> Bitboard {
    let occupied = Bitboard::from_square(king).with(light).with(dark);
    attacks::king_attacks(king)
        | attacks::bishop_attacks(light, occupied)
        | attacks::bishop_attacks(dark, occupied)
}

impl Meta {
    /// Ferguson's formation: king b4, bishops b3 and c3, the black king anywhere it may stand.
    pub fn formation() -> Meta {
        Meta::start(Square::B4, Square::B3, Square::C3)
    }

    /// White's pieces on these squares (one bishop on each colour) and the black king anywhere
    /// it may stand with White to move.
    pub fn start(king: Square, light: Square, dark: Square) -> Meta {
        let mut m = Meta {
            king,
            light,
            dark,
            kings: Bitboard::EMPTY,
        };
        m.kings = !attacked(king, light, dark) & !m.occupied();
        m
    }

    fn occupied(&self) -> Bitboard {
        Bitboard::from_square(self.king)
            .with(self.light)
            .with(self.dark)
    }

    /// White's attempts (geometry only: what the black king refuses is [`Meta::play`]'s), each
    /// with the squares where a black king makes it illegal.
    fn attempts(&self) -> Vec<(Attempt, Bitboard)> {
        let own = self.occupied();
        let mut out = Vec::with_capacity(32);
        for to in attacks::king_attacks(self.king) & !own {
            out.push((Attempt::new(self.king, to), attacks::king_attacks(to)));
        }
        for b in [self.light, self.dark] {
            for to in attacks::bishop_attacks(b, own) & !own {
                out.push((Attempt::new(b, to), attacks::between(b, to)));
            }
        }
        out
    }

    /// Every safe attempt that is legal in some world, with its outcome.
    pub fn outcomes(&self) -> Vec<(Attempt, Outcome)> {
        self.attempts()
            .into_iter()
            .filter_map(|(a, block)| self.outcome(a, block).map(|o| (a, o)))
            .collect()
    }

    /// The outcome of `a`; `None` when it is not one of White's attempts, is refused in every
    /// world, or is unsafe.
    pub fn play(&self, a: Attempt) -> Option<Outcome> {
        let (_, block) = self.attempts().into_iter().find(|(b, _)| *b == a)?;
        self.outcome(a, block)
    }

    fn outcome(&self, a: Attempt, block: Bitboard) -> Option<Outcome> {
        let legal = self.kings & !block;
        if legal.is_empty() {
            return None;
        }
        let mut next = *self;
        if a.from == self.king {
            next.king = a.to;
        } else if a.from == self.light {
            next.light = a.to;
        } else {
            next.dark = a.to;
        }
        let attacked = attacked(next.king, next.light, next.dark);
        let open = !attacked & !next.occupied();
        let defended = attacks::king_attacks(next.king);
        let loose = (Bitboard::from_square(next.light).with(next.dark)) & !defended;
        let (mut quiet, mut check, mut mates) = (Bitboard::EMPTY, Bitboard::EMPTY, false);
        for k in legal {
            let around = attacks::king_attacks(k);
            if (around & loose).any() {
                return None; // the king may take a bishop
            }
            let steps = around & open;
            let checked = attacked.contains(k);
            match (checked, steps.is_empty()) {
                (true, true) => mates = true,
                (false, true) => return None, // stalemate
                (true, false) => check |= steps,
                (false, false) => quiet |= steps,
            }
        }
        let after = |kings: Bitboard| kings.any().then_some(Meta { kings, ..next });
        let refused = self.kings & block;
        Some(Outcome {
            refused: refused.any().then_some(Meta {
                kings: refused,
                ..*self
            }),
            quiet: after(quiet),
            check: after(check),
            mates,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Board, Color};

    fn set(squares: &[Square]) -> Bitboard {
        squares.iter().fold(Bitboard::EMPTY, |b, &s| b.with(s))
    }

    #[test]
    fn the_formation_leaves_the_king_every_square_it_may_stand_on() {
        let m = Meta::formation();
        // Not its own pieces' squares, not the squares they attack (a4 by the b3 bishop, a5
        // by the king, d4 and h8 by the c3 bishop), but far squares and the corners behind.
        for sq in [
            Square::B4,
            Square::B3,
            Square::C3,
            Square::A4,
            Square::A5,
            Square::D4,
            Square::H8,
        ] {
            assert!(!m.kings.contains(sq), "{sq}");
        }
        for sq in [Square::H7, Square::A8, Square::B1, Square::H1] {
            assert!(m.kings.contains(sq), "{sq}");
        }
    }

    #[test]
    fn an_attempt_is_refused_where_the_king_stands_in_the_way_and_unsafe_next_to_a_loose_bishop() {
        let m = Meta {
            kings: set(&[Square::E6, Square::H6]),
            ..Meta::formation()
        };
        // The c3 bishop to g7 crosses d4, e5, f6: refused nowhere here, legal in both worlds;
        // on g7 it is next to h6 and undefended: a king there may take it.
        assert_eq!(m.play(Attempt::new(Square::C3, Square::G7)), None);
        // Bb3-f7 crosses c4, d5, e6: refused where the king stands on e6.
        let o = m
            .play(Attempt::new(Square::B3, Square::F7))
            .expect("safe where legal: f7 is not next to h6");
        assert_eq!(o.refused.map(|r| r.kings), Some(set(&[Square::E6])));
        assert!(!o.mates);
    }

    #[test]
    fn the_shipped_strategy_is_proven_and_mates_from_the_formation_within_27_moves() {
        let s = Strategy::get().expect("the shipped strategy loads and verifies");
        let start = s.formation().expect("covers the formation");
        assert!(start.moves <= 27, "{}", start.moves);
        assert!(s.len() > 1_000);
    }

    #[test]
    fn a_strategy_claiming_fewer_moves_than_it_needs_is_refused() {
        let s = Strategy::get().expect("the shipped strategy");
        let bytes = s.to_compressed();
        let mut raw = miniz_oxide::inflate::decompress_to_vec(&bytes).expect("deflate");
        // The first entry needing more than one move claims a mate in one.
        let at = raw
            .chunks_exact(14)
            .position(|c| c[13] > 1)
            .expect("an entry with more than one move");
        raw[at * 14 + 13] = 1;
        let tampered = miniz_oxide::deflate::compress_to_vec(&raw, 6);
        let t = Strategy::from_compressed(&tampered).expect("reads");
        assert!(matches!(t.verify(), Err(StrategyError::Unproven(..))));
        assert!(Strategy::from_compressed(b"not deflate").is_err());
    }

    #[test]
    fn the_bot_finds_the_formation_under_each_symmetry() {
        let s = Strategy::get().expect("the shipped strategy");
        let f = Meta::formation();
        let first = s.formation().expect("covers the formation").attempt;
        for t in 0..8u8 {
            let map = |sq| crate::krk::transform(sq, t);
            let mut own = Board::empty();
            own.set_piece_at(map(f.king), Color::Black.king());
            own.set_piece_at(map(f.light), Color::Black.bishop());
            own.set_piece_at(map(f.dark), Color::Black.bishop());
            let kings = f
                .kings
                .into_iter()
                .map(map)
                .fold(Bitboard::EMPTY, Bitboard::with);
            let (a, moves) = s
                .next(&own, Color::Black, kings, &|_| true)
                .expect("covered");
            assert_eq!(
                (a.from, a.to),
                (map(first.from), map(first.to)),
                "symmetry {t}"
            );
            assert!(moves <= 27);
            // A king square outside the formation's set is not covered.
            assert_eq!(
                s.next(&own, Color::Black, kings.with(map(Square::A4)), &|_| true),
                None
            );
        }
    }
}
