//! What the solver's workers share: the two transposition tables, the nodes each worker is
//! searching ("busy"), the attempts found to fail, and the word that the answer is found.
//!
//! The search runs on several threads by sharing these (in the manner of ABDADA): every worker
//! searches the whole problem in the same order, but where all of a node's children must be
//! proven (the opponent's replies, an attempt's answers, the answers to "Any?") a worker first
//! takes the children no other worker is searching, so the workers spread over the proof and
//! each finds the other's results in the tables. A worker inside a node that another worker has
//! since decided (proven, refuted, or an attempt found to fail) gives it up at once and takes
//! the decision from the tables ([`Shared::decided`]). Nothing is ever kept that a search did
//! not finish, so every worker's answer is exact; the first to finish gives the answer.

use super::super::table::{Known, Table};
use super::{Candidate, Replies, SHARED_DEPTH, Solver};
use crate::problem::progress::Progress;
use crate::problem::tree::Act;
use crate::problem::tree::Strategy;
use crate::referee::Referee;
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

/// A node a worker is inside: the solver's turn, the opponent's turn, or an attempt at a turn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Mark {
    /// The solver's turn with this belief key and moves left.
    Turn(u64, u8),
    /// The opponent's turn from these positions (the replies table's key) and moves left.
    Replies(u64, u8),
    /// An attempt (its key: the turn's key mixed with the attempt) at a turn.
    Attempt(u64, u8),
}

impl Mark {
    /// The moves left at the node.
    pub(super) fn depth(self) -> u8 {
        match self {
            Mark::Turn(_, d) | Mark::Replies(_, d) | Mark::Attempt(_, d) => d,
        }
    }

    /// The key the busy set knows the node by.
    fn busy_key(self) -> u64 {
        let (salt, key, depth) = match self {
            Mark::Turn(k, d) => (1u64, k, d),
            Mark::Replies(k, d) => (2, k, d),
            Mark::Attempt(k, d) => (3, k, d),
        };
        (key ^ u64::from(depth).wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .rotate_left(7)
            .wrapping_add(salt.wrapping_mul(0xD6E8_FEB8_6659_FD93))
    }
}

/// The opponent's turns refuted with fewer moves left are not kept for the turns from more
/// positions (measured on Rotenberg's mate in 8: the same nodes saved, 55 MB of the 58 MB their
/// index took spared).
const REPLIES_INDEXED_FROM: u8 = 2;

/// The state the workers of one search share.
pub(super) struct Shared {
    table: Mutex<Table<Arc<Strategy>>>,
    replies: Mutex<Table<Arc<Replies>>>,
    busy: Mutex<HashMap<u64, u32>>,
    failed: Mutex<HashSet<u64>>,
    /// Set when a worker has the answer: the others stop.
    done: AtomicBool,
    /// Nodes searched by every worker but the first (for the progress).
    pub(super) helper_nodes: AtomicU64,
    /// The share of their limit the tables may fill, in percent: it shrinks when the process
    /// nears its memory budget ([`super::limits`]).
    pub(super) squeeze: AtomicUsize,
    /// How many turns were answered by the proof of a larger belief ([`Shared::superset`]),
    /// and by the refutation of a smaller one.
    pub(super) subsumed: AtomicU64,
    pub(super) covered: AtomicU64,
    /// The same for the opponent's turns: by the replies from more positions proven, and by
    /// those from fewer refuted.
    pub(super) replies_subsumed: (AtomicU64, AtomicU64),
    /// How many turns were proven with each number of moves left (the last counts the rest).
    proofs: [AtomicU64; 16],
}

/// A proof in `table` of a larger set of positions than `members` (sorted) or a refutation of
/// a smaller one, within `depth` moves, each kind counted.
fn subsumed_in<T: Clone>(
    table: &Mutex<Table<T>>,
    members: &[u64],
    depth: u8,
    proofs: &AtomicU64,
    refutations: &AtomicU64,
) -> Known<T> {
    let table = lock(table);
    if let Some(s) = table.superset(members, depth) {
        proofs.fetch_add(1, Ordering::Relaxed);
        return Known::Proven(s);
    }
    if table.subset_refuted(members, depth) {
        refutations.fetch_add(1, Ordering::Relaxed);
        return Known::Refuted;
    }
    Known::Unknown
}

/// Locks `m`; a worker that panicked while holding it left a table that is still whole (every
/// change is one map operation), so its poison is ignored.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Shared {
    pub(super) fn new() -> Shared {
        Shared {
            table: Mutex::new(Table::new()),
            replies: Mutex::new(Table::new().index_from(REPLIES_INDEXED_FROM)),
            busy: Mutex::new(HashMap::new()),
            failed: Mutex::new(HashSet::new()),
            done: AtomicBool::new(false),
            helper_nodes: AtomicU64::new(0),
            squeeze: AtomicUsize::new(100),
            subsumed: AtomicU64::new(0),
            covered: AtomicU64::new(0),
            replies_subsumed: (AtomicU64::new(0), AtomicU64::new(0)),
            proofs: std::array::from_fn(|_| AtomicU64::new(0)),
        }
    }

    pub(super) fn look(&self, key: u64, depth: u8) -> Known<Arc<Strategy>> {
        lock(&self.table).look(key, depth)
    }

    /// The proof of a larger belief that holds every position of `members` (sorted), or the
    /// refutation of a smaller one that holds none but them, within `depth` moves.
    pub(super) fn subsumed(&self, members: &[u64], depth: u8) -> Known<Arc<Strategy>> {
        subsumed_in(&self.table, members, depth, &self.subsumed, &self.covered)
    }

    /// [`Shared::subsumed`] for the opponent's turn from the positions `members` (sorted): the
    /// replies from more positions proven, or from fewer refuted.
    pub(super) fn replies_subsumed(&self, members: &[u64], depth: u8) -> Known<Arc<Replies>> {
        let (proofs, refutations) = &self.replies_subsumed;
        subsumed_in(&self.replies, members, depth, proofs, refutations)
    }

    pub(super) fn refuted(&self, key: u64, depth: u8) -> bool {
        lock(&self.table).refuted(key, depth)
    }

    /// Keeps `s` as the proof of the belief `key` (its positions' keys `keys`, in any order)
    /// with `depth` moves, for the belief and its parts.
    pub(super) fn prove(&self, key: u64, keys: &[u64], depth: u8, s: Arc<Strategy>) {
        let at = usize::from(depth).min(self.proofs.len() - 1);
        self.proofs[at].fetch_add(1, Ordering::Relaxed);
        let members = super::super::table::members(keys);
        lock(&self.table).prove_in(key, &members, depth, s);
    }

    /// Keeps the belief `key` (its positions' keys `keys`, in any order) refuted with `depth`
    /// moves, for the belief and every larger one.
    pub(super) fn refute(&self, key: u64, keys: &[u64], depth: u8) {
        let members = super::super::table::members(keys);
        lock(&self.table).refute_in(key, &members, depth);
    }

    pub(super) fn look_replies(&self, key: u64, depth: u8) -> Known<Arc<Replies>> {
        lock(&self.replies).look(key, depth)
    }

    /// Keeps `r` as the proof of the opponent's turn `key` from the positions `keys` (in any
    /// order) with `depth` moves, for those positions and any part of them.
    pub(super) fn prove_replies(&self, key: u64, keys: &[u64], depth: u8, r: Arc<Replies>) {
        let members = super::super::table::members(keys);
        lock(&self.replies).prove_in(key, &members, depth, r);
    }

    /// Keeps the opponent's turn `key` from the positions `keys` refuted with `depth` moves,
    /// for those positions and any more.
    pub(super) fn refute_replies(&self, key: u64, keys: &[u64], depth: u8) {
        let members = super::super::table::members(keys);
        lock(&self.replies).refute_in(key, &members, depth);
    }

    /// Keeps that the attempt `mark` fails (a search that finished).
    pub(super) fn fail(&self, mark: Mark) {
        lock(&self.failed).insert(mark.busy_key());
    }

    /// Whether another worker is searching `mark`.
    pub(super) fn busy(&self, mark: Mark) -> bool {
        lock(&self.busy).contains_key(&mark.busy_key())
    }

    /// A worker starts searching `mark`.
    pub(super) fn enter(&self, mark: Mark) {
        *lock(&self.busy).entry(mark.busy_key()).or_insert(0) += 1;
    }

    /// A worker stops searching `mark`.
    pub(super) fn leave(&self, mark: Mark) {
        let mut busy = lock(&self.busy);
        let key = mark.busy_key();
        if let Some(n) = busy.get_mut(&key) {
            *n -= 1;
            if *n == 0 {
                busy.remove(&key);
            }
        }
    }

    /// Whether `mark` has been decided (by any worker) since it was entered.
    pub(super) fn decided(&self, mark: Mark) -> bool {
        match mark {
            Mark::Turn(k, d) => !matches!(self.look(k, d), Known::Unknown),
            Mark::Replies(k, d) => !matches!(self.look_replies(k, d), Known::Unknown),
            Mark::Attempt(..) => lock(&self.failed).contains(&mark.busy_key()),
        }
    }

    /// How many beliefs both tables hold.
    pub(super) fn len(&self) -> usize {
        lock(&self.table).len() + lock(&self.replies).len()
    }

    /// Trims both tables to `share` each when either is over; whether they were.
    pub(super) fn trim(&self, share: usize) -> bool {
        let mut table = lock(&self.table);
        let mut replies = lock(&self.replies);
        if table.len() <= share && replies.len() <= share {
            return false;
        }
        table.trim(share);
        replies.trim(share);
        let over = lock(&self.failed).len() > share;
        if over {
            lock(&self.failed).clear();
        }
        true
    }

    /// Makes room in each table for `entries` beliefs at once.
    pub(super) fn reserve(&self, entries: usize) {
        lock(&self.table).reserve(entries);
        lock(&self.replies).reserve(entries);
    }

    /// A new search starts (the tables are kept: they hold for the same problem).
    pub(super) fn restart(&self) {
        self.done.store(false, Ordering::Relaxed);
        lock(&self.busy).clear();
    }

    /// A worker has the answer.
    pub(super) fn finish(&self) {
        self.done.store(true, Ordering::Relaxed);
    }

    /// Whether a worker has the answer.
    pub(super) fn finished(&self) -> bool {
        self.done.load(Ordering::Relaxed)
    }
}

/// A worker's part: its helpers, and the nodes it shows the others.
impl Solver {
    /// A worker searching beside this one, sharing its tables.
    pub(super) fn helper(&self, worker: usize) -> Solver {
        let mut h = Solver::until(self.solver, self.deadline)
            .material_mates(self.material_mates)
            .table_limit(self.table_limit);
        h.memory = self.memory;
        h.shared = self.shared.clone();
        h.threads = self.threads;
        h.worker = worker;
        h.prefer = self.prefer.clone();
        h.subsume = self.subsume;
        h.progress = self.progress.clone();
        h
    }

    /// Whether a turn takes the proof of a larger belief from the table (on by default: a
    /// strategy that wins against a belief wins against each part of it).
    pub fn subsume(mut self, on: bool) -> Solver {
        self.subsume = on;
        self
    }

    /// How many turns were answered by the proof of a larger belief, and by the refutation of
    /// a smaller one.
    pub fn subsumed(&self) -> (u64, u64) {
        (
            self.shared.subsumed.load(Ordering::Relaxed),
            self.shared.covered.load(Ordering::Relaxed),
        )
    }

    /// What the table knows of the turn with the belief `key` (its positions' keys `keys`, in
    /// any order) and `depth` moves left: its own entry, else a larger belief's proof or a
    /// smaller one's refutation.
    pub(super) fn look_turn(&self, key: u64, keys: &[u64], depth: u8) -> Known<Arc<Strategy>> {
        match self.shared.look(key, depth) {
            Known::Unknown if self.subsume => self
                .shared
                .subsumed(&super::super::table::members(keys), depth),
            known => known,
        }
    }

    /// What the replies table knows of the opponent's turn `key` from the positions `keys` with
    /// `depth` moves left: its own entry, else the proof of the replies from more positions or
    /// the refutation of those from fewer (a reply possible from fewer is possible from more,
    /// and heard the same: each belief after it only grows).
    pub(super) fn look_replies(&self, key: u64, keys: &[u64], depth: u8) -> Known<Arc<Replies>> {
        match self.shared.look_replies(key, depth) {
            Known::Unknown if self.subsume => self
                .shared
                .replies_subsumed(&super::super::table::members(keys), depth),
            known => known,
        }
    }

    /// How many of the opponent's turns were answered by the proof of the replies from more
    /// positions, and by the refutation of those from fewer.
    pub fn replies_subsumed(&self) -> (u64, u64) {
        let (proofs, refutations) = &self.shared.replies_subsumed;
        (
            proofs.load(Ordering::Relaxed),
            refutations.load(Ordering::Relaxed),
        )
    }

    /// [`Solver::act`] at the turn `turn` (its belief's key), marked for the other workers: a
    /// failure is shared, and one found by another worker is taken at once.
    pub(super) fn try_act(
        &mut self,
        belief: &[Referee],
        keys: &[u64],
        turn: u64,
        act: Act,
        candidate: Option<Candidate>,
        depth: u8,
    ) -> Option<Strategy> {
        let which = match act {
            Act::Try(a) => u64::from(a.key()),
            Act::Any => u64::MAX,
        };
        let mark = Mark::Attempt(turn ^ which.wrapping_mul(0xFF51_AFD7_ED55_8CCD), depth);
        self.enter(mark);
        let found = self.act(belief, keys, act, candidate, depth);
        if self.leave(mark) {
            return None; // another worker found that it fails
        }
        if found.is_none() && !self.interrupted() && self.threads > 1 {
            self.shared.fail(mark);
        }
        found
    }

    /// How many turns the workers proved with each number of moves left from `from` up, as far
    /// as any was (how deep the proof has come), in words.
    pub fn proofs_from(&self, from: u8) -> String {
        let counts: Vec<(usize, u64)> = (usize::from(from)..self.shared.proofs.len())
            .map(|d| (d, self.shared.proofs[d].load(Ordering::Relaxed)))
            .filter(|(_, n)| *n > 0)
            .collect();
        counts
            .iter()
            .map(|(d, n)| format!("{n} with {d} left"))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The progress to report to: only the first worker reports.
    pub(super) fn reporter(&self) -> Option<&Arc<Progress>> {
        self.progress.as_ref().filter(|_| self.worker == 0)
    }

    /// Whether the workers share `mark`: nodes with one move left are too quick to be worth it.
    pub(super) fn shares(&self, mark: Mark) -> bool {
        self.threads > 1 && mark.depth() >= SHARED_DEPTH
    }

    /// Starts searching `mark` (shown to the other workers).
    pub(super) fn enter(&mut self, mark: Mark) {
        if self.shares(mark) {
            self.path.push(mark);
            self.shared.enter(mark);
        }
    }

    /// Stops searching `mark`; whether it was given up because another worker decided it (the
    /// search has then unwound to it and goes on normally).
    pub(super) fn leave(&mut self, mark: Mark) -> bool {
        if !self.shares(mark) {
            return false;
        }
        self.path.pop();
        self.shared.leave(mark);
        if self.abandon == Some(self.path.len()) {
            self.abandon = None;
            return true;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The opponent's turn from some positions proven answers for fewer positions, and one
    /// refuted (with two moves or more) for more positions, within its moves.
    #[test]
    fn the_replies_from_more_positions_answer_for_fewer_and_the_reverse() {
        let shared = Shared::new();
        let proof: Arc<Replies> = Arc::new(Vec::new());
        shared.prove_replies(1, &[30, 10, 20], 3, proof);
        assert!(matches!(
            shared.replies_subsumed(&[10, 30], 3),
            Known::Proven(_)
        ));
        assert!(matches!(
            shared.replies_subsumed(&[10, 30], 2),
            Known::Unknown
        ));
        assert!(matches!(
            shared.replies_subsumed(&[10, 40], 3),
            Known::Unknown
        ));
        shared.refute_replies(2, &[60, 50], 2);
        shared.refute_replies(3, &[70], 1);
        assert!(matches!(
            shared.replies_subsumed(&[50, 55, 60], 2),
            Known::Refuted
        ));
        assert!(matches!(
            shared.replies_subsumed(&[50, 55, 60], 3),
            Known::Unknown
        ));
        // With one move, only the turn itself: a reply that escapes is quick to find again.
        assert!(matches!(shared.look_replies(3, 1), Known::Refuted));
        assert!(matches!(
            shared.replies_subsumed(&[70, 80], 1),
            Known::Unknown
        ));
        let counted = &shared.replies_subsumed;
        assert_eq!(counted.0.load(Ordering::Relaxed), 1);
        assert_eq!(counted.1.load(Ordering::Relaxed), 1);
        // The solver's own table is not the replies'.
        assert!(matches!(shared.subsumed(&[10, 30], 3), Known::Unknown));
    }
}
