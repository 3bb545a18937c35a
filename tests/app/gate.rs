//! The gate in the app (issue 53): the host's Resume hosts the network game again at the host's
//! own seat (never a hot-seat game showing the other player's board), an unfinished game is
//! never studied from the start screen, a PGN asks for its rules, and what the app says it saved
//! exists and is listed.

use super::gui;

use egui_kittest::kittest::{By, NodeT, Queryable};
use gui::Gui;
use kriegspiel::app::Screen;
use kriegspiel::app::network::{NetworkScreen, Tab};
use kriegspiel::app::play::{Place, PlayMode};
use kriegspiel::save::Seating;
use kriegspiel::seat::link::Connection;
use kriegspiel::seat::{Hello, SeatState};
use shakmaty::Color;
use std::time::Duration;

/// Reads what `conn` was sent into `seat` until `done` (or a minute passes).
fn hear(conn: &Connection, seat: &mut SeatState, done: impl Fn(&SeatState) -> bool) {
    let until = std::time::Instant::now() + Duration::from_secs(60);
    while !done(seat) {
        assert!(std::time::Instant::now() < until, "the seat never heard it");
        if let Ok(Ok(line)) = conn.recv_timeout(Duration::from_millis(100)) {
            seat.receive(&line).expect("a line the seat reads");
        }
    }
}

/// Clicks the start screen's button whose label starts with `prefix`.
fn click_starting(h: &mut Gui, prefix: &str) {
    h.get(By::new().label_contains(prefix)).click();
    h.run_steps(2);
}

#[test]
fn the_hosts_resume_hosts_the_game_again_at_the_hosts_own_seat() {
    // Host a game in the app (ICC Wild 16, White), loopback only, on a free port.
    let mut form = NetworkScreen::new(Tab::Host);
    form.port = "0".into();
    form.seat = Color::White;
    let mut h = Gui::hosting(form);
    let (port, code) = {
        let hosted = h
            .play()
            .hosting
            .clone()
            .expect("the screen keeps its server");
        (hosted.server.addr().port(), hosted.server.invitation())
    };
    let address = format!("127.0.0.1:{port}");
    // The invitation shows until Black sits.
    assert!(
        h.query_by_label("Waiting for the other player to join")
            .is_some()
    );
    let play_button = h.get_by_label("Play typed move").accesskit_node().id();
    // Black joins from "another machine" and keeps its token.
    let mut hello = Hello::new();
    hello.code = Some(code);
    hello.name = Some("Bob".into());
    let black = Connection::open(&address, &hello).expect("Black joins");
    let mut bob = SeatState::new();
    hear(&black, &mut bob, |s| s.token().is_some());
    let token = bob.token().expect("welcomed").to_owned();
    h.run_until("the host's screen never saw Black sit", |h| {
        h.query_by_label("Waiting for the other player to join")
            .is_none()
    });
    // The invitation gone, the buttons under the board are the same widgets: a click made in
    // the frame it goes (a person clicking as the other player sits) is not lost.
    assert_eq!(
        h.get_by_label("Play typed move").accesskit_node().id(),
        play_button,
        "the move button kept its id"
    );
    // White plays e4.
    h.play_typed("e2e4");
    h.run_until("White's move was never answered", |h| {
        h.play().table.facts().to_move == Color::Black
    });
    // The host leaves for the start screen: its table closes; the save says how it is seated.
    h.click("Start screen");
    h.click("Leave it for the start screen");
    assert!(matches!(h.state().screen, Screen::Start));
    let saves: Vec<_> = std::fs::read_dir(h.dir())
        .expect("the saves folder")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    assert_eq!(saves.len(), 1, "{saves:?}");
    let saved = kriegspiel::save::load_file(&saves[0]).expect("the host's save loads");
    assert!(
        matches!(&saved.saved.meta.seating, Some(Seating::Host { own: Some(Color::White), port: p, .. }) if *p == port),
        "{:?}",
        saved.saved.meta.seating
    );
    drop(black);
    // Resume: the network game is hosted again, at White's seat only.
    h.listed();
    click_starting(&mut h, "Resume unfinished game");
    h.until_dialled();
    let p = h.play();
    assert_eq!(p.mode, PlayMode::Seat(Color::White), "the host's own seat");
    assert!(
        p.table.truth().is_none(),
        "the app holds no true game: a seat's view only"
    );
    assert!(p.hosting.is_some(), "hosting again");
    h.run_steps(3);
    let p = h.play();
    assert!(
        p.drawn
            .iter()
            .all(|d| d.place == Place::Player(Color::White)),
        "only White's board is ever drawn"
    );
    assert!(
        p.drawn
            .iter()
            .flat_map(|d| d.pieces.iter())
            .all(|(_, piece)| piece.color == Color::White),
        "no black piece is drawn"
    );
    // Black rejoins with its token, where it left.
    let mut again = Hello::new();
    again.token = Some(token);
    let black = Connection::open(&address, &again).expect("Black rejoins with its token");
    let mut bob = SeatState::new();
    hear(&black, &mut bob, |s| s.token().is_some());
    assert_eq!(bob.seat(), Some(Color::Black));
}

#[test]
fn an_unfinished_hot_seat_game_is_not_studied_from_the_start_screen() {
    // A hot-seat game with a few moves, left for the start screen.
    let mut h = Gui::hot_seat(kriegspiel::Preset::Wild16.rules(), gui::STANDARD);
    h.click("Start screen");
    let leave = h.query_by_label("Leave it for the start screen").is_some();
    if leave {
        h.click("Leave it for the start screen");
    }
    let path = std::fs::read_dir(h.dir())
        .expect("the saves folder")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|e| e == "ron"))
        .expect("the game is autosaved");
    // Study it: the gate asks, and nothing of the game is shown.
    h.state_mut().open(&path, true);
    h.run();
    assert!(!matches!(h.state().screen, Screen::Study(_)));
    assert!(h.query_by_label("This game is not over").is_some());
    // Cancel: nothing changed, the save is still unfinished and not abandoned.
    h.click("Cancel");
    let kept = kriegspiel::save::load_file(&path).expect("loads");
    assert!(kept.saved.meta.abandoned.is_none());
    // Resume it from the question: the hot-seat game, on the curtain.
    h.state_mut().open(&path, true);
    h.run();
    h.click("Resume it");
    assert!(h.playing());
    assert_eq!(h.play().mode, PlayMode::HotSeat);
}

#[test]
fn an_unfinished_pgn_asks_for_its_rules_and_its_save_exists_and_is_listed() {
    let app = Gui::builder();
    let pgn = app.dir().join("casual.pgn");
    std::fs::write(
        &pgn,
        "[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n",
    )
    .expect("written");
    let mut h = app.build();
    h.state_mut().open(&pgn, false);
    h.run();
    assert!(
        h.query_by_label("Which rules?").is_some(),
        "the rules are asked"
    );
    assert!(!h.playing());
    h.click("Open");
    assert!(h.playing());
    assert_eq!(
        h.play().table.facts().rules,
        kriegspiel::Preset::Wild16.rules()
    );
    let notice = h.state().notice.clone().unwrap_or_default();
    let saved_as = notice
        .split("saved as ")
        .nth(1)
        .and_then(|rest| rest.split(" (").next())
        .map(std::path::PathBuf::from)
        .expect("the notice names the save");
    assert!(saved_as.is_file(), "{} exists", saved_as.display());
    h.click("Start screen");
    if h.query_by_label("Leave it for the start screen").is_some() {
        h.click("Leave it for the start screen");
    }
    h.listed();
    let listed = gui::texts(&h).join("\n");
    assert!(listed.contains("Resume unfinished game"), "{listed}");
    assert!(listed.contains("Ann v Bob"), "{listed}");
}

/// What the app shows after opening a save: the screen, in a word.
fn shown(h: &Gui) -> String {
    match &h.state().screen {
        Screen::Play(p) => format!("play {:?}", p.mode),
        Screen::Study(_) => "study".into(),
        Screen::Network(_) => "network seat".into(),
        Screen::Start if h.query_by_label("This game is not over").is_some() => {
            "asked: not over".into()
        }
        Screen::Start => "start".into(),
        _ => "other".into(),
    }
}

/// Every seating × to play on (`kriegspiel FILE`, as Resume, Recent, Open and the Library's
/// Resume do) or to study (`kriegspiel FILE --mode study`, as Study and the Library's Study do)
/// × over or not, through the app's one open function: what each shows.
#[test]
fn every_seating_and_path_shows_only_what_the_gate_allows() {
    let free_port = || {
        std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .expect("a free port")
    };
    let token = |c: char| format!("{c}{}", "A".repeat(23));
    let seatings = [
        ("hot-seat", Seating::HotSeat),
        (
            "computer",
            Seating::Computer {
                human: Color::Black,
            },
        ),
        ("club", Seating::Club),
        (
            "host",
            Seating::Host {
                own: Some(Color::White),
                bind: "127.0.0.1".into(),
                port: free_port(),
                tokens: [token('W'), token('B')],
            },
        ),
        (
            "seat",
            Seating::Seat {
                color: Color::Black,
                address: format!("127.0.0.1:{}", free_port()),
                token: token('B'),
            },
        ),
    ];
    let mut table = Vec::new();
    for (name, seating) in seatings {
        for over in [false, true] {
            for study in [false, true] {
                let builder = Gui::builder();
                let text =
                    std::fs::read_to_string(gui::sample("sample-wild16.ron")).expect("sample");
                let mut saved = kriegspiel::save::load_str(&text).expect("loads").saved;
                if !over {
                    saved.log.events.truncate(20);
                    saved.result = None;
                }
                if let Seating::Computer { human } = seating {
                    saved.meta.mode = kriegspiel::save::Mode::Practice;
                    saved.meta.computer = Some(kriegspiel::save::Computer {
                        plays: !human,
                        bot: kriegspiel::bots::BotKind::Random,
                        level: None,
                    });
                }
                saved.meta.seating = Some(seating.clone());
                let path = builder.dir().join(format!("{name}.ron"));
                saved.write(&path).expect("written");
                let builder = builder.file(&path);
                let builder = if study {
                    builder.start_mode("study")
                } else {
                    builder
                };
                let mut h = builder.build_without_run();
                h.run_steps(3);
                if (name, over, study) == ("host", false, false) {
                    // The host's own seat is taken back over the loopback (on another thread).
                    h.until_dialled();
                }
                let got = shown(&h);
                table.push(format!("{name:8} over={over:5} study={study:5}: {got}"));
                let want = match (study, over, name) {
                    (true, false, _) => "asked: not over",
                    (true, true, _) | (false, true, "host" | "seat") => "study",
                    (false, _, "hot-seat") => "play HotSeat",
                    (false, _, "computer") => "play Seat(Black)",
                    (false, _, "club") => "play Referee",
                    (false, false, "host") => "play Seat(White)",
                    (false, false, "seat") => "network seat",
                    _ => unreachable!(),
                };
                assert_eq!(got, want, "{name}, over {over}, study {study}");
                if (name, over, study) == ("host", false, false) {
                    // A seat's view, never the game.
                    assert!(h.play().table.truth().is_none());
                }
            }
        }
    }
    println!("{}", table.join("\n"));
}
