//! One announcement item in a rule set's own words ([`describe`]): the answers to attempts,
//! captures, checks, pawn tries, the end of the game and what RBC and the variants add.

use super::{color_title, square_list};
use crate::announce::{CheckDirection, DrawReason, GameResult, Item, PawnTries, Reveal, Unit};
use crate::attempt::Attempt;
use crate::rules::{Handicap, Wing, Wording};
use shakmaty::{Color, Piece, Square};

/// A piece by colour and role, as "white knight".
fn piece_name(p: Piece) -> String {
    let role = match p.role {
        shakmaty::Role::Pawn => "pawn",
        shakmaty::Role::Knight => "knight",
        shakmaty::Role::Bishop => "bishop",
        shakmaty::Role::Rook => "rook",
        shakmaty::Role::Queen => "queen",
        shakmaty::Role::King => "king",
    };
    format!("{} {role}", p.color.fold_wb("white", "black"))
}

/// A check's direction: RAND's rows, columns and major and minor diagonals, or everyone
/// else's ranks, files and long and short diagonals.
fn check_phrase(d: CheckDirection, w: Wording) -> String {
    match w {
        Wording::Rand => match d {
            CheckDirection::Rank => "Check on row.",
            CheckDirection::File => "Check on column.",
            CheckDirection::Long => "Check on major diagonal.",
            CheckDirection::Short => "Check on minor diagonal.",
            CheckDirection::Knight => "Check by knight.",
        }
        .to_owned(),
        _ => match d {
            CheckDirection::Rank => "Rank check.",
            CheckDirection::File => "File check.",
            CheckDirection::Long => "Long-diagonal check.",
            CheckDirection::Short => "Short-diagonal check.",
            CheckDirection::Knight => "Knight check.",
        }
        .to_owned(),
    }
}

/// What a sense or an opening showed, square by square: "d4 white knight, e4 empty".
fn reveal_phrase(r: &Reveal) -> String {
    r.iter()
        .map(|(sq, p)| match p {
            Some(p) => format!("{sq} {}", piece_name(p)),
            None => format!("{sq} empty"),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// `word` with its first letter in upper case.
fn capital(word: &str) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// One item in the rule set's words (`None` for items that are not spoken on their own, such as
/// "legal" in ICC wording, where the turn change is announced instead).
pub fn describe(item: &Item, w: Wording) -> Option<String> {
    let text = match item {
        Item::Legal | Item::Illegal | Item::IllegalCount(_) | Item::Impossible => {
            return answer_phrase(item, w);
        }
        Item::Capture { square, unit } => capture_phrase(*square, *unit, w),
        Item::Drop(unit) => format!("A {} was dropped.", unit.name()),
        Item::Check(d) => check_phrase(*d, w),
        Item::Checkmate => "Checkmate.".to_owned(),
        Item::Stalemate => "Stalemate.".to_owned(),
        Item::Draw(r) => match r {
            DrawReason::InsufficientMaterial => "Draw: insufficient material.",
            DrawReason::FiftyMoves => "Draw: fifty-move rule.",
            DrawReason::Threefold => "Draw by repetition.",
            DrawReason::Agreement => "Draw agreed.",
        }
        .to_owned(),
        Item::PawnTries(t) => pawn_tries_phrase(*t, w),
        Item::AnyAnswer(true) => "Try!".to_owned(),
        Item::AnyAnswer(false) => "No.".to_owned(),
        Item::Promotion => "Promotion.".to_owned(),
        Item::Resigned(c) => format!("{} resigns.", color_title(*c)),
        Item::Timeout { loser, result } => timeout_phrase(*loser, *result),
        Item::Sense(r) => format!("Sensed: {}.", reveal_phrase(r)),
        Item::Moved { requested, taken } => moved_phrase(*requested, *taken),
        Item::Captured(sq) => format!("Your piece on {sq} was captured."),
        Item::KingCaptured => "The king is captured.".to_owned(),
        Item::Adjudicated(r) => format!("The referee adjudicates the game: {}.", r.pgn()),
        Item::Opened(r) => format!("Opened: {}.", reveal_phrase(r)),
        Item::Handicap(army, bishop) => army_words(*army, *bishop),
        Item::Placed => "King and queen placed.".to_owned(),
    };
    Some(text)
}

/// The answer to an attempt: legal, illegal (with a count: the opponent's pawn captures after
/// "Any?" - No) or impossible.
fn answer_phrase(item: &Item, w: Wording) -> Option<String> {
    let text = match item {
        Item::Legal => match w {
            Wording::Berkeley => "Yes.".to_owned(),
            Wording::Icc => return None,
            _ => "Legal.".to_owned(),
        },
        Item::Illegal => match w {
            Wording::Berkeley | Wording::Icc => "No.".to_owned(),
            Wording::Rand | Wording::Classic => "Illegal move.".to_owned(),
            Wording::Cincinnati | Wording::English => "Illegal.".to_owned(),
        },
        Item::IllegalCount(n) => {
            let one = answer_phrase(&Item::Illegal, w).unwrap_or_default();
            format!(
                "{} (x{n}: the opponent's pawn captures after \"Any?\" - No)",
                one.trim_end_matches('.')
            )
        }
        Item::Impossible => match w {
            Wording::Icc => "Hell no.".to_owned(),
            Wording::Rand | Wording::Classic => "Impossible move.".to_owned(),
            _ => "Nonsense.".to_owned(),
        },
        _ => return None,
    };
    Some(text)
}

/// A capture on `square`, naming the unit where the rules say it.
fn capture_phrase(square: Square, unit: Option<Unit>, w: Wording) -> String {
    match (w, unit) {
        (Wording::Icc, Some(u)) => format!("{} at {square} captured.", capital(u.name())),
        (Wording::Icc, None) => format!("Capture at {square}."),
        (_, Some(u)) => format!("{} captured on {square}.", capital(u.name())),
        (Wording::Berkeley, None) => format!("Capture at {square}."),
        (_, None) => format!("Capture on {square}."),
    }
}

/// The pawn-capture information: a count, whether there are any, or the squares.
fn pawn_tries_phrase(t: PawnTries, w: Wording) -> String {
    match (t, w) {
        (PawnTries::Count(0), _) => "No pawn tries.".to_owned(),
        (PawnTries::Count(n), _) => {
            format!(
                "{}.",
                super::count(usize::from(n), "pawn try", "pawn tries")
            )
        }
        (PawnTries::Any(true), _) => "Has pawn captures.".to_owned(),
        (PawnTries::Any(false), _) => "No pawn captures.".to_owned(),
        (PawnTries::Squares(b), Wording::Rand) if b.is_empty() => {
            "No possible pawn captures.".to_owned()
        }
        (PawnTries::Squares(b), Wording::Rand) if b.count() == 1 => {
            format!("Possible pawn capture on {}.", square_list(b))
        }
        (PawnTries::Squares(b), Wording::Rand) => {
            format!("Possible pawn captures on {}.", square_list(b))
        }
        (PawnTries::Squares(b), _) if b.is_empty() => "No pawn tries.".to_owned(),
        (PawnTries::Squares(b), _) if b.count() == 1 => {
            format!("Pawn try on {}.", square_list(b))
        }
        (PawnTries::Squares(b), _) => format!("Pawn tries on {}.", square_list(b)),
    }
}

/// A flag fallen: the opponent wins, or a draw when it cannot win.
fn timeout_phrase(loser: Color, result: GameResult) -> String {
    match result {
        GameResult::Draw => format!(
            "{}'s flag fell: a draw, {} cannot win.",
            color_title(loser),
            color_title(!loser)
        ),
        _ => format!(
            "{}'s flag fell. {} wins.",
            color_title(loser),
            color_title(!loser)
        ),
    }
}

/// RBC: what became of the mover's requested move (or pass).
fn moved_phrase(requested: Option<Attempt>, taken: Option<Attempt>) -> String {
    match (requested, taken) {
        (None, _) => "You passed.".to_owned(),
        (Some(r), None) => format!("Your move {r}: nothing happened."),
        (Some(r), Some(t)) if r.from == t.from && r.to == t.to => {
            format!("Your move {t} was made.")
        }
        (Some(r), Some(t)) => format!("Your move {r} became {t}."),
    }
}

/// The words for a handicap army and its bishop, as announced at the start.
pub fn army_words(army: Handicap, bishop: Option<Wing>) -> String {
    let army = match army {
        Handicap::None => "the full army",
        Handicap::PicklePot => "Pickle-pot (king, queen, one bishop, pawns)",
        Handicap::OneEye => "One-eye (king, two rooks, one bishop, pawns)",
        Handicap::Semi => "Semi-Kriegspiel (king and queen, placed)",
    };
    match bishop {
        Some(Wing::C) => format!("Handicap: {army}, the c-file bishop."),
        Some(Wing::F) => format!("Handicap: {army}, the f-file bishop."),
        None => format!("Handicap: {army}."),
    }
}
