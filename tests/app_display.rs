//! The players' display of a club table (issue 15 item 11): a second window that shows whose
//! turn it is and the announcements both players heard, never what one player alone heard and
//! never a board.
#![cfg(feature = "gui")]

#[path = "common/gui.rs"]
mod gui;

use egui_kittest::kittest::Queryable;
use gui::{Gui, fen};
use kriegspiel::app::play::PlayMode;
use kriegspiel::rules::AnyRule;
use kriegspiel::{Preset, RuleSet};

/// A club game at the referee's console.
fn club() -> Gui {
    // Berkeley's secret "Any?": the question and its answer are the asker's alone.
    let rules = RuleSet {
        any: AnyRule::Secret,
        ..Preset::Berkeley.rules()
    };
    Gui::builder()
        .game(rules, fen("r5k1/5ppp/2q5/3p4/4P3/8/5PPP/R5K1 w - - 0 1"))
        .play_mode(PlayMode::Referee)
        .build()
}

/// The lines of the players' display.
fn lines(h: &Gui) -> Vec<String> {
    h.play().display.lines.clone()
}

/// Every label and value on screen containing `part`.
fn texts(h: &Gui, part: &str) -> Vec<String> {
    h.all_text()
        .into_iter()
        .filter(|t| t.contains(part))
        .collect()
}

#[test]
fn the_players_display_shows_public_facts_only() {
    let mut h = club();
    assert!(lines(&h).is_empty(), "closed until the referee opens it");
    h.click("Players' display");
    assert!(
        h.query_by_label("Close display").is_some(),
        "the display is shown"
    );
    assert_eq!(lines(&h).first().map(String::as_str), Some("White to move"));
    h.enter_line("any");
    h.enter_line("e4d5");
    let shown = lines(&h);
    assert_eq!(shown[0], "Black to move");
    let text = shown.join("\n");
    assert!(text.contains("d5"), "the public capture is shown: {text}");
    assert!(
        !text.contains("Any"),
        "the secret question is not shown: {text}"
    );
    assert!(!text.contains("Try"), "nor its answer: {text}");
    assert!(!text.contains("e4d5"), "nor the mover's own words: {text}");
    // No square of any board is drawn in the display: every square button belongs to the three
    // boards of the main screen.
    let squares = h.query_all_by_label("Referee e4").count();
    assert_eq!(squares, 1, "only the referee's own board has squares");
    h.click("Close display");
    assert!(h.query_by_label("Close display").is_none());
}

/// The logs write moves in SAN (issue 15 item 17): the referee's log the real move, the player's
/// log its own move from its own board (no check mark); a refused attempt stays from-to.
#[test]
fn the_logs_write_moves_in_san() {
    let mut h = club();
    h.enter_line("a1a8");
    h.enter_line("g1f1"); // Black has no piece there: refused, written from-to
    assert!(
        texts(&h, "a1a8").is_empty(),
        "a legal move is never written from-to"
    );
    assert!(
        !texts(&h, "1. Rxa8+: To both").is_empty(),
        "the referee's log: {:?}",
        texts(&h, "Rxa8")
    );
    assert!(
        !texts(&h, "1. you: Rxa8: ").is_empty(),
        "White's own log: {:?}",
        texts(&h, "Rxa8")
    );
    assert!(
        !texts(&h, "1... you: g1f1: ").is_empty(),
        "a refused attempt stays from-to"
    );
}
