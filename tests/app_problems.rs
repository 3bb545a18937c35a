//! The problems screen (issue 17): the problems of a folder are listed with their stipulation
//! and the squares the hidden units may stand on; "Solve" runs the solver in the background and
//! shows its verdict with the strategy.
#![cfg(feature = "gui")]

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use kriegspiel::app::problems::ProblemsScreen;
use kriegspiel::app::settings::Settings;
use kriegspiel::app::{KriegspielApp, Screen, StartOptions};

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
    let options = StartOptions {
        saves_dir: Some(dir.clone()),
        ..StartOptions::default()
    };
    let mut app = KriegspielApp::new(options, Settings::default(), false);
    app.screen = Screen::Problems(Box::new(ProblemsScreen::new(&dir)));
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 900.0))
        .with_context_setup(egui_extras::install_image_loaders)
        .build_ui_state(|ui, app: &mut KriegspielApp| app.show(ui), app);
    h.run();
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
