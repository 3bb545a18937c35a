//! Move entry and the player's board, driven through AccessKit and the keyboard like a person
//! would (issue 15): SAN as players write it, resolved on the own board only and sent to the
//! referee even where it may be impossible; promotion without a letter; the move field keeps
//! the focus and its keystrokes never trigger shortcuts; markers that can be erased and never
//! take a click meant for a move; dots that follow "Any?"; knight-check shading; Space or Enter
//! opens the curtain; study counts every key press.

use super::gui;

use egui_kittest::kittest::Queryable;
use gui::{Gui, MOVE_FIELD, STANDARD, fen};
use kriegspiel::app::board::Highlight;
use kriegspiel::app::play::{Curtain, Drawn, Place, Typed, resolve_typed};
use kriegspiel::{Attempt, Game, PlayerView, Preset, Request, RuleSet};
use shakmaty::{Color, Role, Square};

/// Focuses the move field, types `line` and presses Enter.
fn enter_move(h: &mut Gui, line: &str) {
    h.focus(MOVE_FIELD);
    h.type_text(line);
    h.press(egui::Key::Enter);
}

fn field_focused(h: &Gui) -> bool {
    h.get_by_label(MOVE_FIELD).is_focused()
}

fn attempt(uci: &str) -> Attempt {
    Attempt::parse(uci).expect("uci")
}

fn drawn(h: &Gui, color: Color) -> Drawn {
    h.board(Place::Player(color))
}

/// White's markers now.
fn markers(h: &Gui) -> std::collections::BTreeMap<Square, Role> {
    h.markers(Color::White)
}

fn white_view(rules: RuleSet, start: &str) -> PlayerView {
    let game = Game::new(rules, fen(start)).expect("valid start");
    PlayerView::build(game.log(), Color::White)
}

#[test]
fn san_is_read_as_players_write_it_on_the_own_board() {
    let pawns = white_view(Preset::Wild16.rules(), "4k3/8/8/8/8/8/6PP/4K3 w - - 0 1");
    assert_eq!(
        resolve_typed(&pawns, "h3"),
        Ok(Typed::Attempt(attempt("h2h3")))
    );
    assert_eq!(
        resolve_typed(&pawns, "gxh3"),
        Ok(Typed::Attempt(attempt("g2h3")))
    );
    assert_eq!(
        resolve_typed(&pawns, "g3"),
        Ok(Typed::Attempt(attempt("g2g3")))
    );
    let start = white_view(Preset::Wild16.rules(), STANDARD);
    assert_eq!(
        resolve_typed(&start, "d3"),
        Ok(Typed::Attempt(attempt("d2d3")))
    );
    // Possibly impossible on the true board: the referee answers them.
    assert_eq!(
        resolve_typed(&start, "Bc4"),
        Ok(Typed::Attempt(attempt("f1c4")))
    );
    assert_eq!(
        resolve_typed(&start, "O-O-O"),
        Ok(Typed::Attempt(attempt("e1c1")))
    );
    assert_eq!(
        resolve_typed(&start, "O-O"),
        Ok(Typed::Attempt(attempt("e1g1")))
    );
    assert_eq!(
        resolve_typed(&start, "Nf5").map_err(|e| e.to_string()),
        Err("none of your pieces can play Nf5".to_owned())
    );
}

#[test]
fn typed_san_reaches_the_referee_even_where_it_may_be_impossible() {
    let mut h = Gui::hot_seat(Preset::Wild16.rules(), STANDARD);
    h.click("Open White's board");
    enter_move(&mut h, "Bc4");
    assert_eq!(h.last_request(), Request::Try(attempt("f1c4")));
    let message = h.message().unwrap_or_default().to_owned();
    assert!(
        message.starts_with("Bc4: "),
        "the referee answered: {message}"
    );
    assert_eq!(h.table().facts().to_move, Color::White);
    enter_move(&mut h, "O-O-O");
    assert_eq!(h.last_request(), Request::Try(attempt("e1c1")));
    enter_move(&mut h, "h3");
    assert_eq!(h.last_request(), Request::Try(attempt("h2h3")));
    assert!(h.play().curtain_up(), "h3 was played");
}

#[test]
fn a_missing_promotion_letter_is_a_queen_or_a_question() {
    const FEN: &str = "r5k1/1P6/8/8/8/8/8/4K3 w - - 0 1";
    // Queen-only promotion (classic rules): no letter needed.
    let classic = white_view(Preset::Classic.rules(), FEN);
    assert_eq!(
        resolve_typed(&classic, "b7a8"),
        Ok(Typed::Attempt(attempt("b7a8q")))
    );
    assert_eq!(
        resolve_typed(&classic, "bxa8=N"),
        Ok(Typed::Attempt(attempt("b7a8n")))
    );
    let mut h = Gui::hot_seat(Preset::Classic.rules(), FEN);
    h.click("Open White's board");
    enter_move(&mut h, "bxa8");
    assert_eq!(h.last_request(), Request::Try(attempt("b7a8q")));

    // Elsewhere the piece is asked for; nothing reaches the referee before.
    let mut h = Gui::hot_seat(Preset::Wild16.rules(), FEN);
    h.click("Open White's board");
    let before = h.events();
    enter_move(&mut h, "bxa8");
    assert_eq!(h.events(), before, "no attempt without a piece");
    h.click("Promote to knight");
    assert_eq!(h.last_request(), Request::Try(attempt("b7a8n")));
    assert_eq!(h.events(), before + 1, "the knight promotion was played");
}

#[test]
fn the_move_field_keeps_the_focus_and_the_keys() {
    let mut h = Gui::hot_seat(Preset::Wild16.rules(), STANDARD);
    h.click("Open White's board");
    enter_move(&mut h, "e6");
    assert_eq!(h.message(), Some("none of your pieces can play e6"));
    assert_eq!(h.events(), 0, "nothing was sent");
    assert!(field_focused(&h), "the field keeps the focus after Enter");
    // The refused text is selected: the next keystrokes replace it.
    h.type_text("e4");
    assert_eq!(h.play().move_text, "e4");
    // A letter typed in the field is no shortcut.
    h.press(egui::Key::F);
    assert!(!h.play().flipped, "F typed in the field flipped the boards");
    h.press(egui::Key::Enter);
    assert_eq!(h.last_request(), Request::Try(attempt("e2e4")));
    assert!(h.play().curtain_up());

    h.click("Open Black's board");
    assert!(field_focused(&h), "the opened board's field has the keys");
    // Escape leaves the field; / goes back to it and leaves no trace in it.
    h.press(egui::Key::Escape);
    assert!(!field_focused(&h));
    h.press(egui::Key::Slash);
    assert!(field_focused(&h), "/ focuses the move field");
    h.type_text("e5");
    assert_eq!(h.play().move_text, "e5");
    // Out of the field, F flips the boards again.
    h.press(egui::Key::Escape);
    assert!(!field_focused(&h));
    h.press(egui::Key::F);
    assert!(h.play().flipped);
}

#[test]
fn markers_erase_and_never_take_a_move_click() {
    let mut h = Gui::hot_seat(Preset::Wild16.rules(), STANDARD);
    h.click("Open White's board");
    h.click("White marks black knight");
    h.click("White e5");
    h.click("White e4");
    assert_eq!(markers(&h).get(&Square::E5), Some(&Role::Knight));
    assert_eq!(markers(&h).get(&Square::E4), Some(&Role::Knight));
    // Erase removes a marker on click.
    h.click("Erase");
    h.click("White e5");
    assert_eq!(markers(&h).get(&Square::E5), None, "Erase removed it");
    assert_eq!(markers(&h).len(), 1);
    // With a marker piece chosen, a click on one's own pawn picks it up, and the next click
    // moves it: the marker under it is gone.
    h.click("White marks black pawn");
    h.click("White e2");
    assert_eq!(
        markers(&h).get(&Square::E2),
        None,
        "no marker on an own piece"
    );
    h.click("White e4");
    assert_eq!(h.last_request(), Request::Try(attempt("e2e4")));
    assert!(
        markers(&h).is_empty(),
        "the guess under the moved pawn is gone"
    );
}

/// A guessed piece is dragged to another square like a piece (issue 15 item 5).
#[test]
fn a_marker_is_dragged_to_another_square() {
    let mut h = Gui::hot_seat(Preset::Wild16.rules(), STANDARD);
    h.click("Open White's board");
    h.click("White marks black knight");
    h.click("White c6");
    h.click("White marks black knight"); // put the brush down
    assert_eq!(markers(&h).get(&Square::C6), Some(&Role::Knight));
    h.drag("White c6", "White d4");
    assert_eq!(markers(&h).get(&Square::C6), None, "moved away");
    assert_eq!(
        markers(&h).get(&Square::D4),
        Some(&Role::Knight),
        "moved here"
    );
    assert_eq!(h.events(), 0, "no attempt was made");
}

#[test]
fn after_any_try_the_dots_show_only_pawn_captures() {
    let fen = "4k3/8/8/3p4/4P3/8/8/R3K3 w - - 0 1";
    let mut h = Gui::hot_seat(Preset::BerkeleyAny.rules(), fen);
    h.click("Open White's board");
    // Before asking, the pawn's dots include its push.
    h.click("White e4");
    assert!(drawn(&h, Color::White).dots.contains(Square::E5));
    h.click("White e4"); // put it down again
    h.click("Any?");
    assert!(
        PlayerView::build(h.log(), Color::White).any_asked,
        "Any? was asked"
    );
    h.click("White e4");
    let dots = drawn(&h, Color::White).dots;
    assert!(dots.contains(Square::D5), "the capture is shown");
    assert!(
        !dots.contains(Square::E5),
        "no push while bound to pawn captures"
    );
    h.click("White a1");
    assert!(
        drawn(&h, Color::White).dots.is_empty(),
        "the rook owes nothing: no dots"
    );
}

#[test]
fn knight_check_shading_skips_own_pieces() {
    // Black's knight checks from d3; White's pawn stands on g2, one of the knight squares.
    let fen = "4k3/8/8/4n3/8/8/6P1/4K3 b - - 0 1";
    let mut h = Gui::hot_seat(Preset::Wild16.rules(), fen);
    h.click("Open Black's board");
    h.click("Black e5");
    h.click("Black d3");
    assert!(h.play().curtain_up(), "Nd3+ was played");
    h.click("Open White's board");
    let shaded: Vec<Square> = drawn(&h, Color::White)
        .highlights
        .iter()
        .filter(|(_, hl)| *hl == Highlight::Check)
        .map(|(sq, _)| *sq)
        .collect();
    for sq in [Square::C2, Square::D3, Square::F3] {
        assert!(shaded.contains(&sq), "{sq} is shaded: {shaded:?}");
    }
    assert!(
        !shaded.contains(&Square::G2),
        "the own pawn's square is shaded"
    );
}

#[test]
fn space_or_enter_opens_the_curtain() {
    let mut h = Gui::hot_seat(Preset::Wild16.rules(), STANDARD);
    assert!(h.play().curtain_up());
    h.let_time_pass(kriegspiel::app::play::CURTAIN_ARM);
    h.press(egui::Key::Space);
    assert_eq!(h.play().curtain, Curtain::Open(Color::White));
    h.click("White e2");
    h.click("White e4");
    assert_eq!(h.play().curtain, Curtain::Up { next: Color::Black });
    h.let_time_pass(kriegspiel::app::play::CURTAIN_ARM);
    h.press(egui::Key::Enter);
    assert_eq!(h.play().curtain, Curtain::Open(Color::Black));
}

/// Puts `n` presses of `key` into one frame (a fast hand, or key repeat, between two frames).
fn presses_in_one_frame(h: &mut Gui, key: egui::Key, n: usize) {
    for _ in 0..n {
        h.input_mut().events.push(egui::Event::Key {
            key,
            physical_key: None,
            pressed: true,
            repeat: false,
            modifiers: egui::Modifiers::NONE,
        });
    }
    h.run();
}

#[test]
fn study_counts_every_key_press() {
    let mut h = Gui::builder()
        .study(gui::sample("sample-berkeley.ron"))
        .build();
    assert!(h.study().saved.log.events.len() > 7);
    assert_eq!(h.study().cursor(), 0);
    presses_in_one_frame(&mut h, egui::Key::ArrowRight, 5);
    assert_eq!(h.study().cursor(), 5, "five presses, five steps");
    presses_in_one_frame(&mut h, egui::Key::ArrowLeft, 3);
    assert_eq!(h.study().cursor(), 2);
}

#[test]
fn the_move_field_has_the_keys_when_a_board_opens_and_after_any_button() {
    let mut h = Gui::hot_seat(Preset::Wild16.rules(), STANDARD);
    h.click("Open White's board");
    assert!(
        field_focused(&h),
        "the opened board's move field has the keys"
    );
    // Typed without touching the field first.
    h.type_text("e2");
    assert_eq!(h.play().move_text, "e2");
    // A button that opens a question, and the one that closes it: the keys come back.
    h.click("Resign");
    h.click("No, play on");
    h.type_text("e4");
    assert_eq!(h.play().move_text, "e2e4");
    // A click on the board too.
    h.click("White d2");
    h.type_text(" ");
    assert!(field_focused(&h), "a click on a square gives the keys back");
}
