//! A strategy checked against the referee ([`Problem::check`]): every branch of the tree is
//! played out in every position the problem allows, the positions grouped by what the solver
//! hears (as a seat's belief is, [`crate::worlds`]), each refusal, answer and reply looked up in
//! the tree, and each line must end in the referee's checkmate within the stipulation. Nothing
//! of the solver is used: a tree read from a file is checked the same way.

use super::tree::{Act, After, Strategy};
use super::{Problem, ProblemError};
use crate::announce::GameResult;
use crate::referee::Referee;
use crate::worlds;
use shakmaty::Color;
use std::fmt::Write as _;
use thiserror::Error;

/// Why a strategy does not solve a problem.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum CheckError {
    /// The problem itself cannot be set up.
    #[error(transparent)]
    Problem(#[from] ProblemError),
    /// A line of play where the strategy fails, and how.
    #[error("the strategy fails after {line}: {why}")]
    Fails {
        /// The requests and what was heard, up to the failure.
        line: String,
        /// What went wrong.
        why: String,
    },
}

/// What a successful check covered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Checked {
    /// The problem's positions (every placement).
    pub positions: usize,
    /// The branches of the tree played out (each solver turn reached, with its belief).
    pub turns: u64,
    /// The lines that ended in mate (each group of positions mated together counts once).
    pub mates: u64,
    /// The most moves any line took.
    pub longest: u8,
}

/// The walk over the tree.
struct Walk {
    solver: Color,
    material_mates: bool,
    mate_in: u8,
    checked: Checked,
    /// What was requested and heard so far, for an error.
    line: Vec<String>,
}

impl Problem {
    /// Plays `strategy` from the problem's start against every placement and every reply
    /// (see the module doc); what it covered, or the first line where it fails.
    pub fn check(&self, strategy: &Strategy) -> Result<Checked, CheckError> {
        let mut belief = self.belief()?;
        worlds::normalize(&mut belief);
        let mut walk = Walk {
            solver: self.solver()?,
            material_mates: self.material_mates,
            mate_in: self.mate_in,
            checked: Checked {
                positions: belief.len(),
                ..Checked::default()
            },
            line: Vec::new(),
        };
        walk.turn(strategy, belief, 0)?;
        Ok(walk.checked)
    }
}

impl Walk {
    fn fail(&self, why: impl Into<String>) -> CheckError {
        let line = if self.line.is_empty() {
            "the start".to_owned()
        } else {
            self.line.join(" ")
        };
        CheckError::Fails {
            line,
            why: why.into(),
        }
    }

    fn won(&self, r: &Referee) -> bool {
        match r.over() {
            Some(o) => o.result == GameResult::win_for(self.solver),
            None => self.material_mates && super::material_mate(r.true_board(), self.solver),
        }
    }

    /// The solver's turn with `belief`, `moves` of its moves played so far.
    fn turn(&mut self, s: &Strategy, belief: Vec<Referee>, moves: u8) -> Result<(), CheckError> {
        self.checked.turns += 1;
        let Some(first) = belief.first() else {
            return Ok(());
        };
        if moves >= self.mate_in {
            return Err(self.fail(format!("no mate in {} moves", self.mate_in)));
        }
        let wording = first.rules().wording;
        let mover = first.mover_side();
        if let Act::Try(a) = s.act
            && !mover.is_possible(a)
        {
            return Err(self.fail(format!("{a} is not possible with the solver's pieces")));
        }
        let Some(split) = worlds::split(&belief, &s.act.request(), self.solver, |_| false) else {
            return Err(self.fail(format!("{} cannot be asked", s.act)));
        };
        let solver = self.solver;
        let heard = |items: &[crate::announce::Item], mover: Color| {
            crate::wording::heard_line(items, wording, mover, Some(solver))
        };
        if s.act == Act::Any {
            if !split.taken.is_empty() {
                return Err(self.fail("\"Any?\" ended the turn"));
            }
            for (items, group) in split.refused {
                let words = heard(&items, self.solver);
                let next = match s.answers.iter().find(|x| x.heard == words).map(|x| &x.then) {
                    Some(After::Again(next)) => next.clone(),
                    Some(_) => return Err(self.fail(format!("Any?: {words} has no next turn"))),
                    None => return Err(self.fail(format!("Any?: no answer for {words}"))),
                };
                self.line.push(format!("Any? ({words})"));
                self.turn(&next, group, moves)?;
                self.line.pop();
            }
            return Ok(());
        }
        let refused = worlds::all(split.refused);
        if !refused.is_empty() {
            let Some(next) = &s.refused else {
                return Err(self.fail(format!("{} may be refused", s.san)));
            };
            let mut refused = refused;
            worlds::normalize(&mut refused);
            self.line.push(format!("{} refused", s.san));
            self.turn(next, refused, moves)?;
            self.line.pop();
        }
        for (items, mut group) in split.taken {
            let words = heard(&items, self.solver);
            let Some(answer) = s.answers.iter().find(|x| x.heard == words) else {
                return Err(self.fail(format!("{}: no answer for {words}", s.san)));
            };
            self.line
                .push(format!("{}. {} ({words})", moves + 1, answer.san));
            if self.material_mates && !group.iter().all(|r| self.won(r)) {
                group.retain(|r| !self.won(r));
            }
            if group.iter().all(|r| self.won(r)) {
                self.checked.mates += 1;
                self.checked.longest = self.checked.longest.max(moves + 1);
                self.line.pop();
                continue;
            }
            let replies = match &answer.then {
                After::Replies(replies) => replies,
                After::Mate => return Err(self.fail("not mate in every position")),
                After::Again(_) => return Err(self.fail("an attempt's answer with no reply")),
            };
            if group.iter().any(|r| r.over().is_some()) {
                return Err(self.fail("the game ended without the mate"));
            }
            worlds::normalize(&mut group);
            let Some(groups) = worlds::branch(&group, self.solver, worlds::legal_moves, |_| false)
            else {
                return Err(self.fail("the replies cannot be played"));
            };
            if groups.is_empty() {
                return Err(self.fail("the opponent has no move"));
            }
            for (items, mut after) in groups {
                let mut words = heard(&items, !self.solver);
                if words.is_empty() {
                    words = "(nothing heard)".to_owned();
                }
                let mut said = String::new();
                let _ = write!(said, "… {words}");
                self.line.push(said);
                if after.iter().any(|r| r.over().is_some()) {
                    return Err(self.fail("the reply ended the game"));
                }
                let Some((_, next)) = replies.iter().find(|(w, _)| *w == words) else {
                    return Err(self.fail("no next turn for this reply"));
                };
                worlds::normalize(&mut after);
                self.turn(next, after, moves + 1)?;
                self.line.pop();
            }
            self.line.pop();
        }
        Ok(())
    }
}
