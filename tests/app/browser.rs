//! The app's own file browser where the system's dialog is not available (issue 57, item 3):
//! Ctrl+O lists the folder's subfolders and games, a folder is entered with a click and left
//! with Up, a name typed there and Enter open the game; a path that is not there is an error
//! that names it once and leaves the field as typed.

use super::gui;

use egui_kittest::kittest::Queryable;
use gui::Gui;
use kriegspiel::app::Screen;

#[test]
fn open_browses_into_a_folder_and_enter_opens_the_game_typed() {
    let mut h = Gui::builder().build();
    let club = h.dir().join("club games");
    std::fs::create_dir(&club).expect("a folder");
    std::fs::copy("saves/sample-berkeley.ron", club.join("final.ron")).expect("copied");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::O);
    h.run();
    assert!(
        h.query_by_label("File path").is_some(),
        "the app's own browser"
    );
    // The folder's subfolder, entered with a click; Up goes back.
    h.click("club games/");
    assert!(h.query_by_label("final.ron").is_some(), "the game in it");
    h.click("Up");
    assert!(h.query_by_label("club games/").is_some());
    h.click("club games/");
    // A name that is not there: an error naming it once, the field kept.
    h.type_into("File path", "missing.ron");
    h.press(egui::Key::Enter);
    let texts = h.all_text();
    let error = texts
        .iter()
        .find(|t| t.ends_with(": no such file"))
        .unwrap_or_else(|| panic!("no error: {texts:?}"));
    assert_eq!(error.matches("missing.ron").count(), 1, "{error}");
    assert!(
        texts.iter().any(|t| t == "missing.ron"),
        "the field kept: {texts:?}"
    );
    // The name typed whole, and Enter opens it.
    h.click("File path");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.key_press(egui::Key::Backspace);
    h.run();
    h.type_into("File path", "final.ron");
    h.press(egui::Key::Enter);
    h.run();
    assert!(h.query_by_label("File path").is_none(), "closed");
    assert!(
        !matches!(h.state().screen, Screen::Start),
        "the game opened: {:?}",
        h.state().notice
    );
}
