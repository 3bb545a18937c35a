//! The layout in small and large windows (issue 15 item 13): the board of the player at the
//! screen is in view without scrolling, the boards use the width, and no two boards overlap.

use super::gui;

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

/// The labels of covered boards on screen.
fn covered(h: &Gui) -> Vec<String> {
    h.all_text()
        .into_iter()
        .filter(|t| t.ends_with(": covered"))
        .collect()
}

#[test]
fn one_person_at_the_screen_gets_one_large_board_with_the_log_beside_it() {
    for (w, ht) in [(1000.0, 700.0), (1600.0, 1000.0)] {
        let h = app(PlayMode::Seat(shakmaty::Color::White), w, ht);
        assert!(
            covered(&h).is_empty(),
            "no closed panels: {:?}",
            covered(&h)
        );
        assert_eq!(h.play().drawn.len(), 1, "one board drawn");
        let board = board_rect(&h, "White");
        let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(w, ht));
        assert!(window.contains_rect(board), "{board:?} in view at {w}x{ht}");
        assert!(
            board.height() > 0.55 * ht,
            "a large board at {w}x{ht}: {board:?}"
        );
        // The log stands beside the board, not under it.
        let log = h.get_by_label("What you heard").rect();
        assert!(log.left() > board.right(), "{log:?} beside {board:?}");
    }
}

#[test]
fn in_hot_seat_the_closed_boards_take_one_line() {
    let mut h = app(PlayMode::HotSeat, 1280.0, 800.0);
    h.click("Open White's board");
    assert!(covered(&h).is_empty(), "{:?}", covered(&h));
    assert!(
        h.query_by_label("Black's board and the referee's board are closed.")
            .is_some()
    );
    assert!(board_rect(&h, "White").height() > 0.55 * 800.0);
}

#[test]
fn the_board_does_not_move_when_the_bottom_bar_changes() {
    let mut h = app(PlayMode::HotSeat, 1280.0, 800.0);
    h.click("Open White's board");
    let before = board_rect(&h, "White");
    // A refused line brings a message; a promotion-free move keeps the bar: the board stays.
    h.enter_line("e2e5");
    assert!(h.message().is_some(), "a message is shown");
    assert_eq!(board_rect(&h, "White"), before);
    h.enter_line("Nf6");
    assert!(h.message().is_some());
    assert_eq!(board_rect(&h, "White"), before);
}

#[test]
fn the_training_aid_maps_one_kind_of_unit_with_a_legend() {
    let mut h = app(PlayMode::Seat(shakmaty::Color::White), 1280.0, 800.0);
    h.click("Where enemy units may be");
    assert!(
        h.query_by_label("shaded: may stand there; deeper: likelier")
            .is_some(),
        "a legend says what the shading means"
    );
    let every = h.board(kriegspiel::app::play::Place::Player(shakmaty::Color::White));
    assert_eq!(
        every.heat.len(),
        16,
        "every enemy unit at the start: {:?}",
        every.heat
    );
    // One kind: the king stands on e8 for sure.
    h.click("on the map");
    h.click("king");
    let king = h.board(kriegspiel::app::play::Place::Player(shakmaty::Color::White));
    let squares: Vec<_> = king.heat.iter().map(|(sq, _)| *sq).collect();
    assert_eq!(squares, [shakmaty::Square::E8]);
}
