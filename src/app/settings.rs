//! App settings, persisted with eframe's storage, and the Settings window that edits them, and
//! the new-game dialog as the settings (or a game) fill it in. Game state is never stored here:
//! a restarted app always opens on the start screen, and a game is only ever resumed from its
//! save file, onto the curtain.

use super::newgame::{NewGameDialog, NewMode};
use super::play::{PlayMode, PlayScreen};
use crate::bots::level::Level;
use crate::replay::record::Notation;
use crate::rules::Preset;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// How pieces are moved on the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MoveMethod {
    /// Click the piece, then the square.
    Click,
    /// Drag the piece.
    Drag,
    /// Either.
    Both,
}

/// The piece artwork.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[repr(u8)]
pub enum PieceSet {
    /// Outlined pieces with relief lines.
    Classic = 0,
    /// Solid silhouettes.
    Flat = 1,
}

/// The app's look: dark or light panels and text.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AppTheme {
    /// Light text on dark panels.
    Dark,
    /// Dark text on light panels.
    Light,
}

impl AppTheme {
    /// The egui theme.
    pub fn egui(self) -> egui::Theme {
        match self {
            AppTheme::Dark => egui::Theme::Dark,
            AppTheme::Light => egui::Theme::Light,
        }
    }
}

/// The colours of the squares.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[repr(u8)]
pub enum BoardColors {
    /// Browns (as lichess).
    Brown = 0,
    /// Greens.
    Green = 1,
    /// Blues.
    Blue = 2,
    /// Greys.
    Grey = 3,
}

impl BoardColors {
    /// Every choice, in the order the Settings window lists them.
    pub const ALL: [BoardColors; 4] = [
        BoardColors::Brown,
        BoardColors::Green,
        BoardColors::Blue,
        BoardColors::Grey,
    ];

    /// The name shown in Settings.
    pub fn title(self) -> &'static str {
        match self {
            BoardColors::Brown => "Brown",
            BoardColors::Green => "Green",
            BoardColors::Blue => "Blue",
            BoardColors::Grey => "Grey",
        }
    }
}

/// User settings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// How pieces are moved.
    pub move_method: MoveMethod,
    /// Show a–h and 1–8 on the boards.
    pub coordinates: bool,
    /// The piece artwork.
    pub piece_set: PieceSet,
    /// Show destination dots for the selected piece (from the player's own pieces only).
    pub hints: bool,
    /// Dark or light panels.
    pub theme: AppTheme,
    /// The colours of the squares.
    pub board_colors: BoardColors,
    /// The folder of the last opened or saved game.
    pub last_folder: Option<PathBuf>,
    /// The new-game dialog's last choices.
    pub new_game: Option<super::newgame::Remembered>,
    /// The first-launch tip (pointing at How to play) was shown and dismissed.
    pub seen_tip: bool,
    /// How the player's own moves and attempts are written in the logs.
    pub notation: Notation,
    /// Sound cues: a move, a capture, a refused attempt, a check, the end, low time.
    pub sound: bool,
    /// The club referee's words for both players read aloud by the system's speech engine.
    pub speech: bool,
    /// The last seat taken at a table across machines, until its game is over: the start
    /// screen offers to rejoin it.
    pub rejoin: Option<crate::seat::remote::Ticket>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            move_method: MoveMethod::Both,
            coordinates: true,
            piece_set: PieceSet::Classic,
            hints: true,
            theme: AppTheme::Dark,
            board_colors: BoardColors::Brown,
            last_folder: None,
            new_game: None,
            seen_tip: false,
            notation: Notation::San,
            sound: true,
            speech: false,
            rejoin: None,
        }
    }
}

/// The storage key.
pub const KEY: &str = "kriegspiel-settings";

/// The width of the Settings window's contents (fixed, so the window never grows under the
/// mouse).
const WINDOW_WIDTH: f32 = 340.0;

impl Settings {
    /// Puts the settings that live outside the app's state into effect: the theme (on `ctx`),
    /// the piece set and the board colours. Cheap; called every frame.
    pub fn apply(&self, ctx: &egui::Context) {
        let theme = self.theme.egui();
        if ctx.theme() != theme {
            ctx.set_theme(theme);
        }
        super::pieces::use_set(self.piece_set);
        super::board::use_colors(self.board_colors);
    }

    /// The Settings window; `open` is cleared when it is closed.
    pub fn window(&mut self, ctx: &egui::Context, open: &mut bool) {
        egui::Window::new("Settings")
            .open(open)
            .resizable(false)
            .collapsible(false)
            .show(ctx, |ui| {
                ui.set_width(WINDOW_WIDTH);
                ui.label("Move pieces by");
                ui.horizontal(|ui| {
                    ui.radio_value(&mut self.move_method, MoveMethod::Click, "clicking");
                    ui.radio_value(&mut self.move_method, MoveMethod::Drag, "dragging");
                    ui.radio_value(&mut self.move_method, MoveMethod::Both, "both");
                });
                ui.checkbox(&mut self.coordinates, "Show coordinates");
                ui.checkbox(&mut self.hints, "Show move hints")
                    .on_hover_text("Dots on the squares the selected piece may try to reach");
                ui.label("Pieces");
                ui.horizontal(|ui| {
                    ui.radio_value(&mut self.piece_set, PieceSet::Classic, "Classic");
                    ui.radio_value(&mut self.piece_set, PieceSet::Flat, "Flat");
                });
                ui.label("Board colours");
                ui.horizontal(|ui| {
                    for colors in BoardColors::ALL {
                        ui.radio_value(&mut self.board_colors, colors, colors.title());
                    }
                });
                ui.label("Moves in the logs");
                ui.horizontal(|ui| {
                    for notation in Notation::ALL {
                        ui.radio_value(&mut self.notation, notation, notation.title());
                    }
                });
                ui.label("Theme");
                ui.horizontal(|ui| {
                    ui.radio_value(&mut self.theme, AppTheme::Dark, "Dark");
                    ui.radio_value(&mut self.theme, AppTheme::Light, "Light");
                });
                self.sound_controls(ui);
                if let Some(dir) = &self.last_folder {
                    ui.add(egui::Label::new(format!("Last folder: {}", dir.display())).wrap());
                }
            });
        self.apply(ctx);
    }
}

impl Settings {
    /// Sounds on or off; speech on or off, or why it cannot be.
    fn sound_controls(&mut self, ui: &mut egui::Ui) {
        ui.checkbox(&mut self.sound, "Sounds").on_hover_text(
            "A move, a capture, a refused attempt, a check, the end of the game, low time",
        );
        if self.sound {
            super::sound::open();
        }
        if let Some(why) = super::sound::silent_because() {
            let note = format!("Sounds are silent here: {why}.");
            ui.add(egui::Label::new(egui::RichText::new(note).weak()).wrap());
        }
        let engine = super::speech::engine();
        ui.add_enabled(
            engine.is_some(),
            egui::Checkbox::new(&mut self.speech, "Speak the referee's announcements"),
        )
        .on_hover_text("The club referee's words for both players, read aloud");
        let note = match engine {
            Some(e) => format!("Spoken by {}.", e.kind.command()),
            None => NO_SPEECH.to_owned(),
        };
        ui.add(egui::Label::new(egui::RichText::new(note).weak()).wrap());
    }
}

/// What the Settings window says where no speech engine is found.
pub const NO_SPEECH: &str = "No speech engine found: install speech-dispatcher (spd-say) or espeak-ng to hear the \
     announcements.";

/// The new-game dialog as the last game started from it was set up (Berkeley, two players on
/// this machine, the first time).
pub(super) fn new_game_dialog(settings: &Settings) -> NewGameDialog {
    settings.new_game.as_ref().map_or_else(
        || NewGameDialog::new(Preset::Berkeley, NewMode::HotSeat),
        NewGameDialog::recall,
    )
}

/// The new-game dialog filled in as for `play`'s game: its mode, rules, names, event, clock and
/// (when neither the standard nor a handicap start) its start position.
pub(super) fn same_settings(play: &PlayScreen) -> NewGameDialog {
    let facts = play.facts();
    let computer = facts.meta.computer;
    let mode = match (play.mode, computer) {
        (PlayMode::Referee, _) => NewMode::Referee,
        (PlayMode::Seat(_), Some(_)) => NewMode::Computer,
        _ => NewMode::HotSeat,
    };
    let mut dialog = NewGameDialog::new(Preset::Berkeley, mode);
    if let (PlayMode::Seat(human), Some(c)) = (play.mode, computer) {
        dialog.human = human;
        dialog.bot = c.bot;
        dialog.level = c.level.unwrap_or_else(|| Level::for_bot(c.bot));
    }
    let rules = facts.rules.clone();
    let meta = &facts.meta;
    dialog.white = meta.white.clone();
    dialog.black = meta.black.clone();
    dialog.referee = meta.referee.clone();
    dialog.event = meta.event.clone();
    dialog.round = meta.round.clone();
    if !meta.engine.is_empty() {
        dialog.engine = meta.engine.clone();
    }
    if let Some(tc) = facts.time_control {
        dialog.delay = u32::try_from(tc.delay_ms / 1000).unwrap_or(u32::MAX);
        dialog.timed = true;
        dialog.minutes = u32::try_from(tc.base_ms / 60_000)
            .unwrap_or(u32::MAX)
            .max(1);
        dialog.increment = u32::try_from(tc.increment_ms / 1000).unwrap_or(u32::MAX);
    }
    if let Some(game) = play.table.truth() {
        let start = &game.log().start;
        let handicap = crate::variant::Variant::fixed_start(&rules).is_some();
        if !handicap && !crate::setup::is_initial(start) {
            dialog.use_fen = true;
            dialog.fen = crate::setup::setup_fen(start.clone());
        }
    }
    dialog.rules = rules;
    dialog
}
