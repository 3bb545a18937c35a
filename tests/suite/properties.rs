//! Property tests over random games:
//! (a) a player's possible attempts always include every truly legal move, and its own board is
//!     exactly its true pieces;
//! (b) two different true games in which a player heard exactly the same things give that player
//!     identical views;
//! (c) replaying a log gives the same state;
//! (d) a seat's perception followed event by event equals the one read from the whole log;
//! and the protocol never panics and leaves the game unchanged on bad input.

use crate::common;

use common::{KRIEGSPIEL, own_pieces, perceive, random_game, shadow_game};
use kriegspiel::announce::{Audience, Said, heard_by};
use kriegspiel::bench::Rng;
use kriegspiel::log::{Event, Following, GameLog, Perceived, Perception};
use kriegspiel::protocol::Session;
use kriegspiel::{Attempt, Item, PlayerView, Preset, Request};
use proptest::prelude::*;
use shakmaty::Color;

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, .. ProptestConfig::default() })]

    /// (a) Move hints are sound: every legal move is a possible attempt of the mover's view, and
    /// the view's own board is exactly the player's true pieces.
    #[test]
    /// Under Crazyhouse Kriegspiel the legal drops are among them too.
    #[test]
    fn possible_attempts_include_every_legal_move(preset in prop::sample::select([&KRIEGSPIEL[..], &[Preset::CrazyKrieg]].concat()), seed in any::<u64>()) {
        random_game(preset, seed, 120, |game| {
            let mover = game.referee().to_move();
            let view = PlayerView::build(game.log(), mover);
            let possible = view.possible_attempts();
            for legal in game.referee().legal_attempts() {
                assert!(possible.contains(&legal), "{legal} is legal but not among {mover:?}'s possible attempts");
            }
            for a in &possible {
                assert!(view.is_possible(*a), "{a} listed but not possible");
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

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, .. ProptestConfig::default() })]

    /// The "what could you have known" king set never excludes the king's true square, for
    /// either player, at any moment of any game, and proven-empty squares hold no enemy unit.
    #[test]
    fn the_king_overlay_always_contains_the_true_king(preset in prop::sample::select(Preset::ALL.to_vec()), seed in any::<u64>()) {
        let game = random_game(preset, seed, 150, |_| {});
        let log = game.log();
        for upto in 0..=log.events.len() {
            let truth = log.replay_prefix(upto).expect("replays");
            let board = truth.referee().true_board();
            for observer in [Color::White, Color::Black] {
                let view = PlayerView::build_prefix(log, observer, upto);
                if let Some(king) = board.king_of(!observer) {
                    prop_assert!(
                        view.king.possible.contains(king),
                        "{} seed {}: {:?}'s king set lost the king on {} after {} events",
                        preset, seed, observer, king, upto
                    );
                }
                prop_assert!((view.king.empty & board.by_color(!observer)).is_empty(), "a proven-empty square holds an enemy unit");
            }
        }
    }
}

/// Once the opponent has only its king left the set is exact enough to matter: in lone-king
/// endings it shrinks well below the whole board.
#[test]
fn the_king_set_narrows_against_a_lone_king() {
    let rules = Preset::Wild16.rules();
    let mut game =
        kriegspiel::Game::from_fen(rules, "8/8/8/4k3/8/8/8/R3K3 w - - 0 1").expect("KRK");
    let mut player = kriegspiel::bench::RandomPlayer::new(3);
    let mut new_turn = true;
    let mut sizes = Vec::new();
    for _ in 0..200 {
        let Some(r) = player.next_request(game.referee(), new_turn) else {
            break;
        };
        let before = game.referee().to_move();
        if game.apply(r).is_err() {
            break;
        }
        new_turn = game.referee().to_move() != before;
        let view = PlayerView::build(game.log(), Color::White);
        if let Some(k) = game.referee().true_board().king_of(Color::Black) {
            assert!(view.king.possible.contains(k));
        }
        sizes.push(view.king.possible.count());
    }
    assert!(
        sizes.iter().all(|&n| n < 40),
        "the lone king is never lost in the crowd: {sizes:?}"
    );
}

/// Every event as `color` took part in it, none left out: the derivation the views used before
/// [`GameLog::perceived_by`] existed (it walked every event of the log).
fn unfiltered_perception(log: &GameLog, color: Color) -> Perception {
    Perception {
        color,
        rules: log.rules.clone(),
        start: log.start.clone(),
        unseen: None,
        opening: heard_by(&log.opening, color).collect(),
        events: log
            .events
            .iter()
            .map(|e| Perceived {
                request: (e.by == Some(color)).then(|| e.request.clone()),
                heard: heard_by(&e.said, color).collect(),
                turn_ends: e.turn_ends,
            })
            .collect(),
    }
}

/// Changes everything in `log` that `watcher` was not told: the opponent's requests, items
/// addressed to the opponent alone, and extra opponent events the watcher never heard of.
fn scramble_unseen(log: &GameLog, watcher: Color, rng: &mut Rng) -> GameLog {
    let mut out = log.clone();
    let secret = Said {
        to: Audience::Only(!watcher),
        item: Item::Illegal,
    };
    let unheard = Event {
        by: Some(!watcher),
        request: Request::Try(Attempt::parse("h1h8").expect("well-formed")),
        said: vec![secret],
        turn_ends: false,
        clock: None,
    };
    let mut events = vec![unheard.clone()];
    for e in &log.events {
        if rng.below(3) == 0 {
            events.push(unheard.clone());
        }
        let mut e = e.clone();
        if e.by == Some(!watcher) {
            e.request = Request::Try(Attempt::parse("a2a8").expect("well-formed"));
        }
        e.said.retain(|s| s.to.includes(watcher));
        if rng.below(2) == 0 {
            e.said.push(secret);
        }
        events.push(e);
    }
    out.events = events;
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, .. ProptestConfig::default() })]

    /// A view built from `perceived_by(c)` equals the view built from every event of the log,
    /// and changing anything `c` was not told leaves `perceived_by(c)` (hence the view) equal.
    #[test]
    fn perceived_by_is_the_whole_view_and_only_it(preset in prop::sample::select(Preset::ALL.to_vec()), seed in any::<u64>(), cut in 0usize..200) {
        let log = random_game(preset, seed, 90, |_| {}).into_log();
        let upto = cut.min(log.events.len());
        let mut rng = Rng::new(seed ^ 0x5ec2e7);
        for c in [Color::White, Color::Black] {
            let perceived = log.perceived_by(c);
            prop_assert_eq!(
                PlayerView::from_perception(&perceived),
                PlayerView::from_perception(&unfiltered_perception(&log, c))
            );
            prop_assert_eq!(PlayerView::build(&log, c), PlayerView::from_perception(&perceived));
            let mut prefix = log.clone();
            prefix.events.truncate(upto);
            prop_assert_eq!(log.perceived_by_upto(c, upto), prefix.perceived_by(c));
            let scrambled = scramble_unseen(&log, c, &mut rng);
            prop_assert_ne!(&scrambled.events, &log.events);
            prop_assert_eq!(scrambled.perceived_by(c), perceived);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, .. ProptestConfig::default() })]

    /// (d) A seat's perception followed through a long random game (brought up to date every
    /// `every` turns, so several events are read at once) equals the one read from scratch
    /// from the whole log, after every update and at the end; a log cut short (an event taken
    /// back) is read again.
    #[test]
    fn following_a_log_equals_reading_it_whole(preset in prop::sample::select(Preset::ALL.to_vec()), seed in any::<u64>(), every in 1usize..5, cut in 0usize..400) {
        let mut followers: Option<[Following; 2]> = None;
        let mut turns = 0;
        let game = random_game(preset, seed, 300, |game| {
            let log = game.log();
            let followers = followers.get_or_insert_with(|| {
                [Following::new(log, Color::White), Following::new(log, Color::Black)]
            });
            turns += 1;
            if turns % every == 0 {
                for f in followers.iter_mut() {
                    let color = f.perception().color;
                    assert_eq!(f.update(log), &log.perceived_by(color), "{color:?}, turn {turns}");
                }
            }
        });
        let log = game.log();
        let Some(followers) = followers.as_mut() else {
            return Err(TestCaseError::fail("the game never started"));
        };
        for f in followers.iter_mut() {
            let color = f.perception().color;
            prop_assert_eq!(f.update(log), &log.perceived_by(color));
            let mut shorter = log.clone();
            shorter.events.truncate(cut.min(log.events.len().saturating_sub(1)));
            prop_assert_eq!(f.update(&shorter), &shorter.perceived_by(color));
        }
    }
}
