//! One seat's screen in tsuitate shogi: its own board (its pieces and hand only), what it heard
//! since its last move in its own words, its history turn by turn
//! ([`crate::tsuitate::history`]), the typed move field, and what it knows of the opponent's
//! army ([`super::army`]).
//! The promotion question ([`super::promote`]) is drawn above the screen beside the board, so
//! nothing moves when it appears and the move asked about stays in sight.

use super::board::BoardView;
use super::pieces::side_name;
use super::{TsuitateScreen, words};
use crate::tsuitate::Item;
use crate::tsuitate::referee::index;
use egui::RichText;
use shogi_core::{Color, PartialPosition, PieceKind, Square};

/// A network seat's words while the other seat has never been taken.
pub(super) const WAITING: &str = "Waiting for the opponent to join…";

/// A network seat's words while the other seat, taken before, is empty (`other`: its side).
pub(super) fn waiting_for(other: Color, came: bool) -> String {
    match came {
        true => format!("Waiting for {} to come back…", side_name(other)),
        false => WAITING.to_owned(),
    }
}

/// The height of the history panel.
const HISTORY_HEIGHT: f32 = 200.0;

/// What one seat's screen shows, all from what that seat was told: its
/// [`crate::tsuitate::SeatView`] as the table gives it and the table's news for it
/// ([`super::news`]), whichever the table. Its history is read as it is drawn
/// ([`TsuitateScreen::history_of`]).
pub(super) struct Shown {
    /// The seat's own pieces and hand.
    pub board: PartialPosition,
    /// The square where the opponent's last move took one of its pieces, if it did.
    pub lost_on: Option<Square>,
    /// Who moves now.
    pub to_move: Color,
    /// Whether the seat may act now (a network seat waits for the table's answer).
    pub may_act: bool,
    /// A network seat whose opponent has not joined (or has left): it waits, in these words.
    pub alone: Option<String>,
    /// The seat's fouls, and the count that loses.
    pub fouls: (u8, u8),
    /// What it heard of the opponent since its last move, and whether it has moved yet.
    pub news: (Vec<Item>, bool),
    /// Its own piece a capture among them took, as it stood (promoted or not).
    pub lost: Option<PieceKind>,
    /// The answer to its last refused attempt (or why it could not be sent).
    pub refused: Option<String>,
}

impl TsuitateScreen {
    /// One seat's screen: its own board (its pieces and hand only, the square of its last lost
    /// piece marked), what it heard, its history, and what it knows of the opponent's army.
    pub(super) fn seat_screen(&mut self, ui: &mut egui::Ui, color: Color) {
        let shown = self.shown(color);
        let marks: Vec<Square> = shown.lost_on.into_iter().collect();
        let told = &self.seats[index(color)];
        let army = super::army::army_lines(&self.facts().start, color, told, shown.lost_on);
        let mut clicked = None;
        ui.horizontal_top(|ui| {
            let own_name = format!("{}'s board", side_name(color));
            let mut known = [false; 2];
            known[index(color)] = true;
            let own = BoardView {
                name: &own_name,
                position: &shown.board,
                bottom: color,
                hands: true,
                hands_known: known,
                cell: 54.0,
                selected: self.selected,
                marks: &marks,
                interactive: self.promotion.is_none() && shown.may_act,
                symbols: self.symbols,
            };
            let squares;
            (clicked, squares) = own.show_squares(ui);
            let cell = |sq| super::board::square_at(squares, color, sq);
            self.promotion_question(ui.ctx(), squares, cell);
            ui.add_space(16.0);
            ui.vertical(|ui| {
                ui.set_max_width(460.0);
                heard_panel(ui, &shown, color);
                // A network seat's field stays while it waits (it keeps the focus; a line
                // typed out of turn is refused by the table, in words).
                let waits = self.net.is_some() && self.over().is_none();
                if shown.may_act || waits {
                    self.typed_field(ui, "Your move:");
                }
                ui.add_space(6.0);
                ui.label(RichText::new("Your history").strong());
                crate::app::logs::panel(
                    ui,
                    ("tsuitate-history", index(color)),
                    HISTORY_HEIGHT,
                    &self.history_of(color),
                );
                ui.add_space(8.0);
                super::army::army_panel(ui, color, &army);
            });
        });
        if let Some(pick) = clicked {
            self.click(pick, false);
        }
    }
}

/// Whose turn, the last refusal, what the seat heard of the opponent since its own last move
/// ("So far" before it has moved), and its fouls.
fn heard_panel(ui: &mut egui::Ui, shown: &Shown, color: Color) {
    let turn = if let Some(waiting) = &shown.alone {
        waiting.clone()
    } else if shown.to_move == color {
        "Your move".to_owned()
    } else {
        format!("{} to move", side_name(shown.to_move))
    };
    ui.label(
        RichText::new(format!("{} · {turn}", side_name(color))).size(crate::app::theme::TEXT_LARGE),
    );
    refusal_line(ui, shown.refused.as_deref(), ui.visuals().warn_fg_color);
    // What it heard, in a space three lines high whether or not there is any, so the move
    // field under it stays where it is as the news comes and goes.
    let line = ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
    ui.vertical(|ui| {
        ui.set_min_height(3.0 * line);
        let (news, moved) = &shown.news;
        if !news.is_empty() {
            let heading = if *moved {
                "Since your last move:"
            } else {
                "So far:"
            };
            ui.label(RichText::new(heading).strong());
            ui.add(
                egui::Label::new(words::heard_line_as(news, color, color.flip(), shown.lost))
                    .wrap(),
            );
        }
    });
    let (fouls, limit) = shown.fouls;
    ui.label(format!("Your fouls: {fouls} (the {limit}th loses)."));
    ui.label(
        RichText::new("Click a piece, then a square; a piece in hand, then a square to drop it.")
            .size(crate::app::theme::TEXT_BODY),
    );
}

/// The answer to the last refused attempt (or why a typed line could not be used), in a space
/// two lines high whether or not there is one, so what follows (the move field) never moves as
/// refusals come and go; only a refusal longer than two lines takes more room.
pub(super) fn refusal_line(ui: &mut egui::Ui, refused: Option<&str>, color: egui::Color32) {
    // A line of proportional text is about 1.3 times its size high.
    let line = crate::app::theme::TEXT_BODY * 1.3;
    ui.vertical(|ui| {
        ui.set_min_height(2.0 * line + 2.0);
        if let Some(refused) = refused {
            let text = RichText::new(refused).size(crate::app::theme::TEXT_BODY);
            ui.add(egui::Label::new(text.color(color)).wrap());
        }
    });
}
