//! Tsuitate shogi (衝立将棋, "screen shogi"): the shogi member of the Kriegspiel family. Each
//! player sees only its own pieces; an umpire who sees both boards rules on every attempted move
//! (RULES.md section 9). Shogi's rules, moves and notation (SFEN, USI) come from the
//! `shogi_core`, `shogi_legality_lite` and `shogi_usi_parser` crates; nothing here generates moves.
//!
//! The module holds shogi's own parts; the machinery every game shares is reached through its
//! [`crate::seat::game::Game`] implementation ([`seam::Tsuitate`]): [`referee::Referee`] holds the true
//! position, [`seat::SeatView`] one player's side of the screen, [`bots`] the players that play
//! from a seat, and the referee protocol drives a game when a `new` request names
//! `"rules":"tsuitate"` (PROTOCOL.md section 10). [`game::TsuitateGame`] keeps the umpire, both
//! seats and the record together (the protocol and the app play through it); [`table`] and
//! [`client`] are the generic table and seat state for it; [`save`] writes and reads it, [`csa`]
//! exports it for other shogi programs.

pub mod announce;
pub mod bots;
pub mod careful;
pub mod cli;
pub mod client;
pub mod csa;
pub mod facts;
pub mod game;
pub mod history;
pub mod kif;
pub mod long;
pub mod notation;
pub mod picture;
pub mod protocol;
pub mod referee;
pub mod remote;
pub mod replay;
pub mod review;
pub mod rules;
pub mod save;
pub mod seam;
pub mod seat;
pub mod table;
pub mod wire;
pub mod words;

pub use announce::{Audience, DrawReason, EndReason, Item, Over, Said};
pub use facts::{TsuitateFacts, TsuitateNews};
pub use game::{Request, TsuitateGame};
pub use referee::{Referee, TsuitateError};
pub use rules::TsuitateRules;
pub use seat::SeatView;
