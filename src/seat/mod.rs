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
//! - [`remote::RemoteTable`]: a seat at a remote table of every game as a
//!   [`crate::table::Table`] (the app plays network games through it), the game's own parts
//!   behind [`remote::RemoteGame`]; [`trouble::ConnectError`]: why it could not sit, in words.
//! - [`engine`]: a bot speaking the protocol (`kriegspiel engine`, `kriegspiel join --bot`) and
//!   a program speaking it seated at a local table ([`engine::EngineBot`]), through
//!   [`pipes::Pipes`] (bounded both ways, so that no program can stall the table).
//! - [`local`]: a game of any kind played over the protocol on one machine (a game's
//!   `kriegspiel match`): its table and two players, bots or programs.

pub mod client;
pub mod door;
pub mod engine;
pub mod game;
pub mod gate;
pub mod host;
pub mod link;
pub mod local;
pub mod net;
pub use crate::process::pipes;
pub mod play;
pub use crate::process::program;
pub mod remote;
pub mod secure;
pub mod serve;
pub mod trouble;
pub mod wire;

pub use crate::process::{Line, read_line};
pub use client::{GameSeat, Received, SeatError, SeatState};
pub use door::{Door, SeatTable};
pub use host::{GameHost, HelloError, Host, Outbox};
pub use wire::{FromSeat, Hello, LineError, State, ToSeat};

/// The seat protocol's version, sent in `hello` and `welcome`.
pub use crate::process::VERSION;

/// The longest line a table reads from a seat (a request is under 100 bytes).
pub const MAX_SEAT_LINE: usize = crate::process::MAX_LINE;

/// The longest line a seat reads from a table (the reveal carries the whole game).
pub const MAX_TABLE_LINE: usize = 64 * 1024 * 1024;
