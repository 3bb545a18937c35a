//! Studying a tsuitate save in the app: the whole game's text (Japanese and all) drawn with
//! glyphs for every character, the boards always inside the window beside it, and the study
//! keys of every game (Left/Right an event, Up/Down a move, Home/End).

use super::gui;

use egui::{FontFamily, FontId};
use egui_kittest::kittest::Queryable;
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
        .y as f32
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
