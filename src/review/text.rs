//! A review in words: one line per turn ([`Review::text`]), and the same lines as comments at
//! the points of the game they are about ([`Review::comments`], for the PGN).

use super::{Knowledge, Mate, Method, Review, TurnReview};
use crate::save::SavedGame;
use crate::wording::color_title;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// A count of positions: exact, or "about" an estimate (with its log2 and the bound it is
/// kept under); the same figure the chart draws ([`Knowledge::bits`]).
fn positions(k: Knowledge) -> String {
    let bits = k.bits();
    let n = k.positions.round() as u64;
    let bound = k.bound.max(1.0).log2();
    let about = if k.positions < 1e6 {
        format!("about {n} positions ({bits:.1} bits")
    } else {
        format!("about 2^{bits:.1} positions (")
    };
    let sep = if k.positions < 1e6 { ", " } else { "" };
    match k.method {
        Method::Exact if n == 1 => "1 position".to_owned(),
        Method::Exact => format!("{n} positions ({bits:.1} bits)"),
        Method::Sampled => format!("{about}{sep}estimated; at most 2^{bound:.1})"),
        Method::AtBound => {
            format!("at most 2^{bound:.1} positions (the estimate reached the bound)")
        }
        Method::Carried => format!("{about}{sep}estimated, carried: the sample was lost)"),
    }
}

/// The mate found at a turn, in words (`None` when there was none to tell).
fn mate_words(turn: &TurnReview) -> Option<String> {
    match &turn.mate {
        Mate::Found {
            depth,
            key,
            key_tried,
            mated,
            sampled,
        } => {
            let verdict = match (mated, key_tried) {
                (true, _) => "played",
                (false, true) => "begun, not finished",
                (false, false) => "missed",
            };
            let sample = if *sampled {
                " (proven on a sample of the positions)"
            } else {
                ""
            };
            Some(format!("mate in {depth} from {key}{sample}: {verdict}"))
        }
        _ => None,
    }
}

impl TurnReview {
    /// The turn in words: what each side knew, the mate there was, the computer's try, the
    /// capture and material.
    pub fn words(&self) -> String {
        let mut out = String::new();
        for color in [shakmaty::Color::White, shakmaty::Color::Black] {
            if let Some(k) = self.knew_by(color) {
                let _ = write!(out, "{} knew {}. ", color_title(color), positions(k));
            }
        }
        if let Some(m) = mate_words(self) {
            let _ = write!(out, "{} had a {m}. ", color_title(self.mover));
        }
        if let Some(s) = &self.suggestion {
            let _ = write!(out, "The computer would have tried {s}. ");
        }
        if let Some(sq) = self.capture {
            let _ = write!(out, "Capture at {sq}. ");
        }
        let _ = write!(out, "Material {}-{}.", self.material[0], self.material[1]);
        out
    }
}

/// How the counts are made, in words (the text's heading and the app's note).
pub const COUNTS: &str = "Counts are of the placements of the opponent's units the seat thought \
possible: exact while the belief held them all; past its cap \"estimated\" from the belief's \
sample (its branching taken as the whole's, so an estimate may run high), and always between 1 \
and the bound: the placements of the opponent's units, as many as the seat knows of, on the \
squares its own pieces leave free (one king, pawns off the end ranks, the others any piece).";

impl Review {
    /// The review as text: a heading, then one line per turn.
    pub fn text(&self) -> String {
        let mut out = format!(
            "Review: {}{} turns; mates in up to {} looked for with {} ms a turn; {} found, {} missed; \
             {:.1} s.\n",
            self.turns.len(),
            if self.turns.len() < self.game_turns {
                format!(" of {}", self.game_turns)
            } else {
                String::new()
            },
            self.options.mate_in,
            self.options.budget.as_millis(),
            self.mates().count(),
            self.missed().count(),
            self.elapsed.as_secs_f64()
        );
        if self.estimated() {
            out.push_str(COUNTS);
            out.push('\n');
        }
        for t in &self.turns {
            let dots = if t.mover == shakmaty::Color::White {
                "."
            } else {
                "..."
            };
            let played = t.played.as_deref().unwrap_or("-");
            let _ = writeln!(out, "{}{dots} {played}: {}", t.number, t.words());
        }
        out
    }

    /// The turns where a guaranteed mate was found.
    pub fn mates(&self) -> impl Iterator<Item = &TurnReview> {
        self.turns
            .iter()
            .filter(|t| matches!(t.mate, Mate::Found { .. }))
    }

    /// The turns where a guaranteed mate was found and not played.
    pub fn missed(&self) -> impl Iterator<Item = &TurnReview> {
        self.turns
            .iter()
            .filter(|t| matches!(t.mate, Mate::Found { mated: false, .. }))
    }

    /// Whether any count is an estimate.
    pub fn estimated(&self) -> bool {
        self.turns
            .iter()
            .flat_map(|t| t.knew)
            .flatten()
            .any(|k| !k.exact)
    }

    /// Each turn's words as a comment at the point after it (the key of
    /// [`SavedGame::comments`]: events played).
    pub fn comments(&self) -> BTreeMap<usize, String> {
        self.turns
            .iter()
            .map(|t| (t.end, format!("Review: {}", t.words())))
            .collect()
    }

    /// `saved` with the review's comments added after the studier's own.
    pub fn annotate(&self, saved: &SavedGame) -> SavedGame {
        let mut out = saved.clone();
        for (at, text) in self.comments() {
            let entry = out.comments.entry(at).or_default();
            if !entry.is_empty() {
                entry.push(' ');
            }
            entry.push_str(&text);
        }
        out
    }
}
