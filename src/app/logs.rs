//! The log panels under the boards, for the game screen and study mode: what a player did and
//! heard ([`heard_log`] while playing, [`study_heard_log`] when studying a saved game) and the
//! referee's full record ([`referee_log`]). All are drawn in the same scrolling `panel`.

use crate::log::Game;
use crate::view::PlayerView;
use crate::wording::color_title;
use shakmaty::Color;

/// A log panel: scrolls vertically, at most `height` high, kept at its newest line.
fn panel(
    ui: &mut egui::Ui,
    id_salt: impl std::hash::Hash + std::fmt::Debug,
    height: f32,
    add_contents: impl FnOnce(&mut egui::Ui),
) {
    egui::ScrollArea::vertical()
        .id_salt(id_salt)
        .max_height(height)
        .stick_to_bottom(true)
        .show(ui, add_contents);
}

/// The player's log while playing: what it did and heard, one line per turn, in the rule set's
/// words ("12. you: e2e4: illegal | e2e3: moved.").
pub fn heard_log(
    ui: &mut egui::Ui,
    view: &PlayerView,
    wording: crate::rules::Wording,
    height: f32,
    color: Color,
) {
    panel(ui, ("heard", color_title(color)), height, |ui| {
        for turn in &view.turns {
            if turn.heard.is_empty() {
                continue;
            }
            let head = match turn.mover {
                None => "Start".to_owned(),
                Some(m) if m == color => {
                    format!("{}{} you", turn.number, m.fold_wb(".", "..."))
                }
                Some(m) => format!(
                    "{}{} {}",
                    turn.number,
                    m.fold_wb(".", "..."),
                    color_title(m)
                ),
            };
            let mut parts = Vec::new();
            for h in &turn.heard {
                let mover = turn.mover.unwrap_or(color);
                let line = crate::wording::heard_line(&h.items, wording, mover, Some(color));
                let moved = format!("{} moved.", color_title(mover));
                let words = match line.strip_prefix(&moved) {
                    Some(rest) => format!("moved.{rest}"),
                    None => line,
                };
                parts.push(crate::replay::heard_entry(h, &words));
            }
            ui.label(format!("{head}: {}", parts.join(" | ")));
        }
    });
}

/// The player's log in study mode: one line per request heard (or announcement), numbered by
/// move ("12. e2e4: White moved.").
pub fn study_heard_log(
    ui: &mut egui::Ui,
    view: &PlayerView,
    wording: crate::rules::Wording,
    height: f32,
    color: Color,
) {
    panel(ui, ("study-heard", color_title(color)), height, |ui| {
        for turn in &view.turns {
            for h in &turn.heard {
                let mover = turn.mover.unwrap_or(color);
                let words = crate::wording::heard_line(&h.items, wording, mover, Some(color));
                let line = crate::replay::heard_entry(h, &words);
                if !line.is_empty() {
                    let head = match turn.mover {
                        None => "Start".to_owned(),
                        Some(m) => format!("{}{}", turn.number, m.fold_wb(".", "...")),
                    };
                    ui.label(format!("{head} {line}"));
                }
            }
        }
    });
}

/// The referee's log: every request with its answer and audience.
pub fn referee_log(ui: &mut egui::Ui, game: &Game, height: f32) {
    let log = game.log();
    let wording = game.referee().rules().wording;
    // The real moves in SAN, by event index; other requests as their makers describe them.
    let moves: std::collections::HashMap<usize, String> =
        crate::replay::true_moves(log).into_iter().collect();
    panel(ui, "referee-log", height, |ui| {
        for turn in log.turns() {
            for (i, e) in turn.indexed() {
                let mover = e.by.unwrap_or(turn.mover);
                let said: Vec<String> = crate::wording::say_to(&e.said, wording, mover)
                    .into_iter()
                    .map(|(to, text)| format!("{to}: {text}"))
                    .collect();
                ui.label(format!(
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
    });
}
