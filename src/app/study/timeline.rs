//! The study screen's timeline: the step buttons (every game's: [`step_buttons`]) and every event grouped by move, each clickable,
//! a player's perspective showing only its own requests and what it heard.

use super::{StudyScreen, turns};
use crate::replay::record::Notation;
use crate::replay::request_text;
use crate::replay::step::{Recorded, Replay};
use crate::wording::{color_title, say_to};
use egui::RichText;

/// Every game's study: the buttons stepping `replay` by event and by move (each named for a
/// screen reader: "Start", "Previous move", "Next event"…), the autoplay switch where the screen
/// has one, and where the cursor stands.
pub fn step_buttons<G: Recorded>(
    ui: &mut egui::Ui,
    replay: &mut Replay<G>,
    autoplay: Option<&mut bool>,
) {
    let len = replay.len();
    for (label, name) in [
        ("|<", "Start"),
        ("<<", "Previous move"),
        ("<", "Previous event"),
    ] {
        let resp = ui.button(label);
        resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, name));
        if resp.clicked() {
            match name {
                "Start" => replay.seek(0),
                "Previous move" => replay.previous_move(),
                _ => replay.back(),
            }
        }
    }
    if let Some(autoplay) = autoplay {
        let play = ui.button(if *autoplay { "Pause" } else { "Play" });
        play.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, "Autoplay"));
        if play.clicked() {
            *autoplay = !*autoplay;
        }
    }
    for (label, name) in [(">", "Next event"), (">>", "Next move"), (">|", "End")] {
        let resp = ui.button(label);
        resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, name));
        if resp.clicked() {
            match name {
                "End" => replay.seek(len),
                "Next move" => replay.next_move(),
                _ => replay.forward(),
            }
        }
    }
    ui.label(format!("Event {} of {len}", replay.cursor()));
}

/// The keys pressed this frame, each press counted (several can arrive in one frame: a fast
/// hand, key repeat), with whether Ctrl (Cmd) was held; none while a text field has the keys.
pub fn key_presses(ui: &egui::Ui) -> Vec<(egui::Key, bool)> {
    if ui.ctx().egui_wants_keyboard_input() {
        return Vec::new();
    }
    ui.input(|i| {
        i.events
            .iter()
            .filter_map(|e| match e {
                egui::Event::Key {
                    key,
                    pressed: true,
                    modifiers,
                    ..
                } => Some((*key, modifiers.command)),
                _ => None,
            })
            .collect()
    })
}

/// Steps `replay` for a study key (every game's): Left/Right an event, Up/Down or
/// Ctrl+Left/Right a move, Home/End; whether `key` was one of them.
pub fn step_key<G: Recorded>(replay: &mut Replay<G>, key: egui::Key, ctrl: bool) -> bool {
    match key {
        egui::Key::Home => replay.seek(0),
        egui::Key::End => replay.seek(replay.len()),
        egui::Key::ArrowDown => replay.next_move(),
        egui::Key::ArrowUp => replay.previous_move(),
        egui::Key::ArrowRight if ctrl => replay.next_move(),
        egui::Key::ArrowLeft if ctrl => replay.previous_move(),
        egui::Key::ArrowRight => replay.forward(),
        egui::Key::ArrowLeft => replay.back(),
        _ => return false,
    }
    true
}

/// Every game's study keys ([`step_key`]) taken from this frame's presses.
pub fn step_keys<G: Recorded>(ui: &egui::Ui, replay: &mut Replay<G>) {
    for (key, ctrl) in key_presses(ui) {
        step_key(replay, key, ctrl);
    }
}

impl StudyScreen {
    /// The step buttons, then every event grouped by move.
    pub(super) fn timeline(&mut self, ui: &mut egui::Ui, notation: Notation) {
        self.step_buttons(ui);
        self.event_list(ui, notation);
    }

    /// The buttons stepping by event and by move, autoplay and its speed.
    fn step_buttons(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            step_buttons(ui, &mut self.replay, Some(&mut self.autoplay));
            ui.add(egui::Slider::new(&mut self.speed, 0.5..=10.0).text("events/s"));
            ui.label(RichText::new("Keys: Left/Right event · Up/Down or Ctrl+Left/Right move · Home/End · Space autoplay · F flip").small());
        });
    }

    /// Every event, grouped by move; click one to jump there.
    fn event_list(&mut self, ui: &mut egui::Ui, notation: Notation) {
        let mut jump = None;
        let mut scrolled = false;
        // The referee's view names the real moves in SAN and the refused attempts in SAN from
        // the mover's pieces; a player's names its own attempts as its log wrote them, in
        // `notation` (what play shows).
        let key = (self.perspective, notation);
        let san = match self.event_words.take() {
            Some((k, words)) if k == key => words,
            _ => match self.perspective.color() {
                None => crate::replay::referee_words(&self.saved.log),
                Some(_) => crate::replay::own_words(&self.saved.log, notation),
            },
        };
        let mut area = egui::ScrollArea::vertical()
            .max_height(180.0)
            .id_salt("timeline");
        // At the start no event is selected: the list shows its beginning (its offset is kept
        // from the last game studied otherwise).
        if self.cursor() == 0 && self.scrolled_to != 0 {
            area = area.vertical_scroll_offset(0.0);
            scrolled = true;
        }
        area.show(ui, |ui| {
            for (number, mover, first, end) in turns(&self.saved) {
                ui.horizontal_wrapped(|ui| {
                    ui.label(
                        RichText::new(format!(
                            "{number}{} {}",
                            mover.fold_wb(".", "..."),
                            color_title(mover)
                        ))
                        .strong(),
                    );
                    for i in first..end {
                        let Some(text) = self.event_text(i, mover, &san) else {
                            continue;
                        };
                        let current = self.cursor() == i + 1;
                        let resp = ui.selectable_label(current, text);
                        if current && self.scrolled_to != self.cursor() {
                            resp.scroll_to_me(Some(egui::Align::Center));
                            scrolled = true;
                        }
                        if resp.clicked() {
                            jump = Some(i + 1);
                        }
                    }
                });
            }
        });
        self.event_words = Some((key, san));
        if scrolled {
            self.scrolled_to = self.cursor();
        }
        if let Some(n) = jump {
            self.seek(n);
        }
    }

    /// Event `i` as the timeline shows it from the current perspective: `None` when the
    /// perspective heard nothing of it (the opponent's request and no words to this side).
    fn event_text(
        &self,
        i: usize,
        mover: shakmaty::Color,
        san: &std::collections::HashMap<usize, String>,
    ) -> Option<String> {
        let e = self.saved.log.events.get(i)?;
        let wording = self.saved.log.rules.wording;
        // In a player's perspective the opponent's requests are not shown.
        let hidden = self
            .perspective
            .color()
            .is_some_and(|c| e.by.is_some_and(|b| b != c));
        let words: Vec<String> = say_to(&e.said, wording, e.by.unwrap_or(mover))
            .into_iter()
            .filter(|(to, _)| match self.perspective.color() {
                None => true,
                Some(c) => to == "To both" || *to == format!("To {} only", color_title(c)),
            })
            .map(|(_, w)| w)
            .collect();
        if hidden && words.is_empty() {
            return None;
        }
        let text = if hidden {
            words.join(" ")
        } else {
            let named = san
                .get(&i)
                .cloned()
                .unwrap_or_else(|| request_text(&e.request));
            format!("{named} {}", words.join(" "))
        };
        Some(text.trim().to_owned())
    }
}
