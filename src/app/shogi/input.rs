//! Moves entered by clicks: a piece (on the board or in hand), then a square. A move into,
//! inside or out of the promotion zone asks whether to promote when promotion is optional, and
//! promotes without asking when the piece could never move again unpromoted.

use super::board::{Pick, square_name};
use shogi_core::{Color, PartialPosition, PieceKind, Square};

/// What a click led to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// Nothing to do yet (a piece selected, or a selection cleared).
    Nothing,
    /// An attempt to send, in USI.
    Attempt(String),
    /// Ask whether to promote: the move without and with `+`.
    AskPromotion(String),
}

/// Whether an unpromoted `kind` of `color` on `to` could never move again.
fn dead_on(kind: PieceKind, color: Color, to: Square) -> bool {
    let rank = to.relative_rank(color);
    match kind {
        PieceKind::Pawn | PieceKind::Lance => rank == 1,
        PieceKind::Knight => rank <= 2,
        _ => false,
    }
}

/// Takes a click `pick` on `board` (the mover's own board, or the true one) by `mover`, with
/// `selected` the current selection (updated).
pub fn click(
    board: &PartialPosition,
    mover: Color,
    selected: &mut Option<Pick>,
    pick: Pick,
) -> Entry {
    let own = |sq: Square| board.piece_at(sq).is_some_and(|p| p.color() == mover);
    match (*selected, pick) {
        (_, Pick::Hand(kind)) => {
            *selected = Some(Pick::Hand(kind));
            Entry::Nothing
        }
        (_, Pick::Square(sq)) if own(sq) => {
            *selected = if *selected == Some(pick) {
                None
            } else {
                Some(pick)
            };
            Entry::Nothing
        }
        (None, Pick::Square(_)) => Entry::Nothing,
        (Some(Pick::Hand(kind)), Pick::Square(to)) => {
            *selected = None;
            match crate::tsuitate::referee::drop_letter(kind) {
                Some(letter) => Entry::Attempt(format!("{letter}*{}", square_name(to))),
                None => Entry::Nothing,
            }
        }
        (Some(Pick::Square(from)), Pick::Square(to)) => {
            *selected = None;
            let Some(piece) = board.piece_at(from) else {
                return Entry::Nothing;
            };
            let usi = format!("{}{}", square_name(from), square_name(to));
            let kind = piece.piece_kind();
            let zone = from.relative_rank(mover) <= 3 || to.relative_rank(mover) <= 3;
            if kind.promote().is_none() || !zone {
                Entry::Attempt(usi)
            } else if dead_on(kind, mover, to) {
                Entry::Attempt(format!("{usi}+"))
            } else {
                Entry::AskPromotion(usi)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(file: u8, rank: u8) -> Square {
        Square::new(file, rank).expect("square")
    }

    #[test]
    fn clicks_make_moves_drops_and_promotion_questions() {
        let start = PartialPosition::startpos();
        let mut sel = None;
        let black = Color::Black;
        assert_eq!(
            click(&start, black, &mut sel, Pick::Square(sq(7, 7))),
            Entry::Nothing
        );
        assert_eq!(
            click(&start, black, &mut sel, Pick::Square(sq(7, 6))),
            Entry::Attempt("7g7f".to_owned())
        );
        assert_eq!(sel, None);
        // The bishop into the zone: asked.
        click(&start, black, &mut sel, Pick::Square(sq(8, 8)));
        assert_eq!(
            click(&start, black, &mut sel, Pick::Square(sq(2, 2))),
            Entry::AskPromotion("8h2b".to_owned())
        );
        // A drop.
        click(&start, black, &mut sel, Pick::Hand(PieceKind::Bishop));
        assert_eq!(
            click(&start, black, &mut sel, Pick::Square(sq(5, 5))),
            Entry::Attempt("B*5e".to_owned())
        );
        // A pawn to the last rank promotes without asking (gote's last rank is i).
        let pos = PartialPosition::from_usi("sfen 4k4/9/9/9/9/9/9/4p4/K8 w - 1").expect("sfen");
        click(&pos, Color::White, &mut sel, Pick::Square(sq(5, 8)));
        assert_eq!(
            click(&pos, Color::White, &mut sel, Pick::Square(sq(5, 9))),
            Entry::Attempt("5h5i+".to_owned())
        );
    }

    use shogi_usi_parser::FromUsi;
}
