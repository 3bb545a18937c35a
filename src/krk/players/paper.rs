//! The paper's player ([`PaperPlayer`]): its evaluation function, its search over the
//! referee's answers and its transposition table.

use super::Player;
use crate::attempt::Attempt;
use crate::krk::{Answer, Meta};
use shakmaty::{Bitboard, Square, attacks};
use std::collections::HashMap;

/// The corner matrix of the paper's f5 (Figure 3), a8..h8 first row as printed.
const CORNER: [[i32; 8]; 8] = [
    [1, 1, 0, 0, 0, 0, 1, 1],
    [1, 0, 0, 0, 0, 0, 0, 1],
    [0, 0, -2, -4, -4, -2, 0, 0],
    [0, 0, -4, -4, -4, -4, 0, 0],
    [0, 0, -4, -4, -4, -4, 0, 0],
    [0, 0, -2, -4, -4, -2, 0, 0],
    [1, 0, 0, 0, 0, 0, 0, 1],
    [1, 1, 0, 0, 0, 0, 1, 1],
];

/// The corner matrix's value of a square.
fn corner_value(sq: Square) -> i32 {
    CORNER[7 - u32::from(sq.rank()) as usize][u32::from(sq.file()) as usize]
}

/// Zobrist keys of the paper's transposition table: one random key per (piece, square), the
/// black king possibly many times.
struct Zobrist {
    keys: [[u64; 64]; 3],
}

impl Zobrist {
    fn new() -> Zobrist {
        let mut rng = crate::rng::Rng::new(0x5a0b);
        let mut keys = [[0u64; 64]; 3];
        for piece in &mut keys {
            for k in piece.iter_mut() {
                *k = rng.next_u64();
            }
        }
        Zobrist { keys }
    }

    fn key(&self, m: &Meta) -> u64 {
        let mut k = self.keys[0][usize::from(m.wk)] ^ self.keys[1][usize::from(m.wr)];
        for s in m.bk {
            k ^= self.keys[2][usize::from(s)];
        }
        k
    }
}

/// The paper's player: for each attempt the worst of its answers by the evaluation function,
/// plus (to the given depth) the value of the best continuation after Black's metamove, with a
/// transposition table; it plays a mate when one is certain and never a move that may stalemate.
pub struct PaperPlayer {
    depth: u32,
    zobrist: Zobrist,
    table: HashMap<u64, (u32, i32)>,
    rng: crate::rng::Rng,
}

impl PaperPlayer {
    /// A paper player searching `depth` White moves deep (the paper leaves the depth open).
    pub fn new(depth: u32) -> PaperPlayer {
        PaperPlayer {
            depth: depth.max(1),
            zobrist: Zobrist::new(),
            table: HashMap::new(),
            rng: crate::rng::Rng::new(0x7a9e),
        }
    }

    /// Evaluate(S) = -420 + 840 f1 - f2 - f3 + f4 + f5.
    pub fn evaluate(m: &Meta) -> i32 {
        // f1: the rook is safe from every possible black king.
        let f1 = i32::from(rook_defended_or_far(m.wk, m.wr, m.bk));
        // f2: Manhattan distance from the white king to the furthest possible black king.
        let f2 =
            m.bk.into_iter()
                .map(|s| {
                    (i32::from(s.file()) - i32::from(m.wk.file())).abs()
                        + (i32::from(s.rank()) - i32::from(m.wk.rank())).abs()
                })
                .max()
                .unwrap_or(0);
        // f3: quadrants cut by the rook's lines that may hold the king, times their squares.
        let (rf, rr) = (i32::from(m.wr.file()), i32::from(m.wr.rank()));
        let mut areas = [0i32; 4];
        for s in m.bk {
            let (f, r) = (i32::from(s.file()), i32::from(s.rank()));
            if f == rf || r == rr {
                continue;
            }
            areas[usize::from(f > rf) + 2 * usize::from(r > rr)] += 1;
        }
        let c = areas.iter().filter(|&&a| a > 0).count() as i32;
        let f3 = c * areas.iter().sum::<i32>();
        // f4: the rook next to the king.
        let f4 = i32::from(crate::krk::rook_defended(m.wk, m.wr));
        // f5: the corner matrix over every possible square.
        let f5: i32 = m.bk.into_iter().map(corner_value).sum();
        -420 + 840 * f1 - f2 - f3 + f4 + f5
    }

    /// The metaposition after an answer (White's pieces moved only if legal).
    fn after(m: &Meta, a: Attempt, ans: Answer, squares: Bitboard) -> Meta {
        match ans {
            Answer::Illegal => Meta { bk: squares, ..*m },
            Answer::Legal { .. } => {
                let (wk, wr) = m.moved(a);
                Meta {
                    wk,
                    wr,
                    bk: squares,
                }
            }
        }
    }

    /// The best attempt at `m` searching `depth` White moves deep, with its value: each
    /// attempt's worst answer, plus the best continuation after it (random ties).
    fn search(&mut self, m: &Meta, depth: u32) -> (i32, Option<Attempt>) {
        let mut best: (i32, Option<Attempt>) = (i32::MIN, None);
        let mut ties = 0usize;
        for a in m.attempts() {
            let split = m.split(a);
            if !playable(&split) {
                continue;
            }
            let (mut value, worst) = Self::worst(m, a, &split);
            if depth > 1
                && let Some((
                    ans @ Answer::Legal {
                        no_moves: false, ..
                    },
                    squares,
                )) = worst
            {
                let next = Self::after(m, a, ans, squares);
                match Meta::black_metamove(next.wk, next.wr, next.bk) {
                    Some(bk) if bk.any() => {
                        let v = self.hashed(&Meta { bk, ..next }, depth - 1);
                        value = value.saturating_add(v);
                    }
                    Some(_) => {}
                    None => value = value.saturating_sub(840),
                }
            }
            // Ties go to a random one of the best (the paper leaves tie-breaking open; a fixed
            // order makes a deterministic player oscillate between two metapositions forever).
            let tie = value == best.0 && {
                ties += 1;
                self.rng.below(ties) == 0
            };
            if value > best.0 {
                ties = 1;
            }
            if value > best.0 || tie {
                best = (value, Some(a));
            }
        }
        best
    }

    /// The worst of the answers in `split` to attempt `a` at `m`, by the evaluation, with
    /// its value.
    fn worst(
        m: &Meta,
        a: Attempt,
        split: &[(Answer, Bitboard)],
    ) -> (i32, Option<(Answer, Bitboard)>) {
        let (mut value, mut worst) = (i32::MAX, None);
        for (ans, squares) in split {
            let v = match ans {
                Answer::Legal {
                    check: Some(_),
                    no_moves: true,
                } => 100_000,
                // Evaluated at White's next turn, after Black's metamove: the paper's f3
                // reasons about "White's turn to move", and evaluating before the metamove
                // makes every check look like a win (the set shrinks to the rook's lines).
                Answer::Legal { .. } => {
                    let n = Self::after(m, a, *ans, *squares);
                    match Meta::black_metamove(n.wk, n.wr, n.bk) {
                        Some(bk) => Self::evaluate(&Meta { bk, ..n }),
                        None => -840,
                    }
                }
                _ => Self::evaluate(&Self::after(m, a, *ans, *squares)),
            };
            if v < value {
                value = v;
                worst = Some((*ans, *squares));
            }
        }
        (value, worst)
    }

    /// The value of searching `child` `depth` moves deep, through the transposition table.
    fn hashed(&mut self, child: &Meta, depth: u32) -> i32 {
        let key = self.zobrist.key(child);
        match self.table.get(&key) {
            Some(&(d, v)) if d >= depth => v,
            _ => {
                let v = self.search(child, depth).0;
                // RecordHash keeps the smaller value of a cluster.
                let e = self.table.entry(key).or_insert((depth, v));
                if v < e.1 || e.0 < depth {
                    *e = (depth, v);
                }
                v
            }
        }
    }
}

/// Whether an attempt with these answers is worth searching: legal somewhere, and never a
/// move that may stalemate.
fn playable(split: &[(Answer, Bitboard)]) -> bool {
    let may_stalemate = split.iter().any(|(ans, _)| {
        matches!(
            ans,
            Answer::Legal {
                check: None,
                no_moves: true
            }
        )
    });
    split.iter().any(|(ans, _)| *ans != Answer::Illegal) && !may_stalemate
}

/// Whether the rook is defended by its king or out of reach of every possible black king.
fn rook_defended_or_far(wk: Square, wr: Square, bk: Bitboard) -> bool {
    crate::krk::rook_defended(wk, wr) || (attacks::king_attacks(wr) & bk).is_empty()
}

impl Player for PaperPlayer {
    fn name(&self) -> &'static str {
        "paper"
    }

    fn choose(&mut self, m: &Meta) -> Attempt {
        // Catch certain mates first.
        for a in m.attempts() {
            let split = m.split(a);
            if split.iter().all(|(ans, _)| {
                matches!(
                    ans,
                    Answer::Legal {
                        check: Some(_),
                        no_moves: true
                    }
                )
            }) {
                return a;
            }
        }
        if self.table.len() > 1 << 20 {
            self.table.clear();
        }
        match self.search(m, self.depth).1 {
            Some(a) => a,
            None => m
                .attempts()
                .into_iter()
                .find(|a| m.may_be_legal(*a))
                .unwrap_or_else(|| m.attempts()[0]),
        }
    }
}
