//! White players for KR vs K: the paper's (seed 004, section 4-6) and ours.
//!
//! Both see only the metaposition: White's pieces and the set of possible black king squares.

use super::solver::{Cost, Table, TableError, UNSOLVED};
use super::{Answer, Branch, Meta};
use crate::attempt::Attempt;
use shakmaty::{Bitboard, Square, attacks};
use std::collections::HashMap;

/// A White player: picks the next attempt from what White knows.
pub trait Player {
    /// A short name.
    fn name(&self) -> &'static str;
    /// The next attempt. `meta.bk` is never empty; the attempt may be legal for some square.
    fn choose(&mut self, meta: &Meta) -> Attempt;
    /// The next attempt in a game whose positions so far White knows as `history`; by default
    /// the history is ignored.
    fn choose_in_game(&mut self, meta: &Meta, history: &History) -> Attempt {
        let _ = history;
        self.choose(meta)
    }
    /// Whether the player's set is narrowed by how many attempts Black had refused before
    /// moving (White hears them); by default it is.
    fn uses_refusals(&self) -> bool {
        true
    }
}

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
                    super::solver::neighbours(*b) & r.set
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
                    if super::solver::neighbours(twice_here).contains(q) {
                        n += 1;
                    }
                }
            }
        }
        n
    }
}

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
        let mut rng = crate::bench::Rng::new(0x5a0b);
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
    rng: crate::bench::Rng,
}

impl PaperPlayer {
    /// A paper player searching `depth` White moves deep (the paper leaves the depth open).
    pub fn new(depth: u32) -> PaperPlayer {
        PaperPlayer {
            depth: depth.max(1),
            zobrist: Zobrist::new(),
            table: HashMap::new(),
            rng: crate::bench::Rng::new(0x7a9e),
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
        let f4 = i32::from(super::rook_defended(m.wk, m.wr));
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

    fn search(&mut self, m: &Meta, depth: u32) -> (i32, Option<Attempt>) {
        let mut best: (i32, Option<Attempt>) = (i32::MIN, None);
        let mut ties = 0usize;
        for a in m.attempts() {
            let split = m.split(a);
            if !split.iter().any(|(ans, _)| *ans != Answer::Illegal) {
                continue;
            }
            // Never a move that may stalemate.
            if split.iter().any(|(ans, _)| {
                matches!(
                    ans,
                    Answer::Legal {
                        check: None,
                        no_moves: true
                    }
                )
            }) {
                continue;
            }
            // The worst answer, by the evaluation.
            let (mut value, mut worst) = (i32::MAX, None);
            for (ans, squares) in &split {
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
                        let child = Meta { bk, ..next };
                        let key = self.zobrist.key(&child);
                        let v = match self.table.get(&key) {
                            Some(&(d, v)) if d >= depth - 1 => v,
                            _ => {
                                let v = self.search(&child, depth - 1).0;
                                // RecordHash keeps the smaller value of a cluster.
                                let e = self.table.entry(key).or_insert((depth - 1, v));
                                if v < e.1 || e.0 < depth - 1 {
                                    *e = (depth - 1, v);
                                }
                                v
                            }
                        };
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
}

fn rook_defended_or_far(wk: Square, wr: Square, bk: Bitboard) -> bool {
    super::rook_defended(wk, wr) || (attacks::king_attacks(wr) & bk).is_empty()
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

/// Our player: the solved abstraction ([`Table`]) plays, so every choice keeps a proven bound.
///
/// Where the table has a value for White's knowledge, the player takes, among the attempts
/// whose worst case is the best available, the one with the lowest average over the possible
/// squares (so typical games end sooner while the guarantee stands). Where it has none (the
/// rook cannot be kept safe from every possible king, as in 203 of the 518 starts), it takes
/// the attempt that leaves the fewest king squares able to take the rook or be stalemated,
/// preferring rook squares near the edge (kings head for the centre), and goes back to the
/// table as soon as the set allows.
///
/// In a game ([`Player::choose_in_game`]) it also keeps the [`History`]: when the table's
/// choice could let a position occur a third time (a draw under automatic threefold
/// repetition), it takes the safe attempt with the best worst case when the next
/// [`LOOKAHEAD`] choices must be safe too. Every solved attempt still mates, and the
/// history-aware adversary ([`super::run::Adversary::in_game_from_start`]) checks that this
/// never runs out of safe attempts: from every solvable start, mate within 45 moves.
pub struct OurPlayer {
    table: &'static Table,
    /// Per metaposition, the solved attempts best first (lowest worst case, then lowest
    /// total, then the table's order): the ranking does not depend on the history.
    ranked: HashMap<Meta, Vec<(u32, Attempt)>>,
}

/// Metapositions whose ranking [`OurPlayer`] keeps before it starts afresh.
const RANKED_CAPACITY: usize = 1 << 20;

impl OurPlayer {
    /// Our player, on the shipped table.
    pub fn new() -> Result<OurPlayer, TableError> {
        Ok(OurPlayer {
            table: Table::get()?,
            ranked: HashMap::new(),
        })
    }

    /// The value of one answer's branch: moves to mate (1 for a mate), or `None` if unsolved.
    fn branch_value(&self, m: &Meta, a: Attempt, ans: Answer, squares: Bitboard) -> Option<u32> {
        match ans {
            Answer::Illegal => Some(self.table.value(m.wk, m.wr, squares)),
            Answer::Legal {
                check: Some(_),
                no_moves: true,
            } => return Some(1),
            Answer::Legal {
                check: None,
                no_moves: true,
            } => None,
            Answer::Legal { .. } => {
                let (wk, wr) = m.moved(a);
                Meta::black_metamove(wk, wr, squares)
                    .map(|next| 1u8.saturating_add(self.table.value(wk, wr, next)))
            }
        }
        .filter(|&v| v != UNSOLVED)
        .map(u32::from)
    }

    /// Sum over the possible squares of the value of the branch each square leads to.
    fn total(&self, m: &Meta, a: Attempt) -> u32 {
        m.split(a)
            .into_iter()
            .map(|(ans, squares)| {
                self.branch_value(m, a, ans, squares)
                    .unwrap_or(u32::from(UNSOLVED))
                    * squares.count() as u32
            })
            .sum()
    }

    /// The attempt when the table has no value (the start is lost against a perfect
    /// adversary): fewest squares from which the rook may be taken or the king stalemated, then
    /// the rook nearest the edge and the king nearest the rook, then the lowest total. Of four
    /// orders tried against the edge and random defenders on every start, this one lost the
    /// fewest games.
    fn fallback(&self, m: &Meta) -> Attempt {
        let mut best: Option<((u32, i32, u32), Attempt)> = None;
        for a in m.attempts() {
            let split = m.split(a);
            if !split.iter().any(|(ans, _)| *ans != Answer::Illegal) {
                continue;
            }
            let (wk, wr) = m.moved(a);
            let mut risky = 0u32;
            for (ans, squares) in &split {
                match ans {
                    Answer::Legal {
                        check: None,
                        no_moves: true,
                    } => risky += squares.count() as u32,
                    Answer::Legal {
                        no_moves: false, ..
                    } => {
                        risky += squares
                            .into_iter()
                            .filter(|s| super::black_steps(wk, wr, *s).contains(wr))
                            .count() as u32;
                    }
                    _ => {}
                }
            }
            let apart = {
                let (df, dr) = (
                    i32::from(wk.file()) - i32::from(wr.file()),
                    i32::from(wk.rank()) - i32::from(wr.rank()),
                );
                df.abs().max(dr.abs())
            };
            let edge = super::defenders::edge_distance(wr);
            let key = (risky, edge * 10 + apart, self.total(m, a));
            if best.is_none_or(|(k, _)| key < k) {
                best = Some((key, a));
            }
        }
        match best {
            Some((_, a)) => a,
            // Unreachable with a rook on the board (it always has a move that may be legal).
            None => Attempt::new(m.wr, m.wk),
        }
    }
}

impl Player for OurPlayer {
    fn name(&self) -> &'static str {
        "ours"
    }

    /// Ours plays from the set without that narrowing: the table's bounds hold on any subset
    /// anyway, and then its play depends only on White's own answers, which is what the
    /// history-aware adversary ([`super::run::Adversary::in_game_from_start`]) explores.
    fn uses_refusals(&self) -> bool {
        false
    }

    fn choose(&mut self, m: &Meta) -> Attempt {
        self.choose_in_game(m, &History::default())
    }

    fn choose_in_game(&mut self, m: &Meta, history: &History) -> Attempt {
        // Every solved attempt still mates. Without a history this is the table's strategy
        // exactly: the lowest worst case, then the lowest total, ties to the first in a fixed
        // order. Under automatic threefold repetition, an attempt after which some position
        // may occur a third time (a draw) is avoided: if the table's choice is such an attempt,
        // the safe attempts are compared by their worst case when every following choice is
        // safe too (looking `LOOKAHEAD` moves ahead, then the table's values).
        let ranked = self.ranked(m);
        let Some(&(_, first)) = ranked.first() else {
            return self.fallback(m);
        };
        if history.danger(m, first) == 0 {
            return first;
        }
        let mut scratch = history.clone();
        let mut best: Option<(u32, Attempt)> = None;
        for &(cost, a) in &ranked {
            if best.is_some_and(|(v, _)| cost >= v) {
                break; // a safe worst case is never below the table's
            }
            if history.danger(m, a) > 0 {
                continue;
            }
            if let Some(v) = self.safe_worst(m, a, &mut scratch, LOOKAHEAD)
                && best.is_none_or(|(b, _)| v < b)
            {
                best = Some((v, a));
            }
        }
        if let Some((_, a)) = best {
            return a;
        }
        // Nothing is safe two ways: the fewest positions that may occur a third time.
        let mut fewest: Option<(u32, Attempt)> = None;
        for &(_, a) in &ranked {
            let danger = history.danger(m, a);
            if fewest.is_none_or(|(d, _)| danger < d) {
                fewest = Some((danger, a));
            }
        }
        fewest.map_or(first, |(_, a)| a)
    }
}

/// How many moves [`OurPlayer`] looks ahead when the table's choice may repeat a position a
/// third time (with 1, one start needs 46 moves against the adversary; with 2, 45 at most).
pub const LOOKAHEAD: u32 = 2;

impl OurPlayer {
    /// The solved attempts on `m` with their worst cases, lowest (worst case, total) first,
    /// ties in the table's order; empty if the table has no value for `m`.
    fn ranked(&mut self, m: &Meta) -> Vec<(u32, Attempt)> {
        if let Some(r) = self.ranked.get(m) {
            return r.clone();
        }
        if self.ranked.len() >= RANKED_CAPACITY {
            self.ranked.clear();
        }
        let ranked = match self.table.best(m.wk, m.wr, m.bk) {
            Some(_) => self.rank(m),
            None => Vec::new(),
        };
        self.ranked.insert(*m, ranked.clone());
        ranked
    }

    /// The lowest worst case of a safe attempt on `m` (one after which no position may occur a
    /// third time), looking `depth` moves ahead; `None` if there is none.
    fn safe_best(&mut self, m: &Meta, history: &mut History, depth: u32) -> Option<u32> {
        let mut best: Option<u32> = None;
        for (cost, a) in self.ranked(m) {
            if best.is_some_and(|b| cost >= b) {
                break;
            }
            if history.danger(m, a) > 0 {
                continue;
            }
            let v = if depth == 0 {
                Some(cost)
            } else {
                self.safe_worst(m, a, history, depth)
            };
            if let Some(v) = v {
                best = Some(best.map_or(v, |b| b.min(v)));
            }
        }
        best
    }

    /// The worst case of attempt `a` on `m` when every choice in the next `depth` moves must
    /// be safe too; `None` if some answer leaves nothing safe (or stalemates or loses the rook).
    fn safe_worst(
        &mut self,
        m: &Meta,
        a: Attempt,
        history: &mut History,
        depth: u32,
    ) -> Option<u32> {
        let mut worst = 0;
        for branch in m.branches(a) {
            let v = match branch {
                Branch::Refused(narrower) => self.safe_best(&narrower, history, depth - 1)?,
                Branch::Mate => 1,
                Branch::Stalemate | Branch::RookLost => return None,
                Branch::Moved { answered, next } => {
                    history.record(next.wk, next.wr, answered, true);
                    history.record(next.wk, next.wr, next.bk, false);
                    let v = self.safe_best(&next, history, depth - 1);
                    history.forget(next.wk, next.wr, next.bk, false);
                    history.forget(next.wk, next.wr, answered, true);
                    1 + v?
                }
            };
            worst = worst.max(v);
        }
        Some(worst)
    }

    /// The solved attempts on `m`, lowest (worst case, total) first, ties in the table's order.
    fn rank(&self, m: &Meta) -> Vec<(u32, Attempt)> {
        let mut keyed: Vec<((u32, u32), Attempt)> = self
            .table
            .attempts(m.wk, m.wr)
            .into_iter()
            .filter_map(|a| match self.table.attempt_cost(m.wk, m.wr, m.bk, a) {
                Cost::Mate(cost) => Some(((cost, self.total(m, a)), a)),
                _ => None,
            })
            .collect();
        keyed.sort_by_key(|&(k, _)| k);
        keyed.into_iter().map(|((cost, _), a)| (cost, a)).collect()
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
