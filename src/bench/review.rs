//! `kriegspiel bench --only review`: the review after the reveal (`crate::review`) of a long
//! game, timed (issue 55: 1,000 plies in at most 20 s on two cores).
//!
//! The game: Berkeley, from the standard start, its moves random but kept long (quiet moves
//! while they can be, a pawn move or a capture before the fifty-move rule would end it), with a
//! random possible attempt, refused or not, tried first a third of the time.

use crate::attempt::Attempt;
use crate::log::Game;
use crate::referee::Request;
use crate::review::{Options, Progress, review};
use crate::rng::Rng;
use crate::rules::Preset;
use crate::save::{Meta, SavedGame};
use shakmaty::Role;
use std::sync::Arc;

/// The plies of the game reviewed.
pub const PLIES: usize = 1_000;

/// The target: seconds for [`PLIES`] plies.
pub const TARGET_SECONDS: f64 = 20.0;

/// A game of at least `plies` plies (fewer only if none of 50 seeds gives one that long).
pub fn long_game(plies: usize, seed: u64) -> SavedGame {
    let mut longest: Option<(usize, Game)> = None;
    for s in seed..seed.saturating_add(50) {
        let (n, game) = play(plies, s);
        if longest.as_ref().is_none_or(|(m, _)| n > *m) {
            longest = Some((n, game));
        }
        if n >= plies {
            break;
        }
    }
    let game = longest.map_or_else(|| Game::standard(Preset::Berkeley.rules()), |(_, g)| g);
    SavedGame::of(&game, Meta::default(), None)
}

/// One game of up to `plies` plies from `seed`: the plies played, and the game.
fn play(plies: usize, seed: u64) -> (usize, Game) {
    let mut rng = Rng::new(seed);
    let mut random = crate::bots::random::RandomBot::new(seed);
    let mut game = Game::standard(Preset::Berkeley.rules());
    let (mut played, mut quiet, mut new_turn) = (0, 0, true);
    while played < plies && game.referee().over().is_none() {
        let referee = game.referee();
        let request = if rng.below(3) == 0 {
            random.next_request(referee, new_turn)
        } else {
            pick(referee, quiet > 60, &mut rng).map(Request::Try)
        };
        let Some(request) = request else {
            break;
        };
        let resets = match &request {
            Request::Try(a) => {
                referee.true_board().role_at(a.from) == Some(Role::Pawn)
                    || referee.true_board().occupied().contains(a.to)
            }
            _ => false,
        };
        let Ok(event) = game.apply(request) else {
            break;
        };
        new_turn = event.turn_ends;
        if event.turn_ends {
            played += 1;
            quiet = if resets { 0 } else { quiet + 1 };
        }
    }
    (played, game)
}

/// A random legal move: a quiet piece move, or (`reset`, or none quiet) a pawn move or capture.
fn pick(referee: &crate::referee::Referee, reset: bool, rng: &mut Rng) -> Option<Attempt> {
    let legal = referee.legal_attempts();
    let board = referee.true_board();
    let resetting =
        |a: &Attempt| board.role_at(a.from) == Some(Role::Pawn) || board.occupied().contains(a.to);
    let wanted: Vec<Attempt> = legal
        .iter()
        .copied()
        .filter(|a| resetting(a) == reset)
        .collect();
    let from = if wanted.is_empty() { &legal } else { &wanted };
    from.get(rng.below(from.len().max(1))).copied()
}

/// Reviews a [`PLIES`]-ply game with the default options and prints the time.
pub fn run(seed: u64) {
    let saved = long_game(PLIES, seed);
    let plies = saved.log.turns().count();
    let progress = Arc::new(Progress::default());
    match review(&saved, Options::default(), &progress) {
        Ok(got) => {
            let seconds = got.elapsed.as_secs_f64();
            println!(
                "review: {} plies ({} events) in {seconds:.2} s, {:.1} ms a ply (target: {PLIES} \
                 plies in {TARGET_SECONDS} s, {})",
                got.turns.len(),
                saved.log.events.len(),
                1_000.0 * seconds / got.turns.len().max(1) as f64,
                if seconds * PLIES as f64 / plies.max(1) as f64 <= TARGET_SECONDS {
                    "met"
                } else {
                    "missed"
                }
            );
            let estimated = got.turns.iter().flat_map(|t| t.knew).flatten();
            let (mut exact, mut sampled, mut bound) = (0, 0, 0);
            for k in estimated {
                match k.method {
                    crate::review::Method::Exact => exact += 1,
                    crate::review::Method::AtBound => bound += 1,
                    _ => sampled += 1,
                }
            }
            println!("review counts: {exact} exact, {sampled} estimated, {bound} at the bound");
        }
        Err(e) => println!("review: {e}"),
    }
}
