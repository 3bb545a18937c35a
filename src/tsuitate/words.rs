//! What the tsuitate umpire says, in words (RULES.md section 9.1), the sides' and pieces' names,
//! and the end of a game: for the app's screens and the command line's text.

use super::announce::{Audience, square_name};
use super::{DrawReason, EndReason, Item, Over, Said};
use shogi_core::{Color, PieceKind};

/// A piece's name in words (for labels and announcements).
pub fn kind_name(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::Pawn => "pawn",
        PieceKind::Lance => "lance",
        PieceKind::Knight => "knight",
        PieceKind::Silver => "silver",
        PieceKind::Gold => "gold",
        PieceKind::Bishop => "bishop",
        PieceKind::Rook => "rook",
        PieceKind::King => "king",
        PieceKind::ProPawn => "promoted pawn",
        PieceKind::ProLance => "promoted lance",
        PieceKind::ProKnight => "promoted knight",
        PieceKind::ProSilver => "promoted silver",
        PieceKind::ProBishop => "horse",
        PieceKind::ProRook => "dragon",
    }
}

/// The side's name: Sente (black, moves first) or Gote (white).
pub fn side_name(color: Color) -> &'static str {
    match color {
        Color::Black => "Sente",
        Color::White => "Gote",
    }
}

/// One item as the umpire says it.
pub fn item_text(item: Item) -> String {
    match item {
        Item::Legal => "Legal.".to_owned(),
        Item::Illegal { fouls } => format!("Illegal (反則): foul number {fouls}."),
        Item::Impossible => "Impossible (not a move even on your own board).".to_owned(),
        Item::Capture { square, piece } => {
            format!(
                "Capture on {}: a {}.",
                square_name(square),
                kind_name(piece)
            )
        }
        Item::Check => "Check (王手).".to_owned(),
        Item::Checkmate => "Checkmate (詰み).".to_owned(),
        Item::NoMoves => "No legal move: that side loses.".to_owned(),
        Item::PerpetualCheck => {
            "Fourth repetition by continuous checks: the checking side loses.".to_owned()
        }
        Item::FoulLimit => "That was the last foul allowed: the game is lost.".to_owned(),
        Item::Draw(DrawReason::Repetition) => "Fourth repetition (千日手): a draw.".to_owned(),
        Item::Draw(DrawReason::MoveLimit) => "The move limit is reached: a draw.".to_owned(),
        Item::Draw(DrawReason::Agreement) => "Draw agreed.".to_owned(),
        Item::Resigned => "Resigned.".to_owned(),
    }
}

/// Who hears it: `To both` or `To Sente only`.
pub fn audience_text(to: Audience) -> String {
    match to {
        Audience::Both => "To both".to_owned(),
        Audience::Only(c) => format!("To {} only", side_name(c)),
    }
}

/// The umpire's answer as lines to announce (`To both: Legal.`).
pub fn said_lines(said: &[Said]) -> Vec<String> {
    said.iter()
        .map(|s| format!("{}: {}", audience_text(s.to), item_text(s.item)))
        .collect()
}

/// The end of the game in words.
pub fn over_text(over: Over) -> String {
    let why = match over.reason {
        EndReason::Checkmate => "checkmate",
        EndReason::NoMoves => "no legal move",
        EndReason::Fouls => "fouls",
        EndReason::PerpetualCheck => "perpetual check",
        EndReason::Repetition => "repetition",
        EndReason::MoveLimit => "the move limit",
        EndReason::Resignation => "resignation",
        EndReason::Agreement => "agreement",
    };
    match over.winner {
        Some(w) => format!("{} wins by {why}.", side_name(w)),
        None => format!("Draw by {why}."),
    }
}
