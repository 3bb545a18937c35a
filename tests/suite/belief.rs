//! The belief state (issue 18): built from one seat's view only, it is tight (after Black's two
//! quiet moves White's belief puts the black king on e8, e7, d7 or f7 only, and holds exactly
//! the positions a brute-force enumeration finds) and it never excludes the truth while exact.

use kriegspiel::announce::heard_by;
use kriegspiel::attempt::Attempt;
use kriegspiel::belief::{Belief, BeliefError};
use kriegspiel::bots::Bot;
use kriegspiel::bots::random::RandomBot;
use kriegspiel::log::Game;
use kriegspiel::referee::handicap;
use kriegspiel::referee::{Referee, Request};
use kriegspiel::rng::Rng;
use kriegspiel::rules::{Handicap, Preset, RuleSet, Sighted, Wing};
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
fn a_start_that_cannot_be_played_is_a_clear_error() {
    let game = Game::standard(Preset::Rbc.rules());
    let mut view = PlayerView::build(game.log(), Color::White);
    // Two white kings: no referee can start from that.
    view.start
        .board
        .set_piece_at(Square::E4, shakmaty::Piece::from_char('K').expect("K"));
    assert!(matches!(Belief::new(&view), Err(BeliefError::Start(_))));
}

/// Every rule set a game can be played under: the presets, Modern Kriegspiel, and the handicap
/// games (Semi-Kriegspiel's hidden placement among them).
fn every_rule_set() -> Vec<(String, RuleSet)> {
    let mut out: Vec<(String, RuleSet)> = Preset::ALL
        .into_iter()
        .map(|p| (format!("{p:?}"), p.rules()))
        .collect();
    let mut modern = Preset::Berkeley.rules();
    modern.open_squares = 7;
    out.push(("Modern".into(), modern));
    for (name, handicap, sighted) in [
        ("Semi", Handicap::Semi, Sighted::White),
        ("Semi (Black sighted)", Handicap::Semi, Sighted::Black),
        ("Pickle-pot", Handicap::PicklePot, Sighted::White),
    ] {
        let mut r = Preset::Wild16.rules();
        r.handicap = handicap;
        r.sighted = sighted;
        if handicap == Handicap::PicklePot {
            r.bishop = Some(Wing::F);
        }
        out.push((name.into(), r));
    }
    out
}

/// A new game under `rules`, Semi-Kriegspiel's king and queen placed at random.
fn new_game(rules: &RuleSet, rng: &mut Rng) -> Game {
    let start = handicap::start_position(rules).unwrap_or_else(shakmaty::Setup::initial);
    let mut game = Game::new(rules.clone(), start).expect("a legal start");
    if let Some(color) = game.referee().placing() {
        loop {
            let king = Square::new(rng.below(64) as u32);
            let queen = Square::new(rng.below(64) as u32);
            if game.apply(Request::Place { color, king, queen }).is_ok() {
                break;
            }
        }
    }
    game
}

/// Random games under every rule set: after every request both seats' beliefs (kept up to
/// date from their views) are non-empty, their weights add up to 1, and they hold the truth
/// whenever they are exact. Modern Kriegspiel's mover opens seven random squares after half of
/// its moves.
#[test]
fn the_truth_is_never_excluded_while_the_belief_is_exact() {
    let mut exact_checks = 0;
    for (name, rules) in every_rule_set() {
        let mut name_checks = 0;
        for seed in 0..2u64 {
            let mut rng = Rng::new(seed * 7 + name.len() as u64);
            let mut game = new_game(&rules, &mut rng);
            let mut bots = [RandomBot::new(seed * 31 + 1), RandomBot::new(seed * 31 + 2)];
            let mut beliefs = [Color::White, Color::Black].map(|c| {
                Belief::with_cap(&PlayerView::build(game.log(), c), 3000, seed).expect("supported")
            });
            let mut plies = 0;
            let mut requests = 0;
            while plies < 12 && requests < 400 && game.referee().over().is_none() {
                requests += 1;
                let side = game.referee().to_move();
                let view = PlayerView::build(game.log(), side);
                let Some(r) = bots[usize::from(side == Color::Black)].act(&view) else {
                    break;
                };
                let Ok(event) = game.apply(r) else {
                    continue;
                };
                if !event.turn_ends {
                    continue;
                }
                if rules.open_squares > 0 && rng.below(2) == 0 && game.referee().over().is_none() {
                    let mut squares = shakmaty::Bitboard::EMPTY;
                    while squares.count() < 7 {
                        squares.add(Square::new(rng.below(64) as u32));
                    }
                    game.apply(Request::Open(squares)).expect("opened");
                }
                plies += 1;
                for (i, c) in [Color::White, Color::Black].into_iter().enumerate() {
                    let view = PlayerView::build(game.log(), c);
                    beliefs[i].update(&view);
                    let b = &beliefs[i];
                    assert!(
                        !b.worlds().is_empty(),
                        "{name} seed {seed} ply {plies}: {c:?}'s belief is empty"
                    );
                    let total: f64 = b.weights_of_worlds().iter().sum();
                    assert!((total - 1.0).abs() < 1e-6, "{name}: weights add to {total}");
                    if b.is_exact() {
                        exact_checks += 1;
                        name_checks += 1;
                        assert!(
                            b.contains(game.referee()),
                            "{name} seed {seed} ply {plies}: {c:?} excluded {}",
                            game.referee().fen()
                        );
                    }
                }
            }
        }
        assert!(name_checks >= 4, "{name}: only {name_checks} exact checks");
    }
    assert!(exact_checks > 200, "{exact_checks}");
}

/// A hidden start with a king and two pawns (issue 36's endings): every placement is a world,
/// the truth among them, and the worlds follow the game.
#[test]
fn a_hidden_king_with_pawns_is_placed_everywhere() {
    let mut rng = kriegspiel::rng::Rng::new(4);
    let setup = kriegspiel::setup::random_blocked_ending(
        &[shakmaty::Role::Queen],
        2,
        shakmaty::Color::White,
        &mut rng,
    )
    .expect("a placement");
    let mut game = Game::new(Preset::Wild16.rules(), setup).expect("a game");
    game.hide_start();
    let view = PlayerView::build(game.log(), shakmaty::Color::White);
    let belief = Belief::new(&view).expect("a belief");
    assert!(belief.worlds().len() > 10_000, "{}", belief.worlds().len());
    assert!(belief.is_exact());
    assert!(belief.contains(game.referee()));
}
