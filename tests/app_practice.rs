//! Practice: KR vs K against the computer, driven through AccessKit. Only the person's board is
//! ever drawn before the end, the computer answers in the same frame, the game plays to mate,
//! resumes as a practice game, and study mode offers the computer's metaposition.
#![cfg(feature = "gui")]

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use kriegspiel::app::play::{Place, PlayMode, PlayScreen};
use kriegspiel::app::settings::Settings;
use kriegspiel::app::{KriegspielApp, Screen, StartOptions};
use kriegspiel::bots::BotKind;
use shakmaty::Color;

/// The practice bot's next attempt for `side`, from that seat's view.
fn computer_attempt(game: &kriegspiel::Game, side: Color) -> Option<kriegspiel::Attempt> {
    let seat = kriegspiel::PlayerView::build(game.log(), side);
    match BotKind::KrkPractice.make(0).ok()?.next(&seat)? {
        kriegspiel::Request::Try(a) => Some(a),
        _ => None,
    }
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir =
        std::env::temp_dir().join(format!("kriegspiel-practice-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn app(
    dir: &std::path::Path,
    file: Option<std::path::PathBuf>,
    mode: Option<&str>,
) -> KriegspielApp {
    let options = StartOptions {
        saves_dir: Some(dir.to_path_buf()),
        file,
        mode: mode.map(str::to_owned),
        practice_seed: Some(11),
        ..StartOptions::default()
    };
    KriegspielApp::new(options, Settings::default(), false)
}

fn harness(app: KriegspielApp) -> Harness<'static, KriegspielApp> {
    Harness::builder()
        .with_size(egui::vec2(1400.0, 900.0))
        .with_context_setup(egui_extras::install_image_loaders)
        .build_ui_state(|ui, app: &mut KriegspielApp| app.show(ui), app)
}

fn play<'h>(h: &'h Harness<'_, KriegspielApp>) -> &'h PlayScreen {
    match &h.state().screen {
        Screen::Play(p) => p,
        _ => panic!("not on the game screen"),
    }
}

/// Types `a` into the move field and plays it, as a person would.
fn type_move(h: &mut Harness<'_, KriegspielApp>, a: kriegspiel::Attempt) {
    let field = h.get_by_label("Type a move");
    field.focus();
    field.type_text(&format!("{}{}", a.from, a.to));
    h.run();
    h.get_by_label("Play typed move").click();
    h.run();
}

/// Before the end only the person's board is drawn, with only the person's pieces.
fn assert_only_own_board(h: &Harness<'_, KriegspielApp>, human: Color) {
    let p = play(h);
    if p.revealed() {
        return;
    }
    assert!(!p.drawn.is_empty(), "the person's board is drawn");
    for d in &p.drawn {
        assert_eq!(d.place, Place::Player(human), "another board is drawn");
        assert!(
            d.pieces.iter().all(|(_, piece)| piece.color == human),
            "{:?}",
            d.pieces
        );
    }
}

#[test]
fn the_start_screen_offers_practice_and_the_person_plays_white_to_mate() {
    let dir = temp_dir("white");
    let mut h = harness(app(&dir, None, None));
    h.run();
    h.get_by_label("Play White (the computer defends)").click();
    h.run();
    assert_eq!(play(&h).mode, PlayMode::Practice(Color::White));
    assert!(!play(&h).curtain_up(), "no curtain against the computer");
    assert_only_own_board(&h, Color::White);
    // The person plays the computer's own mating strategy, typed move by move.
    let mut entries = 0;
    while !play(&h).revealed() && entries < 400 {
        assert_eq!(
            play(&h).session.to_move(),
            Color::White,
            "the computer answered in the same frame"
        );
        let a = computer_attempt(
            play(&h).session.truth().expect("a local table"),
            Color::White,
        )
        .expect("an attempt");
        type_move(&mut h, a);
        assert_only_own_board(&h, Color::White);
        entries += 1;
    }
    let p = play(&h);
    assert!(p.revealed(), "the game ended");
    let over = p.session.over().expect("over");
    assert_eq!(over.reason, kriegspiel::announce::EndReason::Checkmate);
    // After the end every board is shown.
    assert!(p.drawn.iter().any(|d| d.place == Place::Referee));
}

#[test]
fn as_black_the_computer_moves_first_and_its_board_stays_hidden() {
    let dir = temp_dir("black");
    let mut h = harness(app(&dir, None, Some("practice-black")));
    h.run();
    let p = play(&h);
    assert_eq!(p.mode, PlayMode::Practice(Color::Black));
    assert_eq!(
        p.session.to_move(),
        Color::Black,
        "the computer already made its first move"
    );
    assert!(
        p.session
            .truth()
            .expect("a local table")
            .log()
            .events
            .iter()
            .any(|e| e.by == Some(Color::White) && e.turn_ends)
    );
    assert_eq!(
        p.session.truth().expect("a local table").log().start.turn,
        Color::White
    );
    assert_only_own_board(&h, Color::Black);
    assert!(
        h.query_by_label("Offer draw").is_none(),
        "the computer does not take draw offers"
    );
    // A king step of the person's: the computer replies at once.
    let a = computer_attempt(
        play(&h).session.truth().expect("a local table"),
        Color::Black,
    )
    .expect("a step");
    type_move(&mut h, a);
    assert!(play(&h).revealed() || play(&h).session.to_move() == Color::Black);
    assert_only_own_board(&h, Color::Black);

    // The autosave resumes as the same practice game, the person still Black.
    let path = play(&h)
        .session
        .autosave_path()
        .map(std::path::Path::to_path_buf)
        .expect("autosaved");
    let saved = std::fs::read_to_string(&path).expect("save file");
    assert!(saved.contains(BotKind::KrkPractice.title()) && saved.contains("Practice"));
    assert!(saved.contains("bot: krk_practice") && saved.contains("plays: \"white\""));
    let events = play(&h)
        .session
        .truth()
        .expect("a local table")
        .log()
        .events
        .len();
    let mut h2 = harness(app(&dir, Some(path), None));
    h2.run();
    let p2 = play(&h2);
    assert_eq!(p2.mode, PlayMode::Practice(Color::Black));
    assert_eq!(
        p2.session
            .truth()
            .expect("a local table")
            .log()
            .events
            .len(),
        events
    );
    assert_only_own_board(&h2, Color::Black);
}

#[test]
fn study_shows_the_computers_metaposition_on_a_krk_game() {
    let dir = temp_dir("study");
    // Play a whole computer-against-computer practice game and save it.
    let mut game = kriegspiel::Game::new(
        kriegspiel::Preset::Wild16.rules(),
        kriegspiel::krk::practice::random_start(5),
    )
    .expect("legal start");
    while game.referee().over().is_none() {
        let side = game.referee().to_move();
        let a = computer_attempt(&game, side).expect("an attempt");
        game.apply(kriegspiel::Request::Try(a)).expect("applied");
    }
    let saved = kriegspiel::save::SavedGame::of(&game, kriegspiel::save::Meta::default(), None);
    let path = dir.join("krk.ron");
    saved.write(&path).expect("saved");
    let mut h = harness(app(&dir, Some(path), Some("study")));
    h.run();
    let Screen::Study(s) = &h.state().screen else {
        panic!("not studying")
    };
    assert!(
        s.krk && s.metaposition,
        "a KR vs K game offers the metaposition, on by default"
    );
    assert!(h.query_by_label("Computer's metaposition").is_some());
}
