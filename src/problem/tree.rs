//! A proven strategy of the solver, as a tree of attempts (and "Any?" questions) and referee
//! answers, and its printing in the problemists' form: each attempt, what follows each answer, and
//! after "sor" ("si refusé", Swart's notation) what the solver tries when the referee refuses it.
//! A question prints like a move: "1. Any?", then what follows each answer.

use crate::attempt::Attempt;
use crate::referee::Request;
use std::fmt::{self, Write as _};
use std::sync::Arc;

/// What the solver asks the referee: an attempt, or "Any?".
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Act {
    /// An attempted move.
    Try(Attempt),
    /// "Are there any?" (pawn captures), where the rules allow the question.
    Any,
}

impl Act {
    /// The request that makes it.
    pub fn request(self) -> Request {
        match self {
            Act::Try(a) => Request::Try(a),
            Act::Any => Request::Any,
        }
    }
}

impl fmt::Display for Act {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Act::Try(a) => write!(f, "{a}"),
            Act::Any => f.write_str("Any?"),
        }
    }
}

/// What the solver does at one of its turns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Strategy {
    /// The attempt, or the question.
    pub act: Act,
    /// The attempt in SAN, from the solver's own board ("Any?" for the question).
    pub san: String,
    /// For each answer when the attempt is legal (for each answer to a question): what the
    /// solver heard, and what follows.
    pub answers: Vec<Answer>,
    /// What the solver tries next when the referee refuses the attempt (`None`: it is legal
    /// wherever the hidden units may be).
    pub refused: Option<Arc<Strategy>>,
}

/// One answer to a legal attempt and what follows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// What the solver heard ("Yes. Capture at f2. Knight check.").
    pub heard: String,
    /// The attempt in SAN as this answer shows it (with `x` after a capture, `#` for mate).
    pub san: String,
    /// What follows.
    pub then: After,
}

/// What follows a legal attempt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum After {
    /// Checkmate.
    Mate,
    /// The opponent replies; for each thing the solver may hear of the reply, its next turn.
    Replies(Vec<(String, Arc<Strategy>)>),
    /// The turn goes on (an answer to "Any?"): what the solver does next.
    Again(Arc<Strategy>),
}

/// One request of the person playing a problem and what was heard of it (and of the reply,
/// after a legal move): what a strategy is followed by.
#[derive(Clone, Debug)]
pub(super) struct Step {
    pub(super) act: Act,
    pub(super) legal: bool,
    pub(super) heard: String,
    pub(super) reply: Option<String>,
}

impl Strategy {
    /// Where the strategy goes after `step`: `None` when the step left it.
    pub(super) fn follow(&self, step: &Step) -> Option<Arc<Strategy>> {
        if self.act != step.act {
            return None;
        }
        // A refused attempt; a question is never refused, its answers are among the answers.
        if !step.legal && self.act != Act::Any {
            return self.refused.clone();
        }
        let answer = self.answers.iter().find(|x| x.heard == step.heard)?;
        match &answer.then {
            After::Again(next) => Some(next.clone()),
            After::Replies(replies) => {
                let reply = step.reply.as_deref()?;
                replies
                    .iter()
                    .find(|(words, _)| words == reply)
                    .map(|(_, next)| next.clone())
            }
            After::Mate => None,
        }
    }

    /// The number of solver turns in the longest line (the depth of the mate).
    pub fn depth(&self) -> u32 {
        let legal = self
            .answers
            .iter()
            .map(|a| match &a.then {
                After::Mate => 1,
                After::Replies(r) => 1 + r.iter().map(|(_, s)| s.depth()).max().unwrap_or(0),
                After::Again(s) => s.depth(),
            })
            .max()
            .unwrap_or(0);
        let refused = self.refused.as_ref().map_or(0, |s| s.depth());
        legal.max(refused)
    }

    /// The first move with its refusal chain, Swart's way: "Rg2 sor Nf2#".
    pub fn key_line(&self) -> String {
        let mut out = self.shown();
        let mut next = self.refused.as_deref();
        while let Some(s) = next {
            let _ = write!(out, " sor {}", s.shown());
            next = s.refused.as_deref();
        }
        out
    }

    /// The attempt as shown where its answers are not yet known: `#` when every answer mates.
    fn shown(&self) -> String {
        if self.act == Act::Any {
            return self.san.clone();
        }
        match self.answers.as_slice() {
            [] => self.san.clone(),
            [only] if only.then == After::Mate => only.san.clone(),
            all if all.iter().all(|a| a.then == After::Mate) => format!("{}#", self.san),
            _ => self.san.clone(),
        }
    }

    fn write_tree(&self, out: &mut String, number: u32, indent: usize) {
        let pad = "  ".repeat(indent);
        let _ = writeln!(out, "{pad}{number}. {}", self.shown());
        for answer in &self.answers {
            match &answer.then {
                After::Mate => {
                    if self.answers.len() > 1 {
                        let _ = writeln!(out, "{pad}  {} ({}) mate", answer.san, answer.heard);
                    }
                }
                After::Replies(replies) => {
                    if self.answers.len() > 1 {
                        let _ = writeln!(out, "{pad}  {} ({}):", answer.san, answer.heard);
                    }
                    for (heard, next) in replies {
                        let _ = writeln!(out, "{pad}  … {heard}");
                        next.write_tree(out, number + 1, indent + 2);
                    }
                }
                After::Again(next) => {
                    let _ = writeln!(out, "{pad}  {}", answer.heard);
                    next.write_tree(out, number, indent + 2);
                }
            }
        }
        if let Some(refused) = &self.refused {
            let _ = writeln!(out, "{pad}sor (if {} is refused):", self.san);
            refused.write_tree(out, number, indent + 1);
        }
    }
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        self.write_tree(&mut out, 1, 0);
        f.write_str(&out)
    }
}
