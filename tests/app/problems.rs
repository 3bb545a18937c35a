//! The problems screen (issue 17): the problems of a folder are listed with their stipulation
//! and the squares the hidden units may stand on; "Solve" runs the solver in the background and
//! shows its verdict with the strategy.

use super::gui;

use egui_kittest::kittest::Queryable;
use gui::Gui;
use kriegspiel::problem::PlayState;

/// The app on the problems screen of the folder of `files` (name, text).
fn problems_screen(files: &[(&str, &str)]) -> Gui {
    let app = Gui::builder().size(1280.0, 900.0);
    for (name, text) in files {
        std::fs::write(app.dir().join(name), text).expect("write");
    }
    app.problems().build()
}

#[test]
fn a_problem_is_shown_and_solved_from_the_screen() {
    // Rotenberg's position with the bishop on b2, d2 or f2: the refusal branch of his key.
    let text = std::fs::read_to_string("assets/problems/rotenberg-1976.ron")
        .expect("the shipped problem")
        .replace("squares: Dark", "squares: List([\"b2\", \"d2\", \"f2\"])")
        .replace("mate_in: 8", "mate_in: 1")
        .lines()
        .filter(|l| !l.trim_start().starts_with("line:")) // 8 moves: more than a mate in 1
        .map(|l| format!("{l}\n"))
        .collect::<String>();
    let mut h = problems_screen(&[("branch.ron", &text), ("broken.ron", "(title: 1)")]);
    {
        let p = h.problems();
        assert_eq!(p.entries.len(), 2, "both files listed, the broken one too");
        assert!(p.entries.iter().any(|(_, read)| read.is_err()));
    }
    // The shaded squares of the hidden bishop are on the problem's board.
    assert!(h.query_by_label("Problem b2").is_some());
    h.get_by_label("Solve").click();
    // The spinner repaints while the solver thinks: step frame by frame.
    h.run_steps(2);
    h.run_until("the solver never answered", |h| {
        h.problems().answer.is_some()
    });
    let answer = h.problems().answer.clone().expect("the solver answered");
    assert!(
        answer.starts_with("Proven: mate in 1. Key: Nf2#"),
        "{answer}"
    );
}

/// White Kc6, Rh1; Black Ka8 and a pawn on a7, b7 or a6: 1.Kb6 (if refused, 1.Rh8#) 2.Rh8#.
const SMALL: &str = r#"(title: "Small", author: "test", source: "test", rules: "wild16",
    known: "k7/8/2K5/8/8/8/8/7R w - - 0 1",
    uncertain: [(piece: 'p', squares: List(["a7", "b7", "a6"]))], mate_in: 2)"#;

/// Waits (frame by frame) until the play panel is idle.
fn settle(h: &mut Gui) {
    h.run_until("the computer never answered", |h| {
        !h.problems()
            .playing
            .as_ref()
            .is_some_and(|x| x.thinking() || x.hint_waits())
    });
}

#[test]
fn a_problem_is_played_against_the_computer_with_hints_to_the_mate() {
    let mut h = problems_screen(&[("small.ron", SMALL)]);
    h.click("Play it against the computer");
    // The person's board holds its own pieces; the black king, known for sure, is a marker.
    assert!(h.query_by_label("White c6").is_some());
    // A wasted first move by clicks: the rook from h1 to h2.
    h.click("White h1");
    h.get_by_label("White h2").click();
    h.run_steps(2);
    settle(&mut h);
    let play = &h.problem_panel().play;
    assert_eq!(play.moves(), 1);
    assert!(
        play.record()[0].starts_with("1. Rh2"),
        "{:?}",
        play.record()
    );
    // Start again, then follow the hints to the mate.
    h.click("Start again");
    for _ in 0..4 {
        if *h.problem_panel().play.state() != PlayState::Playing {
            break;
        }
        play_the_hint(&mut h);
    }
    let panel = h.problem_panel();
    assert!(
        matches!(panel.play.state(), PlayState::Solved { .. }),
        "{:?} {:?} {:?}",
        panel.play.state(),
        panel.play.record(),
        panel.message
    );
    assert!(h.query_by_label_contains("Solved: mate in").is_some());
    assert!(h.query_by_label("Show the solver's tree").is_some());
}

/// Asks for a hint and plays the hinted move.
fn play_the_hint(h: &mut Gui) {
    h.get_by_label("Hint").click();
    h.run_steps(2);
    settle(h);
    let hint = h.problem_panel().message.clone().unwrap_or_default();
    assert!(hint.starts_with("Hint: "), "{hint}");
    // Type the hinted move as the hint writes it, in SAN.
    let san = hint
        .trim_start_matches("Hint: ")
        .split(' ')
        .next()
        .unwrap_or_default()
        .to_owned();
    let mut play = h.problem_panel().play.clone();
    let uci = match play.hint(std::time::Duration::from_secs(5)) {
        kriegspiel::problem::Hint::Next { act, .. } => act.to_string(),
        other => panic!("{other:?}"),
    };
    assert_ne!(san, uci, "the hint is written in SAN");
    let before = h.problem_panel().play.record().len();
    h.type_into("Attempt:", &san);
    h.get_by_label("Try").click();
    h.run_steps(2);
    settle(h);
    assert!(
        h.problem_panel().play.record().len() > before,
        "{san} ({uci}) was not played: {:?}",
        h.problem_panel().message
    );
}

/// From the start screen, wherever the program runs: the problems shipped inside it are listed,
/// a folder of the player's own problems is added to them, and a sample game opens to study.
#[test]
fn the_shipped_problems_and_samples_open_from_the_start_screen() {
    let mut h = Gui::builder().size(1280.0, 900.0).build();
    h.get_by_label("Kriegspiel problems…").click();
    h.run_steps(2);
    assert!(
        h.query_by_label_contains("Are There Any? no. 3 (mate in 2)")
            .is_some(),
        "the shipped problems are listed"
    );
    let shipped = h.problems().entries.len();
    assert!(shipped >= 20, "{shipped}");
    // The player's own folder (the in-app chooser stands in for the system's folder dialog).
    let own = h.dir().join("mine");
    std::fs::create_dir_all(&own).expect("a folder");
    let text = std::fs::read_to_string("assets/problems/tencate-1973.ron")
        .expect("a shipped problem")
        .replace("title: \"", "title: \"My copy of ");
    std::fs::write(own.join("copy.ron"), text).expect("writes");
    h.get_by_label("Open a folder of your own problems…")
        .click();
    h.run_steps(2);
    h.get_by_label("Folder path").click();
    h.run_steps(1);
    h.get_by_label("Folder path")
        .type_text(&own.display().to_string());
    h.run_steps(1);
    h.get_by_label("Open").click();
    h.run_steps(2);
    assert_eq!(h.problems().entries.len(), shipped + 1);
    let added = h.problems().entries.last().and_then(|e| e.1.as_ref().ok());
    assert!(added.is_some_and(|p| p.title.starts_with("My copy of")));
    // Back to the start screen: a sample game of the Berkeley rules, to study.
    let mut h = Gui::builder().size(1280.0, 900.0).build();
    h.get_by_label("Sample games").click();
    h.run_steps(2);
    h.get_by_label("Berkeley").click();
    h.run_steps(2);
    assert!(!h.study().saved.log.events.is_empty());
}

/// Issue 32: playing a problem starts its proof off the window's thread, with its progress; once
/// it is there every hint comes from it at once (no search), and "Solve" shows it without a
/// second search.
#[test]
fn hints_come_from_the_proof_worked_out_once() {
    let mut h = problems_screen(&[("small.ron", SMALL)]);
    h.click("Play it against the computer");
    h.run_until("the proof never came", |h| !h.problem_panel().needs_proof());
    assert!(h.problem_panel().play.has_plan(), "the proof is adopted");
    // A hint now is answered in the same frame: no worker is started.
    h.get_by_label("Hint").click();
    h.run_steps(1);
    let panel = h.problem_panel();
    assert!(!panel.thinking(), "no search for a hint the proof gives");
    let hint = panel.message.clone().unwrap_or_default();
    assert!(hint.starts_with("Hint: "), "{hint}");
    // The person leaves the proof: a wasted move. The next hint is searched from there.
    h.click("White h1");
    h.get_by_label("White h2").click();
    h.run_steps(2);
    settle(&mut h);
    assert!(!h.problem_panel().play.has_plan());
    // Back to the problem: "Solve" takes the proof already worked out.
    h.click("Back to the problem");
    h.run_steps(1);
    h.get_by_label("Solve").click();
    h.run_steps(1);
    let answer = h.problems().answer.clone().unwrap_or_default();
    assert!(answer.starts_with("Proven: mate in 2."), "{answer}");
}

/// Asserts that the problem played in `h` is solved, every answer and hint taken from the kept
/// tree, and the true position shown (no markers left); its pieces.
fn solved_from_the_tree(h: &Gui) -> Vec<(shakmaty::Square, shakmaty::Piece)> {
    let panel = h.problem_panel();
    assert!(
        matches!(panel.play.state(), PlayState::Solved { .. }),
        "{:?}",
        panel.play.record()
    );
    assert_eq!(
        panel.play.searches(),
        0,
        "every answer and hint came from the tree"
    );
    let (pieces, markers) = panel.shown();
    assert!(markers.is_empty(), "{markers:?}");
    pieces
}

/// Issue 60: on the line of the proof, every referee answer and every hint comes from the kept
/// tree (no search at all, so each is as quick as walking it): the second hint is there in the
/// frame it is asked. At the mate the true position is shown: the black king and the hidden
/// pawn are pieces on the board, no longer a marker and shaded squares.
#[test]
fn the_proof_is_walked_to_the_mate_and_the_position_shown() {
    use shakmaty::{Color, Role};
    let mut h = problems_screen(&[("small.ron", SMALL)]);
    h.click("Play it against the computer");
    h.run_until("the proof never came", |h| !h.problem_panel().needs_proof());
    let (pieces, markers) = h.problem_panel().shown();
    assert!(markers.iter().any(|(_, p)| p.role == Role::King));
    assert!(pieces.iter().all(|(_, p)| p.color == Color::White));
    play_the_hint(&mut h);
    if *h.problem_panel().play.state() == PlayState::Playing {
        // The second hint, from the kept tree: in the same frame, no worker started.
        h.get_by_label("Hint").click();
        h.run_steps(1);
        let panel = h.problem_panel();
        assert!(!panel.thinking() && panel.play.has_plan());
        let hint = panel.message.clone().unwrap_or_default();
        assert!(hint.starts_with("Hint: "), "{hint}");
    }
    for _ in 0..3 {
        if *h.problem_panel().play.state() != PlayState::Playing {
            break;
        }
        play_the_hint(&mut h);
    }
    let pieces = solved_from_the_tree(&h);
    let black: Vec<Role> = pieces
        .iter()
        .filter(|(_, p)| p.color == Color::Black)
        .map(|(_, p)| p.role)
        .collect();
    assert!(
        black.contains(&Role::King) && black.contains(&Role::Pawn),
        "{pieces:?}"
    );
}

/// Issue 60: Rotenberg's mate in 15 in the app. Its proof is worked out once (along the file's
/// published line), then followed by hints to the mate with no search at all, each answer and
/// hint from the kept tree; at the mate the true position is shown.
#[test]
fn rotenbergs_mate_in_15_is_played_to_the_mate_from_its_proof() {
    use shakmaty::Color;
    let text = std::fs::read_to_string("assets/problems/rotenberg-2009-fiedler50.ron")
        .expect("the shipped problem");
    let mut h = problems_screen(&[("m15.ron", &text)]);
    h.click("Play it against the computer");
    h.run_until("the proof never came", |h| !h.problem_panel().needs_proof());
    let mut moves = 0;
    while *h.problem_panel().play.state() == PlayState::Playing {
        assert!(moves < 40, "{:?}", h.problem_panel().play.record());
        play_the_hint(&mut h);
        moves += 1;
    }
    let pieces = solved_from_the_tree(&h);
    assert!(
        pieces
            .iter()
            .any(|(_, p)| p.color == Color::Black && p.role == shakmaty::Role::King),
        "{pieces:?}"
    );
}
