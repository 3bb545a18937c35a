//! Handicap games in the app (issue 16, RULES.md 5.2): the sighted player's board shows the whole
//! true position; the blind player's board only its own pieces.
#![cfg(feature = "gui")]

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use kriegspiel::app::play::{Place, PlayMode, PlayScreen};
use kriegspiel::app::settings::Settings;
use kriegspiel::app::{KriegspielApp, Screen, StartOptions};
use kriegspiel::rules::{Handicap, Sighted, Wing};
use kriegspiel::save::Meta;
use kriegspiel::session::GameSession;
use kriegspiel::{Preset, RuleSet};
use shakmaty::Color;

fn handicap_app(name: &str) -> KriegspielApp {
    let rules = RuleSet {
        sighted: Sighted::White,
        handicap: Handicap::PicklePot,
        bishop: Some(Wing::F),
        ..Preset::Wild16.rules()
    };
    app_with(name, rules)
}

fn app_with(name: &str, rules: RuleSet) -> KriegspielApp {
    let dir = std::env::temp_dir().join(format!("kriegspiel-app-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let options = StartOptions {
        saves_dir: Some(dir.clone()),
        ..StartOptions::default()
    };
    let mut app = KriegspielApp::new(options, Settings::default(), false);
    let start = kriegspiel::referee::handicap::start_position(&rules).expect("a handicap army");
    let session = GameSession::new(rules, start, Meta::default(), None, Some(dir.join("g.ron")))
        .expect("starts");
    app.screen = Screen::Play(Box::new(PlayScreen::new(session, PlayMode::HotSeat)));
    app
}

fn pieces_drawn(h: &Harness<'_, KriegspielApp>, color: Color) -> Vec<shakmaty::Piece> {
    let Screen::Play(p) = &h.state().screen else {
        panic!("not playing")
    };
    p.drawn
        .iter()
        .filter(|d| d.place == Place::Player(color))
        .flat_map(|d| d.pieces.iter().map(|(_, piece)| *piece))
        .collect()
}

fn harness(app: KriegspielApp) -> Harness<'static, KriegspielApp> {
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_context_setup(egui_extras::install_image_loaders)
        .build_ui_state(|ui, app: &mut KriegspielApp| app.show(ui), app);
    h.run();
    h
}

/// Semi-Kriegspiel with Black sighted: the curtain passes the board to Black first, for the
/// placement (White never chooses, and so never learns, Black's squares); once Black has placed,
/// the curtain comes down and White, to move, gets its board without Black's king and queen.
#[test]
fn a_sighted_second_mover_places_first_at_a_hot_seat_board() {
    let rules = RuleSet {
        sighted: Sighted::Black,
        handicap: Handicap::Semi,
        ..Preset::Wild16.rules()
    };
    let mut h = harness(app_with("semi-black", rules));
    assert!(
        h.query_by_label("Open White's board").is_none(),
        "White does not get the board before Black has placed"
    );
    h.get_by_label("Open Black's board").click();
    h.run();
    h.get_by_label("Type a move").click();
    h.run();
    h.get_by_label("Type a move").type_text("place g8 d5");
    h.key_press(egui::Key::Enter);
    h.run();
    {
        let Screen::Play(p) = &h.state().screen else {
            panic!("not playing")
        };
        let game = p.session.truth().expect("a local table");
        assert_eq!(game.log().events.len(), 1, "the placement was taken");
        assert!(pieces_drawn(&h, Color::Black).is_empty(), "curtain is down");
    }
    h.get_by_label("Open White's board").click();
    h.run();
    let white = pieces_drawn(&h, Color::White);
    assert!(!white.is_empty());
    assert!(
        white.iter().all(|p| p.color == Color::White),
        "blind White is not shown where Black placed"
    );
    h.get_by_label("Type a move").click();
    h.run();
    h.get_by_label("Type a move").type_text("e2e4");
    h.key_press(egui::Key::Enter);
    h.run();
    let Screen::Play(p) = &h.state().screen else {
        panic!("not playing")
    };
    let game = p.session.truth().expect("a local table");
    assert_eq!(
        game.log().events.len(),
        2,
        "White moved after the placement"
    );
}

/// Semi-Kriegspiel with Black sighted: White, at its board, cannot type Black's placement.
#[test]
fn only_the_sighted_player_places_at_a_hot_seat_board() {
    let rules = RuleSet {
        sighted: Sighted::Black,
        handicap: Handicap::Semi,
        ..Preset::Wild16.rules()
    };
    let mut h = harness(app_with("semi-black-2", rules));
    h.get_by_label("Open Black's board").click();
    h.run();
    h.get_by_label("Type a move").click();
    h.run();
    h.get_by_label("Type a move").type_text("place g8 d5");
    h.key_press(egui::Key::Enter);
    h.run();
    h.get_by_label("Open White's board").click();
    h.run();
    h.get_by_label("Type a move").click();
    h.run();
    h.get_by_label("Type a move").type_text("place h8 h7");
    h.key_press(egui::Key::Enter);
    h.run();
    let Screen::Play(p) = &h.state().screen else {
        panic!("not playing")
    };
    let game = p.session.truth().expect("a local table");
    assert_eq!(game.log().events.len(), 1, "White placed nothing");
    assert!(
        p.message
            .as_deref()
            .is_some_and(|m| m.contains("sighted player"))
    );
}

#[test]
fn the_sighted_player_sees_everything_and_the_blind_player_only_its_own() {
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_context_setup(egui_extras::install_image_loaders)
        .build_ui_state(
            |ui, app: &mut KriegspielApp| app.show(ui),
            handicap_app("sighted"),
        );
    h.run();
    h.get_by_label("Open White's board").click();
    h.run();
    let white = pieces_drawn(&h, Color::White);
    assert!(
        white.iter().any(|p| p.color == Color::Black),
        "sighted White sees Black's army"
    );
    assert_eq!(
        white.len(),
        11 + 16,
        "Pickle-pot (11 units) against the full army"
    );
    // White moves; then Black (blind) opens its board.
    h.get_by_label("Type a move").click();
    h.run();
    h.get_by_label("Type a move").type_text("e2e4");
    h.key_press(egui::Key::Enter);
    h.run();
    h.get_by_label("Open Black's board").click();
    h.run();
    let black = pieces_drawn(&h, Color::Black);
    assert!(!black.is_empty());
    assert!(
        black.iter().all(|p| p.color == Color::Black),
        "blind Black sees only its own"
    );
}

/// Practice against a sighted computer (Semi-Kriegspiel, Black sighted): the computer places its
/// king and queen before the person's first move, and the person's board never shows them.
#[test]
fn a_sighted_computer_places_before_the_person_plays() {
    let rules = RuleSet {
        sighted: Sighted::Black,
        handicap: Handicap::Semi,
        ..Preset::Wild16.rules()
    };
    let dir = std::env::temp_dir().join(format!("kriegspiel-app-semi-bot-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let options = StartOptions {
        saves_dir: Some(dir.clone()),
        ..StartOptions::default()
    };
    let mut app = KriegspielApp::new(options, Settings::default(), false);
    let start = kriegspiel::referee::handicap::start_position(&rules).expect("a handicap army");
    let meta = Meta {
        computer: Some(kriegspiel::save::Computer {
            plays: Color::Black,
            bot: kriegspiel::bots::BotKind::Random,
        }),
        ..Meta::default()
    };
    let session =
        GameSession::new(rules, start, meta, None, Some(dir.join("g.ron"))).expect("starts");
    app.screen = Screen::Play(Box::new(PlayScreen::new(
        session,
        PlayMode::Practice(Color::White),
    )));
    let mut h = harness(app);
    {
        let Screen::Play(p) = &h.state().screen else {
            panic!("not playing")
        };
        let game = p.session.truth().expect("a local table");
        assert_eq!(game.log().events.len(), 1, "the computer placed");
        assert!(game.referee().true_board().king_of(Color::Black).is_some());
        assert_eq!(p.session.to_act(), Color::White);
    }
    let white = pieces_drawn(&h, Color::White);
    assert!(!white.is_empty() && white.iter().all(|p| p.color == Color::White));
    h.get_by_label("Type a move").click();
    h.run();
    h.get_by_label("Type a move").type_text("e2e4");
    h.key_press(egui::Key::Enter);
    h.run();
    let Screen::Play(p) = &h.state().screen else {
        panic!("not playing")
    };
    let game = p.session.truth().expect("a local table");
    assert!(game.log().events.len() >= 2, "the person moved");
}
