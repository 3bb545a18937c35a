//! Study's "Export picture…" (issue 34 item 4): the board of the perspective shown, as drawn,
//! written as SVG or PNG; a player's picture holds only that player's board.

use super::gui;

use gui::{Gui, sample};
use kriegspiel::app::play::Place;
use kriegspiel::replay::Perspective;
use shakmaty::Color;

/// Exports the picture of the board shown to `name` in the app's folder, through the in-app
/// file chooser; returns the file's bytes.
fn export(h: &mut Gui, name: &str) -> Vec<u8> {
    export_by(h, "Export picture…", name)
}

/// [`export`] by the button labelled `button`.
pub fn export_by(h: &mut Gui, button: &str, name: &str) -> Vec<u8> {
    h.click(button);
    let path = h.dir().join(name);
    // The chooser offers a name of its own in the folder: replaced by ours.
    h.click("File path");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.key_press(egui::Key::Backspace);
    h.run();
    h.type_into("File path", &path.display().to_string());
    h.click("Save");
    std::fs::read(&path).expect("the picture is written")
}

#[test]
fn study_exports_the_board_shown_as_svg_and_png() {
    let mut h = Gui::builder().study(sample("sample-wild16.ron")).build();
    h.study_mut().seek(60);
    h.study_mut().perspective = Perspective::White;
    h.run();
    let svg = String::from_utf8(export(&mut h, "white.svg")).expect("text");
    assert!(svg.contains("<title>White's board</title>"), "{svg}");
    // Exactly the pieces drawn on White's board, and no black piece drawn solid.
    let drawn = h
        .study()
        .drawn
        .iter()
        .find(|d| d.place == Place::Player(Color::White))
        .expect("White's board is drawn")
        .clone();
    let pieces = svg.matches("<use class=\"piece\"").count();
    assert_eq!(pieces, drawn.pieces.len());
    for (sq, piece) in &drawn.pieces {
        let named = format!("data-square=\"{sq}\" data-piece=\"{}\"", piece.char());
        assert!(svg.contains(&named), "{named}");
    }
    assert!(!svg.contains("<use class=\"piece\" data-square=\"e8\" data-piece=\"k\""));
    for line in svg
        .lines()
        .filter(|l| l.starts_with("<use class=\"piece\""))
    {
        let letter = line
            .split("data-piece=\"")
            .nth(1)
            .and_then(|r| r.chars().next());
        assert!(letter.is_some_and(|l| l.is_ascii_uppercase()), "{line}");
    }
    let png = export(&mut h, "white.png");
    let pixmap = resvg::tiny_skia::Pixmap::decode_png(&png).expect("a valid PNG");
    assert_eq!((pixmap.width(), pixmap.height()), (640, 640));
}
