//! Study of a saved tsuitate game: the umpire's board and both seats' boards after any event,
//! stepped through one event at a time, with what was tried and what was said, and the whole
//! game as the umpire's text ([`crate::tsuitate::replay`]).

use super::words;
use super::{TsuitateScreen, pieces::side_name};
use crate::tsuitate::{Request, TsuitateGame};
use egui::RichText;

impl TsuitateScreen {
    /// The game after the first `cursor` events (rebuilt when the cursor moves).
    fn studied(&mut self) -> &TsuitateGame {
        let cursor = self.cursor;
        if self.view.as_ref().is_none_or(|(at, _)| *at != cursor) {
            self.view = Some((cursor, self.game.at(cursor)));
        }
        match &self.view {
            Some((_, game)) => game,
            None => &self.game,
        }
    }

    /// The study view: the step buttons, the event at the cursor, the three boards.
    pub(super) fn study_view(&mut self, ui: &mut egui::Ui) {
        let total = self.game.events().len();
        ui.horizontal(|ui| {
            if ui.button("« Start").clicked() {
                self.cursor = 0;
            }
            if ui.button("‹ Back").clicked() {
                self.cursor = self.cursor.saturating_sub(1);
            }
            if ui.button("Forward ›").clicked() {
                self.cursor = (self.cursor + 1).min(total);
            }
            if ui.button("End »").clicked() {
                self.cursor = total;
            }
            ui.label(format!("Event {} of {total}", self.cursor));
        });
        let line = match self.cursor.checked_sub(1).map(|i| &self.game.events()[i]) {
            None => "The start.".to_owned(),
            Some(event) => {
                let what = match &event.request {
                    Request::Try(usi) => format!("tried {usi}"),
                    Request::Resign => "resigned".to_owned(),
                    Request::Draw => "agreed a draw".to_owned(),
                };
                format!(
                    "{} {what}. {}",
                    side_name(event.by),
                    words::said_lines(&event.said).join(" ")
                )
            }
        };
        ui.label(RichText::new(line).size(crate::app::theme::TEXT_LARGE));
        ui.collapsing("The whole game in text", |ui| {
            let text = crate::tsuitate::replay::replay_text(&self.game, &self.meta, None);
            egui::ScrollArea::vertical()
                .max_height(220.0)
                .show(ui, |ui| ui.monospace(text));
        });
        let symbols = self.symbols;
        let game = self.studied().clone();
        if let Some(over) = game.referee().over() {
            ui.label(words::over_text(over));
        }
        super::board::three_boards(ui, &game, None, symbols, false);
    }
}
