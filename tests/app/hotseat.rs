//! The desktop app in hot-seat play, driven through AccessKit like a person would: a short game
//! with a refused attempt, a capture, a promotion and a checkmate. Whenever the curtain is up no
//! board is drawn and no label or text shows a piece or a private announcement; a player's board
//! never shows an opponent's piece before the reveal.

use super::gui;

use egui_kittest::kittest::Queryable;
use gui::{Gui, STANDARD, fen};
use kriegspiel::Preset;
use kriegspiel::app::play::{Curtain, Place};
use kriegspiel::clock::TimeControl;
use kriegspiel::save::Meta;
use shakmaty::Color;

/// The game: 1. Rxa4 (after a refused Ra8) d4 2. b8=Q mate.
const START: &str = "6k1/1P3ppp/8/3p4/n7/8/8/R5K1 w - - 0 1";

/// A hot-seat game between Ann and Bob from [`START`], on the curtain.
fn game() -> Gui {
    let ann_and_bob = Meta {
        white: "Ann".into(),
        black: "Bob".into(),
        ..Meta::default()
    };
    Gui::builder()
        .game(Preset::Wild16.rules(), fen(START))
        .meta(ann_and_bob)
        .build()
}

/// While the curtain is up: nothing drawn on any board, no square labels, no private words.
fn assert_curtain_hides_everything(h: &Gui, private: &[&str]) {
    let p = h.play();
    assert!(p.curtain_up(), "the curtain should be up");
    assert!(
        p.drawn.is_empty(),
        "a board was drawn under the curtain: {:?}",
        p.drawn
    );
    let text = h.all_text();
    for t in &text {
        for square_prefix in ["White a", "Black a", "Referee a", "White e", "Black e"] {
            assert!(
                !(t.starts_with(square_prefix) && t.len() == square_prefix.len() + 1),
                "a square label is exposed under the curtain: {t}"
            );
        }
        for p in private {
            assert!(
                !t.contains(p),
                "private text {p:?} visible under the curtain: {t}"
            );
        }
        for color in ["white", "black", "White", "Black"] {
            for piece in ["king", "queen", "rook", "bishop", "knight", "pawn "] {
                let placed = format!("{color} {piece}");
                assert!(
                    !t.contains(&placed),
                    "a piece is named under the curtain: {t}"
                );
            }
        }
    }
}

/// A player's board shows only its own pieces (and its own markers) before the reveal.
fn assert_only_own_pieces(h: &Gui) {
    let p = h.play();
    if p.revealed() {
        return;
    }
    for d in &p.drawn {
        if let Place::Player(c) = d.place {
            assert!(
                d.pieces.iter().all(|(_, piece)| piece.color == c),
                "{c:?}'s board shows an enemy piece: {:?}",
                d.pieces
            );
            assert!(d.markers.iter().all(|(_, piece)| piece.color != c));
        } else {
            panic!("the referee's board is drawn in hot-seat play before the reveal");
        }
        assert!(p.may_see(d.place));
    }
}

/// Clicks `label`; no board shows an opponent's piece.
fn click(h: &mut Gui, label: &str) {
    h.click(label);
    assert_only_own_pieces(h);
}

#[test]
fn a_short_hot_seat_game_never_leaks() {
    let mut h = game();
    // The game starts on the curtain.
    assert_curtain_hides_everything(&h, &[]);
    assert!(h.all_text().iter().any(|t| t == "Open White's board"));

    click(&mut h, "Open White's board");
    assert_eq!(h.play().curtain, Curtain::Open(Color::White));
    assert!(
        h.play()
            .drawn
            .iter()
            .any(|d| d.place == Place::Player(Color::White))
    );

    // A refused attempt: the rook cannot pass the hidden knight.
    click(&mut h, "White a1");
    click(&mut h, "White a8");
    assert_eq!(h.message(), Some("Ra8: No."));
    assert_eq!(h.table().facts().to_move, Color::White);

    // A capture: the curtain comes down at once.
    click(&mut h, "White a1");
    click(&mut h, "White a4");
    assert_curtain_hides_everything(&h, &["a1a8", "Ra8", "No.", "a1a4", "Rxa4"]);
    assert!(
        h.all_text()
            .iter()
            .any(|t| t.contains("Piece at a4 captured")),
        "public announcement on the curtain"
    );

    click(&mut h, "Open Black's board");
    let black = h.board(Place::Player(Color::Black));
    assert!(black.pieces.iter().all(|(_, p)| p.color == Color::Black));
    assert!(
        !black
            .pieces
            .iter()
            .any(|(sq, _)| *sq == shakmaty::Square::A4),
        "the captured knight is gone"
    );
    assert!(
        h.all_text()
            .iter()
            .any(|t| t.contains("Since your last turn: White moved. Piece at a4 captured."))
    );

    // Black places a marker for the rook it guesses on a4 (right-click cycles).
    h.get_by_label("Black a4").click_secondary();
    h.run();
    h.get_by_label("Black a4").click_secondary();
    h.run();
    assert_eq!(
        h.markers(Color::Black).get(&shakmaty::Square::A4),
        Some(&shakmaty::Role::Knight)
    );
    assert_only_own_pieces(&h);

    click(&mut h, "Black d5");
    click(&mut h, "Black d4");
    assert_curtain_hides_everything(&h, &["d5d4"]);

    click(&mut h, "Open White's board");
    // White's board never shows Black's marker.
    assert!(h.board(Place::Player(Color::White)).markers.is_empty());

    // Promotion with mate.
    click(&mut h, "White b7");
    click(&mut h, "White b8");
    click(&mut h, "Promote to queen");
    assert_mated_and_revealed(&h);
}

/// After the mate: all three boards, a save button, and the finished game in the autosave.
fn assert_mated_and_revealed(h: &Gui) {
    let p = h.play();
    assert!(p.revealed());
    let over = h.table().facts().over.expect("over");
    assert_eq!(over.reason, kriegspiel::announce::EndReason::Checkmate);
    // The reveal: all three boards.
    assert_eq!(p.drawn.len(), 3);
    let referee = h.board(Place::Referee);
    assert!(
        referee
            .pieces
            .iter()
            .any(|(_, piece)| piece.color == Color::Black)
    );
    assert!(h.all_text().iter().any(|t| t.contains("Save game as")));
    // The autosave holds the finished game.
    let saved = h
        .table()
        .record()
        .and_then(|r| r.autosave_path())
        .expect("autosave")
        .to_path_buf();
    let loaded = kriegspiel::save::load_file(&saved).expect("autosave loads");
    assert!(loaded.saved.result.is_some());
}

#[test]
fn typed_moves_are_resolved_on_the_players_own_board() {
    let mut h = game();
    click(&mut h, "Open White's board");
    h.play_typed("Ra8");
    assert_eq!(h.message(), Some("Ra8: No."));
    h.play_typed("Nf3");
    assert_eq!(h.message(), Some("none of your pieces can play Nf3"));
    // The unusable text stays in the field for editing; clear it and type again.
    h.clear_move_field();
    h.play_typed("Rxa4");
    assert!(h.play().curtain_up(), "Rxa4 was played");
}

#[test]
fn loading_a_save_lands_on_the_curtain() {
    let app = Gui::builder();
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/save-format-1.ron");
    let text = std::fs::read_to_string(&path).expect("fixture");
    // An unfinished game: cut the finished sample short.
    let mut saved = kriegspiel::save::load_str(&text).expect("loads").saved;
    saved.log.events.truncate(10);
    saved.result = None;
    let file = app.dir().join("unfinished.ron");
    saved.write(&file).expect("write");
    let h = app.file(file).build();
    assert_curtain_hides_everything(&h, &[]);
}

#[test]
fn rbc_hot_seat_senses_then_moves_and_shows_only_the_own_clock() {
    let mut h = Gui::builder()
        .game(Preset::Rbc.rules(), fen(STANDARD))
        .clock(Some(TimeControl::minutes_plus_seconds(15, 10)))
        .build();
    assert_curtain_hides_everything(&h, &[]);
    // Under the curtain no clock is shown in RBC.
    assert!(!h.all_text().iter().any(|t| t.contains("15:00")));
    click(&mut h, "Open White's board");
    let text = h.all_text();
    assert!(
        text.iter()
            .any(|t| t.starts_with("White 15:00") || t.starts_with("White 14:")),
        "own clock: {text:?}"
    );
    assert!(
        !text.iter().any(|t| t.starts_with("Black 1")),
        "the opponent's clock is hidden"
    );
    assert!(text.iter().any(|t| t == "Skip sensing"));
    // Clicking a square senses its 3x3 window.
    click(&mut h, "White e7");
    assert!(matches!(
        h.last_request(),
        kriegspiel::Request::Sense(Some(shakmaty::Square::E7))
    ));
    assert!(
        !h.all_text().iter().any(|t| t == "Skip sensing"),
        "sensing is done for this turn"
    );
    click(&mut h, "White e2");
    click(&mut h, "White e4");
    assert_curtain_hides_everything(&h, &["Sensed", "e2e4"]);
    click(&mut h, "Open Black's board");
    click(&mut h, "Skip sensing");
    click(&mut h, "Pass");
    assert_curtain_hides_everything(&h, &["passed"]);
}

#[test]
fn modern_kriegspiel_opens_squares_before_the_curtain() {
    let mut rules = Preset::Berkeley.rules();
    rules.open_squares = 7;
    let mut h = Gui::hot_seat(rules, STANDARD);
    click(&mut h, "Open White's board");
    click(&mut h, "White e2");
    click(&mut h, "White e4");
    // The turn has passed, but White still names its squares before the curtain comes down.
    assert!(!h.play().curtain_up());
    assert!(
        h.play()
            .drawn
            .iter()
            .all(|d| d.place == Place::Player(Color::White))
    );
    for sq in ["a7", "b7", "c7", "d7", "e7", "f7", "g7"] {
        click(&mut h, &format!("White {sq}"));
    }
    click(&mut h, "Open these squares");
    assert_curtain_hides_everything(&h, &["Opened"]);
    let view = kriegspiel::PlayerView::build(h.log(), Color::White);
    assert_eq!(view.seen.len(), 7);
    assert!(
        view.seen
            .values()
            .all(|(p, _)| *p == Some(Color::Black.pawn()))
    );
}

/// A key going down, or repeating while held (egui tells the two apart by whether the key is
/// already down).
fn held(key: egui::Key) -> egui::Event {
    egui::Event::Key {
        key,
        physical_key: None,
        pressed: true,
        repeat: true,
        modifiers: egui::Modifiers::NONE,
    }
}

#[test]
fn a_second_enter_right_after_a_move_does_not_open_the_next_board() {
    let mut h = game();
    click(&mut h, "Open White's board");
    // The move typed and entered, then Enter (and Space) again at once, in the next frames:
    // the mover's keys, not the next player's.
    h.enter_line("Rxa4");
    assert!(h.play().curtain_up(), "the move passes the turn");
    for key in [egui::Key::Enter, egui::Key::Space, egui::Key::Enter] {
        h.key_press(key);
        h.run();
        assert_curtain_hides_everything(&h, &["a1a4"]);
    }
    // Nearly the whole moment later: still closed.
    h.let_time_pass(kriegspiel::app::play::CURTAIN_ARM / 2);
    h.key_press(egui::Key::Enter);
    h.run();
    assert_curtain_hides_everything(&h, &["a1a4"]);
    // Once the curtain has stood for a moment, a fresh Enter opens Black's board.
    h.let_time_pass(kriegspiel::app::play::CURTAIN_ARM);
    h.key_press(egui::Key::Enter);
    h.run();
    assert_eq!(h.play().curtain, Curtain::Open(Color::Black));
}

#[test]
fn a_double_click_or_a_held_key_does_not_open_the_next_board() {
    let mut h = game();
    click(&mut h, "Open White's board");
    click(&mut h, "White a1");
    click(&mut h, "White a4");
    assert!(h.play().curtain_up(), "the move passes the turn");
    // The second click of a double click lands on the curtain's button at once, and Enter goes
    // down with it and stays down.
    h.get_by_label("Open Black's board").click();
    h.run();
    h.get_by_label("Open Black's board").click();
    h.event(held(egui::Key::Enter));
    h.run();
    assert_curtain_hides_everything(&h, &["a1a4"]);
    // The key held down only repeats: never an opening, however long it is held.
    for _ in 0..5 {
        h.let_time_pass(kriegspiel::app::play::CURTAIN_ARM / 2);
        h.event(held(egui::Key::Enter));
        h.run();
    }
    assert_curtain_hides_everything(&h, &["a1a4"]);
    // A deliberate click on the button once the card has stood: Black's board.
    h.get_by_label("Open Black's board").click();
    h.run();
    assert_eq!(h.play().curtain, Curtain::Open(Color::Black));
}
