//! How to play and the start screen (issue 29, items 8 and 4): How to play opens from the start
//! screen, from the menu in a game (the game stays) and with F1, on the rules of the game on
//! screen; a first-launch tip points at it once; the start screen's recent games scroll in the
//! room left, and at 1000x700 no text of the start screen, the new-game dialog or How to play
//! runs past the window's edge.

use super::gui;

use egui_kittest::kittest::{By, NodeT, Queryable};
use gui::{Gui, STANDARD, fen};
use kriegspiel::Preset;
use kriegspiel::app::howto::TITLE;
use kriegspiel::app::settings::Settings;
use kriegspiel::save::Meta;

/// Settings of someone who has seen the tip.
fn tip_seen() -> Settings {
    Settings {
        seen_tip: true,
        ..Settings::default()
    }
}

/// Every node whose rectangle runs past the left or right edge of a window `width` wide.
fn too_wide(h: &Gui, width: f32) -> Vec<String> {
    h.root()
        .query_all(By::new())
        .filter_map(|n| {
            // Nodes without a rectangle (containers) draw nothing themselves.
            n.accesskit_node().bounding_box()?;
            let r = n.rect();
            let label = n.accesskit_node().label().unwrap_or_default().to_string();
            (r.min.x < -0.5 || r.max.x > width + 0.5).then(|| format!("{label:?} {r:?}"))
        })
        .collect()
}

#[test]
fn how_to_play_opens_from_the_start_screen_on_the_last_rules() {
    use kriegspiel::app::newgame::{NewGameDialog, NewMode};
    let remembered = NewGameDialog::new(Preset::Wild16, NewMode::HotSeat);
    let settings = Settings {
        new_game: Some(remembered.remember()),
        ..tip_seen()
    };
    let mut h = Gui::builder().settings(settings).build();
    assert!(h.query_by_label(TITLE).is_none());
    h.click("How to play");
    let howto = h.state().howto.as_ref().expect("How to play is open");
    assert_eq!(howto.rules, Preset::Wild16.rules(), "the last rules chosen");
    let text = h.all_text().join("\n");
    // The rules in the project's words, with the referee's own words for this rule set ...
    assert!(text.contains("The rules: ICC Wild 16"), "{text}");
    assert!(
        text.contains("\"Hell no\"") && text.contains("\"2 pawn tries\""),
        "{text}"
    );
    // ... and the controls.
    assert!(
        text.contains("Making a move") && text.contains("right click"),
        "{text}"
    );
    h.click("Close How to play");
    assert!(h.state().howto.is_none());
}

#[test]
fn in_a_game_how_to_play_explains_its_rules_and_the_game_stays() {
    let mut h = Gui::builder()
        .settings(tip_seen())
        .game(Preset::English.rules(), fen(STANDARD))
        .build();
    h.click("Open White's board");
    h.click("How to play (F1)");
    let howto = h.state().howto.as_ref().expect("open");
    assert_eq!(howto.rules, Preset::English.rules());
    assert!(h.playing(), "the game is still on screen");
    let text = h.all_text().join("\n");
    assert!(text.contains("at least one pawn capture") && text.contains("Any?"));
    // Another rule set can be read.
    h.state_mut().howto.as_mut().expect("open").rules = Preset::Rbc.rules();
    h.run();
    let text = h.all_text().join("\n");
    assert!(
        text.contains("Taking the king wins") && text.contains("sensing"),
        "{text}"
    );
    // F1 closes it (and opens it again), outside the move field.
    h.press(egui::Key::F1);
    assert!(h.state().howto.is_none());
    h.press(egui::Key::F1);
    assert!(h.state().howto.is_some());
    assert!(h.playing());
}

#[test]
fn the_first_launch_tip_shows_once_and_points_at_how_to_play() {
    let mut h = Gui::builder().build();
    assert!(h.query_by_label("Show me how to play").is_some(), "the tip");
    h.click("Dismiss tip");
    assert!(h.state().settings.seen_tip, "remembered in the settings");
    assert!(h.query_by_label("Show me how to play").is_none());
    assert!(h.state().howto.is_none());
    // The next launch, with these settings: no tip.
    let settings = h.state().settings.clone();
    let h = Gui::builder().settings(settings).build();
    assert!(h.query_by_label("Dismiss tip").is_none());
    // Following the tip opens How to play and dismisses it too.
    let mut h = Gui::builder().build();
    h.click("Show me how to play");
    assert!(h.state().howto.is_some() && h.state().settings.seen_tip);
}

/// A finished-looking save in `dir` for the recent games' list.
pub(super) fn write_saves(dir: &std::path::Path, n: usize) {
    for i in 0..n {
        let meta = Meta {
            white: format!("Player {i} with a rather long name for the list of recent games"),
            black: "Another player whose name is long too, as club players are often written"
                .into(),
            date: "2026-11-21".into(),
            ..Meta::default()
        };
        let session = kriegspiel::session::GameSession::new(
            Preset::Wild16.rules(),
            fen(STANDARD),
            meta,
            None,
            Some(dir.join(format!("game-{i:02}.ron"))),
        )
        .expect("a game");
        let text = session.saved().to_ron();
        std::fs::write(dir.join(format!("game-{i:02}.ron")), text).expect("written");
    }
}

#[test]
fn at_1000_by_700_the_recent_games_scroll_and_nothing_is_wider_than_the_window() {
    let builder = Gui::builder().size(1000.0, 700.0);
    write_saves(builder.dir(), 25);
    let mut h = builder.build();
    h.listed();
    // With the tip: the start screen at its fullest.
    assert!(h.query_by_label("Dismiss tip").is_some());
    let wide = too_wide(&h, 1000.0);
    assert!(wide.is_empty(), "start screen: {wide:#?}");
    // The list scrolls: its first entry is in view, its last one is not (yet).
    let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1000.0, 700.0));
    let entries: Vec<egui::Rect> = h
        .root()
        .query_all(By::new())
        .filter(|n| {
            let node = n.accesskit_node();
            node.bounding_box().is_some()
                && node.label().is_some_and(|l| l.contains("rather long name"))
        })
        .map(|n| n.rect())
        .collect();
    assert!(entries.len() >= 25, "{} entries", entries.len());
    assert!(window.contains_rect(entries[0]), "the first is in view");
    let bottom = entries.iter().map(|r| r.max.y).fold(0.0, f32::max);
    assert!(
        bottom > 700.0,
        "the list is longer than the window and scrolls"
    );
    // How to play at the same size.
    h.click("How to play");
    let wide = too_wide(&h, 1000.0);
    assert!(wide.is_empty(), "How to play: {wide:#?}");
    // The new-game dialog.
    h.click("Close How to play");
    h.click("New game");
    let wide = too_wide(&h, 1000.0);
    assert!(wide.is_empty(), "new game: {wide:#?}");
}

/// Escape closes How to play, About and Settings, the top one first, one a press (issue 57,
/// item 4); with none open it is the screen's again.
#[test]
fn escape_closes_the_windows_one_at_a_time() {
    let mut h = Gui::builder().settings(tip_seen()).build();
    let settings_open = |h: &Gui| h.query_by_label("Show coordinates").is_some();
    h.click("How to play");
    assert!(h.state().howto.is_some());
    h.press(egui::Key::Escape);
    assert!(h.state().howto.is_none(), "Escape closes How to play");
    h.click("About");
    assert!(h.state().show_about);
    h.press(egui::Key::Escape);
    assert!(!h.state().show_about, "Escape closes About");
    h.click("Settings");
    assert!(settings_open(&h));
    h.press(egui::Key::Escape);
    assert!(!settings_open(&h), "Escape closes Settings");
    // All three open: How to play goes first, then About, then Settings.
    h.click("Settings");
    h.click("About");
    h.press(egui::Key::F1);
    assert!(h.state().howto.is_some() && h.state().show_about && settings_open(&h));
    h.press(egui::Key::Escape);
    assert!(h.state().howto.is_none() && h.state().show_about && settings_open(&h));
    h.press(egui::Key::Escape);
    assert!(!h.state().show_about && settings_open(&h));
    h.press(egui::Key::Escape);
    assert!(!settings_open(&h));
    h.press(egui::Key::Escape);
    assert!(h.state().howto.is_none() && !h.state().show_about);
}
