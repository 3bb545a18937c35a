//! What every rule family shares: who hears an item, the direction of a check, the material
//! rules, and the text explaining why a position cannot be played.

use super::request::{NewGameError, Unplayable};
use crate::announce::{Audience, CheckDirection, Item, Said};
use crate::rules::Hearers;
use shakmaty::fen::Fen;
use shakmaty::{Board, CastlingMode, Chess, Color, Role, Square};

/// An item both players hear.
pub(crate) fn both(item: Item) -> Said {
    Said {
        to: Audience::Both,
        item,
    }
}

/// An item only `color` hears.
pub(crate) fn only(color: Color, item: Item) -> Said {
    Said {
        to: Audience::Only(color),
        item,
    }
}

/// Who hears an answer given to `mover` under a rule that names the hearers.
pub(crate) fn hearers(h: Hearers, mover: Color) -> Audience {
    match h {
        Hearers::Mover => Audience::Only(mover),
        Hearers::Both => Audience::Both,
    }
}

/// Parses a FEN into a standard chess position.
pub fn parse_position(fen: &str) -> Result<Chess, NewGameError> {
    let parsed: Fen = fen
        .trim()
        .parse()
        .map_err(|_| NewGameError::Fen(fen.to_owned()))?;
    parsed
        .into_position(CastlingMode::Standard)
        .map_err(|e| NewGameError::Position {
            fen: fen.to_owned(),
            problem: Unplayable(e.kinds()),
        })
}

/// The rules of chess a position breaks, in words (the text of [`Unplayable`]).
pub(crate) fn describe_position_error(kinds: shakmaty::PositionErrorKinds) -> String {
    use shakmaty::PositionErrorKinds as K;
    let mut parts = Vec::new();
    for (flag, text) in [
        (K::EMPTY_BOARD, "the board is empty"),
        (K::MISSING_KING, "a king is missing"),
        (K::TOO_MANY_KINGS, "a side has more than one king"),
        (
            K::PAWNS_ON_BACKRANK,
            "a pawn stands on the first or last rank",
        ),
        (
            K::INVALID_CASTLING_RIGHTS,
            "the castling rights do not match the kings and rooks",
        ),
        (K::INVALID_EP_SQUARE, "the en passant square is impossible"),
        (K::OPPOSITE_CHECK, "the side not to move is in check"),
        (
            K::IMPOSSIBLE_CHECK,
            "the check on the side to move is impossible",
        ),
        (
            K::TOO_MUCH_MATERIAL,
            "there is more material than a game can have",
        ),
    ] {
        if kinds.contains(flag) {
            parts.push(text);
        }
    }
    if parts.is_empty() {
        "it is not a legal position".to_owned()
    } else {
        parts.join("; ")
    }
}

/// The direction of a check on the king on `king` by the piece on `checker`.
pub fn check_direction(board: &Board, king: Square, checker: Square) -> CheckDirection {
    if board.role_at(checker) == Some(Role::Knight) {
        CheckDirection::Knight
    } else if checker.rank() == king.rank() {
        CheckDirection::Rank
    } else if checker.file() == king.file() {
        CheckDirection::File
    } else {
        let (f, r) = (i32::from(king.file()), i32::from(king.rank()));
        let main_len = 8 - (f - r).abs(); // a1-h8 direction
        let anti_len = 8 - (f + r - 7).abs(); // a8-h1 direction
        let on_main = i32::from(checker.file()) - i32::from(checker.rank()) == f - r;
        let (this, other) = if on_main {
            (main_len, anti_len)
        } else {
            (anti_len, main_len)
        };
        if this > other {
            CheckDirection::Long
        } else {
            CheckDirection::Short
        }
    }
}

/// Berkeley's material rule: each side has at most one knight or bishop besides its king.
pub(crate) fn minor_each(board: &Board) -> bool {
    [Color::White, Color::Black].into_iter().all(|c| {
        let rest = board.by_color(c) & !board.kings();
        rest.count() <= 1 && (rest & !(board.knights() | board.bishops())).is_empty()
    })
}
