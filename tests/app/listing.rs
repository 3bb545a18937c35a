//! The saves are listed off the UI thread (issue 53, item 5): the start screen is drawn before
//! its saves are read, and its Recent games and "Resume unfinished game" fill in, newest first,
//! as the frames go by.

use super::gui;

use egui_kittest::kittest::Queryable;
use gui::{Gui, STANDARD, fen};
use kriegspiel::Preset;
use kriegspiel::app::settings::Settings;
use kriegspiel::save::Meta;
use std::time::{Duration, Instant, SystemTime};

/// Saves in the folder.
const SAVES: usize = 300;
/// The newest unfinished one (every other one is over).
const UNFINISHED: [usize; 2] = [40, 200];

/// Writes the saves: `game-i` written `i` minutes ago, Wild 16 between "Player i" and "Opp".
fn write_saves(dir: &std::path::Path) {
    let now = SystemTime::now();
    for i in 0..SAVES {
        let meta = Meta {
            white: format!("Player {i}"),
            black: "Opp".into(),
            date: "2026-11-21".into(),
            ..Meta::default()
        };
        let mut game =
            kriegspiel::Game::new(Preset::Wild16.rules(), fen(STANDARD)).expect("a game");
        if !UNFINISHED.contains(&i) {
            game.apply(kriegspiel::Request::Resign(shakmaty::Color::White))
                .expect("resigned");
        }
        let text = kriegspiel::save::SavedGame::of(&game, meta, None).to_ron();
        let path = dir.join(format!("game-{i:03}.ron"));
        std::fs::write(&path, text).expect("written");
        let file = std::fs::File::options()
            .write(true)
            .open(&path)
            .expect("opened");
        file.set_modified(now - Duration::from_secs(60 * i as u64))
            .expect("dated");
    }
}

#[test]
fn the_start_screen_is_drawn_before_its_saves_are_read_and_fills_in() {
    let builder = Gui::builder().settings(Settings {
        seen_tip: true,
        ..Settings::default()
    });
    write_saves(builder.dir());
    let (app, dir) = builder.app();
    // Made at once: the saves are read on the listing's own thread.
    assert!(!app.saves_listed(), "the app waited for its saves");
    let mut h = Gui::of(app, dir, egui::vec2(1280.0, 800.0));
    assert!(h.query_by_label("New game").is_some(), "the first frame");
    // The frames the listing asks for fill the list in.
    let start = Instant::now();
    while !h.state().saves_listed() && start.elapsed() < Duration::from_secs(60) {
        h.run();
        std::thread::sleep(Duration::from_millis(5));
    }
    h.run();
    assert!(h.state().saves_listed(), "listed within a minute");
    let texts = h.all_text();
    let resume = texts
        .iter()
        .find(|t| t.starts_with("Resume unfinished game"))
        .expect("the unfinished game is offered");
    assert!(
        resume.contains(&format!("Player {} v Opp", UNFINISHED[0])),
        "the newest unfinished game: {resume}"
    );
    // Recent games: the 30 newest, newest first.
    let mut recent: Vec<&String> = texts
        .iter()
        .filter(|t| t.starts_with("2026-11-21 · Player"))
        .collect();
    // A link in view is a node with its text run under it: the same words twice.
    recent.dedup();
    let expected: Vec<String> = (0..30)
        .map(|i| {
            let result = if UNFINISHED.contains(&i) {
                "unfinished"
            } else {
                "0-1"
            };
            format!(
                "2026-11-21 · Player {i} v Opp · {} · {result}",
                Preset::Wild16.rules().title()
            )
        })
        .collect();
    assert_eq!(recent, expected.iter().collect::<Vec<_>>());
}

#[test]
fn the_library_fills_in_and_lays_out_only_the_rows_in_view() {
    let builder = Gui::builder().settings(Settings {
        seen_tip: true,
        ..Settings::default()
    });
    write_saves(builder.dir());
    let mut h = builder.build();
    h.click("Library…");
    assert!(
        matches!(&h.state().screen, kriegspiel::app::Screen::Library(_)),
        "the Library opens at once"
    );
    h.listed();
    let samples = kriegspiel::places::samples().len();
    match &h.state().screen {
        kriegspiel::app::Screen::Library(l) => {
            assert!(l.listed());
            assert_eq!(l.entries.len(), SAVES + samples);
        }
        _ => panic!("not on the Library"),
    }
    let rows = h
        .all_text()
        .iter()
        .filter(|t| t.starts_with("game-"))
        .count();
    assert!(rows > 0, "rows in view");
    assert!(rows < 100, "{rows} rows laid out of {SAVES}");
}
