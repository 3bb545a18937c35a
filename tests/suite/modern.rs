//! Modern Kriegspiel's opened squares chosen by the bots (issue 33, item 5): the strong bot
//! opens the 7 squares that split its belief the most, after every legal move, in a match and
//! behind the seat protocol; a program that opens nothing is not waited for.

use kriegspiel::attempt::Attempt;
use kriegspiel::belief::Belief;
use kriegspiel::bots::BotKind;
use kriegspiel::bots::opening::{bits_taught, most_telling};
use kriegspiel::log::{Game, GameLog};
use kriegspiel::matchplay::{MatchConfig, play_match};
use kriegspiel::referee::Request;
use kriegspiel::rules::Preset;
use kriegspiel::view::PlayerView;
use shakmaty::{Bitboard, Color, Square};
use std::path::PathBuf;

/// A fresh folder of this test process under the system's temporary folder.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kriegspiel-modern-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Black's belief after White's first move (any of 20), as Black is to move.
fn after_one_white_move(uci: &str) -> (PlayerView, Belief) {
    let mut game = Game::standard(Preset::Modern.rules());
    game.apply(Request::Try(Attempt::parse(uci).expect("uci")))
        .expect("legal");
    let view = PlayerView::build(game.log(), Color::Black);
    let belief = Belief::with_cap(&view, 10_000, 1).expect("supported");
    (view, belief)
}

#[test]
fn the_squares_chosen_teach_more_than_any_other_seven_tried() {
    let (view, belief) = after_one_white_move("g1f3");
    assert_eq!(belief.worlds().len(), 20, "White's 20 first moves");
    let own = view.own.by_color(Color::Black);
    let chosen = most_telling(&belief, own, 7);
    assert_eq!(chosen.count(), 7);
    assert!((chosen & own).is_empty(), "our own squares teach nothing");
    let taught = bits_taught(&belief, chosen);
    // All there is to learn: which of the twenty moves (weighed by how plausible the belief
    // finds each). A square shows at most two or three of them apart (a3: the pawn, the
    // knight or nothing), so seven squares can name about thirteen and leave the rest
    // together: about 3.3 bits of 4.3.
    let whole: f64 = belief
        .weights_of_worlds()
        .iter()
        .filter(|w| **w > 0.0)
        .map(|w| -w * w.log2())
        .sum();
    assert!(taught > 0.72 * whole, "{taught} of {whole}");
    // Any seven squares of White's third and fourth ranks, or of its first two, teach less.
    let mut rng = kriegspiel::rng::Rng::new(5);
    for _ in 0..200 {
        let mut other = Bitboard::EMPTY;
        while other.count() < 7 {
            other.add(Square::new(16 + rng.below(16) as u32));
        }
        assert!(bits_taught(&belief, other) <= taught + 1e-9, "{other:?}");
    }
    let back =
        Bitboard::from_rank(shakmaty::Rank::First) | Bitboard::from_rank(shakmaty::Rank::Second);
    let first_seven: Bitboard = back.into_iter().take(7).collect();
    assert!(bits_taught(&belief, first_seven) < taught);
}

#[test]
fn a_belief_with_nothing_left_to_learn_still_names_the_squares_the_rules_ask_for() {
    // Before Black's first move White's belief is the start: one world.
    let game = Game::standard(Preset::Modern.rules());
    let view = PlayerView::build(game.log(), Color::White);
    let belief = Belief::with_cap(&view, 100, 1).expect("supported");
    let chosen = most_telling(&belief, view.own.by_color(Color::White), 7);
    assert_eq!(chosen.count(), 7);
    assert_eq!(bits_taught(&belief, chosen), 0.0);
}

/// Every legal move of `color` in `log` and whether an opening of 7 squares by `color`
/// follows it before the opponent acts.
fn opened_after_moves(log: &GameLog, color: Color) -> Vec<bool> {
    let events = &log.events;
    let mut out = Vec::new();
    for (i, e) in events.iter().enumerate() {
        if e.by == Some(color) && e.turn_ends && matches!(e.request, Request::Try(_)) {
            let next = events.get(i + 1);
            out.push(next.is_some_and(|n| {
                n.by == Some(color) && matches!(n.request, Request::Open(b) if b.count() == 7)
            }));
        }
    }
    out
}

#[test]
fn in_a_match_the_strong_bot_opens_seven_squares_after_every_legal_move() {
    let dir = scratch("match");
    let config = MatchConfig {
        white: BotKind::Strong.into(),
        black: BotKind::Random.into(),
        rules: Preset::Modern.rules(),
        games: 1,
        seed: 2,
        max_plies: 30,
        out_dir: Some(dir.clone()),
        ..MatchConfig::default()
    };
    let summary = play_match(&config, |_, r| assert_eq!(r.errors, 0, "{r:?}")).expect("plays");
    assert_eq!(summary.games, 1);
    let loaded = kriegspiel::save::load_file(&dir.join("match-2-0.ron")).expect("saved");
    let log = &loaded.saved.log;
    let white = opened_after_moves(log, Color::White);
    assert!(white.len() >= 10, "{white:?}");
    // The last move may end the game (nothing is opened after a mate).
    assert!(white[..white.len() - 1].iter().all(|o| *o), "{white:?}");
    // The random bot opens nothing.
    assert!(opened_after_moves(log, Color::Black).iter().all(|o| !o));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn behind_the_seat_protocol_the_bot_opens_its_squares_and_the_game_goes_on() {
    let dir = scratch("engine");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kriegspiel"))
        .args([
            "match",
            "--rules",
            "modern",
            "--white",
            "cmd:kriegspiel engine --bot strong",
            "--black",
            "cmd:kriegspiel engine --bot random",
            "--games",
            "1",
            "--max-plies",
            "12",
            "--seed",
            "4",
            "--out-dir",
        ])
        .arg(&dir)
        .output()
        .expect("runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains("in 12 plies (ply limit)"), "{stdout}");
    let loaded = kriegspiel::save::load_file(&dir.join("match-4-0.ron")).expect("saved");
    let white = opened_after_moves(&loaded.saved.log, Color::White);
    assert_eq!(white.len(), 6, "{white:?}");
    assert!(white.iter().all(|o| *o), "{white:?}");
    // A program that opens nothing (the random bot) was not waited for past its move.
    assert!(
        opened_after_moves(&loaded.saved.log, Color::Black)
            .iter()
            .all(|o| !o)
    );
    let _ = std::fs::remove_dir_all(&dir);
}
