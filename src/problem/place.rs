//! Expanding a problem's uncertain units into true positions, bounded: the placements are
//! counted before any is made ([`count`], refused over [`MAX_PLACEMENTS`]), identical units are
//! placed once per set of squares (not once per order), and the expansion stops at a deadline.

use super::ProblemError;
use super::Unit;
use crate::referee::Referee;
use crate::rules::RuleSet;
use shakmaty::{Piece, Setup, Square};
use std::time::Instant;

/// The most placements of its uncertain units a problem may have (each legal one is a position
/// kept in memory, some 700 bytes: about 350 MB at most).
pub const MAX_PLACEMENTS: u128 = 500_000;

/// How many placements are made between two looks at the clock.
const CLOCK_EVERY: u64 = 256;

/// Identical uncertain units: what each may be (a piece on a square), whether it may be absent,
/// how many.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Group {
    options: Vec<(Piece, Square)>,
    optional: bool,
    count: usize,
}

/// `units` gathered into groups of identical ones, in the order they first appear.
fn groups(units: &[Unit]) -> Vec<Group> {
    let mut out: Vec<(&Unit, usize)> = Vec::new();
    for unit in units {
        match out.iter_mut().find(|(u, _)| *u == unit) {
            Some((_, count)) => *count += 1,
            None => out.push((unit, 1)),
        }
    }
    out.into_iter()
        .map(|(unit, count)| Group {
            options: unit
                .kinds
                .iter()
                .flat_map(|&(piece, squares)| squares.into_iter().map(move |sq| (piece, sq)))
                .collect(),
            optional: unit.optional,
            count,
        })
        .collect()
}

/// How many placements [`expand`] makes for `units` (legal or not): for each group of identical
/// units, the ways to choose what they are and where (as many as may be present), multiplied
/// (exact when no two options can collide, more than the placements when they can; saturating).
pub fn count(units: &[Unit]) -> u128 {
    groups(units).iter().fold(1u128, |all, g| {
        let n = g.options.len() as u128;
        let least = if g.optional { 0 } else { g.count };
        let ways = (least..=g.count).fold(0u128, |sum, m| sum.saturating_add(choose(n, m)));
        all.saturating_mul(ways)
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
    units: &[Unit],
    deadline: Option<Instant>,
) -> Result<Vec<Referee>, ProblemError> {
    let placements = count(units);
    if placements > MAX_PLACEMENTS {
        return Err(ProblemError::TooMany(placements));
    }
    let mut placing = Placing {
        rules,
        deadline,
        groups: groups(units),
        out: Vec::new(),
        made: 0,
    };
    let mut setup = known.clone();
    placing.place(&mut setup, 0, 0, 0)?;
    Ok(placing.out)
}

/// An expansion under way.
struct Placing<'a> {
    rules: &'a RuleSet,
    deadline: Option<Instant>,
    groups: Vec<Group>,
    out: Vec<Referee>,
    /// Placements made (and partial ones), for the clock.
    made: u64,
}

impl Placing<'_> {
    /// Places the units of group `g` from its `placed`-th on, each on an option after `from`
    /// (identical units are placed once per set of options: in increasing order, the absent
    /// ones last), then the later groups; keeps each legal position not over at once.
    fn place(
        &mut self,
        setup: &mut Setup,
        g: usize,
        placed: usize,
        from: usize,
    ) -> Result<(), ProblemError> {
        self.made += 1;
        if self.made.is_multiple_of(CLOCK_EVERY)
            && self.deadline.is_some_and(|d| Instant::now() >= d)
        {
            return Err(ProblemError::OutOfTime);
        }
        let Some(group) = self.groups.get(g) else {
            self.keep(setup);
            return Ok(());
        };
        let (count, optional) = (group.count, group.optional);
        if placed == count || optional {
            // Done with the group, or (where they may be absent) the rest of it absent.
            self.place(setup, g + 1, 0, 0)?;
            if placed == count {
                return Ok(());
            }
        }
        for i in from..self.groups[g].options.len() {
            let (piece, sq) = self.groups[g].options[i];
            if setup.board.occupied().contains(sq) {
                continue;
            }
            setup.board.set_piece_at(sq, piece);
            let placed = self.place(setup, g, placed + 1, i + 1);
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

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Bitboard;

    fn unit(letter: char, squares: Bitboard, optional: bool) -> Unit {
        let piece = Piece::from_char(letter).expect("a piece letter");
        Unit {
            kinds: vec![(piece, squares)],
            optional,
        }
    }

    fn pawns(n: usize, squares: Bitboard) -> Vec<Unit> {
        vec![unit('p', squares, false); n]
    }

    #[test]
    fn identical_units_are_counted_once_per_set_of_squares() {
        assert_eq!(choose(60, 4), 487_635);
        assert_eq!(choose(4, 5), 0);
        assert_eq!(choose(64, 0), 1);
        assert_eq!(count(&pawns(4, Bitboard(!0b1111))), 487_635);
        assert_eq!(count(&pawns(15, Bitboard(!0b1111))), 53_194_089_192_720);
        let mut mixed = pawns(2, Bitboard(0b1111));
        mixed.push(unit('n', Bitboard(0b11 << 8), false));
        assert_eq!(count(&mixed), 6 * 2);
    }

    #[test]
    fn a_unit_that_may_be_absent_or_of_several_kinds_counts_each_choice() {
        // A pawn on one of three squares, or none: four choices.
        assert_eq!(count(&[unit('p', Bitboard(0b111 << 32), true)]), 4);
        // Two such pawns: none, one of three, or two of three.
        assert_eq!(
            count(&vec![unit('p', Bitboard(0b111 << 32), true); 2]),
            1 + 3 + 3
        );
        // One of queen, rook, bishop or knight on one square.
        let kinds = "qrbn"
            .chars()
            .map(|c| (Piece::from_char(c).expect("a piece"), Bitboard(1 << 4)))
            .collect();
        assert_eq!(
            count(&[Unit {
                kinds,
                optional: false
            }]),
            4
        );
    }
}
