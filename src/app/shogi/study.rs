//! Study of a saved tsuitate game through the one replay every game has
//! ([`crate::replay::step::Replay`]): the umpire's board and both seats' boards after any event
//! (each seat's drawn from what it was told by then), stepped by event or by move with every
//! game's step buttons and keys (Left/Right an event, Up/Down or Ctrl+Left/Right a move,
//! Home/End), with what was tried and what was said, the whole game as the umpire's text
//! ([`crate::tsuitate::replay`]) and the review, who knew what turn by turn
//! ([`crate::tsuitate::review`], as `kriegspiel review` writes it), each in a bounded scroll
//! area: the boards are sized to the height left, so they always fit the window.

use super::pieces::Symbols;
use super::words;
use super::{TsuitateScreen, pieces::side_name};
use crate::tsuitate::game::SIDES;
use crate::tsuitate::{Request, SeatView};
use egui::RichText;
use shogi_core::{Color, PartialPosition};

/// The whole game's text is at most this high, and at most [`TEXT_SHARE`] of the height left.
const TEXT_HEIGHT: f32 = 220.0;
/// The share of the height left that the whole game's text may take.
const TEXT_SHARE: f32 = 0.3;
/// The umpire's and the seats' squares at their largest and smallest.
const UMPIRE_CELL: (f32, f32) = (14.0, 44.0);
const SEAT_CELL: (f32, f32) = (10.0, 26.0);

/// The whole game in text, written once for the game studied (the text replays every event):
/// written again only when the game differs.
#[derive(Default)]
pub(super) struct WholeText {
    /// The events of the game written, and its text.
    kept: Option<(usize, String)>,
    /// How often it was written.
    writes: usize,
}

impl WholeText {
    /// The text of `game` (`meta`: its players).
    fn of(&mut self, game: &crate::tsuitate::TsuitateGame, meta: &crate::save::Meta) -> &str {
        let events = game.events().len();
        if self.kept.as_ref().is_none_or(|(kept, _)| *kept != events) {
            let text = crate::tsuitate::replay::replay_text(game, meta, None);
            self.kept = Some((events, text));
            self.writes += 1;
        }
        self.kept.as_ref().map_or("", |(_, text)| text.as_str())
    }
}

impl TsuitateScreen {
    /// How often study wrote the whole game's text (once per game, however many frames show
    /// it).
    pub fn whole_text_writes(&self) -> usize {
        self.whole_text.writes
    }

    /// The study view: the step buttons, the event at the cursor, the three boards; whether a
    /// picture of a board was asked for ([`TsuitateScreen::write_picture`]).
    pub(super) fn study_view(&mut self, ui: &mut egui::Ui) -> bool {
        let Some(replay) = self.replay.as_mut() else {
            return false;
        };
        crate::app::study::step_keys(ui, replay);
        ui.horizontal(|ui| {
            crate::app::study::step_buttons(ui, replay, None);
            ui.label(
                RichText::new(
                    "Keys: Left/Right event · Up/Down or Ctrl+Left/Right move · Home/End",
                )
                .small(),
            );
        });
        let mut export = false;
        ui.horizontal(|ui| {
            ui.label("Export a picture of:");
            for (seat, name) in [
                (None, "The umpire's board…"),
                (Some(Color::Black), "Sente's board…"),
                (Some(Color::White), "Gote's board…"),
            ] {
                if ui.button(name).clicked() {
                    self.picture_of = seat;
                    export = true;
                }
            }
        });
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
        let text_height = (ui.available_height() * TEXT_SHARE).min(TEXT_HEIGHT);
        ui.collapsing("The whole game in text", |ui| {
            let game = self.table.truth().unwrap_or(&self.start);
            let text = self.whole_text.of(game, &self.meta);
            egui::ScrollArea::vertical()
                .max_height(text_height)
                .auto_shrink([false, true])
                .show(ui, |ui| ui.monospace(text));
        });
        ui.collapsing("Who knew what (the review)", |ui| {
            let game = self.table.truth().unwrap_or(&self.start);
            // Worked out once, when first opened: the review replays the whole game.
            let id = egui::Id::unique(("tsuitate-review", game.events().len()));
            let text = ui.ctx().data_mut(|d| {
                d.get_temp_mut_or_insert_with(id, || {
                    crate::tsuitate::review::review(game).text(game, &self.meta)
                })
                .clone()
            });
            egui::ScrollArea::vertical()
                .id_salt("tsuitate-review-text")
                .max_height(text_height)
                .auto_shrink([false, true])
                .show(ui, |ui| ui.add(egui::Label::new(text).wrap()));
        });
        let seats = SIDES.map(|c| replay.view(c));
        let Some(truth) = replay.truth() else {
            return export;
        };
        if let Some(over) = truth.referee().over() {
            ui.label(words::over_text(over));
        }
        let umpire = truth.referee().position().clone();
        study_boards(ui, &umpire, [&seats[0], &seats[1]], self.symbols);
        export
    }

    /// Writes the board asked for at study's cursor (the umpire's, or a seat's as it knew it
    /// then) to `path`: SVG for a `.svg` name, PNG otherwise.
    pub fn write_picture(&mut self, path: &std::path::Path) -> Result<(), String> {
        let replay = self
            .replay
            .as_mut()
            .ok_or_else(|| "No board is shown to export.".to_owned())?;
        let svg = crate::tsuitate::picture::of_replay(replay, self.picture_of, PICTURE_SIZE);
        let bytes = if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("svg"))
        {
            svg.into_bytes()
        } else {
            crate::picture::png_of_svg(&svg, PICTURE_SIZE).map_err(|e| e.to_string())?
        };
        crate::save::write_atomic(path, &bytes)
            .map_err(|e| format!("Could not write {}: {e}", path.display()))
    }
}

/// The side of a picture written from study, in pixels.
const PICTURE_SIZE: u32 = 640;

/// The height of a board of squares `cell` wide with both hands: its name, two hands (each at
/// least 34 high), the squares and the coordinates, and the spacing between them.
fn board_height(cell: f32) -> f32 {
    let hand = (cell * 0.9).max(34.0);
    18.0 + 2.0 * hand + 9.0 * cell + 14.0 + 16.0
}

/// The umpire's and the seats' square widths whose boards fit `height`.
pub(super) fn cells_for(height: f32) -> (f32, f32) {
    (cell_for(height, UMPIRE_CELL), cell_for(height, SEAT_CELL))
}

/// The largest square width within `bounds` whose board fits `height`.
fn cell_for(height: f32, (least, most): (f32, f32)) -> f32 {
    let mut cell = most;
    while cell > least && board_height(cell) > height {
        cell -= 1.0;
    }
    cell
}

/// The umpire's board (the true position) beside Sente's and Gote's, each drawn from its seat's
/// view only, sized to the height left so that none is cut off.
fn study_boards(
    ui: &mut egui::Ui,
    umpire: &PartialPosition,
    seats: [&SeatView; 2],
    symbols: Symbols,
) {
    let cells = cells_for(ui.available_height());
    super::board::three_boards_sized(ui, (umpire, seats), (None, false), symbols, cells);
}
