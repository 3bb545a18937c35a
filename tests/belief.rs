//! The belief state (issue 18): built from one seat's view only, it is tight (after Black's two
//! quiet moves White's belief puts the black king on e8, e7, d7 or f7 only, and holds exactly
//! the positions a brute-force enumeration finds) and it never excludes the truth while exact.

mod common;

use kriegspiel::announce::heard_by;
use kriegspiel::attempt::Attempt;
use kriegspiel::belief::{Belief, BeliefError};
use kriegspiel::bots::random::RandomBot;
use kriegspiel::log::Game;
use kriegspiel::referee::{Referee, Request};
use kriegspiel::rules::Preset;
use kriegspiel::view::PlayerView;
use shakmaty::{Color, Role, Square};
use std::collections::BTreeSet;

fn id(r: &Referee) -> String {
    r.fen().split(' ').take(4).collect::<Vec<_>>().join(" ")
}

fn play(game: &mut Game, uci: &str) {
    game.apply(Request::Try(Attempt::parse(uci).expect("uci")))
        .expect("accepted");
}

#[test]
fn after_two_quiet_black_moves_the_king_is_on_one_of_four_squares() {
    let mut game = Game::standard(Preset::Berkeley.rules());
    for m in ["a2a3", "e7e6", "h2h3", "e8e7"] {
        play(&mut game, m);
    }
    let view = PlayerView::build(game.log(), Color::White);
    let belief = Belief::with_cap(&view, 100_000, 1).expect("supported");
    assert!(belief.is_exact());
    let kings: BTreeSet<String> = belief
        .squares(Some(Role::King))
        .into_iter()
        .map(|(sq, _)| sq.to_string())
        .collect();
    let expected: BTreeSet<String> = ["e8", "e7", "d7", "f7"].map(String::from).into();
    assert_eq!(kings, expected);
    assert!(belief.contains(game.referee()));

    // Brute force: every two black moves after 1.a3 and 2.h3 whose announcements White heard
    // as it did (Berkeley: "Black moved", and nothing else, both times).
    let (start, _) = Referee::standard(Preset::Berkeley.rules());
    let heard_then = |r: &mut Referee, uci: &str| -> Vec<_> {
        let said = r
            .apply(&Request::Try(Attempt::parse(uci).expect("uci")))
            .expect("legal");
        heard_by(&said, Color::White).collect()
    };
    let mut truth = start.clone();
    heard_then(&mut truth, "a2a3");
    let first: Vec<_> = heard_then(&mut truth, "e7e6");
    heard_then(&mut truth, "h2h3");
    let second: Vec<_> = heard_then(&mut truth, "e8e7");
    let mut brute = BTreeSet::new();
    let mut after_a3 = start.clone();
    heard_then(&mut after_a3, "a2a3");
    for b1 in after_a3.legal_attempts() {
        let mut r1 = after_a3.clone();
        let said = r1.apply(&Request::Try(b1)).expect("legal");
        if heard_by(&said, Color::White).collect::<Vec<_>>() != first {
            continue;
        }
        heard_then(&mut r1, "h2h3");
        for b2 in r1.legal_attempts() {
            let mut r2 = r1.clone();
            let said = r2.apply(&Request::Try(b2)).expect("legal");
            if heard_by(&said, Color::White).collect::<Vec<_>>() == second {
                brute.insert(id(&r2));
            }
        }
    }
    let kept: BTreeSet<String> = belief.worlds().iter().map(id).collect();
    assert_eq!(kept, brute);
    // The weights of a square are shares of the worlds.
    let e8 = belief.weights(Some(Role::King))[usize::from(Square::E8)];
    assert!(e8 > 0.5 && e8 < 1.0, "{e8}");
}

#[test]
fn a_capture_heard_narrows_the_belief_to_the_capturing_units() {
    let mut game = Game::standard(Preset::Wild16.rules());
    for m in ["e2e4", "d7d5", "e4d5"] {
        play(&mut game, m);
    }
    let view = PlayerView::build(game.log(), Color::White);
    let belief = Belief::with_cap(&view, 100_000, 1).expect("supported");
    // White took on d5: a black unit stood there, and only a pawn can have got there in one move.
    assert!(belief.worlds().iter().all(|w| {
        w.true_board()
            .piece_at(Square::D5)
            .is_some_and(|p| p.color == Color::White)
    }));
    let black_view = PlayerView::build(game.log(), Color::Black);
    let black = Belief::with_cap(&black_view, 100_000, 1).expect("supported");
    assert!(black.contains(game.referee()));
}

#[test]
fn unsupported_rules_are_a_clear_error() {
    let game = Game::standard(Preset::Rbc.rules());
    let view = PlayerView::build(game.log(), Color::White);
    assert!(matches!(
        Belief::new(&view),
        Err(BeliefError::Unsupported(_))
    ));
}

/// Random games in every Kriegspiel preset: after every request both seats' beliefs (kept
/// up to date from their views) are non-empty, and hold the truth whenever they are exact.
#[test]
fn the_truth_is_never_excluded_while_the_belief_is_exact() {
    let mut exact_checks = 0;
    for preset in common::KRIEGSPIEL {
        for seed in 0..2u64 {
            let mut game = Game::standard(preset.rules());
            let mut bot = RandomBot::new(seed * 31 + preset as u64);
            let mut beliefs = [Color::White, Color::Black].map(|c| {
                Belief::with_cap(&PlayerView::build(game.log(), c), 400, seed).expect("supported")
            });
            let mut new_turn = true;
            let mut plies = 0;
            let mut requests = 0;
            while plies < 16 && requests < 400 && game.referee().over().is_none() {
                requests += 1;
                let Some(r) = bot.next_request(game.referee(), new_turn) else {
                    break;
                };
                new_turn = match game.apply(r) {
                    Ok(event) => event.turn_ends,
                    Err(_) => false,
                };
                if !new_turn {
                    continue;
                }
                plies += 1;
                for (i, c) in [Color::White, Color::Black].into_iter().enumerate() {
                    let view = PlayerView::build(game.log(), c);
                    beliefs[i].update(&view);
                    assert!(
                        !beliefs[i].worlds().is_empty(),
                        "{preset:?} seed {seed} ply {plies}: {c:?}'s belief is empty"
                    );
                    if beliefs[i].is_exact() {
                        exact_checks += 1;
                        assert!(
                            beliefs[i].contains(game.referee()),
                            "{preset:?} seed {seed} ply {plies}: {c:?} excluded {}",
                            game.referee().fen()
                        );
                    }
                }
            }
        }
    }
    assert!(exact_checks > 50, "{exact_checks}");
}
