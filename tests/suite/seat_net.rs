//! Whole games over loopback TCP: `kriegspiel host --as none`, a `kriegspiel join --bot` process
//! and a seat played in this test through the library's own connection, each behind a recording
//! proxy that keeps every byte crossing it. No byte on the wire is readable protocol text (the
//! channel is sealed), and nothing a seat was not told reaches it before the reveal, in every
//! preset; a killed seat comes back with its token and the game goes on with nothing lost; and
//! `kriegspiel match` seats an engine program.

use crate::privacy;

use kriegspiel::log::GameLog;
use kriegspiel::rules::Preset;
use kriegspiel::seat::link::Connection;
use kriegspiel::seat::{Hello, SeatState};
use shakmaty::Color;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_kriegspiel");

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ks-seat-net-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// A host process and the address and code it printed.
struct HostProcess {
    child: Child,
    addr: SocketAddr,
    code: String,
    save: PathBuf,
}

impl Drop for HostProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start_host(rules: &str, dir: &Path) -> HostProcess {
    let save = dir.join("hosted.ron");
    let mut child = Command::new(BIN)
        .args(["host", "--as", "none", "--port", "0", "--bind", "127.0.0.1"])
        .args(["--rules", rules, "--autosave"])
        .arg(&save)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the host starts");
    let mut out = BufReader::new(child.stdout.take().expect("stdout"));
    let (mut addr, mut code) = (None, None);
    while addr.is_none() || code.is_none() {
        let mut line = String::new();
        assert!(
            out.read_line(&mut line).expect("reads") > 0,
            "the host printed its address"
        );
        if let Some(a) = line.strip_prefix("address ") {
            addr = a.trim().parse().ok();
        }
        if let Some(c) = line.strip_prefix("code ") {
            code = Some(c.trim().to_owned());
        }
    }
    // The rest of the host's output is read (and dropped) so that it never blocks.
    std::thread::spawn(move || for _ in out.lines() {});
    HostProcess {
        child,
        addr: addr.expect("address"),
        code: code.expect("code"),
        save,
    }
}

/// The bytes the host sent one connection.
type Record = Arc<Mutex<Vec<u8>>>;

/// A TCP proxy in front of the host: what the host sends each connection is recorded.
struct Proxy {
    addr: SocketAddr,
    records: Arc<Mutex<Vec<Record>>>,
}

fn proxy(upstream: SocketAddr) -> Proxy {
    let listener = TcpListener::bind("127.0.0.1:0").expect("binds");
    let addr = listener.local_addr().expect("addr");
    let records: Arc<Mutex<Vec<Record>>> = Arc::default();
    let kept = Arc::clone(&records);
    std::thread::spawn(move || {
        for client in listener.incoming() {
            let Ok(client) = client else { return };
            let Ok(host) = TcpStream::connect(upstream) else {
                return;
            };
            let _ = (client.set_nodelay(true), host.set_nodelay(true));
            let record = Arc::new(Mutex::new(Vec::new()));
            kept.lock().expect("lock").push(Arc::clone(&record));
            let (mut c_read, mut h_write) = (
                client.try_clone().expect("clone"),
                host.try_clone().expect("clone"),
            );
            let sent = Arc::new(Mutex::new(Vec::new()));
            kept.lock().expect("lock").push(Arc::clone(&sent));
            std::thread::spawn(move || {
                let mut buf = [0u8; 8192];
                while let Ok(n @ 1..) = c_read.read(&mut buf) {
                    sent.lock().expect("lock").extend_from_slice(&buf[..n]);
                    if h_write.write_all(&buf[..n]).is_err() {
                        break;
                    }
                }
                let _ = h_write.shutdown(std::net::Shutdown::Both);
            });
            let (mut h_read, mut c_write) = (host, client);
            std::thread::spawn(move || {
                let mut buf = [0u8; 8192];
                loop {
                    match h_read.read(&mut buf) {
                        Ok(0) | Err(_) => break,
                        Ok(n) => {
                            record.lock().expect("lock").extend_from_slice(&buf[..n]);
                            if c_write.write_all(&buf[..n]).is_err() {
                                break;
                            }
                        }
                    }
                }
                let _ = c_write.shutdown(std::net::Shutdown::Both);
            });
        }
    });
    Proxy { addr, records }
}

impl Proxy {
    /// Every byte that crossed this proxy, both ways, all connections.
    fn bytes(&self) -> Vec<u8> {
        let records = self.records.lock().expect("lock");
        records
            .iter()
            .flat_map(|r| r.lock().expect("lock").clone())
            .collect()
    }

    /// Asserts that the traffic is not readable: none of the protocol's words, no code, token,
    /// square or move in clear.
    fn assert_unreadable(&self, secrets: &[&str]) {
        let bytes = self.bytes();
        assert!(bytes.len() > 1000, "a game crossed the proxy");
        let words = [
            "\"op\"", "\"type\"", "hello", "welcome", "heard", "reveal", "\"seat\"", "token",
            "\"n\":", "e2e4", "Illegal", "illegal",
        ];
        for word in words.iter().chain(secrets) {
            assert!(
                !bytes.windows(word.len()).any(|w| w == word.as_bytes()),
                "'{word}' crossed the wire in clear"
            );
        }
    }
}

/// A seat played in this test by a random bot through [`Connection`]: every line it was sent
/// (opened), and its end.
fn recorded_seat(
    addr: SocketAddr,
    hello: Hello,
    seed: u64,
    max_plies: Option<u32>,
) -> std::thread::JoinHandle<(Vec<String>, kriegspiel::seat::engine::SeatEnd)> {
    std::thread::spawn(move || {
        let conn = Connection::open(&addr.to_string(), &hello).expect("connects");
        let (reader, writer) = conn.into_io();
        let mut tee = Tee {
            inner: reader,
            seen: Vec::new(),
        };
        let bot = Box::new(kriegspiel::bots::random::RandomBot::new(seed));
        let mut driver = kriegspiel::bots::driver::Driver::start(bot);
        let (end, _) = kriegspiel::seat::engine::play_seat(
            &mut driver,
            None,
            max_plies,
            &mut tee,
            writer,
            &mut |_| {},
        )
        .expect("plays");
        let text = String::from_utf8(tee.seen).expect("utf-8");
        (text.lines().map(str::to_owned).collect(), end)
    })
}

/// A reader that keeps what was read through it.
struct Tee<R> {
    inner: R,
    seen: Vec<u8>,
}

impl<R: BufRead> Read for Tee<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.seen.extend_from_slice(&buf[..n]);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Tee<R> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        self.inner.fill_buf()
    }

    fn consume(&mut self, amt: usize) {
        if let Ok(buf) = self.inner.fill_buf() {
            let n = amt.min(buf.len());
            self.seen.extend_from_slice(&buf[..n]);
        }
        self.inner.consume(amt);
    }
}

fn join(addr: SocketAddr, args: &[&str]) -> Child {
    Command::new(BIN)
        .arg("join")
        .arg(addr.to_string())
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("join starts")
}

/// Waits for a process to end (at most a minute) and returns its standard output.
fn finish(mut child: Child) -> String {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if let Some(status) = child.try_wait().expect("waits") {
            let mut out = String::new();
            if let Some(mut o) = child.stdout.take() {
                let _ = o.read_to_string(&mut out);
            }
            assert!(status.success(), "the seat process failed: {out}");
            return out;
        }
        assert!(Instant::now() < deadline, "a seat process did not finish");
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn host_log(save: &Path) -> GameLog {
    kriegspiel::save::load_file(save)
        .expect("the host's autosave loads")
        .saved
        .log
}

#[test]
fn whole_games_cross_a_sealed_wire_and_no_secret_reaches_a_seat() {
    for (i, preset) in Preset::ALL.into_iter().enumerate() {
        let started = Instant::now();
        let dir = scratch(preset.id());
        let host = start_host(preset.id(), &dir);
        let (white_proxy, black_proxy) = (proxy(host.addr), proxy(host.addr));
        // One seat is a `join` process, the other this test's own (whose lines are checked);
        // they swap from one preset to the next.
        let recorded = if i % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let name = |c: Color| c.fold_wb("white", "black");
        let process_proxy = recorded.fold_wb(&black_proxy, &white_proxy);
        let process = join(
            process_proxy.addr,
            &[
                "--code",
                &host.code,
                "--seat",
                name(!recorded),
                "--bot",
                "random",
                "--max-moves",
                "80",
            ],
        );
        let mut hello = Hello::new();
        hello.code = Some(host.code.clone());
        hello.seat = Some(recorded);
        let own_proxy = recorded.fold_wb(&white_proxy, &black_proxy);
        let own = recorded_seat(own_proxy.addr, hello, i as u64 + 7, Some(160));
        let out = finish(process);
        let (lines, end) = own.join().expect("the test's seat");
        assert!(out.contains("result "), "{out}");
        assert_eq!(end, kriegspiel::seat::engine::SeatEnd::Revealed);
        let log = host_log(&host.save);
        assert!(!log.events.is_empty());
        privacy::assert_private(&lines, &log, recorded);
        let token = out
            .lines()
            .find_map(|l| l.split_once(" token ").map(|(_, t)| t.trim().to_owned()))
            .expect("the process printed its token");
        for proxy in [&white_proxy, &black_proxy] {
            proxy.assert_unreadable(&[&host.code, &host.code.replace('-', ""), &token]);
        }
        let _ = std::fs::remove_dir_all(&dir);
        eprintln!(
            "{preset}: {} events, {:.1} s",
            log.events.len(),
            started.elapsed().as_secs_f64()
        );
    }
}

/// The test's own seat over TCP: a seat state fed by a reading thread.
struct OwnSeat {
    conn: Connection,
    state: SeatState,
}

impl OwnSeat {
    /// Reads lines until `done` holds (at most 20 s).
    fn until(&mut self, done: impl Fn(&SeatState) -> bool) {
        let deadline = Instant::now() + Duration::from_secs(20);
        while !done(&self.state) {
            let wait = deadline.saturating_duration_since(Instant::now());
            let line = self
                .conn
                .recv_timeout(wait)
                .expect("a line in time")
                .expect("open");
            self.state.receive(&line).expect("a seat-protocol line");
        }
    }
}

#[test]
fn a_killed_seat_reconnects_with_its_token_and_nothing_is_lost() {
    let dir = scratch("reconnect");
    let host = start_host("wild16", &dir);
    let black_proxy = proxy(host.addr);
    let mut hello = Hello::new();
    hello.code = Some(host.code.clone());
    hello.seat = Some(Color::White);
    let conn = Connection::open(&host.addr.to_string(), &hello).expect("connects");
    let mut white = OwnSeat {
        conn,
        state: SeatState::new(),
    };
    white.until(|s| s.state.is_some());
    let black = join(
        black_proxy.addr,
        &["--code", &host.code, "--seat", "black", "--bot", "random"],
    );
    white.until(|s| s.state.as_ref().is_some_and(|st| st.opponent_connected));
    let mut bot = kriegspiel::bots::random::RandomBot::new(11);
    use kriegspiel::bots::Bot;
    let mut play_one = |white: &mut OwnSeat| {
        // One whole White turn: attempts until one is legal.
        let moves = white.state.view().expect("view").move_number;
        while white.state.view().expect("view").move_number == moves
            || white.state.view().expect("view").to_move == Color::White
        {
            white.until(|s| s.to_act() || s.state.as_ref().is_some_and(|st| st.over.is_some()));
            if white
                .state
                .state
                .as_ref()
                .is_some_and(|st| st.over.is_some())
            {
                return;
            }
            let view = white.state.view().expect("view").clone();
            let request = bot.act(&view).expect("a request");
            let line = serde_json::to_string(&kriegspiel::referee::RequestRepr::from(request))
                .expect("json");
            let errors = white.state.errors.len();
            let have = white.state.have();
            white.conn.send(&line).expect("sends");
            white.until(|s| {
                s.errors.len() > errors
                    || (s.have() > have && s.state.as_ref().is_some_and(|st| st.n == s.have()))
            });
            if white.state.view().expect("view").to_move == Color::Black {
                return;
            }
        }
    };
    for _ in 0..5 {
        play_one(&mut white);
        white.until(|s| s.to_act());
    }
    // Black's process printed its seat and token as soon as it was seated; it dies while White
    // is to move.
    let mut black = black;
    let mut first = String::new();
    BufReader::new(black.stdout.take().expect("stdout"))
        .read_line(&mut first)
        .expect("reads");
    let token = first
        .strip_prefix("seat black token ")
        .map(|t| t.trim().to_owned())
        .expect("Black's process printed its token first");
    black.kill().expect("kills");
    black.wait().expect("waits");
    white.until(|s| s.state.as_ref().is_some_and(|st| !st.opponent_connected));
    let before = host_log(&host.save).events.len();
    play_one(&mut white); // White moves while Black is away
    let during = host_log(&host.save);
    assert!(
        during.events.len() > before,
        "the host took White's move with Black away"
    );
    // A new Black seat takes the seat back with the token (holding nothing) and plays on.
    let mut hello = Hello::new();
    hello.token = Some(token);
    let black = recorded_seat(black_proxy.addr, hello, 5, Some(80));
    white.until(|s| s.state.as_ref().is_some_and(|st| st.opponent_connected));
    while white.state.reveal.is_none() {
        white.until(|s| s.to_act() || s.reveal.is_some());
        if white.state.reveal.is_none() {
            play_one(&mut white);
        }
    }
    let (again, _) = black.join().expect("Black's new seat");
    let log = host_log(&host.save);
    assert!(
        log.events.starts_with(&during.events),
        "nothing before the drop was lost"
    );
    assert_eq!(
        white.state.reveal.as_ref().map(|l| &l.events),
        Some(&log.events)
    );
    // The new connection was sent Black's whole record again (it held nothing), and it was
    // all Black's to hear.
    privacy::assert_private(&again, &log, Color::Black);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_match_seats_an_engine_program() {
    let out = Command::new(BIN)
        .args(["match", "--white", "cmd:kriegspiel engine --bot random"])
        .args(["--black", "random", "--games", "20", "--swap"])
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let last = text.lines().last().expect("a summary line");
    assert!(
        last.starts_with("cmd:kriegspiel engine --bot random vs random: +")
            && last.contains(" of 20, avg plies "),
        "{last}"
    );
    // Every game line: no request of the engine was refused as malformed.
    let games: Vec<&str> = text.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 20);
}

/// `join --max-plies`: a seat that reaches its cap says it stopped at the cap (the resignation
/// that ends the game is its own, not the bot's judgement); the other seat does not.
#[test]
fn a_cap_reached_is_reported_as_a_cap() {
    let dir = scratch("cap");
    let host = start_host("wild16", &dir);
    let seat = |name: &str, cap: &str| {
        join(
            host.addr,
            &[
                "--code",
                &host.code,
                "--seat",
                name,
                "--bot",
                "random",
                "--max-plies",
                cap,
            ],
        )
    };
    let (white, black) = (seat("white", "10"), seat("black", "400"));
    let (white, black) = (finish(white), finish(black));
    assert!(
        white.contains("stopped at the --max-plies cap (10 plies played): this seat resigned"),
        "{white}"
    );
    assert!(white.contains("result 0-1 (resignation)"), "{white}");
    assert!(!black.contains("--max-plies"), "{black}");
    assert!(black.contains("result 0-1 (resignation)"), "{black}");
}
