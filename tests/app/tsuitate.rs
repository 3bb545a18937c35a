//! Tsuitate shogi in the app, driven through AccessKit: the curtain (it opens only once it has
//! stood a moment), the New game dialog (each mode, a game against the computer from its seat
//! only, the levels offered), leaving a game in progress, and resuming (a save studied and
//! resumed on the curtain, an autosave from the start screen, a game against the computer).
//! Holds the helpers the other `tsuitate_*` app modules share.
//!
//! With `KS_TSUITATE_SHOTS=DIR` set, the curtain test also writes a screenshot
//! (`tsuitate-curtain.png`) there.

use super::gui;

use egui_kittest::kittest::Queryable;
use gui::Gui;
use kriegspiel::app::Screen;
use kriegspiel::app::shogi::{Stage, TsuitateScreen};
use kriegspiel::bots::level::Level;
use kriegspiel::tsuitate::Item;
use shogi_core::Color;

/// The New game dialog's choice, with tsuitate shogi chosen, of the level that plays the bot a
/// chess `level` names ([`kriegspiel::tsuitate::bots::for_level`]).
pub(super) fn level_label(level: Level) -> String {
    let bot = kriegspiel::tsuitate::bots::for_level(level);
    let labels = kriegspiel::app::newgame::level_labels(kriegspiel::games::GameKind::Tsuitate);
    let index = kriegspiel::tsuitate::bots::LEVELS
        .iter()
        .position(|l| l.bot == bot)
        .expect("a level plays every bot");
    labels[index].clone()
}

pub(super) fn screen(h: &Gui) -> &TsuitateScreen {
    match &h.state().screen {
        Screen::Tsuitate(t) => t,
        _ => panic!("not on the tsuitate screen"),
    }
}

/// While the curtain is up: no square or hand is labelled, no piece named.
pub(super) fn assert_curtain_hides_every_board(h: &Gui) {
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

/// Writes a screenshot of `h` as `name` into `KS_TSUITATE_SHOTS`, when set.
pub(super) fn shot(h: &mut Gui, name: &str) {
    if let Some(dir) = std::env::var_os("KS_TSUITATE_SHOTS") {
        let image = h.render().expect("renders");
        image
            .save(std::path::Path::new(&dir).join(name))
            .expect("writes the screenshot");
    }
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

/// The curtain is the card chess's is (one for both games): its title, its hint, and Space or
/// Enter opening the board once the card has stood its moment, never before.
#[test]
fn the_curtain_is_the_shared_card_and_a_key_opens_it_after_its_moment() {
    let mut h = Gui::builder().build();
    h.click("Tsuitate hot-seat");
    assert!(h.query_by_label("☗ Sente to move").is_some());
    assert!(h.query_by_label("One moment…").is_some());
    h.press(egui::Key::Space);
    assert!(
        screen(&h).curtain_up(),
        "a key in the first moment opens nothing"
    );
    h.let_time_pass(kriegspiel::app::play::CURTAIN_ARM);
    assert!(h.query_by_label("Space or Enter opens it.").is_some());
    h.press(egui::Key::Enter);
    assert_eq!(screen(&h).stage, Stage::Open(Color::Black));
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
pub(super) fn versus(human: shakmaty::Color, level: &str) -> Gui {
    use kriegspiel::app::newgame::{NewGameDialog, NewMode};
    let dialog = NewGameDialog::new(kriegspiel::rules::Preset::Wild16, NewMode::Computer);
    let mut h = Gui::builder().new_game(dialog).build();
    // Choosing the game sets the side that moves first; then the side asked for.
    h.click("Tsuitate shogi (衝立将棋)");
    h.new_game_mut().human = human;
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

#[test]
fn three_computer_levels_are_offered() {
    use kriegspiel::app::newgame::{NewGameDialog, NewMode, level_labels};
    let labels = level_labels(kriegspiel::games::GameKind::Tsuitate);
    assert_eq!(
        labels,
        [
            "Random: any move its own board allows, at random",
            "Rules of thumb: recaptures, promotes, keeps its pieces defended",
            "Careful: rules of thumb, and a guess of where your pieces stand (to take them, not to foul)",
        ]
    );
    // The dialog offers exactly these three, one a bot, and none of the chess levels.
    let dialog = NewGameDialog::new(kriegspiel::rules::Preset::Wild16, NewMode::Computer);
    let mut h = Gui::builder().new_game(dialog).build();
    h.click("Tsuitate shogi (衝立将棋)");
    let offered: Vec<String> = h
        .all_text()
        .into_iter()
        .filter(|t| {
            labels.contains(t)
                || Level::ALL
                    .iter()
                    .any(|l| t.starts_with(&format!("{}:", l.title())))
        })
        .collect();
    assert_eq!(offered, labels, "{:?}", h.all_text());
    h.click(&labels[2]);
    assert!(
        h.all_text()
            .iter()
            .any(|t| t.contains("the careful player")),
        "{:?}",
        h.all_text()
    );
    // Each plays its own bot.
    for (label, bot) in labels.iter().zip([
        "Computer (random)",
        "Computer (heuristic)",
        "Computer (careful)",
    ]) {
        let h = versus(shakmaty::Color::Black, label);
        assert_eq!(screen(&h).meta().white, bot, "{label}");
    }
}

/// A save made when the dialog offered the chess family's seven levels names the computer by
/// one of them (`Computer (club)`): it resumes against that level's bot.
#[test]
fn a_save_naming_a_chess_level_resumes_against_its_bot() {
    use kriegspiel::app::shogi::TsuitateMode;
    use kriegspiel::save::{Meta, Mode, Seating};
    let own = ["random", "heuristic", "careful"].map(|bot| (bot, bot));
    for (name, bot) in crate::old_levels::OLD_LEVELS.into_iter().chain(own) {
        let meta = Meta {
            black: "Hanako".to_owned(),
            white: format!("Computer ({name})"),
            mode: Mode::Practice,
            ..Meta::default()
        };
        assert_eq!(
            TsuitateScreen::resumed_mode(&meta),
            TsuitateMode::Computer(Color::Black, bot),
            "{name}"
        );
        // With its seating recorded too.
        let seated = Meta {
            seating: Some(Seating::Computer {
                human: shakmaty::Color::White,
            }),
            black: format!("Computer ({name})"),
            white: "Taro".to_owned(),
            ..meta
        };
        assert_eq!(
            TsuitateScreen::resumed_mode(&seated),
            TsuitateMode::Computer(Color::White, bot),
            "{name}"
        );
    }
}
