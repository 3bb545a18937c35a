//! Self-play: complete games between two random players, played through the referee with a
//! simulated clock and saved like any other game. `kriegspiel selfplay` uses it to make the
//! sample games in `saves/`; tests use it for realistic saves.

use crate::bots::random::RandomBot as RandomPlayer;
use crate::clock::{Clock, TimeControl};
use crate::log::Game;
use crate::referee::Request;
use crate::rng::Rng;
use crate::rules::RuleSet;
use crate::save::{Meta, Mode, SavedGame};
use shakmaty::{Color, Role, Square};
use std::time::Duration;

/// A new game under `rules` from the family's start, with Semi-Kriegspiel's king and queen
/// placed on random legal squares by the sighted seat. `None` if the rules cannot start a game.
fn start_game(rules: RuleSet, rng: &mut Rng) -> Option<Game> {
    let start = crate::variant::Variant::start(&rules);
    let mut game = Game::new(rules, start).ok()?;
    if let Some(color) = game.referee().placing() {
        let seat = crate::view::PlayerView::build(game.log(), color);
        let request = crate::variant::placement::random(&seat, rng)?;
        game.apply(request).ok()?;
    }
    Some(game)
}

/// Plays one random game of at most `max_moves` moves on a simulated 15+10 clock (each request
/// takes 0.2 to 4.2 simulated seconds), placing a few random markers along the way. Returns the
/// save whether or not the game finished.
pub fn random_game(rules: RuleSet, seed: u64, max_moves: usize) -> SavedGame {
    let control = TimeControl::minutes_plus_seconds(15, 10);
    let mut clock = Clock::new(control);
    let mut rng = Rng::new(seed ^ 0xC10C);
    let mut game = match start_game(rules, &mut rng) {
        Some(game) => game,
        None => Game::standard(RuleSet::default()),
    };
    let mut player = RandomPlayer::new(seed);
    let mut now = Duration::ZERO;
    let mut markers = crate::save::Markers::default();
    clock.start(game.referee().to_move(), now);
    let mut new_turn = true;
    let mut moves = 0;
    while moves < max_moves && game.referee().over().is_none() {
        let Some(request) = player.next_request(game.referee(), new_turn) else {
            break;
        };
        now += Duration::from_millis(200 + rng.below(4_000) as u64);
        let mover = game.referee().to_move();
        if let Some(flagged) = clock.flagged(now) {
            let _ = game.apply_timed(Request::Timeout(flagged), Some(clock.reading(now)));
            break;
        }
        let turn_ends = match game.apply(request) {
            Ok(event) => event.turn_ends,
            Err(_) => break,
        };
        if turn_ends {
            clock.complete_move(mover, now);
            moves += 1;
            open_some(&mut game, &mut rng);
        }
        game.set_last_clock(clock.reading(now));
        new_turn = turn_ends;
        // Now and then a player puts a guessed enemy piece on its board.
        if rng.below(6) == 0 {
            let color = if rng.below(2) == 0 {
                Color::White
            } else {
                Color::Black
            };
            let square = Square::new(rng.below(64) as u32);
            let roles = [
                Role::Pawn,
                Role::Knight,
                Role::Bishop,
                Role::Rook,
                Role::Queen,
                Role::King,
            ];
            let piece = (rng.below(4) != 0).then(|| roles[rng.below(roles.len())]);
            markers.set(color, square, piece, game.log().events.len());
        }
    }
    let meta = Meta {
        event: "Self-play".to_owned(),
        site: "kriegspiel selfplay".to_owned(),
        date: crate::save::today(),
        white: format!("Random {seed}"),
        black: format!("Random {}", seed.wrapping_add(1)),
        referee: "kriegspiel".to_owned(),
        mode: Mode::Protocol,
        ..Meta::default()
    };
    let mut saved = SavedGame::of(&game, meta, Some(control));
    saved.markers = markers;
    saved
}

/// Modern Kriegspiel: half the time the player who just moved opens random squares.
fn open_some(game: &mut Game, rng: &mut Rng) {
    let wanted = game.referee().rules().variant().squares_to_open();
    if wanted == 0 || game.referee().over().is_some() || rng.below(2) == 0 {
        return;
    }
    let mut squares = shakmaty::Bitboard::EMPTY;
    while squares.count() < usize::from(wanted) {
        squares.add(Square::new(rng.below(64) as u32));
    }
    let _ = game.apply(Request::Open(squares));
}

/// Plays random games from `seed` on until one ends by itself (not by the move limit) and
/// returns it with the seed that produced it.
pub fn finished_game(
    rules: &RuleSet,
    seed: u64,
    max_moves: usize,
    tries: usize,
) -> Option<(u64, SavedGame)> {
    (seed..seed.saturating_add(tries as u64))
        .map(|s| (s, random_game(rules.clone(), s, max_moves)))
        .find(|(_, g)| g.result.is_some())
}
