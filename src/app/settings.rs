//! App settings, persisted with eframe's storage. Game state is never stored here: a restarted
//! app always opens on the start screen, and a game is only ever resumed from its save file,
//! onto the curtain.

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
    /// The folder of the last opened or saved game.
    pub last_folder: Option<PathBuf>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            move_method: MoveMethod::Both,
            coordinates: true,
            piece_set: PieceSet::Classic,
            hints: true,
            last_folder: None,
        }
    }
}

/// The storage key.
pub const KEY: &str = "kriegspiel-settings";
