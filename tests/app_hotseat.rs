//! The desktop app in hot-seat play, driven through AccessKit like a person would: a short game
//! with a refused attempt, a capture, a promotion and a checkmate. Whenever the curtain is up no
//! board is drawn and no label or text shows a piece or a private announcement; a player's board
//! never shows an opponent's piece before the reveal.
#![cfg(feature = "gui")]

use egui_kittest::Harness;
use egui_kittest::kittest::{By, NodeT, Queryable};
use kriegspiel::Preset;
use kriegspiel::app::play::{Curtain, Place, PlayMode, PlayScreen};
use kriegspiel::app::settings::Settings;
use kriegspiel::app::{KriegspielApp, Screen, StartOptions};
use kriegspiel::save::Meta;
use kriegspiel::session::GameSession;
use shakmaty::Color;

/// The game: 1. Rxa4 (after a refused Ra8) d4 2. b8=Q mate.
const START: &str = "6k1/1P3ppp/8/3p4/n7/8/8/R5K1 w - - 0 1";

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("kriegspiel-app-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn app_with_game(fen: &str, name: &str) -> KriegspielApp {
    let dir = temp_dir(name);
    let options = StartOptions {
        saves_dir: Some(dir.clone()),
        ..StartOptions::default()
    };
    let mut app = KriegspielApp::new(options, Settings::default(), false);
    let setup = fen.parse::<shakmaty::fen::Fen>().expect("fen").into_setup();
    let session = GameSession::new(
        Preset::Wild16.rules(),
        setup,
        Meta {
            white: "Ann".into(),
            black: "Bob".into(),
            ..Meta::default()
        },
        None,
        Some(dir.join("game.ron")),
    )
    .expect("valid start");
    app.screen = Screen::Play(Box::new(PlayScreen::new(session, PlayMode::HotSeat)));
    app
}

fn harness(app: KriegspielApp) -> Harness<'static, KriegspielApp> {
    Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_context_setup(egui_extras::install_image_loaders)
        .build_ui_state(|ui, app: &mut KriegspielApp| app.show(ui), app)
}

fn play<'h>(h: &'h Harness<'_, KriegspielApp>) -> &'h PlayScreen {
    match &h.state().screen {
        Screen::Play(p) => p,
        _ => panic!("not on the game screen"),
    }
}

/// Every label and value in the accessibility tree.
fn all_text(h: &Harness<'_, KriegspielApp>) -> Vec<String> {
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
        .collect()
}

/// While the curtain is up: nothing drawn on any board, no square labels, no private words.
fn assert_curtain_hides_everything(h: &Harness<'_, KriegspielApp>, private: &[&str]) {
    let p = play(h);
    assert!(p.curtain_up(), "the curtain should be up");
    assert!(
        p.drawn.is_empty(),
        "a board was drawn under the curtain: {:?}",
        p.drawn
    );
    let text = all_text(h);
    for t in &text {
        for square_prefix in ["White a", "Black a", "Referee a", "White e", "Black e"] {
            assert!(
                !(t.starts_with(square_prefix) && t.len() == square_prefix.len() + 1),
                "a square label is exposed under the curtain: {t}"
            );
        }
        for p in private {
            assert!(
                !t.contains(p),
                "private text {p:?} visible under the curtain: {t}"
            );
        }
        for color in ["white", "black", "White", "Black"] {
            for piece in ["king", "queen", "rook", "bishop", "knight", "pawn "] {
                let placed = format!("{color} {piece}");
                assert!(
                    !t.contains(&placed),
                    "a piece is named under the curtain: {t}"
                );
            }
        }
    }
}

/// A player's board shows only its own pieces (and its own markers) before the reveal.
fn assert_only_own_pieces(h: &Harness<'_, KriegspielApp>) {
    let p = play(h);
    if p.revealed() {
        return;
    }
    for d in &p.drawn {
        if let Place::Player(c) = d.place {
            assert!(
                d.pieces.iter().all(|(_, piece)| piece.color == c),
                "{c:?}'s board shows an enemy piece: {:?}",
                d.pieces
            );
            assert!(d.markers.iter().all(|(_, piece)| piece.color != c));
        } else {
            panic!("the referee's board is drawn in hot-seat play before the reveal");
        }
        assert!(p.may_see(d.place));
    }
}

fn click(h: &mut Harness<'_, KriegspielApp>, label: &str) {
    h.get_by_label(label).click();
    h.run();
    assert_only_own_pieces(h);
}

#[test]
fn a_short_hot_seat_game_never_leaks() {
    let mut h = harness(app_with_game(START, "game"));
    h.run();
    // The game starts on the curtain.
    assert_curtain_hides_everything(&h, &[]);
    assert!(all_text(&h).iter().any(|t| t == "Open White's board"));

    click(&mut h, "Open White's board");
    assert_eq!(play(&h).curtain, Curtain::Open(Color::White));
    assert!(
        play(&h)
            .drawn
            .iter()
            .any(|d| d.place == Place::Player(Color::White))
    );

    // A refused attempt: the rook cannot pass the hidden knight.
    click(&mut h, "White a1");
    click(&mut h, "White a8");
    assert_eq!(play(&h).message.as_deref(), Some("a1a8: No."));
    assert_eq!(play(&h).session.to_move(), Color::White);

    // A capture: the curtain comes down at once.
    click(&mut h, "White a1");
    click(&mut h, "White a4");
    assert_curtain_hides_everything(&h, &["a1a8", "No.", "a1a4"]);
    assert!(
        all_text(&h)
            .iter()
            .any(|t| t.contains("Piece at a4 captured")),
        "public announcement on the curtain"
    );

    click(&mut h, "Open Black's board");
    let black = play(&h)
        .drawn
        .iter()
        .find(|d| d.place == Place::Player(Color::Black))
        .expect("drawn")
        .clone();
    assert!(black.pieces.iter().all(|(_, p)| p.color == Color::Black));
    assert!(
        !black
            .pieces
            .iter()
            .any(|(sq, _)| *sq == shakmaty::Square::A4),
        "the captured knight is gone"
    );
    assert!(
        all_text(&h)
            .iter()
            .any(|t| t.contains("Since your last turn: White moved. Piece at a4 captured."))
    );

    // Black places a marker for the rook it guesses on a4 (right-click cycles).
    h.get_by_label("Black a4").click_secondary();
    h.run();
    h.get_by_label("Black a4").click_secondary();
    h.run();
    assert_eq!(
        play(&h)
            .session
            .markers()
            .current(Color::Black)
            .get(&shakmaty::Square::A4),
        Some(&shakmaty::Role::Knight)
    );
    assert_only_own_pieces(&h);

    click(&mut h, "Black d5");
    click(&mut h, "Black d4");
    assert_curtain_hides_everything(&h, &["d5d4"]);

    click(&mut h, "Open White's board");
    // White's board never shows Black's marker.
    let white = play(&h)
        .drawn
        .iter()
        .find(|d| d.place == Place::Player(Color::White))
        .expect("drawn")
        .clone();
    assert!(white.markers.is_empty());

    // Promotion with mate.
    click(&mut h, "White b7");
    click(&mut h, "White b8");
    click(&mut h, "Promote to queen");
    let p = play(&h);
    assert!(p.revealed());
    let over = p.session.over().expect("over");
    assert_eq!(over.reason, kriegspiel::announce::EndReason::Checkmate);
    // The reveal: all three boards.
    assert_eq!(p.drawn.len(), 3);
    let referee = p
        .drawn
        .iter()
        .find(|d| d.place == Place::Referee)
        .expect("referee board");
    assert!(
        referee
            .pieces
            .iter()
            .any(|(_, piece)| piece.color == Color::Black)
    );
    assert!(all_text(&h).iter().any(|t| t.contains("Save game as")));
    // The autosave holds the finished game.
    let saved = p.session.autosave_path().expect("autosave").to_path_buf();
    let loaded = kriegspiel::save::load_file(&saved).expect("autosave loads");
    assert!(loaded.saved.result.is_some());
}

#[test]
fn typed_moves_are_resolved_on_the_players_own_board() {
    let mut h = harness(app_with_game(START, "typed"));
    h.run();
    click(&mut h, "Open White's board");
    let field = h.get_by_label("Type a move");
    field.focus();
    field.type_text("Ra8");
    h.run();
    h.get_by_label("Play typed move").click();
    h.run();
    assert_eq!(play(&h).message.as_deref(), Some("a1a8: No."));
    let field = h.get_by_label("Type a move");
    field.focus();
    field.type_text("Nf3");
    h.run();
    h.get_by_label("Play typed move").click();
    h.run();
    assert_eq!(
        play(&h).message.as_deref(),
        Some("none of your pieces can play Nf3")
    );
    // The unusable text stays in the field for editing; clear it and type again.
    h.get_by_label("Type a move").focus();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.key_press(egui::Key::Backspace);
    h.run();
    let field = h.get_by_label("Type a move");
    field.type_text("Rxa4");
    h.run();
    h.get_by_label("Play typed move").click();
    h.run();
    assert!(play(&h).curtain_up(), "Rxa4 was played");
}

#[test]
fn loading_a_save_lands_on_the_curtain() {
    let dir = temp_dir("load");
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/save-format-1.ron");
    let text = std::fs::read_to_string(&path).expect("fixture");
    // An unfinished game: cut the finished sample short.
    let mut saved = kriegspiel::save::load_str(&text).expect("loads").saved;
    saved.log.events.truncate(10);
    saved.result = None;
    let file = dir.join("unfinished.ron");
    saved.write(&file).expect("write");
    let options = StartOptions {
        file: Some(file),
        saves_dir: Some(dir),
        ..StartOptions::default()
    };
    let mut h = harness(KriegspielApp::new(options, Settings::default(), false));
    h.run();
    assert_curtain_hides_everything(&h, &[]);
}

fn app_with_rules(rules: kriegspiel::RuleSet, fen: &str, name: &str, clock: bool) -> KriegspielApp {
    let dir = temp_dir(name);
    let options = StartOptions {
        saves_dir: Some(dir.clone()),
        ..StartOptions::default()
    };
    let mut app = KriegspielApp::new(options, Settings::default(), false);
    let setup = fen.parse::<shakmaty::fen::Fen>().expect("fen").into_setup();
    let tc = clock.then(|| kriegspiel::clock::TimeControl::minutes_plus_seconds(15, 10));
    let session = GameSession::new(
        rules,
        setup,
        Meta::default(),
        tc,
        Some(dir.join("game.ron")),
    )
    .expect("valid start");
    app.screen = Screen::Play(Box::new(PlayScreen::new(session, PlayMode::HotSeat)));
    app
}

const STANDARD: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn rbc_hot_seat_senses_then_moves_and_shows_only_the_own_clock() {
    let mut h = harness(app_with_rules(Preset::Rbc.rules(), STANDARD, "rbc", true));
    h.run();
    assert_curtain_hides_everything(&h, &[]);
    // Under the curtain no clock is shown in RBC.
    assert!(!all_text(&h).iter().any(|t| t.contains("15:00")));
    click(&mut h, "Open White's board");
    let text = all_text(&h);
    assert!(
        text.iter()
            .any(|t| t.starts_with("White 15:00") || t.starts_with("White 14:")),
        "own clock: {text:?}"
    );
    assert!(
        !text.iter().any(|t| t.starts_with("Black 1")),
        "the opponent's clock is hidden"
    );
    assert!(text.iter().any(|t| t == "Skip sensing"));
    // Clicking a square senses its 3x3 window.
    click(&mut h, "White e7");
    let view = play(&h)
        .session
        .truth()
        .expect("a local table")
        .log()
        .events
        .last()
        .expect("sense")
        .clone();
    assert!(matches!(
        view.request,
        kriegspiel::Request::Sense(Some(shakmaty::Square::E7))
    ));
    assert!(
        !all_text(&h).iter().any(|t| t == "Skip sensing"),
        "sensing is done for this turn"
    );
    click(&mut h, "White e2");
    click(&mut h, "White e4");
    assert_curtain_hides_everything(&h, &["Sensed", "e2e4"]);
    click(&mut h, "Open Black's board");
    click(&mut h, "Skip sensing");
    click(&mut h, "Pass");
    assert_curtain_hides_everything(&h, &["passed"]);
}

#[test]
fn modern_kriegspiel_opens_squares_before_the_curtain() {
    let mut rules = Preset::Berkeley.rules();
    rules.open_squares = 7;
    let mut h = harness(app_with_rules(rules, STANDARD, "modern", false));
    h.run();
    click(&mut h, "Open White's board");
    click(&mut h, "White e2");
    click(&mut h, "White e4");
    // The turn has passed, but White still names its squares before the curtain comes down.
    assert!(!play(&h).curtain_up());
    assert!(
        play(&h)
            .drawn
            .iter()
            .all(|d| d.place == Place::Player(Color::White))
    );
    for sq in ["a7", "b7", "c7", "d7", "e7", "f7", "g7"] {
        click(&mut h, &format!("White {sq}"));
    }
    click(&mut h, "Open these squares");
    assert_curtain_hides_everything(&h, &["Opened"]);
    let view = kriegspiel::PlayerView::build(
        play(&h).session.truth().expect("a local table").log(),
        Color::White,
    );
    assert_eq!(view.seen.len(), 7);
    assert!(
        view.seen
            .values()
            .all(|(p, _)| *p == Some(Color::Black.pawn()))
    );
}
