//! The game screen's bars and dialogs: the top bar (rules, status, clocks), the hot-seat curtain
//! card, the bottom bar (move field and the player's buttons, or the result and what to do with
//! the finished game), the promotion picker and the resign question.

use super::input::move_input_id;
use super::{AppRequest, Confirm, Curtain, Intent, MessageKind, PlayMode, PlayScreen};
use crate::app::pieces::{self, role_name};
use crate::app::theme;
use crate::attempt::Attempt;
use crate::clock::format_ms;
use crate::possible::promotion_roles;
use crate::referee::Request;
use crate::wording::color_title;
use egui::RichText;
use shakmaty::Color;
use std::time::Duration;

impl PlayScreen {
    /// The top bar: the rules, who is to move or the result, the clocks the viewer may see
    /// (`inviting`: the host's invitation is shown below, address and code included).
    pub(super) fn top_bar(
        &mut self,
        ui: &mut egui::Ui,
        now: Duration,
        inviting: bool,
        intents: &mut Vec<Intent>,
    ) {
        ui.horizontal_wrapped(|ui| {
            ui.heading(self.facts().rules.title());
            ui.separator();
            let status = match self.facts().over {
                Some(o) => format!("Game over: {}", o.title()),
                None => format!("{} to move", color_title(self.facts().to_move)),
            };
            ui.label(RichText::new(status).strong());
            ui.separator();
            self.clocks(ui, now, intents);
            if let PlayMode::Seat(_) = self.mode
                && !self.revealed()
            {
                self.training_controls(ui);
            }
            if self.mode == PlayMode::Referee {
                let open = self.display.open;
                let button = ui
                    .add(egui::Button::new("Players' display").selected(open))
                    .on_hover_text(
                        "A second window for the players: whose turn, the clocks and the public announcements, never a board",
                    );
                if button.clicked() {
                    self.display.open = !open;
                }
            }
            if let Some(status) = &self.facts().status {
                ui.label(status);
            }
            // (While the invitation is shown in large type, not again up here.)
            if let Some(hosted) = &self.hosting
                && !inviting
            {
                let (address, code) = (&hosted.address, hosted.server.invitation());
                ui.label(
                    RichText::new(format!("Hosting: address {address}, code {code}")).strong(),
                );
            }
            let trouble = self.table.record().and_then(|r| r.autosave_error());
            if let Some(err) = trouble.or(self.facts().trouble.as_deref()) {
                ui.colored_label(theme::ERROR, err);
            }
        });
    }

    /// The clocks this screen may show (the running one highlighted), the one clock button and
    /// "Clocks stopped" while they stand.
    fn clocks(&self, ui: &mut egui::Ui, now: Duration, intents: &mut Vec<Intent>) {
        let Some(reading) = self.facts().clock_reading(now) else {
            return;
        };
        for c in [Color::White, Color::Black] {
            if !self.may_see_clock(c) {
                continue;
            }
            let running = self.facts().clock_running() == Some(c);
            let text = format!("{} {}", color_title(c), format_ms(reading.of(c)));
            let rich = RichText::new(text).monospace().size(theme::TEXT_LARGE);
            ui.label(if running {
                rich.strong().color(theme::CLOCK_RUNNING)
            } else {
                rich
            });
        }
        // A network game's clocks are the host's: nobody pauses them from a seat. The
        // club referee's console has the same button.
        if !self.revealed()
            && self.table.record().is_some()
            && self.mode != PlayMode::Referee
            && ui.button(self.clock_action()).clicked()
        {
            intents.push(if self.facts().clock_running().is_some() {
                Intent::PauseClock
            } else {
                Intent::ResumeClock
            });
        }
        if self.facts().clock_running().is_none() && !self.revealed() {
            ui.label(RichText::new("Clocks stopped").weak());
        }
    }

    /// The one clock button's words: start before the clocks ever ran, then pause or resume.
    pub(super) fn clock_action(&self) -> &'static str {
        if self.facts().clock_running().is_some() {
            "Pause clock"
        } else if self.clock_started {
            "Resume clock"
        } else {
            "Start clock"
        }
    }

    /// The bottom bar (not in club referee mode): the result, the squares to open, waiting,
    /// the placement, sensing, or the move field with the player's buttons.
    pub(super) fn bottom_bar(
        &mut self,
        ui: &mut egui::Ui,
        intents: &mut Vec<Intent>,
        requests: &mut Vec<AppRequest>,
    ) {
        ui.add_space(4.0);
        if self.revealed() {
            self.result_bar(ui, requests);
        } else if let Some(cut) = self.facts().cut_off.clone() {
            self.cut_off_bar(ui, &cut);
        } else if let Some((opener, chosen)) = self.entry.opening {
            self.opening_prompt(ui, opener, chosen, intents);
        } else if let Some(player) = self.active_player() {
            if self.facts().placing == Some(player) {
                self.placement_prompt(ui, player, intents);
            } else {
                self.move_bar(ui, player, intents);
            }
        } else {
            self.waiting_bar(ui, intents);
        }
    }

    /// A network seat cut off from its table: why and what comes next, in words (the detail
    /// small), over the move field and the buttons, disabled until the seat is back.
    fn cut_off_bar(&mut self, ui: &mut egui::Ui, cut: &crate::table::CutOff) {
        ui.add(egui::Label::new(RichText::new(&cut.words).strong()).wrap());
        ui.label(RichText::new(&cut.detail).small().weak());
        ui.add_enabled_ui(false, |ui| {
            ui.horizontal_wrapped(|ui| {
                let mut ignored = Vec::new();
                self.move_field(ui, "waiting for the host", &mut ignored);
                if let PlayMode::Seat(me) = self.mode {
                    self.draw_buttons(ui, me, &mut ignored);
                }
            });
        });
    }

    /// The game is over: the result, and what to do with the game.
    fn result_bar(&mut self, ui: &mut egui::Ui, requests: &mut Vec<AppRequest>) {
        if let Some(o) = self.facts().over {
            ui.add(
                egui::Label::new(
                    RichText::new(format!(
                        "Result {}: {}. All boards are revealed.",
                        o.result.pgn(),
                        o.reason.title()
                    ))
                    .strong()
                    .size(theme::TEXT_LARGE),
                )
                .wrap(),
            );
        }
        self.message_line(ui);
        ui.horizontal_wrapped(|ui| {
            end_buttons(ui, requests, true);
            if ui.button("Save game as… (Ctrl+S)").clicked() {
                requests.push(AppRequest::SaveAs);
            }
            if let Some(path) = self.table.record().and_then(|r| r.autosave_path()) {
                ui.label(format!("Saved automatically to {}", path.display()));
            }
        });
        ui.add_space(4.0);
    }

    /// Modern Kriegspiel: the squares to open, chosen on the board.
    fn opening_prompt(
        &mut self,
        ui: &mut egui::Ui,
        opener: Color,
        chosen: shakmaty::Bitboard,
        intents: &mut Vec<Intent>,
    ) {
        let wanted = self.facts().rules.variant().squares_to_open();
        ui.horizontal(|ui| {
            ui.label(
                RichText::new(format!(
                    "{}: click {} to open ({} chosen).",
                    color_title(opener),
                    crate::wording::count(wanted, "square", "squares"),
                    chosen.count()
                ))
                .strong(),
            );
            let ready = chosen.count() == usize::from(wanted);
            if ui
                .add_enabled(ready, egui::Button::new("Open these squares"))
                .clicked()
            {
                intents.push(Intent::OpenChosen);
            }
            if ui.button("Skip opening").clicked() {
                intents.push(Intent::SkipOpening);
            }
        });
        self.message_line(ui);
    }

    /// Nobody at this screen is to act: whose turn it is, and what may be done meanwhile.
    fn waiting_bar(&mut self, ui: &mut egui::Ui, intents: &mut Vec<Intent>) {
        ui.horizontal_wrapped(|ui| {
            if let Curtain::Open(c) = self.curtain
                && self.mode == PlayMode::HotSeat
            {
                ui.label(format!(
                    "It is {}'s turn.",
                    color_title(self.facts().to_move)
                ));
                if ui
                    .button(format!("Close {}'s board", color_title(c)))
                    .clicked()
                {
                    intents.push(Intent::CloseBoard);
                }
            } else if let PlayMode::Seat(me) = self.mode {
                let thinking = self.computer_thinking();
                if thinking {
                    thinking_dots(ui);
                }
                let waiting = if thinking {
                    "the computer is thinking…"
                } else if self.computer.is_some() {
                    "the computer is about to move."
                } else {
                    "waiting for the opponent."
                };
                ui.label(format!(
                    "{} to move: {waiting}",
                    color_title(self.facts().to_act())
                ));
                // A seat may resign or offer a draw whatever the turn.
                if self.facts().over.is_none() {
                    self.draw_buttons(ui, me, intents);
                }
            } else {
                ui.label("The curtain is down.");
            }
        });
    }

    /// The player to act: sensing first (RBC), then the move field and the player's buttons.
    fn move_bar(&mut self, ui: &mut egui::Ui, player: Color, intents: &mut Vec<Intent>) {
        let rbc = self.facts().rules.variant().senses();
        let (sensed, any_asked) = {
            let view = self.table.view(player);
            (view.sensed, view.any_asked)
        };
        if rbc && !sensed {
            ui.horizontal(|ui| {
                ui.label(
                    RichText::new(format!(
                        "{}: sense first. Point at a square to see its 3x3 window, click to sense.",
                        color_title(player)
                    ))
                    .strong(),
                );
                if ui.button("Skip sensing").clicked() {
                    intents.push(Intent::Ask(Request::Sense(None)));
                }
            });
            self.message_line(ui);
            return;
        }
        // The message above the move line, in a space kept for it, so the field and the buttons
        // stay where they are as messages come and go.
        self.message_line(ui);
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(format!("{} to move:", color_title(player))).strong());
            if rbc && ui.button("Pass").clicked() {
                intents.push(Intent::Ask(Request::Pass));
            }
            self.move_field(ui, "e2e4 or Nf3, then Enter (/ to type)", intents);
            // Buttons keep their places: "Any?" stays (greyed) once asked, Resign comes before
            // the draw buttons, which change as offers come and go.
            if self.facts().rules.has_any()
                && ui
                    .add_enabled(!any_asked, egui::Button::new("Any?"))
                    .clicked()
            {
                intents.push(Intent::Ask(Request::Any));
            }
            self.draw_buttons(ui, player, intents);
        });
    }

    /// The move field and its button: Enter plays the line and the field keeps the focus.
    fn move_field(&mut self, ui: &mut egui::Ui, hint: &str, intents: &mut Vec<Intent>) {
        self.prepare_move_field(ui);
        // Every key in the order it came, each Enter a line of its own.
        self.take_typing(ui);
        // No return key that gives the focus up.
        let edit = egui::TextEdit::singleline(&mut self.move_text)
            .hint_text(hint)
            .desired_width(160.0)
            .return_key(None::<egui::KeyboardShortcut>)
            .id(move_input_id());
        let resp = ui.add(edit);
        resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, "Type a move"));
        if ui.button("Play typed move").clicked() {
            intents.push(Intent::Typed);
        }
    }

    /// Semi-Kriegspiel: the sighted player places its king and queen, by clicks or typed.
    fn placement_prompt(&mut self, ui: &mut egui::Ui, player: Color, intents: &mut Vec<Intent>) {
        let step = match self.entry.placing_king {
            None => "click the square for your king".to_owned(),
            Some(k) => format!("king on {k}: now click the square for your queen"),
        };
        ui.label(
            RichText::new(format!(
                "{}: place your king and queen before the first move: {step} (or type Ke1 Qd1).",
                color_title(player)
            ))
            .strong(),
        );
        self.message_line(ui);
        ui.horizontal_wrapped(|ui| {
            self.move_field(ui, "Ke1 Qd1, then Enter", intents);
            if self.entry.placing_king.is_some() && ui.button("Choose the king again").clicked() {
                intents.push(Intent::Select(None));
            }
        });
    }

    /// Resign, and the draw buttons as offers come and go: the opponent's standing offer said
    /// in words with Accept and Decline, this player's own offer said while it stands. The
    /// buttons keep their ids whichever bar shows them (the one waiting for the opponent or
    /// the move bar): a click made as the bar changes (the opponent's move arriving) is taken.
    fn draw_buttons(&self, ui: &mut egui::Ui, player: Color, intents: &mut Vec<Intent>) {
        let same_ids = egui::UiBuilder::new().scope_id(egui::Id::unique("play-draw-buttons"));
        ui.scope_builder(same_ids, |ui| self.draw_buttons_in(ui, player, intents));
    }

    /// [`PlayScreen::draw_buttons`] in their own scope.
    fn draw_buttons_in(&self, ui: &mut egui::Ui, player: Color, intents: &mut Vec<Intent>) {
        if ui.button("Resign").clicked() {
            intents.push(Intent::Confirm(Some(Confirm::Resign(player))));
        }
        if self.facts().draw_offer == Some(!player) {
            ui.label(RichText::new(format!("{} offers a draw.", color_title(!player))).strong());
            if ui.button("Accept draw").clicked() {
                intents.push(Intent::AnswerDraw(true));
            }
            if !self.facts().draw_declinable {
                // This table keeps the offer until the next move: no decline to send.
                ui.label("(or play on: the offer lapses with your move)");
            } else if ui.button("Decline draw").clicked() {
                intents.push(Intent::AnswerDraw(false));
            }
        } else if self.facts().draw_offer == Some(player) {
            ui.label("Your draw offer stands.");
        } else if self.facts().draw_offer.is_none()
            && self.computer.is_none()
            && ui.button("Offer draw").clicked()
        {
            intents.push(Intent::OfferDraw);
        }
    }

    /// The promotion question after a pawn was dragged or clicked to the last rank.
    pub(super) fn promotion_picker(
        &self,
        ui: &mut egui::Ui,
        attempt: Attempt,
        intents: &mut Vec<Intent>,
    ) {
        let color = self.facts().to_move;
        egui::Modal::new(egui::Id::unique("promotion")).show(ui.ctx(), |ui| {
            ui.heading("Promote to");
            ui.horizontal(|ui| {
                for &role in promotion_roles(self.facts().rules.promotion) {
                    let image = egui::Image::new(pieces::image(role.of(color))).fit_to_exact_size(
                        egui::vec2(theme::PROMOTION_PIECE, theme::PROMOTION_PIECE),
                    );
                    let resp = ui.add(egui::Button::image(image));
                    let label = format!("Promote to {}", role_name(role));
                    resp.widget_info(|| {
                        egui::WidgetInfo::labeled(egui::Role::Button, true, &label)
                    });
                    if resp.clicked() {
                        intents.push(Intent::Attempt(Attempt {
                            promotion: Some(role),
                            ..attempt
                        }));
                    }
                }
            });
            if ui.button("Cancel").clicked() {
                intents.push(Intent::Select(None));
            }
        });
    }

    /// The resign question (club referee questions are asked in the console).
    pub(super) fn confirm_dialog(
        &self,
        ui: &mut egui::Ui,
        confirm: Confirm,
        intents: &mut Vec<Intent>,
    ) {
        egui::Modal::new(egui::Id::unique("confirm")).show(ui.ctx(), |ui| match confirm {
            Confirm::Undo | Confirm::Draw | Confirm::Flag(_) | Confirm::Adjudicate(..) => {}
            Confirm::Resign(c) => {
                ui.heading(format!("{} resigns?", color_title(c)));
                ui.horizontal(|ui| {
                    if ui.button("Yes, resign").clicked() {
                        intents.push(Intent::Ask(Request::Resign(c)));
                        intents.push(Intent::Confirm(None));
                    }
                    if ui.button("No, play on").clicked() {
                        intents.push(Intent::Confirm(None));
                    }
                });
            }
        });
    }
}

impl PlayScreen {
    /// The message to the player in its kind's colour, wrapped, in a space at least two lines
    /// high whether or not there is a message (so what follows never moves as messages come and
    /// go; only a message longer than two lines takes more room).
    fn message_line(&self, ui: &mut egui::Ui) {
        // A line of proportional text is about 1.3 times its size high.
        let line = theme::TEXT_MESSAGE * 1.3;
        let dark = ui.visuals().dark_mode;
        ui.vertical(|ui| {
            ui.set_min_height(2.0 * line + 2.0);
            if let (Some(text), Some(kind)) = (&self.message, self.message_kind()) {
                let rich = RichText::new(text)
                    .size(theme::TEXT_MESSAGE)
                    .color(kind.color(dark));
                let rich = if kind == MessageKind::Error {
                    rich.strong()
                } else {
                    rich
                };
                ui.add(egui::Label::new(rich).wrap());
            }
        });
    }
}

/// The host's invitation in large type until the other player sits.
pub(super) fn invitation(ui: &mut egui::Ui, lines: &[String]) {
    ui.add_space(6.0);
    ui.vertical_centered(|ui| {
        for (i, line) in lines.iter().enumerate() {
            let text = RichText::new(line.as_str());
            ui.label(if i == 0 {
                text.heading()
            } else {
                text.size(crate::app::theme::TEXT_LARGE).strong()
            });
        }
    });
    ui.add_space(6.0);
}

/// What may be done with a finished game: study it, export its PGN (`export`: not in the club
/// console, which has its own export button), start another with the same settings.
pub(super) fn end_buttons(ui: &mut egui::Ui, requests: &mut Vec<AppRequest>, export: bool) {
    if ui
        .button(RichText::new("Study this game").size(theme::TEXT_LARGE))
        .clicked()
    {
        requests.push(AppRequest::StudyGame);
    }
    if export && ui.button("Export PGN…").clicked() {
        requests.push(AppRequest::ExportPgn);
    }
    if ui.button("New game with the same settings").clicked() {
        requests.push(AppRequest::NewGameSameSettings);
    }
}

/// The computer is thinking: three dots that light up in turn (a frame every 0.4 s, not a
/// spinner's every frame, so the window stays nearly idle while it waits).
fn thinking_dots(ui: &mut egui::Ui) {
    const STEP: f64 = 0.4;
    let phase = (ui.input(|i| i.time) / STEP) as usize % 3;
    let (rect, resp) = ui.allocate_exact_size(egui::vec2(30.0, 14.0), egui::Sense::hover());
    resp.widget_info(|| {
        egui::WidgetInfo::labeled(egui::Role::Label, true, "The computer is thinking")
    });
    let painter = ui.painter_at(rect);
    for i in 0..3 {
        let center = rect.left_center() + egui::vec2(5.0 + 10.0 * i as f32, 0.0);
        let color = if i == phase {
            theme::CLOCK_RUNNING
        } else {
            ui.visuals().weak_text_color()
        };
        painter.circle_filled(center, 3.5, color);
    }
    ui.ctx()
        .request_repaint_after(std::time::Duration::from_secs_f64(STEP));
}
