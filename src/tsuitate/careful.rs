//! The careful tsuitate bot, the strongest of the three: the heuristic player's rules of thumb
//! ([`super::bots::HeuristicBot`]) plus a guess of where the opponent's pieces stand, kept from
//! what its own seat knows only: the usual start (the opponent's pieces on their start squares),
//! its own pieces (no opponent piece under them), the square where it just lost a piece (an
//! opponent's piece is there), and time (each opponent move makes every guess less sure). It
//! aims at squares likely held (a capture) and avoids slides through them (a likely foul).

use super::announce::Item;
use super::bots::{HeuristicBot, TsuitateBot, reached, value};
use super::referee::{move_name, own_view};
use super::seat::SeatView;
use shogi_core::{Color, Move, PartialPosition, PieceKind, Square};

/// How much of a guess survives one opponent move.
const FADE: f32 = 0.9;

/// The careful player.
pub struct CarefulBot {
    heuristic: HeuristicBot,
    /// For each square (by array index): how likely an opponent's piece is there, and its
    /// likely kind.
    guess: Option<[(f32, PieceKind); 81]>,
    /// The legal moves heard when the guess was last brought up to date.
    moves_heard: usize,
}

impl CarefulBot {
    /// The careful player from `seed`.
    pub fn new(seed: u64) -> CarefulBot {
        CarefulBot {
            heuristic: HeuristicBot::new(seed),
            guess: None,
            moves_heard: 0,
        }
    }

    /// Brings the guess up to date with `seat`.
    fn update(&mut self, seat: &SeatView) -> [(f32, PieceKind); 81] {
        let color = seat.color;
        let mut guess = self.guess.unwrap_or_else(|| start_guess(color));
        let heard = seat.heard.iter().filter(|i| **i == Item::Legal).count();
        // Roughly half the moves heard since were the opponent's.
        for _ in 0..heard.saturating_sub(self.moves_heard).div_ceil(2) {
            for g in &mut guess {
                g.0 *= FADE;
            }
        }
        self.moves_heard = heard;
        for sq in Square::all() {
            if seat.board.piece_at(sq).is_some() {
                guess[sq.array_index()].0 = 0.0;
            }
        }
        if let Some(sq) = seat.lost_on {
            let g = &mut guess[sq.array_index()];
            *g = (1.0, if g.0 > 0.3 { g.1 } else { PieceKind::Silver });
        }
        self.guess = Some(guess);
        guess
    }
}

/// The opponent's pieces of the usual start, from `color`'s side.
fn start_guess(color: Color) -> [(f32, PieceKind); 81] {
    let theirs = own_view(&PartialPosition::startpos(), color.flip());
    let mut guess = [(0.0, PieceKind::Pawn); 81];
    for sq in Square::all() {
        if let Some(piece) = theirs.piece_at(sq) {
            guess[sq.array_index()] = (1.0, piece.piece_kind());
        }
    }
    guess
}

/// The squares strictly between `from` and `to` on a line (none for a knight's jump or a step).
fn between(from: Square, to: Square) -> Vec<Square> {
    let (df, dr) = (
        i16::from(to.file()) - i16::from(from.file()),
        i16::from(to.rank()) - i16::from(from.rank()),
    );
    let steps = df.abs().max(dr.abs());
    if !(df == 0 || dr == 0 || df.abs() == dr.abs()) || steps < 2 {
        return Vec::new();
    }
    (1..steps)
        .filter_map(|k| {
            let file = i16::from(from.file()) + df.signum() * k;
            let rank = i16::from(from.rank()) + dr.signum() * k;
            Square::new(u8::try_from(file).ok()?, u8::try_from(rank).ok()?)
        })
        .collect()
}

impl TsuitateBot for CarefulBot {
    fn name(&self) -> &'static str {
        "careful"
    }

    fn next(&mut self, seat: &SeatView) -> Option<String> {
        if !seat.to_move() {
            return None;
        }
        let guess = self.update(seat);
        let reach = reached(seat);
        let mut best: Option<(i32, Move)> = None;
        for mv in seat.possible_moves() {
            let mut score = self.heuristic.score(seat, mv, &reach) as f32;
            let (p, kind) = guess[mv.to().array_index()];
            if let Move::Normal { from, .. } = mv {
                // A capture is worth the piece likely there; a slide through a likely piece is
                // likely a foul.
                score += 3.0 * p * value(kind) as f32;
                let blocked = between(from, mv.to())
                    .iter()
                    .map(|sq| guess[sq.array_index()].0)
                    .fold(0.0, f32::max);
                score -= 14.0 * blocked;
            } else {
                // A drop onto a likely piece is a likely foul.
                score -= 14.0 * p;
            }
            let score = score.round() as i32;
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, mv));
            }
        }
        best.map(|(_, mv)| move_name(mv))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tsuitate::{TsuitateGame, TsuitateRules};

    #[test]
    fn it_guesses_the_start_and_avoids_slides_through_it() {
        let sq = |f, r| Square::new(f, r).expect("square");
        assert_eq!(between(sq(8, 8), sq(2, 2)).len(), 5);
        assert!(between(sq(2, 9), sq(3, 7)).is_empty(), "a knight jumps");
        let mut game = TsuitateGame::new(TsuitateRules::default());
        game.attempt("7g7f").expect("7g7f");
        game.attempt("3c3d").expect("3c3d");
        let mut bot = CarefulBot::new(1);
        let guess = bot.update(game.seat(Color::Black));
        assert_eq!(guess[sq(3, 3).array_index()].0, 0.9, "faded once");
        assert_eq!(guess[sq(7, 7).array_index()].0, 0.0, "its own start square");
        // Every attempt it makes is possible on its own board, and it plays whole games.
        let mut bots = [CarefulBot::new(2), CarefulBot::new(3)];
        let mut game = TsuitateGame::new(TsuitateRules::default());
        for _ in 0..3000 {
            if game.referee().over().is_some() {
                break;
            }
            let mover = game.referee().to_move();
            let bot = &mut bots[crate::tsuitate::referee::index(mover)];
            let attempt = bot.next(game.seat(mover)).expect("a possible move");
            let event = game.attempt(&attempt).expect("accepted");
            assert!(!event.said.iter().any(|s| s.item == Item::Impossible));
        }
        assert!(game.referee().over().is_some(), "the game ends");
    }
}
