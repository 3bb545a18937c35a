//! A seat against a hostile table (loopback): a table that never answers the claim is reported
//! in words, heartbeats without a welcome do not keep a seat waiting, a frame trickled a byte at
//! a time is given up, and a line longer than the game allows is refused before it is read.

use kriegspiel::seat::link::{Connection, LinkError, WELCOME_WAIT};
use kriegspiel::seat::secure::{self, Sealer};
use kriegspiel::seat::{Hello, SeatError, SeatState};
use std::io::Write;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::time::{Duration, Instant};

const CODE: &str = "ABCDEF";

fn hello() -> Hello {
    let mut h = Hello::new();
    h.code = Some(CODE.to_owned());
    h
}

/// A table that does the exchange over [`CODE`] and reads the hello, then does `then`.
fn fake_table(then: impl FnOnce(TcpStream, Sealer) + Send + 'static) -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").expect("binds");
    let addr = listener.local_addr().expect("an address");
    std::thread::spawn(move || {
        let Ok((mut stream, _)) = listener.accept() else {
            return;
        };
        let Ok(Some(claim)) = secure::read_frame(&mut stream, secure::MAX_CLAIM) else {
            return;
        };
        let Some((_, message)) = secure::read_claim(&claim) else {
            return;
        };
        let Some((answer, sealer, _)) = secure::table_exchange(CODE, message) else {
            return;
        };
        if secure::write_frame(&mut stream, &answer).is_err() {
            return;
        }
        let _hello = secure::read_frame(&mut stream, 4096);
        then(stream, sealer);
    });
    addr
}

/// The end of a connection that never sees a line: why, and how long it took.
fn ended(addr: SocketAddr) -> (LinkError, Duration) {
    let start = Instant::now();
    let connection = Connection::open(&addr.to_string(), &hello()).expect("the exchange");
    match connection.recv() {
        Ok(line) => panic!("a line came: {line}"),
        Err(e) => (e, start.elapsed()),
    }
}

#[test]
fn heartbeats_alone_do_not_keep_a_seat_waiting_for_its_welcome() {
    let addr = fake_table(|mut stream, mut sealer| {
        while secure::write_frame(&mut stream, &sealer.seal(b"")).is_ok() {
            std::thread::sleep(Duration::from_millis(500));
        }
    });
    let (why, took) = ended(addr);
    assert!(matches!(why, LinkError::NoWelcome), "{why}");
    assert!(took >= WELCOME_WAIT, "{took:?}");
    assert!(took < WELCOME_WAIT * 2, "{took:?}");
    assert!(
        why.to_string().contains("did not answer the hello"),
        "{why}"
    );
}

#[test]
fn a_frame_trickled_a_byte_at_a_time_is_given_up() {
    let addr = fake_table(|mut stream, mut sealer| {
        let line = r#"{"type":"error","error":"slow"}"#.repeat(8);
        let frame = secure::framed(&sealer.seal(line.as_bytes()));
        for byte in frame {
            if stream.write_all(&[byte]).is_err() {
                return;
            }
            std::thread::sleep(Duration::from_millis(400));
        }
    });
    let (why, took) = ended(addr);
    assert!(matches!(why, LinkError::Slow(_)), "{why}");
    assert!(took < Duration::from_secs(30), "{took:?}");
    assert!(why.to_string().contains("too slowly"), "{why}");
}

#[test]
fn a_table_that_never_answers_the_claim_is_told_in_words() {
    let listener = TcpListener::bind("127.0.0.1:0").expect("binds");
    let addr = listener.local_addr().expect("an address");
    let holder = std::thread::spawn(move || {
        let held = listener.accept();
        std::thread::sleep(Duration::from_secs(8));
        drop(held);
    });
    let error = match Connection::open(&addr.to_string(), &hello()) {
        Ok(_) => panic!("a table that never answered seated a seat"),
        Err(e) => e.to_string(),
    };
    assert!(error.contains("did not answer"), "{error}");
    assert!(!error.contains("os error"), "{error}");
    let _ = holder.join();
}

#[test]
fn a_line_longer_than_the_game_allows_is_refused_before_it_is_read() {
    let mut seat = SeatState::new();
    let reveal = format!(r#"{{"type":"reveal","log":"{}"}}"#, "x".repeat(4 << 20));
    match seat.receive(&reveal) {
        Err(SeatError::TooLong { len, limit }) => assert!(len > limit, "{len} {limit}"),
        other => panic!("a 4 MB line at the start of a game was read: {other:?}"),
    }
}
