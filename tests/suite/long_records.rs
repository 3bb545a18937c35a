//! Long records over loopback TCP: a resumed game whose seats each hold tens of thousands of
//! `heard` lines is taken back by real `kriegspiel join` processes (each asks for its whole
//! record, `have` 0), and the host's own `--bot` seat joins after `--resume`.

use kriegspiel::referee::Request;
use kriegspiel::rules::Preset;
use kriegspiel::save::{Meta, Mode};
use kriegspiel::session::GameSession;
use shakmaty::Color;
use std::io::{BufRead, BufReader, Read};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_kriegspiel");

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ks-long-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

fn attempt(uci: &str) -> Request {
    Request::Try(kriegspiel::Attempt::parse(uci).expect("a move"))
}

/// A network game (Berkeley: no repetition or fifty-move draw) saved after `events` knight
/// moves, each heard by both seats. Returns the save and both records' lengths.
fn long_save(dir: &Path, events: usize) -> (PathBuf, [usize; 2]) {
    let rules = Preset::Berkeley.rules();
    let start = kriegspiel::variant::Variant::start(&rules);
    let meta = Meta {
        mode: Mode::Network,
        ..Meta::default()
    };
    let mut session = GameSession::new(rules, start, meta, None, None).expect("starts");
    for i in 0..events {
        let knight = ["g1f3", "g8f6", "f3g1", "f6g8"][i % 4];
        session
            .apply(attempt(knight), Duration::ZERO)
            .expect("a knight move");
    }
    let path = dir.join("long.ron");
    session.save_to(&path).expect("saves");
    let log = session.game().log();
    let lens = Color::ALL.map(|c| log.perceived_by(c).events.len());
    (path, lens)
}

/// A host process, its output read line by line.
struct HostProcess {
    child: Child,
    out: BufReader<ChildStdout>,
}

impl Drop for HostProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl HostProcess {
    fn start(args: &[&str], dir: &Path) -> HostProcess {
        let mut child = Command::new(BIN)
            .args(["host", "--port", "0", "--bind", "127.0.0.1", "--autosave"])
            .arg(dir.join("hosted.ron"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the host starts");
        let out = BufReader::new(child.stdout.take().expect("stdout"));
        HostProcess { child, out }
    }

    /// The lines the host prints up to and including the first that starts with `last`.
    fn until(&mut self, last: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            let read = self.out.read_line(&mut line).expect("reads");
            assert!(read > 0, "the host ended before '{last}': {lines:?}");
            let line = line.trim().to_owned();
            let done = line.starts_with(last);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }
}

fn value<'a>(lines: &'a [String], prefix: &str) -> Option<&'a str> {
    lines.iter().find_map(|l| l.strip_prefix(prefix))
}

fn join(addr: &str, code: &str) -> Child {
    Command::new(BIN)
        .args([
            "join",
            addr,
            "--code",
            code,
            "--bot",
            "random",
            "--max-plies",
            "4",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("join starts")
}

/// Waits (at most two minutes) for a seat process; its output, and whether it succeeded.
fn finish(mut child: Child) -> (bool, String) {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        if let Some(status) = child.try_wait().expect("waits") {
            let mut out = String::new();
            if let Some(mut o) = child.stdout.take() {
                let _ = o.read_to_string(&mut out);
            }
            if let Some(mut e) = child.stderr.take() {
                let _ = e.read_to_string(&mut out);
            }
            return (status.success(), out);
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            return (false, "did not finish in two minutes".into());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_resumed_game_with_long_records_seats_both_seats() {
    let dir = scratch("both");
    let (save, lens) = long_save(&dir, 50_000);
    assert!(lens.iter().all(|&n| n >= 50_000), "{lens:?}");
    let save = save.to_string_lossy().into_owned();
    let mut host = HostProcess::start(&["--seat", "none", "--resume", &save], &dir);
    let lines = host.until("code black");
    let addr: SocketAddr = value(&lines, "address ")
        .and_then(|a| a.parse().ok())
        .expect("an address");
    let codes = ["code white ", "code black "].map(|p| value(&lines, p).expect("a code"));
    let addr = addr.to_string();
    let seats = codes.map(|code| join(&addr, code));
    for (seat, colour) in seats.into_iter().zip(["white", "black"]) {
        let (ok, out) = finish(seat);
        assert!(ok, "the {colour} seat was not seated: {out}");
        assert!(out.contains(&format!("seat {colour} token")), "{out}");
        assert!(out.contains("result"), "{out}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_hosts_own_bot_takes_its_seat_after_a_resume() {
    let dir = scratch("bot");
    let (save, lens) = long_save(&dir, 4_000);
    assert!(lens.iter().all(|&n| n >= 4_000), "{lens:?}");
    let save = save.to_string_lossy().into_owned();
    let args = ["--seat", "white", "--bot", "random", "--resume", &save];
    let mut host = HostProcess::start(&args, &dir);
    let lines = host.until("code black");
    let addr = value(&lines, "address ").expect("an address").to_owned();
    let code = value(&lines, "code black ")
        .or_else(|| value(&lines, "code "))
        .expect("black's code")
        .to_owned();
    let (ok, out) = finish(join(&addr, &code));
    assert!(ok, "the black seat was not seated: {out}");
    assert!(out.contains("result"), "{out}");
    let end = host.until("result");
    assert!(
        end.last().is_some_and(|l| l.starts_with("result")),
        "{end:?}"
    );
}
