//! Tsuitate shogi in the app, besides play (tsuitate.rs, tsuitate_board.rs) and the network
//! (tsuitate_net.rs): studying a save (the whole game's text, Japanese and all, drawn with
//! glyphs for every character; the boards always inside the window; the study keys of every
//! game: Left/Right an event, Up/Down a move, Home/End), a seat's history from what it heard at
//! the start, and the new-game dialog with tsuitate chosen.

use super::gui;

use egui::{FontFamily, FontId};
use egui_kittest::kittest::{NodeT, Queryable};
use gui::Gui;
use kriegspiel::save::Meta;
use kriegspiel::tsuitate::{Request, TsuitateGame, TsuitateRules, save::TsuitateSave};

/// A finished game (sente takes gote's bishop and promotes, gote takes back, then resigns)
/// saved in `dir`, with the game and its names.
fn finished(dir: &std::path::Path) -> (std::path::PathBuf, TsuitateGame, Meta) {
    let mut game = TsuitateGame::new(TsuitateRules::default());
    for usi in ["7g7f", "3c3d", "8h2b+", "3a2b", "7i7h"] {
        game.attempt(usi).expect("attempt");
    }
    game.apply(Request::Resign).expect("resigns");
    let meta = Meta {
        black: "Hanako".to_owned(),
        white: "Taro".to_owned(),
        date: "2026-11-29".to_owned(),
        ..Meta::default()
    };
    let path = dir.join("over.ron");
    TsuitateSave::of(&game, meta.clone())
        .write(&path)
        .expect("writes");
    (path, game, meta)
}

fn has(h: &Gui, text: &str) -> bool {
    h.all_text().iter().any(|t| t == text)
}

/// The bottom of `board`'s square `square` (`Umpire's board`, `1i`).
fn bottom_of(h: &Gui, board: &str, square: &str) -> f32 {
    let prefix = format!("{board} {square}: ");
    h.get_by(|n| n.label().is_some_and(|l| l.starts_with(&prefix)))
        .rect()
        .max
        .y
}

#[test]
fn the_whole_game_text_draws_its_japanese_and_the_boards_stay_in_the_window() {
    let dir = gui::scratch();
    let (path, game, meta) = finished(dir.path());
    let mut h = Gui::builder().study(&path).build();
    assert!(has(&h, "Event 6 of 6"), "{:?}", h.all_text());
    h.click("The whole game in text");
    h.run();
    let text = kriegspiel::tsuitate::replay::replay_text(&game, &meta, None);
    assert!(text.contains("衝立将棋"), "{text}");
    assert!(
        h.all_text().iter().any(|t| t.contains("衝立将棋")),
        "the text is shown"
    );
    // Every character of the game's records has a glyph in the app's fonts (none drawn as a
    // box): the replay text and the KIF and CSA records, in monospace and proportional type.
    let kif = kriegspiel::tsuitate::kif::to_kif(&game, &meta);
    let csa = kriegspiel::tsuitate::csa::to_csa(&game, &meta);
    assert!(kif.contains("手合割"), "{kif}");
    for family in [FontFamily::Monospace, FontFamily::Proportional] {
        let font = FontId::new(12.0, family.clone());
        for record in [&text, &kif, &csa] {
            let missing: String = record
                .chars()
                .filter(|c| !c.is_control())
                .filter(|&c| !h.ctx.fonts_mut(|f| f.has_glyph(&font, c)))
                .collect();
            assert!(
                missing.is_empty(),
                "{family:?} lacks glyphs for {missing:?}"
            );
        }
    }
    // The boards below the text stay inside the 800-pixel window, their bottom hands too.
    for board in ["Umpire's board", "Sente's board", "Gote's board"] {
        let bottom = bottom_of(&h, board, "1i");
        assert!(bottom + 34.0 <= 800.0, "{board} ends at {bottom}");
    }
    // A smaller window: still every board inside it.
    let mut h = Gui::builder().size(1280.0, 640.0).study(&path).build();
    h.click("The whole game in text");
    h.run();
    for board in ["Umpire's board", "Sente's board", "Gote's board"] {
        let bottom = bottom_of(&h, board, "1i");
        assert!(bottom + 34.0 <= 640.0, "{board} ends at {bottom}");
    }
}

#[test]
fn the_whole_game_text_is_written_once_however_many_frames_show_it() {
    let dir = gui::scratch();
    let (path, ..) = finished(dir.path());
    let mut h = Gui::builder().study(&path).build();
    assert_eq!(super::tsuitate::screen(&h).whole_text_writes(), 0);
    h.click("The whole game in text");
    h.run_steps(10);
    // Stepping through the game shows the same text, still written once.
    h.press(egui::Key::ArrowLeft);
    h.run_steps(10);
    assert!(has(&h, "Event 5 of 6"), "{:?}", h.all_text());
    assert!(h.all_text().iter().any(|t| t.contains("衝立将棋")));
    assert_eq!(super::tsuitate::screen(&h).whole_text_writes(), 1);
}

#[test]
fn the_study_keys_step_through_a_tsuitate_game() {
    let dir = gui::scratch();
    let (path, ..) = finished(dir.path());
    let mut h = Gui::builder().study(&path).build();
    assert!(has(&h, "Event 6 of 6"));
    h.key_press(egui::Key::Home);
    h.run();
    assert!(has(&h, "Event 0 of 6"), "Home: the start");
    h.key_press(egui::Key::ArrowRight);
    h.run();
    assert!(has(&h, "Event 1 of 6"), "Right: one event on");
    assert!(has(&h, "Sente tried 7g7f. To both: Legal."));
    h.key_press(egui::Key::ArrowDown);
    h.run();
    assert!(has(&h, "Event 2 of 6"), "Down: to the end of the next move");
    h.key_press(egui::Key::ArrowUp);
    h.run();
    assert!(has(&h, "Event 1 of 6"), "Up: a move back");
    h.key_press(egui::Key::ArrowLeft);
    h.run();
    assert!(has(&h, "Event 0 of 6"), "Left: one event back");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::ArrowRight);
    h.run();
    assert!(has(&h, "Event 1 of 6"), "Ctrl+Right: a move on");
    h.key_press(egui::Key::End);
    h.run();
    assert!(has(&h, "Event 6 of 6"), "End: the end");
}

/// A game whose start gives check: each seat's history begins with what it heard then.
#[test]
fn a_seats_history_begins_with_what_it_heard_at_the_start() {
    let dir = gui::scratch();
    let sfen = "4k4/9/9/9/9/9/9/4r4/4K4 b - 1";
    let game = TsuitateGame::from_sfen(TsuitateRules::default(), sfen).expect("sfen");
    let path = dir.path().join("check.ron");
    TsuitateSave::of(&game, Meta::default())
        .write(&path)
        .expect("writes");
    let mut h = Gui::builder().file(&path).build();
    h.click("Open Sente's board");
    let texts = h.all_text();
    assert!(
        texts
            .iter()
            .any(|t| t == "At the start: Check (王手): your king is in check."),
        "{texts:?}"
    );
    // Sente moves out of check; gote's history too begins with the check, then the move.
    h.type_into("Your move:", "5i4i");
    h.press(egui::Key::Enter);
    h.click("Open Gote's board");
    let texts = h.all_text();
    let start = texts
        .iter()
        .position(|t| t == "At the start: Check (王手): you give check.");
    let moved = texts.iter().position(|t| t == "1. Sente moved.");
    assert!(start.is_some() && start < moved, "{texts:?}");
}

fn screen(h: &Gui) -> &kriegspiel::app::shogi::TsuitateScreen {
    match &h.state().screen {
        kriegspiel::app::Screen::Tsuitate(t) => t,
        _ => panic!("not on the tsuitate screen"),
    }
}

/// The hint in the New game dialog's arbiter's note.
fn note_hint(h: &Gui) -> String {
    let field = h.get_by_label("Arbiter's note text");
    field
        .accesskit_node()
        .placeholder()
        .unwrap_or_default()
        .to_owned()
}

/// With tsuitate chosen, the dialog asks only what a tsuitate game uses (no clock, start
/// position or engine program; the sides named Sente and Gote), in its own words (the levels
/// say what tsuitate's bots do, the note no scoresheet), and the names typed are the game's, in
/// its save.
#[test]
fn the_new_game_dialog_asks_tsuitate_only_what_it_uses_and_records_the_names() {
    use kriegspiel::app::newgame::{level_label, level_labels};
    use kriegspiel::bots::level::Level;
    use kriegspiel::games::GameKind;
    let mut h = Gui::builder().build();
    h.click("New game");
    assert!(h.query_by_label("White name").is_some(), "chess first");
    h.click("Play the computer");
    assert!(h.query_by_label(&level_label(Level::Casual)).is_some());
    assert!(note_hint(&h).contains("scoresheet"), "chess's note first");
    h.click("Tsuitate shogi (衝立将棋)");
    for gone in ["White name", "Black name", "Clock:", "FEN", "From FEN:"] {
        assert!(h.query_by_label(gone).is_none(), "{gone} is still asked");
    }
    h.click("Play the computer");
    assert!(h.query_by_label("An engine program").is_none());
    for label in level_labels(GameKind::Tsuitate) {
        assert!(h.query_by_label(&label).is_some(), "{label} is offered");
    }
    for level in Level::ALL {
        let chess = level_label(level);
        assert!(h.query_by_label(&chess).is_none(), "{chess} is offered");
    }
    assert!(has(&h, "Random: any move its own board allows, at random"));
    for t in h.all_text() {
        assert!(!t.contains("chess rules of thumb"), "{t}");
    }
    let hint = note_hint(&h);
    assert!(!hint.is_empty() && !hint.contains("scoresheet"), "{hint}");
    for side in ["Sente", "Gote"] {
        assert!(
            h.query_all_by_label(side).next().is_some(),
            "You play: {side}"
        );
    }
    for gone in ["White", "Black"] {
        assert!(h.query_by_label(gone).is_none(), "You play: {gone}");
    }
    h.click("Two players on this machine");
    h.type_into("Sente name", "Hanako");
    h.type_into("Gote name", "Taro");
    h.type_into("Event name", "Club night");
    h.click("Start game");
    // The curtain names the players.
    assert!(
        has(
            &h,
            "Gote (Taro): look away. Sente (Hanako): open your board when only you can see the screen."
        ),
        "{:?}",
        h.all_text()
    );
    let meta = screen(&h).meta().clone();
    assert_eq!(
        (
            meta.black.as_str(),
            meta.white.as_str(),
            meta.event.as_str()
        ),
        ("Hanako", "Taro", "Club night")
    );
    let save = std::fs::read_dir(h.dir())
        .expect("the saves folder")
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|e| e == "ron"))
        .expect("the autosave");
    let loaded = kriegspiel::tsuitate::save::load_file(&save).expect("loads");
    assert_eq!(loaded.saved.meta.black, "Hanako");
    assert_eq!(loaded.saved.meta.white, "Taro");
}

#[test]
fn a_tsuitate_save_is_listed_in_the_library_and_studied_from_it() {
    let builder = Gui::builder();
    finished(builder.dir());
    let mut h = builder.build();
    h.click("Library…");
    h.listed();
    assert!(
        has(&h, "Hanako"),
        "the save is not listed: {:?}",
        h.all_text()
    );
    assert!(has(&h, "Tsuitate shogi (衝立将棋)"));
    h.click("Study over");
    assert_eq!(
        screen(&h).mode(),
        kriegspiel::app::shogi::TsuitateMode::Study
    );
    assert!(has(&h, "Event 6 of 6"));
}

#[test]
fn a_studied_tsuitate_game_shows_who_knew_what() {
    let dir = gui::scratch();
    let (path, ..) = finished(dir.path());
    let mut h = Gui::builder().study(&path).build();
    h.click("Who knew what (the review)");
    let texts = h.all_text();
    assert!(
        texts.iter().any(|t| t.contains("Sente 8h2b+, a capture")
            && t.contains("Gote knew 1 of Sente's 20")
            && t.contains("Gote resigns")),
        "{texts:?}"
    );
}

/// Study's pictures: the umpire's board holds both sides' pieces, a seat's only its own (as it
/// knew them at the cursor), as SVG and as PNG.
#[test]
fn a_studied_tsuitate_board_is_exported_as_a_picture_of_what_its_seat_knew() {
    let dir = gui::scratch();
    let (path, ..) = finished(dir.path());
    let mut h = Gui::builder().study(&path).build();
    let gote = String::from_utf8(super::share::export_by(&mut h, "Gote's board…", "gote.svg"))
        .expect("text");
    assert!(gote.contains("<title>3d: Gote pawn</title>"), "{gote}");
    assert!(gote.contains("Gote's hand: bishop"), "{gote}");
    assert!(
        !gote.contains("Sente"),
        "a Sente piece in gote's picture: {gote}"
    );
    let umpire = String::from_utf8(super::share::export_by(
        &mut h,
        "The umpire's board…",
        "umpire.svg",
    ))
    .expect("text");
    assert!(umpire.contains("<title>7f: Sente pawn</title>"), "{umpire}");
    assert!(umpire.contains("<title>3d: Gote pawn</title>"), "{umpire}");
    let png = super::share::export_by(&mut h, "Sente's board…", "sente.png");
    assert_eq!(&png[1..4], b"PNG");
}

/// A hot-seat game over goes on to study from its last screen.
#[test]
fn a_game_over_is_studied_from_its_last_screen() {
    let mut h = Gui::builder().build();
    h.click("Tsuitate hot-seat");
    h.click("Open Sente's board");
    h.type_text("7g7f");
    h.press(egui::Key::Enter);
    h.click("Open Gote's board");
    h.click("Resign");
    h.click("Yes, resign");
    h.click("Study this game");
    assert_eq!(
        screen(&h).mode(),
        kriegspiel::app::shogi::TsuitateMode::Study
    );
    assert!(has(&h, "Event 2 of 2"), "{:?}", h.all_text());
    assert_eq!(screen(&h).game().events().len(), 2);
}

/// Against the computer the person plays the side that moves first unless they choose: Sente
/// in tsuitate (as White in chess), not the other game's first side.
#[test]
fn the_person_plays_sente_against_the_computer_unless_they_choose() {
    use kriegspiel::app::shogi::TsuitateMode;
    let mut h = Gui::builder().build();
    h.click("New game");
    h.click("Play the computer");
    h.click("Tsuitate shogi (衝立将棋)");
    h.click("Start game");
    assert!(
        matches!(
            screen(&h).mode(),
            TsuitateMode::Computer(shogi_core::Color::Black, _)
        ),
        "{:?}",
        screen(&h).mode()
    );
}
