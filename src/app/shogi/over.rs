//! The end of a tsuitate game played here or at a seat across the network: the result, what
//! was said last, every board (the umpire's and each seat's as it knew it), sized to leave
//! room under them; a local game's save to study; a network seat's own history, which takes
//! the height left (scrolled, never cut off).

use super::board::three_boards_sized;
use super::study::cells_for;
use super::{SIDES, TsuitateScreen, words};
use egui::RichText;
use std::path::PathBuf;

/// The least height a network seat's history keeps under the boards.
const HISTORY_LEAST: f32 = 220.0;

/// The height kept under the boards for the study button (a local game).
const BUTTON_ROOM: f32 = 40.0;

impl TsuitateScreen {
    /// The end: the result, what was said, every board; the save to study, if asked.
    pub(super) fn over_screen(&mut self, ui: &mut egui::Ui) -> Option<PathBuf> {
        let game = self.game();
        if let Some(over) = game.referee().over() {
            ui.heading(words::over_text(over));
        }
        ui.label(words::said_lines(&self.last_said).join(" "));
        if self.net.is_some() {
            ui.label("The table revealed the whole game: the umpire's board and both seats'.");
        }
        let (umpire, seats) = (game.referee().position(), SIDES.map(|c| game.seat(c)));
        let under = match self.net {
            Some(_) => HISTORY_LEAST,
            None => BUTTON_ROOM,
        };
        let cells = cells_for(ui.available_height() - under);
        three_boards_sized(ui, (umpire, seats), (None, false), self.symbols, cells);
        // A game over here goes on to study its autosave, through the gate (a network seat's
        // table may still be telling the other seat the end: it is studied from the Library).
        let saved = self.facts().autosave_path.clone();
        let study = match saved {
            Some(path) if self.net.is_none() => ui
                .button("Study this game")
                .on_hover_text(
                    "Step through it: the umpire's board and each seat's, event by event",
                )
                .clicked()
                .then_some(path),
            _ => None,
        };
        self.net_history(ui);
        study
    }

    /// After the reveal, a network seat's own history (what it tried and heard), in the height
    /// left.
    fn net_history(&self, ui: &mut egui::Ui) {
        let Some(net) = &self.net else {
            return;
        };
        ui.add_space(8.0);
        if let Some(path) = self.kept_in() {
            ui.label(format!("The game is kept in {}.", path.display()));
        }
        ui.label(RichText::new("Your history").strong());
        let lines = self.history(net.color);
        let height = (ui.available_height() - 8.0).max(HISTORY_LEAST / 2.0);
        crate::app::logs::panel(ui, ("tsuitate-net-history", 0), height, lines);
    }
}
