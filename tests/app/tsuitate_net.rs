//! Tsuitate shogi across the network in the app (issue 58): the network screen hosts a tsuitate
//! table whose other seat a library bot takes over the loopback, and joins a table served as
//! `kriegspiel host --tsuitate` serves it; the app's seat is drawn from what it was told only (no
//! board square of the other side's pieces, ever, until the reveal shows every board). Also the
//! app's tsuitate autosave: a snapshot, then one journal line per event.

use super::gui;

use egui_kittest::kittest::{NodeT, Queryable};
use gui::Gui;
use kriegspiel::app::Screen;
use kriegspiel::app::network::{HostGame, NetworkScreen, Tab};
use kriegspiel::app::shogi::TsuitateScreen;
use kriegspiel::save::Meta;
use kriegspiel::seat::link::Connection;
use kriegspiel::seat::serve::{Reach, serve_table};
use kriegspiel::seat::{Hello, SeatTable};
use kriegspiel::tsuitate::client::play_tsuitate_seat;
use kriegspiel::tsuitate::table::{TsuitateHost, slot};
use kriegspiel::tsuitate::{TsuitateGame, TsuitateRules};
use shogi_core::Color;

/// The network form hosting tsuitate on this machine at sente's seat (the door's Black), on a
/// free port.
pub(super) fn sente_hosts() -> NetworkScreen {
    let mut form = NetworkScreen::new(Tab::Host);
    form.game = HostGame::Tsuitate;
    form.seat = shakmaty::Color::Black;
    form.port = "0".into();
    form.reach = Reach::ThisMachine;
    form
}

fn screen(h: &Gui) -> &TsuitateScreen {
    match &h.state().screen {
        Screen::Tsuitate(t) => t,
        _ => panic!("not on the tsuitate screen"),
    }
}

/// A random tsuitate bot at the table at `address` with `hello`, on a thread of its own
/// (the library's seat loop, as `kriegspiel join --bot` plays); it resigns after `max_plies`.
fn bot_seat(address: &str, hello: Hello, seed: u64, max_plies: u32) {
    let connection = Connection::open(address, &hello).expect("the bot connects");
    std::thread::spawn(move || {
        let mut bot = kriegspiel::tsuitate::bots::make("random", seed).expect("a bot");
        let (input, output) = connection.into_io();
        let _ = play_tsuitate_seat(
            bot.as_mut(),
            None,
            Some(max_plies),
            input,
            output,
            &mut |_, _| {},
        );
    });
}

/// Every AccessKit label of a square or hand of a board on screen.
fn board_labels(h: &Gui) -> Vec<String> {
    h.all_text()
        .into_iter()
        .filter(|t| t.contains("'s board ") || t.contains("'s hand"))
        .collect()
}

/// No label on screen names a piece of `other` (a square of any board, a hand, a line).
fn assert_nothing_of(h: &Gui, other: &str) {
    let squares = board_labels(h);
    assert!(!squares.is_empty(), "no board is drawn");
    for t in h.all_text() {
        for piece in [
            "pawn", "king", "rook", "bishop", "silver", "gold", "knight", "lance",
        ] {
            let named = format!(": {other} {piece}");
            assert!(!t.contains(&named), "the other side's piece is shown: {t}");
        }
        assert!(
            !t.starts_with("Umpire's board"),
            "the true board is drawn: {t}"
        );
    }
}

/// Plays the app's seat by typed moves when it is to act: the first of `tries` its own board
/// still allows (a pawn taken leaves the next).
fn play_a_move(h: &mut Gui, tries: &mut Vec<&str>) {
    let Some(usi) = tries.pop() else {
        return;
    };
    send_move(h, usi);
}

/// Types `usi` into the move field and presses Enter, without waiting for the app to settle
/// (a network seat repaints until its table answers).
fn send_move(h: &mut Gui, usi: &str) {
    h.get_by_label("Your move:").click();
    h.run_steps(1);
    h.get_by_label("Your move:").type_text(usi);
    h.key_press(egui::Key::Enter);
    h.run_steps(2);
}

#[test]
fn a_hosted_tsuitate_game_is_played_against_a_bot_seat_and_never_shows_its_pieces() {
    let form = sente_hosts();
    let mut h = Gui::builder()
        .size(1280.0, 900.0)
        .network(form)
        .build_without_run();
    h.run_steps(2);
    assert!(h.query_by_label("Tsuitate shogi").is_some());
    h.get_by_label("Start hosting").click();
    h.until_dialled();
    let (address, code) = {
        let hosted = screen(&h).hosting().expect("the screen keeps its table");
        (hosted.address.clone(), hosted.server.code())
    };
    assert_eq!(screen(&h).network_color(), Some(Color::Black));
    // Until gote is taken, the screen gives the address and the code.
    assert!(h.query_by_label(&code).is_some());
    assert_nothing_of(&h, "Gote");
    let enter = h.get_by_label("Enter").accesskit_node().id();
    let mut hello = Hello::new();
    hello.code = Some(code.clone());
    bot_seat(&address, hello, 7, 14);
    h.run_until("gote never came", |h| {
        h.all_text()
            .iter()
            .any(|t| t.ends_with("(Gote) is connected") || t.ends_with("Gote is connected"))
    });
    // The address and code gone, the field's button is the same widget (a click made in the
    // frame they go is not lost).
    assert_eq!(h.get_by_label("Enter").accesskit_node().id(), enter);
    // Sente moves by typing; gote's answers arrive as sente heard them. The move field stays
    // where it is as requests wait for their answers and the news comes.
    let field = h.get_by_label("Your move:").rect();
    let mut tries = vec![
        "6f6e", "1f1e", "9f9e", "3g3f", "4g4f", "8g8f", "1g1f", "9g9f", "6g6f", "5g5f", "2g2f",
        "7g7f",
    ];
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    loop {
        h.run_steps(1);
        // Until the reveal (which shows every board), nothing of gote's.
        if screen(&h).table().truth().is_some() {
            break;
        }
        assert_nothing_of(&h, "Gote");
        if screen(&h).table().facts().over.is_none() {
            assert_eq!(
                h.get_by_label("Your move:").rect(),
                field,
                "the field moved"
            );
        }
        if screen(&h).may_act() {
            play_a_move(&mut h, &mut tries);
        }
        assert!(std::time::Instant::now() < deadline, "the game never ended");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    h.run_steps(2);
    // The reveal: the whole game, every board (the umpire's too), and the result.
    let revealed = screen(&h).table().truth().expect("revealed").clone();
    assert!(revealed.referee().over().is_some());
    assert_eq!(screen(&h).game().events().len(), revealed.events().len());
    assert!(revealed.referee().moves().len() >= 2, "moves were played");
    assert!(h.all_text().iter().any(|t| t.starts_with("Umpire's board")));
    // The history was sente's own: its tries, and of gote only "Gote moved".
    let history: Vec<String> = screen(&h).history(Color::Black).to_vec();
    assert!(
        history.iter().any(|l| l.contains("You tried")),
        "{history:?}"
    );
    assert!(
        history.iter().any(|l| l.contains("Gote moved")),
        "{history:?}"
    );
    // The history takes the height left under the boards (scrolled to its last line).
    let top = h.get_by_label("Your history").rect().bottom();
    let last = h.get_by_label(history.last().expect("a history")).rect();
    assert!(
        last.bottom() - top > 190.0 && last.bottom() <= 900.0,
        "the history is {} high, down to {}",
        last.bottom() - top,
        last.bottom()
    );
}

/// A tsuitate table served as `kriegspiel host --tsuitate` serves it: sente a random bot over
/// the loopback; returns the table (kept running) and the join code for gote.
fn cli_style_host(
    dir: &std::path::Path,
) -> (kriegspiel::seat::serve::Hosted<TsuitateHost>, String) {
    let table = TsuitateHost::new(
        TsuitateGame::new(TsuitateRules::default()),
        Meta::default(),
        Some(dir.join("hosted.ron")),
        11,
        false,
    );
    let hosted = serve_table(table, "127.0.0.1", 0).expect("serves");
    let token = hosted
        .server
        .with_host(|h| h.door_mut().reserve(slot(Color::Black)));
    let mut hello = Hello::new();
    hello.token = Some(token);
    hello.name = Some("random (host)".into());
    bot_seat(&hosted.address, hello, 3, 40);
    let code = hosted.server.code();
    (hosted, code)
}

/// The app (as "Ann") joins a table served as [`cli_style_host`] serves it, through the network
/// screen's Join tab; returns the table and the app, seated.
fn join_cli_style_host(
    dir: &std::path::Path,
) -> (kriegspiel::seat::serve::Hosted<TsuitateHost>, Gui) {
    let (hosted, code) = cli_style_host(dir);
    let mut form = NetworkScreen::new(Tab::Join);
    form.address = hosted.address.clone();
    form.code = code;
    form.name = "Ann".into();
    let mut h = Gui::builder()
        .size(1280.0, 900.0)
        .network(form)
        .build_without_run();
    h.run_steps(2);
    h.get_by_label("Join").click();
    h.until_dialled();
    (hosted, h)
}

#[test]
fn the_app_joins_a_cli_style_tsuitate_host_and_sees_its_own_seat_only() {
    let dir = gui::scratch();
    let (hosted, mut h) = join_cli_style_host(dir.path());
    // The welcome said tsuitate: the tsuitate screen, gote's seat.
    assert_eq!(screen(&h).network_color(), Some(Color::White));
    h.run_until("sente's move never arrived", |h| {
        h.all_text().iter().any(|t| t == "1. Sente moved.")
    });
    assert_nothing_of(&h, "Sente");
    assert!(
        board_labels(&h)
            .iter()
            .any(|l| l.starts_with("Gote's board 5a: Gote king")),
        "gote's own pieces are drawn"
    );
    send_move(&mut h, "3c3d");
    h.run_until("gote's move was never answered", |h| {
        h.all_text()
            .iter()
            .any(|t| t.starts_with("2. You tried 3c3d: Legal."))
    });
    assert_nothing_of(&h, "Sente");
    // The host holds the true game and took gote's name.
    let (events, name) = hosted
        .server
        .with_host(|host| (host.game().events().len(), host.save_of().meta.white));
    assert!(events >= 2, "{events}");
    assert_eq!(name, "Ann");
}

/// When the host leaves, the joiner's status line no longer says the opponent is connected,
/// and why it is cut off is said in words (no "os error"), as the chess seat says it.
#[test]
fn a_joiner_whose_host_left_is_told_so_in_words() {
    let dir = gui::scratch();
    let (hosted, mut h) = join_cli_style_host(dir.path());
    let address = hosted.address.clone();
    h.run_until("sente never connected", |h| {
        h.all_text()
            .iter()
            .any(|t| t.ends_with("(Sente) is connected"))
    });
    drop(hosted);
    let reached = format!("Could not reach the host at {address}: nobody is listening there.");
    h.run_until("the failed rejoin was never said", |h| {
        h.all_text().iter().any(|t| t.starts_with(&reached))
    });
    let texts = h.all_text();
    assert!(
        texts
            .iter()
            .any(|t| t.starts_with("The host has left the game.")),
        "{texts:?}"
    );
    assert!(
        texts
            .iter()
            .any(|t| t == &format!("You play Gote at {address}: cut off from the host, rejoining…")),
        "{texts:?}"
    );
    for t in &texts {
        assert!(!t.contains("is connected"), "still said connected: {t}");
        assert!(!t.contains("os error"), "the system's words shown: {t}");
    }
}

#[test]
fn the_apps_tsuitate_autosave_journals_each_event_and_loads_back() {
    let mut h = Gui::builder().build();
    h.click("Tsuitate hot-seat");
    let save = std::fs::read_dir(h.dir())
        .expect("saves folder")
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|e| e == "ron"))
        .expect("the autosave");
    let journal = kriegspiel::save::journal::journal_path(&save);
    let lines = || {
        std::fs::read_to_string(&journal)
            .map(|t| t.lines().count())
            .unwrap_or(0)
    };
    let snapshot = std::fs::read_to_string(&save).expect("the snapshot");
    // The header line only: no event yet.
    assert_eq!(lines(), 1);
    h.click("Open Sente's board");
    // An impossible attempt, then a move: one journal line each; the snapshot is not rewritten.
    for (usi, events) in [("7g7e", 1), ("7g7f", 2)] {
        h.type_into("Your move:", usi);
        h.press(egui::Key::Enter);
        assert_eq!(screen(&h).game().events().len(), events);
        assert_eq!(lines(), 1 + events);
    }
    assert_eq!(std::fs::read_to_string(&save).expect("snapshot"), snapshot);
    let loaded = kriegspiel::tsuitate::save::load_file(&save).expect("loads");
    let game = screen(&h).game();
    assert_eq!(loaded.game.events().len(), game.events().len());
    assert_eq!(
        loaded.game.referee().position().to_sfen_owned(),
        game.referee().position().to_sfen_owned()
    );
}

/// A tsuitate seat joined from the app is remembered as chess seats are: leaving it asks first;
/// after the app closes its start screen offers to rejoin, and the button takes the same seat back
/// with its record (still nothing of sente's pieces). At the reveal the joiner keeps the whole game
/// in a save of its own, which loads back as the host's game, and nothing is left to rejoin.
#[test]
fn a_joined_tsuitate_seat_is_rejoined_asks_before_leaving_and_keeps_the_revealed_game() {
    let dir = gui::scratch();
    let (hosted, mut h) = join_cli_style_host(dir.path());
    let ticket = h
        .state()
        .settings
        .rejoin
        .clone()
        .expect("the tsuitate seat is remembered");
    assert_eq!(ticket.address, hosted.address);
    assert_eq!(ticket.game, HostGame::Tsuitate);
    h.run_until("sente's move never arrived", |h| {
        h.all_text().iter().any(|t| t == "1. Sente moved.")
    });
    // Leaving a network game in progress asks first, and staying keeps the seat.
    h.click("Start screen");
    assert!(
        h.query_by_label("Leave it for the start screen").is_some(),
        "leaving did not ask"
    );
    assert!(matches!(h.state().screen, Screen::Tsuitate(_)));
    // The app closes (its settings kept); a new one starts with them.
    let settings = h.state().settings.clone();
    drop(h);
    let mut again = Gui::builder()
        .size(1280.0, 900.0)
        .settings(settings)
        .build_without_run();
    again.run_steps(2);
    let label = format!(
        "Rejoin the tsuitate shogi game at {} (you play Gote)",
        hosted.address
    );
    again.get_by_label(&label).click();
    again.until_dialled();
    assert_eq!(screen(&again).network_color(), Some(Color::White));
    again.run_until("the rejoined seat never heard its record", |h| {
        h.all_text().iter().any(|t| t == "1. Sente moved.")
    });
    assert_nothing_of(&again, "Sente");
    // Gote resigns: the reveal, kept in a save of the joiner's own. The answer comes across
    // the network in its own time (the spinner turns meanwhile): clicked, then waited for.
    again.get_by_label("Resign").click();
    again.run_steps(3);
    again.get_by_label("Yes, resign").click();
    again.run_steps(1);
    again.run_until("the joiner never kept the revealed game", |h| {
        screen(h).kept_in().is_some_and(|p| p.exists())
    });
    let kept = screen(&again).kept_in().expect("kept").to_path_buf();
    assert!(kept.starts_with(again.dir()), "{kept:?}");
    let loaded = kriegspiel::games::OtherGame::load_file(&kept)
        .expect("a tsuitate save")
        .expect("it loads");
    assert!(loaded.has_result(), "the kept game has its result");
    let host_review = hosted.server.with_host(|host| host.save_of().meta.white);
    assert_eq!(loaded.meta().white, host_review);
    assert!(
        again.state().settings.rejoin.is_none(),
        "a game that is over is not offered again"
    );
}

/// The save of a tsuitate game hosted from the network screen, as `h`'s saves folder holds it.
fn hosted_save(h: &Gui) -> (std::path::PathBuf, kriegspiel::save::Seating) {
    let path = std::fs::read_dir(h.dir())
        .expect("the saves folder")
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|e| e == "ron"))
        .expect("the host's autosave");
    let loaded = kriegspiel::tsuitate::save::load_file(&path).expect("the host's save loads");
    (path, loaded.saved.meta.seating())
}

#[test]
fn a_hosted_tsuitate_autosave_is_hosted_again_at_the_hosts_own_seat() {
    use kriegspiel::save::Seating;
    let form = sente_hosts();
    let mut h = Gui::hosting(form);
    let port = screen(&h)
        .hosting()
        .expect("the screen keeps its table")
        .server
        .addr()
        .port();
    // The save says it is hosted here, on that port, with sente kept for this machine.
    let (_, seating) = hosted_save(&h);
    let Seating::Host {
        own,
        port: kept,
        tokens,
        ..
    } = seating
    else {
        panic!("not kept as hosted: {seating:?}");
    };
    assert_eq!((own, kept), (Some(shakmaty::Color::Black), port));
    assert!(tokens.iter().all(|t| !t.is_empty()), "{tokens:?}");
    // Leaving says the game will be hosted again, and it is: the same seat, port and tokens.
    h.click("Start screen");
    assert!(
        h.all_text().iter().any(|t| t.contains("host")),
        "asked first"
    );
    h.click("Leave it for the start screen");
    assert!(matches!(h.state().screen, Screen::Start));
    h.listed();
    h.get(egui_kittest::kittest::By::new().label_contains("Resume unfinished game"))
        .click();
    h.run_steps(2);
    h.until_dialled();
    let hosting = screen(&h).hosting().expect("hosted again, not hot-seat");
    assert_eq!(hosting.server.addr().port(), port);
    assert_eq!(
        screen(&h).network_color(),
        Some(Color::Black),
        "the host's own seat, taken back over the loopback"
    );
    let (_, again) = hosted_save(&h);
    assert!(
        matches!(&again, Seating::Host { tokens: t, own: Some(_), .. } if *t == tokens),
        "{again:?}"
    );
}

/// A host whose opponent joined and left waits for it to come back (before it first joined,
/// for it to join), and its board still takes no move.
#[test]
fn a_host_whose_opponent_left_waits_for_it_to_come_back() {
    let mut h = Gui::hosting(sente_hosts());
    h.run_steps(3);
    let said = |h: &Gui, text: &str| h.all_text().iter().any(|t| t == text);
    assert!(said(&h, "Sente · Waiting for the opponent to join…"));
    let (address, code) = {
        let hosted = screen(&h).hosting().expect("the screen keeps its table");
        (hosted.address.clone(), hosted.server.code())
    };
    let mut hello = Hello::new();
    hello.code = Some(code);
    let gote = Connection::open(&address, &hello).expect("gote connects");
    h.run_until("gote never came", |h| {
        h.all_text()
            .iter()
            .any(|t| t.ends_with("Gote is connected"))
    });
    assert!(said(&h, "Sente · Your move"), "{:?}", h.all_text());
    drop(gote);
    h.run_until("gote's leaving was never said", |h| {
        said(h, "Sente · Waiting for Gote to come back…")
    });
    assert!(!screen(&h).may_act(), "the board waits");
    assert!(!said(&h, "Sente · Waiting for the opponent to join…"));
}
