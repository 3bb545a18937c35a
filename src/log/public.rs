//! The public record: what both players heard, line by line — all that a players' display (a
//! second screen turned toward the players at a club table) or a spectator may be shown. Built
//! from the audiences of each announcement only, so nothing one player alone heard is in it.

use super::GameLog;
use crate::announce::{Item, public};
use crate::wording::heard_line;
use shakmaty::Color;

/// One public line: an announcement both players heard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicLine {
    /// The move number when it was said (0 for what was said at the start).
    pub number: u32,
    /// Whose turn it was.
    pub mover: Color,
    /// What was said, in the rule set's words.
    pub text: String,
    /// The event it answered (`None`: said at the start).
    pub event: Option<usize>,
}

impl GameLog {
    /// Every announcement both players heard, in order: what was said at the start, then one
    /// line per request that had a public answer.
    pub fn public_record(&self) -> Vec<PublicLine> {
        let wording = self.rules.wording;
        let mut out = Vec::new();
        let opening: Vec<Item> = public(&self.opening).collect();
        if !opening.is_empty() {
            let first = self.first_turn();
            out.push(PublicLine {
                number: 0,
                mover: first.mover,
                text: heard_line(&opening, wording, !first.mover, None),
                event: None,
            });
        }
        for turn in self.turns() {
            for (i, e) in turn.indexed() {
                let items: Vec<Item> = public(&e.said).collect();
                if items.is_empty() {
                    continue;
                }
                let mover = e.by.unwrap_or(turn.mover);
                let text = heard_line(&items, wording, mover, None);
                if !text.is_empty() {
                    out.push(PublicLine {
                        number: turn.number,
                        mover: turn.mover,
                        text,
                        event: Some(i),
                    });
                }
            }
        }
        out
    }
}
