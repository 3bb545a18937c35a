//! How many positions a seat thought possible: the one count the review's text and its chart
//! both show ([`Knowledge::count`]).
//!
//! A position here is a placement of the opponent's units (what the seat cannot see; its own
//! pieces it knows). The count is:
//!
//! - **exact** while the belief holds every consistent position (it is exact up to its cap):
//!   the distinct placements among its worlds;
//! - otherwise **estimated** from the belief's sample, as the lesser of two figures that both
//!   tend to run high: the sample's branching (each distinct placement kept stands for as many
//!   as each kept world stood for when the belief was last sampled down; positions two move
//!   orders reach are told apart only within the sample, so it compounds turn after turn) and
//!   the spread (for each kind of unit, the ways to put as many of them as a world has on the
//!   squares where the sample has one: the units taken as independent); never below the
//!   distinct placements the sample holds. Its error is not known beyond the bounds: the text
//!   says "about" and gives the upper bound. When the sample was lost (every kept world
//!   contradicted), the last estimate is carried;
//! - **always** within hard bounds: at least 1 (the true position is always possible) and at
//!   most the placements of the opponent's units that fit what the seat knows ([`bound`]).

use crate::belief::Belief;
use crate::view::PlayerView;
use shakmaty::{Bitboard, Color, Role};
use std::collections::HashSet;

/// How a count was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Every consistent position was held and counted.
    Exact,
    /// Estimated from a sample, within the bounds.
    Sampled,
    /// Estimated from a sample, and the estimate passed the upper bound: the bound is shown.
    AtBound,
    /// The sample was lost at this turn: the last estimate, carried (within the bounds).
    Carried,
}

/// How much one side knew at a point: the positions consistent with what it had heard.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Knowledge {
    /// How many (exact, or an estimate: see `method`), always from 1 to `bound`.
    pub positions: f64,
    /// Whether `positions` is exact (the belief held every consistent position).
    pub exact: bool,
    /// How `positions` was made.
    pub method: Method,
    /// The hard upper bound: the placements of the opponent's units that fit what the seat
    /// knows ([`bound`]).
    pub bound: f64,
}

impl Knowledge {
    /// `log2` of the count: the bits the side was missing (0 when it knew the position).
    pub fn bits(&self) -> f64 {
        self.positions.max(1.0).log2()
    }

    /// The count of what `view`'s seat knew, from its `belief` (`previous`: its count at the
    /// turn before, carried when the belief lost its sample).
    pub fn count(belief: &Belief, view: &PlayerView, previous: Option<Knowledge>) -> Knowledge {
        let bound = bound(view);
        let held = placements(belief);
        let (raw, method) = if belief.is_exact() {
            (held as f64, Method::Exact)
        } else if held == 0 {
            (previous.map_or(1.0, |k| k.positions), Method::Carried)
        } else {
            let branching = held as f64 * belief.scale();
            let estimate = branching.min(spread(belief)).max(held as f64);
            (estimate, Method::Sampled)
        };
        let method = if method == Method::Sampled && raw > bound {
            Method::AtBound
        } else {
            method
        };
        Knowledge {
            positions: raw.clamp(1.0, bound),
            exact: method == Method::Exact,
            method,
            bound,
        }
    }
}

/// The distinct placements of the opponent's units among `belief`'s worlds.
pub fn placements(belief: &Belief) -> usize {
    let enemy = !belief.color();
    let mut seen = HashSet::with_capacity(belief.worlds().len());
    for w in belief.worlds() {
        let board = w.true_board();
        let theirs = board.by_color(enemy);
        let key: [u64; 6] = Role::ALL.map(|r| u64::from(board.by_role(r) & theirs));
        seen.insert(key);
    }
    seen.len()
}

/// The spread of `belief`'s worlds: for each kind of enemy unit, C(squares where a world has
/// one, most of them in a world), multiplied together.
pub fn spread(belief: &Belief) -> f64 {
    let enemy = !belief.color();
    let mut squares = [Bitboard::EMPTY; 6];
    let mut most = [0u32; 6];
    for w in belief.worlds() {
        let board = w.true_board();
        let theirs = board.by_color(enemy);
        for (i, role) in Role::ALL.into_iter().enumerate() {
            let on = board.by_role(role) & theirs;
            squares[i] |= on;
            most[i] = most[i].max(on.count() as u32);
        }
    }
    (0..6)
        .map(|i| choose(squares[i].count() as u32, most[i]))
        .product::<f64>()
        .max(1.0)
}

/// What the seat of `view` knows of the opponent's units on the board: how many (`units`, its
/// king included) and at most how many are pawns (`pawns`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Army {
    /// The opponent's units on the board, its king included.
    pub units: u32,
    /// At most this many of them are pawns.
    pub pawns: u32,
}

/// The opponent's army as the seat of `view` knows it: the units it started with (the agreed
/// start, or the hidden start's count), less the captures the seat made; in Crazyhouse also
/// the seat's units it lost (into the opponent's pocket), less the opponent's pocket (public).
/// Pawns: those it started with less the pawns the seat heard itself take (any unit may be a
/// pawn once dropped, in Crazyhouse).
pub fn army(view: &PlayerView) -> Army {
    let enemy = !view.color;
    let mut started = view.opponent_units() as u32;
    // Semi-Kriegspiel: the start has no enemy king; its king and queen are placed at once.
    if view.perception.unseen.is_none()
        && (view.start.board.by_color(enemy) & view.start.board.kings()).is_empty()
    {
        started += 2;
    }
    let captures = view.own_capture_list();
    let taken = captures.len() as u32;
    let pawns_taken = captures
        .iter()
        .filter(|(_, u)| *u == Some(crate::announce::Unit::Pawn))
        .count() as u32;
    if view.rules.variant().pockets() {
        let pocket = |c: Color, p: &shakmaty::ByColor<shakmaty::ByRole<u8>>| -> u32 {
            p.get(c).iter().map(|n| u32::from(*n)).sum()
        };
        let start_pocket = view.start.pockets.map_or(0, |p| pocket(enemy, &p));
        let now = pocket(enemy, &view.pockets);
        let units = (started + start_pocket + view.lost.len() as u32)
            .saturating_sub(taken + now)
            .max(1);
        return Army {
            units,
            pawns: units - 1,
        };
    }
    let units = started.saturating_sub(taken).max(1);
    let pawns = u32::from(view.opponent_material().pawn)
        .saturating_sub(pawns_taken)
        .min(units - 1);
    Army { units, pawns }
}

/// The hard upper bound on the positions the seat of `view` may think possible: the
/// placements of the opponent's [`army`] (n units, at most P pawns) on the F squares the seat's
/// own pieces leave free, F' of them off the first and last ranks:
///
/// ```text
///   B = Σ_{p=0}^{min(P, n-1)}  C(F', p) · (F - p) · C(F - p - 1, n - 1 - p) · 4^(n-1-p)
/// ```
///
/// (p pawns off the end ranks, the king on any square left, the other units on the squares left
/// after it, each any of the four pieces). It is below the plainer C(F, n) · n · 5^(n-1).
pub fn bound(view: &PlayerView) -> f64 {
    let own = view.own.by_color(view.color);
    let free = !own;
    let f = free.count() as u32;
    let f_pawn = (free & !Bitboard::BACKRANKS).count() as u32;
    let Army { units: n, pawns } = army(view);
    placement_bound(n, pawns, f, f_pawn)
}

/// [`bound`]'s sum for `n` units, at most `pawns` pawns, `f` free squares, `f_pawn` of them off
/// the end ranks (at least 1).
pub fn placement_bound(n: u32, pawns: u32, f: u32, f_pawn: u32) -> f64 {
    let n = n.max(1);
    let mut total = 0.0;
    for p in 0..=pawns.min(n - 1) {
        let others = n - 1 - p;
        let Some(king) = f.checked_sub(p) else {
            break;
        };
        total += choose(f_pawn, p)
            * f64::from(king)
            * choose(king.saturating_sub(1), others)
            * 4f64.powi(others as i32);
    }
    total.max(1.0)
}

/// The binomial coefficient C(n, k), as a float.
fn choose(n: u32, k: u32) -> f64 {
    if k > n {
        return 0.0;
    }
    let k = k.min(n - k);
    (0..k).fold(1.0, |acc, i| acc * f64::from(n - i) / f64::from(i + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bound_counts_small_placements_exactly() {
        // A lone king on 61 free squares: 61 placements.
        assert_eq!(placement_bound(1, 0, 61, 45), 61.0);
        // King and one unit, no pawns: 61 · 60 · 4.
        assert_eq!(placement_bound(2, 0, 61, 45), 61.0 * 60.0 * 4.0);
        // King and one unit that may be a pawn: add 45 pawn squares · 60 king squares.
        assert_eq!(
            placement_bound(2, 1, 61, 45),
            61.0 * 60.0 * 4.0 + 45.0 * 60.0
        );
        assert_eq!(choose(5, 2), 10.0);
        assert_eq!(choose(2, 5), 0.0);
    }

    #[test]
    fn the_bound_is_below_the_plain_formula() {
        // Berkeley's issue figure: 16 units on 48 free squares, at most 2^73.3 the plain way.
        let plain = choose(48, 16) * 16.0 * 5f64.powi(15);
        let ours = placement_bound(16, 8, 48, 36);
        assert!(ours <= plain && ours > 1e15, "{ours} {plain}");
    }
}
