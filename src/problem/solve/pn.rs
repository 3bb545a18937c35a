//! Proof-number search over the solver's AND-OR tree (depth-first proof-number search, df-pn:
//! Nagai 2002, with the 1+ε threshold of Pawlewicz and Lew 2007), chosen with [`Search::Pn`].
//!
//! The solver's turns are OR nodes, its attempts (and "Any?") AND nodes whose children are
//! every turn that must be won after it: the belief the refusal leaves (same moves left), and
//! for each answer where the attempt is legal, each group of the opponent's replies the solver
//! tells apart (one move fewer). Each node has a proof number (how many leaves at least must
//! still be proven) and a disproof number; the search always goes down the most proving path,
//! so it does not sink into the first attempt as a depth-first search does; an attempt not
//! searched yet starts with the number of turns that must be won after it. Near the leaves (at
//! turns with [`LEAF_DEPTH`] moves left or fewer) each attempt is decided by the depth-first
//! search itself, with its relaxations (killer placements, a reply that escapes every mate,
//! mates in one) and its table of replies. What is decided goes into the shared transposition
//! tables; the numbers, each turn's attempts and each attempt's children ([`super::pnexpand`])
//! into a memo of this worker's own ([`super::pnmemo`]), bounded like the tables. With several
//! workers, the first searches by proof numbers and the others depth-first, all on the same
//! tables: whichever finishes gives the answer.

use super::pnexpand::Expansion;
use super::pnmemo::{Acts, Memo, Numbers};
use super::{BELIEF_BYTES, Candidate, SINGLES_DEPTH, Solver, Split, turn_key};
use crate::problem::table::Known;
use crate::problem::tree::{Act, Strategy};
use crate::referee::Referee;
use crate::view::san::own_san;
use std::sync::Arc;

/// Which search the solver uses.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Search {
    /// Depth-first with iterative deepening at every turn.
    #[default]
    Depth,
    /// Proof-number search (df-pn) above the last moves, depth-first below.
    Pn,
}

/// At turns with at most this many moves left, each attempt is decided by the depth-first search
/// (by default; [`Solver::pn_leaf`]). Measured on Rotenberg's mate in 8 by proof numbers alone
/// (nodes, and seconds on one core): 2 moves, 343 k and 24-29 s; 3, 377 k and 22 s; 4, 463 k
/// and 10.4 s; 5, 1.02 M and 12.5 s.
pub(super) const LEAF_DEPTH: u8 = 4;

/// Turns of at most this many positions are first searched depth-first on a budget.
const PROBE_BELIEF: usize = 4;

/// ... with at least this many moves left (by default; [`Solver::probe_depth`]): nearer the
/// leaves the proof numbers find the mates themselves.
pub(super) const PROBE_DEPTH: u8 = 7;

/// The first such budget, in nodes (doubled at each visit of the turn).
const PROBE_NODES: u64 = 2_000;

/// A number too large to reach: proven (a disproof number) or refuted (a proof number).
pub(super) const INF: u32 = 1 << 30;

/// A key for the numbers table.
pub(super) fn mix(key: u64, depth: u8, salt: u64) -> u64 {
    (key ^ u64::from(depth).wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .rotate_left(11)
        .wrapping_add(salt.wrapping_mul(0xD6E8_FEB8_6659_FD93))
}

/// The key of an act at a turn.
pub(super) fn act_key(turn: u64, act: Act, depth: u8) -> u64 {
    let which = match act {
        Act::Try(a) => u64::from(a.key()),
        Act::Any => u64::MAX,
    };
    mix(turn ^ which.wrapping_mul(0xFF51_AFD7_ED55_8CCD), depth, 2)
}

/// A sum short of [`INF`] unless one term is.
fn add(a: u32, b: u32) -> u32 {
    if a >= INF || b >= INF {
        INF
    } else {
        (a + b).min(INF - 1)
    }
}

impl Solver {
    /// Decides each attempt at turns with at most `depth` moves left (at least 1) by the
    /// depth-first search under [`Search::Pn`] (by default [`LEAF_DEPTH`]).
    pub fn pn_leaf(mut self, depth: u8) -> Solver {
        self.pn_leaf = depth.max(1);
        self
    }

    /// Under [`Search::Pn`] (from the turns above [`Solver::pn_leaf`]), searches the published solution's line first: at the turn reached
    /// by its first moves with nothing heard of them but that they were played, its next move
    /// alone until it is refuted (the others follow if it is); `line`: the solver's moves in
    /// SAN, the key first.
    pub fn line(mut self, line: &[String]) -> Solver {
        self.line = line.to_vec();
        self
    }

    /// Gives turns of few positions with at least `depth` moves left to the depth-first search
    /// on a budget first, under [`Search::Pn`] (by default [`PROBE_DEPTH`]).
    pub fn probe_depth(mut self, depth: u8) -> Solver {
        self.probe_depth = depth;
        self
    }

    /// Searches the first turn by proof numbers until it is decided or the search stops.
    pub(super) fn pn_root(&mut self, belief: &[Referee], n: u8) -> Option<Arc<Strategy>> {
        self.memo = Memo::new(self.table_limit, BELIEF_BYTES);
        let key = turn_key(belief);
        // The published key alone first, to the end (measured on Rotenberg's mate in 8 with
        // --key-first: 415 k nodes and 7.3-8.1 s of CPU among all first moves, 295 k and
        // 4.5-5.1 s so); the others only if it fails.
        let mut fresh = Vec::new();
        let acts = self.acts(belief, key, n, true, &mut fresh);
        if let Some(&(act, _)) = acts.first()
            && self.line.is_empty()
            && self.is_key(belief, act)
        {
            let candidate = fresh.first().and_then(Option::as_ref);
            let numbers = self.pn_act(belief, key, act, candidate, n, INF, INF, false);
            self.note(act_key(key, act, n), numbers);
        }
        self.line_root = n;
        let on_line = !self.line.is_empty();
        let (pn, _) = self.pn_turn(belief, key, n, INF, INF, true, on_line);
        if pn != 0 {
            if !self.memo.front.is_empty() || self.prefer.is_some() {
                let line = self.open_line(belief, key, n);
                self.memo.front = format!("{}\n{line}", self.memo.front);
            }
            return None;
        }
        match self.shared.look(key, n) {
            Known::Proven(s) => Some(s),
            _ => self.turn(belief, n),
        }
    }

    /// The numbers of a turn not searched yet, or as last left (`keys`: its positions' keys).
    pub(super) fn turn_numbers(&self, key: u64, keys: &[u64], depth: u8) -> Numbers {
        self.turn_numbers_or(key, keys, depth, None)
    }

    /// [`Solver::turn_numbers`], `last` taken where the memo has dropped the turn's numbers.
    fn turn_numbers_or(&self, key: u64, keys: &[u64], depth: u8, last: Option<Numbers>) -> Numbers {
        match self.look_turn(key, keys, depth) {
            Known::Proven(_) => (0, INF),
            Known::Refuted => (INF, 0),
            Known::Unknown => self
                .memo
                .numbers
                .peek(mix(key, depth, 1))
                .copied()
                .or(last)
                .unwrap_or((1, 1)),
        }
    }

    fn note(&mut self, key: u64, numbers: Numbers) {
        // Full: the older half of the numbers goes (they are hints only).
        if self.memo.numbers.put(key, numbers, 1) {
            self.stats.trims += 1;
        }
    }

    /// The first moves of a turn, best first, each with its proof number before it is searched
    /// (how many turns must be won after it); `fresh`: their answers, when worked out now.
    pub(super) fn acts(
        &mut self,
        belief: &[Referee],
        key: u64,
        depth: u8,
        root: bool,
        fresh: &mut Vec<Option<Candidate>>,
    ) -> Acts {
        let memo_key = mix(key, depth, 3);
        if let Some(acts) = self.memo.acts.get(memo_key) {
            return acts;
        }
        let mut candidates = self.candidates(belief, depth);
        if root && let Some(i) = candidates.iter().position(|c| self.is_key(belief, c.act())) {
            let first = candidates.remove(i);
            candidates.insert(0, first);
        }
        let acts: Acts = candidates
            .iter()
            .map(|c| (c.act(), self.initial_pn(c)))
            .collect();
        self.memo.acts.put(memo_key, acts.clone(), acts.len() + 1);
        *fresh = candidates.into_iter().map(Some).collect();
        acts
    }

    /// Whether `act` is the first move named to be searched first ([`Solver::prefer`]).
    pub(super) fn is_key(&self, belief: &[Referee], act: Act) -> bool {
        self.prefer
            .as_deref()
            .is_some_and(|k| Self::names(belief, act, k))
    }

    /// Whether `act` is the move `san` names (captures, checks and marks aside).
    fn names(belief: &[Referee], act: Act, k: &str) -> bool {
        let Some(r) = belief.first() else {
            return false;
        };
        let bare = |san: &str| san.replace(['x', '+', '#', '!', '?'], "");
        match act {
            Act::Try(a) => bare(&own_san(&r.mover_side(), a, false)) == bare(k),
            Act::Any => bare(k) == "Any",
        }
    }

    /// How many turns must be won after `candidate` (at least 1): each answer that does not
    /// mate at once, and the refusal.
    fn initial_pn(&self, candidate: &Candidate) -> u32 {
        let n = match candidate {
            Candidate::Any(groups) => groups.len(),
            Candidate::Try(_, Split { refused, legal }) => {
                legal
                    .iter()
                    .filter(|(_, g)| !g.iter().all(|r| self.won(r)))
                    .count()
                    + usize::from(!refused.is_empty())
            }
        };
        u32::try_from(n).unwrap_or(INF - 1).clamp(1, INF - 1)
    }

    /// The solver's turn with `belief` (normalized, its key `key`) and `depth` moves left, searched
    /// until its numbers reach the thresholds; proven turns go into the shared table. `on_line`:
    /// the turn is reached along the published line ([`Solver::line`]) with nothing heard.
    #[allow(clippy::too_many_arguments)]
    fn pn_turn(
        &mut self,
        belief: &[Referee],
        key: u64,
        depth: u8,
        th_pn: u32,
        th_dn: u32,
        root: bool,
        on_line: bool,
    ) -> Numbers {
        self.stats.nodes += 1;
        let keys_here: Vec<u64> = belief.iter().map(super::key).collect();
        let known = self.turn_numbers(key, &keys_here, depth);
        if known.0 == 0 || known.1 == 0 || self.out_of_time() {
            return known;
        }
        if depth < self.pn_leaf {
            let found = self.turn(belief, depth);
            if self.interrupted() {
                return known;
            }
            return if found.is_some() { (0, INF) } else { (INF, 0) };
        }
        // At its first visit, each position alone first, as the depth-first search does near
        // the leaves: one that defeats every strategy refutes the turn.
        if belief.len() > 1
            && depth <= SINGLES_DEPTH
            && self.memo.acts.peek(mix(key, depth, 3)).is_none()
        {
            let alone = self.singles(belief, &keys_here, depth);
            if self.interrupted() {
                return known;
            }
            if !alone {
                self.stats.refuted_alone += 1;
                self.refute(key, &keys_here, depth);
                return (INF, 0);
            }
        }
        // A belief of few positions (after a capture, say: all but known) is given in turns to
        // the depth-first search with its iterative deepening, on a node budget that doubles
        // each time, and to the proof numbers for as many nodes: a short mate deep in such a
        // turn is found there long before the proof numbers reach it.
        let probing = belief.len() <= PROBE_BELIEF
            && depth >= self.probe_depth
            && self.limit.is_none()
            && !root;
        let probe_key = mix(key, depth, 5);
        let mut probe_until = None;
        if probing {
            match self.probe(belief, depth, probe_key) {
                Ok(numbers) => return numbers,
                Err(until) => probe_until = Some(until),
            }
            if self.interrupted() {
                return known;
            }
        }
        let mut fresh = Vec::new();
        let acts = self.acts(belief, key, depth, root, &mut fresh);
        let keys: Vec<u64> = acts.iter().map(|(a, _)| act_key(key, *a, depth)).collect();
        // On the published line, its move alone until it is refuted.
        let hint = if on_line {
            let played = usize::from(self.line_root.saturating_sub(depth));
            self.line
                .get(played)
                .and_then(|san| acts.iter().position(|(a, _)| Self::names(belief, *a, san)))
        } else {
            None
        };
        if hint.is_some() {
            self.stats.on_line += 1;
        }
        let mut rounds: u32 = 0;
        // Each attempt's numbers as this loop last left them, where the memo has dropped them
        // (else the same attempt could be searched again and again to the same numbers).
        let mut last: Vec<Option<Numbers>> = vec![None; keys.len()];
        loop {
            let numbers: Vec<Numbers> = keys
                .iter()
                .zip(acts.iter())
                .zip(&last)
                .map(|((k, (_, p)), l)| {
                    let known = self.memo.numbers.peek(*k).copied();
                    known.or(*l).unwrap_or((*p, 1))
                })
                .collect();
            let (mut best, mut pn, mut pn2) = (usize::MAX, INF, INF);
            let mut dn = 0;
            // (Only while it is open: the turn is refuted only when every move is.)
            let alone = hint.filter(|&h| numbers[h].0 < INF && numbers[h].1 > 0);
            for (i, &(p, d)) in numbers.iter().enumerate() {
                if alone.is_some_and(|h| h != i) {
                    continue;
                }
                dn = add(dn, d);
                if p < pn {
                    pn2 = pn;
                    (best, pn) = (i, p);
                } else if p < pn2 {
                    pn2 = p;
                }
            }
            if dn == 0 || best == usize::MAX {
                self.refute(key, &keys_here, depth);
                return (INF, 0);
            }
            if pn == 0 {
                // Proven by an attempt whose strategy went into the table at once; if it was
                // trimmed since, the depth-first search finds it again.
                return match self.shared.look(key, depth) {
                    Known::Proven(_) => (0, INF),
                    _ if self.turn(belief, depth).is_some() => (0, INF),
                    _ => known,
                };
            }
            self.note(mix(key, depth, 1), (pn, dn));
            if root {
                rounds = rounds.saturating_add(1);
                self.frontier(&acts, &numbers, rounds);
            }
            // Stopped, the numbers are those of the children as they were left.
            if pn >= th_pn || dn >= th_dn || self.out_of_time() {
                return (pn, dn);
            }
            if probe_until.is_some_and(|u| self.stats.nodes >= u) {
                match self.probe(belief, depth, probe_key) {
                    Ok(numbers) => return numbers,
                    Err(until) => probe_until = Some(until),
                }
                if self.interrupted() {
                    return (pn, dn);
                }
            }
            let child_pn = th_pn.min(pn2.saturating_add(pn2 / 4).max(pn2.saturating_add(1)));
            let child_dn = th_dn.saturating_sub(dn).saturating_add(numbers[best].1);
            let act = acts[best].0;
            let found = if depth <= self.pn_leaf {
                self.whole_act(
                    belief,
                    key,
                    act,
                    fresh.get_mut(best).and_then(Option::take),
                    depth,
                )
            } else {
                let candidate = fresh.get(best).and_then(Option::as_ref);
                let line = alone == Some(best);
                self.pn_act(belief, key, act, candidate, depth, child_pn, child_dn, line)
            };
            self.note(keys[best], found);
            last[best] = Some(found);
        }
    }

    /// The depth-first search of a turn on a budget that doubles at each call for the same
    /// turn: its numbers when it decided it, else the node count until which the proof
    /// numbers go on before the next call.
    fn probe(&mut self, belief: &[Referee], depth: u8, probe_key: u64) -> Result<Numbers, u64> {
        // The calls so far are kept in the numbers memo under the probe's own key.
        let tries = self.memo.numbers.peek(probe_key).map_or(0, |n| n.0);
        self.note(probe_key, (tries.saturating_add(1), 0));
        let budget = PROBE_NODES << tries.min(16);
        self.limit = Some(self.stats.nodes.saturating_add(budget));
        let found = self.turn(belief, depth);
        self.stats.probes += 1;
        let cut = self.over_budget;
        self.limit = None;
        self.over_budget = false;
        if found.is_some() {
            return Ok((0, INF));
        }
        if !cut && !self.interrupted() {
            return Ok((INF, 0));
        }
        Err(self.stats.nodes.saturating_add(budget))
    }

    /// An attempt (or "Any?", `act`) at the turn `turn` decided by the depth-first search (its
    /// children are searched one after another, the first that fails ending it): when it is
    /// proven, the turn's strategy goes into the shared table.
    fn whole_act(
        &mut self,
        belief: &[Referee],
        turn: u64,
        act: Act,
        candidate: Option<Candidate>,
        depth: u8,
    ) -> Numbers {
        self.stats.nodes += 1;
        let keys: Vec<u64> = belief.iter().map(super::key).collect();
        match self.try_act(belief, &keys, turn, act, candidate, depth) {
            Some(s) => {
                self.shared.prove(turn, &keys, depth, Arc::new(s));
                (0, INF)
            }
            None if self.interrupted() => (1, 1),
            None => (INF, 0),
        }
    }

    /// reach the thresholds. When it is proven, the turn's strategy goes into the shared table.
    /// `on_line`: the act is the published line's move at a turn of the line.
    #[allow(clippy::too_many_arguments)]
    fn pn_act(
        &mut self,
        belief: &[Referee],
        turn: u64,
        act: Act,
        candidate: Option<&Candidate>,
        depth: u8,
        th_pn: u32,
        th_dn: u32,
        on_line: bool,
    ) -> Numbers {
        self.stats.nodes += 1;
        let Some(e) = self.expansion(belief, turn, act, candidate, depth) else {
            return (INF, 0);
        };
        let Expansion { layout, children } = &*e;
        // The children's numbers are looked up once a visit, and the child searched takes the
        // numbers its search returns (looking every child up again after each search took a
        // tenth of the time on Rotenberg's mate in 8). A sibling decided meanwhile by a
        // transposition is found so when it is searched next.
        let mut numbers: Vec<Numbers> = children
            .iter()
            .map(|c| self.turn_numbers(c.key, &c.members, c.depth))
            .collect();
        loop {
            let (mut best, mut dn, mut dn2) = (usize::MAX, INF, INF);
            let mut pn = 0;
            for (i, &(p, d)) in numbers.iter().enumerate() {
                pn = add(pn, p);
                if p == 0 {
                    continue;
                }
                if d < dn {
                    dn2 = dn;
                    (best, dn) = (i, d);
                } else if d < dn2 {
                    dn2 = d;
                }
            }
            if dn == 0 {
                // A group of the opponent's replies refuted: so is their turn, for every other
                // way to it.
                let refuted = numbers.iter().position(|n| n.1 == 0);
                if let Some((key, keys)) = refuted.and_then(|i| layout.replies_of(i))
                    && !self.interrupted()
                {
                    self.shared.refute_replies(key, keys, depth - 1);
                }
                return (INF, 0);
            }
            if best == usize::MAX {
                return match self.build(act, belief, layout, children, depth) {
                    Some(s) => {
                        let keys: Vec<u64> = belief.iter().map(super::key).collect();
                        self.shared.prove(turn, &keys, depth, Arc::new(s));
                        (0, INF)
                    }
                    None => (pn.max(1), dn),
                };
            }
            if pn >= th_pn || dn >= th_dn || self.out_of_time() {
                return (pn, dn);
            }
            let child_dn = th_dn.min(dn2.saturating_add(dn2 / 4).max(dn2.saturating_add(1)));
            let child_pn = th_pn.saturating_sub(pn).saturating_add(numbers[best].0);
            let c = &children[best];
            let line = on_line && c.quiet;
            let found = self.pn_turn(&c.belief, c.key, c.depth, child_pn, child_dn, false, line);
            // Decided leaves are not all in the shared table (a mate in one is found again).
            self.note(mix(c.key, c.depth, 1), found);
            numbers[best] = found;
        }
    }
}
