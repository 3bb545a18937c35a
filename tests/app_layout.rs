//! The layout in small and large windows (issue 15 item 13): the board of the player at the
//! screen is in view without scrolling, the boards use the width, and no two boards overlap.
#![cfg(feature = "gui")]

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use kriegspiel::Preset;
use kriegspiel::app::play::{PlayMode, PlayScreen};
use kriegspiel::app::settings::Settings;
use kriegspiel::app::{KriegspielApp, Screen, StartOptions};
use kriegspiel::save::Meta;
use kriegspiel::session::GameSession;

fn app(name: &str, mode: PlayMode) -> KriegspielApp {
    let dir = std::env::temp_dir().join(format!("kriegspiel-layout-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let options = StartOptions {
        saves_dir: Some(dir.clone()),
        ..StartOptions::default()
    };
    let mut app = KriegspielApp::new(options, Settings::default(), false);
    let session = GameSession::new(
        Preset::Berkeley.rules(),
        shakmaty::Setup::initial(),
        Meta::default(),
        None,
        Some(dir.join("g.ron")),
    )
    .expect("starts");
    app.screen = Screen::Play(Box::new(PlayScreen::new(session, mode)));
    app
}

fn harness(app: KriegspielApp, w: f32, h: f32) -> Harness<'static, KriegspielApp> {
    let mut h = Harness::builder()
        .with_size(egui::vec2(w, h))
        .with_context_setup(egui_extras::install_image_loaders)
        .build_ui_state(|ui, app: &mut KriegspielApp| app.show(ui), app);
    h.run();
    h
}

/// The rectangle of a board, from its corner squares' buttons.
fn board_rect(h: &Harness<'_, KriegspielApp>, name: &str) -> egui::Rect {
    let a = h.get_by_label(&format!("{name} a1")).rect();
    let b = h.get_by_label(&format!("{name} h8")).rect();
    a.union(b)
}

#[test]
fn at_900_by_700_blacks_board_is_in_view_when_black_is_at_the_screen() {
    let mut h = harness(app("black", PlayMode::HotSeat), 900.0, 700.0);
    h.get_by_label("Open White's board").click();
    h.run();
    h.get_by_label("Type a move").click();
    h.run();
    h.get_by_label("Type a move").type_text("e2e4");
    h.key_press(egui::Key::Enter);
    h.run();
    h.get_by_label("Open Black's board").click();
    h.run();
    let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(900.0, 700.0));
    let black = board_rect(&h, "Black");
    assert!(
        window.contains_rect(black),
        "Black's board {black:?} is in view"
    );
    assert!(black.width() >= 250.0, "and not tiny: {black:?}");
}

#[test]
fn boards_never_overlap_and_use_the_width() {
    for (w, hgt) in [(900.0, 700.0), (1280.0, 800.0), (1920.0, 1080.0)] {
        let h = harness(app(&format!("club{w}"), PlayMode::Referee), w, hgt);
        let referee = board_rect(&h, "Referee");
        let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(w, hgt));
        assert!(
            window.contains_rect(referee),
            "{w}: the referee's board is in view"
        );
        let white = board_rect(&h, "White");
        let black = board_rect(&h, "Black");
        for (a, b) in [(white, black), (white, referee), (black, referee)] {
            assert!(
                a.intersect(b).area() <= 1.0,
                "{w}x{hgt}: boards overlap: {a:?} {b:?}"
            );
        }
        let widest = referee.width().max(white.width());
        assert!(
            widest * 2.0 >= w * 0.55,
            "{w}: the boards use the width ({widest})"
        );
    }
}
