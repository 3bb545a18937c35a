//! The layout in small and large windows (issue 15 item 13): the board of the player at the
//! screen is in view without scrolling, the boards use the width, and no two boards overlap.
#![cfg(feature = "gui")]

#[path = "common/gui.rs"]
mod gui;

use egui_kittest::kittest::Queryable;
use gui::Gui;
use kriegspiel::Preset;
use kriegspiel::app::play::PlayMode;

/// A Berkeley game from the start in `mode`, in a `w` by `h` window.
fn app(mode: PlayMode, w: f32, h: f32) -> Gui {
    Gui::builder()
        .size(w, h)
        .game(Preset::Berkeley.rules(), shakmaty::Setup::initial())
        .play_mode(mode)
        .build()
}

/// The rectangle of a board, from its corner squares' buttons.
fn board_rect(h: &Gui, name: &str) -> egui::Rect {
    let a = h.get_by_label(&format!("{name} a1")).rect();
    let b = h.get_by_label(&format!("{name} h8")).rect();
    a.union(b)
}

#[test]
fn at_900_by_700_blacks_board_is_in_view_when_black_is_at_the_screen() {
    let mut h = app(PlayMode::HotSeat, 900.0, 700.0);
    h.click("Open White's board");
    h.enter_line("e2e4");
    h.click("Open Black's board");
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
        let h = app(PlayMode::Referee, w, hgt);
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
