//! Our player ([`OurPlayer`]): the solved table's strategy, a fallback where the table has
//! no value, and the lookahead that avoids a third repetition of a position.

use super::{History, Player};
use crate::attempt::Attempt;
use crate::krk::solver::{Cost, Table, TableError, UNSOLVED};
use crate::krk::{Answer, Branch, Meta};
use shakmaty::Bitboard;
use std::collections::HashMap;

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
/// history-aware adversary ([`crate::krk::run::Adversary::in_game_from_start`]) checks that this
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
                            .filter(|s| crate::krk::black_steps(wk, wr, *s).contains(wr))
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
            let edge = crate::krk::defenders::edge_distance(wr);
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
    /// history-aware adversary ([`crate::krk::run::Adversary::in_game_from_start`]) explores.
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
