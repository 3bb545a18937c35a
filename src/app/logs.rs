//! The log panels under the boards, for the game screen and study mode: what a player did and
//! heard ([`heard_log`] while playing, [`study_heard_log`] when studying a saved game) and the
//! referee's full record with the club referee's corrections ([`referee_log`]). All are
//! drawn in the same scrolling `panel`, kept at its newest line.

use crate::log::Game;
use crate::replay::record::{Head, Notation, seat_record};
use crate::save::Correction;
use crate::view::PlayerView;
use crate::wording::color_title;
use shakmaty::Color;
use std::hash::{Hash, Hasher};

/// A log panel of `lines`: scrolls vertically, at most `height` high, kept at its newest line.
///
/// A scroll area kept at its bottom learns how tall new contents are only while drawing them, so
/// it would show the newest line one frame late (and that frame may not come before the next
/// input). When the lines change, the pass is therefore drawn again at once.
pub fn panel(
    ui: &mut egui::Ui,
    id_salt: impl std::hash::Hash + std::fmt::Debug,
    height: f32,
    lines: &[String],
) {
    let memory = egui::Id::unique(("log-lines", &id_salt));
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    lines.hash(&mut hasher);
    let signature = hasher.finish();
    let before: Option<u64> = ui.ctx().data(|d| d.get_temp(memory));
    if before != Some(signature) {
        ui.ctx().data_mut(|d| d.insert_temp(memory, signature));
        ui.ctx().request_discard("a log panel changed");
        // Where no second pass is allowed, the next frame comes at once.
        ui.ctx().request_repaint();
    }
    egui::ScrollArea::vertical()
        .id_salt(id_salt)
        .max_height(height)
        .stick_to_bottom(true)
        .show(ui, |ui| {
            for line in lines {
                ui.label(line.as_str());
            }
        });
}

/// The player's log while playing: what it did and heard, one line per turn, in the rule set's
/// words ([`crate::replay::record`]), its moves and attempts in `notation`; several entries in a
/// turn are numbered, so two equal answers read as two ("12. you: 1) Qe2: illegal | 2) e4:
/// moved.").
pub fn heard_log(
    ui: &mut egui::Ui,
    view: &PlayerView,
    height: f32,
    color: Color,
    notation: Notation,
) {
    let lines: Vec<String> = seat_record(view, notation)
        .iter()
        .map(|t| t.line(color, Head::Short))
        .collect();
    panel(ui, ("heard", color_title(color)), height, &lines);
}

/// The player's log in study mode: one line per request heard (or announcement), numbered by
/// move ("12. e4: Legal."), its moves and attempts in `notation`.
pub fn study_heard_log(
    ui: &mut egui::Ui,
    view: &PlayerView,
    height: f32,
    color: Color,
    notation: Notation,
) {
    let mut lines = Vec::new();
    for turn in seat_record(view, notation) {
        for e in &turn.entries {
            let head = turn.head(color, Head::Number);
            lines.push(format!("{head} {}", turn.entry(e, color)));
        }
    }
    panel(ui, ("study-heard", color_title(color)), height, &lines);
}

/// The referee's log: every request, numbered, with its answer and audience; each of the club
/// referee's `corrections` stays in it, where the entry it took back stood
/// ("Correction: 5. c6e4 taken back.").
pub fn referee_log(ui: &mut egui::Ui, game: &Game, corrections: &[Correction], height: f32) {
    panel(ui, "referee-log", height, &referee_lines(game, corrections));
}

/// The lines of [`referee_log`].
fn referee_lines(game: &Game, corrections: &[Correction]) -> Vec<String> {
    let log = game.log();
    let wording = game.referee().rules().wording;
    // The real moves in SAN, refused attempts in SAN from the mover's pieces, by event index;
    // other requests as their makers describe them.
    let moves = crate::replay::referee_words(log);
    let corrected = |at: usize, lines: &mut Vec<String>| {
        for c in corrections.iter().filter(|c| c.at == at) {
            lines.extend(correction_lines(c));
        }
    };
    let mut lines = Vec::new();
    for turn in log.turns() {
        for (i, e) in turn.indexed() {
            corrected(i, &mut lines);
            let mover = e.by.unwrap_or(turn.mover);
            let said: Vec<String> = crate::wording::say_to(&e.said, wording, mover)
                .into_iter()
                .map(|(to, text)| format!("{to}: {text}"))
                .collect();
            lines.push(format!(
                "{}. {}: {}",
                i + 1,
                moves
                    .get(&i)
                    .cloned()
                    .unwrap_or_else(|| crate::replay::request_text(&e.request)),
                if said.is_empty() {
                    "-".to_owned()
                } else {
                    said.join(" / ")
                }
            ));
        }
    }
    // Taken back after the last entry still in the log, in the order they were made.
    let len = log.events.len();
    for c in corrections.iter().filter(|c| c.at >= len) {
        lines.extend(correction_lines(c));
    }
    lines
}

/// One line per event a correction took back, numbered as the entry was.
fn correction_lines(c: &Correction) -> impl Iterator<Item = String> + '_ {
    let note = if c.note.is_empty() || c.note == "undo" {
        String::new()
    } else {
        format!(" ({})", c.note)
    };
    c.removed.iter().enumerate().map(move |(k, e)| {
        format!(
            "Correction: {}. {} taken back{note}.",
            c.at + k + 1,
            crate::replay::request_text(&e.request)
        )
    })
}
