//! Tsuitate shogi as a person plays it at the app's window: the promotion question answered by
//! keys (Enter promotes, `=` does not, Escape cancels), a typed move that cannot be used kept in
//! the field with a sentence saying why, a USI move that may promote asked about, the capture
//! news naming a promoted piece where the seat may know it, legible hints, and a refusal that
//! does not move the field.

use super::gui::Gui;
use super::tsuitate::screen;
use egui_kittest::kittest::{NodeT, Queryable};
use shogi_core::{Color, Piece, PieceKind, Square};

fn sq(file: u8, rank: u8) -> Square {
    Square::new(file, rank).expect("square")
}

/// A hot-seat game after 7g7f 3c3d, typed, on Sente's open board: its bishop may go to 2b.
pub(super) fn bishop_may_promote() -> Gui {
    let mut h = Gui::builder().build();
    h.click("Tsuitate hot-seat");
    h.click("Open Sente's board");
    h.type_into("Your move:", "7g7f");
    h.press(egui::Key::Enter);
    h.click("Open Gote's board");
    h.type_into("Your move:", "3c3d");
    h.press(egui::Key::Enter);
    h.click("Open Sente's board");
    h
}

/// Types `line` into the move field and presses Enter.
fn enter(h: &mut Gui, line: &str) {
    h.type_into("Your move:", line);
    h.press(egui::Key::Enter);
}

fn events(h: &Gui) -> usize {
    screen(h).game().events().len()
}

/// Every square of `board` on screen, by label, with where it is drawn.
fn squares_of(h: &Gui, board: &str) -> Vec<(String, egui::Rect)> {
    let prefix = format!("{board} ");
    h.root()
        .query_all(egui_kittest::kittest::By::new())
        .filter_map(|n| {
            let label = n.accesskit_node().label()?.to_string();
            let square = label.strip_prefix(&prefix)?;
            (square.len() > 2 && square.as_bytes()[2] == b':').then(|| (label.clone(), n.rect()))
        })
        .collect()
}

#[test]
fn the_promotion_question_hides_no_square_and_moves_no_board() {
    let mut h = bishop_may_promote();
    let before = squares_of(&h, "Sente's board");
    assert_eq!(before.len(), 81);
    enter(&mut h, "B-2b");
    assert_eq!(screen(&h).promotion.as_deref(), Some("8h2b"));
    h.run();
    let card = [
        "Promote with 8h2b?",
        "Promote (成)",
        "Don't promote (不成)",
        "Cancel",
    ]
    .into_iter()
    .map(|label| h.get_by_label(label).rect())
    .fold(egui::Rect::NOTHING, |all, r| all.union(r));
    assert_eq!(squares_of(&h, "Sente's board"), before, "the board moved");
    for (label, rect) in &before {
        assert!(!rect.intersects(card), "the question hides {label}");
    }
    // Still answered by a click.
    h.click("Promote (成)");
    assert_eq!(screen(&h).promotion, None);
    assert_eq!(events(&h), 3);
}

#[test]
fn the_promotion_question_is_answered_by_keys() {
    let mut h = bishop_may_promote();
    enter(&mut h, "B-2b");
    assert_eq!(screen(&h).promotion.as_deref(), Some("8h2b"));
    assert!(h.all_text().iter().any(|t| t.contains("Esc: cancel")));
    // Escape cancels: nothing is sent, the question goes.
    h.press(egui::Key::Escape);
    assert_eq!(screen(&h).promotion, None, "Escape cancels the question");
    assert_eq!(events(&h), 2, "nothing was sent");
    // Enter takes the default: the bishop promotes.
    enter(&mut h, "B-2b");
    assert_eq!(screen(&h).promotion.as_deref(), Some("8h2b"));
    h.press(egui::Key::Enter);
    assert_eq!(screen(&h).promotion, None);
    let game = screen(&h).game();
    assert_eq!(events(&h), 3);
    let horse = Piece::new(PieceKind::ProBishop, Color::Black);
    assert_eq!(game.referee().position().piece_at(sq(2, 2)), Some(horse));
}

#[test]
fn equals_answers_the_promotion_question_with_no_promotion() {
    let mut h = bishop_may_promote();
    enter(&mut h, "B-2b");
    assert_eq!(screen(&h).promotion.as_deref(), Some("8h2b"));
    h.type_text("=");
    assert_eq!(screen(&h).promotion, None);
    let bishop = Piece::new(PieceKind::Bishop, Color::Black);
    let game = screen(&h).game();
    assert_eq!(game.referee().position().piece_at(sq(2, 2)), Some(bishop));
}

#[test]
fn a_focused_button_of_the_promotion_question_answers_enter() {
    let mut h = bishop_may_promote();
    enter(&mut h, "B-2b");
    h.focus("Don't promote (不成)");
    h.press(egui::Key::Enter);
    assert_eq!(screen(&h).promotion, None);
    let bishop = Piece::new(PieceKind::Bishop, Color::Black);
    let game = screen(&h).game();
    assert_eq!(game.referee().position().piece_at(sq(2, 2)), Some(bishop));
}

/// The move field's text.
fn field(h: &Gui) -> String {
    h.get_by_label("Your move:").value().unwrap_or_default()
}

#[test]
fn an_unusable_typed_move_stays_in_the_field_with_a_sentence_saying_why() {
    let mut h = bishop_may_promote();
    enter(&mut h, "G-5h");
    let why = "Ambiguous: G-5h could be G4i-5h or G6i-5h; say which piece moves.";
    assert!(h.all_text().iter().any(|t| t == why), "{:?}", h.all_text());
    assert_eq!(field(&h), "G-5h", "the text is kept, to be corrected");
    assert_eq!(events(&h), 2, "nothing was sent");
    // It is selected: what is typed next replaces it.
    h.type_text("G6i-5h");
    h.press(egui::Key::Enter);
    assert_eq!(events(&h), 3, "the corrected move was sent");
    // A line that is no move is kept too, with its sentence.
    h.click("Open Gote's board");
    enter(&mut h, "Q-5e");
    assert_eq!(field(&h), "Q-5e");
    assert!(
        h.all_text()
            .iter()
            .any(|t| t.starts_with("Not a move: 'Q-5e' (write ")),
        "{:?}",
        h.all_text()
    );
}

#[test]
fn a_usi_move_that_may_promote_is_asked_about_unless_it_says() {
    let mut h = bishop_may_promote();
    enter(&mut h, "8h2b");
    assert_eq!(screen(&h).promotion.as_deref(), Some("8h2b"), "asked");
    assert_eq!(events(&h), 2, "nothing sent before the answer");
    h.click("Cancel");
    // `=` declines, as in the Western notation.
    enter(&mut h, "8h2b=");
    assert_eq!(screen(&h).promotion, None);
    let bishop = Piece::new(PieceKind::Bishop, Color::Black);
    let game = screen(&h).game();
    assert_eq!(events(&h), 3);
    assert_eq!(game.referee().position().piece_at(sq(2, 2)), Some(bishop));
}

fn has(h: &Gui, text: &str) -> bool {
    h.all_text().iter().any(|t| t == text)
}

#[test]
fn a_promoted_piece_taken_is_named_to_its_owner_and_not_to_its_captor() {
    let mut h = bishop_may_promote();
    enter(&mut h, "8h2b+");
    h.click("Open Gote's board");
    enter(&mut h, "3a2b");
    // The card, seen by both while gote is still at the screen, says the capture as the umpire
    // did: the piece as it goes into gote's hand, never whether it was promoted.
    assert!(has(&h, "Capture on 2b: a bishop."), "{:?}", h.all_text());
    assert!(
        !h.all_text().iter().any(|t| t.contains("horse")),
        "{:?}",
        h.all_text()
    );
    // Sente's own board says what it lost as it stood: its horse.
    h.click("Open Sente's board");
    assert!(has(&h, "Gote moved. Your horse on 2b was taken."));
    assert!(has(&h, "4. Gote moved. Your horse on 2b was taken."));
    enter(&mut h, "2g2f");
    // Gote was told a bishop goes into its hand, not whether it was promoted.
    h.click("Open Gote's board");
    assert!(has(
        &h,
        "4. You tried 3a2b: Legal. You took a bishop or horse on 2b."
    ));
    assert!(!h.all_text().iter().any(|t| t.contains("Your horse")));
}

/// The height of the text labelled `label`.
fn height(h: &Gui, label: &str) -> f32 {
    h.get_by_label(label).rect().height()
}

#[test]
fn the_hints_under_the_board_are_body_text() {
    let h = bishop_may_promote();
    // A line of body text ("Your history", 13 points) is the least a hint may be.
    let body = height(&h, "Your history");
    let click = "Click a piece, then a square; a piece in hand, then a square to drop it.";
    assert!(
        height(&h, click) >= body - 0.5,
        "{} < {body}",
        height(&h, click)
    );
    let typed = h
        .all_text()
        .into_iter()
        .find(|t| t.starts_with("USI (7g7f"))
        .expect("the typed moves' hint");
    assert!(
        height(&h, &typed) >= body - 0.5,
        "{} < {body}",
        height(&h, &typed)
    );
}

#[test]
fn a_refusal_does_not_move_the_move_field() {
    let mut h = bishop_may_promote();
    let at = |h: &Gui| h.get_by_label("Your move:").rect();
    let before = at(&h);
    // A typed line that cannot be used, then an attempt the umpire calls impossible.
    enter(&mut h, "G-5h");
    assert!(screen(&h).history(Color::Black).len() == 2);
    assert!(h.all_text().iter().any(|t| t.starts_with("Ambiguous: ")));
    assert_eq!(at(&h), before, "the refusal moved the field");
    h.type_text("7f7d");
    h.press(egui::Key::Enter);
    assert!(
        h.all_text()
            .iter()
            .any(|t| t.starts_with("7f7d: Impossible (not a move even on your own board).")),
        "{:?}",
        h.all_text()
    );
    assert_eq!(at(&h), before, "the refusal moved the field");
}

#[test]
fn a_network_host_waits_for_the_opponent_to_join() {
    let form = super::tsuitate_net::sente_hosts();
    let mut h = Gui::hosting(form);
    h.run_steps(3);
    assert!(!screen(&h).may_act(), "the host's board waits");
    assert!(has(&h, "Sente · Waiting for the opponent to join…"));
    // A click on the board and a typed move send nothing.
    super::tsuitate::click_square(&mut h, "Sente's board", "7g");
    super::tsuitate::click_square(&mut h, "Sente's board", "7f");
    enter(&mut h, "7g7f");
    h.run_steps(3);
    assert_eq!(field(&h), "7g7f", "kept until the opponent is there");
    assert!(
        screen(&h).history(Color::Black).is_empty(),
        "nothing was sent"
    );
}

#[test]
fn an_impossible_attempt_says_why_from_the_own_board() {
    let mut h = bishop_may_promote();
    enter(&mut h, "7f7d");
    let why = "7f7d: Impossible (not a move even on your own board). That piece does not move \
        so, or your own piece is in its way.";
    assert!(has(&h, why), "{:?}", h.all_text());
    // A pawn dropped on a file that holds one of the seat's pawns: two pawns on one file.
    let mut h = bishop_may_promote();
    for (side, usi) in [("Sente", "7f7e"), ("Gote", "9c9d"), ("Sente", "7e7d")] {
        if side == "Gote" {
            h.click("Open Gote's board");
        }
        enter(&mut h, usi);
        if side == "Gote" {
            h.click("Open Sente's board");
        }
    }
    h.click("Open Gote's board");
    enter(&mut h, "1c1d");
    h.click("Open Sente's board");
    // Sente's pawn took gote's on 7c: one pawn in hand, and pawns on every file but 7.
    enter(&mut h, "7d7c+");
    h.click("Open Gote's board");
    enter(&mut h, "1d1e");
    h.click("Open Sente's board");
    enter(&mut h, "P*5e");
    assert!(
        h.all_text()
            .iter()
            .any(|t| t.starts_with("P*5e: Impossible") && t.contains("nifu, 二歩")),
        "{:?}",
        h.all_text()
    );
}

#[test]
fn a_seat_knows_the_opponents_army_from_the_captures_it_was_told() {
    let mut h = bishop_may_promote();
    let army = "21 units on its board or in its hand (any may be promoted): king, rook, \
        bishop ×2, gold ×2, silver ×2, knight ×2, lance ×2, pawn ×9.";
    assert!(has(&h, "Gote's army as Sente knows it"));
    assert!(has(&h, "You have taken none of Gote's units."));
    // Sente's bishop takes gote's on 2b and promotes there.
    enter(&mut h, "8h2b+");
    h.click("Open Gote's board");
    assert!(
        has(&h, "Sente's army as Gote knows it"),
        "{:?}",
        h.all_text()
    );
    assert!(has(&h, army), "{:?}", h.all_text());
    assert!(has(&h, "Sente took from you: bishop."));
    assert!(has(
        &h,
        "One of Sente's units stands on 2b (it took your piece there, marked on your board)."
    ));
    // Gote's silver takes the horse back: each side has taken a bishop.
    enter(&mut h, "3a2b");
    h.click("Open Sente's board");
    assert!(has(
        &h,
        "20 units on its board or in its hand (any may be promoted): king, rook, bishop, \
            gold ×2, silver ×2, knight ×2, lance ×2, pawn ×9."
    ));
    assert!(has(&h, "You took from Gote: bishop."));
    assert!(has(&h, "Gote took from you: bishop."));
    // No square of gote's is drawn on sente's screen: the old empty board is gone.
    assert!(
        !h.all_text()
            .iter()
            .any(|t| t.contains("as Sente knows them"))
    );
}

#[test]
fn the_news_does_not_move_the_move_field() {
    use kriegspiel::bots::level::Level;
    let level = super::tsuitate::level_label(Level::Beginner);
    let mut h = super::tsuitate::versus(shakmaty::Color::Black, &level);
    let at = |h: &Gui| h.get_by_label("Your move:").rect();
    let before = at(&h);
    assert!(
        !h.all_text()
            .iter()
            .any(|t| t.starts_with("Since your last"))
    );
    enter(&mut h, "7g7f");
    assert!(
        has(&h, "Since your last move:"),
        "the computer answered: {:?}",
        h.all_text()
    );
    assert_eq!(at(&h), before, "the news moved the field");
}
