//! The solver's AND nodes: everything that must hold for an attempt to win (each answer of the
//! referee, and the opponent's every reply after it). Where several workers search together,
//! each takes first the children no other worker is in ([`Solver::next_child`]).

use super::shared::Mark;
use super::{REPLIES_SALT, Replies, Solver, Split, belief_key, turn_key};
use crate::announce::{GameResult, Item};
use crate::attempt::Attempt;
use crate::problem::table::Known;
use crate::problem::tree::{Act, After, Answer, Strategy};
use crate::referee::{Referee, Request};
use crate::view::san::own_san;
use crate::worlds;
use std::sync::Arc;

impl Solver {
    /// Of the children `marks` not yet `done`, the one to search next: the first no other
    /// worker is searching, else the first (its result may be in the table by then).
    fn next_child(&self, marks: &[Mark], done: &[bool]) -> Option<usize> {
        let mut open = (0..marks.len()).filter(|&i| !done[i]);
        let free = open
            .clone()
            .find(|&i| !self.shares(marks[i]) || !self.shared.busy(marks[i]));
        free.or_else(|| open.next())
    }

    /// The marks of `n` children, made by `mark` only where workers share them (alone, the
    /// keys are not worth working out, and the children are searched in order).
    pub(super) fn marks(&self, n: usize, mark: impl Fn(usize) -> Mark) -> Vec<Mark> {
        if self.threads > 1 {
            (0..n).map(mark).collect()
        } else {
            Vec::new()
        }
    }

    /// Visits the children `0..n` of an AND node (`marks` from [`Solver::marks`]) until `visit`
    /// fails: in order when alone, the ones no other worker is in first when shared.
    pub(super) fn each_child(
        &mut self,
        n: usize,
        marks: &[Mark],
        mut visit: impl FnMut(&mut Solver, usize) -> Option<()>,
    ) -> Option<()> {
        if marks.len() != n {
            return (0..n).try_for_each(|i| visit(self, i));
        }
        let mut done = vec![false; n];
        while let Some(i) = self.next_child(marks, &done) {
            done[i] = true;
            visit(self, i)?;
        }
        Some(())
    }

    /// Searches the solver's turn for each of `beliefs` with `depth` moves: every one must be
    /// proven; `None` as soon as one is not. (Each is normalized when it is searched, or at once
    /// when workers share them: a belief left after a refutation costs nothing.)
    pub(super) fn turns(
        &mut self,
        mut beliefs: Vec<Vec<Referee>>,
        depth: u8,
    ) -> Option<Vec<Arc<Strategy>>> {
        if self.threads > 1 {
            beliefs.iter_mut().for_each(|b| {
                worlds::normalize(b);
            });
        }
        let marks = self.marks(beliefs.len(), |i| Mark::Turn(turn_key(&beliefs[i]), depth));
        let mut found: Vec<Option<Arc<Strategy>>> = vec![None; beliefs.len()];
        self.each_child(beliefs.len(), &marks, |solver, i| {
            worlds::normalize(&mut beliefs[i]);
            found[i] = Some(solver.turn(&beliefs[i], depth)?);
            Some(())
        })?;
        found.into_iter().collect()
    }

    /// Whether attempting `a` first wins from `belief`, and how; `split`: its answers, when
    /// already worked out.
    pub(super) fn attempt(
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
        let Split { mut refused, legal } = match split {
            Some(split) => split,
            None => self.split(belief, a)?,
        };
        let side = belief[0].mover_side();
        let strategy = |answers, refused| Strategy {
            act: Act::Try(a),
            san: own_san(&side, a, false),
            answers,
            refused,
        };
        if legal.is_empty() {
            // Refused wherever the belief stands (a placement searched alone): the attempt is a
            // question, and the solver goes on from what the refusal left.
            worlds::normalize(&mut refused);
            let then = self.turn(&refused, depth)?;
            return Some(strategy(Vec::new(), Some(then)));
        }
        let mut branches = Vec::with_capacity(legal.len());
        for (heard, mut after) in legal {
            // Where a material checkmate counts, the positions it ends are won already.
            if self.material_mates && !after.iter().all(|r| self.won(r)) {
                after.retain(|r| !self.won(r));
            }
            let mated = after.iter().all(|r| self.won(r));
            if !mated && (after.iter().any(|r| r.over().is_some()) || depth == 1) {
                return None;
            }
            branches.push((heard, (!mated).then_some(after)));
        }
        if self.threads > 1 {
            // The children's keys, for the other workers.
            for after in branches.iter_mut().filter_map(|(_, after)| after.as_mut()) {
                worlds::normalize(after);
            }
            worlds::normalize(&mut refused);
        }
        // The children: each answer's replies, then the refusal; all must be proven.
        let marks = self.marks(branches.len() + 1, |i| match branches.get(i) {
            Some((_, Some(after))) => Mark::Replies(replies_key(after), depth - 1),
            Some((_, None)) => Mark::Turn(0, 0),
            None => Mark::Turn(turn_key(&refused), depth),
        });
        let mut replies: Vec<Option<Replies>> = vec![None; branches.len()];
        let mut then_refused = None;
        self.each_child(branches.len() + 1, &marks, |solver, i| {
            match branches.get_mut(i) {
                Some((_, after)) => {
                    if let Some(after) = after.take() {
                        replies[i] = Some(solver.replies(after, depth - 1)?);
                    }
                }
                None if refused.is_empty() => {}
                None => {
                    worlds::normalize(&mut refused);
                    then_refused = Some(solver.turn(&refused, depth)?);
                }
            }
            Some(())
        })?;
        let wording = belief[0].rules().wording;
        let answers = branches
            .into_iter()
            .zip(replies)
            .map(|((heard, _), r)| {
                let capture = heard.iter().any(|i| matches!(i, Item::Capture { .. }));
                let mut san = own_san(&side, a, capture);
                if r.is_none() {
                    san.push('#');
                }
                Answer {
                    heard: crate::wording::heard_line(
                        &heard,
                        wording,
                        self.solver,
                        Some(self.solver),
                    ),
                    san,
                    then: r.map_or(After::Mate, After::Replies),
                }
            })
            .collect();
        Some(strategy(answers, then_refused))
    }

    /// The referee's answers to `a` across `belief`: where it is refused, and where it is legal
    /// grouped by what the solver hears (none when it is refused everywhere). `None` when it
    /// ends the game in a draw or a loss somewhere.
    pub(super) fn split(&self, belief: &[Referee], a: Attempt) -> Option<Split> {
        let won = GameResult::win_for(self.solver);
        let split = worlds::split(belief, &Request::Try(a), self.solver, |r| {
            r.over().is_some_and(|o| o.result != won)
        })?;
        Some(Split {
            refused: worlds::all(split.refused),
            legal: split.taken,
        })
    }

    /// The opponent's replies from `positions`, grouped by what the solver hears of them, each
    /// answered with a strategy of `depth` moves.
    pub(super) fn replies(&mut self, mut positions: Vec<Referee>, depth: u8) -> Option<Replies> {
        // The opponent's turns have a table of their own: the same positions reached by another
        // way need not be branched again.
        worlds::normalize(&mut positions);
        let keys: Vec<u64> = positions.iter().map(Referee::position_key).collect();
        let key = belief_key(&keys) ^ REPLIES_SALT;
        loop {
            match self.look_replies(key, &keys, depth) {
                Known::Proven(r) => {
                    self.stats.hits += 1;
                    return Some(r.as_ref().clone());
                }
                Known::Refuted => {
                    self.stats.hits += 1;
                    return None;
                }
                Known::Unknown => {}
            }
            if depth == 1 && !self.material_mates && super::relax::reply_escapes(&positions) {
                self.shared.refute_replies(key, &keys, depth);
                return None;
            }
            let mark = Mark::Replies(key, depth);
            self.enter(mark);
            let found = self.branch_replies(&positions, depth);
            if self.leave(mark) {
                continue; // given up: another worker decided it
            }
            match &found {
                Some(r) => self
                    .shared
                    .prove_replies(key, &keys, depth, Arc::new(r.clone())),
                None if !self.interrupted() => self.shared.refute_replies(key, &keys, depth),
                None => {}
            }
            return found;
        }
    }

    /// [`Solver::replies`] worked out.
    fn branch_replies(&mut self, positions: &[Referee], depth: u8) -> Option<Replies> {
        // A reply that ends the game (the opponent mated, or a draw) defeats the solver.
        let mut groups = worlds::branch(positions, self.solver, worlds::legal_moves, |r| {
            r.over().is_some()
        })?;
        if groups.is_empty() {
            return None;
        }
        let wording = positions[0].rules().wording;
        // The smallest group first: it is the quickest to refute.
        groups.sort_by_key(|(_, g)| g.len());
        let (heard, beliefs): (Vec<_>, Vec<_>) = groups.into_iter().unzip();
        let strategies = self.turns(beliefs, depth)?;
        Some(
            heard
                .iter()
                .zip(strategies)
                .map(|(h, s)| {
                    let mut words =
                        crate::wording::heard_line(h, wording, !self.solver, Some(self.solver));
                    if words.is_empty() {
                        words = "(nothing heard)".to_owned();
                    }
                    (words, s)
                })
                .collect(),
        )
    }
}

/// The key of the opponent's turn from `positions` (normalized) in the replies table.
fn replies_key(positions: &[Referee]) -> u64 {
    let keys: Vec<u64> = positions.iter().map(Referee::position_key).collect();
    belief_key(&keys) ^ REPLIES_SALT
}
