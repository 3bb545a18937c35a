//! Crazyhouse Kriegspiel in the app (issue 16): both pockets shown to each player; a unit of the
//! own pocket is dropped by dragging it onto the board or by clicking it and then a square; the
//! move hints after picking up a unit are the squares free on the own board.

use super::gui;

use egui_kittest::kittest::Queryable;
use gui::{Gui, fen};
use kriegspiel::app::play::Place;
use kriegspiel::app::settings::Settings;
use kriegspiel::{Attempt, Preset, Request};
use shakmaty::{Color, Role, Square};

/// A hot-seat Crazyhouse Kriegspiel game where each side's b-knight is in its pocket.
fn crazy() -> Gui {
    let settings = Settings {
        hints: true,
        ..Settings::default()
    };
    let start = fen("r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR[Nn] w KQkq - 0 1");
    Gui::builder()
        .settings(settings)
        .game(Preset::CrazyKrieg.rules(), start)
        .build()
}

#[test]
fn a_pocket_unit_is_dropped_by_click_then_square_and_hints_show_free_squares() {
    let mut h = crazy();
    h.click("Open White's board");
    // Both pockets are shown; only the own one can be picked up.
    assert!(h.query_by_label("Black pocket knight").is_some());
    h.click("White pocket knight");
    {
        let drawn = h.board(Place::Player(Color::White));
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
    h.click("White e4");
    assert_eq!(
        h.requests(),
        vec![Request::Try(Attempt::drop(Role::Knight, Square::E4))]
    );
}

#[test]
fn a_pocket_unit_is_dropped_by_dragging_it_onto_the_board() {
    let mut h = crazy();
    h.click("Open White's board");
    h.drag("White pocket knight", "White d4");
    assert_eq!(
        h.requests(),
        vec![Request::Try(Attempt::drop(Role::Knight, Square::D4))]
    );
}
