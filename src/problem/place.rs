//! Expanding a problem's uncertain units into true positions, bounded: the placements are
//! counted before any is made ([`count`], refused over [`MAX_PLACEMENTS`]), identical units are
//! placed once per set of squares (not once per order), and the expansion stops at a deadline.

use super::ProblemError;
use crate::referee::Referee;
use crate::rules::RuleSet;
use shakmaty::{Bitboard, Piece, Setup, Square};
use std::time::Instant;

/// The most placements of its uncertain units a problem may have (each legal one is a position
/// kept in memory, some 700 bytes: about 350 MB at most).
pub const MAX_PLACEMENTS: u128 = 500_000;

/// How many placements are made between two looks at the clock.
const CLOCK_EVERY: u64 = 256;

/// Identical uncertain units: the piece, the squares each may stand on, how many.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Group {
    piece: Piece,
    squares: Bitboard,
    count: usize,
}

/// `units` gathered into groups of identical ones, in the order they first appear.
fn groups(units: &[(Piece, Bitboard)]) -> Vec<Group> {
    let mut out: Vec<Group> = Vec::new();
    for &(piece, squares) in units {
        match out
            .iter_mut()
            .find(|g| g.piece == piece && g.squares == squares)
        {
            Some(group) => group.count += 1,
            None => out.push(Group {
                piece,
                squares,
                count: 1,
            }),
        }
    }
    out
}

/// How many placements [`expand`] makes for `units` (legal or not): for each group of identical
/// units, the ways to choose their squares, multiplied (exact when the groups' squares do not
/// overlap, more than the placements when they do; saturating).
pub fn count(units: &[(Piece, Bitboard)]) -> u128 {
    groups(units).iter().fold(1u128, |all, g| {
        all.saturating_mul(choose(g.squares.count() as u128, g.count))
    })
}

/// The binomial coefficient `n` choose `k` (saturating).
fn choose(n: u128, k: usize) -> u128 {
    let k = k as u128;
    if k > n {
        return 0;
    }
    // C(n, i + 1) = C(n, i) * (n - i) / (i + 1), exact at every step.
    (0..k.min(n - k)).fold(1u128, |c, i| c.saturating_mul(n - i) / (i + 1))
}

/// Every legal position with `units` placed on `known`'s free squares that is not already over
/// at the start: refused when [`count`] is over [`MAX_PLACEMENTS`], stopped at `deadline`.
pub fn expand(
    rules: &RuleSet,
    known: &Setup,
    units: &[(Piece, Bitboard)],
    deadline: Option<Instant>,
) -> Result<Vec<Referee>, ProblemError> {
    let placements = count(units);
    if placements > MAX_PLACEMENTS {
        return Err(ProblemError::TooMany(placements));
    }
    let mut placing = Placing {
        rules,
        deadline,
        out: Vec::new(),
        made: 0,
    };
    let mut setup = known.clone();
    match groups(units).split_first() {
        Some((first, rest)) => placing.place(&mut setup, *first, rest)?,
        None => placing.keep(&setup),
    }
    Ok(placing.out)
}

/// An expansion under way.
struct Placing<'a> {
    rules: &'a RuleSet,
    deadline: Option<Instant>,
    out: Vec<Referee>,
    /// Placements made (and partial ones), for the clock.
    made: u64,
}

impl Placing<'_> {
    /// Places `head`'s units (each on a square after the one before: identical units are placed
    /// once per set of squares), then the `rest`; keeps each legal position not over at once.
    fn place(
        &mut self,
        setup: &mut Setup,
        head: Group,
        rest: &[Group],
    ) -> Result<(), ProblemError> {
        self.made += 1;
        if self.made.is_multiple_of(CLOCK_EVERY)
            && self.deadline.is_some_and(|d| Instant::now() >= d)
        {
            return Err(ProblemError::OutOfTime);
        }
        if head.count == 0 {
            return match rest.split_first() {
                Some((next, more)) => self.place(setup, *next, more),
                None => {
                    self.keep(setup);
                    Ok(())
                }
            };
        }
        for sq in head.squares & !setup.board.occupied() {
            setup.board.set_piece_at(sq, head.piece);
            let later = Group {
                squares: head.squares & above(sq),
                count: head.count - 1,
                ..head
            };
            let placed = self.place(setup, later, rest);
            setup.board.discard_piece_at(sq);
            placed?;
        }
        Ok(())
    }

    /// Keeps `setup` if it is a legal position not over at the start.
    fn keep(&mut self, setup: &Setup) {
        if let Ok((referee, _)) = Referee::new(self.rules.clone(), setup.clone())
            && referee.over().is_none()
        {
            self.out.push(referee);
        }
    }
}

/// The squares after `sq` (in shakmaty's order, a1 = 0 to h8 = 63).
fn above(sq: Square) -> Bitboard {
    Bitboard(u64::MAX.checked_shl(u32::from(sq) + 1).unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pawns(n: usize, squares: Bitboard) -> Vec<(Piece, Bitboard)> {
        let pawn = Piece::from_char('p').expect("a pawn");
        vec![(pawn, squares); n]
    }

    #[test]
    fn identical_units_are_counted_once_per_set_of_squares() {
        assert_eq!(choose(60, 4), 487_635);
        assert_eq!(choose(4, 5), 0);
        assert_eq!(choose(64, 0), 1);
        assert_eq!(count(&pawns(4, Bitboard(!0b1111))), 487_635);
        assert_eq!(count(&pawns(15, Bitboard(!0b1111))), 53_194_089_192_720);
        let knight = Piece::from_char('n').expect("a knight");
        let mut mixed = pawns(2, Bitboard(0b1111));
        mixed.push((knight, Bitboard(0b11 << 8)));
        assert_eq!(count(&mixed), 6 * 2);
    }

    #[test]
    fn the_squares_after_one_are_those_above_it() {
        assert_eq!(above(Square::H8), Bitboard::EMPTY);
        assert_eq!(above(Square::A1), Bitboard(!1));
        assert_eq!(above(Square::G8), Bitboard::from(Square::H8));
    }
}
