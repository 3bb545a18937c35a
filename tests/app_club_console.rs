//! The club referee's console (issue 15 items 4 and 9): Ctrl+Z and Enter take back the last entry
//! even in one frame; corrections stay in the referee's log; a flag that falls on the running
//! clock is announced in the "Say this" panel; two equal answers in a row read as two entries.
#![cfg(feature = "gui")]

use egui_kittest::Harness;
use egui_kittest::kittest::{By, NodeT, Queryable};
use kriegspiel::Preset;
use kriegspiel::app::play::{PlayMode, PlayScreen};
use kriegspiel::app::settings::Settings;
use kriegspiel::app::{KriegspielApp, Screen, StartOptions};
use kriegspiel::clock::TimeControl;
use kriegspiel::save::Meta;
use kriegspiel::session::GameSession;

const START: &str = "r5k1/5ppp/2q5/3p4/4P3/8/5PPP/R5K1 w - - 0 1";

fn club(name: &str, clock: Option<TimeControl>) -> Harness<'static, KriegspielApp> {
    let dir =
        std::env::temp_dir().join(format!("kriegspiel-console-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let options = StartOptions {
        saves_dir: Some(dir.clone()),
        ..StartOptions::default()
    };
    let mut app = KriegspielApp::new(options, Settings::default(), false);
    let setup = kriegspiel::setup::parse_fen(START).expect("fen");
    let session = GameSession::new(
        Preset::Berkeley.rules(),
        setup,
        Meta::default(),
        clock,
        Some(dir.join("g.ron")),
    )
    .expect("starts");
    app.screen = Screen::Play(Box::new(PlayScreen::new(session, PlayMode::Referee)));
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_context_setup(egui_extras::install_image_loaders)
        .build_ui_state(|ui, app: &mut KriegspielApp| app.show(ui), app);
    h.run();
    h
}

fn play<'h>(h: &'h Harness<'_, KriegspielApp>) -> &'h PlayScreen {
    match &h.state().screen {
        Screen::Play(p) => p,
        _ => panic!("not on the game screen"),
    }
}

fn enter(h: &mut Harness<'_, KriegspielApp>, line: &str) {
    h.get_by_label("Type a move").click();
    h.run();
    h.get_by_label("Type a move").type_text(line);
    h.key_press(egui::Key::Enter);
    h.run();
}

fn texts(h: &Harness<'_, KriegspielApp>) -> Vec<String> {
    h.root()
        .query_all(By::new())
        .flat_map(|n| {
            let node = n.accesskit_node();
            [node.label(), node.value()]
                .into_iter()
                .flatten()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
        })
        .collect()
}

fn events(h: &Harness<'_, KriegspielApp>) -> usize {
    play(h).session.truth().expect("local").log().events.len()
}

#[test]
fn ctrl_z_and_enter_in_one_frame_take_back_and_the_correction_stays_in_the_log() {
    let mut h = club("undo", None);
    enter(&mut h, "e4e5");
    assert_eq!(events(&h), 1);
    // Typed fast: both keys arrive in the same frame, the move field focused.
    h.event(egui::Event::Key {
        key: egui::Key::Z,
        physical_key: None,
        pressed: true,
        repeat: false,
        modifiers: egui::Modifiers::COMMAND,
    });
    h.event(egui::Event::Key {
        key: egui::Key::Enter,
        physical_key: None,
        pressed: true,
        repeat: false,
        modifiers: egui::Modifiers::NONE,
    });
    h.run();
    assert_eq!(events(&h), 0, "taken back");
    assert_eq!(play(&h).session.corrections().len(), 1);
    assert!(
        texts(&h)
            .iter()
            .any(|t| t.starts_with("Correction: 1. e4e5 taken back")),
        "the correction stays in the referee's log"
    );
    assert!(
        play(&h).move_text.is_empty(),
        "the Enter did not reach the move field"
    );
}

#[test]
fn a_flag_fall_on_the_running_clock_is_announced() {
    let mut h = club(
        "flag",
        Some(TimeControl {
            base_ms: 2_000,
            increment_ms: 0,
            delay_ms: 0,
        }),
    );
    enter(&mut h, "clock");
    h.input_mut().time = Some(1_000.0);
    h.run();
    assert!(play(&h).session.over().is_some(), "White's flag fell");
    let said = play(&h).say_this.clone();
    assert!(
        said.iter()
            .any(|(to, words)| to == "To both" && words.contains("White's flag fell")),
        "{said:?}"
    );
}

#[test]
fn two_equal_answers_in_a_row_read_as_two_entries() {
    let mut h = club("twice", None);
    enter(&mut h, "a1a8"); // legal: Rxa8+
    enter(&mut h, "c6c1"); // does not meet the check: "No."
    let first: Vec<String> = texts(&h)
        .into_iter()
        .filter(|t| t.starts_with("SAY THIS"))
        .collect();
    enter(&mut h, "c6c2"); // nor does this: "No." again
    let second: Vec<String> = texts(&h)
        .into_iter()
        .filter(|t| t.starts_with("SAY THIS"))
        .collect();
    assert_eq!(
        play(&h).say_this,
        vec![("To both".to_owned(), "No.".to_owned())]
    );
    assert_ne!(
        first, second,
        "the panel shows that a new answer came: {first:?} {second:?}"
    );
}
