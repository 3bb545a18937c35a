//! Two seats of one hosted game over loopback TCP, each a [`RemoteTable`] as the app sits at it:
//! what a remote seat's screen is given is what a local seat's screen is given (the sighted
//! board of a handicap game included), and the seats' records credit every entry to the side
//! that made it.

use kriegspiel::Preset;
use kriegspiel::attempt::Attempt;
use kriegspiel::referee::Request;
use kriegspiel::rules::RuleSet;
use kriegspiel::seat::Hello;
use kriegspiel::seat::remote::RemoteTable;
use kriegspiel::seat::serve::{HostOptions, Hosted, ServeError, start_host};
use kriegspiel::session::GameSession;
use kriegspiel::table::{News, Table};
use shakmaty::Color;
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A host on a free loopback port, autosaving in `dir`.
fn host(rules: RuleSet, dir: &std::path::Path) -> Hosted {
    start_host(&HostOptions {
        rules,
        time_control: None,
        bind: "127.0.0.1".into(),
        port: 0,
        autosave: dir.join("hosted.ron"),
        resume: None,
    })
    .expect("hosts")
}

/// A seat taken with the host's code.
fn sit(hosted: &Hosted, seat: Color) -> RemoteTable {
    let mut hello = Hello::new();
    hello.code = Some(hosted.server.code().to_owned());
    hello.seat = Some(seat);
    let address = format!("127.0.0.1:{}", hosted.server.addr().port());
    RemoteTable::connect(&address, hello).expect("seated")
}

/// Polls `table` until `done` holds (at most 20 s); returns the news told meanwhile.
fn until(table: &mut RemoteTable, done: impl Fn(&mut RemoteTable) -> bool) -> Vec<News> {
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut news = Vec::new();
    loop {
        news.extend(table.poll(Duration::ZERO));
        if done(table) {
            return news;
        }
        assert!(Instant::now() < deadline, "the table never said it");
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn attempt(uci: &str) -> Request {
    Request::Try(Attempt::parse(uci).expect("uci"))
}

/// A handicap game's sighted seat at a remote table is given the whole true board, exactly as a
/// local table gives it; the blind seat is given none.
#[test]
fn a_sighted_seat_over_loopback_sees_the_whole_board() {
    let dir = tempfile::tempdir().expect("temp dir");
    let rules = Preset::PicklePot.rules();
    let hosted = host(rules.clone(), dir.path());
    let mut white = sit(&hosted, Color::White);
    let mut black = sit(&hosted, Color::Black);
    until(&mut white, |t| t.facts().whole_board.is_some());
    let local = GameSession::untimed(rules);
    assert_eq!(
        white.facts().whole_board,
        local.facts().whole_board,
        "the sighted seat sees the start's whole board"
    );
    assert_eq!(
        white
            .facts()
            .whole_board
            .as_ref()
            .map(|b| b.occupied().count()),
        Some(16 + 11),
        "all sixteen black units and White's king, queen, bishop and pawns"
    );
    // After Black's move the sighted board follows the truth; the blind seat has none.
    white.submit(attempt("e2e4"), Duration::ZERO);
    until(&mut white, |t| !t.waiting());
    until(&mut black, |t| t.facts().to_move == Color::Black);
    black.submit(attempt("e7e5"), Duration::ZERO);
    until(&mut black, |t| !t.waiting());
    until(&mut white, |t| {
        t.facts()
            .whole_board
            .as_ref()
            .is_some_and(|b| b.piece_at(shakmaty::Square::E5) == Some(Color::Black.pawn()))
    });
    assert_eq!(black.facts().whole_board, None);
}

/// A seat that resigns while the other side is to move: both seats' records, as their remote
/// tables give them, credit the resignation to the side that resigned.
#[test]
fn a_resignation_over_the_network_is_logged_under_the_side_that_resigned() {
    use kriegspiel::replay::record::{Head, Notation, seat_record};
    let dir = tempfile::tempdir().expect("temp dir");
    let hosted = host(Preset::Wild16.rules(), dir.path());
    let mut white = sit(&hosted, Color::White);
    let mut black = sit(&hosted, Color::Black);
    white.submit(attempt("e2e4"), Duration::ZERO);
    until(&mut white, |t| {
        !t.waiting() && t.facts().to_move == Color::Black
    });
    // Black is to move; White resigns.
    white.submit(Request::Resign(Color::White), Duration::ZERO);
    until(&mut white, |t| t.facts().over.is_some());
    until(&mut black, |t| t.facts().over.is_some());
    for (seat, table) in [(Color::White, &mut white), (Color::Black, &mut black)] {
        let view = table.view(seat).clone();
        let lines: Vec<String> = seat_record(&view, Notation::San)
            .iter()
            .map(|t| t.line(seat, Head::Short))
            .collect();
        let line = lines
            .iter()
            .find(|l| l.contains("resign"))
            .unwrap_or_else(|| panic!("{seat:?}: no resignation in {lines:?}"));
        let credited = if seat == Color::White {
            "(you)"
        } else {
            "(White)"
        };
        assert!(line.contains(credited), "{seat:?}: {line}");
    }
}

/// A host that cannot start says whether what it was asked is at fault: a save to resume that
/// does not load is bad input, an address it cannot listen on is not.
#[test]
fn a_host_that_cannot_start_says_whose_fault_it_is() {
    let dir = tempfile::tempdir().expect("a folder");
    let options = |resume: Option<std::path::PathBuf>, bind: &str| HostOptions {
        rules: Preset::Wild16.rules(),
        time_control: None,
        bind: bind.into(),
        port: 0,
        autosave: dir.path().join("hosted.ron"),
        resume,
    };
    let missing = dir.path().join("no-such-save.ron");
    let Err(resume) = start_host(&options(Some(missing), "127.0.0.1")) else {
        panic!("a missing save resumed");
    };
    assert!(matches!(resume, ServeError::Resume { .. }) && resume.is_bad_input());
    assert!(resume.to_string().starts_with("cannot resume "), "{resume}");
    let Err(listen) = start_host(&options(None, "192.0.2.1")) else {
        panic!("listened on an address this machine does not have");
    };
    assert!(matches!(listen, ServeError::Listen { .. }) && !listen.is_bad_input());
}

/// A seat named `name`, taken with the host's code.
fn sit_named(hosted: &Hosted, seat: Color, name: &str) -> RemoteTable {
    let mut hello = Hello::new();
    hello.code = Some(hosted.server.code().to_owned());
    hello.seat = Some(seat);
    hello.name = Some(name.to_owned());
    let address = format!("127.0.0.1:{}", hosted.server.addr().port());
    RemoteTable::connect(&address, hello).expect("seated")
}

/// Each seat's facts (the names its screen and window title show) carry the other player's
/// name, cleaned and bounded as every name is, a hostile one included: escape sequences,
/// direction marks, a line end and 10 KB of text.
#[test]
fn each_seat_is_told_the_other_players_cleaned_name() {
    let dir = tempfile::tempdir().expect("temp dir");
    let hosted = host(Preset::Wild16.rules(), dir.path());
    let hostile = format!(
        "Mallory\u{1b}[2J\u{1b}]0;owned\u{7}\u{202e}\r\n{}",
        "x".repeat(10_000)
    );
    let clean = kriegspiel::untrusted::clean_name(&hostile);
    assert!(clean.starts_with("Mallory"), "{clean:?}");
    assert!(clean.chars().count() <= 40, "{clean:?}");
    assert!(!clean.chars().any(|c| c.is_control() || c == '\u{202e}'));
    let mut white = sit_named(&hosted, Color::White, "Ann\u{0}\u{1b}[31m");
    let mut black = sit_named(&hosted, Color::Black, &hostile);
    let ann = kriegspiel::untrusted::clean_name("Ann\u{0}\u{1b}[31m");
    assert!(ann.starts_with("Ann") && !ann.chars().any(char::is_control));
    // White sat first: it learns Black's name when Black sits down.
    until(&mut white, |t| t.facts().meta.black == clean);
    assert_eq!(white.facts().meta.white, ann);
    // Black learns White's name from its welcome.
    until(&mut black, |t| t.facts().meta.white == ann);
    assert_eq!(black.facts().meta.black, clean);
    // And each seat's status names its opponent.
    let status = white.facts().status.clone().unwrap_or_default();
    assert!(status.contains(&format!("{clean} (Black)")), "{status}");
    let status = black.facts().status.clone().unwrap_or_default();
    assert!(status.contains(&format!("{ann} (White)")), "{status}");
}

/// A loopback relay in front of a table, which a test can take away (its listener and every
/// connection closed, as when the host's app closes) and put back on the same port.
struct Relay {
    stop: Arc<AtomicBool>,
    streams: Arc<Mutex<Vec<TcpStream>>>,
}

impl Relay {
    /// Relays `port` on the loopback to `upstream`.
    fn start(port: u16, upstream: SocketAddr) -> (Relay, u16) {
        let listener = TcpListener::bind(("127.0.0.1", port)).expect("the relay listens");
        let port = listener.local_addr().expect("an address").port();
        listener.set_nonblocking(true).expect("nonblocking");
        let stop = Arc::new(AtomicBool::new(false));
        let streams: Arc<Mutex<Vec<TcpStream>>> = Arc::default();
        let (halt, kept) = (Arc::clone(&stop), Arc::clone(&streams));
        std::thread::spawn(move || {
            while !halt.load(Ordering::SeqCst) {
                let Ok((seat, _)) = listener.accept() else {
                    std::thread::sleep(Duration::from_millis(5));
                    continue;
                };
                let Ok(table) = TcpStream::connect(upstream) else {
                    continue;
                };
                let _ = seat.set_nonblocking(false);
                let mut open = kept.lock().expect("lock");
                for (mut from, mut to) in [
                    (
                        seat.try_clone().expect("clone"),
                        table.try_clone().expect("clone"),
                    ),
                    (
                        table.try_clone().expect("clone"),
                        seat.try_clone().expect("clone"),
                    ),
                ] {
                    std::thread::spawn(move || {
                        let _ = std::io::copy(&mut from, &mut to);
                        let _ = to.shutdown(Shutdown::Both);
                    });
                }
                open.extend([seat, table]);
            }
        });
        (Relay { stop, streams }, port)
    }

    /// Closes the listener and every connection through it.
    fn close(self) {
        self.stop.store(true, Ordering::SeqCst);
        for stream in self.streams.lock().expect("lock").drain(..) {
            let _ = stream.shutdown(Shutdown::Both);
        }
        // The listener goes with its thread's next look at the flag.
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// When the host leaves, its seat is told so in words (the host has gone, the game is kept on
/// the host's machine, this app rejoins when it is back), not in the system's error; a request
/// is refused at once without being sent; and when the host is back on the same address the
/// seat rejoins by itself (with its token) and the game goes on.
#[test]
fn a_seat_whose_host_left_is_told_in_words_and_rejoins_when_it_is_back() {
    use kriegspiel::referee::RequestError;
    let dir = tempfile::tempdir().expect("temp dir");
    let hosted = host(Preset::Wild16.rules(), dir.path());
    let (relay, port) = Relay::start(0, hosted.server.addr());
    let mut hello = Hello::new();
    hello.code = Some(hosted.server.code().to_owned());
    hello.seat = Some(Color::White);
    let mut white: RemoteTable =
        RemoteTable::connect(&format!("127.0.0.1:{port}"), hello).expect("seated");
    let mut black = sit(&hosted, Color::Black);
    white.submit(attempt("e2e4"), Duration::ZERO);
    until(&mut white, |t| {
        !t.waiting() && t.facts().to_move == Color::Black
    });
    assert_eq!(white.facts().cut_off, None);
    // The host leaves: its connection closes, and dialling it again is refused.
    relay.close();
    until(&mut white, |t| {
        t.facts()
            .cut_off
            .as_ref()
            .is_some_and(|c| c.detail.contains("nobody is listening there"))
    });
    let cut = white.facts().cut_off.clone().expect("cut off");
    assert!(
        cut.words.starts_with("The host has left the game."),
        "{cut:?}"
    );
    assert!(cut.words.contains("kept on the host's machine"), "{cut:?}");
    assert!(cut.words.contains("rejoins it by itself"), "{cut:?}");
    assert!(!cut.words.contains("os error"), "{cut:?}");
    assert_eq!(
        white.facts().trouble,
        None,
        "no error in red beside the words"
    );
    let status = white.facts().status.clone().unwrap_or_default();
    assert!(status.contains("cut off from the host"), "{status}");
    // A request is refused here, in those words, and nothing waits on the network.
    white.submit(Request::Resign(Color::White), Duration::ZERO);
    assert!(!white.waiting(), "the request was sent");
    let news = white.poll(Duration::ZERO);
    assert!(
        matches!(
            &news[..],
            [News::Refused { error: RequestError::Table(e), .. }] if *e == cut.words
        ),
        "{news:?}"
    );
    // The host is back at the same address: the seat rejoins and the game goes on.
    let (_back, again) = Relay::start(port, hosted.server.addr());
    assert_eq!(again, port);
    until(&mut white, |t| t.facts().cut_off.is_none());
    assert_eq!(white.facts().over, None);
    black.submit(attempt("e7e5"), Duration::ZERO);
    until(&mut black, |t| {
        !t.waiting() && t.facts().to_move == Color::White
    });
    until(&mut white, |t| t.facts().to_move == Color::White);
    white.submit(attempt("d2d4"), Duration::ZERO);
    let news = until(&mut white, |t| !t.waiting());
    assert!(
        !news.iter().any(|n| matches!(n, News::Refused { .. })),
        "{news:?}"
    );
}

/// Two strong bots at a hosted table on a short clock keep time by the clock the table sends in
/// `state` (issue 59): the game ends at the plies cap, by a resignation, never on time; without
/// a time manager the default thinking time runs such a clock out.
#[test]
fn strong_bots_on_a_short_clock_never_lose_on_time() {
    strong_bots_keep_time(Preset::Wild16);
}

/// The same in RBC, where the strong bot on a clock searches every world, deeper while its
/// budget allows (issue 59): each search stops at its budget, so the clock never runs out.
#[test]
fn strong_rbc_bots_searching_on_a_short_clock_never_lose_on_time() {
    strong_bots_keep_time(Preset::Rbc);
}

/// Two strong bots play `preset` at a hosted table at 2.5 s a side, no increment, for at most
/// 24 plies: the game ends by play or at the cap, never on time.
fn strong_bots_keep_time(preset: Preset) {
    use kriegspiel::announce::EndReason;
    use kriegspiel::bots::driver::Driver;
    use kriegspiel::bots::strong::StrongBot;
    use kriegspiel::clock::TimeControl;
    use kriegspiel::seat::engine::play_seat;
    use kriegspiel::seat::link::Connection;
    let dir = tempfile::tempdir().expect("temp dir");
    let hosted = start_host(&HostOptions {
        rules: preset.rules(),
        time_control: Some(TimeControl {
            base_ms: 2_500,
            increment_ms: 0,
            delay_ms: 0,
        }),
        bind: "127.0.0.1".into(),
        port: 0,
        autosave: dir.path().join("hosted.ron"),
        resume: None,
    })
    .expect("hosts");
    let address = format!("127.0.0.1:{}", hosted.server.addr().port());
    let seats: Vec<_> = Color::ALL
        .into_iter()
        .map(|seat| {
            let mut hello = Hello::new();
            hello.code = Some(hosted.server.code().to_owned());
            hello.seat = Some(seat);
            let address = address.clone();
            std::thread::spawn(move || {
                let conn = Connection::open(&address, &hello).expect("connects");
                let (reader, writer) = conn.into_io();
                let seed = u64::from(seat.is_white()) + 7;
                let mut bot = Driver::start(Box::new(StrongBot::new(seed)));
                let (_, state) = play_seat(&mut bot, None, Some(24), reader, writer, &mut |_| {})
                    .expect("plays");
                state.state.and_then(|s| s.over).expect("the game ended")
            })
        })
        .collect();
    for seat in seats {
        let over = seat.join().expect("the seat's thread");
        // Ended at the ply cap (a resignation) or by play (a mate on the way): never on time.
        assert_ne!(over.reason, EndReason::Timeout, "{over:?}");
        assert!(
            matches!(
                over.reason,
                EndReason::Resignation
                    | EndReason::Checkmate
                    | EndReason::Stalemate
                    | EndReason::KingCaptured
            ),
            "{over:?}"
        );
    }
}
