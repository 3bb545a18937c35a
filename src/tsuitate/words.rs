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

/// A piece kind in kanji: in a move (`成香`), or in a diagram (`杏`, one character); the king
/// is 玉 (the app draws gote's as 王).
pub fn kanji(kind: PieceKind, diagram: bool) -> &'static str {
    match kind {
        PieceKind::Pawn => "歩",
        PieceKind::Lance => "香",
        PieceKind::Knight => "桂",
        PieceKind::Silver => "銀",
        PieceKind::Gold => "金",
        PieceKind::Bishop => "角",
        PieceKind::Rook => "飛",
        PieceKind::King => "玉",
        PieceKind::ProPawn => "と",
        PieceKind::ProLance if diagram => "杏",
        PieceKind::ProLance => "成香",
        PieceKind::ProKnight if diagram => "圭",
        PieceKind::ProKnight => "成桂",
        PieceKind::ProSilver if diagram => "全",
        PieceKind::ProSilver => "成銀",
        PieceKind::ProBishop => "馬",
        PieceKind::ProRook => "龍",
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

/// One item as `hearer` hears it when `mover` made the request: the umpire's words turned to the
/// hearer's side ([`heard_as`], knowing nothing more of a capture than the umpire said).
pub fn heard_text(item: Item, hearer: Color, mover: Color) -> String {
    heard_as(item, hearer, mover, None)
}

/// One item as `hearer` hears it when `mover` made the request: the umpire's words turned to the
/// hearer's side. A capture is said as each side may know it (RULES.md section 9.1: the umpire
/// names the piece as it goes into the captor's hand, a promoted piece unpromoted): to the side
/// that lost it, its own piece as its own board had it (`lost`: "Your horse on 2b was taken.");
/// to the captor, the piece named and, where it may have been promoted, its promoted form too
/// ("You took a bishop or horse on 2b."), since the umpire does not say which. Nothing more is
/// said than the umpire said and the hearer's own board held.
pub fn heard_as(item: Item, hearer: Color, mover: Color, lost: Option<PieceKind>) -> String {
    let own = hearer == mover;
    let them = side_name(mover);
    match item {
        Item::Legal if own => "Legal.".to_owned(),
        Item::Legal => format!("{them} moved."),
        Item::Illegal { fouls } if own => format!("Illegal (反則): your foul number {fouls}."),
        Item::Illegal { fouls } => {
            format!("{them} tried an illegal move (反則): their foul number {fouls}.")
        }
        Item::Capture { square, piece } if own => {
            let taken = match piece.promote() {
                Some(promoted) => format!("{} or {}", kind_name(piece), kind_name(promoted)),
                None => kind_name(piece).to_owned(),
            };
            format!("You took a {taken} on {}.", square_name(square))
        }
        Item::Capture { square, piece } => {
            // The hearer's own piece: its own board knew whether it was promoted.
            let named = lost
                .filter(|kind| kind.unpromote().unwrap_or(*kind) == piece)
                .unwrap_or(piece);
            format!(
                "Your {} on {} was taken.",
                kind_name(named),
                square_name(square)
            )
        }
        Item::Check if own => "Check (王手): you give check.".to_owned(),
        Item::Check => "Check (王手): your king is in check.".to_owned(),
        Item::Checkmate if own => "Checkmate (詰み): you win.".to_owned(),
        Item::Checkmate => "Checkmate (詰み): you lose.".to_owned(),
        Item::NoMoves if own => format!("{} has no legal move: you win.", side_name(mover.flip())),
        Item::NoMoves => "You have no legal move: you lose.".to_owned(),
        Item::FoulLimit if own => "That was your last foul allowed: you lose.".to_owned(),
        Item::FoulLimit => format!("That was {them}'s last foul allowed: you win."),
        Item::Resigned if own => "You resigned.".to_owned(),
        Item::Resigned => format!("{them} resigned."),
        other => item_text(other),
    }
}

/// What `hearer` heard of a request by `mover`, as one line of its own words.
pub fn heard_line(items: &[Item], hearer: Color, mover: Color) -> String {
    heard_line_as(items, hearer, mover, None)
}

/// What `hearer` heard of a request by `mover`, as one line of its own words, `lost` the
/// hearer's own piece a capture took ([`heard_as`]).
pub fn heard_line_as(
    items: &[Item],
    hearer: Color,
    mover: Color,
    lost: Option<PieceKind>,
) -> String {
    items
        .iter()
        .map(|item| heard_as(*item, hearer, mover, lost))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use shogi_core::Square;

    #[test]
    fn a_capture_is_told_from_each_side() {
        let square = Square::new(7, 7).expect("7g");
        let item = Item::Capture {
            square,
            piece: PieceKind::Pawn,
        };
        let (black, white) = (Color::Black, Color::White);
        // The captor hears the piece as it goes into its hand: it may have been promoted.
        assert_eq!(
            heard_text(item, white, white),
            "You took a pawn or promoted pawn on 7g."
        );
        assert_eq!(heard_text(item, black, white), "Your pawn on 7g was taken.");
        // Its owner knew it as it stood.
        let tokin = Some(PieceKind::ProPawn);
        assert_eq!(
            heard_as(item, black, white, tokin),
            "Your promoted pawn on 7g was taken."
        );
        // A gold is never promoted; a lost piece that is not the one named is not trusted.
        let gold = Item::Capture {
            square,
            piece: PieceKind::Gold,
        };
        assert_eq!(heard_text(gold, white, white), "You took a gold on 7g.");
        assert_eq!(
            heard_as(gold, black, white, tokin),
            "Your gold on 7g was taken."
        );
        assert_eq!(heard_text(Item::Legal, black, white), "Gote moved.");
        assert_eq!(heard_text(Item::Legal, white, white), "Legal.");
        assert_eq!(
            heard_text(Item::Illegal { fouls: 2 }, black, white),
            "Gote tried an illegal move (反則): their foul number 2."
        );
        assert_eq!(
            heard_text(Item::Check, black, white),
            "Check (王手): your king is in check."
        );
        // The umpire's own words are unchanged.
        assert_eq!(item_text(item), "Capture on 7g: a pawn.");
    }
}
