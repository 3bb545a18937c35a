//! The seat protocol across machines as a hostile peer meets it, on loopback (every address in
//! 127.0.0.0/8): connections that trickle, a seat that floods and never reads, a seat or a table
//! that goes silent, guessed codes, a resumed table's seats. Each attack is bounded in count and
//! time; what is asserted is what the table does (joins, drops, refuses, memory), and the
//! figures are printed (the speed targets are in `kriegspiel bench --only wire`).

use kriegspiel::bench::wire::{RawSeat, Trickle, code_hello, loopback_host, resident_bytes};
use kriegspiel::rules::Preset;
use kriegspiel::seat::gate::{ADDRESS_BURST, ADDRESS_INTERVAL, MAX_PENDING, MAX_WAIT};
use kriegspiel::seat::link::{Connection, LinkError};
use kriegspiel::seat::secure;
use kriegspiel::seat::serve::{HostOptions, start_host};
use kriegspiel::seat::{Hello, SeatState, ToSeat};
use shakmaty::Color;
use std::net::{IpAddr, Ipv4Addr};
use std::time::{Duration, Instant};

const MB: u64 = 1024 * 1024;

fn local(a: u8, b: u8, c: u8) -> IpAddr {
    IpAddr::V4(Ipv4Addr::new(127, a, b, c))
}

/// As many descriptors as the system lets this process have; how many that is.
fn raise_descriptor_limit() -> u64 {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit only read and write the struct given.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
            return 1024;
        }
        limit.rlim_cur = limit.rlim_max;
        libc::setrlimit(libc::RLIMIT_NOFILE, &limit);
        libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit);
    }
    limit.rlim_cur
}

/// Reads `conn`'s lines into `state` until `done` holds (at most `wait`); false if it never did.
fn until(
    conn: &Connection,
    state: &mut SeatState,
    wait: Duration,
    done: impl Fn(&SeatState) -> bool,
) -> bool {
    let deadline = Instant::now() + wait;
    while !done(state) {
        let left = deadline.saturating_duration_since(Instant::now());
        match conn.recv_timeout(left) {
            Ok(Ok(line)) => {
                state.receive(&line).expect("a seat-protocol line");
            }
            _ => return false,
        }
    }
    true
}

fn host(dir: &std::path::Path) -> kriegspiel::seat::serve::Hosted {
    loopback_host(Preset::Wild16.rules(), dir).expect("hosts")
}

#[test]
fn ten_thousand_trickling_connections_do_not_keep_a_seat_out() {
    let limit = raise_descriptor_limit();
    // This side holds every connection open (the table keeps at most MAX_PENDING of them).
    let count = 10_000.min(limit.saturating_sub(512) as usize);
    let dir = tempfile::tempdir().expect("a folder");
    let hosted = host(dir.path());
    let addr = hosted.server.addr();
    let before = resident_bytes().unwrap_or(0);
    let mut trickle = Trickle::start(addr, count).expect("opens");
    trickle.drip();
    assert!(hosted.server.waiting() <= MAX_PENDING);
    let started = Instant::now();
    let mut seat = RawSeat::open(addr, &code_hello(&hosted.server.code(), Color::White))
        .expect("a real seat is let in");
    let welcome = seat.recv().expect("reads").expect("a line");
    assert!(welcome.starts_with("{\"type\":\"welcome\""), "{welcome}");
    let grown = resident_bytes().unwrap_or(0).saturating_sub(before);
    eprintln!(
        "{} connections of {count} open; a seat joined in {:.1} ms; memory +{:.1} MB",
        trickle.open.len(),
        started.elapsed().as_secs_f64() * 1000.0,
        grown as f64 / MB as f64
    );
    assert!(grown < 200 * MB, "memory grew by {grown} bytes");
    assert!(hosted.server.waiting() <= MAX_PENDING);
}

#[test]
fn a_seat_that_floods_without_reading_is_dropped_and_the_other_seat_plays_on() {
    let dir = tempfile::tempdir().expect("a folder");
    let hosted = host(dir.path());
    let addr = hosted.server.addr();
    let code = hosted.server.code();
    let white =
        Connection::open(&addr.to_string(), &code_hello(&code, Color::White)).expect("White");
    let mut white_state = SeatState::new();
    assert!(until(
        &white,
        &mut white_state,
        Duration::from_secs(10),
        |s| s.state.is_some()
    ));
    let mut black = RawSeat::open(addr, &code_hello(&code, Color::Black)).expect("Black");
    let welcome = black.recv().expect("reads").expect("Black's welcome");
    let Ok(ToSeat::Welcome { token, .. }) = serde_json::from_str(&welcome) else {
        panic!("not a welcome: {welcome}");
    };
    assert!(until(
        &white,
        &mut white_state,
        Duration::from_secs(10),
        |s| { s.state.as_ref().is_some_and(|st| st.opponent_connected) }
    ));
    let before = resident_bytes().unwrap_or(0);
    let started = Instant::now();
    let mut sent = 0;
    // Black floods and never reads: the table stops taking its lines (it is disconnected).
    while black.send("{\"op\":\"bogus\"}").is_ok() && started.elapsed() < Duration::from_secs(60) {
        sent += 1;
    }
    assert!(
        started.elapsed() < Duration::from_secs(60),
        "the flooding seat was never dropped"
    );
    assert!(until(
        &white,
        &mut white_state,
        Duration::from_secs(20),
        |s| { s.state.as_ref().is_some_and(|st| !st.opponent_connected) }
    ));
    let grown = resident_bytes().unwrap_or(0).saturating_sub(before);
    eprintln!(
        "the flooding seat was dropped after {sent} lines in {:.2} s; memory +{:.1} MB",
        started.elapsed().as_secs_f64(),
        grown as f64 / MB as f64
    );
    assert!(grown < 200 * MB);
    // White is answered as before.
    let mut white = white;
    white
        .send("{\"op\":\"try\",\"move\":\"e2e4\"}")
        .expect("sends");
    assert!(until(
        &white,
        &mut white_state,
        Duration::from_secs(10),
        |s| s.have() > 0
    ));
    // Black comes back with its token.
    let mut hello = Hello::new();
    hello.token = Some(token);
    let mut again = RawSeat::open(addr, &hello).expect("Black takes its seat back");
    let line = again.recv().expect("reads").expect("a line");
    assert!(line.starts_with("{\"type\":\"welcome\""), "{line}");
}

/// Whether a seat with `hello` from `from` was seated (its welcome came).
fn seated(from: IpAddr, addr: std::net::SocketAddr, hello: &Hello) -> bool {
    RawSeat::open_from(from, addr, hello)
        .ok()
        .and_then(|mut seat| seat.recv().ok().flatten())
        .is_some_and(|line| line.starts_with("{\"type\":\"welcome\""))
}

#[test]
fn wrong_codes_slow_their_address_for_seconds_and_the_right_code_still_works_there() {
    let dir = tempfile::tempdir().expect("a folder");
    let hosted = host(dir.path());
    let addr = hosted.server.addr();
    // A club's shared address: someone there mistypes the code again and again.
    let shared = local(0, 9, 9);
    let started = Instant::now();
    for i in 0..ADDRESS_BURST + 1 {
        let guess = code_hello(&format!("{:06}", i), Color::White);
        let mut seat = RawSeat::open_from(shared, addr, &guess).expect("answered, after a wait");
        assert!(
            seat.recv().is_err(),
            "a wrong code is refused after the exchange"
        );
    }
    let wrong = started.elapsed();
    // The right code from that same address still seats, once its short wait has passed.
    let right = code_hello(&hosted.server.code(), Color::White);
    let at = Instant::now();
    assert!(
        seated(shared, addr, &right),
        "the shared address is not locked out"
    );
    let waited = at.elapsed();
    eprintln!(
        "{} wrong codes from one address: {wrong:?}; the right code then seated in {waited:?}",
        ADDRESS_BURST + 1
    );
    // The sixth wrong try waited one interval; the right one another, never MAX_WAIT or more.
    assert!(wrong >= ADDRESS_INTERVAL.mul_f32(0.9), "{wrong:?}");
    assert!(waited >= ADDRESS_INTERVAL.mul_f32(0.9), "{waited:?}");
    assert!(waited < MAX_WAIT, "{waited:?}");
}

#[test]
fn the_right_code_seats_the_player_after_a_hundred_wrong_ones_from_many_addresses() {
    let dir = tempfile::tempdir().expect("a folder");
    let hosted = host(dir.path());
    let addr = hosted.server.addr();
    let code = hosted.server.code();
    // 120 failed exchanges from 60 addresses, six at a time (they were: the code retired after
    // 100, and the player holding it refused).
    let started = Instant::now();
    let attackers: Vec<_> = (0..6u8)
        .map(|t| {
            std::thread::spawn(move || {
                let mut failed = 0;
                for i in 0..20u8 {
                    let from = local(0, 8, 1 + t * 10 + i % 10);
                    let guess = code_hello("ZZZ-ZZZ", Color::White);
                    if let Ok(mut seat) = RawSeat::open_from(from, addr, &guess) {
                        assert!(seat.recv().is_err());
                        failed += 1;
                    }
                }
                failed
            })
        })
        .collect();
    let failed: u32 = attackers
        .into_iter()
        .map(|a| a.join().expect("an attacker"))
        .sum();
    let attack = started.elapsed();
    assert_eq!(
        failed, 120,
        "every wrong try was answered (paced, not refused)"
    );
    assert_eq!(
        hosted.server.code(),
        code,
        "the printed code is never retired"
    );
    let at = Instant::now();
    let right = code_hello(&code, Color::White);
    assert!(seated(local(0, 7, 2), addr, &right), "the player is seated");
    let waited = at.elapsed();
    eprintln!(
        "120 wrong codes from 60 addresses in {attack:?}; the right code seated in {waited:?}"
    );
    assert!(waited < MAX_WAIT, "{waited:?}");
}

#[test]
fn a_silent_seat_is_shown_disconnected() {
    let dir = tempfile::tempdir().expect("a folder");
    let hosted = host(dir.path());
    let addr = hosted.server.addr();
    let code = hosted.server.code();
    let black =
        Connection::open(&addr.to_string(), &code_hello(&code, Color::Black)).expect("Black");
    let mut state = SeatState::new();
    // White joins, then sends nothing at all (not even a heartbeat) and never closes.
    let mut white = RawSeat::open(addr, &code_hello(&code, Color::White)).expect("White");
    white.recv().expect("reads");
    assert!(until(&black, &mut state, Duration::from_secs(10), |s| {
        s.state.as_ref().is_some_and(|st| st.opponent_connected)
    }));
    let started = Instant::now();
    assert!(until(&black, &mut state, Duration::from_secs(20), |s| {
        s.state.as_ref().is_some_and(|st| !st.opponent_connected)
    }));
    eprintln!(
        "a silent seat was shown disconnected after {:.1} s",
        started.elapsed().as_secs_f64()
    );
    drop(white);
}

#[test]
fn a_silent_table_ends_the_connection() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("binds");
    let addr = listener.local_addr().expect("addr");
    let table = std::thread::spawn(move || {
        let (mut stream, _) = listener.accept().expect("accepts");
        let claim = secure::read_frame(&mut stream, secure::MAX_CLAIM)
            .expect("reads")
            .expect("a claim");
        let (_, message) = secure::read_claim(&claim).expect("a claim");
        let (answer, _, _) = secure::table_exchange("ABCDEF", message).expect("exchange");
        secure::write_frame(&mut stream, &answer).expect("writes");
        // Then nothing: no welcome, no heartbeat.
        std::thread::sleep(Duration::from_secs(15));
    });
    let started = Instant::now();
    let conn =
        Connection::open(&addr.to_string(), &code_hello("ABC-DEF", Color::White)).expect("opens");
    let got = conn
        .recv_timeout(Duration::from_secs(20))
        .expect("the end is told");
    assert!(matches!(got, Err(LinkError::Silent)), "{got:?}");
    eprintln!(
        "a silent table was given up after {:.1} s",
        started.elapsed().as_secs_f64()
    );
    drop(table);
}

#[test]
fn a_resumed_table_gives_each_seat_only_to_its_own_code() {
    let dir = tempfile::tempdir().expect("a folder");
    let save = {
        let hosted = host(dir.path());
        let addr = hosted.server.addr();
        let mut white =
            RawSeat::open(addr, &code_hello(&hosted.server.code(), Color::White)).expect("White");
        white.recv().expect("reads");
        white
            .send("{\"op\":\"try\",\"move\":\"e2e4\"}")
            .expect("sends");
        white.recv().expect("reads");
        hosted.server.stop();
        dir.path().join("hosted.ron")
    };
    let resumed = start_host(&HostOptions {
        rules: Preset::Wild16.rules(),
        time_control: None,
        bind: "127.0.0.1".into(),
        port: 0,
        autosave: dir.path().join("resumed.ron"),
        resume: Some(save),
    })
    .expect("resumes");
    let addr = resumed.server.addr();
    let codes = Color::ALL.map(|c| {
        resumed
            .server
            .with_host(|h| h.seat_code(c))
            .expect("a code per seat")
    });
    assert!(
        codes[0].starts_with("W-") && codes[1].starts_with("B-"),
        "{codes:?}"
    );
    // The game's code gives no seat (neither the one asked for nor any); Black's code does not
    // give White's seat.
    let general = Connection::open(
        &addr.to_string(),
        &code_hello(&resumed.server.code(), Color::White),
    )
    .expect("opens");
    let line = general
        .recv_timeout(Duration::from_secs(10))
        .expect("answered")
        .expect("a line");
    assert!(line.contains("not the join code"), "{line}");
    let mut any = Hello::new();
    any.code = Some(resumed.server.code());
    let general = Connection::open(&addr.to_string(), &any).expect("opens");
    let line = general
        .recv_timeout(Duration::from_secs(10))
        .expect("answered")
        .expect("a line");
    assert!(line.contains("a code for each seat"), "{line}");
    let mut by_black = code_hello(&codes[1], Color::White);
    by_black.seat = Some(Color::White);
    let mut black = RawSeat::open(addr, &by_black).expect("Black's code is answered");
    let welcome = black.recv().expect("reads").expect("a line");
    let Ok(ToSeat::Welcome { seat, .. }) = serde_json::from_str(&welcome) else {
        panic!("{welcome}");
    };
    assert_eq!(seat, Color::Black, "Black's code takes only Black's seat");
    let mut white = RawSeat::open(addr, &code_hello(&codes[0], Color::Black)).expect("answered");
    let welcome = white.recv().expect("reads").expect("a line");
    assert!(welcome.contains("\"seat\":\"white\""), "{welcome}");
}

/// A hosted game left and resumed at once binds the same port: `stop` must have closed the
/// listener when it returns (it once shut its runtime down in the background, and the resume
/// found the port still in use now and then).
#[test]
fn a_stopped_table_has_freed_its_port() {
    let dir = tempfile::tempdir().expect("a folder");
    for _ in 0..10 {
        let hosted = host(dir.path());
        let addr = hosted.server.addr();
        hosted.server.stop();
        let again = std::net::TcpListener::bind(addr);
        assert!(
            again.is_ok(),
            "port {} still in use: {again:?}",
            addr.port()
        );
    }
}
