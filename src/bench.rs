//! `kriegspiel bench`: referee throughput on random-attempt games, in-process and through the
//! JSON-lines protocol over a pipe.
//!
//! A random-attempt game: each turn the side to move tries its possible attempts in random order
//! (asking "Any?" first where the rules have it, half of the time) until one is legal.

use crate::attempt::Attempt;
use crate::possible::Side;
use crate::referee::{Referee, Request};
use crate::rules::{Family, Preset, RuleSet};
use crate::announce::Announcement;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A small, fast pseudo-random generator (xorshift64*), good enough to pick attempts.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (any value).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() >> 32) * n as u64 >> 32) as usize
    }
}

/// Plays random-attempt games and yields every request made, game by game.
pub struct RandomPlayer {
    rng: Rng,
    attempts: Vec<Attempt>,
    tried: usize,
}

impl RandomPlayer {
    /// A player with its own random stream.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: Rng::new(seed),
            attempts: Vec::new(),
            tried: 0,
        }
    }

    /// The side to move's next request in `referee`'s game (Kriegspiel only), or `None` when
    /// the game is over or too long. `new_turn` must be true at the start of every turn.
    pub fn next_request(&mut self, referee: &Referee, new_turn: bool) -> Option<Request> {
        if referee.over().is_some() {
            return None;
        }
        if new_turn {
            let board = referee.true_board();
            let color = referee.to_move();
            let setup = referee.true_setup();
            let side = Side {
                board,
                color,
                castling: setup.castling_rights & board.by_color(color),
                promotion: referee.rules().promotion,
            };
            self.attempts = side.possible_attempts();
            self.tried = 0;
            if referee.rules().has_any() && self.rng.below(2) == 0 {
                return Some(Request::Any);
            }
        }
        if self.attempts.is_empty() {
            return None;
        }
        // Mostly untried attempts in random order, sometimes a repeat.
        if self.tried < self.attempts.len() && self.rng.below(8) != 0 {
            let pick = self.tried + self.rng.below(self.attempts.len() - self.tried);
            self.attempts.swap(self.tried, pick);
            self.tried += 1;
            Some(Request::Try(self.attempts[self.tried - 1]))
        } else {
            Some(Request::Try(self.attempts[self.rng.below(self.attempts.len())]))
        }
    }
}

/// The Kriegspiel presets the benchmark cycles through.
pub fn kriegspiel_presets() -> Vec<RuleSet> {
    Preset::ALL
        .into_iter()
        .map(Preset::rules)
        .filter(|r| r.family == Family::Kriegspiel)
        .collect()
}

/// In-process throughput: requests answered per second over at least `budget` of play.
/// Returns (requests, attempts, elapsed).
pub fn in_process(budget: Duration, seed: u64) -> (u64, u64, Duration) {
    let presets = kriegspiel_presets();
    let mut player = RandomPlayer::new(seed);
    let mut out = Announcement::new();
    let (mut requests, mut attempts) = (0u64, 0u64);
    let start = Instant::now();
    let mut game = 0usize;
    while start.elapsed() < budget {
        let rules = presets[game % presets.len()].clone();
        game += 1;
        let (mut referee, _) = Referee::standard(rules);
        let mut new_turn = true;
        let mut plies = 0;
        while plies < 400 {
            let Some(request) = player.next_request(&referee, new_turn) else {
                break;
            };
            let before = referee.to_move();
            if referee.apply_into(&request, &mut out).is_err() {
                break;
            }
            requests += 1;
            if matches!(request, Request::Try(_)) {
                attempts += 1;
            }
            new_turn = referee.to_move() != before;
            if new_turn {
                plies += 1;
            }
        }
    }
    (requests, attempts, start.elapsed())
}

/// Records random-attempt games as protocol request lines (about `lines` of them).
pub fn protocol_script(lines: usize, seed: u64) -> Vec<String> {
    let presets = kriegspiel_presets();
    let mut player = RandomPlayer::new(seed);
    let mut script = Vec::with_capacity(lines + 500);
    let mut game = 0usize;
    while script.len() < lines {
        let rules = presets[game % presets.len()].clone();
        game += 1;
        let id = rules.preset().map_or("berkeley", Preset::id);
        script.push(format!("{{\"op\":\"new\",\"rules\":\"{id}\"}}"));
        let (mut referee, _) = Referee::standard(rules);
        let mut new_turn = true;
        let mut plies = 0;
        while plies < 400 {
            let Some(request) = player.next_request(&referee, new_turn) else {
                break;
            };
            let before = referee.to_move();
            if referee.apply(&request).is_err() {
                break;
            }
            script.push(match request {
                Request::Try(a) => format!("{{\"op\":\"try\",\"move\":\"{a}\"}}"),
                _ => "{\"op\":\"any\"}".to_owned(),
            });
            new_turn = referee.to_move() != before;
            if new_turn {
                plies += 1;
            }
        }
    }
    script
}

/// Protocol throughput through a pipe to a `kriegspiel referee` child process.
/// Returns (requests, elapsed).
pub fn through_pipe(script: &[String]) -> Result<(u64, Duration), String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find own executable: {e}"))?;
    let mut child = Command::new(exe)
        .arg("referee")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start the referee: {e}"))?;
    let mut stdin = child.stdin.take().ok_or("no stdin")?;
    let stdout = child.stdout.take().ok_or("no stdout")?;
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
        return Err(format!("the referee answered {count} of {} requests", script.len()));
    }
    if failures > 0 {
        return Err(format!("{failures} requests were refused"));
    }
    Ok((count, elapsed))
}

/// Runs both measurements and prints the figures.
pub fn run(seconds: f64, seed: u64) -> Result<(), String> {
    let budget = Duration::from_secs_f64(seconds.max(0.1));
    let (requests, attempts, elapsed) = in_process(budget, seed);
    let secs = elapsed.as_secs_f64();
    println!(
        "in-process: {attempts} attempts ({requests} requests) in {secs:.2} s = {:.0} attempts/s ({:.0} requests/s)",
        attempts as f64 / secs,
        requests as f64 / secs
    );
    let script = protocol_script(1_000_000, seed ^ 0x5eed);
    let (count, elapsed) = through_pipe(&script)?;
    let secs = elapsed.as_secs_f64();
    println!(
        "protocol:   {count} requests through a pipe in {secs:.2} s = {:.0} requests/s",
        count as f64 / secs
    );
    Ok(())
}
