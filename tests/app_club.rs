//! Club referee mode, run from the keyboard only: the exact words of the "Say this" panel for a
//! legal move, a refused attempt, an impossible attempt, "Any?", a capture with check, an undo
//! and checkmate, in two rule sets (Berkeley + Any? and ICC Wild 16).
#![cfg(feature = "gui")]

use egui_kittest::Harness;
use egui_kittest::kittest::{By, NodeT, Queryable};
use kriegspiel::Preset;
use kriegspiel::app::newgame::{NewGameDialog, NewMode};
use kriegspiel::app::play::PlayScreen;
use kriegspiel::app::settings::Settings;
use kriegspiel::app::{KriegspielApp, Screen, StartOptions};

const START: &str = "r5k1/5ppp/2q5/3p4/4P3/8/5PPP/R5K1 w - - 0 1";

fn club_app(preset: Preset, name: &str) -> KriegspielApp {
    let dir = std::env::temp_dir().join(format!("kriegspiel-club-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let options = StartOptions {
        saves_dir: Some(dir),
        ..StartOptions::default()
    };
    let mut app = KriegspielApp::new(options, Settings::default(), false);
    let mut dialog = NewGameDialog::new(preset, NewMode::Referee);
    dialog.use_fen = true;
    dialog.fen = START.to_owned();
    dialog.white = "Ann".into();
    dialog.black = "Bob".into();
    dialog.referee = "Carl".into();
    let spec = dialog.spec().expect("valid game");
    let path =
        std::env::temp_dir().join(format!("kriegspiel-club-{name}-{}.ron", std::process::id()));
    let session = kriegspiel::session::GameSession::new(
        spec.rules,
        spec.start,
        spec.meta,
        spec.time_control,
        Some(path),
    )
    .expect("starts");
    app.screen = Screen::Play(Box::new(PlayScreen::new(session, spec.mode)));
    app
}

fn harness(app: KriegspielApp) -> Harness<'static, KriegspielApp> {
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

/// Types a line into the focused move field and presses Enter: keyboard only.
fn enter(h: &mut Harness<'_, KriegspielApp>, line: &str) {
    assert!(
        h.get_by_label("Type a move").is_focused(),
        "the move field has the focus"
    );
    h.event(egui::Event::Text(line.to_owned()));
    h.run();
    h.key_press(egui::Key::Enter);
    h.run();
}

/// The "Say this" panel, as (to whom, words), checked against what is on screen.
fn said(h: &Harness<'_, KriegspielApp>) -> Vec<(String, String)> {
    let lines = play(h).say_this.clone();
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
    let mut h = harness(club_app(Preset::BerkeleyAny, "berkeley"));
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
    h.key_press(egui::Key::Enter);
    h.run();
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
        play(&h).session.corrections().len(),
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
    assert!(play(&h).revealed());
    let scoresheet =
        kriegspiel::scoresheet::scoresheet(&play(&h).session.to_saved().expect("a local table"));
    assert!(scoresheet.contains("took back c6e4"), "{scoresheet}");
}

#[test]
fn wild16_game_from_the_keyboard() {
    let mut h = harness(club_app(Preset::Wild16, "wild16"));
    enter(&mut h, "?");
    assert_eq!(
        play(&h).message.as_deref(),
        Some("these rules have no \"Any?\" question")
    );
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
    h.key_press(egui::Key::Enter);
    h.run();
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
    let over = play(&h).session.over().expect("over");
    assert_eq!(over.reason, kriegspiel::announce::EndReason::Checkmate);
}

#[test]
fn results_outside_the_board() {
    let mut h = harness(club_app(Preset::Wild16, "results"));
    enter(&mut h, "adjudicate 1/2-1/2 power cut in the hall");
    h.key_press(egui::Key::Enter);
    h.run();
    let over = play(&h).session.over().expect("over");
    assert_eq!(over.reason, kriegspiel::announce::EndReason::Adjudication);
    assert_eq!(over.result, kriegspiel::announce::GameResult::Draw);
    let mut h = harness(club_app(Preset::Berkeley, "resign"));
    enter(&mut h, "resign black");
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(play(&h).session.over().is_none(), "Escape cancels");
    enter(&mut h, "resign black");
    h.key_press(egui::Key::Enter);
    h.run();
    assert_eq!(
        play(&h).session.over().map(|o| o.result),
        Some(kriegspiel::announce::GameResult::WhiteWins)
    );
}

#[test]
fn rbc_in_club_mode_reads_out_senses_and_moves_to_the_mover() {
    let dir = std::env::temp_dir().join(format!("kriegspiel-club-rbc-{}", std::process::id()));
    let options = StartOptions {
        saves_dir: Some(dir),
        mode: Some("referee".into()),
        rules: Some(Preset::Rbc),
        ..StartOptions::default()
    };
    let mut h = harness(KriegspielApp::new(options, Settings::default(), false));
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
