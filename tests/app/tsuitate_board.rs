//! Tsuitate shogi's seat boards in the app, driven through AccessKit: hot-seat moves by clicks
//! (the curtain hiding every board between turns, a seat's board showing its own pieces only, a
//! promotion chosen in the question, a drop from the hand), moves typed in USI or western
//! notation (every keystroke counted whatever the frames), a seat's history, the pieces in
//! letters, and the club referee's console (typed attempts, a foul, a click on the umpire's
//! board, the words to announce).
//!
//! With `KS_TSUITATE_SHOTS=DIR` set, the hot-seat and console tests also write screenshots
//! (`tsuitate-hotseat.png`, `tsuitate-club.png`) there.

use super::gui::Gui;
use super::tsuitate::{
    assert_curtain_hides_every_board, click_square, level_label, screen, shot, versus,
};

use egui_kittest::kittest::Queryable;
use kriegspiel::app::shogi::Stage;
use kriegspiel::bots::level::Level;
use kriegspiel::tsuitate::Item;
use shogi_core::{Color, Piece, PieceKind, Square};

fn sq(file: u8, rank: u8) -> Square {
    Square::new(file, rank).expect("square")
}

#[test]
fn hot_seat_moves_by_clicks_behind_the_curtain_with_a_promotion_and_a_drop() {
    let mut h = Gui::builder().build();
    h.click("Tsuitate hot-seat");
    assert_curtain_hides_every_board(&h);
    h.click("Open Sente's board");
    assert_eq!(screen(&h).stage, Stage::Open(Color::Black));
    // Sente's board shows Sente's pieces only.
    let text = h.all_text();
    assert!(text.iter().any(|t| t == "Sente's board 7g: Sente pawn"));
    assert!(text.iter().any(|t| t == "Sente's board 3c: empty"));
    assert!(!text.iter().any(|t| t.contains("Gote pawn")));
    click_square(&mut h, "Sente's board", "7g");
    click_square(&mut h, "Sente's board", "7f");
    assert_eq!(screen(&h).game().referee().moves().len(), 1);
    assert_curtain_hides_every_board(&h);
    assert!(
        h.all_text().iter().any(|t| t == "Sente moved."),
        "the card tells the move, in gote's words"
    );
    h.click("Open Gote's board");
    assert!(!h.all_text().iter().any(|t| t.contains("Sente pawn")));
    click_square(&mut h, "Gote's board", "3c");
    click_square(&mut h, "Gote's board", "3d");
    // The bishop takes the bishop on 2b: promotion is asked, over the board, which does not
    // move.
    h.click("Open Sente's board");
    let square = |h: &Gui| h.get_by_label("Sente's board 5e: empty").rect();
    let before = square(&h);
    click_square(&mut h, "Sente's board", "8h");
    click_square(&mut h, "Sente's board", "2b");
    assert_eq!(screen(&h).promotion.as_deref(), Some("8h2b"));
    assert_eq!(square(&h), before, "the question moved the board");
    assert!(
        screen(&h).game().events().len() == 2,
        "nothing sent before the answer"
    );
    shot(&mut h, "tsuitate-hotseat.png");
    h.click("Promote (成)");
    let game = screen(&h).game();
    let said: Vec<Item> = game.events()[2].said.iter().map(|s| s.item).collect();
    assert_eq!(said[0], Item::Legal);
    assert!(matches!(
        said[1],
        Item::Capture {
            piece: PieceKind::Bishop,
            ..
        }
    ));
    let horse = Piece::new(PieceKind::ProBishop, Color::Black);
    assert_eq!(
        game.seat(Color::Black).board.piece_at(sq(2, 2)),
        Some(horse)
    );
    assert_curtain_hides_every_board(&h);
    // The card, seen by both, says the capture as the umpire did (gote reads it from its side
    // on its own board).
    assert!(
        h.all_text().iter().any(|t| t == "Capture on 2b: a bishop."),
        "{:?}",
        h.all_text()
    );
    h.click("Open Gote's board");
    click_square(&mut h, "Gote's board", "3a");
    click_square(&mut h, "Gote's board", "2b");
    // Sente drops the captured bishop on 5e.
    h.click("Open Sente's board");
    h.get_by(|n| {
        n.label()
            .is_some_and(|l| l.starts_with("Sente's board Sente's hand: bishop"))
    })
    .click();
    h.run();
    assert!(
        h.all_text()
            .iter()
            .any(|t| t == "3. You tried 8h2b+: Legal. You took a bishop or horse on 2b."),
        "sente's history tells its capture"
    );
    click_square(&mut h, "Sente's board", "5e");
    let position = screen(&h).game().referee().position();
    let bishop = Piece::new(PieceKind::Bishop, Color::Black);
    assert_eq!(position.piece_at(sq(5, 5)), Some(bishop));
    assert_eq!(screen(&h).stage, Stage::Curtain(Color::White));
    // Every move was autosaved as a tsuitate save, which loads.
    let saves: Vec<_> = std::fs::read_dir(h.dir())
        .expect("saves folder")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    assert_eq!(saves.len(), 1, "{saves:?}");
    let loaded = kriegspiel::tsuitate::save::load_file(&saves[0]).expect("the autosave loads");
    assert_eq!(loaded.game.referee().moves().len(), 5);
}

#[test]
fn pieces_can_be_written_in_letters() {
    let mut h = Gui::builder().build();
    h.click("Tsuitate hot-seat");
    h.click("Open Sente's board");
    h.click("Pieces: kanji (歩 香 桂…)");
    assert_eq!(
        screen(&h).symbols,
        kriegspiel::app::shogi::pieces::Symbols::Latin
    );
    assert!(h.query_by_label("Pieces: letters (P L N…)").is_some());
}

#[test]
fn the_club_console_says_what_to_announce() {
    let mut h = Gui::builder().build();
    h.click("Tsuitate club console");
    assert!(!screen(&h).curtain_up(), "the console has no curtain");
    h.type_into("Attempt:", "7g7f");
    h.press(egui::Key::Enter);
    assert!(h.all_text().iter().any(|t| t == "To both: Legal."));
    h.type_into("Attempt:", "3c3d");
    h.press(egui::Key::Enter);
    // The bishop's diagonal is blocked by gote's bishop on 2b: a foul.
    h.type_into("Attempt:", "8h1a+");
    h.press(egui::Key::Enter);
    assert!(
        h.all_text()
            .iter()
            .any(|t| t == "To both: Illegal (反則): foul number 1."),
        "{:?}",
        h.all_text()
    );
    h.type_into("Attempt:", "7g7e");
    h.press(egui::Key::Enter);
    assert!(
        h.all_text()
            .iter()
            .any(|t| t.starts_with("To Sente only: Impossible"))
    );
    // A move clicked on the umpire's board.
    click_square(&mut h, "Umpire's board", "2g");
    click_square(&mut h, "Umpire's board", "2f");
    assert_eq!(screen(&h).game().referee().moves().len(), 3);
    assert!(
        h.all_text()
            .iter()
            .any(|t| t == "Gote's board 3d: Gote pawn")
    );
    shot(&mut h, "tsuitate-club.png");
}

fn has(h: &Gui, text: &str) -> bool {
    h.all_text().iter().any(|t| t == text)
}

#[test]
fn a_seat_sees_its_history_turn_by_turn_and_no_news_before_it_has_moved() {
    let mut h = Gui::builder().build();
    h.click("Tsuitate hot-seat");
    h.click("Open Sente's board");
    assert!(has(&h, "Nothing yet: Sente moves first."));
    // A typed attempt refused as impossible, told to sente in its words; then a move.
    h.type_into("Your move:", "7g7e");
    h.press(egui::Key::Enter);
    assert!(has(
        &h,
        "7g7e: Impossible (not a move even on your own board). That piece does not move so, or \
         your own piece is in its way."
    ));
    click_square(&mut h, "Sente's board", "7g");
    click_square(&mut h, "Sente's board", "7f");
    h.click("Open Gote's board");
    // Gote has not moved: no "since your last move", and nothing of sente's impossible attempt.
    assert!(has(&h, "So far:"));
    assert!(!has(&h, "Since your last move:"));
    assert!(has(&h, "Sente moved."));
    assert!(has(&h, "1. Sente moved."));
    assert!(!h.all_text().iter().any(|t| t.contains("7g7e")));
    click_square(&mut h, "Gote's board", "3c");
    click_square(&mut h, "Gote's board", "3d");
    h.click("Open Sente's board");
    assert!(has(&h, "Since your last move:"));
    assert!(has(
        &h,
        "1. You tried 7g7e: Impossible (not a move even on your own board). | 7g7f: Legal."
    ));
    assert!(has(&h, "2. Gote moved."));
}

#[test]
fn moves_are_typed_in_usi_or_western_notation() {
    let mut h = Gui::builder().build();
    h.click("Tsuitate hot-seat");
    h.click("Open Sente's board");
    h.type_into("Your move:", "P-7f");
    h.press(egui::Key::Enter);
    assert_eq!(screen(&h).game().referee().moves().len(), 1);
    h.click("Open Gote's board");
    h.type_into("Your move:", "3c3d");
    h.press(egui::Key::Enter);
    h.click("Open Sente's board");
    // Two golds can go to 5h: the player is asked which.
    h.type_into("Your move:", "G-5h");
    h.press(egui::Key::Enter);
    assert!(
        has(
            &h,
            "Ambiguous: G-5h could be G4i-5h or G6i-5h; say which piece moves."
        ),
        "{:?}",
        h.all_text()
    );
    // The bishop may promote on 2b, and the text did not say: the question is asked. (The
    // field kept the focus and the refused line, selected: typing replaces it.)
    h.type_text("B-2b");
    h.press(egui::Key::Enter);
    assert_eq!(screen(&h).promotion.as_deref(), Some("8h2b"));
    h.click("Cancel");
    h.type_into("Your move:", "Bx2b+");
    h.press(egui::Key::Enter);
    let game = screen(&h).game();
    assert_eq!(game.referee().moves().len(), 3);
    let horse = Piece::new(PieceKind::ProBishop, Color::Black);
    assert_eq!(game.referee().position().piece_at(sq(2, 2)), Some(horse));
}

fn key(key: egui::Key, pressed: bool) -> egui::Event {
    egui::Event::Key {
        key,
        physical_key: None,
        pressed,
        repeat: false,
        modifiers: egui::Modifiers::NONE,
    }
}

/// The key events of `lines`, each followed by Enter.
fn keystrokes(lines: &[&str]) -> Vec<egui::Event> {
    let mut events = Vec::new();
    for line in lines {
        for c in line.chars() {
            let k = egui::Key::from_name(&c.to_ascii_uppercase().to_string());
            events.extend(k.map(|k| key(k, true)));
            events.push(egui::Event::Text(c.to_string()));
            events.extend(k.map(|k| key(k, false)));
        }
        events.extend([key(egui::Key::Enter, true), key(egui::Key::Enter, false)]);
    }
    events
}

#[test]
fn every_keystroke_of_typed_moves_counts_whatever_the_frames() {
    use kriegspiel::tsuitate::Request;
    for per_frame in [0, 1, 3] {
        let mut h = versus(shakmaty::Color::Black, &level_label(Level::Beginner));
        h.click("Your move:");
        super::typing::feed(&mut h, keystrokes(&["7g7e", "P-7f", "2g2f"]), per_frame);
        let tried: Vec<&Request> = screen(&h)
            .game()
            .events()
            .iter()
            .filter(|e| e.by == Color::Black)
            .map(|e| &e.request)
            .collect();
        let want = ["7g7e", "7g7f", "2g2f"].map(|u| Request::Try(u.to_owned()));
        assert_eq!(
            tried,
            want.iter().collect::<Vec<_>>(),
            "{per_frame} a frame"
        );
    }
}

#[test]
fn a_line_typed_on_while_the_promotion_question_waits_is_kept() {
    let mut h = super::tsuitate_play::bishop_may_promote();
    h.click("Your move:");
    // Two lines in one frame: the first asks the question, the second must not be lost.
    h.input_mut().events.extend(keystrokes(&["B-2b", "P-9f"]));
    h.step();
    h.run();
    assert_eq!(screen(&h).promotion.as_deref(), Some("8h2b"));
    assert_eq!(screen(&h).game().referee().moves().len(), 2);
    assert!(
        h.all_text().iter().any(|t| t == "P-9f"),
        "the second line was dropped: {:?}",
        h.all_text()
    );
}

/// The moves `side` tried, in order.
fn tried_by(h: &Gui, side: Color) -> Vec<String> {
    use kriegspiel::tsuitate::Request;
    screen(h)
        .game()
        .events()
        .iter()
        .filter(|e| e.by == side)
        .filter_map(|e| match &e.request {
            Request::Try(usi) => Some(usi.clone()),
            _ => None,
        })
        .collect()
}

/// Types `lines` as a keyboard would, each with Enter, in one frame, and lets the app settle.
fn type_lines(h: &mut Gui, lines: &[&str]) {
    h.input_mut().events.extend(keystrokes(lines));
    h.step();
    h.run();
}

#[test]
fn the_move_field_has_the_keyboard_as_soon_as_a_board_opens() {
    // Hot-seat: no click into the field, on either side of the curtain.
    let mut h = Gui::builder().build();
    h.click("Tsuitate hot-seat");
    h.click("Open Sente's board");
    type_lines(&mut h, &["7g7f"]);
    assert_eq!(tried_by(&h, Color::Black), ["7g7f"]);
    h.click("Open Gote's board");
    type_lines(&mut h, &["P-3d"]);
    assert_eq!(tried_by(&h, Color::White), ["3c3d"]);
    // A click on the board gives the keyboard back to the field.
    h.click("Open Sente's board");
    click_square(&mut h, "Sente's board", "2g");
    click_square(&mut h, "Sente's board", "2g");
    type_lines(&mut h, &["2g2f"]);
    assert_eq!(tried_by(&h, Color::Black), ["7g7f", "2g2f"]);
    // Against the computer: the field is the person's from the start.
    let mut h = versus(shakmaty::Color::Black, &level_label(Level::Beginner));
    type_lines(&mut h, &["7g7f", "2g2f"]);
    assert_eq!(tried_by(&h, Color::Black), ["7g7f", "2g2f"]);
    // The club console runs from the keyboard.
    let mut h = Gui::builder().build();
    h.click("Tsuitate club console");
    type_lines(&mut h, &["7g7f", "3c3d"]);
    assert_eq!(screen(&h).game().referee().moves().len(), 2);
}
