//! Words and notation on the game screen (issue 29, item 6): a player's moves and refused
//! attempts in SAN (or long algebraic, by the Settings' choice) in the message and the log; a
//! declined draw offer told to the one who offered; the marker tray's counts following the
//! markers placed; a failed join said in words, with the detail second.

use super::gui;

use egui_kittest::kittest::{NodeT, Queryable};
use gui::{Gui, STANDARD, fen};
use kriegspiel::Preset;
use kriegspiel::app::network::{NetworkScreen, Tab};
use kriegspiel::app::settings::Settings;
use kriegspiel::replay::record::Notation;

/// White's rook on a1 cannot pass the knight on a4: Ra8 is refused, Rxa4 takes it.
const REFUSED: &str = "6k1/1P3ppp/8/3p4/n7/8/8/R5K1 w - - 0 1";

/// A hot-seat game from `start` with `notation` chosen in the Settings, White's board open.
fn white_to_play(start: &str, notation: Notation) -> Gui {
    let settings = Settings {
        notation,
        ..Settings::default()
    };
    let mut h = Gui::builder()
        .settings(settings)
        .game(Preset::Wild16.rules(), fen(start))
        .build();
    h.click("Open White's board");
    h
}

fn shows(h: &Gui, text: &str) -> bool {
    h.all_text().iter().any(|t| t.contains(text))
}

#[test]
fn moves_and_refused_attempts_are_written_in_san_by_default() {
    let mut h = white_to_play(REFUSED, Notation::San);
    h.click("White a1");
    h.click("White a8");
    assert_eq!(h.message(), Some("Ra8: No."));
    assert!(shows(&h, "1. you: Ra8: No."), "the log: {:?}", h.all_text());
    assert!(!shows(&h, "a1a8"), "no coordinates: {:?}", h.all_text());
    // The Settings window switches the log to long algebraic.
    h.click("Settings");
    h.click("Long (Ng1-f3)");
    assert_eq!(h.state().settings.notation, Notation::Long);
    assert!(
        shows(&h, "1. you: Ra1-a8: No."),
        "the log: {:?}",
        h.all_text()
    );
}

#[test]
fn long_algebraic_is_a_setting() {
    let mut h = white_to_play(REFUSED, Notation::Long);
    h.click("White a1");
    h.click("White a8");
    assert_eq!(h.message(), Some("Ra1-a8: No."));
    assert!(
        shows(&h, "1. you: Ra1-a8: No."),
        "the log: {:?}",
        h.all_text()
    );
}

#[test]
fn a_declined_draw_offer_is_told_to_the_one_who_offered() {
    let mut h = white_to_play(STANDARD, Notation::San);
    h.click("Offer draw");
    h.play_typed("e4");
    assert!(h.play().curtain_up());
    h.click("Open Black's board");
    assert!(h.query_by_label("White offers a draw.").is_some());
    h.click("Decline draw");
    assert_eq!(h.message(), Some("You declined White's draw offer."));
    h.play_typed("e5");
    // Black's word waits for White, and is not shown on the curtain.
    assert!(!shows(&h, "declined your draw offer"));
    h.click("Open White's board");
    assert_eq!(h.message(), Some("Black declined your draw offer."));
    // White offers again; Black plays on without a word: the offer lapsed, White is told.
    h.click("Offer draw");
    h.play_typed("d4");
    h.click("Open Black's board");
    h.play_typed("d5");
    h.click("Open White's board");
    assert_eq!(
        h.message(),
        Some("Black played on: your draw offer was declined.")
    );
    assert_eq!(h.table().facts().draw_offer, None);
}

/// The number on the tray's button for `role` (its accessible value).
fn tray_count(h: &Gui, label: &str) -> Option<f64> {
    h.get_by_label(label).accesskit_node().numeric_value()
}

#[test]
fn the_marker_counts_follow_the_markers_placed() {
    let mut h = white_to_play(STANDARD, Notation::San);
    let pawn = "White marks black pawn";
    assert_eq!(tray_count(&h, pawn), Some(8.0));
    h.click(pawn);
    h.click("White e5");
    h.click("White d5");
    assert_eq!(tray_count(&h, pawn), Some(6.0));
    assert_eq!(tray_count(&h, "White marks black knight"), Some(2.0));
    // Erasing one gives its unit back.
    h.click("Erase");
    h.click("White e5");
    assert_eq!(tray_count(&h, pawn), Some(7.0));
}

#[test]
fn a_join_nobody_answers_is_said_in_words_then_in_detail() {
    // A port nobody listens on: bound, then let go.
    let free = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
    let address = free.local_addr().expect("its address").to_string();
    drop(free);
    let mut form = NetworkScreen::new(Tab::Join);
    form.address = address;
    form.code = "ABC-DEF".into();
    let mut h = Gui::builder().network(form).build_without_run();
    h.run_steps(2);
    h.get_by_label("Join").click();
    h.until_dialled();
    let words = "Connection refused: no game is hosted at that address.";
    assert!(h.query_by_label(words).is_some(), "{:?}", h.all_text());
    assert!(
        h.query_by_label_contains("cannot connect: ").is_some(),
        "the detail follows: {:?}",
        h.all_text()
    );
}
