//! The problems screen (issue 17): the problems of a folder are listed with their stipulation
//! and the squares the hidden units may stand on; "Solve" runs the solver in the background and
//! shows its verdict with the strategy.
#![cfg(feature = "gui")]

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use kriegspiel::app::problems::ProblemsScreen;
use kriegspiel::app::settings::Settings;
use kriegspiel::app::{KriegspielApp, Screen, StartOptions};
use kriegspiel::problem::PlayState;

/// The app on the problems screen of the folder `dir`.
fn problems_screen(dir: &std::path::Path) -> Harness<'static, KriegspielApp> {
    let options = StartOptions {
        saves_dir: Some(dir.to_path_buf()),
        ..StartOptions::default()
    };
    let mut app = KriegspielApp::new(options, Settings::default(), false);
    app.screen = Screen::Problems(Box::new(ProblemsScreen::new(dir)));
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 900.0))
        .with_context_setup(egui_extras::install_image_loaders)
        .build_ui_state(|ui, app: &mut KriegspielApp| app.show(ui), app);
    h.run();
    h
}

#[test]
fn a_problem_is_shown_and_solved_from_the_screen() {
    let dir = std::env::temp_dir().join(format!("kriegspiel-problems-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    // Rotenberg's position with the bishop on b2, d2 or f2: the refusal branch of his key.
    let text = std::fs::read_to_string("assets/problems/rotenberg-1976.ron")
        .expect("the shipped problem")
        .replace("squares: Dark", "squares: List([\"b2\", \"d2\", \"f2\"])")
        .replace("mate_in: 8", "mate_in: 1");
    std::fs::write(dir.join("branch.ron"), text).expect("write");
    std::fs::write(dir.join("broken.ron"), "(title: 1)").expect("write");
    let mut h = problems_screen(&dir);
    {
        let Screen::Problems(p) = &h.state().screen else {
            panic!("not on the problems screen")
        };
        assert_eq!(p.entries.len(), 2, "both files listed, the broken one too");
        assert!(p.entries.iter().any(|(_, read)| read.is_err()));
    }
    // The shaded squares of the hidden bishop are on the problem's board.
    assert!(h.query_by_label("Problem b2").is_some());
    h.get_by_label("Solve").click();
    // The spinner repaints while the solver thinks: step frame by frame.
    h.run_steps(2);
    let mut answer = None;
    for _ in 0..200 {
        std::thread::sleep(std::time::Duration::from_millis(50));
        h.run_steps(1);
        let Screen::Problems(p) = &h.state().screen else {
            panic!("left the problems screen")
        };
        if let Some(a) = &p.answer {
            answer = Some(a.clone());
            break;
        }
    }
    let answer = answer.expect("the solver answered");
    assert!(
        answer.starts_with("Proven: mate in 1. Key: Nf2#"),
        "{answer}"
    );
}

/// Waits (frame by frame) until the play panel is idle.
fn settle(h: &mut Harness<'_, KriegspielApp>) {
    for _ in 0..400 {
        h.run_steps(1);
        let Screen::Problems(p) = &h.state().screen else {
            panic!("left the problems screen")
        };
        if !p.playing.as_ref().is_some_and(|x| x.thinking()) {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(25));
    }
    panic!("the computer never answered");
}

#[test]
fn a_problem_is_played_against_the_computer_with_hints_to_the_mate() {
    let dir = std::env::temp_dir().join(format!("kriegspiel-play-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    // White Kc6, Rh1; Black Ka8 and a pawn on a7, b7 or a6: 1.Kb6 (if refused, 1.Rh8#) 2.Rh8#.
    let text = r#"(title: "Small", author: "test", source: "test", rules: "wild16",
        known: "k7/8/2K5/8/8/8/8/7R w - - 0 1",
        uncertain: [(piece: 'p', squares: List(["a7", "b7", "a6"]))], mate_in: 2)"#;
    std::fs::write(dir.join("small.ron"), text).expect("write");
    let mut h = problems_screen(&dir);
    h.get_by_label("Play it against the computer").click();
    h.run();
    // The person's board holds its own pieces; the black king, known for sure, is a marker.
    assert!(h.query_by_label("White c6").is_some());
    // A wasted first move by clicks: the rook from h1 to h2.
    h.get_by_label("White h1").click();
    h.run();
    h.get_by_label("White h2").click();
    h.run_steps(2);
    settle(&mut h);
    {
        let Screen::Problems(p) = &h.state().screen else {
            panic!("left the problems screen")
        };
        let play = &p.playing.as_ref().expect("playing").play;
        assert_eq!(play.moves(), 1);
        assert!(
            play.record()[0].starts_with("1. Rh2"),
            "{:?}",
            play.record()
        );
    }
    // Start again, then follow the hints to the mate.
    h.get_by_label("Start again").click();
    h.run();
    for _ in 0..4 {
        let playing = {
            let Screen::Problems(p) = &h.state().screen else {
                panic!("left the problems screen")
            };
            *p.playing.as_ref().expect("playing").play.state() == PlayState::Playing
        };
        if !playing {
            break;
        }
        h.get_by_label("Hint").click();
        h.run_steps(2);
        settle(&mut h);
        let hint = {
            let Screen::Problems(p) = &h.state().screen else {
                panic!("left the problems screen")
            };
            p.playing
                .as_ref()
                .expect("playing")
                .message
                .clone()
                .unwrap_or_default()
        };
        assert!(hint.starts_with("Hint: "), "{hint}");
        // Type the hinted move's squares: the hint names it in SAN, the field takes UCI.
        let uci = {
            let Screen::Problems(p) = &h.state().screen else {
                panic!("left the problems screen")
            };
            let mut play = p.playing.as_ref().expect("playing").play.clone();
            match play.hint(std::time::Duration::from_secs(5)) {
                kriegspiel::problem::Hint::Next { attempt, .. } => attempt.to_string(),
                other => panic!("{other:?}"),
            }
        };
        h.get_by_label("Attempt:").click();
        h.run();
        h.get_by_label("Attempt:").type_text(&uci);
        h.run();
        h.get_by_label("Try").click();
        h.run_steps(2);
        settle(&mut h);
    }
    {
        let Screen::Problems(p) = &h.state().screen else {
            panic!("left the problems screen")
        };
        let panel = p.playing.as_ref().expect("playing");
        assert!(
            matches!(panel.play.state(), PlayState::Solved { .. }),
            "{:?} {:?} {:?}",
            panel.play.state(),
            panel.play.record(),
            panel.message
        );
    }
    assert!(h.query_by_label_contains("Solved: mate in").is_some());
    assert!(h.query_by_label("Show the solver's tree").is_some());
}
