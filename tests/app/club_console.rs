//! The club referee's console (issue 15 items 4 and 9): Ctrl+Z and Enter take back the last entry
//! even in one frame; corrections stay in the referee's log; a flag that falls on the running
//! clock is announced in the "Say this" panel; two equal answers in a row read as two entries.

use super::gui;

use egui_kittest::kittest::Queryable;
use gui::{Gui, fen};
use kriegspiel::Preset;
use kriegspiel::app::play::PlayMode;
use kriegspiel::clock::TimeControl;

const START: &str = "r5k1/5ppp/2q5/3p4/4P3/8/5PPP/R5K1 w - - 0 1";

/// A club game under Berkeley rules from [`START`], at the referee's console.
fn club(clock: Option<TimeControl>) -> Gui {
    Gui::builder()
        .game(Preset::Berkeley.rules(), fen(START))
        .clock(clock)
        .play_mode(PlayMode::Referee)
        .build()
}

#[test]
fn ctrl_z_and_enter_in_one_frame_take_back_and_the_correction_stays_in_the_log() {
    let mut h = club(None);
    h.enter_line("e4e5");
    assert_eq!(h.events(), 1);
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
    assert_eq!(h.events(), 0, "taken back");
    assert_eq!(
        h.table()
            .record()
            .expect("a local table")
            .corrections()
            .len(),
        1
    );
    assert!(
        h.all_text()
            .iter()
            .any(|t| t.starts_with("Correction: 1. e4e5 taken back")),
        "the correction stays in the referee's log"
    );
    assert!(
        h.play().move_text.is_empty(),
        "the Enter did not reach the move field"
    );
}

#[test]
fn a_flag_fall_on_the_running_clock_is_announced() {
    let mut h = club(Some(TimeControl {
        base_ms: 2_000,
        increment_ms: 0,
        delay_ms: 0,
    }));
    h.enter_line("clock");
    h.input_mut().time = Some(1_000.0);
    h.run();
    assert!(h.table().facts().over.is_some(), "White's flag fell");
    let said = h.play().say_this.clone();
    assert!(
        said.iter()
            .any(|(to, words)| to == "To both" && words.contains("White's flag fell")),
        "{said:?}"
    );
}

#[test]
fn two_equal_answers_in_a_row_read_as_two_entries() {
    let mut h = club(None);
    h.enter_line("a1a8"); // legal: Rxa8+
    h.enter_line("c6c1"); // does not meet the check: "No."
    let first: Vec<String> = h
        .all_text()
        .into_iter()
        .filter(|t| t.starts_with("SAY THIS"))
        .collect();
    h.enter_line("c6c2"); // nor does this: "No." again
    let second: Vec<String> = h
        .all_text()
        .into_iter()
        .filter(|t| t.starts_with("SAY THIS"))
        .collect();
    assert_eq!(
        h.play().say_this,
        vec![("To both".to_owned(), "No.".to_owned())]
    );
    assert_ne!(
        first, second,
        "the panel shows that a new answer came: {first:?} {second:?}"
    );
}

/// The key help under the entry line is set in type of at least 12 points (issue 29 item 4): in
/// a window wide enough for it to stand on one line, that line is as high as a line of 12-point
/// type (about 1.15 times the type size) or more.
#[test]
fn the_key_help_is_readable() {
    let h = Gui::builder()
        .size(3000.0, 800.0)
        .game(Preset::Berkeley.rules(), fen(START))
        .play_mode(PlayMode::Referee)
        .build();
    let help = h.get_by_label_contains("Keys: a move + Enter");
    let height = help.rect().height();
    assert!(
        (12.0 * 1.1..24.0).contains(&height),
        "one line of the key help is {height} points high"
    );
}
