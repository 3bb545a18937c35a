//! The end of a game and the look of the app (issue 15, items 8, 14-17), driven through AccessKit:
//! the finished game can be studied, exported or played again with the same settings; messages
//! say by their kind (and colour) whether something went wrong; the curtain lists every public
//! announcement since the player's last turn, "Any?" and its answer included; a light theme.
#![cfg(feature = "gui")]

use egui_kittest::Harness;
use egui_kittest::kittest::{By, NodeT, Queryable};
use kriegspiel::Preset;
use kriegspiel::app::play::{MessageKind, PlayMode, PlayScreen};
use kriegspiel::app::settings::{AppTheme, Settings};
use kriegspiel::app::{KriegspielApp, Screen, StartOptions};
use kriegspiel::clock::TimeControl;
use kriegspiel::save::Meta;
use kriegspiel::session::GameSession;

/// White mates at once with Ra8.
const MATE_IN_ONE: &str = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
/// A rook that cannot pass a hidden knight (a1a8 is refused), as in the hot-seat tests.
const REFUSED: &str = "6k1/1P3ppp/8/3p4/n7/8/8/R5K1 w - - 0 1";
const STANDARD: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir =
        std::env::temp_dir().join(format!("kriegspiel-app-end-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// A hot-seat game between Ann and Bob from `fen`, on the curtain; its saves go to `dir`.
fn app_with_game(
    rules: kriegspiel::RuleSet,
    fen: &str,
    dir: &std::path::Path,
    clock: Option<TimeControl>,
) -> KriegspielApp {
    let options = StartOptions {
        saves_dir: Some(dir.to_path_buf()),
        ..StartOptions::default()
    };
    let mut app = KriegspielApp::new(options, Settings::default(), false);
    let setup = fen.parse::<shakmaty::fen::Fen>().expect("fen").into_setup();
    let session = GameSession::new(
        rules,
        setup,
        Meta {
            white: "Ann".into(),
            black: "Bob".into(),
            event: "Club night".into(),
            ..Meta::default()
        },
        clock,
        Some(dir.join("game.ron")),
    )
    .expect("valid start");
    app.screen = Screen::Play(Box::new(PlayScreen::new(session, PlayMode::HotSeat)));
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

fn click(h: &mut Harness<'_, KriegspielApp>, label: &str) {
    h.get_by_label(label).click();
    h.run();
}

/// Every label and value in the accessibility tree.
fn all_text(h: &Harness<'_, KriegspielApp>) -> Vec<String> {
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

/// Plays 1. Ra8# from [`MATE_IN_ONE`].
fn mate(h: &mut Harness<'_, KriegspielApp>) {
    click(h, "Open White's board");
    click(h, "White a1");
    click(h, "White a8");
    assert!(play(h).revealed(), "Ra8 mates");
}

/// Types `text` into the move field and plays it with the button.
fn enter_move(h: &mut Harness<'_, KriegspielApp>, text: &str) {
    let field = h.get_by_label("Type a move");
    field.focus();
    field.type_text(text);
    h.run();
    click(h, "Play typed move");
}

#[test]
fn the_end_of_a_game_offers_study_export_and_a_new_game() {
    let dir = temp_dir("buttons");
    let mut h = harness(app_with_game(
        Preset::Wild16.rules(),
        MATE_IN_ONE,
        &dir,
        None,
    ));
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
    click(&mut h, "Study this game");
    let Screen::Study(s) = &h.state().screen else {
        panic!("not studying");
    };
    assert!(s.saved.result.is_some(), "the finished game is studied");
    assert!(s.confirmed, "a finished game needs no confirmation");
    assert_eq!(s.saved.meta.white, "Ann");
}

#[test]
fn a_new_game_with_the_same_settings_keeps_rules_names_and_clock() {
    let dir = temp_dir("same");
    let clock = TimeControl::minutes_plus_seconds(5, 3);
    let mut h = harness(app_with_game(
        Preset::Wild16.rules(),
        MATE_IN_ONE,
        &dir,
        Some(clock),
    ));
    mate(&mut h);
    click(&mut h, "New game with the same settings");
    let Screen::NewGame(d) = &h.state().screen else {
        panic!("not in the new-game dialog");
    };
    assert_eq!(d.rules, Preset::Wild16.rules());
    assert_eq!((d.white.as_str(), d.black.as_str()), ("Ann", "Bob"));
    assert_eq!(d.event, "Club night");
    assert!(d.timed);
    assert_eq!((d.minutes, d.increment), (5, 3));
    // The game started from a position of its own: the dialog starts from it again.
    assert!(d.use_fen);
    let again = kriegspiel::setup::parse_fen(&d.fen).expect("a FEN");
    let start = kriegspiel::setup::parse_fen(MATE_IN_ONE).expect("a FEN");
    assert_eq!(again.board, start.board);
}

#[test]
fn exporting_the_pgn_at_the_end_says_where_in_a_success_colour() {
    let dir = temp_dir("export");
    let mut h = harness(app_with_game(
        Preset::Wild16.rules(),
        MATE_IN_ONE,
        &dir,
        None,
    ));
    mate(&mut h);
    click(&mut h, "Export PGN…");
    click(&mut h, "Save");
    let app = h.state();
    let notice = app.notice.clone().expect("a notice");
    assert!(notice.starts_with("Written to "), "{notice}");
    assert_eq!(app.notice_kind, MessageKind::Success);
    let pgn = std::fs::read_dir(&dir)
        .expect("dir")
        .filter_map(Result::ok)
        .find(|e| e.path().extension().is_some_and(|x| x == "pgn"))
        .expect("a PGN file");
    let text = std::fs::read_to_string(pgn.path()).expect("readable");
    assert!(text.contains("1-0"), "{text}");

    // A file that does not open: an error notice, in another colour.
    h.state_mut().open(&dir.join("no-such-game.ron"), false);
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
    click(&mut h, "Settings");
    assert!(h.state().notice.is_none(), "the notice outlived a click");
}

#[test]
fn errors_and_news_are_told_apart_and_cleared_by_the_next_action() {
    let dir = temp_dir("kinds");
    let mut h = harness(app_with_game(Preset::Wild16.rules(), REFUSED, &dir, None));
    click(&mut h, "Open White's board");
    enter_move(&mut h, "Nf3");
    assert_eq!(
        play(&h).message.as_deref(),
        Some("none of your pieces can play Nf3")
    );
    assert_eq!(play(&h).message_kind(), Some(MessageKind::Error));
    // A refused attempt is what the referee said: news, not an error.
    h.get_by_label("Type a move").focus();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.key_press(egui::Key::Backspace);
    h.run();
    click(&mut h, "White a1");
    click(&mut h, "White a8");
    assert_eq!(play(&h).message.as_deref(), Some("a1a8: No."));
    assert_eq!(play(&h).message_kind(), Some(MessageKind::Info));
    // The next action clears it (an empty line plays nothing and says nothing).
    assert!(play(&h).move_text.is_empty());
    click(&mut h, "Play typed move");
    assert_eq!(play(&h).message, None);
    assert_eq!(play(&h).message_kind(), None);
}

#[test]
fn the_curtain_lists_any_and_its_answer_since_the_last_turn() {
    let dir = temp_dir("curtain");
    let mut h = harness(app_with_game(
        Preset::BerkeleyAny.rules(),
        STANDARD,
        &dir,
        None,
    ));
    click(&mut h, "Open White's board");
    // No pawn capture at the start: the answer is "No", heard by both under these rules.
    click(&mut h, "Any?");
    click(&mut h, "White e2");
    click(&mut h, "White e4");
    assert!(play(&h).curtain_up(), "e2e4 was played");
    let text = all_text(&h);
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
    let dir = temp_dir("theme");
    let mut h = harness(app_with_game(Preset::Wild16.rules(), STANDARD, &dir, None));
    assert!(h.ctx.global_style().visuals.dark_mode, "dark by default");
    click(&mut h, "Settings");
    // The move hints are reachable there too.
    assert!(h.query_by_label("Show move hints").is_some());
    click(&mut h, "Light");
    h.run();
    assert_eq!(h.state().settings.theme, AppTheme::Light);
    assert!(!h.ctx.global_style().visuals.dark_mode, "the light theme");

    // A light theme saved in the settings is used from the first frame.
    let options = StartOptions {
        saves_dir: Some(dir.clone()),
        ..StartOptions::default()
    };
    let settings = Settings {
        theme: AppTheme::Light,
        ..Settings::default()
    };
    let h = harness(KriegspielApp::new(options, settings, false));
    assert!(!h.ctx.global_style().visuals.dark_mode);
}
