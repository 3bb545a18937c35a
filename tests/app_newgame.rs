//! The new-game form (issue 15 item 12): round, an arbiter's note and a clock delay go into the
//! game; the form remembers the last choices (mode, rules, names, event, round, clock) and
//! `--rules` / `--mode` take precedence over what it remembers.
#![cfg(feature = "gui")]

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use kriegspiel::Preset;
use kriegspiel::app::newgame::NewMode;
use kriegspiel::app::play::PlayMode;
use kriegspiel::app::settings::Settings;
use kriegspiel::app::{KriegspielApp, Screen, StartOptions};

fn options(name: &str) -> StartOptions {
    let dir =
        std::env::temp_dir().join(format!("kriegspiel-newgame-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    StartOptions {
        saves_dir: Some(dir),
        ..StartOptions::default()
    }
}

fn harness(app: KriegspielApp) -> Harness<'static, KriegspielApp> {
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 1000.0))
        .with_context_setup(egui_extras::install_image_loaders)
        .build_ui_state(|ui, app: &mut KriegspielApp| app.show(ui), app);
    h.run();
    h
}

fn type_into(h: &mut Harness<'_, KriegspielApp>, label: &str, text: &str) {
    h.get_by_label(label).click();
    h.run();
    h.get_by_label(label).type_text(text);
    h.run();
}

#[test]
fn round_note_and_delay_reach_the_game_and_the_form_remembers_its_choices() {
    let mut h = harness(KriegspielApp::new(
        options("form"),
        Settings::default(),
        false,
    ));
    h.get_by_label("New (Ctrl+N)").click();
    h.run();
    h.get_by_label("Club referee").click();
    h.get_by_label(Preset::Wild16.title()).click();
    h.run();
    type_into(&mut h, "White name", "Ann");
    type_into(&mut h, "Black name", "Bob");
    type_into(&mut h, "Event name", "Club night");
    type_into(&mut h, "Round number", "3");
    type_into(&mut h, "Arbiter's note text", "Clock replaced at move 12");
    let Screen::NewGame(dialog) = &mut h.state_mut().screen else {
        panic!("not on the form")
    };
    dialog.timed = true;
    dialog.minutes = 10;
    dialog.increment = 5;
    dialog.delay = 3;
    h.run();
    h.get_by_label("Start game").click();
    h.run();
    {
        let Screen::Play(p) = &h.state().screen else {
            panic!("the game did not start")
        };
        assert_eq!(p.mode, PlayMode::Referee);
        let meta = p.session.meta();
        assert_eq!(
            (
                meta.white.as_str(),
                meta.event.as_str(),
                meta.round.as_str()
            ),
            ("Ann", "Club night", "3")
        );
        assert_eq!(meta.note, "Clock replaced at move 12");
        let tc = p.session.time_control().expect("a clock");
        assert_eq!(
            (tc.base_ms, tc.increment_ms, tc.delay_ms),
            (600_000, 5_000, 3_000)
        );
        let scoresheet =
            kriegspiel::scoresheet::scoresheet(&p.session.to_saved().expect("local game"));
        assert!(
            scoresheet.contains("Clock replaced at move 12"),
            "{scoresheet}"
        );
    }
    // The next form starts from these choices (not the start position or the note).
    h.get_by_label("New (Ctrl+N)").click();
    h.run();
    let Screen::NewGame(dialog) = &h.state().screen else {
        panic!("not on the form")
    };
    assert_eq!(dialog.mode, NewMode::Referee);
    assert_eq!(dialog.rules, Preset::Wild16.rules());
    assert_eq!(
        (
            dialog.white.as_str(),
            dialog.black.as_str(),
            dialog.round.as_str()
        ),
        ("Ann", "Bob", "3")
    );
    assert!(dialog.timed && dialog.minutes == 10 && dialog.increment == 5 && dialog.delay == 3);
    assert!(dialog.note.is_empty());
    // ... and the settings (saved with the app) hold them.
    assert!(h.state().settings.new_game.is_some());
}

#[test]
fn command_line_rules_and_mode_take_precedence_over_the_remembered_form() {
    let mut remembered =
        kriegspiel::app::newgame::NewGameDialog::new(Preset::Classic, NewMode::HotSeat);
    remembered.white = "Ann".into();
    let settings = Settings {
        new_game: Some(remembered.remember()),
        ..Settings::default()
    };
    let opts = StartOptions {
        rules: Some(Preset::Rand),
        mode: Some("referee".into()),
        ..options("cli")
    };
    let h = harness(KriegspielApp::new(opts, settings, false));
    let Screen::Play(p) = &h.state().screen else {
        panic!("--mode referee starts the game")
    };
    assert_eq!(p.mode, PlayMode::Referee);
    assert_eq!(p.session.rules(), &Preset::Rand.rules());
    assert_eq!(
        p.session.meta().white,
        "Ann",
        "the remembered names are kept"
    );
}
