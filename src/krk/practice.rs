//! Practice games of KR vs K against the computer: random starts, White's metaposition rebuilt
//! from the game log (what White heard, nothing else), and the computer's next attempt for
//! either side. The computer as White plays [`OurPlayer`]; as Black it is the edge-fleeing king
//! of the paper, which knows only its own king and which of its attempts were refused.

use super::defenders::{Defender, Kind};
use super::players::{History, OurPlayer, Player};
use super::run::random_starts;
use super::{Meta, rook_always_exposed};
use crate::announce::{Item, heard_by};
use crate::attempt::Attempt;
use crate::log::{Game, GameLog};
use crate::referee::Request;
use shakmaty::fen::Fen;
use shakmaty::{Color, Role, Setup, Square};

/// The name the computer plays under (saved as the player's name, so a resumed practice game
/// knows which side is the computer's).
pub const COMPUTER_NAME: &str = "Computer (KR vs K)";

/// A random KR vs K start from `seed` (White to move), where White can force mate: starts
/// whose rook no first attempt keeps safe ([`rook_always_exposed`]) are skipped, so every
/// practice game is a fair exercise for both sides.
pub fn random_start(seed: u64) -> Setup {
    let start = random_starts(64, seed)
        .into_iter()
        .find(|s| !rook_always_exposed(s.wk, s.wr))
        .unwrap_or(super::run::Start {
            wk: Square::E1,
            wr: Square::A1,
            bk: Square::E8,
        });
    start.setup()
}

/// White's king and rook if `setup` is KR vs K (anything else: `None`).
fn krk_pieces(setup: &Setup) -> Option<(Square, Square)> {
    let board = &setup.board;
    let white = board.by_color(Color::White);
    let black = board.by_color(Color::Black);
    if white.count() != 2 || black.count() != 1 || board.kings() & black != black {
        return None;
    }
    let wk = (board.kings() & white).first()?;
    let wr = (board.by_role(Role::Rook) & white).first()?;
    Some((wk, wr))
}

/// White's metaposition and repetition history after the first `upto` events of `log`, built
/// from White's own attempts and what White heard only, as the computer keeps them: it does not
/// narrow its set by Black's refused attempts (see `OurPlayer::uses_refusals`). `None` if the
/// game did not start as KR vs K with White to move, or the rook is gone.
pub fn white_knowledge(log: &GameLog, upto: usize) -> Option<(Meta, History)> {
    let setup = log.start.parse::<Fen>().ok()?.into_setup();
    if setup.turn != Color::White {
        return None;
    }
    let (wk, wr) = krk_pieces(&setup)?;
    let mut meta = Meta::start(wk, wr);
    let mut history = History::default();
    history.record(meta.wk, meta.wr, meta.bk, false);
    for e in log.events.iter().take(upto) {
        let heard: Vec<Item> = heard_by(&e.said, Color::White).collect();
        if heard.iter().any(|i| matches!(i, Item::Captured(_))) {
            return None;
        }
        match (e.by, &e.request) {
            (Some(Color::White), Request::Try(a) | Request::Move(a)) => {
                meta.after_white(*a, &heard);
                if e.turn_ends {
                    history.record(meta.wk, meta.wr, meta.bk, true);
                }
            }
            (Some(Color::Black), _) if e.turn_ends => {
                meta.after_black(0);
                history.record(meta.wk, meta.wr, meta.bk, false);
            }
            _ => {}
        }
        if meta.bk.is_empty() {
            return None;
        }
    }
    Some((meta, history))
}

/// The computer's next attempt for `computer` (who must be to move) in a KR vs K game, or
/// `None` if the game is over, not KR vs K, or the computer has nothing left to try.
pub fn computer_attempt(game: &Game, computer: Color) -> Option<Attempt> {
    let referee = game.referee();
    if referee.over().is_some() || referee.to_move() != computer {
        return None;
    }
    let log = game.log();
    match computer {
        Color::White => {
            let (meta, history) = white_knowledge(log, log.events.len())?;
            let mut player = OurPlayer::new().ok()?;
            Some(player.choose_in_game(&meta, &history))
        }
        Color::Black => {
            // Black's own king and the attempts refused this turn: its own knowledge only.
            let king = referee.true_board().king_of(Color::Black)?;
            let this_turn = log.events.iter().rev().take_while(|e| !e.turn_ends);
            let refused: Vec<Attempt> = this_turn
                .filter_map(|e| match &e.request {
                    Request::Try(a) | Request::Move(a) => Some(*a),
                    _ => None,
                })
                .collect();
            let mut defender = Defender::new(Kind::Edge, log.events.len() as u64);
            defender
                .preferences(king)
                .into_iter()
                .find(|a| !refused.contains(a))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Preset;

    #[test]
    fn the_computer_mates_a_practice_game_from_either_side() {
        for seed in 0..6 {
            let mut game =
                Game::new(Preset::Wild16.rules(), random_start(seed)).expect("legal start");
            let mut steps = 0;
            while game.referee().over().is_none() && steps < 2000 {
                let side = game.referee().to_move();
                let a = computer_attempt(&game, side).expect("an attempt");
                game.apply(Request::Try(a)).expect("applied");
                let (meta, _) =
                    white_knowledge(game.log(), game.log().events.len()).expect("KR vs K");
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
        assert!(white_knowledge(game.log(), 0).is_none());
        assert!(computer_attempt(&game, Color::White).is_none());
    }
}
