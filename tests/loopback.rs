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
