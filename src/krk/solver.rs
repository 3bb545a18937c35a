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

use super::{black_steps, start_set};
use crate::attempt::Attempt;
use shakmaty::{Bitboard, Square, attacks};
use std::sync::OnceLock;

/// Not solved: no strategy in the abstraction (the rook may be lost, a stalemate may be
/// forced, or the shape is too coarse).
pub const UNSOLVED: u8 = u8::MAX;

/// Shapes per placement: 36 × 36 boxes, 16 corner patterns.
const SHAPES: usize = 1296 * 16;
/// Canonical placements: 10 king squares in the a1-d1-d4 triangle, 64 rook squares.
const CANONICAL: usize = 10 * 64;
/// Table slots.
pub const SLOTS: usize = CANONICAL * SHAPES;

/// A box of squares (files `f0..=f1`, ranks `r0..=r1`) with some corners missing. Corner `i`
/// is on the high file if `i & 1`, on the high rank if `i & 2`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
struct Shape {
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
    fn of(set: Bitboard) -> Option<Shape> {
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
    fn squares(self) -> Bitboard {
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

    fn index(self) -> usize {
        (interval_index(self.f0, self.f1) * 36 + interval_index(self.r0, self.r1)) * 16
            + usize::from(self.missing)
    }

    /// The shape under symmetry `t` (as [`super::transform`]: bit 0 mirrors the files, bit 1
    /// the ranks, bit 2 then swaps files and ranks).
    fn transform(self, t: u8) -> Shape {
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
    fn all() -> Vec<Shape> {
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

/// The index of a white king square in the a1-d1-d4 triangle.
fn triangle_index(k: Square) -> Option<usize> {
    let (f, r) = (u32::from(k.file()) as usize, u32::from(k.rank()) as usize);
    (f <= 3 && r <= f).then_some(f * (f + 1) / 2 + r)
}

/// The symmetry that puts the white king into the a1-d1-d4 triangle, the smallest rook square
/// breaking ties (the first such symmetry when two agree).
fn canonical_symmetry(wk: Square, wr: Square) -> u8 {
    (0..8u8)
        .min_by_key(|&t| {
            let k = super::transform(wk, t);
            (
                triangle_index(k).is_none(),
                u32::from(k),
                u32::from(super::transform(wr, t)),
            )
        })
        .unwrap_or(0)
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

impl Table {
    /// The geometry, with every state unsolved.
    fn empty() -> Table {
        let mut placements = vec![Placement::default(); 4096];
        for wk in Square::ALL {
            for wr in Square::ALL {
                if wk == wr {
                    continue;
                }
                let legal = start_set(wk, wr);
                let mut no_moves = Bitboard::EMPTY;
                for s in !(attacks::king_attacks(wk).with(wk).with(wr)) {
                    if black_steps(wk, wr, s).is_empty() {
                        no_moves.add(s);
                    }
                }
                let t = canonical_symmetry(wk, wr);
                let k = super::transform(wk, t);
                let canon =
                    triangle_index(k).unwrap_or(0) * 64 + usize::from(super::transform(wr, t));
                let own = Bitboard::from_square(wk).with(wr);
                let mut moves = Vec::with_capacity(22);
                let mut add = |attempt: Attempt, illegal: Bitboard, k2: Square, r2: Square| {
                    let line = attacks::rook_attacks(r2, Bitboard::from_square(k2));
                    moves.push(Move {
                        attempt,
                        illegal,
                        next: (usize::from(k2) * 64 + usize::from(r2)) as u16,
                        rank: line & Bitboard::from_rank(r2.rank()),
                        file: line & Bitboard::from_file(r2.file()),
                    });
                };
                for to in attacks::king_attacks(wk) & !own {
                    add(
                        Attempt::new(wk, to),
                        attacks::king_attacks(to).with(to),
                        to,
                        wr,
                    );
                }
                for to in attacks::rook_attacks(wr, own) & !own {
                    add(
                        Attempt::new(wr, to),
                        attacks::between(wr, to).with(to),
                        wk,
                        to,
                    );
                }
                placements[usize::from(wk) * 64 + usize::from(wr)] = Placement {
                    legal,
                    no_moves,
                    defended: attacks::king_attacks(wk).contains(wr),
                    symmetry: t,
                    canon: canon as u16,
                    moves,
                };
            }
        }
        Table {
            placements,
            shapes: Shape::all(),
            values: vec![UNSOLVED; SLOTS],
        }
    }

    fn index(wk: Square, wr: Square) -> usize {
        usize::from(wk) * 64 + usize::from(wr)
    }

    /// The slot of a non-empty legal set on placement `p`.
    fn slot(&self, p: usize, set: Bitboard) -> Option<usize> {
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
    fn hazard(&self, m: Bitboard, mv: &Move) -> Option<Cost> {
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
    fn cost(&self, p: usize, m: Bitboard, mv: &Move, limit: u32) -> Cost {
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

    /// The canonical states: (placement, shape index) for every canonical placement and every
    /// shape that is the shape of its own legal squares.
    fn states(&self) -> Vec<(u16, u16)> {
        let mut out = Vec::new();
        for (p, pl) in self.placements.iter().enumerate() {
            if pl.moves.is_empty() || pl.symmetry != 0 || pl.legal.is_empty() {
                continue;
            }
            for (i, shape) in self.shapes.iter().enumerate() {
                if Shape::of(shape.squares() & pl.legal) == Some(*shape) {
                    out.push((p as u16, i as u16));
                }
            }
        }
        out
    }

    /// Solves the table (minutes in a release build; uses every core).
    pub fn build(progress: &mut dyn FnMut(u8, usize, usize)) -> Table {
        let mut table = Table::empty();
        // Unsolved states with the attempts that are never hazardous on them.
        let mut pending: Vec<(u16, u16, u32)> = Vec::new();
        for (p, s) in table.states() {
            let pl = &table.placements[usize::from(p)];
            let m = table.shapes[usize::from(s)].squares() & pl.legal;
            let mut mask = 0u32;
            for (i, mv) in pl.moves.iter().enumerate() {
                if table.hazard(m, mv).is_none() {
                    mask |= 1 << i;
                }
            }
            if mask != 0 {
                pending.push((p, s, mask));
            }
        }
        let threads = std::thread::available_parallelism()
            .map_or(1, |n| n.get())
            .max(1);
        for level in 1..UNSOLVED {
            let mut solved = 0usize;
            loop {
                let chunk = pending.len().div_ceil(threads).max(1);
                let found: Vec<usize> = std::thread::scope(|scope| {
                    let table = &table;
                    let handles: Vec<_> = pending
                        .chunks(chunk)
                        .enumerate()
                        .map(|(c, states)| {
                            scope.spawn(move || {
                                let mut out = Vec::new();
                                for (i, &(p, s, mask)) in states.iter().enumerate() {
                                    if table.solves(
                                        usize::from(p),
                                        usize::from(s),
                                        mask,
                                        u32::from(level),
                                    ) {
                                        out.push(c * chunk + i);
                                    }
                                }
                                out
                            })
                        })
                        .collect();
                    handles
                        .into_iter()
                        .flat_map(|h| h.join().unwrap_or_default())
                        .collect()
                });
                if found.is_empty() {
                    break;
                }
                solved += found.len();
                for &i in &found {
                    let (p, s, _) = pending[i];
                    let slot = usize::from(table.placements[usize::from(p)].canon) * SHAPES
                        + usize::from(s);
                    table.values[slot] = level;
                }
                let mut k = 0;
                pending.retain(|_| {
                    k += 1;
                    found.binary_search(&(k - 1)).is_err()
                });
            }
            progress(level, solved, pending.len());
            if solved == 0 {
                break;
            }
        }
        table
    }

    /// Whether one of the attempts in `mask` mates within `level` on state (`p`, shape `s`).
    fn solves(&self, p: usize, s: usize, mask: u32, level: u32) -> bool {
        let pl = &self.placements[p];
        let m = self.shapes[s].squares() & pl.legal;
        pl.moves
            .iter()
            .enumerate()
            .filter(|(i, _)| mask & (1 << i) != 0)
            .any(|(_, mv)| matches!(self.cost(p, m, mv, level), Cost::Mate(c) if c <= level))
    }

    /// The values, one byte per slot, deflated (the shipped file's format).
    pub fn to_compressed(&self) -> Vec<u8> {
        miniz_oxide::deflate::compress_to_vec(&self.values, 9)
    }

    /// A table from [`Table::to_compressed`] bytes. Only the size is checked here; the tests
    /// and `kriegspiel krk-table --check` run [`Table::verify`] on the shipped table.
    pub fn from_compressed(bytes: &[u8]) -> Result<Table, TableError> {
        let values = miniz_oxide::inflate::decompress_to_vec_with_limit(bytes, SLOTS + 1)
            .map_err(|_| TableError::Compression)?;
        if values.len() != SLOTS {
            return Err(TableError::Size {
                found: values.len(),
            });
        }
        let mut table = Table::empty();
        table.values = values;
        Ok(table)
    }

    /// The shipped table (`assets/krk/strategy.deflate`, built by `kriegspiel krk-table`),
    /// loaded once.
    pub fn get() -> Result<&'static Table, TableError> {
        static TABLE: OnceLock<Result<Table, TableError>> = OnceLock::new();
        TABLE
            .get_or_init(|| {
                Table::from_compressed(include_bytes!("../../assets/krk/strategy.deflate"))
            })
            .as_ref()
            .map_err(Clone::clone)
    }

    /// Checks that every solved state's value is achieved by one of its attempts against the
    /// stored values of what follows (illegal answers: a strictly smaller set, whose value
    /// may equal it), and that unreachable slots are unsolved. By induction this proves every
    /// value is a real bound.
    pub fn verify(&self) -> Result<(), TableError> {
        let mut expected = vec![false; SLOTS];
        for (p, s) in self.states() {
            let pl = &self.placements[usize::from(p)];
            let slot = usize::from(pl.canon) * SHAPES + usize::from(s);
            expected[slot] = true;
            let value = self.values[slot];
            if value == UNSOLVED {
                continue;
            }
            let m = self.shapes[usize::from(s)].squares() & pl.legal;
            let ok = value > 0
                && pl.moves.iter().any(|mv| {
                    // An illegal answer may keep the same shape only if its true set is
                    // smaller; the shape's value then counts as itself, which `cost` reads
                    // as the same stored value: require it strictly below for the shape's
                    // own slot to avoid a loop.
                    let illegal = m & mv.illegal;
                    if illegal.any() && self.slot(usize::from(p), illegal) == Some(slot) {
                        return false;
                    }
                    matches!(self.cost(usize::from(p), m, mv, u32::from(value)), Cost::Mate(c) if c <= u32::from(value))
                });
            if !ok {
                return Err(TableError::Inconsistent { slot, value });
            }
        }
        match self
            .values
            .iter()
            .enumerate()
            .find(|(i, v)| **v != UNSOLVED && !expected[*i])
        {
            Some((slot, &value)) => Err(TableError::Inconsistent { slot, value }),
            None => Ok(()),
        }
    }

    /// Solved states, all states, and the largest value.
    pub fn stats(&self) -> (usize, usize, u8) {
        let states = self.states();
        let mut solved = 0;
        let mut max = 0;
        for (p, s) in states.iter().copied() {
            let slot = usize::from(self.placements[usize::from(p)].canon) * SHAPES + usize::from(s);
            let v = self.values[slot];
            if v != UNSOLVED {
                solved += 1;
                max = max.max(v);
            }
        }
        (solved, states.len(), max)
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
                    .map(|q| super::super::transform(q, t))
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
    fn neighbours_match_king_attacks() {
        for sq in Square::ALL {
            assert_eq!(
                neighbours(Bitboard::from_square(sq)),
                attacks::king_attacks(sq),
                "{sq}"
            );
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
