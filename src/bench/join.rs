//! `kriegspiel bench --only join`: what a seat costs to read its record as it joins (`have` 0).
//! A game of N events (the knight shuffle of [`super::cost`]) is resumed at a [`Host`]; the
//! lines it sends a seat taking its seat back (the welcome, N `heard` lines, the state) are fed
//! to [`play_seat`], the loop of `kriegspiel join --bot`, and timed until it has read them all.
//! Linear cost means the time per line is flat as N grows.

use super::BenchError;
use super::cost::long_game;
use crate::bots::driver::Driver;
use crate::bots::random::RandomBot;
use crate::save::{Loaded, Meta, SavedGame};
use crate::seat::engine::{SeatEnd, play_seat};
use crate::seat::{Hello, Host};
use crate::session::GameSession;
use shakmaty::Color;
use std::time::{Duration, Instant};

/// The record lengths measured.
pub const LINES: [usize; 4] = [5_000, 10_000, 20_000, 40_000];

/// The lines a seat taking back White's seat in a game of `events` events is sent.
fn catch_up(events: usize) -> Result<String, BenchError> {
    let game = long_game(events)?;
    let saved = SavedGame::of(&game, Meta::default(), None);
    let session = GameSession::from_loaded(Loaded { saved, game }, None);
    let mut host = Host::new(session, 1);
    let mut hello = Hello::new();
    hello.code = Some(host.code());
    hello.seat = Some(Color::White);
    let (_, lines) = host
        .connect(&hello.line(), Duration::ZERO)
        .map_err(|e| BenchError::Seat(e.to_string()))?;
    let mut text = String::new();
    for (_, line) in lines {
        text.push_str(&line);
        text.push('\n');
    }
    Ok(text)
}

/// The time [`play_seat`] takes to read the catch-up of a game of `events` events, and the
/// record it then holds.
pub fn read_record(events: usize) -> Result<(Duration, usize), BenchError> {
    let text = catch_up(events)?;
    let mut bot = Driver::start(Box::new(RandomBot::new(1)));
    let start = Instant::now();
    // White is to act once its record is read: its one move goes to the sink.
    let (end, state) = play_seat(
        &mut bot,
        None,
        None,
        text.as_bytes(),
        std::io::sink(),
        &mut |_| {},
    )?;
    let elapsed = start.elapsed();
    if end != SeatEnd::Closed || state.seat() != Some(Color::White) {
        return Err(BenchError::Seat("the seat was not welcomed".into()));
    }
    Ok((elapsed, state.have()))
}

/// Prints the time to read a record of 5k to 40k lines, and per line.
pub fn run() -> Result<(), BenchError> {
    println!("a joining seat reads its whole record (have 0):");
    println!("{:>8}  {:>10}  {:>12}", "lines", "time", "per line");
    for events in LINES {
        let (elapsed, have) = read_record(events)?;
        println!(
            "{have:>8}  {:>8.3} s  {:>9.2} us",
            elapsed.as_secs_f64(),
            elapsed.as_secs_f64() * 1e6 / have.max(1) as f64
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The measurement reads the whole record it times.
    #[test]
    fn the_join_measurement_reads_every_line() {
        let (_, have) = read_record(300).expect("reads");
        assert_eq!(have, 300);
    }
}
