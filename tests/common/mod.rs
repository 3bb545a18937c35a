//! Helpers shared by the integration tests: random games, and "shadow" games in which one
//! player perceives exactly the same things while the true game differs.
#![allow(dead_code)]

use kriegspiel::announce::heard_by;
use kriegspiel::bench::{RandomPlayer, Rng};
use kriegspiel::log::GameLog;
use kriegspiel::{Game, Item, Preset, Request};
use shakmaty::{Board, Color};

/// The Kriegspiel-family presets.
pub const KRIEGSPIEL: [Preset; 7] = [
    Preset::Berkeley,
    Preset::BerkeleyAny,
    Preset::Wild16,
    Preset::Cincinnati,
    Preset::Rand,
    Preset::English,
    Preset::Classic,
];

/// The pieces of one colour on a board.
pub fn own_pieces(board: &Board, color: Color) -> Board {
    let mut own = Board::empty();
    for sq in board.by_color(color) {
        if let Some(p) = board.piece_at(sq) {
            own.set_piece_at(sq, p);
        }
    }
    own
}

/// Plays a random-attempt game, calling `at_turn` at the start of every turn.
pub fn random_game(
    preset: Preset,
    seed: u64,
    max_plies: usize,
    mut at_turn: impl FnMut(&Game),
) -> Game {
    let mut game = Game::standard(preset.rules());
    let mut player = RandomPlayer::new(seed);
    let mut new_turn = true;
    let mut plies = 0;
    while plies < max_plies {
        if new_turn {
            at_turn(&game);
        }
        let Some(request) = player.next_request(game.referee(), new_turn) else {
            break;
        };
        let before = game.referee().to_move();
        if game.apply(request).is_err() {
            break;
        }
        new_turn = game.referee().to_move() != before;
        plies += usize::from(new_turn);
    }
    game
}

/// What one player perceives of one event: its own request, what it heard, whether the turn
/// passed. `None` when it perceives nothing at all.
pub type Perceived = (Option<Request>, Vec<Item>, bool);

pub fn perceive(log: &GameLog, color: Color) -> Vec<(usize, Perceived)> {
    log.events
        .iter()
        .enumerate()
        .filter_map(|(i, e)| {
            let heard: Vec<Item> = heard_by(&e.said, color).collect();
            let own = (e.by == Some(color)).then(|| e.request.clone());
            (own.is_some() || !heard.is_empty() || e.turn_ends)
                .then_some((i, (own, heard, e.turn_ends)))
        })
        .collect()
}

/// Plays a second game in which `watcher` makes the same requests as in `first` while the other
/// side plays differently, choosing, where it can, moves whose announcements the watcher hears
/// exactly as in the first game. Stops at the first divergence the watcher would notice.
pub fn shadow_game(first: &GameLog, watcher: Color, seed: u64) -> Game {
    let mut game = Game::new(first.rules.clone(), first.start.clone()).expect("same start");
    let mut rng = Rng::new(seed);
    let mut next = 0; // index into `first.events`
    'events: while next < first.events.len() {
        let event = &first.events[next];
        next += 1;
        if event.by == Some(watcher) || event.by.is_none() {
            if game.apply(event.request.clone()).is_err() {
                break;
            }
            continue;
        }
        // The other side's event: reproduce what the watcher heard, by another route if possible.
        let wanted: Vec<Item> = heard_by(&event.said, watcher).collect();
        let mut candidates: Vec<Request> = match &event.request {
            Request::Try(_) if event.turn_ends => game
                .referee()
                .legal_attempts()
                .into_iter()
                .map(Request::Try)
                .collect(),
            Request::Move(_) | Request::Pass => {
                let mut list = vec![Request::Pass];
                let setup = game.referee().true_setup();
                let side = kriegspiel::possible::Side {
                    board: &setup.board,
                    color: setup.turn,
                    castling: setup.castling_rights,
                    promotion: first.rules.promotion,
                };
                list.extend(side.possible_attempts().into_iter().map(Request::Move));
                list
            }
            other => vec![other.clone()],
        };
        // random order, the original request last
        for i in (1..candidates.len()).rev() {
            candidates.swap(i, rng.below(i + 1));
        }
        if let Some(pos) = candidates.iter().position(|c| c == &event.request) {
            let original = candidates.remove(pos);
            candidates.push(original);
        }
        for candidate in candidates {
            let mut trial = game.clone();
            let Ok(got) = trial.apply(candidate) else {
                continue;
            };
            let heard: Vec<Item> = heard_by(&got.said, watcher).collect();
            if heard == wanted && got.turn_ends == event.turn_ends {
                game = trial;
                continue 'events;
            }
        }
        break;
    }
    game
}
