//! The players' display of a club table (issue 15 item 11): a second window that shows whose
//! turn it is and the announcements both players heard, never what one player alone heard and
//! never a board. Issue 29 item 5: its text grows with its window, it says which clock runs or
//! that they are stopped, and it shows the referee's corrections.

use super::gui;

use egui_kittest::kittest::Queryable;
use gui::{Gui, fen};
use kriegspiel::app::play::PlayMode;
use kriegspiel::clock::TimeControl;
use kriegspiel::rules::AnyRule;
use kriegspiel::{Preset, RuleSet};

/// A club game at the referee's console, in a window of `width` x `height`, on a clock of five
/// minutes or none.
fn club_at(width: f32, height: f32, clock: bool) -> Gui {
    // Berkeley's secret "Any?": the question and its answer are the asker's alone.
    let rules = RuleSet {
        any: AnyRule::Secret,
        ..Preset::Berkeley.rules()
    };
    Gui::builder()
        .size(width, height)
        .game(rules, fen("r5k1/5ppp/2q5/3p4/4P3/8/5PPP/R5K1 w - - 0 1"))
        .clock(clock.then_some(TimeControl {
            base_ms: 300_000,
            increment_ms: 0,
            delay_ms: 0,
        }))
        .play_mode(PlayMode::Referee)
        .build()
}

/// A club game at the referee's console.
fn club() -> Gui {
    club_at(1280.0, 800.0, false)
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

/// The display's text grows with its window: the line saying who moves is at least a tenth of
/// the window's height, at 800x500 and at 1600x1000, and everything fits.
#[test]
fn the_display_scales_with_its_window() {
    let mut sizes = Vec::new();
    for (width, height) in [(800.0, 500.0), (1600.0, 1000.0)] {
        let mut h = club_at(width, height, true);
        h.click("Players' display");
        for line in [
            "clock", "e4d5", "c6d5", "a1a8", "d5a8", "g1f1", "a8a1", "f1e2", "a1a2", "e2e3",
            "a2b3", "e3e4", "b3b4", "e4e5",
        ] {
            h.enter_line(line);
        }
        h.run();
        let display = h.play().display.clone();
        assert!(
            display.lines.len() >= 4 + 8,
            "eight public lines: {:?}",
            display.lines
        );
        // In the test harness the display is a window inside the main one, sized from it.
        assert!(
            display.height >= height * 0.4 && display.height <= height,
            "the display's window at {width}x{height}: {}",
            display.height
        );
        assert!(
            display.status_size >= display.height / 10.0,
            "at {width}x{height}: {} for a window {} high",
            display.status_size,
            display.height
        );
        assert!(display.fits, "everything fits at {width}x{height}");
        // As drawn: the status line's text is that tall.
        let status = &display.lines[0];
        let drawn = h
            .query_all_by_label(status)
            .map(|n| n.rect().height())
            .fold(0.0, f32::max);
        assert!(
            drawn >= display.height / 10.0,
            "{status:?} drawn {drawn} high in a window {} high",
            display.height
        );
        sizes.push(display.status_size);
    }
    assert!(
        sizes[1] > sizes[0] * 1.8,
        "twice the window, about twice the text: {sizes:?}"
    );
}

/// The display says whose clock runs, and that the clocks are stopped before they start and
/// while paused.
#[test]
fn the_display_shows_which_clock_runs() {
    let mut h = club_at(1280.0, 800.0, true);
    h.click("Players' display");
    let state = |h: &Gui| lines(h)[3].clone();
    assert_eq!(lines(&h)[1], "White 05:00");
    assert_eq!(state(&h), "Clocks stopped", "not started: {:?}", lines(&h));
    h.enter_line("clock");
    assert_eq!(state(&h), "White's clock is running");
    h.enter_line("e4d5");
    assert_eq!(state(&h), "Black's clock is running");
    h.enter_line("clock");
    assert_eq!(state(&h), "Clocks stopped", "paused");
    assert!(
        !texts(&h, "Clocks stopped").is_empty(),
        "shown on the display"
    );
}

/// A correction both players heard is shown until the next entry; one that only one player
/// heard is not.
#[test]
fn the_display_shows_corrections() {
    let mut h = club();
    h.click("Players' display");
    // White's secret "Any?" is White's alone ("Try": e4 takes d5), and so is its correction.
    h.enter_line("any");
    h.enter_line("undo");
    h.press(egui::Key::Enter);
    assert_eq!(h.events(), 0, "the question was taken back");
    let said = h.play().say_this.clone();
    assert!(
        said.iter().all(|(to, _)| to == "To White only"),
        "the referee tells White alone: {said:?}"
    );
    assert!(
        !lines(&h).iter().any(|l| l.contains("Correction")),
        "{:?}",
        lines(&h)
    );
    h.enter_line("a1a8"); // Rxa8+: a capture both hear
    h.enter_line("undo");
    h.press(egui::Key::Enter);
    assert_eq!(h.events(), 0, "taken back");
    let correction = "Correction: take back White's last move (the capture on a8). White to move.";
    assert!(lines(&h).iter().any(|l| l == correction), "{:?}", lines(&h));
    assert!(!texts(&h, correction).is_empty(), "shown on the display");
    h.enter_line("e4d5");
    assert!(
        !lines(&h).iter().any(|l| l.starts_with("Correction")),
        "gone after the next entry: {:?}",
        lines(&h)
    );
}
