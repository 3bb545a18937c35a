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
//! part of it), so each position of a belief is searched alone first and a position that refutes
//! alone refutes the whole ("killer" placements are tried first for every attempt); iterative
//! deepening. Every answer comes from the referee itself ([`Referee::apply`]; the belief is split
//! and branched by [`crate::worlds`], as a seat's belief is), so the solver and the game always
//! agree on the rules. The solver never asks "Any?" (documented choice: in the shipped problems
//! the pawn information comes with the rule set's announcements).

use super::tree::{After, Answer, Strategy};
use crate::announce::{GameResult, Item};
use crate::attempt::Attempt;
use crate::referee::{Referee, Request};
use crate::view::san::own_san;
use crate::worlds::{self, Groups};
use shakmaty::Color;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Beliefs with at most this many moves left are first searched one position at a time
/// (measured on Rotenberg's mate in 8: 3 is fastest, 1 and every depth several times slower).
const SINGLES_DEPTH: u8 = 3;

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
}

/// The answers to one attempt across a belief (a [`worlds::Split`] with every refusal together).
struct Split {
    refused: Vec<Referee>,
    legal: Groups<Referee>,
}

#[derive(Default)]
struct Entry {
    /// Proven at this depth (and so at any deeper one), with the strategy.
    proven: Option<(u8, Arc<Strategy>)>,
    /// Refuted at every depth up to this one (0: never refuted).
    refuted: u8,
}

/// The solver: one per problem (its table is only valid for one rule set and solver side).
pub struct Solver {
    solver: Color,
    material_mates: bool,
    table: HashMap<u64, Entry>,
    killers: Vec<u64>,
    deadline: Option<Instant>,
    timed_out: bool,
    /// A node budget for the attempt being searched at the root, and whether it ran out.
    limit: Option<u64>,
    over_budget: bool,
    /// The counts so far.
    pub stats: Stats,
}

/// A belief's identity: its positions' keys, in order.
fn belief_key(keys: &[u64]) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    keys.hash(&mut h);
    h.finish()
}

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
            table: HashMap::new(),
            killers: Vec::new(),
            deadline,
            timed_out: false,
            limit: None,
            over_budget: false,
            stats: Stats::default(),
        }
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
        // Mate within `n` (the search allows every earlier mate): no shallower passes first.
        // The root is searched at the full depth at once: its shallower refutations would cost
        // more than they save.
        if let Some(strategy) = self.root(&belief, n) {
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
        let keys: Vec<u64> = belief.iter().map(Referee::position_key).collect();
        if belief.len() > 1 {
            for (i, p) in belief.iter().enumerate() {
                if self.turn(std::slice::from_ref(p), n).is_none() {
                    self.note_killer(keys[i]);
                    return None;
                }
            }
        }
        // Each round searches the attempts again (what a round finished is in the table).
        let mut open: Vec<Attempt> = self
            .candidates(belief, n)
            .into_iter()
            .map(|(a, _)| a)
            .collect();
        let mut budget: u64 = ROOT_BUDGET;
        while !open.is_empty() && !self.timed_out {
            let mut unfinished = Vec::new();
            for a in open {
                self.limit = Some(self.stats.nodes.saturating_add(budget));
                let found = self.attempt(belief, &keys, a, None, n);
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
                    unfinished.push(a);
                }
            }
            open = unfinished;
            budget = budget.saturating_mul(4);
        }
        None
    }

    /// Whether the search must stop: the time ran out, or the root's budget for one attempt.
    fn out_of_time(&mut self) -> bool {
        if !self.timed_out
            && self.stats.nodes.is_multiple_of(1024)
            && self.deadline.is_some_and(|d| Instant::now() >= d)
        {
            self.timed_out = true;
        }
        if self.limit.is_some_and(|l| self.stats.nodes >= l) {
            self.over_budget = true;
        }
        self.interrupted()
    }

    /// An interrupted search proves nothing about what it did not finish.
    fn interrupted(&self) -> bool {
        self.timed_out || self.over_budget
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
        let keys: Vec<u64> = belief.iter().map(Referee::position_key).collect();
        let key = belief_key(&keys);
        if let Some(e) = self.table.get(&key) {
            if let Some((d, s)) = &e.proven
                && *d <= depth
            {
                self.stats.hits += 1;
                return Some(s.clone());
            }
            if e.refuted >= depth {
                self.stats.hits += 1;
                return None;
            }
        }
        // The shortest mate first (iterative deepening at every turn): short proofs are cheap,
        // and a deeper search then meets the refutations of its first tries in the table.
        if deepen && depth > 1 && self.table.get(&key).is_none_or(|e| e.refuted < depth - 1) {
            if let Some(s) = self.turn(belief, depth - 1) {
                return Some(s);
            }
            if self.interrupted() {
                return None;
            }
        }
        // Each position alone first: if one defeats every strategy, so does the whole belief.
        // (Only near the leaves: deeper, a lone position's search costs more than it prunes.)
        if belief.len() > 1 && depth <= SINGLES_DEPTH {
            let mut order: Vec<usize> = (0..belief.len()).collect();
            order.sort_by_key(|&i| !self.killers.contains(&keys[i]));
            for i in order {
                if self.turn(std::slice::from_ref(&belief[i]), depth).is_none() {
                    self.note_killer(keys[i]);
                    self.refute(key, depth);
                    return None;
                }
            }
        }
        let candidates = self.candidates(belief, depth);
        for (a, split) in candidates {
            if let Some(s) = self.attempt(belief, &keys, a, Some(split), depth) {
                let s = Arc::new(s);
                self.table.entry(key).or_default().proven = Some((depth, s.clone()));
                return Some(s);
            }
            if self.interrupted() {
                return None;
            }
        }
        self.refute(key, depth);
        None
    }

    /// The attempts worth searching from `belief`, best first: the ones that end in a draw
    /// anywhere, or teach nothing, are dropped; attempts that mate wherever they are legal come
    /// first, then those the opponent cannot answer by taking the moved unit, finest split first.
    /// Each comes with its answers, which the search then uses.
    fn candidates(&mut self, belief: &[Referee], depth: u8) -> Vec<(Attempt, Split)> {
        let mut candidates: Vec<(usize, Attempt, Split)> = Vec::new();
        for a in belief[0].mover_side().possible_attempts() {
            if let Some(split) = self.split(belief, a) {
                let mates = split
                    .legal
                    .iter()
                    .filter(|(_, g)| g.iter().all(|r| self.won(r)))
                    .count();
                let all_mate = mates == split.legal.len();
                let largest = split
                    .legal
                    .iter()
                    .map(|(_, g)| g.len())
                    .chain(std::iter::once(split.refused.len()))
                    .max()
                    .unwrap_or(0);
                if depth == 1 && !all_mate {
                    continue;
                }
                // Where the moved unit could be taken at once by a unit other than the king, the
                // opponent gets a chance.
                let danger = split
                    .legal
                    .iter()
                    .flat_map(|(_, g)| g)
                    .filter(|r| {
                        let board = r.true_board();
                        r.over().is_none()
                            && (board.attacks_to(a.to, !self.solver, board.occupied())
                                & !board.kings())
                            .any()
                    })
                    .count();
                // A refusal that leaves a mate at once makes the attempt a free question.
                let mut split = split;
                let free = depth > 2 && !split.refused.is_empty() && {
                    worlds::normalize(&mut split.refused);
                    self.turn(&split.refused, 1).is_some()
                };
                let rank = if all_mate {
                    0
                } else {
                    1 + danger * 64 + largest * 4 - mates.min(3) + if free { 0 } else { 1024 }
                };
                candidates.push((rank, a, split));
            }
        }
        candidates.sort_by_key(|(rank, _, _)| *rank);
        candidates
            .into_iter()
            .map(|(_, a, split)| (a, split))
            .collect()
    }

    fn refute(&mut self, key: u64, depth: u8) {
        if self.interrupted() {
            return; // an interrupted search proves nothing
        }
        let e = self.table.entry(key).or_default();
        e.refuted = e.refuted.max(depth);
    }

    fn note_killer(&mut self, key: u64) {
        if !self.killers.contains(&key) {
            self.killers.insert(0, key);
            self.killers.truncate(16);
        }
    }

    /// Whether attempting `a` first wins from `belief`, and how; `split`: its answers, when
    /// already worked out.
    fn attempt(
        &mut self,
        belief: &[Referee],
        keys: &[u64],
        a: Attempt,
        split: Option<Split>,
        depth: u8,
    ) -> Option<Strategy> {
        // A killer placement of the belief refutes the attempt cheaply.
        if belief.len() > 1 {
            for (i, k) in keys.iter().enumerate() {
                if self.killers.contains(k)
                    && self
                        .attempt(
                            std::slice::from_ref(&belief[i]),
                            &keys[i..=i],
                            a,
                            None,
                            depth,
                        )
                        .is_none()
                {
                    return None;
                }
            }
        }
        let Split { refused, legal } = match split {
            Some(split) => split,
            None => self.split(belief, a)?,
        };
        let side = belief[0].mover_side();
        let wording = belief[0].rules().wording;
        let mut answers = Vec::new();
        let mut refused = refused;
        for (heard, mut after) in legal {
            // Where a material checkmate counts, the positions it ends are won already.
            if self.material_mates && !after.iter().all(|r| self.won(r)) {
                after.retain(|r| !self.won(r));
            }
            let mated = after.iter().all(|r| self.won(r));
            let capture = heard.iter().any(|i| matches!(i, Item::Capture { .. }));
            let mut san = own_san(&side, a, capture);
            let then = if mated {
                san.push('#');
                After::Mate
            } else if after.iter().any(|r| r.over().is_some()) || depth == 1 {
                return None;
            } else {
                After::Replies(self.replies(after, depth - 1)?)
            };
            let words = crate::wording::heard_line(&heard, wording, self.solver, Some(self.solver));
            answers.push(Answer {
                heard: words,
                san,
                then,
            });
        }
        let refused = if refused.is_empty() {
            None
        } else {
            worlds::normalize(&mut refused);
            Some(self.turn(&refused, depth)?)
        };
        Some(Strategy {
            attempt: a,
            san: own_san(&side, a, false),
            answers,
            refused,
        })
    }

    /// The referee's answers to `a` across `belief`: where it is refused, and where it is legal
    /// grouped by what the solver hears. `None` when it teaches nothing (refused everywhere) or
    /// ends the game in a draw or a loss somewhere.
    fn split(&self, belief: &[Referee], a: Attempt) -> Option<Split> {
        let won = GameResult::win_for(self.solver);
        let split = worlds::split(belief, &Request::Try(a), self.solver, |r| {
            r.over().is_some_and(|o| o.result != won)
        })?;
        if split.taken.is_empty() {
            return None;
        }
        Some(Split {
            refused: worlds::all(split.refused),
            legal: split.taken,
        })
    }

    /// The opponent's replies from `positions`, grouped by what the solver hears of them, each
    /// answered with a strategy of `depth` moves.
    fn replies(
        &mut self,
        positions: Vec<Referee>,
        depth: u8,
    ) -> Option<Vec<(String, Arc<Strategy>)>> {
        // A reply that ends the game (the opponent mated, or a draw) defeats the solver.
        let mut groups = worlds::branch(&positions, self.solver, worlds::legal_moves, |r| {
            r.over().is_some()
        })?;
        if groups.is_empty() {
            return None;
        }
        let wording = positions[0].rules().wording;
        // The smallest group first: it is the quickest to refute.
        groups.sort_by_key(|(_, g)| g.len());
        let mut out = Vec::new();
        for (heard, mut next) in groups {
            worlds::normalize(&mut next);
            let s = self.turn(&next, depth)?;
            let mut words =
                crate::wording::heard_line(&heard, wording, !self.solver, Some(self.solver));
            if words.is_empty() {
                words = "(nothing heard)".to_owned();
            }
            out.push((words, s));
        }
        Some(out)
    }
}
