//! The piece artwork: the project's own SVG set in `assets/pieces/` (see `make_pieces.py`), built
//! into the binary and drawn crisply at any size by egui_extras' SVG loader.

use egui::ImageSource;
use shakmaty::{Color, Piece, Role};

use super::settings::PieceSet;
use std::sync::atomic::{AtomicU8, Ordering};

macro_rules! piece {
    ($file:literal) => {
        egui::include_image!(concat!("../../assets/pieces/", $file))
    };
}

static SET: AtomicU8 = AtomicU8::new(0);

/// Chooses the piece set used from now on.
pub fn use_set(set: PieceSet) {
    SET.store(set as u8, Ordering::Relaxed);
}

/// The image of a piece in the chosen set.
pub fn image(piece: Piece) -> ImageSource<'static> {
    if SET.load(Ordering::Relaxed) == PieceSet::Flat as u8 {
        flat(piece)
    } else {
        classic(piece)
    }
}

fn flat(piece: Piece) -> ImageSource<'static> {
    match (piece.color, piece.role) {
        (Color::White, Role::Pawn) => piece!("flat/wP.svg"),
        (Color::White, Role::Knight) => piece!("flat/wN.svg"),
        (Color::White, Role::Bishop) => piece!("flat/wB.svg"),
        (Color::White, Role::Rook) => piece!("flat/wR.svg"),
        (Color::White, Role::Queen) => piece!("flat/wQ.svg"),
        (Color::White, Role::King) => piece!("flat/wK.svg"),
        (Color::Black, Role::Pawn) => piece!("flat/bP.svg"),
        (Color::Black, Role::Knight) => piece!("flat/bN.svg"),
        (Color::Black, Role::Bishop) => piece!("flat/bB.svg"),
        (Color::Black, Role::Rook) => piece!("flat/bR.svg"),
        (Color::Black, Role::Queen) => piece!("flat/bQ.svg"),
        (Color::Black, Role::King) => piece!("flat/bK.svg"),
    }
}

fn classic(piece: Piece) -> ImageSource<'static> {
    match (piece.color, piece.role) {
        (Color::White, Role::Pawn) => piece!("wP.svg"),
        (Color::White, Role::Knight) => piece!("wN.svg"),
        (Color::White, Role::Bishop) => piece!("wB.svg"),
        (Color::White, Role::Rook) => piece!("wR.svg"),
        (Color::White, Role::Queen) => piece!("wQ.svg"),
        (Color::White, Role::King) => piece!("wK.svg"),
        (Color::Black, Role::Pawn) => piece!("bP.svg"),
        (Color::Black, Role::Knight) => piece!("bN.svg"),
        (Color::Black, Role::Bishop) => piece!("bB.svg"),
        (Color::Black, Role::Rook) => piece!("bR.svg"),
        (Color::Black, Role::Queen) => piece!("bQ.svg"),
        (Color::Black, Role::King) => piece!("bK.svg"),
    }
}

/// The English name of a piece type.
pub fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}
