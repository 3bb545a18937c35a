//! The three-board layout shared by the game screen and study mode: White's, Black's and the
//! referee's board side by side as at the table, or stacked in a narrow window. Each screen draws
//! its own columns; this module only sizes and places them.

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

/// Lays out the three boards. `column(ui, place, size, log_height)` draws one place's column:
/// its title, its board `size` points square and a log at most `log_height` high.
pub fn three_boards(
    ui: &mut egui::Ui,
    room: Room,
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
        // Narrow window: stacked.
        let size = (avail.x - STACKED_MARGIN).clamp(MIN_BOARD, MAX_STACKED_BOARD);
        let log_height = room
            .stacked_log
            .unwrap_or_else(|| (avail.y - size - room.log_reserve).max(MIN_LOG));
        egui::ScrollArea::vertical().show(ui, |ui| {
            for place in PLACES {
                column(ui, place, size, log_height);
                if room.stacked_gap {
                    ui.add_space(GAP);
                }
            }
        });
    }
}
