//! A player's own move in SAN (or in long algebraic, [`Notation::Long`]), written from what the
//! player knows: its own board before the move (for the piece letter and the disambiguation) and
//! whether it heard a capture. Check marks are left out: the logs give every check announcement
//! in words, and under rules without check announcements (RBC) a `+` would tell the mover more
//! than it heard. A refused attempt is written the same way (a pawn's diagonal step with its
//! `x`), so a player reads its attempts as it types them.
//!
//! The disambiguation is among the player's own pieces that could possibly reach the square
//! (RULES.md section 1), not only the legal ones: the player cannot know which of them the
//! referee would allow, so `Nbd2` is written whenever two own knights could go to d2.

use crate::attempt::Attempt;
use crate::possible::Side;
use shakmaty::san::San;
use shakmaty::{CastlingSide, Role};

/// How a player's own moves and attempts are written in its logs.
#[derive(
    Copy, Clone, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Notation {
    /// Standard algebraic: `Nf3`, `exd5`, `O-O`, `e8=Q`, `N@f3`, `P@e4`.
    #[default]
    San,
    /// Long algebraic, with the square the piece comes from: `Ng1-f3`, `e4xd5`, `O-O`.
    Long,
}

impl Notation {
    /// Both, in the order the Settings window lists them.
    pub const ALL: [Notation; 2] = [Notation::San, Notation::Long];

    /// The name a person reads.
    pub fn title(self) -> &'static str {
        match self {
            Notation::San => "Standard (Nf3)",
            Notation::Long => "Long (Ng1-f3)",
        }
    }
}

/// An own move or attempt written in each notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    /// In SAN.
    pub san: String,
    /// In long algebraic.
    pub long: String,
}

impl Written {
    /// `a` on `side`'s board before it, `capture` when the player heard that it took something.
    pub fn of(side: &Side, a: Attempt, capture: bool) -> Written {
        Written {
            san: own_san(side, a, capture),
            long: own_long(side, a, capture),
        }
    }

    /// The text in `notation`.
    pub fn text(&self, notation: Notation) -> &str {
        match notation {
            Notation::San => &self.san,
            Notation::Long => &self.long,
        }
    }
}

/// A drop of `role` on `to`, always with the unit's letter (`P@e4`, `N@f3`): the one way every
/// log, list and export writes a drop (shakmaty's SAN leaves a pawn's letter out, `@e4`).
pub fn drop_text(role: Role, to: shakmaty::Square) -> String {
    format!("{}@{to}", role.upper_char())
}

/// A move in SAN (with its check mark, if any) as the logs write it: [`drop_text`] for a drop.
pub fn san_text(san: &shakmaty::san::SanPlus) -> String {
    match san.san {
        San::Put { role, to } => {
            let mut text = drop_text(role, to);
            text.extend(san.suffix.map(shakmaty::san::Suffix::char));
            text
        }
        _ => san.to_string(),
    }
}

/// The castling side of `a` when it is a castling move on `side`'s board.
fn castling(side: &Side, a: Attempt) -> Option<CastlingSide> {
    let king = side.board.role_at(a.from) == Some(Role::King);
    (king && a.dropped().is_none() && side.castle_rook(a).is_some()).then(|| {
        if a.to.file() > a.from.file() {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        }
    })
}

/// The long algebraic form of the own move (or attempt) `a` on `side`'s board before it:
/// the piece letter, both squares joined by `-` (or `x` when a capture was heard, and for a
/// pawn's diagonal step), the promotion; castling and drops as in SAN.
pub fn own_long(side: &Side, a: Attempt, capture: bool) -> String {
    if let Some(role) = a.dropped() {
        return drop_text(role, a.to);
    }
    if let Some(wing) = castling(side, a) {
        return San::Castle(wing).to_string();
    }
    let role = side.board.role_at(a.from);
    let pawn = role.is_none_or(|r| r == Role::Pawn);
    let capture = capture || (pawn && a.from.file() != a.to.file());
    let letter = match role {
        Some(r) if r != Role::Pawn => r.upper_char().to_string(),
        _ => String::new(),
    };
    let promotion = a
        .promotion
        .map_or(String::new(), |p| format!("={}", p.upper_char()));
    let joint = if capture { 'x' } else { '-' };
    format!("{letter}{}{joint}{}{promotion}", a.from, a.to)
}

/// The SAN of the own move `a` (a legal one) on `side`'s board before it, `capture` when the
/// player heard that it took something.
pub fn own_san(side: &Side, a: Attempt, capture: bool) -> String {
    if let Some(role) = a.dropped() {
        return drop_text(role, a.to);
    }
    let Some(role) = side.board.role_at(a.from) else {
        return a.to_string();
    };
    if let Some(wing) = castling(side, a) {
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
        // A pawn's drop keeps its letter.
        assert_eq!(san(start, Bitboard::EMPTY, "P@e4", false), "P@e4");
    }

    fn long(fen_board: &str, castling: Bitboard, a: &str, capture: bool) -> String {
        let board: Board = fen_board.parse().expect("board");
        let side = Side {
            board: &board,
            color: Color::White,
            castling,
            promotion: PromotionRule::Any,
        };
        own_long(&side, Attempt::parse(a).expect("uci"), capture)
    }

    #[test]
    fn long_algebraic_names_both_squares() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
        assert_eq!(long(start, Bitboard::EMPTY, "g1f3", false), "Ng1-f3");
        assert_eq!(long(start, Bitboard::EMPTY, "e2e4", false), "e2-e4");
        assert_eq!(long(start, Bitboard::EMPTY, "d1d7", true), "Qd1xd7");
        // A pawn's diagonal step is a capture whether or not one was heard (a refused try).
        assert_eq!(long(start, Bitboard::EMPTY, "e2d3", false), "e2xd3");
        assert_eq!(
            long("4k3/1P6/8/8/8/8/8/4K3", Bitboard::EMPTY, "b7b8n", false),
            "b7-b8=N"
        );
        let castle = Bitboard::from_square(Square::H1);
        assert_eq!(long("4k3/8/8/8/8/8/8/4K2R", castle, "e1g1", false), "O-O");
        assert_eq!(long(start, Bitboard::EMPTY, "N@e4", false), "N@e4");
        let side_board: Board = start.parse().expect("board");
        let side = Side {
            board: &side_board,
            color: Color::White,
            castling: Bitboard::EMPTY,
            promotion: PromotionRule::Any,
        };
        let w = Written::of(&side, Attempt::parse("g1f3").expect("uci"), false);
        assert_eq!(
            (w.text(Notation::San), w.text(Notation::Long)),
            ("Nf3", "Ng1-f3")
        );
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
