//! Study of a saved tsuitate game through the one replay every game has
//! ([`crate::replay::step::Replay`]): the umpire's board and both seats' boards after any event
//! (each seat's drawn from what it was told by then), stepped by event or by move with every
//! game's step buttons, with what was tried and what was said, and the whole game as the umpire's text
//! ([`crate::tsuitate::replay`]).

use super::words;
use super::{TsuitateScreen, pieces::side_name};
use crate::tsuitate::Request;
use crate::tsuitate::game::SIDES;
use egui::RichText;

impl TsuitateScreen {
    /// The study view: the step buttons, the event at the cursor, the three boards.
    pub(super) fn study_view(&mut self, ui: &mut egui::Ui) {
        let Some(replay) = self.replay.as_mut() else {
            return;
        };
        ui.horizontal(|ui| crate::app::study::step_buttons(ui, replay, None));
        let event = replay
            .cursor()
            .checked_sub(1)
            .and_then(|i| replay.record().events().get(i));
        let line = match event {
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
            let text = crate::tsuitate::replay::replay_text(
                self.table.truth().unwrap_or(&self.start),
                &self.meta,
                None,
            );
            egui::ScrollArea::vertical()
                .max_height(220.0)
                .show(ui, |ui| ui.monospace(text));
        });
        let seats = SIDES.map(|c| replay.view(c));
        let Some(truth) = replay.truth() else {
            return;
        };
        if let Some(over) = truth.referee().over() {
            ui.label(words::over_text(over));
        }
        let umpire = truth.referee().position().clone();
        super::board::three_boards(
            ui,
            &umpire,
            [&seats[0], &seats[1]],
            (None, false),
            self.symbols,
        );
    }
}
