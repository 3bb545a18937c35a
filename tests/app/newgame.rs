//! The new-game form (issue 15 item 12): round, an arbiter's note and a clock delay go into the
//! game; the form remembers the last choices (mode, rules, names, event, round, clock) and
//! `--rules` / `--mode` take precedence over what it remembers.

use super::gui;

use egui_kittest::kittest::Queryable;
use gui::Gui;
use kriegspiel::Preset;
use kriegspiel::app::newgame::NewMode;
use kriegspiel::app::play::PlayMode;
use kriegspiel::app::settings::Settings;

#[test]
fn round_note_and_delay_reach_the_game_and_the_form_remembers_its_choices() {
    let mut h = Gui::builder().size(1280.0, 1000.0).build();
    h.click("New (Ctrl+N)");
    h.get_by_label("Club referee").click();
    h.get_by_label(Preset::Wild16.title()).click();
    h.run();
    h.type_into("White name", "Ann");
    h.type_into("Black name", "Bob");
    h.type_into("Event name", "Club night");
    h.type_into("Round number", "3");
    h.type_into("Arbiter's note text", "Clock replaced at move 12");
    let dialog = h.new_game_mut();
    dialog.timed = true;
    dialog.minutes = 10;
    dialog.increment = 5;
    dialog.delay = 3;
    h.run();
    h.click("Start game");
    {
        assert_eq!(h.play().mode, PlayMode::Referee);
        let meta = &h.table().facts().meta;
        assert_eq!(
            (
                meta.white.as_str(),
                meta.event.as_str(),
                meta.round.as_str()
            ),
            ("Ann", "Club night", "3")
        );
        assert_eq!(meta.note, "Clock replaced at move 12");
        let tc = h.table().facts().time_control.expect("a clock");
        assert_eq!(
            (tc.base_ms, tc.increment_ms, tc.delay_ms),
            (600_000, 5_000, 3_000)
        );
        let scoresheet =
            kriegspiel::scoresheet::scoresheet(&h.table().saved().expect("local game"));
        assert!(
            scoresheet.contains("Clock replaced at move 12"),
            "{scoresheet}"
        );
    }
    // The next form starts from these choices (not the start position or the note).
    h.click("New (Ctrl+N)");
    h.click("Leave it for a new game");
    let dialog = h.new_game();
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
    let h = Gui::builder()
        .size(1280.0, 1000.0)
        .settings(settings)
        .rules(Preset::Rand)
        .start_mode("referee")
        .build();
    assert!(h.playing(), "--mode referee starts the game");
    assert_eq!(h.play().mode, PlayMode::Referee);
    assert_eq!(&h.table().facts().rules, &Preset::Rand.rules());
    assert_eq!(
        h.table().facts().meta.white,
        "Ann",
        "the remembered names are kept"
    );
}

#[test]
fn the_name_fields_are_cleaned_when_the_game_starts() {
    use kriegspiel::app::newgame::NewGameDialog;
    let mut dialog = NewGameDialog::new(Preset::Berkeley, NewMode::HotSeat);
    dialog.white = "  Ann\u{1b}[2J\nLee ".to_owned();
    dialog.black = "b".repeat(80);
    dialog.referee = "\u{202E}Ref\u{0}".to_owned();
    dialog.event = "Club\tnight".to_owned();
    dialog.note = "one\r\ntwo\u{7}".to_owned();
    let meta = dialog.spec().expect("a game").meta;
    assert_eq!(meta.white, "Ann [2J Lee");
    assert_eq!(meta.black, "b".repeat(40));
    assert_eq!(meta.referee, "Ref");
    assert_eq!(meta.event, "Club night");
    assert_eq!(meta.note, "one\ntwo");
    // A long bad FEN is quoted short.
    dialog.use_fen = true;
    dialog.fen = "r".repeat(100_000);
    let error = dialog.spec().expect_err("not a FEN");
    assert!(error.len() < 400, "{error}");
    assert!(error.contains("(100,000 characters)"), "{error}");
}

#[test]
fn the_dialog_offers_every_level_and_the_game_keeps_the_chosen_one() {
    use kriegspiel::app::newgame::level_label;
    use kriegspiel::bots::level::Level;
    use shakmaty::Color;
    let mut h = Gui::builder().size(1280.0, 1000.0).build();
    h.click("New (Ctrl+N)");
    h.get_by_label("Play the computer").click();
    h.run();
    for level in Level::ALL {
        assert!(
            h.query_by_label(&level_label(level)).is_some(),
            "{} is offered",
            level.id()
        );
    }
    h.get_by_label(&level_label(Level::Novice)).click();
    h.run();
    assert_eq!(h.new_game().level, Level::Novice);
    h.click("Start game");
    let meta = &h.table().facts().meta;
    assert_eq!(meta.black, "Computer (novice)");
    assert_eq!(
        meta.computer.map(|c| (c.plays, c.level)),
        Some((Color::Black, Some(Level::Novice)))
    );
}

/// Against the computer its side's name is the one the game will give it, shown as fixed text
/// (no field whose text would be thrown away); the person's side keeps the name typed. The same
/// for tsuitate shogi.
#[test]
fn the_computers_side_is_named_for_its_level_and_not_asked() {
    use kriegspiel::app::newgame::level_label;
    use kriegspiel::bots::level::Level;
    let mut h = Gui::builder().size(1280.0, 1000.0).build();
    h.click("New (Ctrl+N)");
    assert!(
        h.query_by_label("Black name").is_some(),
        "hot-seat asks both"
    );
    h.get_by_label("Play the computer").click();
    h.run();
    // The person plays White: Black is the computer's, named for the level chosen.
    assert!(
        h.query_by_label("Black name").is_none(),
        "a field for the computer"
    );
    assert!(h.query_by_label("Computer (club)").is_some());
    h.get_by_label(&level_label(Level::Novice)).click();
    h.run();
    assert!(h.query_by_label("Computer (club)").is_none());
    assert!(h.query_by_label("Computer (novice)").is_some());
    h.type_into("White name", "Ann");
    // Playing Black instead: White's field goes, Black's comes.
    h.get_by_role_and_label(egui::accesskit::Role::RadioButton, "Black")
        .click();
    h.run();
    assert!(h.query_by_label("White name").is_none());
    assert!(h.query_by_label("Black name").is_some());
    assert!(h.query_by_label("Computer (novice)").is_some());
    h.type_into("Black name", "Bob");
    h.click("Start game");
    let meta = &h.table().facts().meta;
    assert_eq!(
        (meta.white.as_str(), meta.black.as_str()),
        ("Computer (novice)", "Bob")
    );
    // Tsuitate shogi: the person chooses gote (the door's White), sente is the computer's.
    h.click("New (Ctrl+N)");
    h.click("Leave it for a new game");
    h.get_by_label("Play the computer").click();
    h.click("Tsuitate shogi (衝立将棋)");
    h.new_game_mut().human = shakmaty::Color::White;
    h.run();
    assert!(
        h.query_by_label("Sente name").is_none(),
        "a field for the computer"
    );
    assert!(h.query_by_label("Gote name").is_some());
    let careful =
        kriegspiel::app::newgame::level_labels(kriegspiel::games::GameKind::Tsuitate)[2].clone();
    h.click(&careful);
    assert!(h.query_by_label("Computer (careful)").is_some());
    // The form remembers the last names (White's was Ann): typed over.
    h.new_game_mut().white.clear();
    h.type_into("Gote name", "Hanako");
    h.click("Start game");
    let meta = match &h.state().screen {
        kriegspiel::app::Screen::Tsuitate(t) => t.meta().clone(),
        _ => panic!("not on the tsuitate screen"),
    };
    assert_eq!(
        (meta.white.as_str(), meta.black.as_str()),
        ("Hanako", "Computer (careful)")
    );
}
