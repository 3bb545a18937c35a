//! `kriegspiel bench --only host`: the seat host's cost per request as the game grows. A game of
//! N events (the knight shuffle of [`super::cost`]) is resumed at a [`Host`] with both seats
//! connected, then more knight moves are handed to it as the seats' lines and timed, with the
//! lines it answers built (no sockets: the host's own work, as it is done under its lock). Flat
//! cost means the figure at 50k events is close to the figure of a fresh game.

use super::BenchError;
use super::cost::{long_game, shuffle_move};
use crate::kind::GameKind;
use crate::save::{Loaded, Meta, SavedGame};
use crate::seat::{Hello, Host};
use crate::session::GameSession;
use shakmaty::Color;
use std::path::Path;
use std::time::{Duration, Instant};

/// The game lengths measured: a fresh game, then longer ones.
pub const EVENTS: [usize; 4] = [0, 1_000, 10_000, 50_000];

/// The game lengths measured for the other games' tables (the 2,000 and 16,000 among
/// them).
pub const OTHER_EVENTS: [usize; 4] = [0, 2_000, 16_000, 50_000];

/// A host of a game of `events` events, both seats connected; autosaved in `dir`, or not.
fn host_at(events: usize, dir: Option<&Path>) -> Result<Host, BenchError> {
    let game = long_game(events)?;
    let saved = SavedGame::of(&game, Meta::default(), None);
    let autosave = dir.map(|d| d.join(format!("host-{events}.ron")));
    let session = GameSession::from_loaded(Loaded { saved, game }, autosave);
    let mut host = Host::new(session, 1);
    for seat in Color::ALL {
        let mut hello = Hello::new();
        hello.code = Some(host.code());
        hello.seat = Some(seat);
        hello.have = usize::MAX;
        let line = serde_json::to_string(&hello).map_err(|e| BenchError::Seat(e.to_string()))?;
        host.connect(&line, Duration::ZERO)
            .map_err(|e| BenchError::Seat(e.to_string()))?;
    }
    Ok(host)
}

/// The mean time the host takes to answer one request (a knight move) after a game of `events`
/// events, over `requests` requests, autosaving in `dir` or not.
pub fn per_request(
    events: usize,
    requests: usize,
    dir: Option<&Path>,
) -> Result<Duration, BenchError> {
    let mut host = host_at(events, dir)?;
    let lines: Vec<(Color, String)> = (events..events + requests)
        .map(|i| {
            let seat = if i % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            let line = format!("{{\"op\":\"try\",\"move\":\"{}\"}}", shuffle_move(i));
            (seat, line)
        })
        .collect();
    let start = Instant::now();
    let sent = host.handle_all(&lines);
    let elapsed = start.elapsed();
    let played = host.session().game().log().events.len() - events;
    if played != requests {
        return Err(BenchError::Seat(format!(
            "the host took {played} of {requests} moves"
        )));
    }
    // Each move is heard by both seats: a line and a state each at least.
    if sent < 4 * requests {
        return Err(BenchError::Seat(format!(
            "the host sent {sent} lines for {requests} moves"
        )));
    }
    Ok(elapsed / requests.max(1) as u32)
}

/// Prints the host's per-request cost for a fresh game and at 1k, 10k and 50k events, with and
/// without autosave, and the ratio of the longest to the fresh game.
pub fn run() -> Result<(), BenchError> {
    let dir = std::env::temp_dir().join(format!("kriegspiel-bench-host-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    println!("seat host: cost of one request (mean over 2000 requests, both seats connected):");
    println!("{:>8}  {:>14}  {:>14}", "events", "no autosave", "autosave");
    let mut plain_costs = Vec::new();
    for events in EVENTS {
        let plain = per_request(events, 2_000, None)?;
        let saved = per_request(events, 2_000, Some(&dir))?;
        println!(
            "{events:>8}  {:>11.2} us  {:>11.2} us",
            plain.as_secs_f64() * 1e6,
            saved.as_secs_f64() * 1e6
        );
        plain_costs.push(plain);
    }
    if let (Some(first), Some(last)) = (plain_costs.first(), plain_costs.last()) {
        println!(
            "{} events / fresh (no autosave): {:.2}x",
            EVENTS[EVENTS.len() - 1],
            last.as_secs_f64() / first.as_secs_f64().max(1e-9)
        );
    }
    for kind in GameKind::ALL {
        other_game(kind, &dir)?;
    }
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}

/// The other games' tables, measured as the chess one: the mean cost of a request after a game
/// of each length in [`OTHER_EVENTS`], with and without autosave.
fn other_game(kind: GameKind, dir: &Path) -> Result<(), BenchError> {
    let requests = 2_000;
    let mut rows = Vec::new();
    for events in OTHER_EVENTS {
        let mut row = Vec::new();
        for dir in [None, Some(dir)] {
            let Some(cost) = kind.host_cost(events, requests, dir) else {
                return Ok(());
            };
            let (took, sent, held) = cost.map_err(BenchError::Seat)?;
            if held != events + requests || sent < requests {
                return Err(BenchError::Seat(format!(
                    "the {} table took {} of {requests} requests and sent {sent} lines",
                    kind.name(),
                    held.saturating_sub(events)
                )));
            }
            row.push(took / requests as u32);
        }
        rows.push((events, row));
    }
    println!(
        "{} table: cost of one request (mean over {requests} requests, both seats connected):",
        kind.name()
    );
    println!("{:>8}  {:>14}  {:>14}", "events", "no autosave", "autosave");
    for (events, row) in rows {
        if let [plain, saved] = row[..] {
            println!(
                "{events:>8}  {:>11.2} us  {:>11.2} us",
                plain.as_secs_f64() * 1e6,
                saved.as_secs_f64() * 1e6
            );
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The measurement runs the moves it times: every one taken, every seat told (with and
    /// without autosave).
    #[test]
    fn the_host_measurement_plays_every_move_it_times() {
        assert!(per_request(300, 40, None).is_ok());
        let dir = tempfile::tempdir().expect("a folder");
        assert!(per_request(0, 40, Some(dir.path())).is_ok());
    }
}
