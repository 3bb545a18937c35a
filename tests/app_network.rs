//! Network games in the app (issue 19): "Join a game" takes the address and the join code and
//! opens the seat's board only; the opponent's turns arrive as the seat heard them; hosting
//! starts a server and shows its address and code; a wrong code is refused with a message.
#![cfg(feature = "gui")]

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use kriegspiel::app::network::{NetworkScreen, Tab};
use kriegspiel::app::play::{Place, PlayMode};
use kriegspiel::app::settings::Settings;
use kriegspiel::app::{KriegspielApp, Screen, StartOptions};
use kriegspiel::rules::Preset;
use kriegspiel::seat::net::Connection;
use kriegspiel::seat::serve::{HostOptions, start_host};
use kriegspiel::seat::{Hello, SeatState};
use shakmaty::Color;
use std::time::{Duration, Instant};

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("ks-app-net-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn harness(app: KriegspielApp) -> Harness<'static, KriegspielApp> {
    Harness::builder()
        .with_size(egui::vec2(1280.0, 900.0))
        .with_context_setup(egui_extras::install_image_loaders)
        .build_ui_state(|ui, app: &mut KriegspielApp| app.show(ui), app)
}

fn host_options(dir: &std::path::Path) -> HostOptions {
    HostOptions {
        rules: Preset::Wild16.rules(),
        time_control: None,
        bind: "127.0.0.1".into(),
        port: 0,
        autosave: dir.join("hosted.ron"),
        resume: None,
    }
}

#[test]
fn a_joined_seat_sees_its_own_board_and_hears_the_opponent() {
    let dir = scratch("join");
    let hosted = start_host(&host_options(&dir)).expect("hosts");
    let code = hosted.server.code().to_owned();
    // White: the test, over TCP.
    let mut white_hello = Hello::new();
    white_hello.code = Some(code.clone());
    white_hello.seat = Some(Color::White);
    let mut white = Connection::open(&hosted.address, &white_hello).expect("White connects");
    // Black: the app, through the join form.
    let mut app = KriegspielApp::new(StartOptions::default(), Settings::default(), false);
    let mut form = NetworkScreen::new(Tab::Join);
    form.address = hosted.address.clone();
    form.code = code.to_lowercase();
    form.name = "Bob".into();
    app.screen = Screen::Network(Box::new(form));
    let mut h = harness(app);
    h.run_steps(2);
    h.get_by_label("Join").click();
    h.run_steps(2);
    let Screen::Play(p) = &h.state().screen else {
        panic!("the join form did not open the game")
    };
    assert_eq!(p.mode, PlayMode::Remote(Color::Black));
    // White plays e2e4; the app hears "White moved" and nothing of where.
    white.send(r#"{"op":"try","move":"e2e4"}"#).expect("sends");
    let mut seen = SeatState::new();
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        while let Ok(Ok(line)) = white.lines.try_recv() {
            seen.receive(&line).expect("a line");
        }
        h.run_steps(1);
        let Screen::Play(p) = &h.state().screen else {
            panic!("left the game")
        };
        if p.message
            .as_deref()
            .is_some_and(|m| m.starts_with("White played"))
        {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the app never heard White's move"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    h.run_steps(2);
    let Screen::Play(p) = &h.state().screen else {
        panic!("left the game")
    };
    assert!(
        p.drawn
            .iter()
            .all(|d| d.place == Place::Player(Color::Black))
    );
    assert!(
        p.drawn
            .iter()
            .flat_map(|d| d.pieces.iter())
            .all(|(_, piece)| piece.color == Color::Black),
        "no white piece is drawn on Black's board"
    );
    let message = p.message.clone().unwrap_or_default();
    assert!(!message.contains("e4"), "{message}");
    // White offers a draw: Black's screen says so, with the answer to give.
    white.send(r#"{"op":"offer_draw"}"#).expect("sends");
    let deadline = Instant::now() + Duration::from_secs(10);
    while h.query_by_label("White offers a draw.").is_none() {
        assert!(Instant::now() < deadline, "the offer never showed");
        std::thread::sleep(Duration::from_millis(20));
        h.run_steps(1);
    }
    assert!(h.query_by_label("Accept draw").is_some());
    // The host autosaved the move and took Black's name.
    let saved = hosted.server.with_host(|host| {
        let session = host.session();
        (
            session.game().log().events.len(),
            session.meta.black.clone(),
        )
    });
    assert_eq!(saved, (1, "Bob".to_owned()));
    drop(h);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn hosting_shows_the_address_and_code_and_a_wrong_code_is_refused() {
    let dir = scratch("host");
    let mut app = KriegspielApp::new(
        StartOptions {
            saves_dir: Some(dir.clone()),
            ..StartOptions::default()
        },
        Settings::default(),
        false,
    );
    let mut form = NetworkScreen::new(Tab::Host);
    form.port = "0".into();
    form.seat = Color::Black;
    app.screen = Screen::Network(Box::new(form));
    let mut h = harness(app);
    h.run_steps(2);
    h.get_by_label("Start hosting").click();
    h.run_steps(3);
    let (address, code) = {
        let Screen::Play(p) = &h.state().screen else {
            panic!("hosting opened no game")
        };
        assert_eq!(p.mode, PlayMode::Remote(Color::Black));
        let hosted = p.hosting.as_ref().expect("the screen keeps its server");
        (hosted.address.clone(), hosted.server.code().to_owned())
    };
    // Until someone joins, the screen says how, in large type.
    assert!(h.query_by_label(&format!("Join code: {code}")).is_some());
    assert!(h.query_by_label(&format!("Address: {address}")).is_some());
    // White is to move: the host (Black) waits, and may still resign or offer a draw.
    assert!(h.query_by_label("Resign").is_some());
    assert!(h.query_by_label("Offer draw").is_some());
    // Another machine joins White's seat with the code; a wrong code is refused.
    let port = address.rsplit(':').next().expect("a port").to_owned();
    let local = format!("127.0.0.1:{port}");
    let mut other = KriegspielApp::new(StartOptions::default(), Settings::default(), false);
    let mut form = NetworkScreen::new(Tab::Join);
    form.address = local.clone();
    form.code = "AAA-AAA".into();
    other.screen = Screen::Network(Box::new(form));
    let mut o = harness(other);
    o.run_steps(2);
    o.get_by_label("Join").click();
    o.run_steps(2);
    assert!(
        o.query_by_label_contains("not the join code").is_some(),
        "the wrong code is explained"
    );
    let Screen::Network(form) = &mut o.state_mut().screen else {
        panic!("left the form")
    };
    assert!(form.error.is_some());
    form.code = code.clone();
    o.run_steps(1);
    form_error_cleared_on_edit(&mut o);
    let Screen::Network(form) = &mut o.state_mut().screen else {
        panic!("left the form")
    };
    form.name = "Ann".into();
    o.get_by_label("Join").click();
    o.run_steps(2);
    let Screen::Play(p) = &o.state().screen else {
        panic!("the right code opens the game")
    };
    assert_eq!(p.mode, PlayMode::Remote(Color::White));
    // The host's screen learns the joining player's name, and stops inviting.
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        h.run_steps(1);
        let Screen::Play(p) = &h.state().screen else {
            panic!("left the game")
        };
        if p.session.meta().white == "Ann" {
            break;
        }
        assert!(Instant::now() < deadline, "the host never heard the name");
        std::thread::sleep(Duration::from_millis(20));
    }
    h.run_steps(2);
    assert!(h.query_by_label(&format!("Join code: {code}")).is_none());
    // From then on the top bar keeps the address and code, and says this machine hosts.
    assert!(h.query_by_label_contains(&format!("code {code}")).is_some());
    assert!(
        h.query_by_label_contains("You play Black, hosting")
            .is_some()
    );
    drop((h, o));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Typing in a field of the join form takes the last error away.
fn form_error_cleared_on_edit(o: &mut Harness<'static, KriegspielApp>) {
    let field = || egui::accesskit::Role::TextInput;
    o.get_by_role_and_label(field(), "Your name").click();
    o.run_steps(1);
    o.get_by_role_and_label(field(), "Your name").type_text("x");
    o.run_steps(2);
    let Screen::Network(form) = &mut o.state_mut().screen else {
        panic!("left the form")
    };
    assert!(form.error.is_none(), "the error stays after an edit");
    form.name.clear();
}

#[test]
fn the_person_plays_an_engine_program_through_the_seat_protocol() {
    use kriegspiel::app::newgame::{NewGameDialog, NewMode};
    use kriegspiel::bots::BotKind;
    let dir = scratch("engine");
    let mut app = KriegspielApp::new(
        StartOptions {
            saves_dir: Some(dir.clone()),
            ..StartOptions::default()
        },
        Settings::default(),
        false,
    );
    let mut dialog = NewGameDialog::new(Preset::Berkeley, NewMode::Computer);
    dialog.human = Color::Black;
    dialog.bot = BotKind::Engine;
    app.screen = Screen::NewGame(Box::new(dialog));
    let mut h = harness(app);
    h.run_steps(2);
    let command = format!("{} engine --bot random", env!("CARGO_BIN_EXE_kriegspiel"));
    if let Screen::NewGame(d) = &mut h.state_mut().screen {
        d.engine = command.clone();
    }
    h.run_steps(1);
    assert!(h.query_by_label("Engine command").is_some());
    h.get_by_label("Start game").click();
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        h.run_steps(1);
        let Screen::Play(p) = &h.state().screen else {
            panic!("not playing")
        };
        if p.session.to_act() == Color::Black {
            break;
        }
        assert!(Instant::now() < deadline, "the engine never moved");
        std::thread::sleep(Duration::from_millis(10));
    }
    let Screen::Play(p) = &h.state().screen else {
        panic!("not playing")
    };
    let meta = p.session.meta();
    assert_eq!(meta.engine, command);
    assert_eq!(meta.white, format!("Engine: {command}"));
    assert_eq!(meta.computer.map(|c| c.bot), Some(BotKind::Engine));
    let log = p.session.truth().expect("a local game").log();
    assert!(
        log.events
            .iter()
            .any(|e| e.by == Some(Color::White) && e.turn_ends),
        "the engine's move went through the referee"
    );
    drop(h);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_saved_game_never_starts_the_engine_command_it_names() {
    use kriegspiel::bots::BotKind;
    use kriegspiel::save::{Computer, Meta, Mode};
    use kriegspiel::session::GameSession;
    let dir = scratch("engine-save");
    let marker = dir.join("ran");
    let meta = Meta {
        mode: Mode::Practice,
        computer: Some(Computer {
            plays: Color::White,
            bot: BotKind::Engine,
        }),
        engine: format!("touch {}", marker.display()),
        ..Meta::default()
    };
    let path = dir.join("engine.ron");
    let session = GameSession::new(
        Preset::Wild16.rules(),
        shakmaty::Setup::initial(),
        meta,
        None,
        None,
    )
    .expect("starts");
    session.save_to(&path).expect("saves");
    let app = KriegspielApp::new(
        StartOptions {
            file: Some(path),
            saves_dir: Some(dir.clone()),
            ..StartOptions::default()
        },
        Settings::default(),
        false,
    );
    let Screen::Play(p) = &app.screen else {
        panic!("the save did not open")
    };
    assert_eq!(
        p.session.meta().computer.map(|c| c.bot),
        Some(BotKind::Strong)
    );
    assert!(
        app.notice
            .as_deref()
            .is_some_and(|n| n.contains("not started from a file"))
    );
    std::thread::sleep(Duration::from_millis(300));
    assert!(!marker.exists(), "the command in the file was run");
    drop(app);
    let _ = std::fs::remove_dir_all(&dir);
}
