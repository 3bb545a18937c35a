//! Move entry and the player's board, driven through AccessKit and the keyboard like a person
//! would (issue 15): SAN as players write it, resolved on the own board only and sent to the
//! referee even where it may be impossible; promotion without a letter; the move field keeps
//! the focus and its keystrokes never trigger shortcuts; markers that can be erased and never
//! take a click meant for a move; dots that follow "Any?"; knight-check shading; Space or Enter
//! opens the curtain; study counts every key press.
#![cfg(feature = "gui")]

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use kriegspiel::app::board::Highlight;
use kriegspiel::app::play::{Curtain, Drawn, Place, PlayMode, PlayScreen, Typed, resolve_typed};
use kriegspiel::app::settings::Settings;
use kriegspiel::app::study::StudyScreen;
use kriegspiel::app::{KriegspielApp, Screen, StartOptions};
use kriegspiel::save::Meta;
use kriegspiel::session::GameSession;
use kriegspiel::{Attempt, Game, PlayerView, Preset, Request, RuleSet};
use shakmaty::{Color, Role, Square};

const STANDARD: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("kriegspiel-entry-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// A hot-seat game from `fen` under `rules`, on the curtain.
fn hot_seat(rules: RuleSet, fen: &str, name: &str) -> Harness<'static, KriegspielApp> {
    let dir = temp_dir(name);
    let options = StartOptions {
        saves_dir: Some(dir.clone()),
        ..StartOptions::default()
    };
    let mut app = KriegspielApp::new(options, Settings::default(), false);
    let setup = fen.parse::<shakmaty::fen::Fen>().expect("fen").into_setup();
    let path = dir.join("game.ron");
    let session =
        GameSession::new(rules, setup, Meta::default(), None, Some(path)).expect("valid start");
    app.screen = Screen::Play(Box::new(PlayScreen::new(session, PlayMode::HotSeat)));
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_context_setup(egui_extras::install_image_loaders)
        .build_ui_state(|ui, app: &mut KriegspielApp| app.show(ui), app);
    h.run();
    h
}

fn play<'h>(h: &'h Harness<'_, KriegspielApp>) -> &'h PlayScreen {
    match &h.state().screen {
        Screen::Play(p) => p,
        _ => panic!("not on the game screen"),
    }
}

fn click(h: &mut Harness<'_, KriegspielApp>, label: &str) {
    h.get_by_label(label).click();
    h.run();
}

/// Types text into whatever has the keyboard focus (as a keyboard would).
fn type_text(h: &mut Harness<'_, KriegspielApp>, text: &str) {
    h.event(egui::Event::Text(text.to_owned()));
    h.run();
}

fn press(h: &mut Harness<'_, KriegspielApp>, key: egui::Key) {
    h.key_press(key);
    h.run();
}

/// Focuses the move field, types `line` and presses Enter.
fn enter_move(h: &mut Harness<'_, KriegspielApp>, line: &str) {
    h.get_by_label("Type a move").focus();
    h.run();
    type_text(h, line);
    press(h, egui::Key::Enter);
}

fn field_focused(h: &Harness<'_, KriegspielApp>) -> bool {
    h.get_by_label("Type a move").is_focused()
}

/// The number of events in the referee's log.
fn log_len(h: &Harness<'_, KriegspielApp>) -> usize {
    play(h)
        .session
        .truth()
        .expect("a local table")
        .log()
        .events
        .len()
}

/// The last request the referee took.
fn last_request(h: &Harness<'_, KriegspielApp>) -> Request {
    let log = play(h).session.truth().expect("a local table").log();
    log.events.last().expect("an event").request.clone()
}

fn attempt(uci: &str) -> Attempt {
    Attempt::parse(uci).expect("uci")
}

fn drawn(h: &Harness<'_, KriegspielApp>, color: Color) -> Drawn {
    play(h)
        .drawn
        .iter()
        .find(|d| d.place == Place::Player(color))
        .expect("the player's board is drawn")
        .clone()
}

/// White's markers now.
fn markers(h: &Harness<'_, KriegspielApp>) -> std::collections::BTreeMap<Square, Role> {
    play(h).session.markers().current(Color::White)
}

fn white_view(rules: RuleSet, fen: &str) -> PlayerView {
    let setup = fen.parse::<shakmaty::fen::Fen>().expect("fen").into_setup();
    let game = Game::new(rules, setup).expect("valid start");
    PlayerView::build(game.log(), Color::White)
}

#[test]
fn san_is_read_as_players_write_it_on_the_own_board() {
    let pawns = white_view(Preset::Wild16.rules(), "4k3/8/8/8/8/8/6PP/4K3 w - - 0 1");
    assert_eq!(
        resolve_typed(&pawns, "h3"),
        Ok(Typed::Attempt(attempt("h2h3")))
    );
    assert_eq!(
        resolve_typed(&pawns, "gxh3"),
        Ok(Typed::Attempt(attempt("g2h3")))
    );
    assert_eq!(
        resolve_typed(&pawns, "g3"),
        Ok(Typed::Attempt(attempt("g2g3")))
    );
    let start = white_view(Preset::Wild16.rules(), STANDARD);
    assert_eq!(
        resolve_typed(&start, "d3"),
        Ok(Typed::Attempt(attempt("d2d3")))
    );
    // Possibly impossible on the true board: the referee answers them.
    assert_eq!(
        resolve_typed(&start, "Bc4"),
        Ok(Typed::Attempt(attempt("f1c4")))
    );
    assert_eq!(
        resolve_typed(&start, "O-O-O"),
        Ok(Typed::Attempt(attempt("e1c1")))
    );
    assert_eq!(
        resolve_typed(&start, "O-O"),
        Ok(Typed::Attempt(attempt("e1g1")))
    );
    assert_eq!(
        resolve_typed(&start, "Nf5").map_err(|e| e.to_string()),
        Err("none of your pieces can play Nf5".to_owned())
    );
}

#[test]
fn typed_san_reaches_the_referee_even_where_it_may_be_impossible() {
    let mut h = hot_seat(Preset::Wild16.rules(), STANDARD, "san");
    click(&mut h, "Open White's board");
    enter_move(&mut h, "Bc4");
    assert_eq!(last_request(&h), Request::Try(attempt("f1c4")));
    let message = play(&h).message.clone().unwrap_or_default();
    assert!(
        message.starts_with("f1c4: "),
        "the referee answered: {message}"
    );
    assert_eq!(play(&h).session.to_move(), Color::White);
    enter_move(&mut h, "O-O-O");
    assert_eq!(last_request(&h), Request::Try(attempt("e1c1")));
    enter_move(&mut h, "h3");
    assert_eq!(last_request(&h), Request::Try(attempt("h2h3")));
    assert!(play(&h).curtain_up(), "h3 was played");
}

#[test]
fn a_missing_promotion_letter_is_a_queen_or_a_question() {
    const FEN: &str = "r5k1/1P6/8/8/8/8/8/4K3 w - - 0 1";
    // Queen-only promotion (classic rules): no letter needed.
    let classic = white_view(Preset::Classic.rules(), FEN);
    assert_eq!(
        resolve_typed(&classic, "b7a8"),
        Ok(Typed::Attempt(attempt("b7a8q")))
    );
    assert_eq!(
        resolve_typed(&classic, "bxa8=N"),
        Ok(Typed::Attempt(attempt("b7a8n")))
    );
    let mut h = hot_seat(Preset::Classic.rules(), FEN, "queen-only");
    click(&mut h, "Open White's board");
    enter_move(&mut h, "bxa8");
    assert_eq!(last_request(&h), Request::Try(attempt("b7a8q")));

    // Elsewhere the piece is asked for; nothing reaches the referee before.
    let mut h = hot_seat(Preset::Wild16.rules(), FEN, "ask");
    click(&mut h, "Open White's board");
    let before = log_len(&h);
    enter_move(&mut h, "bxa8");
    assert_eq!(log_len(&h), before, "no attempt without a piece");
    click(&mut h, "Promote to knight");
    assert_eq!(last_request(&h), Request::Try(attempt("b7a8n")));
    assert_eq!(log_len(&h), before + 1, "the knight promotion was played");
}

#[test]
fn the_move_field_keeps_the_focus_and_the_keys() {
    let mut h = hot_seat(Preset::Wild16.rules(), STANDARD, "focus");
    click(&mut h, "Open White's board");
    enter_move(&mut h, "e6");
    assert_eq!(
        play(&h).message.as_deref(),
        Some("none of your pieces can play e6")
    );
    assert_eq!(log_len(&h), 0, "nothing was sent");
    assert!(field_focused(&h), "the field keeps the focus after Enter");
    // The refused text is selected: the next keystrokes replace it.
    type_text(&mut h, "e4");
    assert_eq!(play(&h).move_text, "e4");
    // A letter typed in the field is no shortcut.
    press(&mut h, egui::Key::F);
    assert!(!play(&h).flipped, "F typed in the field flipped the boards");
    press(&mut h, egui::Key::Enter);
    assert_eq!(last_request(&h), Request::Try(attempt("e2e4")));
    assert!(play(&h).curtain_up());

    click(&mut h, "Open Black's board");
    assert!(!field_focused(&h));
    // / goes to the field and leaves no trace in it.
    press(&mut h, egui::Key::Slash);
    assert!(field_focused(&h), "/ focuses the move field");
    type_text(&mut h, "e5");
    assert_eq!(play(&h).move_text, "e5");
    // Out of the field, F flips the boards again.
    press(&mut h, egui::Key::Escape);
    assert!(!field_focused(&h));
    press(&mut h, egui::Key::F);
    assert!(play(&h).flipped);
}

#[test]
fn markers_erase_and_never_take_a_move_click() {
    let mut h = hot_seat(Preset::Wild16.rules(), STANDARD, "markers");
    click(&mut h, "Open White's board");
    click(&mut h, "White marks black knight");
    click(&mut h, "White e5");
    click(&mut h, "White e4");
    assert_eq!(markers(&h).get(&Square::E5), Some(&Role::Knight));
    assert_eq!(markers(&h).get(&Square::E4), Some(&Role::Knight));
    // Erase removes a marker on click.
    click(&mut h, "Erase");
    click(&mut h, "White e5");
    assert_eq!(markers(&h).get(&Square::E5), None, "Erase removed it");
    assert_eq!(markers(&h).len(), 1);
    // With a marker piece chosen, a click on one's own pawn picks it up, and the next click
    // moves it: the marker under it is gone.
    click(&mut h, "White marks black pawn");
    click(&mut h, "White e2");
    assert_eq!(
        markers(&h).get(&Square::E2),
        None,
        "no marker on an own piece"
    );
    click(&mut h, "White e4");
    assert_eq!(last_request(&h), Request::Try(attempt("e2e4")));
    assert!(
        markers(&h).is_empty(),
        "the guess under the moved pawn is gone"
    );
}

/// A guessed piece is dragged to another square like a piece (issue 15 item 5).
#[test]
fn a_marker_is_dragged_to_another_square() {
    let mut h = hot_seat(Preset::Wild16.rules(), STANDARD, "marker-drag");
    click(&mut h, "Open White's board");
    click(&mut h, "White marks black knight");
    click(&mut h, "White c6");
    click(&mut h, "White marks black knight"); // put the brush down
    assert_eq!(markers(&h).get(&Square::C6), Some(&Role::Knight));
    let from = h.get_by_label("White c6").rect().center();
    let to = h.get_by_label("White d4").rect().center();
    h.hover_at(from);
    h.run();
    h.drag_at(from);
    h.run();
    for step in 1..=4 {
        h.hover_at(from + (to - from) * (step as f32 / 4.0));
        h.run();
    }
    h.drop_at(to);
    h.run();
    assert_eq!(markers(&h).get(&Square::C6), None, "moved away");
    assert_eq!(
        markers(&h).get(&Square::D4),
        Some(&Role::Knight),
        "moved here"
    );
    assert!(
        play(&h)
            .session
            .truth()
            .expect("local")
            .log()
            .events
            .is_empty(),
        "no attempt was made"
    );
}

#[test]
fn after_any_try_the_dots_show_only_pawn_captures() {
    let fen = "4k3/8/8/3p4/4P3/8/8/R3K3 w - - 0 1";
    let mut h = hot_seat(Preset::BerkeleyAny.rules(), fen, "any");
    click(&mut h, "Open White's board");
    // Before asking, the pawn's dots include its push.
    click(&mut h, "White e4");
    assert!(drawn(&h, Color::White).dots.contains(Square::E5));
    click(&mut h, "White e4"); // put it down again
    click(&mut h, "Any?");
    let log = play(&h).session.truth().expect("a local table").log();
    assert!(
        PlayerView::build(log, Color::White).any_asked,
        "Any? was asked"
    );
    click(&mut h, "White e4");
    let dots = drawn(&h, Color::White).dots;
    assert!(dots.contains(Square::D5), "the capture is shown");
    assert!(
        !dots.contains(Square::E5),
        "no push while bound to pawn captures"
    );
    click(&mut h, "White a1");
    assert!(
        drawn(&h, Color::White).dots.is_empty(),
        "the rook owes nothing: no dots"
    );
}

#[test]
fn knight_check_shading_skips_own_pieces() {
    // Black's knight checks from d3; White's pawn stands on g2, one of the knight squares.
    let fen = "4k3/8/8/4n3/8/8/6P1/4K3 b - - 0 1";
    let mut h = hot_seat(Preset::Wild16.rules(), fen, "knight-check");
    click(&mut h, "Open Black's board");
    click(&mut h, "Black e5");
    click(&mut h, "Black d3");
    assert!(play(&h).curtain_up(), "Nd3+ was played");
    click(&mut h, "Open White's board");
    let shaded: Vec<Square> = drawn(&h, Color::White)
        .highlights
        .iter()
        .filter(|(_, hl)| *hl == Highlight::Check)
        .map(|(sq, _)| *sq)
        .collect();
    for sq in [Square::C2, Square::D3, Square::F3] {
        assert!(shaded.contains(&sq), "{sq} is shaded: {shaded:?}");
    }
    assert!(
        !shaded.contains(&Square::G2),
        "the own pawn's square is shaded"
    );
}

#[test]
fn space_or_enter_opens_the_curtain() {
    let mut h = hot_seat(Preset::Wild16.rules(), STANDARD, "curtain-keys");
    assert!(play(&h).curtain_up());
    press(&mut h, egui::Key::Space);
    assert_eq!(play(&h).curtain, Curtain::Open(Color::White));
    click(&mut h, "White e2");
    click(&mut h, "White e4");
    assert_eq!(play(&h).curtain, Curtain::Up { next: Color::Black });
    press(&mut h, egui::Key::Enter);
    assert_eq!(play(&h).curtain, Curtain::Open(Color::Black));
}

fn study_harness(sample: &str) -> Harness<'static, KriegspielApp> {
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("saves")
        .join(sample);
    let options = StartOptions {
        file: Some(file),
        mode: Some("study".into()),
        saves_dir: Some(std::env::temp_dir()),
        ..StartOptions::default()
    };
    let app = KriegspielApp::new(options, Settings::default(), false);
    let mut h = Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .with_context_setup(egui_extras::install_image_loaders)
        .build_ui_state(|ui, app: &mut KriegspielApp| app.show(ui), app);
    h.run();
    h
}

fn study<'h>(h: &'h Harness<'_, KriegspielApp>) -> &'h StudyScreen {
    match &h.state().screen {
        Screen::Study(s) => s,
        _ => panic!("not in study mode"),
    }
}

/// Puts `n` presses of `key` into one frame (a fast hand, or key repeat, between two frames).
fn presses_in_one_frame(h: &mut Harness<'_, KriegspielApp>, key: egui::Key, n: usize) {
    for _ in 0..n {
        h.input_mut().events.push(egui::Event::Key {
            key,
            physical_key: None,
            pressed: true,
            repeat: false,
            modifiers: egui::Modifiers::NONE,
        });
    }
    h.run();
}

#[test]
fn study_counts_every_key_press() {
    let mut h = study_harness("sample-berkeley.ron");
    assert!(study(&h).saved.log.events.len() > 7);
    assert_eq!(study(&h).cursor, 0);
    presses_in_one_frame(&mut h, egui::Key::ArrowRight, 5);
    assert_eq!(study(&h).cursor, 5, "five presses, five steps");
    presses_in_one_frame(&mut h, egui::Key::ArrowLeft, 3);
    assert_eq!(study(&h).cursor, 2);
}
