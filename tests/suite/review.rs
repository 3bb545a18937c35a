//! The review after the reveal (`kriegspiel::review`, `kriegspiel review`): the charts' data of a
//! sample game, and a mate in 2 the mover had and did not play, found.

use kriegspiel::review::{Mate, Options, Progress, review};
use kriegspiel::save::{Meta, SavedGame};
use kriegspiel::{Game, Preset, Request};
use shakmaty::Color;
use std::sync::Arc;
use std::time::Duration;

fn sample(name: &str) -> SavedGame {
    let path = format!("{}/{name}.ron", env!("CARGO_MANIFEST_DIR"));
    kriegspiel::save::load_file(std::path::Path::new(&path))
        .expect("the sample loads")
        .saved
}

fn quick() -> Options {
    Options {
        budget: Duration::from_millis(5),
        ..Options::default()
    }
}

#[test]
fn a_sample_games_review_gives_every_charts_data() {
    let saved = sample("saves/sample-berkeley_any");
    let got = review(&saved, quick(), &Arc::new(Progress::default())).expect("reviewed");
    let turns: Vec<_> = saved.log.turns().collect();
    assert_eq!(got.turns.len(), turns.len());
    // At the start both sides know the position exactly; later they do not.
    let first = &got.turns[0];
    for color in [Color::White, Color::Black] {
        let k = first.knew_by(color).expect("a belief under Berkeley rules");
        assert!(k.exact && k.positions == 1.0, "{k:?}");
    }
    assert!(
        got.turns
            .iter()
            .any(|t| t.knew_by(Color::Black).is_some_and(|k| k.bits() > 3.0))
    );
    // Estimates are marked: an exact count never exceeds the belief's cap.
    for k in got.turns.iter().flat_map(|t| t.knew).flatten() {
        assert!(k.positions >= 1.0);
        assert!(!k.exact || k.positions <= 1_200.0, "{k:?}");
    }
    // Material: 39 each at the start; the side not moving loses material only on a capture.
    assert_eq!(first.material, [39, 39]);
    let mut before = [39, 39];
    for t in &got.turns {
        let them = usize::from(t.mover == Color::White);
        if t.capture.is_none() {
            assert_eq!(t.material[them], before[them], "turn {}", t.number);
        } else {
            assert!(t.material[them] < before[them], "turn {}", t.number);
        }
        before = t.material;
    }
    assert!(got.turns.iter().any(|t| t.capture.is_some()));
    // The computer's try at every turn but the last (the game ended in it).
    let tries = got.turns.iter().filter(|t| t.suggestion.is_some()).count();
    assert!(
        tries + 1 >= got.turns.len(),
        "{tries} of {}",
        got.turns.len()
    );
    // The mover's turns were searched for mates.
    assert!(
        got.turns
            .iter()
            .any(|t| matches!(t.mate, Mate::Absent { upto } if upto >= 1))
    );
    // The text: a heading, then one line per turn; and one comment per turn, after it.
    let text = got.text();
    assert_eq!(
        text.lines().filter(|l| l.contains(" knew ")).count(),
        turns.len()
    );
    let comments = got.comments();
    assert_eq!(comments.len(), turns.len());
    assert!(comments.contains_key(&turns[0].events.len()));
}

/// G. F. Anderson's mate in 2 (Are There Any?, no. 3): the whole position is known at the start
/// (1. Qe7! and mate next whatever Black does), but White plays 1. Rd4 instead.
fn missed_mate_in_two() -> SavedGame {
    let rules = Preset::English.rules();
    let mut game =
        Game::from_fen(rules, "8/B7/1r3r2/2Q2p2/7n/3R3B/1p2p3/4k1NK w - - 0 1").expect("a start");
    for m in ["d3d4", "f6f7", "d4d5", "f7f8"] {
        let attempt = m.parse().expect("an attempt");
        game.apply(Request::Try(attempt)).expect("legal");
    }
    game.apply(Request::Resign(Color::White)).expect("resigned");
    let mut saved = SavedGame::of(&game, Meta::default(), None);
    saved.result = game.referee().over();
    saved
}

#[test]
fn a_missed_mate_in_two_is_found() {
    let saved = missed_mate_in_two();
    let options = Options {
        budget: Duration::from_secs(20),
        ..Options::default()
    };
    let got = review(&saved, options, &Arc::new(Progress::default())).expect("reviewed");
    match &got.turns[0].mate {
        Mate::Found {
            depth,
            key,
            key_tried,
            mated,
            sampled,
        } => {
            assert_eq!(*depth, 2);
            assert_eq!(key, "Qe7");
            assert!(!key_tried && !mated && !sampled);
        }
        other => panic!("no mate found at the first turn: {other:?}"),
    }
    assert_eq!(got.missed().count(), got.mates().count());
    assert!(got.missed().count() >= 1);
    assert!(
        got.text().contains("mate in 2 from Qe7: missed"),
        "{}",
        got.text()
    );
}

#[test]
fn the_command_prints_the_review_and_writes_it_into_the_pgn() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let save = dir.path().join("missed.ron");
    missed_mate_in_two().write(&save).expect("written");
    let pgn = dir.path().join("missed.pgn");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kriegspiel"))
        .args(["review", "--budget-ms", "20000", "--pgn-out"])
        .arg(&pgn)
        .arg(&save)
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("1 found, 1 missed"), "{text}");
    let pgn = std::fs::read_to_string(&pgn).expect("the PGN");
    assert!(pgn.contains("{Review: White knew 1 position"), "{pgn}");
    assert!(pgn.contains("mate in 2 from Qe7: missed"), "{pgn}");
}

/// Issue 55: the count's upper bound stands on what the seat knows of the opponent's army: in
/// every sample game, at every point, the units the seat counts are the opponent's units on
/// the true board, at most the pawns it allows are pawns, and the truth fits the bound.
#[test]
fn the_bound_counts_the_opponents_units_as_they_are() {
    use kriegspiel::referee::Referee;
    use kriegspiel::review::{army, bound};
    use kriegspiel::view::PlayerView;
    let dir = format!("{}/saves", env!("CARGO_MANIFEST_DIR"));
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).expect("the samples") {
        let path = entry.expect("an entry").path();
        let Ok(loaded) = kriegspiel::save::load_file(&path) else {
            continue;
        };
        let log = &loaded.saved.log;
        let (mut truth, _) = Referee::new(log.rules.clone(), log.start.clone()).expect("a start");
        let mut views = [Color::White, Color::Black].map(|c| PlayerView::build_prefix(log, c, 0));
        for (i, e) in log.events.iter().enumerate() {
            truth.apply(&e.request).expect("replays");
            for view in &mut views {
                if let Some(seen) = log.perceived_event(i, view.color) {
                    view.extend(seen);
                }
                let board = truth.true_board();
                let theirs = board.by_color(!view.color);
                if (theirs & board.kings()).is_empty() {
                    continue; // Semi-Kriegspiel before the placement
                }
                let known = army(view);
                let name = path.display();
                assert_eq!(known.units as usize, theirs.count(), "{name}, event {i}");
                assert!(
                    (theirs & board.pawns()).count() <= known.pawns as usize,
                    "{name}, event {i}: {known:?}"
                );
                assert!(bound(view) >= 1.0);
                checked += 1;
            }
        }
    }
    assert!(checked > 1_000, "{checked}");
}

/// The incremental view the review reads equals the view built from scratch.
#[test]
fn a_view_brought_forward_equals_one_built_afresh() {
    use kriegspiel::view::PlayerView;
    let saved = sample("saves/sample-berkeley_any");
    let log = &saved.log;
    for color in [Color::White, Color::Black] {
        let mut view = PlayerView::build_prefix(log, color, 0);
        for i in 0..log.events.len() {
            if let Some(seen) = log.perceived_event(i, color) {
                view.extend(seen);
            }
            if i % 37 == 0 || i + 1 == log.events.len() {
                assert_eq!(
                    view,
                    PlayerView::build_prefix(log, color, i + 1),
                    "event {i}"
                );
            }
        }
    }
}

/// Issue 55: no count is below 1 or above its bound, chart and text read the same figure,
/// and `--max-plies` bounds the review.
#[test]
fn counts_stay_within_their_bounds_and_max_plies_bounds_the_review() {
    let saved = sample("saves/sample-cincinnati");
    let options = Options {
        max_plies: 60,
        ..quick()
    };
    let got = review(&saved, options, &Arc::new(Progress::default())).expect("reviewed");
    assert_eq!(got.turns.len(), 60);
    assert!(got.game_turns > 60);
    assert!(got.text().starts_with("Review: 60 of "), "{}", got.text());
    for t in &got.turns {
        for k in t.knew.iter().flatten() {
            assert!(k.positions >= 1.0 && k.positions <= k.bound, "{k:?}");
            assert!(k.bits() <= k.bound.log2() + 1e-9);
        }
    }
}
