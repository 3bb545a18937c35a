//! Whole games between `kriegspiel` processes over loopback TCP: `kriegspiel host --as none` and
//! two `kriegspiel join --bot` seats, each behind a recording proxy that keeps every byte the
//! host sent it. Nothing a seat was not told crosses the wire before the reveal, in every
//! preset; a killed seat comes back with its token and the game goes on with nothing lost; and
//! `kriegspiel match` seats an engine program.

#[path = "common/privacy.rs"]
mod privacy;

use kriegspiel::log::GameLog;
use kriegspiel::rules::Preset;
use kriegspiel::seat::{Hello, SeatState, ToSeat};
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
            std::thread::spawn(move || {
                let _ = std::io::copy(&mut c_read, &mut h_write);
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
    /// The lines the host sent the `i`-th connection through this proxy.
    fn lines(&self, i: usize) -> Vec<String> {
        let records = self.records.lock().expect("lock");
        let bytes = records[i].lock().expect("lock").clone();
        String::from_utf8(bytes)
            .expect("the host sends UTF-8")
            .lines()
            .map(str::to_owned)
            .collect()
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
fn two_processes_play_whole_games_and_no_secret_crosses_the_wire() {
    for preset in Preset::ALL {
        let started = Instant::now();
        let dir = scratch(preset.id());
        let host = start_host(preset.id(), &dir);
        let (white_proxy, black_proxy) = (proxy(host.addr), proxy(host.addr));
        let seat = |p: &Proxy, color: &str| {
            join(
                p.addr,
                &[
                    "--code",
                    &host.code,
                    "--seat",
                    color,
                    "--bot",
                    "random",
                    "--max-moves",
                    "80",
                ],
            )
        };
        let white = seat(&white_proxy, "white");
        let black = seat(&black_proxy, "black");
        let (w_out, b_out) = (finish(white), finish(black));
        assert!(
            w_out.contains("result ") && b_out.contains("result "),
            "{w_out} / {b_out}"
        );
        let log = host_log(&host.save);
        assert!(!log.events.is_empty());
        for (proxy, color) in [(&white_proxy, Color::White), (&black_proxy, Color::Black)] {
            privacy::assert_private(&proxy.lines(0), &log, color);
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
    conn: kriegspiel::seat::net::Connection,
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
                .lines
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
    let conn =
        kriegspiel::seat::net::Connection::open(&host.addr.to_string(), &hello).expect("connects");
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
    // Black's process dies while White is to move.
    let mut black = black;
    black.kill().expect("kills");
    black.wait().expect("waits");
    white.until(|s| s.state.as_ref().is_some_and(|st| !st.opponent_connected));
    let token = black_proxy
        .lines(0)
        .iter()
        .find_map(|l| match serde_json::from_str(l) {
            Ok(ToSeat::Welcome { token, .. }) => Some(token),
            _ => None,
        });
    let token = token.expect("Black's welcome carried its token");
    let before = host_log(&host.save).events.len();
    play_one(&mut white); // White moves while Black is away
    let during = host_log(&host.save);
    assert!(
        during.events.len() > before,
        "the host took White's move with Black away"
    );
    // A new Black process takes the seat back with the token and plays on.
    let black = join(
        black_proxy.addr,
        &["--token", &token, "--bot", "random", "--max-moves", "40"],
    );
    white.until(|s| s.state.as_ref().is_some_and(|st| st.opponent_connected));
    while white.state.reveal.is_none() {
        white.until(|s| s.to_act() || s.reveal.is_some());
        if white.state.reveal.is_none() {
            play_one(&mut white);
        }
    }
    let out = finish(black);
    assert!(out.contains("seat black token"), "{out}");
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
    let again = black_proxy.lines(1);
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
