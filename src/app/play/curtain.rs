//! The hot-seat curtain's card: who moves next, who looks away, what both players heard, the
//! public clocks and a draw offer, and the one deliberate act that opens the next board (keys
//! and clicks in the first moment after the curtain came down are ignored).

use super::{Curtain, Intent, PlayScreen};
use crate::app::theme;
use crate::clock::format_ms;
use crate::log::GameLog;
use crate::wording::color_title;
use egui::{Color32, RichText};
use shakmaty::Color;
use std::time::Duration;

impl PlayScreen {
    /// The public facts shown while the curtain is up.
    pub(super) fn curtain_card(
        &mut self,
        ui: &mut egui::Ui,
        now: Duration,
        intents: &mut Vec<Intent>,
    ) {
        let Curtain::Up { next } = self.curtain else {
            return;
        };
        // A deliberate act once the card is shown: keys and clicks in the first moments after
        // the curtain came down are the mover's, not the next player's.
        let shown = *self.curtain_shown.get_or_insert(now);
        let waited = now.saturating_sub(shown);
        let armed = waited >= super::CURTAIN_ARM;
        if !armed {
            ui.ctx().request_repaint_after(super::CURTAIN_ARM - waited);
        }
        let open_key = armed && open_key_pressed(ui);
        if open_key {
            intents.push(Intent::OpenBoard(next));
        }
        // Public facts only, read from the referee's record where this table has it (a table
        // without it shows the card without them).
        let public = self
            .table
            .truth()
            .map(|game| public_since_last_turn(game.log(), next))
            .unwrap_or_default();
        curtain_frame().show(ui, |ui| {
            ui.set_min_width(460.0);
            // Long announcements wrap inside the card.
            ui.set_max_width(620.0);
            // The card is dark in either theme: its text and button are drawn as in the
            // dark theme.
            *ui.visuals_mut() = egui::Visuals::dark();
            ui.vertical_centered(|ui| {
                self.curtain_text(ui, next, &public, now);
                ui.add_space(8.0);
                let button = egui::Button::new(
                    RichText::new(format!("Open {}'s board", color_title(next)))
                        .size(theme::TEXT_PROMPT),
                );
                if ui.add_enabled(armed, button).clicked() && !open_key {
                    intents.push(Intent::OpenBoard(next));
                }
                let hint = if armed {
                    "Space or Enter opens it."
                } else {
                    "One moment…"
                };
                ui.label(RichText::new(hint).small());
            });
        });
    }

    /// The curtain card's words: who moves, who looks away, the public news, the clocks (where
    /// they are public) and a draw offer.
    fn curtain_text(&self, ui: &mut egui::Ui, next: Color, public: &str, now: Duration) {
        ui.heading(
            RichText::new(format!("{} to move", color_title(next)))
                .size(theme::TEXT_HEADLINE)
                .color(Color32::WHITE),
        );
        let name = next.fold_wb(&self.facts().meta.white, &self.facts().meta.black);
        let who = if name.is_empty() {
            color_title(next).to_owned()
        } else {
            name.clone()
        };
        ui.label(format!(
            "Pass the screen to {who}. {} looks away.",
            color_title(!next)
        ));
        if !public.is_empty() {
            ui.add(
                egui::Label::new(
                    RichText::new(format!("Announced to both: {public}")).size(theme::TEXT_MESSAGE),
                )
                .wrap(),
            );
        }
        if let Some(reading) = self.facts().clock_reading(now)
            && !self.facts().rules.variant().capabilities().private_clocks
        {
            ui.label(format!(
                "Clocks: White {}  Black {}",
                format_ms(reading.white_ms),
                format_ms(reading.black_ms)
            ));
        }
        if self.facts().draw_offer == Some(!next) {
            ui.label(format!("{} offers a draw.", color_title(!next)));
        }
    }
}

/// Whether Space or Enter was pressed this frame while no text field has the keyboard (the
/// board's button, when it has the focus, takes them itself); a held key's repeats never count.
fn open_key_pressed(ui: &egui::Ui) -> bool {
    !ui.ctx().egui_wants_keyboard_input()
        && ui.input(|i| {
            i.events.iter().any(|e| {
                matches!(
                    e,
                    egui::Event::Key {
                        key: egui::Key::Space | egui::Key::Enter,
                        pressed: true,
                        repeat: false,
                        ..
                    }
                )
            })
        })
}

/// The curtain card's dark frame.
fn curtain_frame() -> egui::Frame {
    egui::Frame::new()
        .fill(theme::CURTAIN_FILL)
        .stroke(egui::Stroke::new(2.0, theme::CURTAIN_FRAME))
        .corner_radius(12.0)
        .inner_margin(28.0)
        .shadow(egui::Shadow {
            offset: [0, 8],
            blur: 24,
            spread: 4,
            color: theme::CURTAIN_SHADOW,
        })
}

/// Every public announcement since `next` last made a request, for the curtain, from the
/// public record ([`GameLog::public_record`]): one sentence group per request, in order ("Any? -
/// No. White moved. Pawn at d5 captured."). Before the first request, what was said at the
/// start (which the first curtain shows to both).
fn public_since_last_turn(log: &GameLog, next: Color) -> String {
    // The player's own requests (and everything before them) were heard at the board.
    let since = log.events.iter().rposition(|e| e.by == Some(next));
    log.public_record()
        .into_iter()
        .filter(|line| match (line.event, since) {
            (None, _) => log.events.is_empty(),
            (Some(i), Some(last)) => i > last,
            (Some(_), None) => true,
        })
        .map(|line| line.text)
        .collect::<Vec<_>>()
        .join(" ")
}
