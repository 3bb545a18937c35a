//! The clocks on the play screen (issue 29 item 10): one button that starts, pauses and resumes
//! them, "Clocks stopped" while they stand, and a flag fall shown in the very frame the time runs
//! out.

use super::gui;

use egui_kittest::kittest::Queryable;
use gui::{Gui, STANDARD, fen};
use kriegspiel::Preset;
use kriegspiel::clock::TimeControl;
use std::time::Duration;

/// A hot-seat game with one minute each, on the curtain.
fn one_minute() -> Gui {
    Gui::builder()
        .game(Preset::Wild16.rules(), fen(STANDARD))
        .clock(Some(TimeControl::minutes_plus_seconds(1, 0)))
        .build()
}

/// The clock buttons on screen.
fn clock_buttons(h: &Gui) -> Vec<String> {
    h.all_text()
        .into_iter()
        .filter(|t| t.ends_with(" clock"))
        .collect()
}

#[test]
fn one_button_starts_pauses_and_resumes_the_clocks() {
    let mut h = one_minute();
    assert_eq!(clock_buttons(&h), ["Start clock"]);
    assert!(h.query_by_label("Clocks stopped").is_some());
    h.click("Open White's board");
    assert_eq!(
        clock_buttons(&h),
        ["Pause clock"],
        "opening a board starts them"
    );
    assert!(h.query_by_label("Clocks stopped").is_none());
    h.click("Pause clock");
    assert_eq!(clock_buttons(&h), ["Resume clock"]);
    assert!(h.query_by_label("Clocks stopped").is_some());
    h.click("Resume clock");
    assert_eq!(clock_buttons(&h), ["Pause clock"]);
}

#[test]
fn a_flag_fall_is_shown_at_once() {
    let mut h = one_minute();
    h.click("Open White's board");
    h.let_time_pass(Duration::from_secs(61));
    assert!(h.table().facts().over.is_some(), "White lost on time");
    assert!(
        h.all_text().iter().any(|t| t.contains("Game over")),
        "{:?}",
        h.all_text()
    );
}
