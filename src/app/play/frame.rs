//! One frame of the game screen: what the table and the computer told since the last frame, the
//! panels (each collecting intents), the intents applied once everything is drawn, and then
//! what the table answered to them, so that a turn that passes brings the curtain up from the
//! very next frame. Repaints are asked for only when something will change: the running clock's
//! next visible tick, a table that must be polled (a connection being dialled again); news from
//! a remote table or the computer wakes the window itself.

use super::{AppRequest, PlayMode, PlayScreen, bars};
use crate::app::settings::Settings;
use std::time::Duration;

/// The height of the bottom bar (the move field, its buttons and a message line).
const BOTTOM_BAR: f32 = 104.0;

impl PlayScreen {
    /// Draws the screen; returns requests for the app.
    pub fn show(
        &mut self,
        ui: &mut egui::Ui,
        settings: &Settings,
        now: Duration,
    ) -> Vec<AppRequest> {
        let mut intents = Vec::new();
        let mut requests = Vec::new();
        let focus_was_pending = self.focus_input;
        self.drawn.clear();
        self.set_waker(ui.ctx());
        self.take_news(now);
        self.computer_step(now);
        self.shortcuts(ui);
        let invitation = self.invitation();
        // The invitation is inside the top panel, never a panel of its own: the panels after it
        // keep their widgets' ids as it comes and goes (an id is counted from the panels before
        // it), so a click made as the other player sits is not lost.
        egui::Panel::top("play-top").show(ui, |ui| {
            self.top_bar(ui, now, invitation.is_some(), &mut intents);
            if let Some(invite) = &invitation {
                ui.separator();
                bars::invitation(ui, invite);
            }
        });
        if self.mode == PlayMode::Referee {
            egui::Panel::bottom("club-console")
                .show(ui, |ui| self.club_console(ui, &mut intents, &mut requests));
            if self.revealed() {
                // The console exports the PGN itself.
                egui::Panel::bottom("game-end").show(ui, |ui| {
                    ui.add_space(4.0);
                    ui.horizontal_wrapped(|ui| bars::end_buttons(ui, &mut requests, false));
                    ui.add_space(4.0);
                });
            }
        } else {
            // A fixed height: the boards never move when the bar's contents change.
            egui::Panel::bottom("play-bottom")
                .exact_size(BOTTOM_BAR)
                .show(ui, |ui| self.bottom_bar(ui, &mut intents, &mut requests));
        }
        egui::CentralPanel::default().show(ui, |ui| {
            self.boards(ui, settings, &mut intents);
            if self.curtain_up() {
                let ctx = ui.ctx().clone();
                egui::Area::new(egui::Id::unique("curtain"))
                    .order(egui::Order::Foreground)
                    .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
                    .show(&ctx, |ui| self.curtain_card(ui, now, &mut intents));
            }
        });
        self.dialogs(ui, &mut intents);
        for intent in intents {
            self.apply(intent, now);
        }
        // The lines typed, each in its turn (a local table answers at once).
        let drained = self.drain_typed(now);
        // A click anywhere but into another text field (a button, a square, the console's
        // buttons) gives the keyboard back to the move field: no keystroke after it is lost.
        if ui.input(|i| i.pointer.any_click()) && !ui.ctx().egui_wants_keyboard_input() {
            self.focus_input = true;
        }
        // What the table answered to this frame's requests (a local table: at once), and the
        // computer's answer if it came while drawing: drawn by the next frame, asked for now
        // (nothing else would wake the window for it).
        let told = drained + self.take_news(now) + self.computer_step(now);
        // A focus asked for in this frame is handed to the move field in the next: ask for it
        // now (one still pending waits for a field to be drawn, without repainting for it).
        if told > 0 || (self.focus_input && !focus_was_pending) {
            ui.ctx().request_repaint();
        }
        if self.mode == PlayMode::Referee {
            self.players_display(&ui.ctx().clone(), now);
        }
        self.sound_and_speech(settings, now);
        self.schedule_repaint(ui.ctx(), now);
        requests
    }

    /// The promotion picker and the resign question, over the screen.
    fn dialogs(&mut self, ui: &mut egui::Ui, intents: &mut Vec<super::Intent>) {
        if let Some(attempt) = self.entry.promotion {
            self.promotion_picker(ui, attempt, intents);
        }
        if let Some(confirm) = self.confirm.clone()
            && self.mode != PlayMode::Referee
        {
            self.confirm_dialog(ui, confirm, intents);
        }
    }

    /// Once: the table and the computer wake the window when they have news (the window's title,
    /// set by the app, says whose seat it is).
    fn set_waker(&mut self, ctx: &egui::Context) {
        if self.waker_set {
            return;
        }
        self.waker_set = true;
        let repaint = ctx.clone();
        let waker: crate::table::Waker = std::sync::Arc::new(move || repaint.request_repaint());
        self.table.set_waker(waker.clone());
        if let Some(computer) = &mut self.computer {
            computer.set_waker(waker);
        }
    }

    /// Keyboard, never while a field has the focus or is about to take it (an `f` typed in
    /// `Nf3` flips nothing, even in the frame after an Enter), each key handled once: F flips
    /// the boards (never behind the curtain), / goes to the move field.
    fn shortcuts(&mut self, ui: &egui::Ui) {
        if ui.ctx().egui_wants_keyboard_input() || (self.focus_input && self.move_field_shown()) {
            return;
        }
        let none = egui::Modifiers::NONE;
        let (flips, slash) = ui.input_mut(|i| {
            let mut flips = 0;
            while i.consume_key(none, egui::Key::F) {
                flips += 1;
            }
            (flips, i.key_pressed(egui::Key::Slash))
        });
        if flips % 2 == 1 && !self.curtain_up() {
            self.flipped = !self.flipped;
        }
        if slash && self.mode != PlayMode::Referee && self.active_player().is_some() {
            self.focus_input = true;
        }
    }

    /// Whether a move field (or the club console's entry line) is drawn in this frame.
    fn move_field_shown(&self) -> bool {
        match self.mode {
            PlayMode::Referee => self.confirm.is_none(),
            _ => self.entry.opening.is_none() && self.active_player().is_some(),
        }
    }

    /// Repaints in time for the running clock's next visible change, and soon while the table
    /// must be polled (a connection being dialled again, an answer awaited).
    fn schedule_repaint(&self, ctx: &egui::Context, now: Duration) {
        let facts = self.facts();
        if let (Some(_), Some(left)) = (facts.clock_running(), facts.time_to_flag(now)) {
            let ms = left.as_millis() as u64;
            let next = if ms < 10_000 { ms % 100 } else { ms % 1000 };
            ctx.request_repaint_after(Duration::from_millis(next.max(10)));
        }
        if self.table.needs_polling() {
            ctx.request_repaint_after(Duration::from_millis(500));
        }
    }
}
