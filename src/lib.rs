//! Kriegspiel: a referee for chess with hidden pieces.
//!
//! The library is the GUI-free core: rule sets ([`rules`]), the referee that alone holds the true
//! position ([`referee`], `rbc`), what it says ([`announce`]), the game log ([`log`]), each
//! player's view built from the log ([`view`]), the JSON-lines referee protocol ([`protocol`])
//! and the benchmark ([`mod@bench`]). The desktop app lives in [`app`], the only module that uses egui.

pub mod announce;
#[cfg(feature = "gui")]
pub mod app;
pub mod attempt;
pub mod belief;
pub mod bench;
pub mod bots;
pub mod clock;
pub mod games;
pub mod gate;
pub mod import;
pub mod kbb;
pub mod knowledge;
pub mod krk;
pub mod library;
pub mod listing;
pub mod log;
pub mod matchplay;
pub mod pgn;
pub mod picture;
pub mod places;
pub mod possible;
pub mod problem;
pub mod protocol;
pub mod referee;
pub mod replay;
pub mod review;
pub mod rng;
pub mod rules;
pub mod samples;
pub mod save;
pub mod scoresheet;
pub mod seat;
pub mod selfplay;
pub mod session;
pub mod setup;
pub mod table;
pub mod tsuitate;
pub mod typing;
pub mod untrusted;
pub mod variant;
pub mod view;
pub mod wording;
pub mod worlds;

pub use announce::{Announcement, Audience, Item, Over, Said};
pub use attempt::Attempt;
pub use log::{Game, GameLog};
pub use referee::{Referee, Request};
pub use rules::{Preset, RuleSet};
pub use view::PlayerView;
