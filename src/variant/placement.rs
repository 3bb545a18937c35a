//! Semi-Kriegspiel's placement from the placing seat's side: the king and queen squares a seat
//! may choose, worked out from what that seat knows (the agreed start, which holds the blind
//! army on its usual squares), never from the true position. Used by the computer in the app,
//! by `match`, `selfplay` and the bots, and by the screens to show the legal squares.

use crate::referee::{Referee, Request};
use crate::rng::Rng;
use crate::view::PlayerView;
use shakmaty::{Bitboard, File, Rank, Square};

/// Whether `seat` may place its king on `king` and its queen on `queen` (the referee's own
/// judgement, run on the agreed start the seat holds).
pub fn is_legal(seat: &PlayerView, king: Square, queen: Square) -> bool {
    let Ok((mut referee, _)) = Referee::new(seat.rules.clone(), seat.start.clone()) else {
        return false;
    };
    let request = Request::Place {
        color: seat.color,
        king,
        queen,
    };
    referee.apply(&request).is_ok()
}

/// The squares the seat's king may stand on (with some queen square beside it).
pub fn king_squares(seat: &PlayerView) -> Bitboard {
    let free = !seat.start.board.occupied();
    free.into_iter()
        .filter(|k| {
            // One queen square far from both kings is enough to show the king square is usable.
            (free & !Bitboard::from_square(*k))
                .into_iter()
                .any(|q| is_legal(seat, *k, q))
        })
        .collect()
}

/// The squares the seat's queen may stand on once its king stands on `king`.
pub fn queen_squares(seat: &PlayerView, king: Square) -> Bitboard {
    (!seat.start.board.occupied())
        .into_iter()
        .filter(|q| *q != king && is_legal(seat, king, *q))
        .collect()
}

/// A random legal placement for the seat: its king on its first rank and its queen on its first
/// two ranks where possible (as a player would set up), anywhere legal otherwise.
pub fn random(seat: &PlayerView, rng: &mut Rng) -> Option<Request> {
    let color = seat.color;
    let first = color.backrank();
    let second = color.relative_rank(Rank::Second);
    let near = |rng: &mut Rng| {
        let king = Square::from_coords(File::new(rng.below(8) as u32), first);
        let rank = if rng.below(2) == 0 { first } else { second };
        let queen = Square::from_coords(File::new(rng.below(8) as u32), rank);
        (king, queen)
    };
    let anywhere = |rng: &mut Rng| {
        (
            Square::new(rng.below(64) as u32),
            Square::new(rng.below(64) as u32),
        )
    };
    for i in 0..1024 {
        let (king, queen) = if i < 256 { near(rng) } else { anywhere(rng) };
        if king != queen && is_legal(seat, king, queen) {
            return Some(Request::Place { color, king, queen });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::log::Game;
    use crate::rules::Preset;
    use crate::variant::Variant;
    use shakmaty::Color;

    fn seat(color_sighted: Color) -> PlayerView {
        let mut rules = Preset::Semi.rules();
        rules.sighted = crate::variant::sighted_flag(Some(color_sighted));
        let game = Game::new(rules.clone(), Variant::start(&rules)).expect("semi starts");
        PlayerView::build(game.log(), color_sighted)
    }

    #[test]
    fn a_random_placement_is_accepted_by_the_referee() {
        for color in [Color::White, Color::Black] {
            let view = seat(color);
            let mut rng = Rng::new(3);
            let Some(Request::Place { king, queen, .. }) = random(&view, &mut rng) else {
                panic!("no placement for {color:?}");
            };
            assert!(is_legal(&view, king, queen));
            assert_eq!(king.rank(), color.backrank());
        }
    }

    #[test]
    fn only_free_squares_are_offered() {
        let view = seat(Color::White);
        let kings = king_squares(&view);
        assert!(!kings.contains(Square::A7) && !kings.contains(Square::E8));
        assert!(kings.contains(Square::E1) && kings.contains(Square::A4));
        // Every free square of ranks 1 to 5; on rank 6 the king would stand in a check by the
        // pawns of rank 7 that no last move could have given, which no legal position has.
        assert_eq!(kings.count(), 40);
        assert!((kings & Bitboard::from_rank(Rank::Sixth)).is_empty());
        let queens = queen_squares(&view, Square::E1);
        assert!(queens.contains(Square::D1) && !queens.contains(Square::E1));
        assert_eq!(queens.count(), 47);
    }
}
