//! An AND node of the proof-number search ([`super::pn`]) worked out: the turns that must be
//! won after an attempt or "Any?" (its children, with their beliefs and keys), kept in the memo,
//! and the strategy of a proven AND node put together from its children's. The opponent's turns
//! after an attempt go through the replies table, as the depth-first search's do: one proven or
//! refuted there is not branched again, and what this search decides of one goes into it.

use super::pn::act_key;
use super::{ANY, Candidate, REPLIES_SALT, Solver, Split, belief_key};
use crate::announce::Item;
use crate::problem::table::{Known, members};
use crate::problem::tree::{Act, After, Answer, Strategy};
use crate::referee::Referee;
use crate::view::san::own_san;
use crate::worlds;
use std::sync::Arc;

/// One turn that must be won after an AND node: its belief (normalized), moves left, key, and
/// its positions' keys (sorted, for a larger belief's proof).
pub(super) struct Child {
    pub(super) belief: Vec<Referee>,
    pub(super) depth: u8,
    pub(super) key: u64,
    pub(super) members: Vec<u64>,
    /// Whether nothing was heard on the way to it: the attempt's answer and the reply both
    /// silent (the line a published solution follows, [`Solver::line`]).
    pub(super) quiet: bool,
}

/// The replies to one answer: what the solver hears, and the child that follows.
pub(super) type ReplyChildren = Vec<(String, usize)>;

/// What follows one legal answer to an attempt.
pub(super) enum Then {
    /// The answer mates.
    Mate,
    /// The opponent's replies, proven already (from the replies table).
    Known(Arc<super::Replies>),
    /// The opponent's turn still to win: its key in the replies table and its positions' keys,
    /// and each group of replies with its child.
    Open {
        key: u64,
        keys: Vec<u64>,
        replies: ReplyChildren,
    },
}

/// An AND node worked out: how its strategy is put together, and its children.
pub(super) struct Expansion {
    pub(super) layout: Layout,
    pub(super) children: Vec<Child>,
}

/// How an AND node's strategy is put together from its children's.
pub(super) enum Layout {
    /// An attempt: each legal answer (the words, the SAN, and what follows), and the
    /// refusal's child.
    Try {
        answers: Vec<(String, String, Then)>,
        refused: Option<usize>,
    },
    /// "Any?": each answer's words and child.
    Any(Vec<(String, usize)>),
}

impl Solver {
    /// The children of `act` at the turn `turn` (from the memo, or worked out from `candidate`,
    /// its answers when known); `None` when it fails at once.
    pub(super) fn expansion(
        &mut self,
        belief: &[Referee],
        turn: u64,
        act: Act,
        candidate: Option<&Candidate>,
        depth: u8,
    ) -> Option<Arc<Expansion>> {
        let memo_key = act_key(turn, act, depth);
        if let Some(e) = self.memo.children.get(memo_key) {
            return Some(e);
        }
        let owned;
        let candidate = match candidate {
            Some(c) => c,
            None => {
                owned = match act {
                    Act::Try(a) => Candidate::Try(a, self.split(belief, a)?),
                    Act::Any => Candidate::Any(self.question(belief)?),
                };
                &owned
            }
        };
        let (layout, children) = self.expand(belief, candidate, depth)?;
        let worlds: usize = children.iter().map(|c| c.belief.len()).sum();
        let e = Arc::new(Expansion { layout, children });
        self.memo.children.put(memo_key, e.clone(), worlds + 1);
        Some(e)
    }

    /// An attempt (or "Any?", `act`) at the turn `turn`: its children searched until its numbers
    /// The turns that must be won after `candidate`, and how its strategy is put together;
    /// `None` when it fails at once (an answer ends the game without the mate, or leaves no
    /// move to mate with, or a reply escapes every mate).
    fn expand(
        &mut self,
        belief: &[Referee],
        candidate: &Candidate,
        depth: u8,
    ) -> Option<(Layout, Vec<Child>)> {
        let wording = belief.first()?.rules().wording;
        let mut children = Vec::new();
        let mut child = |mut b: Vec<Referee>, depth: u8, quiet: bool| {
            worlds::normalize(&mut b);
            let keys: Vec<u64> = b.iter().map(super::key).collect();
            children.push(Child {
                key: super::belief_key(&keys),
                members: members(&keys),
                belief: b,
                depth,
                quiet,
            });
            children.len() - 1
        };
        let layout = match candidate {
            Candidate::Any(groups) => {
                let mut answers = Vec::new();
                for (heard, g) in groups {
                    let words =
                        crate::wording::heard_line(heard, wording, self.solver, Some(self.solver));
                    answers.push((words, child(g.clone(), depth, false)));
                }
                Layout::Any(answers)
            }
            Candidate::Try(a, Split { refused, legal }) => {
                let side = belief[0].mover_side();
                let mut answers = Vec::new();
                for (heard, after) in legal {
                    let mut after = after.clone();
                    if self.material_mates && !after.iter().all(|r| self.won(r)) {
                        after.retain(|r| !self.won(r));
                    }
                    let mated = after.iter().all(|r| self.won(r));
                    if !mated && (after.iter().any(|r| r.over().is_some()) || depth == 1) {
                        return None;
                    }
                    let capture = heard.iter().any(|i| matches!(i, Item::Capture { .. }));
                    let mut san = own_san(&side, *a, capture);
                    let words =
                        crate::wording::heard_line(heard, wording, self.solver, Some(self.solver));
                    if mated {
                        san.push('#');
                        answers.push((words, san, Then::Mate));
                        continue;
                    }
                    worlds::normalize(&mut after);
                    let keys: Vec<u64> = after.iter().map(Referee::position_key).collect();
                    let key = belief_key(&keys) ^ REPLIES_SALT;
                    match self.look_replies(key, &keys, depth - 1) {
                        Known::Proven(r) => {
                            self.stats.hits += 1;
                            self.stats.replies_known += 1;
                            answers.push((words, san, Then::Known(r)));
                            continue;
                        }
                        Known::Refuted => {
                            self.stats.hits += 1;
                            self.stats.replies_known += 1;
                            return None;
                        }
                        Known::Unknown => {}
                    }
                    if depth - 1 == 1 && !self.material_mates && super::relax::reply_escapes(&after)
                    {
                        self.shared.refute_replies(key, &keys, depth - 1);
                        return None;
                    }
                    let mut groups =
                        worlds::branch(&after, self.solver, worlds::legal_moves, |r| {
                            r.over().is_some()
                        })?;
                    if groups.is_empty() {
                        return None;
                    }
                    groups.sort_by_key(|(_, g)| g.len());
                    let mut replies = Vec::new();
                    for (h, g) in groups {
                        let mut words = crate::wording::heard_line(
                            &h,
                            wording,
                            !self.solver,
                            Some(self.solver),
                        );
                        if words.is_empty() {
                            words = "(nothing heard)".to_owned();
                        }
                        let quiet = silent(heard) && silent(&h);
                        replies.push((words, child(g, depth - 1, quiet)));
                    }
                    answers.push((words, san, Then::Open { key, keys, replies }));
                }
                let refused = (!refused.is_empty()).then(|| child(refused.clone(), depth, true));
                Layout::Try { answers, refused }
            }
        };
        Some((layout, children))
    }

    /// The strategy of a proven AND node, its children's taken from the table (or found again
    /// by the depth-first search where the table dropped them).
    pub(super) fn build(
        &mut self,
        act: Act,
        belief: &[Referee],
        layout: &Layout,
        children: &[Child],
        depth: u8,
    ) -> Option<Strategy> {
        let mut then = Vec::with_capacity(children.len());
        for c in children {
            let s = match self.look_turn(c.key, &c.members, c.depth) {
                Known::Proven(s) => s,
                _ => self.turn(&c.belief, c.depth)?,
            };
            then.push(s);
        }
        Some(match layout {
            Layout::Any(answers) => Strategy {
                act,
                san: ANY.to_owned(),
                answers: answers
                    .iter()
                    .map(|(heard, i)| Answer {
                        heard: heard.clone(),
                        san: ANY.to_owned(),
                        then: After::Again(then[*i].clone()),
                    })
                    .collect(),
                refused: None,
            },
            Layout::Try { answers, refused } => {
                let side = belief.first()?.mover_side();
                let Act::Try(a) = act else { return None };
                let mut built = Vec::with_capacity(answers.len());
                for (heard, san, after) in answers {
                    let then = match after {
                        Then::Mate => After::Mate,
                        Then::Known(r) => After::Replies(r.as_ref().clone()),
                        Then::Open { key, keys, replies } => {
                            let r: super::Replies = replies
                                .iter()
                                .map(|(w, i)| (w.clone(), then[*i].clone()))
                                .collect();
                            // The opponent's turn proven, for every other way to it.
                            self.shared
                                .prove_replies(*key, keys, depth - 1, Arc::new(r.clone()));
                            After::Replies(r)
                        }
                    };
                    built.push(Answer {
                        heard: heard.clone(),
                        san: san.clone(),
                        then,
                    });
                }
                Strategy {
                    act,
                    san: own_san(&side, a, false),
                    answers: built,
                    refused: refused.map(|i| then[i].clone()),
                }
            }
        })
    }
}

/// Whether `heard` says nothing but that the move was played.
fn silent(heard: &[Item]) -> bool {
    heard.iter().all(|i| matches!(i, Item::Legal))
}

impl Layout {
    /// The opponent's turn the child `child` is one group of replies of: its key in the replies
    /// table and its positions' keys (none for a refusal's child or "Any?"'s).
    pub(super) fn replies_of(&self, child: usize) -> Option<(u64, &[u64])> {
        let Layout::Try { answers, .. } = self else {
            return None;
        };
        answers.iter().find_map(|(_, _, then)| match then {
            Then::Open { key, keys, replies } if replies.iter().any(|(_, i)| *i == child) => {
                Some((*key, keys.as_slice()))
            }
            _ => None,
        })
    }
}
