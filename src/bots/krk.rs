//! The KR vs K bot: an adapter from a seat's view to the KR vs K players. As White it builds the
//! metaposition from the view ([`crate::krk::practice::white_knowledge`]) and plays
//! [`OurPlayer`]; as Black it is the paper's edge-fleeing king, which knows only its own king and
//! which of its attempts were refused this turn.

use super::Bot;
use crate::krk::defenders::{Defender, Kind};
use crate::krk::players::{OurPlayer, Player};
use crate::referee::Request;
use crate::view::PlayerView;
use shakmaty::Color;

/// The KR vs K practice opponent, for either side.
#[derive(Default)]
pub struct KrkBot {
    /// White's player (built on first use: it loads the solved table).
    white: Option<OurPlayer>,
}

impl KrkBot {
    /// A bot that has not played yet.
    pub fn new() -> KrkBot {
        KrkBot::default()
    }
}

impl Bot for KrkBot {
    fn name(&self) -> &str {
        super::BotKind::KrkPractice.title()
    }

    fn next(&mut self, seat: &PlayerView) -> Option<Request> {
        if !seat.my_turn() {
            return None;
        }
        match seat.color {
            Color::White => {
                let (meta, history) = crate::krk::practice::white_knowledge(seat)?;
                if self.white.is_none() {
                    self.white = OurPlayer::new().ok();
                }
                let player = self.white.as_mut()?;
                Some(Request::Try(player.choose_in_game(&meta, &history)))
            }
            Color::Black => {
                let king = seat.own.king_of(Color::Black)?;
                let seed = u64::from(seat.move_number) * 64 + seat.refused.len() as u64;
                Defender::new(Kind::Edge, seed)
                    .preferences(king)
                    .into_iter()
                    .find(|a| !seat.refused.iter().any(|(r, _)| r == a))
                    .map(Request::Try)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::krk::practice::{random_start, white_knowledge};
    use crate::log::Game;
    use crate::rules::Preset;

    #[test]
    fn the_computer_mates_a_practice_game_from_either_side() {
        for seed in 0..6 {
            let mut game =
                Game::new(Preset::Wild16.rules(), random_start(seed)).expect("legal start");
            let mut bots = [KrkBot::new(), KrkBot::new()];
            let mut steps = 0;
            while game.referee().over().is_none() && steps < 2000 {
                let side = game.referee().to_move();
                let seat = PlayerView::build(game.log(), side);
                let request = bots[usize::from(side == Color::White)]
                    .next(&seat)
                    .expect("an attempt");
                game.apply(request).expect("applied");
                let (meta, _) =
                    white_knowledge(&PlayerView::build(game.log(), Color::White)).expect("KR vs K");
                if let Some(k) = game.referee().true_board().king_of(Color::Black) {
                    assert!(meta.bk.contains(k), "seed {seed}: the set lost the king");
                }
                steps += 1;
            }
            assert!(game.referee().over().is_some(), "seed {seed}: unfinished");
        }
    }

    #[test]
    fn other_material_is_not_krk() {
        let game = Game::standard(Preset::Berkeley.rules());
        let seat = PlayerView::build(game.log(), Color::White);
        assert!(white_knowledge(&seat).is_none());
        assert!(KrkBot::new().next(&seat).is_none());
    }
}
