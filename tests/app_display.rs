//! The players' display of a club table (issue 15 item 11): a second window that shows whose
//! turn it is and the announcements both players heard, never what one player alone heard and
//! never a board.
#![cfg(feature = "gui")]

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use kriegspiel::app::play::{PlayMode, PlayScreen};
use kriegspiel::app::settings::Settings;
use kriegspiel::app::{KriegspielApp, Screen, StartOptions};
use kriegspiel::rules::AnyRule;
use kriegspiel::save::Meta;
use kriegspiel::session::GameSession;
use kriegspiel::{Preset, RuleSet};

fn club(name: &str) -> Harness<'static, KriegspielApp> {
    let dir =
        std::env::temp_dir().join(format!("kriegspiel-display-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let options = StartOptions {
        saves_dir: Some(dir.clone()),
        ..StartOptions::default()
    };
    let mut app = KriegspielApp::new(options, Settings::default(), false);
    // Berkeley's secret "Any?": the question and its answer are the asker's alone.
    let rules = RuleSet {
        any: AnyRule::Secret,
        ..Preset::Berkeley.rules()
    };
    let setup =
        kriegspiel::setup::parse_fen("r5k1/5ppp/2q5/3p4/4P3/8/5PPP/R5K1 w - - 0 1").expect("fen");
    let session = GameSession::new(rules, setup, Meta::default(), None, Some(dir.join("g.ron")))
        .expect("starts");
    app.screen = Screen::Play(Box::new(PlayScreen::new(session, PlayMode::Referee)));
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_context_setup(egui_extras::install_image_loaders)
        .build_ui_state(|ui, app: &mut KriegspielApp| app.show(ui), app);
    h.run();
    h
}

fn console(h: &mut Harness<'_, KriegspielApp>, line: &str) {
    h.get_by_label("Type a move").click();
    h.run();
    h.get_by_label("Type a move").type_text(line);
    h.key_press(egui::Key::Enter);
    h.run();
}

fn lines(h: &Harness<'_, KriegspielApp>) -> Vec<String> {
    let Screen::Play(p) = &h.state().screen else {
        panic!("not playing")
    };
    p.display.lines.clone()
}

#[test]
fn the_players_display_shows_public_facts_only() {
    let mut h = club("public");
    assert!(lines(&h).is_empty(), "closed until the referee opens it");
    h.get_by_label("Players' display").click();
    h.run();
    assert!(
        h.query_by_label("Close display").is_some(),
        "the display is shown"
    );
    assert_eq!(lines(&h).first().map(String::as_str), Some("White to move"));
    console(&mut h, "any");
    console(&mut h, "e4d5");
    let shown = lines(&h);
    assert_eq!(shown[0], "Black to move");
    let text = shown.join("\n");
    assert!(text.contains("d5"), "the public capture is shown: {text}");
    assert!(
        !text.contains("Any"),
        "the secret question is not shown: {text}"
    );
    assert!(!text.contains("Try"), "nor its answer: {text}");
    assert!(!text.contains("e4d5"), "nor the mover's own words: {text}");
    // No square of any board is drawn in the display: every square button belongs to the three
    // boards of the main screen.
    let squares = h.query_all_by_label("Referee e4").count();
    assert_eq!(squares, 1, "only the referee's own board has squares");
    h.get_by_label("Close display").click();
    h.run();
    assert!(h.query_by_label("Close display").is_none());
}

/// Every label and value in the accessibility tree containing `part`.
fn texts(h: &Harness<'_, KriegspielApp>, part: &str) -> Vec<String> {
    use egui_kittest::kittest::{By, NodeT};
    h.root()
        .query_all(By::new())
        .flat_map(|n| {
            let node = n.accesskit_node();
            [node.label(), node.value()]
                .into_iter()
                .flatten()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
        })
        .filter(|t| t.contains(part))
        .collect()
}

/// The logs write moves in SAN (issue 15 item 17): the referee's log the real move, the player's
/// log its own move from its own board (no check mark); a refused attempt stays from-to.
#[test]
fn the_logs_write_moves_in_san() {
    let mut h = club("san");
    console(&mut h, "a1a8");
    console(&mut h, "g1f1"); // Black has no piece there: refused, written from-to
    assert!(
        texts(&h, "a1a8").is_empty(),
        "a legal move is never written from-to"
    );
    assert!(
        !texts(&h, "1. Rxa8+: To both").is_empty(),
        "the referee's log: {:?}",
        texts(&h, "Rxa8")
    );
    assert!(
        !texts(&h, "1. you: Rxa8: ").is_empty(),
        "White's own log: {:?}",
        texts(&h, "Rxa8")
    );
    assert!(
        !texts(&h, "1... you: g1f1: ").is_empty(),
        "a refused attempt stays from-to"
    );
}
