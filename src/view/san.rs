//! A player's own move in SAN, written from what the player knows: its own board before the
//! move (for the piece letter and the disambiguation) and whether it heard a capture. Check
//! marks are left out: the logs give every check announcement in words, and under rules without
//! check announcements (RBC) a `+` would tell the mover more than it heard.
//!
//! The disambiguation is among the player's own pieces that could possibly reach the square
//! (RULES.md section 1), not only the legal ones: the player cannot know which of them the
//! referee would allow, so `Nbd2` is written whenever two own knights could go to d2.

use crate::attempt::Attempt;
use crate::possible::Side;
use shakmaty::san::San;
use shakmaty::{CastlingSide, Role};

/// The SAN of the own move `a` (a legal one) on `side`'s board before it, `capture` when the
/// player heard that it took something.
pub fn own_san(side: &Side, a: Attempt, capture: bool) -> String {
    if let Some(role) = a.dropped() {
        return San::Put { role, to: a.to }.to_string();
    }
    let Some(role) = side.board.role_at(a.from) else {
        return a.to_string();
    };
    if role == Role::King && side.castle_rook(a).is_some() {
        let wing = if a.to.file() > a.from.file() {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        };
        return San::Castle(wing).to_string();
    }
    let pawn = role == Role::Pawn;
    // A pawn's diagonal step is always a capture (en passant included).
    let capture = capture || (pawn && a.from.file() != a.to.file());
    let rivals: Vec<_> = if pawn {
        Vec::new()
    } else {
        (side.board.by_piece(role.of(side.color)) & !shakmaty::Bitboard::from_square(a.from))
            .into_iter()
            .filter(|&other| side.is_possible(Attempt::new(other, a.to)))
            .collect()
    };
    let (file, rank) = if pawn {
        (capture.then(|| a.from.file()), None)
    } else if rivals.is_empty() {
        (None, None)
    } else if rivals.iter().all(|o| o.file() != a.from.file()) {
        (Some(a.from.file()), None)
    } else if rivals.iter().all(|o| o.rank() != a.from.rank()) {
        (None, Some(a.from.rank()))
    } else {
        (Some(a.from.file()), Some(a.from.rank()))
    };
    San::Normal {
        role,
        file,
        rank,
        capture,
        to: a.to,
        promotion: a.promotion,
    }
    .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::PromotionRule;
    use shakmaty::{Bitboard, Board, Color, Square};

    fn san(fen_board: &str, castling: Bitboard, a: &str, capture: bool) -> String {
        let board: Board = fen_board.parse().expect("board");
        let side = Side {
            board: &board,
            color: Color::White,
            castling,
            promotion: PromotionRule::Any,
        };
        own_san(&side, Attempt::parse(a).expect("uci"), capture)
    }

    #[test]
    fn pieces_pawns_castling_and_drops() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
        assert_eq!(san(start, Bitboard::EMPTY, "g1f3", false), "Nf3");
        assert_eq!(san(start, Bitboard::EMPTY, "e2e4", false), "e4");
        assert_eq!(
            san("4k3/8/8/3p4/4P3/8/8/4K3", Bitboard::EMPTY, "e4d5", false),
            "exd5"
        );
        assert_eq!(
            san("4k3/1P6/8/8/8/8/8/4K3", Bitboard::EMPTY, "b7a8q", true),
            "bxa8=Q"
        );
        let castle = Bitboard::from_square(Square::H1) | Bitboard::from_square(Square::A1);
        assert_eq!(san("4k3/8/8/8/8/8/8/R3K2R", castle, "e1g1", false), "O-O");
        assert_eq!(san("4k3/8/8/8/8/8/8/R3K2R", castle, "e1c1", false), "O-O-O");
        assert_eq!(san(start, Bitboard::EMPTY, "N@e4", false), "N@e4");
    }

    #[test]
    fn disambiguation_among_own_pieces_that_could_go_there() {
        // Knights on b1 and f3 can both reach d2: the file tells them apart.
        let b = "4k3/8/8/8/8/5N2/8/1N2K3";
        assert_eq!(san(b, Bitboard::EMPTY, "b1d2", false), "Nbd2");
        // Rooks on a1 and a5: the same file, so the rank.
        let r = "4k3/8/8/R7/8/8/8/R3K3";
        assert_eq!(san(r, Bitboard::EMPTY, "a1a3", true), "R1xa3");
        // A lone knight needs nothing.
        assert_eq!(
            san("4k3/8/8/8/8/8/8/1N2K3", Bitboard::EMPTY, "b1c3", false),
            "Nc3"
        );
    }
}
