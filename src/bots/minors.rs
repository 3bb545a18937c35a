//! What minor pieces need to mate a lone king: a corner ([`mating_corners`]), and with two
//! bishops their own king close by ([`two_bishops`]).

use shakmaty::{Bitboard, Board, Color};

/// The corners where `us`'s pieces on `own` can mate a lone king when they are minor pieces
/// only: any corner for two bishops, the bishop's colour for bishop and knight; `None` when a
/// queen, a rook or a pawn (which may promote) mates on any edge, or nothing mates.
pub(super) fn mating_corners(own: &Board, us: Color) -> Option<Bitboard> {
    let side = own.by_color(us);
    if ((own.queens() | own.rooks() | own.pawns()) & side).any() {
        return None;
    }
    let bishops = own.bishops() & side;
    let light = (bishops & Bitboard::LIGHT_SQUARES).any();
    let dark = (bishops & Bitboard::DARK_SQUARES).any();
    let corners = Bitboard::CORNERS;
    match (light, dark) {
        (true, true) => Some(corners),
        (true, false) => Some(corners & Bitboard::LIGHT_SQUARES),
        (false, true) => Some(corners & Bitboard::DARK_SQUARES),
        (false, false) => None,
    }
}

/// Whether `us`'s pieces on `own` are two bishops (one on each colour) and nothing else but
/// the king.
pub(super) fn two_bishops(own: &Board, us: Color) -> bool {
    let side = own.by_color(us) & !own.kings();
    let bishops = own.bishops() & side;
    side == bishops
        && (bishops & Bitboard::LIGHT_SQUARES).any()
        && (bishops & Bitboard::DARK_SQUARES).any()
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Square;

    fn corners(fen: &str) -> Option<Bitboard> {
        mating_corners(&fen.parse().expect("a board"), Color::White)
    }

    #[test]
    fn minor_pieces_mate_in_their_corners() {
        use Square::*;
        // Two bishops on both colours: any corner.
        assert_eq!(corners("8/8/8/8/8/8/8/1KBB4"), Some(Bitboard::CORNERS));
        // Bishop (light squares: d1) and knight: a8 and h1.
        assert_eq!(
            corners("8/8/8/8/8/8/8/1K1BN3"),
            Some(Bitboard::from(A8) | Bitboard::from(H1))
        );
        // Dark-squared bishop (c1) and knight: a1 and h8.
        assert_eq!(
            corners("8/8/8/8/8/8/8/1KB1N3"),
            Some(Bitboard::from(A1) | Bitboard::from(H8))
        );
        // A rook, a queen or a pawn mates on any edge; two knights do not mate.
        assert_eq!(corners("8/8/8/8/8/8/8/1KBR4"), None);
        assert_eq!(corners("8/8/8/8/8/8/4P3/1KB1N3"), None);
        assert_eq!(corners("8/8/8/8/8/8/8/1KNN4"), None);
    }

    #[test]
    fn only_two_bishops_on_both_colours_bring_the_king_closer() {
        let two = |fen: &str| two_bishops(&fen.parse().expect("a board"), Color::White);
        assert!(two("8/8/8/8/8/8/8/1KBB4"));
        // Both on light squares (b1... d1, f1 are light): no mate, no cage.
        assert!(!two("8/8/8/8/8/8/8/1K1B1B2"));
        assert!(!two("8/8/8/8/8/8/8/1KB1N3"));
        assert!(!two("8/8/8/8/8/8/8/1KBBR3"));
        // The enemy's pieces do not count.
        assert!(two("8/8/8/8/8/8/n7/1KBB4"));
    }
}
