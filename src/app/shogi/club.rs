//! The club referee's console for tsuitate shogi: the operator umpires a game played on two real
//! boards behind a screen. Each attempt the side to move tells is entered, typed in USI (`7g7f`,
//! `8h2b+`, `P*5e`, or `resign`, `draw`) with Enter or clicked on the umpire's board, and the
//! "Say this" panel gives the words to announce and to whom. The operator sees everything: the
//! true position and both seats' boards.

use super::words;
use super::{TsuitateScreen, pieces::side_name};
use crate::app::play::field::take_lines;
use crate::tsuitate::Request;
use egui::RichText;

/// The console's words under the move field.
const HELP: &str = "Type the attempt in USI (7g7f, 8h2b+ to promote, P*5e to drop) and press \
    Enter, or click a piece of the side to move on the umpire's board and then a square. \
    Also: resign, draw.";

impl TsuitateScreen {
    /// The console: the move field, what to announce, the three boards.
    pub(super) fn console(&mut self, ui: &mut egui::Ui) {
        let referee = self.game.referee();
        let mover = referee.to_move();
        let status = match referee.over() {
            Some(over) => words::over_text(over),
            None => format!(
                "{} to move · move {} · fouls: Sente {}, Gote {}",
                side_name(mover),
                referee.moves().len() + 1,
                referee.fouls(shogi_core::Color::Black),
                referee.fouls(shogi_core::Color::White)
            ),
        };
        ui.label(RichText::new(status).size(crate::app::theme::TEXT_LARGE));
        self.say_panel(ui);
        if referee.over().is_none() {
            self.move_field(ui);
        }
        self.promotion_question(ui);
        let playing = self.game.referee().over().is_none().then_some(mover);
        let selected = self.selected;
        let interactive = playing.is_some() && self.promotion.is_none();
        let game = &self.game;
        if let Some(pick) =
            super::board::three_boards(ui, game, selected, self.symbols, interactive)
        {
            self.click(pick, true);
            self.entry.clear();
        }
    }

    fn move_field(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            let label = ui.label("Attempt:");
            // Every key in the order it came, each Enter an attempt of its own, whatever the
            // frames (the umpire's table answers at once); the field keeps the focus.
            let id = egui::Id::unique("tsuitate-attempt");
            if ui.memory(|m| m.has_focus(id)) {
                for line in take_lines(ui, id, &mut self.entry) {
                    self.enter(&line);
                }
            }
            let field = egui::TextEdit::singleline(&mut self.entry)
                .hint_text("7g7f")
                .desired_width(140.0)
                .return_key(None::<egui::KeyboardShortcut>)
                .id(id);
            let response = ui.add(field).labelled_by(label.id);
            if ui.button("Enter").clicked() {
                let line = std::mem::take(&mut self.entry);
                self.enter(&line);
                response.request_focus();
            }
        });
        if let Some(refused) = &self.refused {
            ui.colored_label(ui.visuals().error_fg_color, refused);
        }
        ui.label(RichText::new(HELP).small());
    }

    /// Sends a typed line.
    fn enter(&mut self, line: &str) {
        let text = line.trim().to_owned();
        if text.is_empty() || self.game.referee().over().is_some() {
            return;
        }
        self.refused = None;
        let request = match text.as_str() {
            "resign" => Request::Resign,
            "draw" => Request::Draw,
            usi => Request::Try(usi.to_owned()),
        };
        self.send(request);
    }

    /// What to announce for the last entry, and to whom.
    fn say_panel(&self, ui: &mut egui::Ui) {
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.set_min_width(560.0);
            let heading = match &self.last_request {
                Some((by, request)) => {
                    let what = match request {
                        Request::Try(usi) => format!("tried {usi}"),
                        Request::Resign => "resigns".to_owned(),
                        Request::Draw => "and the opponent agree a draw".to_owned(),
                    };
                    format!("Say this ({} {what})", side_name(*by))
                }
                None => "Say this".to_owned(),
            };
            ui.label(RichText::new(heading).strong());
            if self.last_said.is_empty() {
                ui.label("Nothing yet: enter the first attempt.");
            }
            for line in words::said_lines(&self.last_said) {
                ui.label(RichText::new(line).size(crate::app::theme::TEXT_LARGE));
            }
        });
    }
}
