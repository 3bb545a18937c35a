//! King and Rook against King: the metaposition never loses the true king, the shipped strategy
//! table is sound, and our player mates from every start where a mate can be forced.

use kriegspiel::attempt::Attempt;
use kriegspiel::krk::defenders::{Defender, Kind};
use kriegspiel::krk::players::{OurPlayer, PaperPlayer, Player};
use kriegspiel::krk::run::{self, Adversary, End, Failure, Start};
use kriegspiel::krk::solver::Table;
use kriegspiel::krk::{Meta, rook_always_exposed};
use kriegspiel::rules::Preset;
use proptest::prelude::*;
use std::process::Command;

use crate::common;
use common::KRIEGSPIEL as PRESETS;

fn kind(random: bool) -> Kind {
    if random { Kind::Random } else { Kind::Edge }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Whatever the player, the defender and the rules, White's set holds the true square at
    /// every step of the game.
    #[test]
    fn the_set_never_loses_the_true_king(seed in any::<u64>(), preset in 0usize..7, paper in any::<bool>(), random in any::<bool>()) {
        let start = run::random_starts(1, seed)[0];
        let rules = PRESETS[preset].rules();
        let mut player: Box<dyn Player> = if paper {
            Box::new(PaperPlayer::new(2))
        } else {
            Box::new(OurPlayer::new().expect("the shipped table loads"))
        };
        let mut defender = Defender::new(kind(random), seed);
        let mut steps = 0;
        let mut lost = None;
        run::play_observed(player.as_mut(), &mut defender, &rules, start, 120, &mut |meta, truth| {
            steps += 1;
            if let Some(k) = truth && !meta.bk.contains(k) && lost.is_none() {
                lost = Some((run::describe(meta), k));
            }
        });
        prop_assert!(steps > 0);
        prop_assert_eq!(lost, None);
    }
}

#[test]
fn the_shipped_table_is_consistent_and_complete() {
    let table = Table::get().expect("the shipped table loads");
    table
        .verify()
        .expect("every stored value is proven by its successors");
    let (solved, states, longest) = table.stats();
    assert_eq!((solved, states, longest), (2_193_103, 2_225_769, 39));
}

#[test]
fn a_start_is_unsolved_exactly_when_the_rook_is_always_exposed() {
    let table = Table::get().expect("the shipped table loads");
    let placements = run::placements();
    assert_eq!(placements.len(), 518);
    let mut exposed = 0;
    for (wk, wr) in placements {
        let m = Meta::start(wk, wr);
        let solved = table.best(m.wk, m.wr, m.bk).is_some();
        assert_eq!(solved, !rook_always_exposed(wk, wr), "K{wk} R{wr}");
        exposed += usize::from(!solved);
    }
    assert_eq!(exposed, 203);
}

#[test]
fn an_exposed_rook_is_seen() {
    // The rook in a corner with the white king far away: some king on b2 takes it whatever
    // White does; with the king next to the rook it is safe.
    assert!(rook_always_exposed(
        shakmaty::Square::H8,
        shakmaty::Square::A1
    ));
    assert!(!rook_always_exposed(
        shakmaty::Square::B1,
        shakmaty::Square::A1
    ));
}

/// Every `step`-th start of `--all`.
fn sample(step: usize) -> Vec<Start> {
    run::all_starts().into_iter().step_by(step).collect()
}

#[test]
fn ours_mates_every_solved_start_against_the_edge_and_random_kings() {
    let mut player = OurPlayer::new().expect("the shipped table loads");
    let mut games = 0;
    for preset in [Preset::Wild16, Preset::Berkeley] {
        let rules = preset.rules();
        for (i, start) in sample(37).into_iter().enumerate() {
            let exposed = rook_always_exposed(start.wk, start.wr);
            for random in [false, true] {
                let mut d = Defender::new(kind(random), i as u64);
                let g = run::play(&mut player, &mut d, &rules, start, 200);
                games += 1;
                if !exposed {
                    assert_eq!(g.end, End::Mate, "{start:?} {preset:?} random {random}");
                    assert!(g.moves <= 45, "{start:?}: {} moves", g.moves);
                } else {
                    // Where no player can force mate, the game still never loops or drags on.
                    assert!(
                        !matches!(g.end, End::Loop | End::Cutoff),
                        "{start:?}: {:?}",
                        g.end
                    );
                }
            }
        }
    }
    assert!(games > 2000);
}

#[test]
fn the_adversary_cannot_beat_ours_from_a_solved_start() {
    let mut player = OurPlayer::new().expect("the shipped table loads");
    let mut adversary = Adversary::new(&mut player, 200);
    let mut proven = 0;
    for (wk, wr) in run::placements().into_iter().step_by(7) {
        let result = adversary.from_start(wk, wr);
        if rook_always_exposed(wk, wr) {
            assert!(result.is_err(), "K{wk} R{wr} cannot be forced");
        } else {
            let worst = result.unwrap_or_else(|f| panic!("K{wk} R{wr}: {f:?}"));
            assert!(worst <= 45, "K{wk} R{wr}: {worst}");
            proven += 1;
        }
    }
    assert!(proven > 30);
}

/// Ours without its history: the table's strategy alone.
struct Forgetful(OurPlayer);

impl Player for Forgetful {
    fn name(&self) -> &'static str {
        "forgetful"
    }
    fn choose(&mut self, m: &Meta) -> Attempt {
        self.0.choose(m)
    }
    fn uses_refusals(&self) -> bool {
        false
    }
}

#[test]
fn under_automatic_threefold_ours_never_repeats_and_the_table_alone_would() {
    use shakmaty::Square::*;
    // Every sequence of answers from one start, with White's history (about 3 million
    // decisions): mate within 45 moves and no position can occur a third time.
    let mut player = OurPlayer::new().expect("the shipped table loads");
    let mut adversary = Adversary::new(&mut player, 200);
    let worst = adversary.in_game_from_start(A1, C3);
    assert!(matches!(worst, Ok(w) if w <= 45), "{worst:?}");
    assert_eq!(adversary.in_game_from_start(D4, H8), Err(Failure::RookLost));
    // The table's strategy without the history can be led into a threefold repetition.
    let mut forgetful = Forgetful(OurPlayer::new().expect("the shipped table loads"));
    let mut adversary = Adversary::new(&mut forgetful, 200);
    assert_eq!(
        adversary.in_game_from_start(A1, C3),
        Err(Failure::Repetition)
    );
}

#[test]
fn the_paper_player_plays_whole_games() {
    let mut player = PaperPlayer::new(2);
    let rules = Preset::Berkeley.rules();
    let mut mates = 0;
    let starts = run::random_starts(40, 9);
    for (i, start) in starts.iter().enumerate() {
        let mut d = Defender::new(Kind::Edge, i as u64);
        let g = run::play(&mut player, &mut d, &rules, *start, 200);
        mates += usize::from(g.end == End::Mate);
    }
    // The paper's player mates most games but not all (it has no guarantee).
    assert!(mates >= 25, "{mates} of 40");
}

#[test]
fn the_command_prints_the_summary_line() {
    let out = Command::new(env!("CARGO_BIN_EXE_kriegspiel"))
        .args([
            "krk",
            "--player",
            "ours",
            "--defender",
            "edge",
            "--positions",
            "30",
            "--seed",
            "3",
        ])
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let last = text.lines().last().unwrap_or_default();
    let words: Vec<&str> = last.split(' ').collect();
    assert_eq!(words[0], "mate");
    assert!(words[1].ends_with("/30"), "{last}");
    assert!(
        last.contains("%), avg ") && last.contains(" moves, worst ") && last.ends_with(" ms/move"),
        "{last}"
    );

    let bad = Command::new(env!("CARGO_BIN_EXE_kriegspiel"))
        .args(["krk", "--player", "nobody"])
        .output()
        .expect("runs");
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("invalid value 'nobody'"));
}

/// `kriegspiel krk` refuses rules and names it does not know before playing anything, and says
/// that they are bad input.
#[test]
fn krk_refuses_what_it_cannot_play_as_bad_input() {
    let options = |rules: Preset, player: &str, defender: &str| run::Options {
        player: player.to_owned(),
        defender: defender.to_owned(),
        positions: 1,
        seed: 1,
        all: false,
        rules: rules.rules(),
        depth: None,
        max_moves: 2,
    };
    let rbc = run::command(&options(Preset::Rbc, "ours", "edge"));
    assert_eq!(rbc, Err(run::KrkError::NotKriegspiel));
    let player = run::command(&options(Preset::Wild16, "nobody", "edge"));
    assert_eq!(player, Err(run::KrkError::UnknownPlayer("nobody".into())));
    let defender = run::command(&options(Preset::Wild16, "paper", "nobody"));
    assert_eq!(defender, Err(run::KrkError::UnknownDefender));
    for refused in [rbc, player, defender] {
        assert!(refused.is_err_and(|e| e.is_bad_input()));
    }
    let table = run::KrkError::Table(kriegspiel::krk::solver::TableError::Compression);
    assert!(!table.is_bad_input());
}
