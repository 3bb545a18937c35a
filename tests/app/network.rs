//! Network games in the app (issue 19): "Join a game" takes the address and the join code and
//! opens the seat's board only; the opponent's turns arrive as the seat heard them; hosting
//! starts a server and shows its address and code; a wrong code is refused with a message.

use super::gui;

use egui_kittest::kittest::{NodeT, Queryable};
use gui::{Gui, scratch};
use kriegspiel::app::network::{NetworkScreen, Tab};
use kriegspiel::app::newgame::{NewGameDialog, NewMode};
use kriegspiel::app::play::{Place, PlayMode};
use kriegspiel::bots::BotKind;
use kriegspiel::rules::Preset;
use kriegspiel::seat::link::Connection;
use kriegspiel::seat::serve::{HostOptions, Hosted, Reach, join_addresses, start_host};
use kriegspiel::seat::{Hello, SeatState};
use shakmaty::Color;
use std::time::Duration;

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

/// The app on `screen`, after its first two frames (a network screen never settles).
fn app_on(screen: impl FnOnce(gui::GuiBuilder) -> gui::GuiBuilder) -> Gui {
    let mut h = screen(Gui::builder().size(1280.0, 900.0)).build_without_run();
    h.run_steps(2);
    h
}

/// The app on the join form, filled in.
fn join_form(address: &str, code: &str, name: &str) -> Gui {
    let mut form = NetworkScreen::new(Tab::Join);
    form.address = address.to_owned();
    form.code = code.to_owned();
    form.name = name.to_owned();
    app_on(|b| b.network(form))
}

/// A hosted game: White the test, over TCP; Black the app, joined through the form as "Bob".
fn black_joined(dir: &std::path::Path) -> (Hosted, Connection, Gui) {
    let hosted = start_host(&host_options(dir)).expect("hosts");
    let code = hosted.server.code().to_owned();
    let mut white_hello = Hello::new();
    white_hello.code = Some(code.clone());
    white_hello.seat = Some(Color::White);
    let white = Connection::open(&hosted.address, &white_hello).expect("White connects");
    let mut h = join_form(&hosted.address, &code, "Bob");
    h.get_by_label("Join").click();
    h.until_dialled();
    (hosted, white, h)
}

#[test]
fn a_joined_seat_sees_its_own_board_and_hears_the_opponent() {
    let dir = scratch();
    let hosted = start_host(&host_options(dir.path())).expect("hosts");
    let code = hosted.server.code().to_owned();
    // White: the test, over TCP.
    let mut white_hello = Hello::new();
    white_hello.code = Some(code.clone());
    white_hello.seat = Some(Color::White);
    let mut white = Connection::open(&hosted.address, &white_hello).expect("White connects");
    // Black: the app, through the join form.
    let mut h = join_form(&hosted.address, &code.to_lowercase(), "Bob");
    h.get_by_label("Join").click();
    h.until_dialled();
    assert_eq!(h.play().mode, PlayMode::Seat(Color::Black));
    // White plays e2e4; the app hears "White moved" and nothing of where.
    white.send(r#"{"op":"try","move":"e2e4"}"#).expect("sends");
    let mut seen = SeatState::new();
    h.run_until("the app never heard White's move", |h| {
        while let Ok(Ok(line)) = white.try_recv() {
            seen.receive(&line).expect("a line");
        }
        h.message().is_some_and(|m| m.starts_with("White played"))
    });
    h.run_steps(2);
    let p = h.play();
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
    let message = h.message().unwrap_or_default().to_owned();
    assert!(!message.contains("e4"), "{message}");
    // White offers a draw: Black's screen says so, with the answer to give.
    white.send(r#"{"op":"offer_draw"}"#).expect("sends");
    h.run_until("the offer never showed", |h| {
        h.query_by_label("White offers a draw.").is_some()
    });
    assert!(h.query_by_label("Accept draw").is_some());
    // The host autosaved the move and took Black's name.
    let saved = hosted.server.with_host(|host| {
        let session = host.session();
        (
            session.game().log().events.len(),
            session.meta().black.clone(),
        )
    });
    assert_eq!(saved, (1, "Bob".to_owned()));
}

#[test]
fn hosting_shows_the_address_and_code_and_a_wrong_code_is_refused() {
    let mut form = NetworkScreen::new(Tab::Host);
    form.port = "0".into();
    form.seat = Color::Black;
    form.reach = Reach::ThisMachine;
    let mut h = app_on(|b| b.network(form));
    h.get_by_label("Start hosting").click();
    h.until_dialled();
    let (address, code) = {
        let p = h.play();
        assert_eq!(p.mode, PlayMode::Seat(Color::Black));
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
    let _white = join_with_a_wrong_code_then_the_right_one(&format!("127.0.0.1:{port}"), &code);
    // The host's screen learns the joining player's name, and stops inviting.
    h.run_until("the host never heard the name", |h| {
        h.table().facts().meta.white == "Ann"
    });
    h.run_steps(2);
    assert!(h.query_by_label(&format!("Join code: {code}")).is_none());
    // From then on the top bar keeps the address and code, and says this machine hosts.
    assert!(h.query_by_label_contains(&format!("code {code}")).is_some());
    assert!(
        h.query_by_label_contains("You play Black, hosting")
            .is_some()
    );
}

/// Another machine joins the table at `address` as Ann: a wrong code is refused with a message
/// (taken away by an edit of the form); then `code` opens White's seat.
fn join_with_a_wrong_code_then_the_right_one(address: &str, code: &str) -> Gui {
    let mut o = join_form(address, "AAA-AAA", "");
    o.get_by_label("Join").click();
    o.until_dialled();
    assert!(
        o.query_by_label_contains("Wrong code").is_some(),
        "the wrong code is said in words"
    );
    assert!(
        o.query_by_label_contains("not the join code").is_some(),
        "then in detail"
    );
    let form = o.network_mut();
    assert!(form.error.is_some());
    form.code = code.to_owned();
    o.run_steps(1);
    form_error_cleared_on_edit(&mut o);
    o.network_mut().name = "Ann".into();
    o.get_by_label("Join").click();
    o.until_dialled();
    assert_eq!(o.play().mode, PlayMode::Seat(Color::White));
    o
}

/// Typing in a field of the join form takes the last error away.
fn form_error_cleared_on_edit(o: &mut Gui) {
    let field = || egui::accesskit::Role::TextInput;
    o.get_by_role_and_label(field(), "Your name").click();
    o.run_steps(1);
    o.get_by_role_and_label(field(), "Your name").type_text("x");
    o.run_steps(2);
    let form = o.network_mut();
    assert!(form.error.is_none(), "the error stays after an edit");
    form.name.clear();
}

#[test]
fn the_person_plays_an_engine_program_through_the_seat_protocol() {
    let mut dialog = NewGameDialog::new(Preset::Berkeley, NewMode::Computer);
    dialog.human = Color::Black;
    dialog.bot = BotKind::Engine;
    let mut h = app_on(|b| b.new_game(dialog));
    let command = format!("{} engine --bot random", env!("CARGO_BIN_EXE_kriegspiel"));
    h.new_game_mut().engine = command.clone();
    h.run_steps(1);
    assert!(h.query_by_label("Engine command").is_some());
    h.get_by_label("Start game").click();
    h.run_until("the engine never moved", |h| {
        h.table().facts().to_act() == Color::Black
    });
    let meta = &h.table().facts().meta;
    assert_eq!(meta.engine, command);
    // The name is the program's file name (a name is at most 40 characters); the command is whole.
    assert_eq!(meta.white, "Engine: kriegspiel");
    assert_eq!(meta.computer.map(|c| c.bot), Some(BotKind::Engine));
    assert!(
        h.log()
            .events
            .iter()
            .any(|e| e.by == Some(Color::White) && e.turn_ends),
        "the engine's move went through the referee"
    );
}

#[test]
fn a_saved_game_never_starts_the_engine_command_it_names() {
    use kriegspiel::save::{Computer, Meta, Mode};
    use kriegspiel::session::GameSession;
    let app = Gui::builder();
    let marker = app.dir().join("ran");
    let meta = Meta {
        mode: Mode::Practice,
        computer: Some(Computer {
            plays: Color::White,
            bot: BotKind::Engine,
            level: None,
        }),
        engine: format!("touch {}", marker.display()),
        ..Meta::default()
    };
    let path = app.dir().join("engine.ron");
    let session = GameSession::new(
        Preset::Wild16.rules(),
        shakmaty::Setup::initial(),
        meta,
        None,
        None,
    )
    .expect("starts");
    session.save_to(&path).expect("saves");
    // The app alone, opening the save: no frame is drawn.
    let (app, _dir) = app.file(path).app();
    assert_eq!(
        gui::table_of(&app).facts().meta.computer.map(|c| c.bot),
        Some(BotKind::Strong)
    );
    assert!(
        app.notice
            .as_deref()
            .is_some_and(|n| n.contains("not started from a file"))
    );
    std::thread::sleep(Duration::from_millis(300));
    assert!(!marker.exists(), "the command in the file was run");
}

/// The app's seat offers a draw; the other seat plays on: the offer lapses at the host, and the
/// app says that it was declined (issue 29, item 6).
#[test]
fn a_draw_offer_the_opponent_plays_past_is_told_as_declined() {
    let dir = scratch();
    let (_hosted, mut white, mut h) = black_joined(dir.path());
    white.send(r#"{"op":"try","move":"e2e4"}"#).expect("sends");
    h.run_until("the app never heard White's move", |h| {
        h.message().is_some_and(|m| m.starts_with("White played"))
    });
    // Through AccessKit: a click that no late line moving the button can miss.
    h.run_steps(2);
    h.get_by_label("Offer draw").click_accesskit();
    h.run_until("the offer never stood", |h| {
        h.table().facts().draw_offer == Some(Color::Black)
    });
    h.run_steps(2);
    h.get_by_label(gui::MOVE_FIELD).focus();
    h.get_by_label(gui::MOVE_FIELD).type_text("e5");
    h.run_steps(2);
    h.get_by_label("Play typed move").click_accesskit();
    h.run_until("Black's move was never answered", |h| {
        h.table().facts().to_move == Color::White
    });
    assert_eq!(h.table().facts().draw_offer, Some(Color::Black));
    white.send(r#"{"op":"try","move":"d2d4"}"#).expect("sends");
    h.run_until("the lapse was never told", |h| {
        h.message()
            .is_some_and(|m| m.contains("White played on: your draw offer was declined."))
    });
    let message = h.message().unwrap_or_default().to_owned();
    assert!(message.starts_with("White played."), "{message}");
    assert_eq!(h.table().facts().draw_offer, None);
}

/// "Offer draw" stands both in the bar that waits for the opponent and in the move bar: a
/// click on it while the opponent's move is on its way (the button seen in the waiting bar,
/// the click taken in the frame that shows the move bar) still offers the draw. The click was
/// lost when each bar's button had an id of its own (a CI run: "the offer never stood").
#[test]
fn a_draw_offer_clicked_as_the_opponents_move_arrives_is_made() {
    let dir = scratch();
    let (_hosted, mut white, mut h) = black_joined(dir.path());
    h.run_until("the app never showed the waiting bar", |h| {
        h.table().facts().to_move == Color::White && h.query_by_label("Offer draw").is_some()
    });
    h.run_steps(2);
    // The button as the waiting bar shows it; White's move reaches the app before the frame
    // that takes the click, and that frame shows the move bar.
    let button = h.get_by_label("Offer draw");
    white.send(r#"{"op":"try","move":"e2e4"}"#).expect("sends");
    std::thread::sleep(Duration::from_millis(500));
    button.click_accesskit();
    h.run_until("the offer never stood", |h| {
        h.table().facts().draw_offer == Some(Color::Black)
    });
    assert_eq!(h.table().facts().to_move, Color::Black);
}

/// The host form offers a new game's rule choice: a handicap preset picked with a click, then
/// its choices (Black sighted, the c-file bishop) and any rule under "Change any rule". Hosted,
/// the server's game has exactly those rules, and the host's seat (Black, the sighted one) is
/// shown the whole board.
#[test]
fn the_host_form_hosts_a_handicap_preset_picked_with_its_choices() {
    use kriegspiel::rules::{Sighted, Wing};
    let mut form = NetworkScreen::new(Tab::Host);
    form.port = "0".into();
    form.reach = Reach::ThisMachine;
    let mut h = app_on(|b| b.network(form));
    assert!(h.query_by_label_contains("Change any rule").is_some());
    h.get_by_label(Preset::OneEye.title()).click();
    h.run_steps(2);
    assert_eq!(h.network_mut().rules, Preset::OneEye.rules());
    assert!(h.query_by_label(Preset::OneEye.summary()).is_some());
    for choice in ["Black", "c-file", "You play Black"] {
        h.get_by_label(choice).click();
        h.run_steps(2);
    }
    let mut wanted = Preset::OneEye.rules();
    wanted.sighted = Sighted::Black;
    wanted.bishop = Some(Wing::C);
    assert_eq!(h.network_mut().rules, wanted);
    assert_eq!(h.network_mut().seat, Color::Black);
    h.get_by_label("Start hosting").click();
    h.until_dialled();
    let hosted_rules = {
        let p = h.play();
        assert_eq!(p.mode, PlayMode::Seat(Color::Black));
        let hosted = p.hosting.as_ref().expect("the screen keeps its server");
        hosted
            .server
            .with_host(|host| host.session().rules().clone())
    };
    assert_eq!(hosted_rules, wanted);
    h.run_until("the sighted seat was never shown the board", |h| {
        h.table().facts().whole_board.is_some()
    });
}

/// A seat joined from the app is remembered: after the app closes, its start screen offers to
/// rejoin, and the button takes the same seat back (with its whole record) without the code.
#[test]
fn a_closed_app_rejoins_its_seat_from_the_start_screen() {
    let dir = scratch();
    let (hosted, mut white, mut h) = black_joined(dir.path());
    assert_eq!(h.play().mode, PlayMode::Seat(Color::Black));
    let ticket = h
        .state()
        .settings
        .rejoin
        .clone()
        .expect("the seat is remembered");
    assert_eq!(ticket.seat, Color::Black);
    assert_eq!(ticket.address, hosted.address);
    white.send(r#"{"op":"try","move":"e2e4"}"#).expect("sends");
    h.run_until("the app never heard White's move", |h| {
        while let Ok(Ok(_)) = white.try_recv() {}
        h.message().is_some_and(|m| m.starts_with("White played"))
    });
    // The app closes (its settings kept); a new one starts with them.
    let settings = h.state().settings.clone();
    drop(h);
    let mut again = Gui::builder()
        .size(1280.0, 900.0)
        .settings(settings)
        .build_without_run();
    again.run_steps(2);
    let label = format!("Rejoin the game at {} (you play Black)", hosted.address);
    again.get_by_label(&label).click();
    again.until_dialled();
    assert_eq!(again.play().mode, PlayMode::Seat(Color::Black));
    again.run_until("the rejoined seat never heard White's move", |h| {
        while let Ok(Ok(_)) = white.try_recv() {}
        h.table().facts().to_move == Color::Black
    });
}

/// The Host tab asks who may join: this machine only, or the local network, for which it lists
/// the addresses others type (each with the port); this machine only hosts on the loopback.
#[test]
fn the_host_form_chooses_who_may_join_and_lists_the_addresses_to_type() {
    let mut h = app_on(|b| b.network(NetworkScreen::new(Tab::Host)));
    assert!(h.query_by_label("This machine only (127.0.0.1)").is_some());
    assert!(h.query_by_label("The local network").is_some());
    // The local network (the default): this machine's addresses, as others type them.
    assert_eq!(h.network_mut().reach, Reach::LocalNetwork);
    assert!(h.query_by_label("Others type").is_some());
    gui::shot(&mut h, "network-host-form");
    let listed = join_addresses("0.0.0.0", 7716);
    assert!(!listed.is_empty());
    for address in &listed {
        assert!(address.ends_with(":7716"), "{address}");
        assert!(
            h.query_by_label(address).is_some(),
            "{address} is not shown"
        );
    }
    // Another port: the addresses follow it.
    h.network_mut().port = "7999".into();
    h.run_steps(2);
    assert!(h.query_by_label_contains(":7999").is_some());
    assert!(h.query_by_label_contains(":7716").is_none());
    // This machine only: the loopback alone, and the server listens there alone.
    h.get_by_label("This machine only (127.0.0.1)").click();
    h.run_steps(2);
    assert_eq!(h.network_mut().reach, Reach::ThisMachine);
    assert!(h.query_by_label("Others type").is_none());
    assert!(h.query_by_label("127.0.0.1:7999").is_some());
    h.network_mut().port = "0".into();
    h.run_steps(1);
    h.get_by_label("Start hosting").click();
    h.until_dialled();
    let p = h.play();
    let hosted = p.hosting.as_ref().expect("the screen keeps its server");
    assert!(
        hosted.server.addr().ip().is_loopback(),
        "{}",
        hosted.server.addr()
    );
    assert_eq!(hosted.addresses, std::slice::from_ref(&hosted.address));
    assert!(
        hosted.address.starts_with("127.0.0.1:"),
        "{}",
        hosted.address
    );
}

/// The host hosts on this machine as Hal (Black); Ann joins (White) from another app.
fn hal_hosts_and_ann_joins() -> (Gui, Gui) {
    let mut form = NetworkScreen::new(Tab::Host);
    form.port = "0".into();
    form.seat = Color::Black;
    form.reach = Reach::ThisMachine;
    form.name = "Hal".into();
    let mut h = app_on(|b| b.network(form));
    h.get_by_label("Start hosting").click();
    h.until_dialled();
    let address = h.play().hosting.as_ref().expect("hosting").address.clone();
    let code = h.play().hosting.as_ref().expect("hosting").server.code();
    let mut o = join_form(&address, &code, "Ann\u{1b}[2J");
    o.get_by_label("Join").click();
    o.until_dialled();
    (h, o)
}

/// Each player's screen names the other player (cleaned as names are), beside what it heard,
/// and its window title says who plays whom.
#[test]
fn each_players_screen_shows_the_opponents_name() {
    let (mut h, mut o) = hal_hosts_and_ann_joins();
    h.run_until("the host never showed Ann's name", |h| {
        h.query_by_label("Your opponent: Ann [2J (White)").is_some()
    });
    o.run_until("the joiner never showed Hal's name", |o| {
        o.query_by_label("Your opponent: Hal (Black)").is_some()
    });
    let title = o.state().window_title().unwrap_or_default().to_owned();
    assert!(title.contains("Ann [2J vs Hal"), "{title}");
    gui::shot(&mut h, "network-opponent-name");
}

/// When the host's app closes, the joiner is told in words that the host has gone, that the
/// game is kept there and that this app rejoins it; no error in red, and the move field is
/// disabled until then.
#[test]
fn when_the_host_leaves_the_joiner_is_told_and_cannot_move() {
    let (h, mut o) = hal_hosts_and_ann_joins();
    // White (the joiner) is to move: its move field is there and enabled.
    let field = || egui::accesskit::Role::TextInput;
    o.run_until("the joiner never had the move", |o| {
        o.query_by_role_and_label(field(), "Type a move").is_some()
    });
    assert!(
        !o.get_by_role_and_label(field(), "Type a move")
            .accesskit_node()
            .is_disabled()
    );
    drop(h);
    o.run_until("the joiner was never told the host left", |o| {
        o.query_by_label_contains("The host has left the game.")
            .is_some()
    });
    assert!(
        o.query_by_label_contains("kept on the host's machine")
            .is_some()
    );
    assert!(o.query_by_label_contains("rejoins it by itself").is_some());
    assert!(
        o.query_by_label_contains("reconnecting to the host")
            .is_none()
    );
    assert!(
        o.get_by_role_and_label(field(), "Type a move")
            .accesskit_node()
            .is_disabled()
    );
    assert!(o.get_by_label("Resign").accesskit_node().is_disabled());
    gui::shot(&mut o, "network-host-left");
}

/// A joiner whose host left is told why in words, as a tsuitate seat is: its failed try to
/// rejoin names the host's address and says that nobody listens there, never the system's
/// words ("os error 111").
#[test]
fn a_chess_joiner_whose_host_left_is_told_so_in_words() {
    let (h, mut o) = hal_hosts_and_ann_joins();
    let address = h.play().hosting.as_ref().expect("hosting").address.clone();
    o.run_until("the joiner never saw Hal", |o| {
        o.query_by_label("Your opponent: Hal (Black)").is_some()
    });
    drop(h);
    let reached = format!("Could not reach the host at {address}: nobody is listening there.");
    o.run_until("the failed rejoin was never said in words", |o| {
        o.all_text().iter().any(|t| t.starts_with(&reached))
    });
    let texts = o.all_text();
    assert!(
        texts
            .iter()
            .any(|t| t.starts_with("The host has left the game.")),
        "{texts:?}"
    );
    for t in &texts {
        assert!(!t.contains("os error"), "the system's words shown: {t}");
    }
}
