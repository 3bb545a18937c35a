//! The first screen (issue 57 item 7): every way to use the program is a card in view at
//! 1280x800 and 1920x1080, the club card opens the dialog in club mode, and the New game dialog
//! fits 1280x800 in columns with nothing to scroll. With `KRIEGSPIEL_SHOTS` set it writes the
//! screenshots of `assets/screenshots/`.

use super::gui;

use egui_kittest::kittest::{By, NodeT, Queryable};
use gui::Gui;
use kriegspiel::app::newgame::NewMode;

/// The cards' buttons and the buttons on the cards, by label.
const CHOICES: [&str; 14] = [
    "New game",
    "Play the computer…",
    "Club game with a referee",
    "Host a game…",
    "Join a game…",
    "Library…",
    "Open game…",
    "Study a saved game…",
    "Kriegspiel problems…",
    "Tsuitate hot-seat",
    "Tsuitate club console",
    "Play White (the computer defends)",
    "Play Black (the computer mates)",
    "How to play",
];

/// The window's rectangle.
fn window(w: f32, h: f32) -> egui::Rect {
    egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(w, h))
}

#[test]
fn every_way_to_play_is_a_card_in_view() {
    for (w, h) in [(1280.0, 800.0), (1920.0, 1080.0)] {
        // A few saves, so that Resume and the recent games show beside the cards.
        let builder = Gui::builder().size(w, h);
        super::howto::write_saves(builder.dir(), 8);
        let mut gui = builder.build();
        gui.listed();
        for label in CHOICES {
            let rect = gui.get_by_label(label).rect();
            assert!(
                window(w, h).contains_rect(rect),
                "{label} at {rect:?} is out of the {w}x{h} window"
            );
        }
        // The cards do not overlap.
        let cards: Vec<egui::Rect> = ["New game", "Play the computer…", "Club game with a referee"]
            .map(|l| gui.get_by_label(l).rect())
            .to_vec();
        assert!(!cards[0].intersects(cards[1]) && !cards[1].intersects(cards[2]));
        assert!(gui.query_by_label("Resume").is_some());
        let resume = gui
            .root()
            .query_all(By::new())
            .find(|n| {
                n.accesskit_node()
                    .label()
                    .is_some_and(|l| l.starts_with("Resume unfinished game"))
            })
            .expect("the Resume button")
            .rect();
        assert!(window(w, h).contains_rect(resume), "{resume:?}");
        assert!(
            resume.min.x > cards[2].max.x,
            "Resume is beside the cards: {resume:?}"
        );
        gui::shot(&mut gui, &format!("start-{w}x{h}"));
    }
}

#[test]
fn the_club_card_opens_the_dialog_for_a_club_game() {
    let mut gui = Gui::builder().build();
    gui.click("Club game with a referee");
    assert_eq!(gui.new_game().mode, NewMode::Referee);
}

#[test]
fn the_new_game_dialog_fits_1280_by_800_without_scrolling() {
    for (w, h) in [(1280.0, 800.0), (1920.0, 1080.0)] {
        let mut gui = Gui::builder().size(w, h).build();
        gui.click("New game");
        gui.run();
        gui::shot(&mut gui, &format!("newgame-{w}x{h}"));
        // Against the computer the first column is longest (every level, the side).
        gui.click("Play the computer");
        gui.run();
        for label in ["Start game", "FEN", "Round number", "Arbiter's note text"] {
            let rect = gui.get_by_label(label).rect();
            assert!(
                window(w, h).contains_rect(rect),
                "{label} at {rect:?} is out of the {w}x{h} window"
            );
        }
    }
}
