//! The About window (issue 31, item 7): opened from the menu bar on any screen, it names this
//! build's version, the licence and where the rules come from, and closes again; the window
//! icon the app gives the desktop decodes, and its app id names the desktop entry.

use super::gui;

use egui_kittest::kittest::Queryable;
use gui::{Gui, STANDARD, fen};
use kriegspiel::Preset;
use kriegspiel::app::about::{APP_ID, LICENCE, TITLE, VERSION, window_icon};

#[test]
fn about_opens_from_the_menu_with_the_version_and_the_licence() {
    let mut h = Gui::builder().build();
    assert!(h.query_by_label(TITLE).is_none(), "closed at start");
    h.click("About");
    assert!(h.state().show_about);
    let text = h.all_text().join("\n");
    assert_eq!(VERSION, env!("CARGO_PKG_VERSION"));
    assert!(text.contains(&format!("Version {VERSION}")), "{text}");
    assert_eq!(LICENCE, "GPL-3.0-or-later");
    assert!(text.contains("Licence: GPL-3.0-or-later"), "{text}");
    assert!(
        text.contains("RULES.md") && text.contains("Berkeley rules"),
        "{text}"
    );
    h.click("Close About");
    assert!(!h.state().show_about);
    assert!(h.query_by_label(TITLE).is_none(), "closed again");
}

#[test]
fn about_opens_over_a_game_and_the_game_stays() {
    let mut h = Gui::builder()
        .game(Preset::Berkeley.rules(), fen(STANDARD))
        .build();
    h.click("About");
    assert!(h.query_by_label(TITLE).is_some());
    assert!(h.playing());
    // The menu's button closes it too.
    h.click("About");
    assert!(!h.state().show_about);
    assert!(h.playing());
}

#[test]
fn the_window_icon_is_the_desktop_icon_decoded() {
    let icon = window_icon().expect("the embedded PNG decodes");
    assert_eq!((icon.width, icon.height), (256, 256));
    assert_eq!(icon.rgba.len(), 256 * 256 * 4);
    // Not blank: the icon has opaque pixels of more than one colour.
    let opaque: Vec<&[u8]> = icon.rgba.chunks(4).filter(|p| p[3] == 255).collect();
    assert!(opaque.len() > 256 * 256 / 2);
    assert!(opaque.iter().any(|p| *p != opaque[0]));
    // The window's app id names the desktop entry (so the desktop shows the entry's icon too).
    let entry = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/desktop")
        .join(format!("{APP_ID}.desktop"));
    assert!(entry.is_file(), "{}", entry.display());
}
