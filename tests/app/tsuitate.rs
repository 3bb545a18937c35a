//! Tsuitate shogi in the app, driven through AccessKit: hot-seat from the start screen (a move by
//! clicks, the curtain hiding every board between turns, a seat's board showing its own pieces
//! only, a promotion chosen in the question, a drop from the hand) and the club referee's console
//! (typed attempts, a foul, a click on the umpire's board, the words to announce).
//!
//! With `KS_TSUITATE_SHOTS=DIR` set, the hot-seat and console tests also write screenshots
//! (`tsuitate-hotseat.png`, `tsuitate-club.png`, `tsuitate-curtain.png`) there.

use super::gui;

use egui_kittest::kittest::Queryable;
use gui::Gui;
use kriegspiel::app::Screen;
use kriegspiel::app::newgame::level_label;
use kriegspiel::app::shogi::{Stage, TsuitateScreen};
use kriegspiel::bots::level::Level;
use kriegspiel::tsuitate::Item;
use shogi_core::{Color, Piece, PieceKind, Square};

pub(super) fn screen(h: &Gui) -> &TsuitateScreen {
    match &h.state().screen {
        Screen::Tsuitate(t) => t,
        _ => panic!("not on the tsuitate screen"),
    }
}

/// While the curtain is up: no square or hand is labelled, no piece named.
fn assert_curtain_hides_every_board(h: &Gui) {
    assert!(screen(h).curtain_up(), "the curtain should be up");
    for t in h.all_text() {
        assert!(
            !t.contains("'s board "),
            "a board is drawn under the curtain: {t}"
        );
        assert!(
            !t.contains("hand:"),
            "a hand is shown under the curtain: {t}"
        );
        for side in ["Sente", "Gote"] {
            for piece in ["pawn", "king", "rook", "bishop", "silver", "gold"] {
                let named = format!("{side} {piece}");
                assert!(
                    !t.contains(&named),
                    "a piece is named under the curtain: {t}"
                );
            }
        }
    }
}

/// Clicks a square of `board` (`Sente's board`, `Umpire's board`) by its USI name.
pub(super) fn click_square(h: &mut Gui, board: &str, square: &str) {
    let prefix = format!("{board} {square}: ");
    h.get_by(|node| node.label().is_some_and(|l| l.starts_with(&prefix)))
        .click();
    h.run();
}

fn shot(h: &mut Gui, name: &str) {
    if let Some(dir) = std::env::var_os("KS_TSUITATE_SHOTS") {
        let image = h.render().expect("renders");
        image
            .save(std::path::Path::new(&dir).join(name))
            .expect("writes the screenshot");
    }
}

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
    // Each side is told the capture from its side: gote, on its card, that it lost its bishop.
    assert!(
        h.all_text()
            .iter()
            .any(|t| t == "Your bishop on 2b was taken."),
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

/// A save of 7g7f 3c3d 8h2b+ in `dir`.
fn saved_game(dir: &std::path::Path) -> std::path::PathBuf {
    use kriegspiel::tsuitate::{TsuitateGame, TsuitateRules, save::TsuitateSave};
    let mut game = TsuitateGame::new(TsuitateRules::default());
    for usi in ["7g7f", "3c3d", "8h2b+"] {
        game.attempt(usi).expect("attempt");
    }
    let path = dir.join("shogi.ron");
    TsuitateSave::of(&game, kriegspiel::save::Meta::default())
        .write(&path)
        .expect("writes");
    path
}

#[test]
fn a_saved_game_is_studied_event_by_event_and_resumed_on_the_curtain() {
    let dir = gui::scratch();
    let path = saved_game(dir.path());
    let has = |h: &Gui, text: &str| h.all_text().iter().any(|t| t == text);
    // Unfinished: not studied (the gate asks to end it first).
    let h = Gui::builder().study(&path).build();
    assert!(has(&h, "This game is not over"));
    assert!(!has(&h, "Event 3 of 3"));
    // A copy abandoned is studied.
    let abandoned = dir.path().join("abandoned.ron");
    std::fs::copy(&path, &abandoned).expect("copied");
    kriegspiel::gate::abandon(&abandoned, "").expect("abandoned");
    let mut h = Gui::builder().study(&abandoned).build();
    assert!(has(&h, "Event 3 of 3"));
    assert!(has(&h, "Umpire's board 2b: Sente horse"));
    h.click("Start");
    assert!(has(&h, "Umpire's board 7g: Sente pawn"));
    assert!(has(&h, "Umpire's board 2b: Gote bishop"));
    h.click("Next event");
    assert!(has(&h, "Sente tried 7g7f. To both: Legal."));
    assert!(has(&h, "Umpire's board 7f: Sente pawn"));
    // Each seat's board in study is still that seat's own view.
    assert!(has(&h, "Gote's board 7f: empty"));
    // By move: to the end of gote's reply, and back to the end of sente's first move.
    h.click("Next move");
    assert!(has(&h, "Event 2 of 3"));
    h.click("Previous move");
    assert!(has(&h, "Event 1 of 3"));
    // Opened to play, it resumes on the curtain of the side to move.
    let mut h = Gui::builder().file(&path).build();
    assert_eq!(screen(&h).stage, Stage::Curtain(Color::White));
    assert_curtain_hides_every_board(&h);
    h.click("Open Gote's board");
    assert!(has(&h, "Gote's board 2b: empty"), "gote's bishop was taken");
}

/// Leaves a game in progress for the start screen and gives its "Resume unfinished game"
/// button's label.
fn leave_and_find_resume(h: &mut Gui) -> String {
    h.click("Back to start");
    h.click("Leave it for the start screen");
    h.listed();
    h.all_text()
        .into_iter()
        .find(|t| t.starts_with("Resume unfinished game"))
        .expect("the tsuitate game can be resumed")
}

#[test]
fn the_curtain_opens_only_once_it_has_stood_a_moment_and_games_are_listed() {
    let mut h = Gui::builder().build();
    h.click("Tsuitate hot-seat");
    // At once, the button does nothing: a click meant for the last move never opens a board.
    h.get_by_label("Open Sente's board").click();
    h.run();
    assert!(screen(&h).curtain_up());
    h.click("Open Sente's board");
    assert_eq!(screen(&h).stage, Stage::Open(Color::Black));
    click_square(&mut h, "Sente's board", "7g");
    click_square(&mut h, "Sente's board", "7f");
    h.get_by_label("Open Gote's board").click();
    h.run();
    assert_eq!(screen(&h).stage, Stage::Curtain(Color::White));
    shot(&mut h, "tsuitate-curtain.png");
    // The autosave is in the start screen's list, to resume.
    let resume = leave_and_find_resume(&mut h);
    assert!(resume.contains("Tsuitate shogi"), "{resume}");
    h.click(&resume);
    assert_eq!(screen(&h).stage, Stage::Curtain(Color::White));
    assert_eq!(screen(&h).game().referee().moves().len(), 1);
}

/// A local game in progress asks before it is left, as a chess game does: where it is
/// autosaved, in the same words; staying keeps the game as it was, leaving goes; a game over
/// is left at once.
#[test]
fn a_local_tsuitate_game_in_progress_asks_before_leaving() {
    let mut h = Gui::builder().build();
    h.click("Tsuitate hot-seat");
    h.click("Open Sente's board");
    h.type_into("Your move:", "7g7f");
    h.press(egui::Key::Enter);
    assert_eq!(screen(&h).game().events().len(), 1);
    h.click("Back to start");
    let words = h
        .all_text()
        .into_iter()
        .find(|t| t.starts_with("It is saved automatically, move by move, to "))
        .expect("the question says where the game is autosaved");
    assert!(words.contains(".ron"), "{words}");
    h.click("Stay in this game");
    assert!(matches!(h.state().screen, Screen::Tsuitate(_)), "stayed");
    assert_eq!(screen(&h).game().events().len(), 1);
    assert!(h.query_by_label("Leave it for the start screen").is_none());
    // Asked again, leaving goes.
    h.click("Back to start");
    h.click("Leave it for the start screen");
    assert!(matches!(h.state().screen, Screen::Start), "left");
    // A game over is left without a question.
    h.click("Tsuitate hot-seat");
    h.click("Open Sente's board");
    // Resigning asks first: "No" plays on, "Yes" ends the game.
    h.click("Resign");
    assert!(h.all_text().iter().any(|t| t == "Sente resigns?"));
    h.click("No, play on");
    assert!(screen(&h).game().referee().over().is_none(), "played on");
    h.click("Resign");
    h.click("Yes, resign");
    assert!(screen(&h).game().referee().over().is_some());
    h.click("Back to start");
    assert!(matches!(h.state().screen, Screen::Start), "left at once");
}

#[test]
fn the_new_game_dialog_starts_tsuitate_in_the_mode_chosen() {
    let mut h = Gui::builder().build();
    h.click("New game");
    h.click("Tsuitate shogi (衝立将棋)");
    h.click("Start game");
    assert!(screen(&h).curtain_up(), "hot-seat, on the curtain");
    h.click("Back to start");
    h.click("Leave it for the start screen");
    h.click("New game");
    h.click("Club referee");
    h.click("Tsuitate shogi (衝立将棋)");
    h.click("Start game");
    assert!(!screen(&h).curtain_up());
    assert!(h.query_by_label("Attempt:").is_some(), "the console");
}

/// The new-game dialog against the computer, the person playing `human` (chess's colour names:
/// Black is sente), started in tsuitate shogi at the level clicked.
fn versus(human: shakmaty::Color, level: &str) -> Gui {
    use kriegspiel::app::newgame::{NewGameDialog, NewMode};
    let mut dialog = NewGameDialog::new(kriegspiel::rules::Preset::Wild16, NewMode::Computer);
    dialog.human = human;
    let mut h = Gui::builder().new_game(dialog).build();
    h.click("Tsuitate shogi (衝立将棋)");
    h.click(level);
    h.click("Start game");
    h
}

/// No gote piece or hand is named anywhere on the screen (the person plays sente).
fn assert_only_sente_shown(h: &Gui) {
    for t in h.all_text() {
        for piece in [
            "pawn", "king", "rook", "bishop", "silver", "gold", "knight", "lance",
        ] {
            assert!(
                !t.contains(&format!("Gote {piece}")),
                "a gote piece is shown: {t}"
            );
        }
    }
}

#[test]
fn the_new_game_dialog_plays_tsuitate_against_the_computer_from_its_seat_only() {
    let mut h = versus(shakmaty::Color::Black, &level_label(Level::Beginner));
    assert!(
        !screen(&h).curtain_up(),
        "no curtain: the screen is the person's"
    );
    assert_eq!(screen(&h).stage, Stage::Open(Color::Black));
    assert!(
        h.all_text()
            .iter()
            .any(|t| t.contains("against the computer"))
    );
    assert_eq!(
        screen(&h).game().referee().moves().len(),
        0,
        "sente moves first"
    );
    assert_only_sente_shown(&h);
    // The person's move by clicks; the computer answers at once, and it is the person's turn.
    click_square(&mut h, "Sente's board", "7g");
    click_square(&mut h, "Sente's board", "7f");
    let moves = screen(&h).game().referee().moves().len();
    assert_eq!(moves, 2, "the person's move and the computer's");
    assert_eq!(screen(&h).stage, Stage::Open(Color::Black));
    assert_eq!(screen(&h).game().referee().to_move(), Color::Black);
    assert_only_sente_shown(&h);
    // What the person heard of the computer's turn is what the umpire told sente, no more.
    let game = screen(&h).game();
    let told: Vec<Item> = game
        .events()
        .iter()
        .filter(|e| e.by == Color::White)
        .flat_map(|e| kriegspiel::tsuitate::game::heard_by(&e.said, Color::Black))
        .collect();
    assert!(told.contains(&Item::Legal));
    assert!(!told.contains(&Item::Impossible));
    // Resigning ends it: every board is shown.
    h.click("Resign");
    h.click("Yes, resign");
    assert_eq!(screen(&h).stage, Stage::Over);
    let over = screen(&h).game().referee().over().expect("over");
    assert_eq!(over.winner, Some(Color::White));
    // The list of games says how it ended (the resignation is in the autosave's journal).
    h.click("Back to start");
    h.listed();
    let texts = h.all_text();
    let listed = texts
        .iter()
        .find(|t| t.contains("Tsuitate shogi"))
        .expect("the game is listed");
    assert!(listed.contains("Gote won"), "{listed}");
    assert!(!listed.contains("unfinished"), "{listed}");
}

/// A game against the computer, left and resumed, is played against the computer again: no
/// curtain, no button that opens the computer's board, none of its pieces named.
#[test]
fn a_game_against_the_computer_resumes_against_the_computer() {
    let mut h = versus(shakmaty::Color::Black, &level_label(Level::Club));
    h.type_into("Your move:", "7g7f");
    h.press(egui::Key::Enter);
    let events = screen(&h).game().events().len();
    assert!(events >= 2, "the computer answered");
    let resume = leave_and_find_resume(&mut h);
    h.click(&resume);
    assert!(
        matches!(
            screen(&h).mode(),
            kriegspiel::app::shogi::TsuitateMode::Computer(Color::Black, _)
        ),
        "{:?}",
        screen(&h).mode()
    );
    assert_eq!(screen(&h).stage, Stage::Open(Color::Black));
    assert!(h.query_by_label("Open Gote's board").is_none());
    assert_only_sente_shown(&h);
    // The computer plays on.
    h.type_into("Your move:", "2g2f");
    h.press(egui::Key::Enter);
    assert!(screen(&h).game().events().len() >= events + 2);
    assert_only_sente_shown(&h);
}

#[test]
fn the_computer_as_sente_opens_the_game() {
    let h = versus(shakmaty::Color::White, &level_label(Level::Club));
    assert_eq!(screen(&h).stage, Stage::Open(Color::White));
    let game = screen(&h).game();
    assert_eq!(game.referee().moves().len(), 1, "the computer moved first");
    assert_eq!(game.referee().to_move(), Color::White);
    assert!(
        h.all_text()
            .iter()
            .any(|t| t == "Gote's board 3c: Gote pawn")
    );
    for t in h.all_text() {
        assert!(!t.contains("Sente pawn"), "a sente piece is shown: {t}");
    }
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
        "7g7e: Impossible (not a move even on your own board)."
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
        let events = keystrokes(&["7g7e", "P-7f", "2g2f"]);
        let per_frame = if per_frame == 0 {
            events.len()
        } else {
            per_frame
        };
        for frame in events.chunks(per_frame) {
            h.input_mut().events.extend(frame.iter().cloned());
            h.step();
        }
        h.run();
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
fn three_computer_levels_are_offered() {
    for (level, bot) in [
        (Level::Beginner, "Computer (random)"),
        (Level::Casual, "Computer (heuristic)"),
        (Level::Expert, "Computer (careful)"),
    ] {
        let label = level_label(level);
        let h = versus(shakmaty::Color::Black, &label);
        assert_eq!(screen(&h).meta().white, bot, "{label}");
    }
    // The dialog says which player each level is.
    use kriegspiel::app::newgame::{NewGameDialog, NewMode};
    let dialog = NewGameDialog::new(kriegspiel::rules::Preset::Wild16, NewMode::Computer);
    let mut h = Gui::builder().new_game(dialog).build();
    h.click("Tsuitate shogi (衝立将棋)");
    h.click(&level_label(Level::Expert));
    assert!(
        h.all_text()
            .iter()
            .any(|t| t.contains("the careful player")),
        "{:?}",
        h.all_text()
    );
}
