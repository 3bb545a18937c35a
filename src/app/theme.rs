//! The app's look in one place: every colour and text size the screens use, named by what it is
//! for. Values only; nothing here draws.

use egui::Color32;

// The board.

/// Light squares (lichess-like browns); also the marker tray's buttons.
pub const SQUARE_LIGHT: Color32 = Color32::from_rgb(240, 217, 181);
/// Dark squares.
pub const SQUARE_DARK: Color32 = Color32::from_rgb(181, 136, 99);
/// The board colour choices in Settings: (light squares, dark squares). Browns, the default.
pub const BOARD_BROWN: (Color32, Color32) = (SQUARE_LIGHT, SQUARE_DARK);
/// Greens.
pub const BOARD_GREEN: (Color32, Color32) = (
    Color32::from_rgb(235, 236, 208),
    Color32::from_rgb(119, 149, 86),
);
/// Blues.
pub const BOARD_BLUE: (Color32, Color32) = (
    Color32::from_rgb(222, 227, 230),
    Color32::from_rgb(140, 162, 173),
);
/// Greys.
pub const BOARD_GREY: (Color32, Color32) = (
    Color32::from_rgb(224, 224, 224),
    Color32::from_rgb(160, 160, 160),
);
/// A square of the last move.
pub const HIGHLIGHT_LAST_MOVE: Color32 = Color32::from_rgba_unmultiplied_const(205, 210, 60, 110);
/// The selected piece's square.
pub const HIGHLIGHT_SELECTED: Color32 = Color32::from_rgba_unmultiplied_const(20, 110, 60, 120);
/// A square along a check direction.
pub const HIGHLIGHT_CHECK: Color32 = Color32::from_rgba_unmultiplied_const(220, 40, 40, 70);
/// A square seen by a sense or opened.
pub const HIGHLIGHT_SEEN: Color32 = Color32::from_rgba_unmultiplied_const(60, 140, 230, 60);
/// The shaded region of an overlay (where a king could be).
pub const HIGHLIGHT_REGION: Color32 = Color32::from_rgba_unmultiplied_const(120, 60, 200, 80);
/// The frame round a square where a capture was announced.
pub const CAPTURE_FRAME: Color32 = Color32::from_rgb(200, 30, 30);
/// The tint of a guessed piece (a marker): white at alpha 120.
pub const MARKER_TINT: Color32 = Color32::from_rgba_premultiplied(120, 120, 120, 120);
/// The "?" on a marker.
pub const MARKER_QUERY: Color32 = Color32::from_rgb(90, 40, 140);
/// The tint of an enemy piece the player saw (a ghost).
pub const GHOST_TINT: Color32 = Color32::from_rgba_unmultiplied_const(170, 200, 255, 170);
/// The eye mark on a ghost.
pub const GHOST_EYE: Color32 = Color32::from_rgb(30, 80, 160);
/// A move hint dot.
pub const HINT_DOT: Color32 = Color32::from_rgba_unmultiplied_const(20, 85, 30, 120);
/// An attempt refused in the turn under way, on the game screen.
pub const REFUSED_ARROW: Color32 = Color32::from_rgba_unmultiplied_const(200, 30, 30, 150);
/// An attempt refused in the turn under way, in study mode.
pub const STUDY_REFUSED_ARROW: Color32 = Color32::from_rgba_unmultiplied_const(200, 30, 30, 170);
/// The arrow of a problem hint.
pub const HINT_ARROW: Color32 = Color32::from_rgba_unmultiplied_const(20, 110, 60, 170);

// A covered board.

/// The closed screen.
pub const COVER_FILL: Color32 = Color32::from_rgb(52, 58, 70);
/// Its inner frame.
pub const COVER_FRAME: Color32 = Color32::from_rgb(90, 98, 115);
/// The board's name on it.
pub const COVER_NAME: Color32 = Color32::from_rgb(200, 205, 215);
/// "screen closed".
pub const COVER_NOTE: Color32 = Color32::from_rgb(150, 158, 172);

// Text.

/// An error (a failed autosave, a bad new-game form).
pub const ERROR: Color32 = Color32::RED;
/// The running clock.
pub const CLOCK_RUNNING: Color32 = Color32::from_rgb(20, 120, 40);
/// The running clock on dark panels (the players' display).
pub const CLOCK_RUNNING_ON_DARK: Color32 = Color32::from_rgb(110, 220, 120);
/// Feedback to the player above the move field, and the app's notices: news (what the referee
/// said), on dark panels.
pub const MESSAGE: Color32 = Color32::from_rgb(235, 200, 120);
/// News on light panels.
pub const MESSAGE_ON_LIGHT: Color32 = Color32::from_rgb(120, 80, 10);
/// Something done as asked (a file written), on dark panels.
pub const SUCCESS: Color32 = Color32::from_rgb(120, 215, 120);
/// Something done as asked, on light panels.
pub const SUCCESS_ON_LIGHT: Color32 = Color32::from_rgb(20, 120, 40);
/// Something that could not be done (an unusable typed move, a file that did not open), on
/// dark panels.
pub const FAILURE: Color32 = Color32::from_rgb(255, 105, 95);
/// Something that could not be done, on light panels.
pub const FAILURE_ON_LIGHT: Color32 = Color32::from_rgb(190, 25, 25);
/// The marker brush in use.
pub const BRUSH_SELECTED: Color32 = Color32::from_rgb(130, 170, 110);

// The hot-seat curtain.

/// The card's background.
pub const CURTAIN_FILL: Color32 = Color32::from_rgb(24, 27, 34);
/// The card's frame.
pub const CURTAIN_FRAME: Color32 = Color32::from_rgb(120, 130, 150);
/// The card's shadow.
pub const CURTAIN_SHADOW: Color32 = Color32::from_black_alpha(160);

// The club referee's console.

/// The "Say this" panel's background.
pub const SAY_THIS_FILL: Color32 = Color32::from_rgb(20, 24, 30);
/// The "Say this" panel's frame and heading.
pub const SAY_THIS_ACCENT: Color32 = Color32::from_rgb(230, 190, 60);
/// Words for both players.
pub const SAY_TO_BOTH: Color32 = Color32::from_rgb(120, 220, 120);
/// Words for one player only.
pub const SAY_TO_ONE: Color32 = Color32::from_rgb(255, 170, 80);
/// Feedback to the referee under the entry line.
pub const CONSOLE_MESSAGE: Color32 = Color32::from_rgb(200, 200, 210);

// Text sizes (points): one scale of three, used everywhere. The other names say what a size is
// for and are one of the three.

/// Titles: the app's name on the start screen, the curtain's "White to move", the club
/// referee's words to announce.
pub const TEXT_TITLE: f32 = 28.0;
/// Prominent buttons and lines: the start screen's cards, clocks, the result, prompts.
pub const TEXT_LARGE: f32 = 18.0;
/// Everything else: egui's body text (its default body size).
pub const TEXT_BODY: f32 = 13.0;
/// The curtain's "White to move".
pub const TEXT_HEADLINE: f32 = TEXT_TITLE;
/// The club referee's words to announce.
pub const TEXT_SAY_THIS: f32 = TEXT_TITLE;
/// A question or a call to act (open the board, confirm).
pub const TEXT_PROMPT: f32 = TEXT_LARGE;
/// Feedback to the player, the public facts on the curtain.
pub const TEXT_MESSAGE: f32 = TEXT_BODY;
/// Feedback to the club referee.
pub const TEXT_CONSOLE_MESSAGE: f32 = TEXT_BODY;
/// The club console's key help.
pub const TEXT_KEY_HELP: f32 = TEXT_BODY;

// Piece images outside the board (points, square).

/// A piece on a marker-tray button.
pub const TRAY_PIECE: f32 = 22.0;
/// A piece in the promotion picker.
pub const PROMOTION_PIECE: f32 = 56.0;

/// The heat map's fill at `alpha` (where enemy units may stand).
pub fn heat(alpha: u8) -> Color32 {
    Color32::from_rgba_unmultiplied(200, 40, 120, alpha)
}

/// The heat map's opacity for a weight from 0 to 1: never so faint that a possible square is
/// lost on a dark square.
pub fn heat_alpha(weight: f32) -> u8 {
    (70.0 + 150.0 * weight.clamp(0.0, 1.0)) as u8
}

/// The opacity of the frame round every square of the heat map (readable on dark squares).
pub const HEAT_EDGE: u8 = 235;
