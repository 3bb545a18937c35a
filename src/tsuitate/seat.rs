//! One player's side of the screen: its own pieces and hand, kept from its own legal moves and
//! what it heard, never from the true position. The bots play from it; it is always exactly the
//! true position with the opponent's pieces and hand taken away (tests/suite/tsuitate.rs checks this).

use super::announce::{Item, Over};
use super::referee::{own_view, parse_move};
use shogi_core::{Color, Move, PartialPosition, Square};

/// What one seat knows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatView {
    /// Whose seat.
    pub color: Color,
    /// Its own pieces and hand (the opponent's squares and hand empty), with the side to move.
    pub board: PartialPosition,
    /// Everything it heard, in order.
    pub heard: Vec<Item>,
    /// Its attempts refused (impossible or foul) since its last legal move.
    pub refused: Vec<String>,
    /// Whether it was told it is in check and has not moved since.
    pub in_check: bool,
    /// The square where the opponent's last move captured one of its pieces, if it did.
    pub lost_on: Option<Square>,
    /// The end, once heard.
    pub over: Option<Over>,
}

impl SeatView {
    /// The seat of `color` at the start of a game from `start` (its own pieces only), having
    /// heard `heard` at the start.
    pub fn new(color: Color, start: &PartialPosition, heard: &[Item]) -> SeatView {
        let mut seat = SeatView {
            color,
            board: own_view(start, color),
            heard: Vec::new(),
            refused: Vec::new(),
            in_check: false,
            lost_on: None,
            over: None,
        };
        seat.hear(heard);
        seat
    }

    /// Whether it is this seat's turn.
    pub fn to_move(&self) -> bool {
        self.over.is_none() && self.board.side_to_move() == self.color
    }

    fn hear(&mut self, heard: &[Item]) {
        for item in heard {
            if *item == Item::Check {
                self.in_check = true;
            }
        }
        self.heard.extend_from_slice(heard);
    }

    /// Takes in the answer to an attempt: `usi` by `mover`, and what this seat heard of it.
    pub fn update(&mut self, mover: Color, usi: &str, heard: &[Item], over: Option<Over>) {
        self.over = over;
        let legal = heard.contains(&Item::Legal);
        let captured = heard.iter().find_map(|item| match item {
            Item::Capture { square, piece } => Some((*square, *piece)),
            _ => None,
        });
        if mover == self.color {
            if !legal {
                self.refused.push(usi.to_owned());
                self.hear(heard);
                return;
            }
            self.refused.clear();
            self.in_check = false;
            if let Ok(mv) = parse_move(usi, self.color) {
                // The unit that took a piece of its own was taken back there: it is gone.
                if captured.is_some() && self.lost_on == Some(mv.to()) {
                    self.lost_on = None;
                }
                self.play_own(mv, captured.map(|(_, piece)| piece));
            }
        } else if legal {
            if let Some((square, _)) = captured {
                self.board.piece_set(square, None);
            }
            self.lost_on = captured.map(|(square, _)| square);
            self.board.side_to_move_set(self.color);
        }
        self.hear(heard);
    }

    fn play_own(&mut self, mv: Move, captured: Option<shogi_core::PieceKind>) {
        if self.board.make_move(mv).is_none() {
            return;
        }
        if let Some(piece) = captured {
            let hand = self.board.hand_of_a_player_mut(self.color);
            if let Some(more) = hand.added(piece) {
                *hand = more;
            }
        }
    }

    /// The moves this seat could make on its own board (it cannot tell which the opponent's
    /// hidden pieces make illegal), without the ones refused this turn.
    pub fn possible_moves(&self) -> Vec<Move> {
        shogi_legality_lite::all_legal_moves_partial(&self.board)
            .into_iter()
            .filter(|&mv| !self.refused.contains(&super::referee::move_name(mv)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use crate::tsuitate::{TsuitateGame, TsuitateRules};
    use shogi_core::{Color, Square};

    #[test]
    fn the_square_of_a_lost_piece_is_forgotten_once_the_taker_is_taken_back() {
        let mut game = TsuitateGame::new(TsuitateRules::default());
        for usi in ["7g7f", "3c3d", "8h2b+"] {
            game.attempt(usi).expect("attempt");
        }
        let b2 = Square::new(2, 2);
        assert_eq!(game.seat(Color::White).lost_on, b2);
        // Gote moves elsewhere: the horse still stands where it took.
        game.attempt("9c9d").expect("attempt");
        assert_eq!(game.seat(Color::White).lost_on, b2);
        // Sente moves, taking nothing: nothing is known of its units.
        game.attempt("9g9f").expect("attempt");
        assert_eq!(game.seat(Color::White).lost_on, None);
        let mut game = TsuitateGame::new(TsuitateRules::default());
        for usi in ["7g7f", "3c3d", "8h2b+", "3a2b"] {
            game.attempt(usi).expect("attempt");
        }
        // Gote's silver took the horse on 2b: no unit of sente's is known to stand there.
        assert_eq!(game.seat(Color::White).lost_on, None);
    }
}
