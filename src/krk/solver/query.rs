//! Reading the table: a state's slot and value, how one attempt fares on a set of possible
//! black king squares, and the best attempt.

use super::{Cost, Move, SHAPES, Shape, Table, UNSOLVED, neighbours};
use crate::attempt::Attempt;
use shakmaty::{Bitboard, Square};

impl Table {
    fn index(wk: Square, wr: Square) -> usize {
        usize::from(wk) * 64 + usize::from(wr)
    }

    /// The slot of a non-empty legal set on placement `p`.
    pub(super) fn slot(&self, p: usize, set: Bitboard) -> Option<usize> {
        let pl = &self.placements[p];
        Shape::of(set).map(|s| usize::from(pl.canon) * SHAPES + s.transform(pl.symmetry).index())
    }

    fn value_at(&self, p: usize, set: Bitboard) -> u8 {
        let set = set & self.placements[p].legal;
        match self.slot(p, set) {
            None => 0,
            Some(slot) => self.values[slot],
        }
    }

    /// The proven bound on White moves to mate (whatever the referee answers) when the black
    /// king may be on `bk`, or [`UNSOLVED`]. A set with no legal square counts as 0.
    pub fn value(&self, wk: Square, wr: Square, bk: Bitboard) -> u8 {
        if wk == wr {
            return UNSOLVED;
        }
        self.value_at(Self::index(wk, wr), bk)
    }

    /// The static part of an attempt's fate: whether it is useless, may stalemate, or may lose
    /// the rook on the set `m` (these never change as the table fills).
    pub(super) fn hazard(&self, m: Bitboard, mv: &Move) -> Option<Cost> {
        let legal = m & !mv.illegal;
        if legal.is_empty() {
            return Some(Cost::Useless);
        }
        let p2 = &self.placements[usize::from(mv.next)];
        let line = mv.rank | mv.file;
        if (legal & !line & p2.no_moves).any() {
            return Some(Cost::Unsafe); // stalemate
        }
        let live = legal & !p2.no_moves;
        let wr2 = Square::new(u32::from(mv.next) % 64);
        if !p2.defended && neighbours(live).contains(wr2) {
            return Some(Cost::Unsafe); // the rook falls
        }
        None
    }

    /// The worst cost of `mv` on the set `m` (placement `p`), or the first failure. With
    /// `limit`, stops as soon as the cost is known to exceed it.
    pub(super) fn cost(&self, p: usize, m: Bitboard, mv: &Move, limit: u32) -> Cost {
        if let Some(c) = self.hazard(m, mv) {
            return c;
        }
        let next = usize::from(mv.next);
        let p2 = &self.placements[next];
        let legal = m & !mv.illegal;
        let mut worst = 0u32;
        for part in [
            legal & mv.rank,
            legal & mv.file,
            legal & !(mv.rank | mv.file),
        ] {
            if (part & p2.no_moves).any() {
                worst = worst.max(1); // mate
            }
            let live = part & !p2.no_moves;
            if live.any() {
                match self.value_at(next, neighbours(live)) {
                    UNSOLVED => return Cost::Unsolved,
                    v => worst = worst.max(1 + u32::from(v)),
                }
                if worst > limit {
                    return Cost::Mate(worst);
                }
            }
        }
        let illegal = m & mv.illegal;
        if illegal.any() {
            match self.value_at(p, illegal) {
                UNSOLVED => return Cost::Unsolved,
                v => worst = worst.max(u32::from(v)),
            }
        }
        Cost::Mate(worst)
    }

    /// How attempt `a` fares when the black king may be on `bk` (White's pieces on `wk`,
    /// `wr`); an attempt that is not a move of White's pieces is [`Cost::Useless`].
    pub fn attempt_cost(&self, wk: Square, wr: Square, bk: Bitboard, a: Attempt) -> Cost {
        if wk == wr {
            return Cost::Useless;
        }
        let p = Self::index(wk, wr);
        let m = bk & self.placements[p].legal;
        match self.placements[p].moves.iter().find(|mv| mv.attempt == a) {
            Some(mv) => self.cost(p, m, mv, u32::MAX),
            None => Cost::Useless,
        }
    }

    /// White's attempts with pieces on `wk`, `wr`.
    pub fn attempts(&self, wk: Square, wr: Square) -> Vec<Attempt> {
        if wk == wr {
            return Vec::new();
        }
        self.placements[Self::index(wk, wr)]
            .moves
            .iter()
            .map(|mv| mv.attempt)
            .collect()
    }

    /// The attempt with the best proven cost on `bk`, and that cost.
    pub fn best(&self, wk: Square, wr: Square, bk: Bitboard) -> Option<(Attempt, u32)> {
        if wk == wr {
            return None;
        }
        let p = Self::index(wk, wr);
        let m = bk & self.placements[p].legal;
        let mut best: Option<(Attempt, u32)> = None;
        for mv in &self.placements[p].moves {
            let limit = best.map_or(u32::MAX, |(_, c)| c);
            if let Cost::Mate(c) = self.cost(p, m, mv, limit)
                && best.is_none_or(|(_, b)| c < b)
            {
                best = Some((mv.attempt, c));
            }
        }
        best
    }
}
