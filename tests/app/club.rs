//! Club referee mode, run from the keyboard only: the exact words of the "Say this" panel for a
//! legal move, a refused attempt, an impossible attempt, "Any?", a capture with check, an undo
//! and checkmate, in two rule sets (Berkeley + Any? and ICC Wild 16).

use super::gui;

use egui_kittest::kittest::{By, NodeT, Queryable};
use gui::{Gui, MOVE_FIELD};
use kriegspiel::Preset;
use kriegspiel::app::newgame::{NewGameDialog, NewMode};

const START: &str = "r5k1/5ppp/2q5/3p4/4P3/8/5PPP/R5K1 w - - 0 1";

/// A club game between Ann and Bob refereed by Carl, started from the new-game dialog's choices.
fn club(preset: Preset) -> Gui {
    let mut dialog = NewGameDialog::new(preset, NewMode::Referee);
    dialog.use_fen = true;
    dialog.fen = START.to_owned();
    dialog.white = "Ann".into();
    dialog.black = "Bob".into();
    dialog.referee = "Carl".into();
    Gui::builder()
        .spec(dialog.spec().expect("valid game"))
        .build()
}

/// Types a line into the focused move field and presses Enter: keyboard only.
fn enter(h: &mut Gui, line: &str) {
    assert!(
        h.get_by_label(MOVE_FIELD).is_focused(),
        "the move field has the focus"
    );
    h.type_text(line);
    h.press(egui::Key::Enter);
}

/// The "Say this" panel, as (to whom, words), checked against what is on screen.
fn said(h: &Gui) -> Vec<(String, String)> {
    let lines = h.play().say_this.clone();
    let text: Vec<String> = h
        .root()
        .query_all(By::new())
        .filter_map(|n| {
            n.accesskit_node()
                .value()
                .or(n.accesskit_node().label())
                .map(|s| s.to_string())
        })
        .collect();
    for (to, words) in &lines {
        assert!(
            text.iter().any(|t| *t == format!("{to}:")),
            "'{to}:' is not on screen"
        );
        assert!(
            text.iter().any(|t| t == words),
            "'{words}' is not on screen"
        );
    }
    lines
}

fn pair(to: &str, words: &str) -> Vec<(String, String)> {
    vec![(to.to_owned(), words.to_owned())]
}

#[test]
fn berkeley_any_game_from_the_keyboard() {
    let mut h = club(Preset::BerkeleyAny);
    enter(&mut h, "?");
    assert_eq!(said(&h), pair("To both", "Try!"));
    enter(&mut h, "a1a8");
    assert_eq!(
        said(&h),
        pair("To White only", "Nonsense."),
        "bound to pawn captures"
    );
    enter(&mut h, "e4f5");
    assert_eq!(said(&h), pair("To both", "No."));
    enter(&mut h, "exd5");
    assert_eq!(
        said(&h),
        pair("To both", "Yes. Capture at d5. Black to move.")
    );
    enter(&mut h, "c6e4");
    assert_eq!(said(&h), pair("To both", "No."));
    // The referee mistyped: take it back (Ctrl+Z, Enter to confirm).
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run();
    h.press(egui::Key::Enter);
    // Both heard "No.": both hear the correction; the squares go to Black alone.
    assert_eq!(
        said(&h),
        vec![
            (
                "To both".to_owned(),
                "Correction: take back Black's last attempt. Black to move.".to_owned()
            ),
            (
                "To Black only".to_owned(),
                "Your last attempt was c6e4.".to_owned()
            ),
        ]
    );
    assert_eq!(
        h.table()
            .record()
            .expect("a local table")
            .corrections()
            .len(),
        1,
        "the audit trail keeps it"
    );
    enter(&mut h, "Qb6");
    assert_eq!(said(&h), pair("To both", "Yes. White to move."));
    enter(&mut h, "Rxa8+");
    assert_eq!(
        said(&h),
        pair("To both", "Yes. Capture at a8. Rank check. Black to move.")
    );
    enter(&mut h, "b6b8");
    assert_eq!(said(&h), pair("To both", "Yes. White to move."));
    enter(&mut h, "a8b8");
    assert_eq!(
        said(&h),
        pair("To both", "Yes. Capture at b8. Rank check. Checkmate.")
    );
    assert!(h.play().revealed());
    let scoresheet = kriegspiel::scoresheet::scoresheet(&h.table().saved().expect("a local table"));
    assert!(scoresheet.contains("took back c6e4"), "{scoresheet}");
}

#[test]
fn wild16_game_from_the_keyboard() {
    let mut h = club(Preset::Wild16);
    enter(&mut h, "?");
    assert_eq!(h.message(), Some("these rules have no \"Any?\" question"));
    enter(&mut h, "a1b3");
    assert_eq!(said(&h), pair("To White only", "Hell no."));
    enter(&mut h, "e4f5");
    assert_eq!(said(&h), pair("To White only", "No."));
    enter(&mut h, "e4d5");
    assert_eq!(
        said(&h),
        pair(
            "To both",
            "Pawn at d5 captured. Black to move. No pawn tries."
        )
    );
    enter(&mut h, "c6e4");
    assert_eq!(said(&h), pair("To Black only", "No."));
    enter(&mut h, "undo");
    h.press(egui::Key::Enter);
    // Only Black heard "No.": White hears nothing of its correction.
    assert_eq!(
        said(&h),
        pair(
            "To Black only",
            "Correction: take back your last attempt c6e4. Black to move."
        )
    );
    enter(&mut h, "c6b6");
    assert_eq!(said(&h), pair("To both", "White to move. No pawn tries."));
    enter(&mut h, "a1a8");
    assert_eq!(
        said(&h),
        pair(
            "To both",
            "Piece at a8 captured. Rank check. Black to move. No pawn tries."
        )
    );
    enter(&mut h, "b6b8");
    assert_eq!(said(&h), pair("To both", "White to move. No pawn tries."));
    enter(&mut h, "a8b8");
    assert_eq!(
        said(&h),
        pair("To both", "Piece at b8 captured. Rank check. Checkmate.")
    );
    let over = h.table().facts().over.expect("over");
    assert_eq!(over.reason, kriegspiel::announce::EndReason::Checkmate);
}

#[test]
fn results_outside_the_board() {
    let mut h = club(Preset::Wild16);
    enter(&mut h, "adjudicate 1/2-1/2 power cut in the hall");
    h.press(egui::Key::Enter);
    let over = h.table().facts().over.expect("over");
    assert_eq!(over.reason, kriegspiel::announce::EndReason::Adjudication);
    assert_eq!(over.result, kriegspiel::announce::GameResult::Draw);
    let mut h = club(Preset::Berkeley);
    enter(&mut h, "resign black");
    h.press(egui::Key::Escape);
    assert!(h.table().facts().over.is_none(), "Escape cancels");
    enter(&mut h, "resign black");
    h.press(egui::Key::Enter);
    assert_eq!(
        h.table().facts().over.map(|o| o.result),
        Some(kriegspiel::announce::GameResult::WhiteWins)
    );
}

#[test]
fn rbc_in_club_mode_reads_out_senses_and_moves_to_the_mover() {
    let mut h = Gui::builder()
        .start_mode("referee")
        .rules(Preset::Rbc)
        .build();
    enter(&mut h, "sense a8");
    assert_eq!(
        said(&h),
        pair(
            "To White only",
            "Sensed: a7 black pawn, b7 black pawn, a8 black rook, b8 black knight."
        )
    );
    enter(&mut h, "e2e4");
    assert_eq!(said(&h), pair("To White only", "Your move e2e4 was made."));
    enter(&mut h, "sense");
    assert!(said(&h).is_empty(), "a skipped sense says nothing");
    enter(&mut h, "d7d5");
    enter(&mut h, "sense");
    enter(&mut h, "e4d5");
    assert_eq!(
        said(&h),
        vec![
            (
                "To White only".to_owned(),
                "Your move e4d5 was made. Capture at d5.".to_owned()
            ),
            (
                "To Black only".to_owned(),
                "Your piece on d5 was captured.".to_owned()
            ),
        ]
    );
}

#[test]
fn the_console_field_keeps_the_keys_after_its_buttons() {
    let mut h = club(Preset::Wild16);
    assert!(h.get_by_label(MOVE_FIELD).is_focused());
    // The undo question asked and answered with the mouse: the keys come back to the field.
    h.click("Undo (Ctrl+Z)");
    h.click("No (Esc)");
    enter(&mut h, "f2f3");
    assert_eq!(h.events(), 1, "the move typed after the button was entered");
}

#[test]
fn taking_back_a_move_says_the_side_to_move_after_it() {
    let mut h = club(Preset::Wild16);
    enter(&mut h, "f2f3");
    assert_eq!(h.table().facts().to_move, shakmaty::Color::Black);
    enter(&mut h, "undo");
    h.press(egui::Key::Enter);
    assert_eq!(h.table().facts().to_move, shakmaty::Color::White);
    let to_both: Vec<String> = said(&h)
        .into_iter()
        .filter(|(to, _)| to == "To both")
        .map(|(_, w)| w)
        .collect();
    assert_eq!(
        to_both,
        ["Correction: take back White's last move. White to move."]
    );
}
