//! Building the table: the geometry of every placement (White's attempts and what their
//! answers depend on), the canonical states, and the level-by-level solve.

use super::{Cost, Move, Placement, SHAPES, SLOTS, Shape, Table, UNSOLVED};
use crate::attempt::Attempt;
use crate::krk::{black_steps, start_set, transform};
use shakmaty::{Bitboard, Square, attacks};

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
            let k = transform(wk, t);
            (
                triangle_index(k).is_none(),
                u32::from(k),
                u32::from(transform(wr, t)),
            )
        })
        .unwrap_or(0)
}

impl Table {
    /// The geometry, with every state unsolved.
    pub(super) fn empty() -> Table {
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
                let k = transform(wk, t);
                let canon = triangle_index(k).unwrap_or(0) * 64 + usize::from(transform(wr, t));
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

    /// The canonical states: (placement, shape index) for every canonical placement and every
    /// shape that is the shape of its own legal squares.
    pub(super) fn states(&self) -> Vec<(u16, u16)> {
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
}
