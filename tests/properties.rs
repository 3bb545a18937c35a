//! Property tests over random games:
//! (a) a player's possible attempts always include every truly legal move, and its own board is
//!     exactly its true pieces;
//! (b) two different true games in which a player heard exactly the same things give that player
//!     identical views;
//! (c) replaying a log gives the same state;
//! and the protocol never panics and leaves the game unchanged on bad input.

use kriegspiel::announce::heard_by;
use kriegspiel::bench::{RandomPlayer, Rng};
use kriegspiel::log::GameLog;
use kriegspiel::protocol::Session;
use kriegspiel::{Attempt, Game, Item, PlayerView, Preset, Request};
use proptest::prelude::*;
use shakmaty::{Board, Color};

const KRIEGSPIEL: [Preset; 7] = [
    Preset::Berkeley,
    Preset::BerkeleyAny,
    Preset::Wild16,
    Preset::Cincinnati,
    Preset::Rand,
    Preset::English,
    Preset::Classic,
];

fn own_pieces(board: &Board, color: Color) -> Board {
    let mut own = Board::empty();
    for sq in board.by_color(color) {
        if let Some(p) = board.piece_at(sq) {
            own.set_piece_at(sq, p);
        }
    }
    own
}

/// Plays a random-attempt game, calling `at_turn` at the start of every turn.
fn random_game(
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

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, .. ProptestConfig::default() })]

    /// (a) Move hints are sound: every legal move is a possible attempt of the mover's view, and
    /// the view's own board is exactly the player's true pieces.
    #[test]
    fn possible_attempts_include_every_legal_move(preset in prop::sample::select(KRIEGSPIEL.to_vec()), seed in any::<u64>()) {
        random_game(preset, seed, 120, |game| {
            let mover = game.referee().to_move();
            let view = PlayerView::build(game.log(), mover);
            let possible = view.possible_attempts();
            for legal in game.referee().legal_attempts() {
                assert!(possible.contains(&legal), "{legal} is legal but not among {mover:?}'s possible attempts");
            }
            for color in [Color::White, Color::Black] {
                let view = PlayerView::build(game.log(), color);
                assert!(view.own == own_pieces(game.referee().true_board(), color), "{color:?}'s own board drifted");
            }
        });
    }

    /// (c) Replaying a log rebuilds exactly the same game.
    #[test]
    fn replay_rebuilds_the_same_state(preset in prop::sample::select(Preset::ALL.to_vec()), seed in any::<u64>()) {
        let game = random_game(preset, seed, 150, |_| {});
        let replayed = game.log().replay().expect("a log of accepted requests replays");
        prop_assert!(replayed.referee() == game.referee());
        prop_assert_eq!(replayed.referee().fen(), game.referee().fen());
        prop_assert_eq!(replayed.log(), game.log());
        // and the log survives a round trip through RON
        let text = ron::to_string(game.log()).expect("serializable");
        let back: GameLog = ron::from_str(&text).expect("deserializable");
        prop_assert_eq!(&back, game.log());
    }

    /// The protocol never panics, always answers one JSON object, and a refused line leaves the
    /// game unchanged.
    #[test]
    fn protocol_survives_any_line(preset in prop::sample::select(Preset::ALL.to_vec()), seed in any::<u64>(), junk in prop::collection::vec(any::<String>(), 1..20)) {
        let mut session = Session::new();
        let mut out = String::new();
        session.handle_line(&format!("{{\"op\":\"new\",\"rules\":\"{}\"}}", preset.id()), &mut out);
        let mut rng = Rng::new(seed);
        let templates = ["{\"op\":\"try\",\"move\":%}", "{\"op\":\"sense\",\"square\":%}", "{\"op\":\"move\",\"move\":%}",
            "{\"op\":%}", "{\"op\":\"new\",\"rules\":%}", "{\"op\":\"new\",\"rules\":\"berkeley\",\"fen\":%}", "%",
            "{\"op\":\"open\",\"squares\":[%]}"];
        for text in junk {
            let quoted = serde_json::to_string(&text).expect("string");
            let line = match rng.below(3) {
                0 => text.clone(),
                _ => templates[rng.below(templates.len())].replace('%', &quoted),
            };
            let before = session.game().map(|g| (g.referee().fen(), g.log().events.len()));
            out.clear();
            session.handle_line(&line, &mut out);
            let response: serde_json::Value = serde_json::from_str(&out).expect("the response is JSON");
            prop_assert!(!out.contains('\n'));
            if response["ok"] == serde_json::Value::Bool(false) {
                let after = session.game().map(|g| (g.referee().fen(), g.log().events.len()));
                prop_assert_eq!(before, after, "a refused line changed the game: {}", line);
                prop_assert!(response["error"].as_str().is_some_and(|e| !e.is_empty()));
            }
        }
    }
}

/// What one player perceives of one event: its own request, what it heard, whether the turn
/// passed. `None` when it perceives nothing at all.
type Perceived = (Option<Request>, Vec<Item>, bool);

fn perceive(log: &GameLog, color: Color) -> Vec<(usize, Perceived)> {
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
fn shadow_game(first: &GameLog, watcher: Color, seed: u64) -> Game {
    let mut game = Game::from_fen(first.rules.clone(), &first.start).expect("same start");
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

/// (b) Identical perceptions give identical views, however different the true games are.
#[test]
fn same_perception_same_view() {
    let mut differing = 0;
    let mut cases = 0;
    for preset in Preset::ALL {
        for seed in 0..12u64 {
            let first = random_game(preset, seed, 80, |_| {}).into_log();
            for watcher in [Color::White, Color::Black] {
                let second = shadow_game(&first, watcher, seed ^ 0xdead_beef).into_log();
                let p1 = perceive(&first, watcher);
                let p2 = perceive(&second, watcher);
                let common = p1.iter().zip(&p2).take_while(|(a, b)| a.1 == b.1).count();
                if common == 0 {
                    continue;
                }
                // cut each log just after the last commonly perceived event
                let cut1 = p1[common - 1].0 + 1;
                let cut2 = p2[common - 1].0 + 1;
                let v1 = PlayerView::build_prefix(&first, watcher, cut1);
                let v2 = PlayerView::build_prefix(&second, watcher, cut2);
                assert_eq!(
                    v1, v2,
                    "{preset} seed {seed}: {watcher:?} perceived the same but sees differently"
                );
                cases += 1;
                let truth1 = first.replay_prefix(cut1).expect("replays").referee().fen();
                let truth2 = second.replay_prefix(cut2).expect("replays").referee().fen();
                differing += usize::from(truth1 != truth2);
            }
        }
    }
    // The property is only interesting if the true games really differ.
    assert!(cases > 100, "{cases} comparisons");
    assert!(
        differing * 2 > cases,
        "only {differing} of {cases} pairs had different true games"
    );
}

/// A player's view contains nothing of the opponent's pieces, and the view of an unfinished
/// game does not depend on the opponent's requests at all.
#[test]
fn views_ignore_the_opponents_requests() {
    for preset in Preset::ALL {
        for seed in 0..8u64 {
            let log = random_game(preset, seed, 60, |_| {}).into_log();
            for watcher in [Color::White, Color::Black] {
                let mut scrambled = log.clone();
                for e in scrambled
                    .events
                    .iter_mut()
                    .filter(|e| e.by == Some(!watcher))
                {
                    e.request = Request::Try(Attempt::parse("a1h8").expect("well-formed"));
                    e.said.retain(|s| s.to.includes(watcher));
                }
                assert_eq!(
                    PlayerView::build(&log, watcher),
                    PlayerView::build(&scrambled, watcher)
                );
                let view = PlayerView::build(&log, watcher);
                assert!(view.own.by_color(!watcher).is_empty());
            }
        }
    }
}
