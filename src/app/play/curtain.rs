//! The chess family's lines on the hot-seat curtain's card ([`crate::app::curtain`]): who looks
//! away, what both players heard, the public clocks and a draw offer.

use super::{Curtain, Intent, PlayScreen};
use crate::app::theme;
use crate::clock::format_ms;
use crate::log::GameLog;
use crate::wording::color_title;
use egui::RichText;
use shakmaty::Color;
use std::time::Duration;

impl PlayScreen {
    /// The public facts shown while the curtain is up, on the card every game shares
    /// ([`crate::app::curtain::card`]).
    pub(super) fn curtain_card(
        &mut self,
        ui: &mut egui::Ui,
        now: Duration,
        intents: &mut Vec<Intent>,
    ) {
        let Curtain::Up { next } = self.curtain else {
            return;
        };
        let shown = *self.curtain_shown.get_or_insert(now);
        // Public facts only, read from the referee's record where this table has it (a table
        // without it shows the card without them).
        let public = self
            .table
            .truth()
            .map(|game| public_since_last_turn(game.log(), next))
            .unwrap_or_default();
        let side = color_title(next);
        let lines = |ui: &mut egui::Ui| self.curtain_text(ui, next, &public, now);
        if crate::app::curtain::card(ui, now.saturating_sub(shown), side, side, lines) {
            intents.push(Intent::OpenBoard(next));
        }
    }

    /// The curtain card's words under its title: who looks away, the public news, the clocks
    /// (where they are public) and a draw offer.
    fn curtain_text(&self, ui: &mut egui::Ui, next: Color, public: &str, now: Duration) {
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
