//! Club referee mode: the operator is the referee of a physical game. Every attempt the side to
//! move tells the referee is entered here (typed, or clicked on the mover's board or the true
//! board), and a large "Say this" panel gives the exact words to announce and to whom.
//!
//! The whole game runs from the keyboard: the move field always has the focus; a move
//! (`e2e4`, `Nf3`, `O-O`, `e8=Q`) or a command (`?`, `undo`, `resign`, `draw`, `flag`,
//! `adjudicate 1-0 reason`, `clock`) followed by Enter. Ctrl+Z undoes, Ctrl+Space starts or
//! stops the clock, Enter confirms and Escape cancels a question.
//!
//! The shortcuts are taken out of the frame's events before the move field is drawn (a focused
//! text field takes Ctrl+Z as its own undo), in the order they came: an Enter right after a
//! Ctrl+Z in the same frame answers the Ctrl+Z's question, never the move field.

use super::{AppRequest, Confirm, Intent, PlayScreen};
use crate::app::theme;
use crate::referee::Request;
use crate::replay::request_text;
use crate::typing::Fate;
pub use crate::variant::typed::Line as Command;
use crate::wording::{color_title, ordinal};
use egui::{Color32, RichText};
use std::time::Duration;

/// The console's keys and commands, under the entry line.
const KEY_HELP: &str = "Keys: a move + Enter · ? Any? · undo or Ctrl+Z · clock or Ctrl+Space · \
    resign [white|black] · draw · flag [white|black] · adjudicate 1-0|0-1|1/2-1/2 reason · \
    sense e4 / sense · pass · open a1 b2 … · Enter = yes, Esc = no";

/// The console's keys in one frame.
#[derive(Debug, Default, PartialEq, Eq)]
struct Keys {
    /// Ctrl+Z: take back the last entry (after a yes).
    undo: bool,
    /// Ctrl+Space: start or stop the clock.
    clock: bool,
    /// Enter, not answering a Ctrl+Z (it stays in the events for the move field).
    enter: bool,
    /// Escape, not answering a Ctrl+Z.
    escape: bool,
    /// Enter (`true`) or Escape (`false`) after a Ctrl+Z of the same frame: the answer to its
    /// question.
    undo_answer: Option<bool>,
}

/// Takes the console's shortcuts out of one frame's `events` before any widget sees them:
/// Ctrl+Z and Ctrl+Space, and an Enter or Escape that follows a Ctrl+Z (typed fast, or in a slow
/// frame), which answers the Ctrl+Z's question. Any other Enter or Escape is only noted.
fn take_keys(events: &mut Vec<egui::Event>) -> Keys {
    let mut keys = Keys::default();
    events.retain(|event| {
        let egui::Event::Key {
            key,
            pressed: true,
            modifiers,
            ..
        } = event
        else {
            return true;
        };
        let command = modifiers.matches_logically(egui::Modifiers::COMMAND);
        match key {
            egui::Key::Z if command => keys.undo = true,
            egui::Key::Space if command => keys.clock = true,
            egui::Key::Enter | egui::Key::Escape if keys.undo => {
                if keys.undo_answer.is_none() {
                    keys.undo_answer = Some(*key == egui::Key::Enter);
                }
            }
            egui::Key::Enter => {
                keys.enter = true;
                return true;
            }
            egui::Key::Escape => {
                keys.escape = true;
                return true;
            }
            _ => return true,
        }
        false
    });
    keys
}

impl PlayScreen {
    /// The referee's console: the "Say this" panel, the entry line, the shortcuts, exports.
    pub(super) fn club_console(
        &mut self,
        ui: &mut egui::Ui,
        intents: &mut Vec<Intent>,
        requests: &mut Vec<AppRequest>,
    ) {
        ui.add_space(6.0);
        self.say_this_panel(ui);
        ui.add_space(6.0);
        // Before the move field is drawn: it would take Ctrl+Z as its own undo.
        let keys = ui.input_mut(|i| take_keys(&mut i.events));
        if keys.clock {
            intents.push(Intent::Club(Command::Clock));
        }
        match self.confirm.clone() {
            Some(confirm) => self.question(ui, confirm, &keys, intents),
            None => self.entry_line(ui, intents),
        }
        // Ctrl+Z after whatever came before it in this frame; an Enter after it answers at once.
        if keys.undo {
            intents.push(Intent::Confirm(Some(Confirm::Undo)));
            match keys.undo_answer {
                Some(true) => intents.extend([Intent::Confirm(None), Intent::Undo]),
                Some(false) => intents.push(Intent::Confirm(None)),
                None => {}
            }
        }
        self.typed_ahead_line(ui);
        if let Some(message) = &self.message {
            ui.label(
                RichText::new(message)
                    .size(theme::TEXT_CONSOLE_MESSAGE)
                    .color(theme::CONSOLE_MESSAGE),
            );
        }
        // On a line of its own, in type large enough to read at a glance.
        ui.add(egui::Label::new(RichText::new(KEY_HELP).size(theme::TEXT_KEY_HELP)).wrap());
        ui.horizontal_wrapped(|ui| {
            if ui.button("Export PGN…").clicked() {
                requests.push(AppRequest::ExportPgn);
            }
            if ui.button("Export scoresheet…").clicked() {
                requests.push(AppRequest::ExportScoresheet);
            }
        });
    }

    /// The lines typed ahead of the referee's answers: the last ones handed on with their
    /// answers, then those still waiting, so that the referee sees what became of each.
    fn typed_ahead_line(&self, ui: &mut egui::Ui) {
        let mut parts: Vec<String> = self
            .typed_ahead
            .done()
            .map(|(line, fate)| match fate {
                // The answer may already name the move ("e4: Yes."): not twice.
                Fate::Answered(words) if words.starts_with(&format!("{line}:")) => words.clone(),
                Fate::Answered(words) => format!("{line}: {words}"),
                _ => format!("{line} (sent)"),
            })
            .collect();
        let waiting: Vec<&str> = self.typed_ahead.waiting().collect();
        if waiting.is_empty() && parts.len() < 2 {
            // One line at a time (a new run forgets the last): the message says it all.
            return;
        }
        parts.extend(waiting.iter().take(8).map(|w| format!("{w} (queued)")));
        if waiting.len() > 8 {
            parts.push(format!("and {} more queued", waiting.len() - 8));
        }
        ui.add(
            egui::Label::new(
                RichText::new(format!("Typed: {}", parts.join(" · "))).size(theme::TEXT_KEY_HELP),
            )
            .wrap(),
        );
    }

    /// The large "Say this" panel: the words to announce, and to whom.
    fn say_this_panel(&self, ui: &mut egui::Ui) {
        let heading = self.say_this_heading();
        egui::Frame::new()
            .fill(theme::SAY_THIS_FILL)
            .stroke(egui::Stroke::new(2.0, theme::SAY_THIS_ACCENT))
            .corner_radius(8.0)
            .inner_margin(12.0)
            .show(ui, |ui| {
                ui.set_min_width(ui.available_width());
                ui.label(
                    RichText::new(heading)
                        .strong()
                        .color(theme::SAY_THIS_ACCENT),
                );
                if self.say_this.is_empty() {
                    ui.label(
                        RichText::new(format!("{} to move.", color_title(self.facts().to_move)))
                            .size(theme::TEXT_SAY_THIS),
                    );
                }
                for (to, words) in &self.say_this {
                    let color = if to == "To both" {
                        theme::SAY_TO_BOTH
                    } else {
                        theme::SAY_TO_ONE
                    };
                    ui.horizontal_wrapped(|ui| {
                        ui.label(
                            RichText::new(format!("{to}:"))
                                .size(theme::TEXT_SAY_THIS)
                                .strong()
                                .color(color),
                        );
                        ui.label(
                            RichText::new(words)
                                .size(theme::TEXT_SAY_THIS)
                                .color(Color32::WHITE),
                        );
                    });
                }
            });
    }

    /// A question waiting for yes (Enter) or no (Escape).
    fn question(
        &self,
        ui: &mut egui::Ui,
        confirm: Confirm,
        keys: &Keys,
        intents: &mut Vec<Intent>,
    ) {
        let question = match &confirm {
            Confirm::Undo => match self.table.truth().and_then(|g| g.log().events.last()) {
                Some(e) => format!(
                    "Take back the last entry ({})?",
                    crate::replay::request_text(&e.request)
                ),
                None => "Nothing to take back.".to_owned(),
            },
            Confirm::Resign(c) => format!("{} resigns?", color_title(*c)),
            Confirm::Draw => "Both players agree a draw?".to_owned(),
            Confirm::Flag(c) => format!(
                "{}'s flag fell: {} loses on time?",
                color_title(*c),
                color_title(*c)
            ),
            Confirm::Adjudicate(r, reason) => format!("Adjudicate {} ({reason})?", r.pgn()),
        };
        ui.horizontal(|ui| {
            ui.label(RichText::new(question).size(theme::TEXT_PROMPT).strong());
            let yes = ui.button("Yes (Enter)").clicked() || keys.enter;
            let no = ui.button("No (Esc)").clicked() || keys.escape;
            if yes {
                intents.push(Intent::Confirm(None));
                intents.push(match confirm {
                    Confirm::Undo => Intent::Undo,
                    Confirm::Resign(c) => Intent::Ask(Request::Resign(c)),
                    Confirm::Draw => Intent::Ask(Request::Draw),
                    Confirm::Flag(c) => Intent::Ask(Request::Timeout(c)),
                    Confirm::Adjudicate(result, reason) => {
                        Intent::Ask(Request::Adjudicate { result, reason })
                    }
                });
            } else if no {
                intents.push(Intent::Confirm(None));
            }
        });
    }

    /// The entry line: the mover's attempt (or a command), and the console's buttons.
    fn entry_line(&mut self, ui: &mut egui::Ui, intents: &mut Vec<Intent>) {
        let prompt = match self.facts().over {
            Some(o) => format!("Game over ({}). Undo or export:", o.result.pgn()),
            None => format!("{}'s attempt:", color_title(self.facts().to_move)),
        };
        ui.horizontal(|ui| {
            ui.label(RichText::new(prompt).size(theme::TEXT_LARGE).strong());
            // The field takes the focus back after every line; after an unusable line its
            // text is selected, so the next keystrokes replace it.
            self.prepare_move_field(ui);
            // Every key in the order it came, each Enter a line of its own (typed ahead of the
            // referee's answers, they wait their turn); the field never gives the focus up.
            self.take_typing(ui);
            let edit = egui::TextEdit::singleline(&mut self.move_text)
                .hint_text("e2e4, Nf3, ?, undo… then Enter")
                .font(egui::TextStyle::Heading)
                .desired_width(260.0)
                .return_key(None::<egui::KeyboardShortcut>)
                .id(super::input::move_input_id());
            let resp = ui.add(edit);
            resp.widget_info(|| {
                egui::WidgetInfo::labeled(egui::Role::TextInput, true, "Type a move")
            });
            if ui.button("Enter").clicked() {
                intents.push(Intent::Typed);
            }
            if self.facts().rules.has_any() && ui.button("Any? (?)").clicked() {
                intents.push(Intent::Club(Command::Any));
            }
            if ui.button("Undo (Ctrl+Z)").clicked() {
                intents.push(Intent::Confirm(Some(Confirm::Undo)));
            }
            if self.facts().time_control.is_some() {
                let label = format!("{} (Ctrl+Space)", self.clock_action());
                if ui.button(label).clicked() {
                    intents.push(Intent::Club(Command::Clock));
                }
            }
        });
    }

    /// The "Say this" heading: the entry the words are for, numbered as in the referee's log, so
    /// that two equal answers in a row read as two ("SAY THIS · 7. Black's 2nd attempt: c6e4").
    fn say_this_heading(&self) -> String {
        let title = "SAY THIS";
        let Some(game) = self.table.truth() else {
            return title.to_owned();
        };
        if self.say_this.is_empty() {
            return title.to_owned();
        }
        let events = &game.log().events;
        // Right after a correction the words are about it.
        if let Some(c) = self
            .table
            .record()
            .map_or(&[][..], |r| r.corrections())
            .last()
            && c.at == events.len()
        {
            let taken: Vec<String> = c.removed.iter().map(|e| request_text(&e.request)).collect();
            return format!(
                "{title} · correction: {}. {} taken back",
                c.at + 1,
                taken.join(", ")
            );
        }
        let Some(last) = events.last() else {
            return title.to_owned();
        };
        let n = events.len();
        let text = request_text(&last.request);
        let attempt = |r: &Request| matches!(r, Request::Try(_) | Request::Move(_));
        match last.by {
            Some(by) if attempt(&last.request) => {
                // The player's attempts since its turn began, this one included.
                let mut k = 0;
                for (j, e) in events.iter().enumerate().rev() {
                    if j + 1 < n && e.turn_ends {
                        break;
                    }
                    if e.by == Some(by) && attempt(&e.request) {
                        k += 1;
                    }
                }
                format!(
                    "{title} · {n}. {}'s {} attempt: {text}",
                    color_title(by),
                    ordinal(k)
                )
            }
            Some(by) if !matches!(last.request, Request::Resign(_)) => {
                format!("{title} · {n}. {}: {text}", color_title(by))
            }
            _ => format!("{title} · {n}. {text}"),
        }
    }

    /// Carries out a typed command.
    pub(super) fn club_command(&mut self, command: Command, now: Duration) {
        self.focus_input = true;
        let mover = self.facts().to_move;
        match command {
            // Resolved as a player's typed move: against the mover's own board only.
            Command::Move(text) => self.play_typed(&text, now),
            Command::Any => self.request(Request::Any, now),
            Command::Sense(sq) => self.request(Request::Sense(sq), now),
            Command::Pass => self.request(Request::Pass, now),
            Command::Open(squares) => self.request(Request::Open(squares), now),
            Command::Place(king, queen) => {
                let color = self.facts().rules.variant().seeing_side().unwrap_or(mover);
                self.request(Request::Place { color, king, queen }, now)
            }
            Command::Undo => self.confirm = Some(Confirm::Undo),
            Command::Resign(c) => self.confirm = Some(Confirm::Resign(c.unwrap_or(mover))),
            Command::Draw => self.confirm = Some(Confirm::Draw),
            Command::Flag(c) => self.confirm = Some(Confirm::Flag(c.unwrap_or(mover))),
            Command::Adjudicate(r, reason) => self.confirm = Some(Confirm::Adjudicate(r, reason)),
            Command::Clock => {
                if self.facts().clock_running().is_some() {
                    self.table.pause_clock(now);
                    self.message = Some("Clock stopped.".into());
                } else {
                    self.table.start_clock(now);
                    self.clock_started = true;
                    self.message = Some(format!("Clock running for {}.", color_title(mover)));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(key: egui::Key, modifiers: egui::Modifiers) -> egui::Event {
        egui::Event::Key {
            key,
            physical_key: None,
            pressed: true,
            repeat: false,
            modifiers,
        }
    }

    /// Ctrl+Z then Enter in one frame: the Enter answers the question and the move field never
    /// sees it; an Enter before the Ctrl+Z stays for the move field.
    #[test]
    fn keys_in_the_order_they_came() {
        let ctrl = egui::Modifiers::COMMAND;
        let none = egui::Modifiers::NONE;
        let mut events = vec![
            key(egui::Key::Enter, none),
            key(egui::Key::Z, ctrl),
            key(egui::Key::Enter, none),
            egui::Event::Text("e".into()),
        ];
        let keys = take_keys(&mut events);
        assert_eq!(
            keys,
            Keys {
                undo: true,
                enter: true,
                undo_answer: Some(true),
                ..Keys::default()
            }
        );
        assert_eq!(
            events,
            vec![key(egui::Key::Enter, none), egui::Event::Text("e".into())]
        );
        // Still holding Ctrl for the Enter; Escape answers no.
        let mut events = vec![key(egui::Key::Z, ctrl), key(egui::Key::Enter, ctrl)];
        assert_eq!(take_keys(&mut events).undo_answer, Some(true));
        assert!(events.is_empty());
        let mut events = vec![key(egui::Key::Z, ctrl), key(egui::Key::Escape, none)];
        assert_eq!(take_keys(&mut events).undo_answer, Some(false));
        let mut events = vec![key(egui::Key::Space, ctrl), key(egui::Key::Escape, none)];
        let keys = take_keys(&mut events);
        assert!(keys.clock && keys.escape && !keys.undo);
        assert_eq!(events.len(), 1);
    }
}
