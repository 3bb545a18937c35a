//! `kriegspiel bench --only cost`: the cost of one protocol request as the game grows, with and
//! without autosave. A game of N events (knights shuffled back and forth under Berkeley rules,
//! which have no repetition or fifty-move draw) is loaded into a protocol session, then more
//! knight moves are sent and timed. Flat cost means the figure at 100k events is close to the
//! figure at 1k.

use super::BenchError;
use crate::Attempt;
use crate::log::Game;
use crate::protocol::{Paths, Session};
use crate::referee::Request;
use crate::rules::Preset;
use crate::save::{Meta, SavedGame};
use std::path::Path;
use std::time::{Duration, Instant};

/// The knight shuffle: each move is legal in turn, forever.
const SHUFFLE: [&str; 4] = ["g1f3", "g8f6", "f3g1", "f6g8"];

pub(super) fn shuffle_move(i: usize) -> &'static str {
    SHUFFLE[i % SHUFFLE.len()]
}

/// A Berkeley game of `events` knight moves.
pub(super) fn long_game(events: usize) -> Result<Game, BenchError> {
    let mut game = Game::standard(Preset::Berkeley.rules());
    for i in 0..events {
        game.apply(Request::Try(Attempt::parse(shuffle_move(i))?))?;
    }
    Ok(game)
}

/// The mean time of one request after loading a game of `events` events, over `requests`
/// requests, with the autosave in `dir` or without.
pub fn per_request(
    events: usize,
    requests: usize,
    autosave: Option<&Path>,
) -> Result<Duration, BenchError> {
    let dir = std::env::temp_dir().join(format!("kriegspiel-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let source = dir.join(format!("long-{events}.ron"));
    SavedGame::of(&long_game(events)?, Meta::default(), None).write(&source)?;
    let session = match autosave {
        Some(dir) => Session::with_autosave(dir.join(format!("auto-{events}.ron"))),
        None => Session::new(),
    };
    let mut session = session.with_paths(Paths::Anywhere);
    let mut out = String::new();
    let load = serde_json::json!({"op": "load", "path": source.display().to_string()});
    session.handle_line(&load.to_string(), &mut out);
    if !out.starts_with("{\"ok\":true") {
        return Err(BenchError::NotLoaded(out));
    }
    let lines: Vec<String> = (0..requests)
        .map(|i| {
            format!(
                "{{\"op\":\"try\",\"move\":\"{}\"}}",
                shuffle_move(events + i)
            )
        })
        .collect();
    let start = Instant::now();
    for line in &lines {
        out.clear();
        session.handle_line(line, &mut out);
    }
    let elapsed = start.elapsed();
    if !out.starts_with("{\"ok\":true") {
        return Err(BenchError::TimedRequest(out));
    }
    let _ = std::fs::remove_dir_all(&dir);
    Ok(elapsed / requests.max(1) as u32)
}

/// Prints the per-request cost at 1k, 10k and 100k events, with and without autosave.
pub fn run() -> Result<(), BenchError> {
    let dir = std::env::temp_dir().join(format!("kriegspiel-bench-auto-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    println!("per-request cost through the protocol (mean over 2000 requests):");
    println!("{:>8}  {:>14}  {:>14}", "events", "no autosave", "autosave");
    for events in [1_000, 10_000, 100_000] {
        let plain = per_request(events, 2_000, None)?;
        let saved = per_request(events, 2_000, Some(&dir))?;
        println!(
            "{events:>8}  {:>11.2} us  {:>11.2} us",
            plain.as_secs_f64() * 1e6,
            saved.as_secs_f64() * 1e6
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}
