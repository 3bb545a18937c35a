//! The Library screen (issue 34 item 3): the saves of the saves folder (a temporary one) and the
//! samples in one table; sorted by a click on a title, searched as one types; a game opened in
//! study, an unfinished save resumed.

use super::gui;

use egui_kittest::kittest::Queryable;
use gui::Gui;
use kriegspiel::app::Screen;
use kriegspiel::app::library::{LibraryScreen, SEARCH_LABEL};
use kriegspiel::library::Column;
use kriegspiel::save::{Meta, SavedGame};
use kriegspiel::{Game, Preset, Request};
use shakmaty::Color;
use std::path::Path;

/// Writes a Berkeley game of `moves` between `white` and `black` as `name`.ron in `dir`.
fn write(dir: &Path, name: &str, (white, black): (&str, &str), note: &str, moves: &[&str]) {
    let mut game = Game::standard(Preset::Berkeley.rules());
    for m in moves {
        let a = m.parse().expect("an attempt");
        game.apply(Request::Try(a)).expect("legal");
    }
    let meta = Meta {
        white: white.into(),
        black: black.into(),
        note: note.into(),
        date: "2026-03-04".into(),
        ..Meta::default()
    };
    SavedGame::of(&game, meta, None)
        .write(&dir.join(format!("{name}.ron")))
        .expect("written");
}

/// The app on its Library, with two saves of its own and the samples.
fn library_gui() -> Gui {
    let builder = Gui::builder();
    write(
        builder.dir(),
        "club-night",
        ("Ann", "Bob"),
        "",
        &["e2e4", "e7e5"],
    );
    let mut game = Game::standard(Preset::Berkeley.rules());
    game.apply(Request::Resign(Color::White)).expect("resigned");
    let mut saved = SavedGame::of(&game, Meta::default(), None);
    saved.meta.note = "Imported from a reconchess game history.".into();
    saved.meta.white = "Cy".into();
    saved
        .write(&builder.dir().join("from-rbc.ron"))
        .expect("written");
    let mut h = builder.build();
    h.click("Library…");
    h.listed();
    h
}

fn library(h: &Gui) -> &LibraryScreen {
    match &h.state().screen {
        Screen::Library(l) => l,
        _ => panic!("not on the Library"),
    }
}

fn has(h: &Gui, label: &str) -> bool {
    h.query_by_label(label).is_some()
}

#[test]
fn the_library_lists_saves_and_samples_sorts_and_searches() {
    let mut h = library_gui();
    let samples = kriegspiel::places::samples().len();
    assert_eq!(library(&h).entries.len(), 2 + samples);
    assert!(has(&h, "Study club-night") && has(&h, "Resume club-night"));
    assert!(has(&h, "Study from-rbc"), "an imported game is listed");
    assert!(
        !has(&h, "Resume from-rbc"),
        "a finished game is not resumed"
    );
    assert!(has(&h, "Study ICC Wild 16") && !has(&h, "Resume ICC Wild 16"));
    let rbc = library(&h).entries.iter().find(|e| e.name == "from-rbc");
    assert_eq!(rbc.map(|e| e.program.as_str()), Some("reconchess"));
    gui::shot(&mut h, "library");

    h.click("Sort by Plies");
    assert_eq!(library(&h).sorted, (Column::Length, false));
    let plies: Vec<Option<usize>> = library(&h).entries.iter().map(|e| e.plies).collect();
    assert!(plies.windows(2).all(|w| w[0] <= w[1]), "{plies:?}");
    h.click("Sort by Plies");
    assert_eq!(library(&h).sorted, (Column::Length, true));

    h.type_into(SEARCH_LABEL, "ann bob");
    assert_eq!(library(&h).shown().len(), 1);
    assert!(has(&h, "Study club-night") && !has(&h, "Study from-rbc"));
    assert!(!has(&h, "Study ICC Wild 16"));

    // An unfinished game is not studied: the gate asks to end it first.
    h.click("Study club-night");
    assert!(matches!(&h.state().screen, Screen::Library(_)));
    assert!(has(&h, "This game is not over"));
    h.click("This game will not be continued");
    h.click("Abandon it and study");
    match &h.state().screen {
        Screen::Study(s) => {
            assert_eq!(s.saved.meta.white, "Ann");
            assert!(s.saved.meta.abandoned.is_some());
        }
        _ => panic!("the game did not open in study"),
    }
}

#[test]
fn a_sample_opens_in_study_and_an_unfinished_save_resumes() {
    let mut h = library_gui();
    h.click("Study ICC Wild 16");
    assert!(
        matches!(&h.state().screen, Screen::Study(s) if s.saved.log.rules.title().contains("Wild 16"))
    );
    let mut h = library_gui();
    h.click("Resume club-night");
    match &h.state().screen {
        Screen::Play(p) => assert_eq!(p.facts().meta.white, "Ann"),
        other => panic!(
            "the game did not resume: {}",
            kriegspiel::app::leaving::window_title(other)
        ),
    }
}

/// Issue 55 item 5: the start screen lists the samples by their rules in words (never a file's
/// id), each with its caption, and the Library shows the caption too; a sample opened says it.
#[test]
fn the_samples_are_listed_in_words_with_their_captions() {
    let mut h = Gui::builder().size(1280.0, 900.0).build();
    h.get_by_label("Sample games").click();
    h.run_steps(2);
    let texts = h.all_text();
    for entry in kriegspiel::library::samples() {
        assert!(has(&h, &entry.name), "no link {}", entry.name);
        assert!(
            texts.contains(&entry.caption),
            "no caption {}",
            entry.caption
        );
    }
    for id in ["one_eye", "secret_any", "semi", "sample-berkeley"] {
        assert!(!texts.iter().any(|t| t == id), "{id} shown");
    }
    assert!(texts.iter().all(|t| !t.contains("_")), "{texts:?}");
    gui::shot(&mut h, "start-samples");
    h.get_by_label("Modern Kriegspiel").click();
    h.run_steps(2);
    assert!(h.study().saved.log.rules.title().contains("Modern"));
    let told = h.state().notice.clone().unwrap_or_default();
    assert!(told.starts_with("Sample game: "), "{told}");

    let mut h = library_gui();
    let texts = h.all_text();
    let wild16 = kriegspiel::library::samples()
        .into_iter()
        .find(|e| e.name == "ICC Wild 16")
        .expect("the Wild 16 sample");
    assert!(texts.contains(&wild16.caption), "{texts:?}");
    gui::shot(&mut h, "library-samples");
}
