//! The three-board layout shared by the game screen and study mode: White's, Black's and the
//! referee's board side by side as at the table, or in rows in a narrow window with the board of
//! the person at the screen first. Each screen draws its own columns; this module only sizes and
//! places them.

use super::visibility::Place;
use shakmaty::Color;

/// The boards in table order.
pub const PLACES: [Place; 3] = [
    Place::Player(Color::White),
    Place::Player(Color::Black),
    Place::Referee,
];

/// From this width on, the boards stand side by side.
const WIDE: f32 = 900.0;
/// The space between boards.
const GAP: f32 = 16.0;
/// The smallest board.
const MIN_BOARD: f32 = 160.0;
/// The largest stacked board.
const MAX_STACKED_BOARD: f32 = 560.0;
/// The width kept beside a stacked board.
const STACKED_MARGIN: f32 = 24.0;
/// The shortest log under a board.
const MIN_LOG: f32 = 60.0;
/// The space between the widgets of one column.
const COLUMN_SPACING: f32 = 6.0;

/// The room a screen keeps around its boards.
#[derive(Copy, Clone, Debug)]
pub struct Room {
    /// Height kept free above and below a side-by-side board (title, log, panels).
    pub beside: f32,
    /// Height kept for the rest of the screen when sizing the log under a board.
    pub log_reserve: f32,
    /// The log height under stacked boards (`None`: sized as side by side).
    pub stacked_log: Option<f32>,
    /// Stacked boards are spaced apart.
    pub stacked_gap: bool,
}

/// Lays out the three boards in table order (see [`three_boards_focused`]).
pub fn three_boards(
    ui: &mut egui::Ui,
    room: Room,
    column: impl FnMut(&mut egui::Ui, Place, f32, f32),
) {
    three_boards_focused(ui, room, None, column);
}

/// Lays out the three boards. `column(ui, place, size, log_height)` draws one place's column:
/// its title, its board `size` points square and a log at most `log_height` high.
///
/// In a wide window the boards stand side by side in table order. In a narrower one they wrap
/// into rows as wide as the window allows, each board at most as tall as the window (so a whole
/// board is always in view), with `focus` (the board of the player at the screen) first: the
/// active player never scrolls to find its board.
pub fn three_boards_focused(
    ui: &mut egui::Ui,
    room: Room,
    focus: Option<Place>,
    mut column: impl FnMut(&mut egui::Ui, Place, f32, f32),
) {
    let avail = ui.available_size();
    if avail.x >= WIDE {
        // Side by side, as at the table.
        let size = ((avail.x - 2.0 * GAP) / 3.0)
            .min(avail.y - room.beside)
            .max(MIN_BOARD);
        let log_height = (avail.y - size - room.log_reserve).max(MIN_LOG);
        let pad = ((avail.x - 3.0 * size - 2.0 * GAP) / 2.0).max(0.0);
        ui.horizontal_top(|ui| {
            ui.spacing_mut().item_spacing.x = 0.0;
            ui.add_space(pad);
            for place in PLACES {
                ui.vertical(|ui| {
                    ui.spacing_mut().item_spacing.x = COLUMN_SPACING;
                    ui.set_width(size);
                    ui.set_max_width(size);
                    column(ui, place, size, log_height);
                });
                ui.add_space(GAP);
            }
        });
    } else {
        // Narrow window: rows of boards, the focused one first.
        let (size, per_row) = wrapped(avail.x, avail.y - room.beside);
        let log_height = room
            .stacked_log
            .unwrap_or_else(|| (avail.y - size - room.log_reserve).max(MIN_LOG));
        let order = ordered(focus);
        egui::ScrollArea::vertical().show(ui, |ui| {
            for row in order.chunks(per_row) {
                ui.horizontal_top(|ui| {
                    for place in row {
                        ui.vertical(|ui| {
                            ui.set_width(size);
                            ui.set_max_width(size);
                            column(ui, *place, size, log_height);
                        });
                        ui.add_space(GAP);
                    }
                });
                if room.stacked_gap {
                    ui.add_space(GAP);
                }
            }
        });
    }
}

/// The board size and boards per row in a narrow window `width` wide with `height` for a board:
/// as large as the height allows (within the width), then as many per row as fit.
fn wrapped(width: f32, height: f32) -> (f32, usize) {
    let size = (width - STACKED_MARGIN)
        .min(height)
        .clamp(MIN_BOARD, MAX_STACKED_BOARD);
    let per_row = (((width - STACKED_MARGIN + GAP) / (size + GAP)).floor() as usize).clamp(1, 3);
    (size, per_row)
}

/// The places with `focus` first, the others in table order.
fn ordered(focus: Option<Place>) -> Vec<Place> {
    let mut order: Vec<Place> = focus.into_iter().collect();
    order.extend(PLACES.into_iter().filter(|p| Some(*p) != focus));
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_narrow_window_wraps_the_boards_and_puts_the_focus_first() {
        // 900 x 700 leaves about 880 x 500 for the boards: two boards per row, each fully in view.
        let (size, per_row) = wrapped(880.0, 500.0 - 190.0);
        assert_eq!(per_row, 2);
        assert!((MIN_BOARD..=310.0).contains(&size));
        // A phone-narrow window: one per row.
        assert_eq!(wrapped(400.0, 600.0).1, 1);
        assert_eq!(
            ordered(Some(Place::Player(Color::Black))),
            vec![
                Place::Player(Color::Black),
                Place::Player(Color::White),
                Place::Referee
            ]
        );
        assert_eq!(ordered(None), PLACES.to_vec());
    }
}
