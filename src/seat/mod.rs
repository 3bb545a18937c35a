//! The seat protocol (PROTOCOL-SEAT.md): JSON lines between a table and ONE seat, carrying only
//! what that seat is told. The referee protocol (`crate::protocol`) drives an all-seeing
//! referee; this one is for a player: across two machines, or an engine at our table.
//!
//! - [`wire`]: the lines, both directions.
//! - [`host::GameHost`]: the table's side (the true game) for every game ([`crate::seat::game::Game`]),
//!   without I/O; [`host::Host`] is the chess family's.
//! - [`client::GameSeat`]: a seat's side (what it was told, and its view) for every game,
//!   without I/O; [`client::SeatState`] is the chess family's.
//! - [`secure`]: the sealed channel across machines (frames, SPAKE2 over the code or token,
//!   ChaCha20-Poly1305); [`gate`]: which connections may try it.
//! - [`net`]: the table's server for a [`host::Host`] (tokio); [`link::Connection`]: a seat's
//!   end.
//! - [`remote::RemoteTable`]: a seat at a remote table as a [`crate::table::Table`] (the app
//!   plays network games through it); [`trouble::ConnectError`]: why it could not sit, in words.
//! - [`engine`]: a bot speaking the protocol (`kriegspiel engine`, `kriegspiel join --bot`) and
//!   a program speaking it seated at a local table ([`engine::EngineBot`]), through
//!   [`pipes::Pipes`] (bounded both ways, so that no program can stall the table).

pub mod client;
pub mod door;
pub mod engine;
pub mod game;
pub mod gate;
pub mod host;
pub mod link;
pub mod net;
pub mod pipes;
pub mod play;
pub mod program;
pub mod remote;
pub mod secure;
pub mod serve;
pub mod trouble;
pub mod wire;

pub use client::{GameSeat, Received, SeatError, SeatState};
pub use door::{Door, SeatTable};
pub use host::{GameHost, HelloError, Host, Outbox};
pub use wire::{FromSeat, Hello, LineError, State, ToSeat};

use std::io::{self, BufRead, Read};

/// The seat protocol's version, sent in `hello` and `welcome`.
pub const VERSION: u32 = 1;

/// The longest line a table reads from a seat (a request is under 100 bytes).
pub const MAX_SEAT_LINE: usize = 64 * 1024;

/// The longest line a seat reads from a table (the reveal carries the whole game).
pub const MAX_TABLE_LINE: usize = 64 * 1024 * 1024;

/// One line read with a length bound.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A line (without its line end).
    Text(String),
    /// A line longer than the bound: skipped to its end without being stored.
    TooLong,
    /// A line that is not UTF-8.
    NotUtf8,
    /// The end of the input.
    End,
}

/// Reads one line of at most `limit` bytes.
pub fn read_line(input: &mut impl BufRead, limit: usize) -> io::Result<Line> {
    let mut raw = Vec::new();
    let read = input
        .by_ref()
        .take(limit as u64 + 1)
        .read_until(b'\n', &mut raw)?;
    if read == 0 {
        return Ok(Line::End);
    }
    if raw.len() > limit && raw.last() != Some(&b'\n') {
        crate::untrusted::skip_line(input)?;
        return Ok(Line::TooLong);
    }
    while matches!(raw.last(), Some(b'\n' | b'\r')) {
        raw.pop();
    }
    Ok(String::from_utf8(raw).map_or(Line::NotUtf8, Line::Text))
}
