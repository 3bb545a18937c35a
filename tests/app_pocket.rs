//! Crazyhouse Kriegspiel in the app (issue 16): both pockets shown to each player; a unit of the
//! own pocket is dropped by dragging it onto the board or by clicking it and then a square; the
//! move hints after picking up a unit are the squares free on the own board.
#![cfg(feature = "gui")]

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use kriegspiel::app::play::{PlayMode, PlayScreen};
use kriegspiel::app::settings::Settings;
use kriegspiel::app::{KriegspielApp, Screen, StartOptions};
use kriegspiel::save::Meta;
use kriegspiel::session::GameSession;
use kriegspiel::{Attempt, Preset, Request};
use shakmaty::{Role, Square};

/// A hot-seat Crazyhouse Kriegspiel game where each side's b-knight is in its pocket.
fn crazy(name: &str) -> Harness<'static, KriegspielApp> {
    let dir = std::env::temp_dir().join(format!("kriegspiel-pocket-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let options = StartOptions {
        saves_dir: Some(dir.clone()),
        ..StartOptions::default()
    };
    let settings = Settings {
        hints: true,
        ..Settings::default()
    };
    let mut app = KriegspielApp::new(options, settings, false);
    let setup = kriegspiel::setup::parse_fen(
        "r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR[Nn] w KQkq - 0 1",
    )
    .expect("a FEN with pockets");
    let session = GameSession::new(
        Preset::CrazyKrieg.rules(),
        setup,
        Meta::default(),
        None,
        Some(dir.join("g.ron")),
    )
    .expect("starts");
    app.screen = Screen::Play(Box::new(PlayScreen::new(session, PlayMode::HotSeat)));
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_context_setup(egui_extras::install_image_loaders)
        .build_ui_state(|ui, app: &mut KriegspielApp| app.show(ui), app);
    h.run();
    h
}

fn requests(h: &Harness<'_, KriegspielApp>) -> Vec<Request> {
    let Screen::Play(p) = &h.state().screen else {
        panic!("not playing")
    };
    let game = p.session.truth().expect("a local table");
    game.log()
        .events
        .iter()
        .map(|e| e.request.clone())
        .collect()
}

#[test]
fn a_pocket_unit_is_dropped_by_click_then_square_and_hints_show_free_squares() {
    let mut h = crazy("click");
    h.get_by_label("Open White's board").click();
    h.run();
    // Both pockets are shown; only the own one can be picked up.
    assert!(h.query_by_label("Black pocket knight").is_some());
    h.get_by_label("White pocket knight").click();
    h.run();
    {
        let Screen::Play(p) = &h.state().screen else {
            panic!("not playing")
        };
        let drawn = p
            .drawn
            .iter()
            .find(|d| d.place == kriegspiel::app::play::Place::Player(shakmaty::Color::White))
            .expect("White's board drawn");
        assert!(drawn.dots.contains(Square::E4), "free square hinted");
        assert!(
            !drawn.dots.contains(Square::E2),
            "own pawn's square not hinted"
        );
        assert_eq!(
            drawn.dots.count(),
            64 - 15,
            "every square without an own piece"
        );
    }
    h.get_by_label("White e4").click();
    h.run();
    assert_eq!(
        requests(&h),
        vec![Request::Try(Attempt::drop(Role::Knight, Square::E4))]
    );
}

#[test]
fn a_pocket_unit_is_dropped_by_dragging_it_onto_the_board() {
    let mut h = crazy("drag");
    h.get_by_label("Open White's board").click();
    h.run();
    let from = h.get_by_label("White pocket knight").rect().center();
    let to = h.get_by_label("White d4").rect().center();
    h.hover_at(from);
    h.run();
    h.drag_at(from);
    h.run();
    for step in 1..=4 {
        h.hover_at(from + (to - from) * (step as f32 / 4.0));
        h.run();
    }
    h.drop_at(to);
    h.run();
    assert_eq!(
        requests(&h),
        vec![Request::Try(Attempt::drop(Role::Knight, Square::D4))]
    );
}
