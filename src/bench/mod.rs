//! `kriegspiel bench`: referee throughput on random-attempt games, in-process and through the
//! JSON-lines protocol over a pipe; the per-request cost as a game grows, through the referee
//! protocol ([`cost`]) and at the seat host ([`host`]), a joining seat reading its record
//! ([`join`]); the levels' ladder ([`ladder`]); listing a folder of saves ([`listing`]); the
//! review of a long game ([`review`]).
//!
//! A random-attempt game: each turn the side to move tries its possible attempts in random order
//! (asking "Any?" first where the rules have it, half of the time) until one is legal.

use crate::announce::Announcement;
pub mod cost;
pub mod host;
pub mod join;
pub mod ladder;
pub mod listing;
mod ponder;
mod problems;
pub mod review;
pub mod wire;

pub use crate::bots::random::RandomBot as RandomPlayer;
use crate::referee::{Referee, Request};
pub use crate::rng::Rng;
use crate::rules::{Preset, RuleSet};

use std::io::{self, BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The Kriegspiel presets the benchmark cycles through: those on a standard chess board (the
/// throughput target was set for them; Crazyhouse Kriegspiel, with drops in every move list, is
/// measured apart in the notes).
pub fn kriegspiel_presets() -> Vec<RuleSet> {
    Preset::ALL
        .into_iter()
        .map(Preset::rules)
        .filter(|r| r.variant().plain())
        .collect()
}

/// How long the in-process measurement runs.
#[derive(Copy, Clone, Debug)]
pub enum Budget {
    /// At least this long.
    Time(Duration),
    /// Exactly this many passes over the recorded games (a fixed workload, e.g. for
    /// instruction counts).
    Passes(usize),
}

/// One recorded random-attempt game: its rules and every request made.
#[derive(Clone, Debug)]
pub struct RecordedGame {
    /// The rule set.
    pub rules: RuleSet,
    /// Every request, in order (all accepted).
    pub requests: Vec<Request>,
}

/// Plays random-attempt games from the standard position, cycling through the Kriegspiel
/// presets, until about `requests` requests have been made (games stop after 400 moves).
pub fn record_games(requests: usize, seed: u64) -> Vec<RecordedGame> {
    let presets = kriegspiel_presets();
    let mut player = RandomPlayer::new(seed);
    let mut games = Vec::new();
    let mut total = 0;
    while total < requests {
        let rules = presets[games.len() % presets.len()].clone();
        let (mut referee, _) = Referee::standard(rules.clone());
        let mut recorded = Vec::new();
        let mut new_turn = true;
        let mut plies = 0;
        let mut this_turn = 0;
        // A turn is cut off where a logged game's would be (see MAX_REQUESTS_PER_TURN).
        while plies < 400 && this_turn < crate::log::MAX_REQUESTS_PER_TURN {
            let Some(request) = player.next_request(&referee, new_turn) else {
                break;
            };
            let before = referee.to_move();
            if referee.apply(&request).is_err() {
                break;
            }
            recorded.push(request);
            new_turn = referee.to_move() != before;
            plies += usize::from(new_turn);
            this_turn = if new_turn { 0 } else { this_turn + 1 };
        }
        total += recorded.len() + 1;
        games.push(RecordedGame {
            rules,
            requests: recorded,
        });
    }
    games
}

/// Counts of one in-process run.
#[derive(Copy, Clone, Debug, Default)]
pub struct Throughput {
    /// Requests answered.
    pub requests: u64,
    /// Of which attempts.
    pub attempts: u64,
    /// Moves played (legal attempts).
    pub moves: u64,
    /// Time taken.
    pub elapsed: Duration,
}

/// In-process referee throughput: replays the recorded games through fresh referees for the
/// budget. Only the referee's work is timed (the random player ran while recording).
pub fn in_process(games: &[RecordedGame], budget: Budget) -> Throughput {
    let mut out = Announcement::new();
    let mut t = Throughput::default();
    let start = Instant::now();
    let mut passes = 0;
    while match budget {
        Budget::Time(d) => start.elapsed() < d,
        Budget::Passes(n) => passes < n,
    } {
        passes += 1;
        for game in games {
            let (mut referee, _) = Referee::standard(game.rules.clone());
            for request in &game.requests {
                let before = referee.to_move();
                if referee.apply_into(request, &mut out).is_err() {
                    break;
                }
                t.requests += 1;
                t.attempts += u64::from(matches!(request, Request::Try(_)));
                t.moves += u64::from(referee.to_move() != before);
            }
        }
    }
    t.elapsed = start.elapsed();
    t
}

/// The recorded games as protocol request lines.
pub fn protocol_script(games: &[RecordedGame]) -> Vec<String> {
    let mut script = Vec::new();
    for game in games {
        let id = game.rules.preset().map_or("berkeley", Preset::id);
        script.push(format!("{{\"op\":\"new\",\"rules\":\"{id}\"}}"));
        for request in &game.requests {
            script.push(match request {
                Request::Try(a) => format!("{{\"op\":\"try\",\"move\":\"{a}\"}}"),
                _ => "{\"op\":\"any\"}".to_owned(),
            });
        }
    }
    script
}

/// Why a measurement could not be made.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    /// This program's path is unknown.
    #[error("cannot find own executable: {0}")]
    OwnPath(#[source] io::Error),
    /// The referee process does not start.
    #[error("cannot start the referee: {0}")]
    Start(#[source] io::Error),
    /// The referee process has no standard input.
    #[error("no stdin")]
    NoStdin,
    /// The referee process has no standard output.
    #[error("no stdout")]
    NoStdout,
    /// The referee stopped answering.
    #[error("the referee answered {answered} of {asked} requests")]
    Unanswered {
        /// Answers read.
        answered: u64,
        /// Requests sent.
        asked: usize,
    },
    /// Requests of the recorded games were refused.
    #[error("{0} requests were refused")]
    Refused(u64),
    /// A file or folder of the cost measurement.
    #[error("{0}")]
    Io(#[from] io::Error),
    /// The seat protocol measurement failed.
    #[error("wire: {0}")]
    Wire(#[source] io::Error),
    /// A move of the cost measurement's game does not read.
    #[error(transparent)]
    Move(#[from] crate::attempt::MalformedMove),
    /// The referee refused a move of the cost measurement's game.
    #[error(transparent)]
    Request(#[from] crate::referee::RequestError),
    /// The protocol did not load the cost measurement's game (its answer).
    #[error("the long game did not load: {0}")]
    NotLoaded(String),
    /// The protocol refused a timed request (its answer).
    #[error("a timed request failed: {0}")]
    TimedRequest(String),
    /// The seat host did not seat a seat or take a move of the host measurement.
    #[error("seat host: {0}")]
    Seat(String),
}

/// Protocol throughput through a pipe to a `kriegspiel referee` child process.
/// Returns (requests, elapsed).
pub fn through_pipe(script: &[String]) -> Result<(u64, Duration), BenchError> {
    let exe = std::env::current_exe().map_err(BenchError::OwnPath)?;
    let mut child = Command::new(exe)
        .arg("referee")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(BenchError::Start)?;
    let mut stdin = child.stdin.take().ok_or(BenchError::NoStdin)?;
    let stdout = child.stdout.take().ok_or(BenchError::NoStdout)?;
    let payload: String = script.iter().flat_map(|l| [l.as_str(), "\n"]).collect();
    let start = Instant::now();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(payload.as_bytes());
    });
    let mut reader = BufReader::with_capacity(1 << 16, stdout);
    let mut line = String::new();
    let mut count = 0u64;
    let mut failures = 0u64;
    while count < script.len() as u64 {
        line.clear();
        match reader.read_line(&mut line) {
            Ok(0) | Err(_) => break,
            Ok(_) => {
                count += 1;
                if !line.starts_with("{\"ok\":true") {
                    failures += 1;
                }
            }
        }
    }
    let elapsed = start.elapsed();
    let _ = writer.join();
    let _ = child.wait();
    if count != script.len() as u64 {
        return Err(BenchError::Unanswered {
            answered: count,
            asked: script.len(),
        });
    }
    if failures > 0 {
        return Err(BenchError::Refused(failures));
    }
    Ok((count, elapsed))
}

/// Which measurements to run.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Only {
    /// Both.
    All,
    /// In-process only.
    InProcess,
    /// Through the protocol only.
    Protocol,
    /// The per-request cost as the game grows ([`cost`]).
    Cost,
    /// The seat protocol across machines, on loopback ([`wire`]).
    Wire,
    /// The seat host's per-request cost as the game grows ([`host`]).
    Host,
    /// A joining seat reading its whole record ([`join`]).
    Join,
    /// Every shipped problem solved ([`problems`]), at most `seconds` (at least 60) each.
    Problems,
    /// Listing a saves folder of 5,000 saves and one of large saves ([`listing`]).
    Listing,
    /// The review of a 1,000-ply game ([`review`]).
    Review,
    /// What the strong bot's pondering saves ([`ponder`]).
    Ponder,
}

/// Runs the measurements and prints the figures; `passes` fixes the in-process workload.
pub fn run(
    seconds: Duration,
    passes: Option<usize>,
    seed: u64,
    only: Only,
) -> Result<(), BenchError> {
    if only == Only::Cost {
        return cost::run();
    }
    if only == Only::Review {
        review::run(seed);
        return Ok(());
    }
    if only == Only::Ponder {
        ponder::run();
        return Ok(());
    }
    if only == Only::Wire {
        return wire::run().map_err(BenchError::Wire);
    }
    if only == Only::Host {
        return host::run();
    }
    if only == Only::Join {
        return join::run();
    }
    if only == Only::Listing {
        return listing::run();
    }
    if only == Only::Problems {
        problems::run(seconds.max(Duration::from_secs(60)));
        return Ok(());
    }
    let budget = match passes {
        Some(n) => Budget::Passes(n),
        None => Budget::Time(seconds.max(Duration::from_millis(100))),
    };
    let games = record_games(1_000_000, seed);
    if only == Only::All || only == Only::InProcess {
        let t = in_process(&games, budget);
        let secs = t.elapsed.as_secs_f64();
        println!(
            "in-process: {} attempts ({} requests, {} moves) in {secs:.2} s = {:.0} attempts/s ({:.0} requests/s)",
            t.attempts,
            t.requests,
            t.moves,
            t.attempts as f64 / secs,
            t.requests as f64 / secs
        );
    }
    if only == Only::InProcess {
        return Ok(());
    }
    let script = protocol_script(&games);
    let (count, elapsed) = through_pipe(&script)?;
    let secs = elapsed.as_secs_f64();
    println!(
        "protocol:   {count} requests through a pipe in {secs:.2} s = {:.0} requests/s",
        count as f64 / secs
    );
    Ok(())
}
