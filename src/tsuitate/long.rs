//! A long tsuitate game for the benches: turns of the most impossible attempts a turn logs
//! (sente and gote each try a piece from the empty 5e) ending in a quiet move, so a game of
//! tens of thousands of events stays in play; and the seats' lines that go on with it.

use super::game::TsuitateGame;
use super::referee::move_name;
use super::rules::TsuitateRules;
use super::table::{TsuitateHost, slot};
use crate::log::MAX_REQUESTS_PER_TURN;
use crate::save::Meta;
use shogi_core::{Color, Move, Square};
use std::path::PathBuf;

/// The square no piece ever stands on in the long game (every attempt from it is impossible).
const EMPTY: &str = "5e";

/// An attempt `side` cannot make: a piece from the empty 5e.
fn impossible(side: Color) -> &'static str {
    match side {
        Color::Black => "5e5d",
        Color::White => "5e5f",
    }
}

/// A legal move of the side to move that takes nothing and keeps away from 5e, chosen by `n`.
fn quiet(game: &TsuitateGame, n: usize) -> Option<String> {
    let referee = game.referee();
    let position = referee.position();
    let empty = Square::all().find(|s| super::announce::square_name(*s) == EMPTY);
    let quiet: Vec<Move> = referee
        .legal_moves()
        .into_iter()
        .filter(|mv| {
            let (from, to) = match *mv {
                Move::Normal { from, to, .. } => (Some(from), to),
                Move::Drop { to, .. } => (None, to),
            };
            position.piece_at(to).is_none() && Some(to) != empty && from != empty
        })
        .collect();
    quiet
        .get((n * 7 + 3) % quiet.len().max(1))
        .copied()
        .map(move_name)
}

/// A table (autosaved to `autosave`, or not) holding a game of `events` events, both seats
/// connected, and the next `requests` seat lines (`{"op":"try",…}`) that go on with it.
pub fn long_host(
    events: usize,
    requests: usize,
    autosave: Option<PathBuf>,
) -> Result<(TsuitateHost, Vec<(shakmaty::Color, String)>), String> {
    let rules = TsuitateRules {
        fouls: 0,
        max_plies: u16::MAX,
    };
    let mut game = TsuitateGame::new(rules);
    let mut lines = Vec::with_capacity(requests);
    let (mut in_turn, mut moves) = (0usize, 0usize);
    while game.events().len() < events + requests {
        let side = game.referee().to_move();
        let usi = if in_turn + 1 < MAX_REQUESTS_PER_TURN {
            in_turn += 1;
            impossible(side).to_owned()
        } else {
            in_turn = 0;
            moves += 1;
            quiet(&game, moves).ok_or("no quiet move is left")?
        };
        let timed = game.events().len() >= events;
        game.attempt(&usi).map_err(|e| e.to_string())?;
        if let Some(over) = game.referee().over() {
            return Err(format!("the long game ended ({})", over.reason.id()));
        }
        if timed {
            lines.push((slot(side), format!(r#"{{"op":"try","move":"{usi}"}}"#)));
        }
    }
    let mut host = TsuitateHost::new(game.at(events), Meta::default(), autosave, 1, false);
    for side in [Color::Black, Color::White] {
        host.sit_here(slot(side)).map_err(|e| e.to_string())?;
    }
    Ok((host, lines))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The long game is what the bench times: its events, then lines the host takes, each a
    /// request logged (two turns' worth: attempts and the moves that end them).
    #[test]
    fn the_long_game_goes_on_through_its_lines() {
        let requests = 2 * MAX_REQUESTS_PER_TURN + 5;
        let (mut host, lines) = long_host(3_000, requests, None).expect("a long game");
        assert_eq!(host.game().events().len(), 3_000);
        assert_eq!(lines.len(), requests);
        for (seat, line) in &lines {
            host.handle(*seat, line, std::time::Duration::ZERO);
        }
        assert_eq!(host.game().events().len(), 3_000 + requests);
        assert!(host.game().referee().over().is_none());
        assert!(host.game().referee().moves().len() >= 5);
    }
}
