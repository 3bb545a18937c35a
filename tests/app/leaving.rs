//! Coming and going (issue 29, item 14): New in the middle of a game says where the game is
//! saved before it is left; the new-game dialog opens at its top every time; the window title
//! follows the screen. ("New game with the same settings" starting at once: app_ui_end.rs.)

use super::gui;

use egui_kittest::kittest::Queryable;
use gui::{Gui, STANDARD, fen};
use kriegspiel::Preset;
use kriegspiel::app::play::PlayMode;
use kriegspiel::app::settings::Settings;
use kriegspiel::save::Meta;

fn settings() -> Settings {
    Settings {
        seen_tip: true,
        ..Settings::default()
    }
}

/// A hot-seat Wild 16 game between Ann and Bob, on the curtain.
fn game() -> Gui {
    let meta = Meta {
        white: "Ann".into(),
        black: "Bob".into(),
        ..Meta::default()
    };
    Gui::builder()
        .settings(settings())
        .game(Preset::Wild16.rules(), fen(STANDARD))
        .meta(meta)
        .build()
}

#[test]
fn new_in_the_middle_of_a_game_says_where_it_is_saved_first() {
    let mut h = game();
    h.click("Open White's board");
    h.enter_line("e4");
    h.click("New (Ctrl+N)");
    assert!(h.playing(), "not left yet");
    let saved = h.dir().join("game.ron");
    let text = h.all_text().join("\n");
    assert!(
        text.contains(&format!(
            "It is saved automatically, move by move, to {}.",
            saved.display()
        )),
        "{text}"
    );
    assert!(text.contains("Resume unfinished game"), "{text}");
    h.click("Stay in this game");
    assert!(h.playing() && h.state().leaving.is_none());
    assert_eq!(h.events(), 1, "the game is as it was");
    // Ctrl+N asks the same; leaving opens the dialog, and the game is on disk.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
    h.run();
    assert!(h.playing() && h.state().leaving.is_some());
    h.click("Leave it for a new game");
    let _ = h.new_game();
    let loaded = kriegspiel::save::load_file(&saved).expect("the autosave");
    assert_eq!(loaded.saved.log.events.len(), 1);
}

#[test]
fn a_finished_game_is_left_without_a_question() {
    let mut h = Gui::builder()
        .settings(settings())
        .game(
            Preset::Wild16.rules(),
            fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"),
        )
        .build();
    h.click("Open White's board");
    h.enter_line("Ra8");
    assert!(h.play().revealed(), "mate");
    h.click("New (Ctrl+N)");
    let _ = h.new_game();
    assert!(h.state().leaving.is_none());
}

#[test]
fn the_new_game_dialog_opens_at_its_top_every_time() {
    let mut h = Gui::builder()
        .settings(settings())
        // Low enough for the three-column dialog to scroll.
        .size(1000.0, 230.0)
        .build();
    h.click("New game");
    let heading = |h: &Gui| h.get_by_label("New game").rect();
    assert!(heading(&h).min.y >= 0.0, "at its top");
    // Scrolled down to its buttons, then closed.
    h.get_by_label("Start game").scroll_to_me();
    h.run();
    assert!(heading(&h).max.y < 0.0, "scrolled: {:?}", heading(&h));
    h.click("Cancel");
    h.click("New game");
    assert!(
        heading(&h).min.y >= 0.0,
        "at its top again: {:?}",
        heading(&h)
    );
}

#[test]
fn the_window_title_follows_the_screen() {
    let mut h = Gui::builder().settings(settings()).build();
    assert_eq!(h.state().window_title(), Some("Kriegspiel"));
    // The command itself goes out in the frame the screen changes.
    h.get_by_label("New game").click();
    let mut sent = Vec::new();
    for _ in 0..4 {
        h.step();
        for v in h.output().viewport_output.values() {
            for c in &v.commands {
                if let egui::ViewportCommand::Title(t) = c {
                    sent.push(t.clone());
                }
            }
        }
    }
    assert_eq!(sent, ["Kriegspiel — New game"]);
    h.click("Start game");
    assert_eq!(
        h.state().window_title(),
        Some("Kriegspiel — White vs Black (Berkeley)")
    );
    h.click("Start screen");
    h.click("Leave it for the start screen");
    assert_eq!(h.state().window_title(), Some("Kriegspiel"));
    h.click("Kriegspiel problems…");
    assert_eq!(h.state().window_title(), Some("Kriegspiel — Problems"));
    // One person at a seat: the seat is in the title (two windows of one machine).
    let meta = Meta {
        white: "Ann".into(),
        black: "Medium computer".into(),
        ..Meta::default()
    };
    let (seat, _dir) = Gui::builder()
        .settings(settings())
        .game(Preset::Cincinnati.rules(), fen(STANDARD))
        .meta(meta)
        .play_mode(PlayMode::Seat(shakmaty::Color::White))
        .app();
    let mut h = Gui::builder().settings(settings()).build();
    h.state_mut().screen = seat.screen;
    h.step();
    let title = "Kriegspiel — Ann vs Medium computer (Cincinnati), you play White";
    assert_eq!(h.state().window_title(), Some(title));
    // The last title sent in the game's first frame is this one (the game screen sends one of
    // its own first).
    let last = h
        .output()
        .viewport_output
        .values()
        .flat_map(|v| &v.commands)
        .rev()
        .find_map(|c| match c {
            egui::ViewportCommand::Title(t) => Some(t.clone()),
            _ => None,
        });
    assert_eq!(last.as_deref(), Some(title));
}
