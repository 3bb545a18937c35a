//! The club referee's console for tsuitate shogi: the operator umpires a game played on two real
//! boards behind a screen. Each attempt the side to move tells is entered, typed (USI or Western, [`super::typed`]; or `resign`, `draw`) with Enter or clicked on the umpire's board, and the
//! "Say this" panel gives the words to announce and to whom. The operator sees everything: the
//! true position and both seats' boards.

use super::words;
use super::{TsuitateScreen, pieces::side_name};
use crate::tsuitate::Request;
use crate::tsuitate::game::SIDES;
use egui::RichText;

/// The console's words under the move field.
const HELP: &str = "Type the attempt and press Enter, or click a piece of the side to move on \
    the umpire's board and then a square. Also: draw (agreed).";

impl TsuitateScreen {
    /// The console: the move field, what to announce, the three boards.
    pub(super) fn console(&mut self, ui: &mut egui::Ui) {
        let game = self.game();
        let referee = game.referee();
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
        let over = referee.over().is_some();
        ui.label(RichText::new(status).size(crate::app::theme::TEXT_LARGE));
        self.say_panel(ui);
        if !over {
            self.typed_field(ui, "Attempt:");
            let color = ui.visuals().error_fg_color;
            super::seat::refusal_line(ui, self.refused.as_deref(), color);
            ui.label(RichText::new(HELP).size(crate::app::theme::TEXT_BODY));
        }
        let game = self.game();
        let playing = game.referee().over().is_none().then_some(mover);
        let selected = self.selected;
        let interactive = playing.is_some() && self.promotion.is_none();
        let (umpire, seats) = (game.referee().position(), SIDES.map(|c| game.seat(c)));
        let pick = (selected, interactive);
        let (clicked, squares) = super::board::three_boards(ui, umpire, seats, pick, self.symbols);
        // The question beside the umpire's board (the first), so no board moves.
        let cell = |sq| super::board::square_at(squares, shogi_core::Color::Black, sq);
        self.promotion_question(ui.ctx(), squares, cell);
        if let Some(pick) = clicked {
            self.click(pick, true);
            self.entry.clear();
        }
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
