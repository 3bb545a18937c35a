//! The end of a game and the look of the app (issue 15, items 8, 14-17), driven through AccessKit:
//! the finished game can be studied, exported or played again with the same settings (at once,
//! issue 29 item 14); messages
//! say by their kind (and colour) whether something went wrong; the curtain lists every public
//! announcement since the player's last turn, "Any?" and its answer included; a light theme.

use super::gui;

use egui_kittest::kittest::Queryable;
use gui::{Gui, STANDARD, fen};
use kriegspiel::Preset;
use kriegspiel::app::play::MessageKind;
use kriegspiel::app::settings::{AppTheme, Settings};
use kriegspiel::clock::TimeControl;
use kriegspiel::save::Meta;

/// White mates at once with Ra8.
const MATE_IN_ONE: &str = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
/// A rook that cannot pass a hidden knight (a1a8 is refused), as in the hot-seat tests.
const REFUSED: &str = "6k1/1P3ppp/8/3p4/n7/8/8/R5K1 w - - 0 1";

/// A hot-seat game between Ann and Bob from `start`, on the curtain.
fn game(rules: kriegspiel::RuleSet, start: &str, clock: Option<TimeControl>) -> Gui {
    let meta = Meta {
        white: "Ann".into(),
        black: "Bob".into(),
        event: "Club night".into(),
        ..Meta::default()
    };
    Gui::builder()
        .game(rules, fen(start))
        .meta(meta)
        .clock(clock)
        .build()
}

/// Plays 1. Ra8# from [`MATE_IN_ONE`].
fn mate(h: &mut Gui) {
    h.click("Open White's board");
    h.click("White a1");
    h.click("White a8");
    assert!(h.play().revealed(), "Ra8 mates");
}

#[test]
fn the_end_of_a_game_offers_study_export_and_a_new_game() {
    let mut h = game(Preset::Wild16.rules(), MATE_IN_ONE, None);
    // Not before the end.
    assert!(h.query_by_label("Study this game").is_none());
    mate(&mut h);
    for label in [
        "Study this game",
        "Export PGN…",
        "New game with the same settings",
    ] {
        assert!(h.query_by_label(label).is_some(), "no {label:?} at the end");
    }
    h.click("Study this game");
    let s = h.study();
    assert!(s.saved.result.is_some(), "the finished game is studied");
    assert_eq!(s.saved.meta.white, "Ann");
}

#[test]
fn a_new_game_with_the_same_settings_starts_at_once_with_rules_names_and_clock() {
    let clock = TimeControl::minutes_plus_seconds(5, 3);
    let mut h = game(Preset::Wild16.rules(), MATE_IN_ONE, Some(clock));
    mate(&mut h);
    let saved_to = |h: &Gui| {
        let record = h.play().table.record().expect("a local game");
        record.autosave_path().map(std::path::Path::to_path_buf)
    };
    let first = saved_to(&h);
    h.click("New game with the same settings");
    // No dialog: the next game is on the curtain, a game of its own.
    assert!(h.playing(), "the new game starts at once");
    assert!(h.play().facts().over.is_none() && h.events() == 0);
    assert_ne!(saved_to(&h), first, "saved to a file of its own");
    let facts = h.play().facts();
    assert_eq!(facts.rules, Preset::Wild16.rules());
    assert_eq!(
        (facts.meta.white.as_str(), facts.meta.black.as_str()),
        ("Ann", "Bob")
    );
    assert_eq!(facts.meta.event, "Club night");
    let tc = facts.time_control.expect("a clock");
    assert_eq!((tc.base_ms, tc.increment_ms), (300_000, 3_000));
    // The game started from a position of its own: the next one starts from it again.
    let start = kriegspiel::setup::parse_fen(MATE_IN_ONE).expect("a FEN");
    assert_eq!(h.log().start.board, start.board);
}

#[test]
fn exporting_the_pgn_at_the_end_says_where_in_a_success_colour() {
    let mut h = game(Preset::Wild16.rules(), MATE_IN_ONE, None);
    mate(&mut h);
    h.click("Export PGN…");
    h.click("Save");
    let app = h.state();
    let notice = app.notice.clone().expect("a notice");
    assert!(notice.starts_with("Written to "), "{notice}");
    assert_eq!(app.notice_kind, MessageKind::Success);
    let pgn = std::fs::read_dir(h.dir())
        .expect("dir")
        .filter_map(Result::ok)
        .find(|e| e.path().extension().is_some_and(|x| x == "pgn"))
        .expect("a PGN file");
    let text = std::fs::read_to_string(pgn.path()).expect("readable");
    assert!(text.contains("1-0"), "{text}");

    // A file that does not open: an error notice, in another colour.
    let missing = h.dir().join("no-such-game.ron");
    h.state_mut().open(&missing, false);
    h.run();
    assert!(h.state().notice.is_some());
    assert_eq!(h.state().notice_kind, MessageKind::Error);
    for dark in [true, false] {
        assert_ne!(
            MessageKind::Error.color(dark),
            MessageKind::Success.color(dark)
        );
        assert_ne!(
            MessageKind::Error.color(dark),
            MessageKind::Info.color(dark)
        );
    }
    // The next click clears it.
    h.click("Settings");
    assert!(h.state().notice.is_none(), "the notice outlived a click");
}

#[test]
fn errors_and_news_are_told_apart_and_cleared_by_the_next_action() {
    let mut h = game(Preset::Wild16.rules(), REFUSED, None);
    h.click("Open White's board");
    h.play_typed("Nf3");
    assert_eq!(h.message(), Some("none of your pieces can play Nf3"));
    assert_eq!(h.play().message_kind(), Some(MessageKind::Error));
    // A refused attempt is what the referee said: news, not an error.
    h.clear_move_field();
    h.click("White a1");
    h.click("White a8");
    assert_eq!(h.message(), Some("Ra8: No."));
    assert_eq!(h.play().message_kind(), Some(MessageKind::Info));
    // The next action clears it (an empty line plays nothing and says nothing).
    assert!(h.play().move_text.is_empty());
    h.click("Play typed move");
    assert_eq!(h.play().message, None);
    assert_eq!(h.play().message_kind(), None);
}

#[test]
fn the_curtain_lists_any_and_its_answer_since_the_last_turn() {
    let mut h = game(Preset::BerkeleyAny.rules(), STANDARD, None);
    h.click("Open White's board");
    // No pawn capture at the start: the answer is "No", heard by both under these rules.
    h.click("Any?");
    h.click("White e2");
    h.click("White e4");
    assert!(h.play().curtain_up(), "e2e4 was played");
    let text = h.all_text();
    let summary = text
        .iter()
        .find(|t| t.starts_with("Announced to both:"))
        .unwrap_or_else(|| panic!("no public summary on the curtain: {text:?}"));
    assert!(summary.contains("Any?"), "{summary}");
    assert!(summary.contains("No"), "the answer is missing: {summary}");
    assert!(summary.contains("White moved"), "{summary}");
    assert!(
        summary.find("Any?") < summary.find("White moved"),
        "in the order said: {summary}"
    );
    // Nothing private: not the move itself.
    assert!(!text.iter().any(|t| t.contains("e2e4")), "{text:?}");
}

#[test]
fn the_light_theme_is_a_setting() {
    let mut h = game(Preset::Wild16.rules(), STANDARD, None);
    assert!(h.ctx.global_style().visuals.dark_mode, "dark by default");
    h.click("Settings");
    // The move hints are reachable there too.
    assert!(h.query_by_label("Show move hints").is_some());
    h.click("Light");
    h.run();
    assert_eq!(h.state().settings.theme, AppTheme::Light);
    assert!(!h.ctx.global_style().visuals.dark_mode, "the light theme");

    // A light theme saved in the settings is used from the first frame.
    let settings = Settings {
        theme: AppTheme::Light,
        ..Settings::default()
    };
    let h = Gui::builder().settings(settings).build();
    assert!(!h.ctx.global_style().visuals.dark_mode);
}
