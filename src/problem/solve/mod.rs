//! The problem solver: AND-OR search over belief states (Russell and Wolfe, IJCAI 2005).
//!
//! A belief is the set of true positions consistent with everything the solver was told. At the
//! solver's turn it picks an attempt; the referee's answer splits the belief: where the attempt
//! is refused the solver stays at the same turn with the narrowed belief (so the order of tries
//! matters), and where it is legal each announcement starts its own branch. The opponent then
//! replies with any legal move in any of those positions (it never needs an attempt the referee
//! would refuse: that only tells the solver more); what the solver hears of the reply splits the
//! successors again. The solver wins a branch when the referee announces checkmate; any other
//! end (stalemate, a draw, its own defeat) loses it.
//!
//! What makes it fast: a transposition table on beliefs (proven at depth d stays proven deeper,
//! refuted stays refuted shallower); beliefs are monotone (a strategy for a belief works for any
//! part of it, so a proven belief answers for its parts too: [`Solver::subsume`]), so each
//! position of a belief is searched alone first and a position that refutes alone refutes the
//! whole ("killer" placements are tried first for every attempt); iterative deepening. Every
//! answer comes from the referee itself ([`Referee::apply`]; the belief is split and branched by
//! [`crate::worlds`], as a seat's belief is), so the solver and the game always agree on the
//! rules. Where the rules have "Any?", asking it is one of the solver's moves
//! ([`order`]).
//!
//! Several workers may search together, one per core ([`Solver::threads`], [`workers`]): they
//! share the tables and spread over the children of AND nodes ([`shared`], [`answers`]).
//! Measured on Rotenberg's mate in 8 on this project's 2-core machine: 9.4 s alone, 7.1-7.3 s
//! with two workers; two separate copies of the search each slow to 14-17 s there, so the
//! machine's two cores give about 1.4 times one core's throughput on this search, not 2.

mod answers;
mod limits;
mod order;
mod pn;
mod pnexpand;
mod pnmemo;
mod pnreport;
mod relax;
mod shared;

use super::progress::Progress;
use super::table::Known;
use super::tree::{Act, Strategy};
use crate::announce::GameResult;
use crate::attempt::Attempt;
use crate::referee::Referee;
use crate::worlds::{self, Groups};
pub use pn::Search;
use shakmaty::Color;
use shared::{Mark, Shared};
use std::hash::{Hash, Hasher};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Beliefs with at most this many moves left are first searched one position at a time
/// (measured on Rotenberg's mate in 8: 3 is fastest, 1 and every depth several times slower).
const SINGLES_DEPTH: u8 = 3;

/// Nodes with fewer moves left are not shared between workers (their bookkeeping would cost
/// more than the work they save).
const SHARED_DEPTH: u8 = 2;

/// How often (in nodes) a worker looks at the clock, the tables' size and the progress.
const LOOK_EVERY: u64 = 64;

/// The first round's node budget for each attempt at the root (measured: Rotenberg's key
/// needs about 1.2 million nodes from a cold table; smaller first budgets waste more on the
/// other attempts than they save).
const ROOT_BUDGET: u64 = 4_000_000;

/// What the search found.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// The stipulation holds: a strategy that mates in `depth` moves against every placement.
    Proven {
        /// The shortest mate found.
        depth: u8,
        /// The strategy.
        strategy: Arc<Strategy>,
    },
    /// No strategy mates in the stipulated number of moves.
    Refuted {
        /// A placement that alone defeats every strategy (even one that knew it), as a FEN,
        /// when there is one.
        placement: Option<String>,
    },
    /// The time ran out first.
    Unknown,
}

/// Search counts.
#[derive(Clone, Copy, Debug, Default)]
pub struct Stats {
    /// Solver turns searched.
    pub nodes: u64,
    /// Of them, answered from the transposition table.
    pub hits: u64,
    /// How many times the tables were trimmed to their limit.
    pub trims: u64,
    /// How many times the tables and the memo shrank to keep within the memory budget.
    pub squeezes: u64,
    /// Proof-number turns refuted by one of their positions alone, searched first.
    pub refuted_alone: u64,
    /// The opponent's turns after a proof-number attempt taken from the replies table (proven
    /// or refuted there), not branched again.
    pub replies_known: u64,
    /// Proof-number turns of few positions given to the depth-first search on a budget.
    pub probes: u64,
    /// Visits of turns of the published line that found its move there ([`Solver::line`]).
    pub on_line: u64,
}

/// A way to go on from a belief, with its answers worked out.
enum Candidate {
    /// An attempt.
    Try(Attempt, Split),
    /// "Any?", the beliefs of its answers.
    Any(Groups<Referee>),
}

/// The answers to one attempt across a belief (a [`worlds::Split`] with every refusal together).
struct Split {
    refused: Vec<Referee>,
    legal: Groups<Referee>,
}

/// Sets the opponent's turns apart from the solver's in the keys.
const REPLIES_SALT: u64 = 0xA076_1D64_78BD_642F;

/// The most beliefs both tables hold together by default: past it they are trimmed
/// ([`Table::trim`]); about 500 MB ([`BELIEF_BYTES`]).
pub const TABLE_LIMIT: usize = 4_000_000;

/// The memory a belief held in the tables takes with the strategies they keep, in bytes
/// (measured on Rotenberg's mate in 15: 522 MB at most with [`TABLE_LIMIT`] beliefs).
pub const BELIEF_BYTES: usize = 130;

/// How many workers a proof uses: one for each core the program may run on, at most 4.
pub fn workers() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(4))
}

/// The opponent's replies, each answered with a strategy.
type Replies = Vec<(String, Arc<Strategy>)>;

/// The solver: one per problem (its table is only valid for one rule set and solver side).
pub struct Solver {
    solver: Color,
    material_mates: bool,
    /// The tables and what the workers share ([`shared`]).
    shared: Arc<Shared>,
    /// How many workers search together, and which one this is (0: the one that reports).
    threads: usize,
    worker: usize,
    /// The nodes this worker is inside, outermost first.
    path: Vec<Mark>,
    /// Set when another worker decided `path[i]`: the search unwinds to it.
    abandon: Option<usize>,
    table_limit: usize,
    /// The memory budget of the whole search, in bytes ([`Solver::memory`]), and when the
    /// resident memory was last read.
    memory: Option<usize>,
    resident_read: Option<Instant>,
    progress: Option<Arc<Progress>>,
    /// A first move to search before the others.
    prefer: Option<String>,
    /// The published solution's line, searched first along it ([`Solver::line`]), and the
    /// moves left at the root.
    line: Vec<String>,
    line_root: u8,
    killers: Vec<u64>,
    /// How much each attempt (by [`Attempt::key`]) has proven so far, deeper proofs counting
    /// more: tried earlier among attempts of the same rank (the history heuristic).
    history: Vec<u32>,
    deadline: Option<Instant>,
    timed_out: bool,
    /// The nodes counted when the clock and the tables were last looked at, and when the
    /// other workers' decisions were ([`Solver::out_of_time`]).
    looked: (u64, u64),
    /// A node budget for the attempt being searched at the root, and whether it ran out.
    limit: Option<u64>,
    over_budget: bool,
    /// Which search this worker makes ([`Search`]).
    search: Search,
    /// What [`Search::Pn`] keeps between visits of a node (this worker's own).
    memo: pnmemo::Memo<pnexpand::Expansion>,
    /// Turns with this many moves left or fewer are searched depth-first under [`Search::Pn`].
    pn_leaf: u8,
    /// Turns of few positions with this many moves left or more are probed depth-first.
    probe_depth: u8,
    /// Whether a turn takes the proof of a larger belief ([`Solver::subsume`]).
    subsume: bool,
    /// The counts so far.
    pub stats: Stats,
}

/// A position's identity for the search: the position, and where the rules have "Any?", whether
/// it was asked this turn and binds the solver (the same board then allows other strategies).
fn key(r: &Referee) -> u64 {
    r.position_key()
        ^ u64::from(r.any_asked()).wrapping_mul(0x5851_F42D_4C95_7F2D)
        ^ u64::from(r.bound_to_pawn_captures()).wrapping_mul(0x1405_7B7E_F767_814F)
}

/// The key of the solver's turn with `belief` (normalized) in the table.
fn turn_key(belief: &[Referee]) -> u64 {
    let keys: Vec<u64> = belief.iter().map(key).collect();
    belief_key(&keys)
}

/// A belief's identity: its positions' keys, in order.
fn belief_key(keys: &[u64]) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    keys.hash(&mut h);
    h.finish()
}

impl Candidate {
    fn act(&self) -> Act {
        match self {
            Candidate::Try(a, _) => Act::Try(*a),
            Candidate::Any(_) => Act::Any,
        }
    }
}

/// The question as the tree shows it.
const ANY: &str = "Any?";

impl Solver {
    /// A solver for `solver`'s side, stopping after `limit` if given (a limit too far to count
    /// is none).
    pub fn new(solver: Color, limit: Option<Duration>) -> Solver {
        Solver::until(solver, limit.and_then(|l| Instant::now().checked_add(l)))
    }

    /// A solver for `solver`'s side, stopping at `deadline` if given.
    pub fn until(solver: Color, deadline: Option<Instant>) -> Solver {
        Solver {
            solver,
            material_mates: false,
            shared: Arc::new(Shared::new()),
            threads: 1,
            worker: 0,
            path: Vec::new(),
            abandon: None,
            table_limit: TABLE_LIMIT,
            memory: None,
            resident_read: None,
            progress: None,
            prefer: None,
            line: Vec::new(),
            line_root: 0,
            killers: Vec::new(),
            history: vec![0; 1 << 15],
            deadline,
            timed_out: false,
            looked: (0, 0),
            limit: None,
            over_budget: false,
            search: Search::Depth,
            memo: pnmemo::Memo::new(0, 0),
            pn_leaf: pn::LEAF_DEPTH,
            probe_depth: pn::PROBE_DEPTH,
            subsume: true,
            stats: Stats::default(),
        }
    }

    /// Reports the search's progress to `progress` (and stops when it is asked to).
    pub fn progress(mut self, progress: Arc<Progress>) -> Solver {
        self.progress = Some(progress);
        self
    }

    /// Searches the first move named `key` (SAN, or "Any?") before the others: the published
    /// key, checked first (the others follow if it fails).
    pub fn prefer(mut self, key: &str) -> Solver {
        self.prefer = (!key.is_empty()).then(|| key.to_owned());
        self
    }

    /// Holds at most `limit` beliefs in the tables (by default [`TABLE_LIMIT`]).
    pub fn table_limit(mut self, limit: usize) -> Solver {
        self.table_limit = limit.max(1024);
        self
    }

    /// Searches with `threads` workers sharing the tables (1: alone; the strategy found may
    /// then differ between runs, its verdict never).
    pub fn threads(mut self, threads: usize) -> Solver {
        self.threads = threads.clamp(1, 64);
        self
    }

    /// Searches with `search` (with several workers, the others search depth-first beside it).
    pub fn search(mut self, search: Search) -> Solver {
        self.search = search;
        self
    }

    /// How the first moves stood when a proof-number search last looked (empty before).
    pub fn front(&self) -> &str {
        &self.memo.front
    }

    /// Counts Berkeley's material checkmates as mates ([`super::material_mate`]).
    pub fn material_mates(mut self, on: bool) -> Solver {
        self.material_mates = on;
        self
    }

    /// Whether the solver has won in `r`: checkmate, or a material checkmate where they count.
    fn won(&self, r: &Referee) -> bool {
        match r.over() {
            Some(o) => o.result == GameResult::win_for(self.solver),
            None => self.material_mates && super::material_mate(r.true_board(), self.solver),
        }
    }

    /// Searches for a mate in at most `n` moves from `belief` (the solver to move everywhere).
    pub fn solve(&mut self, mut belief: Vec<Referee>, n: u8) -> Outcome {
        worlds::normalize(&mut belief);
        self.shared.restart();
        if self.memory.is_some() {
            // Each table's array at its share at once: a table that doubles holds both arrays.
            self.shared
                .reserve(self.table_share() + self.table_share() / 8);
        }
        if self.threads <= 1 {
            return self.solve_alone(&belief, n);
        }
        let helpers: Vec<Solver> = (1..self.threads).map(|w| self.helper(w)).collect();
        let (mine, theirs) = std::thread::scope(|scope| {
            let handles: Vec<_> = helpers
                .into_iter()
                .map(|mut h| {
                    let belief = &belief;
                    scope.spawn(move || {
                        let outcome = h.solve_alone(belief, n);
                        h.shared.finish();
                        (outcome, h.stats)
                    })
                })
                .collect();
            let mine = self.solve_alone(&belief, n);
            self.shared.finish();
            let theirs: Vec<_> = handles.into_iter().filter_map(|h| h.join().ok()).collect();
            (mine, theirs)
        });
        let mut outcome = mine;
        for (theirs, stats) in theirs {
            self.stats.nodes += stats.nodes;
            self.stats.hits += stats.hits;
            self.stats.trims += stats.trims;
            self.stats.squeezes += stats.squeezes;
            self.stats.refuted_alone += stats.refuted_alone;
            self.stats.replies_known += stats.replies_known;
            self.stats.probes += stats.probes;
            self.stats.on_line += stats.on_line;
            if matches!(outcome, Outcome::Unknown) {
                outcome = theirs;
            }
        }
        // Only a worker's own deadline or a request to stop leaves the answer unknown.
        self.timed_out = matches!(outcome, Outcome::Unknown);
        outcome
    }

    /// [`Solver::solve`] by this worker.
    fn solve_alone(&mut self, belief: &[Referee], n: u8) -> Outcome {
        let belief = belief.to_vec();
        // Mate within `n` (the search allows every earlier mate): no shallower passes first.
        // The root is searched at the full depth at once: its shallower refutations would cost
        // more than they save.
        let found = if self.search == Search::Pn && self.worker == 0 {
            self.pn_root(&belief, n)
        } else {
            self.root(&belief, n)
        };
        if let Some(strategy) = found {
            let depth = u8::try_from(strategy.depth()).unwrap_or(n);
            return Outcome::Proven { depth, strategy };
        }
        if self.timed_out {
            return Outcome::Unknown;
        }
        let placement = belief
            .iter()
            .find(|p| self.turn(std::slice::from_ref(*p), n).is_none())
            .map(Referee::fen);
        if self.timed_out {
            return Outcome::Unknown;
        }
        Outcome::Refuted { placement }
    }

    /// The first turn: every candidate attempt gets a node budget in turn, the budget growing
    /// fourfold each round, so a cheap proof behind an expensive refutation is found first.
    fn root(&mut self, belief: &[Referee], n: u8) -> Option<Arc<Strategy>> {
        let keys: Vec<u64> = belief.iter().map(key).collect();
        let root_key = belief_key(&keys);
        if belief.len() > 1 && !self.singles(belief, &keys, n) {
            return None;
        }
        // Each round searches the attempts again (what a round finished is in the table).
        let mut open: Vec<Act> = self
            .candidates(belief, n)
            .into_iter()
            .map(|c| c.act())
            .collect();
        if self.prefer.is_some() {
            // The named move is searched to the end first, with no budget.
            if let Some(i) = open.iter().position(|a| self.is_key(belief, *a)) {
                let first = open.remove(i);
                if let Some(p) = self.reporter() {
                    p.first(0, open.len() + 1, 1);
                }
                if let Some(s) = self.try_act(belief, &keys, root_key, first, None, n) {
                    return Some(Arc::new(s));
                }
                if self.timed_out {
                    return None;
                }
            }
        }
        let mut budget: u64 = ROOT_BUDGET;
        let mut round = 0;
        while !open.is_empty() && !self.timed_out {
            let mut unfinished = Vec::new();
            round += 1;
            let of = open.len();
            for (tried, act) in open.into_iter().enumerate() {
                if let Some(p) = self.reporter() {
                    p.first(tried, of, round);
                }
                self.limit = Some(self.stats.nodes.saturating_add(budget));
                let found = self.try_act(belief, &keys, root_key, act, None, n);
                let cut = self.over_budget;
                self.limit = None;
                self.over_budget = false;
                if let Some(s) = found {
                    return Some(Arc::new(s));
                }
                if self.timed_out {
                    return None;
                }
                if cut {
                    unfinished.push(act);
                }
            }
            open = unfinished;
            budget = budget.saturating_mul(4);
        }
        None
    }

    /// [`Solver::attempt`] or [`Solver::ask`]; `candidate`: its answers, when already worked out.
    fn act(
        &mut self,
        belief: &[Referee],
        keys: &[u64],
        act: Act,
        candidate: Option<Candidate>,
        depth: u8,
    ) -> Option<Strategy> {
        match (act, candidate) {
            (Act::Try(a), Some(Candidate::Try(_, split))) => {
                self.attempt(belief, keys, a, Some(split), depth)
            }
            (Act::Try(a), _) => self.attempt(belief, keys, a, None, depth),
            (Act::Any, Some(Candidate::Any(groups))) => self.ask(belief, groups, depth),
            (Act::Any, _) => {
                let groups = self.question(belief)?;
                self.ask(belief, groups, depth)
            }
        }
    }

    /// The solver's turn with `belief` (normalized), `depth` moves left to mate.
    fn turn(&mut self, belief: &[Referee], depth: u8) -> Option<Arc<Strategy>> {
        self.turn_from(belief, depth, true)
    }

    /// [`Solver::turn`]; `deepen`: look for a shorter mate first.
    fn turn_from(&mut self, belief: &[Referee], depth: u8, deepen: bool) -> Option<Arc<Strategy>> {
        self.stats.nodes += 1;
        if self.out_of_time() {
            return None;
        }
        if let ([only], 1) = (belief, depth) {
            return self.mate_at_once(only);
        }
        let keys: Vec<u64> = belief.iter().map(key).collect();
        let key = belief_key(&keys);
        loop {
            match self.look_turn(key, &keys, depth) {
                Known::Proven(s) => {
                    self.stats.hits += 1;
                    return Some(s);
                }
                Known::Refuted => {
                    self.stats.hits += 1;
                    return None;
                }
                Known::Unknown => {}
            }
            let mark = Mark::Turn(key, depth);
            self.enter(mark);
            let found = self.search_turn(belief, &keys, key, depth, deepen);
            if !self.leave(mark) {
                return found;
            }
            // Given up: another worker decided it, the table says how.
        }
    }

    /// [`Solver::turn_from`] searched.
    fn search_turn(
        &mut self,
        belief: &[Referee],
        keys: &[u64],
        key: u64,
        depth: u8,
        deepen: bool,
    ) -> Option<Arc<Strategy>> {
        // The shortest mate first (iterative deepening at every turn): short proofs are cheap,
        // and a deeper search then meets the refutations of its first tries in the table.
        if deepen && depth > 1 && !self.shared.refuted(key, depth - 1) {
            if let Some(s) = self.turn(belief, depth - 1) {
                return Some(s);
            }
            if self.interrupted() {
                return None;
            }
        }
        // Each position alone first: if one defeats every strategy, so does the whole belief.
        // (Only near the leaves: deeper, a lone position's search costs more than it prunes.)
        if belief.len() > 1 && depth <= SINGLES_DEPTH && !self.singles(belief, keys, depth) {
            self.refute(key, keys, depth);
            return None;
        }
        let candidates = self.candidates(belief, depth);
        for c in candidates {
            let act = c.act();
            if let Some(s) = self.try_act(belief, keys, key, act, Some(c), depth) {
                if let Act::Try(a) = act {
                    let h = &mut self.history[usize::from(a.key())];
                    *h = h.saturating_add(1 << (2 * depth.min(12)));
                }
                let s = Arc::new(s);
                self.shared.prove(key, keys, depth, s.clone());
                return Some(s);
            }
            if self.interrupted() {
                return None;
            }
        }
        self.refute(key, keys, depth);
        None
    }

    /// Whether every position of `belief` alone has a mate in `depth` (known killers first);
    /// one that has none is noted as a killer.
    fn singles(&mut self, belief: &[Referee], keys: &[u64], depth: u8) -> bool {
        let mut order: Vec<usize> = (0..belief.len()).collect();
        order.sort_by_key(|&i| !self.killers.contains(&keys[i]));
        let marks = self.marks(order.len(), |j| {
            Mark::Turn(belief_key(&keys[order[j]..=order[j]]), depth)
        });
        self.each_child(order.len(), &marks, |solver, j| {
            let i = order[j];
            if solver
                .turn(std::slice::from_ref(&belief[i]), depth)
                .is_none()
            {
                solver.note_killer(keys[i]);
                return None;
            }
            Some(())
        })
        .is_some()
    }

    fn refute(&mut self, key: u64, keys: &[u64], depth: u8) {
        if self.interrupted() {
            return; // an interrupted search proves nothing
        }
        self.shared.refute(key, keys, depth);
    }

    fn note_killer(&mut self, key: u64) {
        if !self.killers.contains(&key) {
            self.killers.insert(0, key);
            self.killers.truncate(16);
        }
    }
}
