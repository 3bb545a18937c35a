//! White players for KR vs K: the paper's (seed 004, section 4-6) and ours.
//!
//! Both see only the metaposition: White's pieces and the set of possible black king squares.
//!
//! [`Player`] is what both implement; [`PaperPlayer`] lives in `paper`, [`OurPlayer`] in
//! `ours`, and [`History`] (what White knows of the game so far, for threefold repetition)
//! in `history`.

mod history;
mod ours;
mod paper;

pub use history::History;
pub use ours::{LOOKAHEAD, OurPlayer};
pub use paper::PaperPlayer;

use super::Meta;
use crate::attempt::Attempt;

/// A White player: picks the next attempt from what White knows.
pub trait Player {
    /// A short name.
    fn name(&self) -> &'static str;
    /// The next attempt. `meta.bk` is never empty; the attempt may be legal for some square.
    fn choose(&mut self, meta: &Meta) -> Attempt;
    /// The next attempt in a game whose positions so far White knows as `history`; by default
    /// the history is ignored.
    fn choose_in_game(&mut self, meta: &Meta, history: &History) -> Attempt {
        let _ = history;
        self.choose(meta)
    }
    /// Whether the player's set is narrowed by how many attempts Black had refused before
    /// moving (White hears them); by default it is.
    fn uses_refusals(&self) -> bool {
        true
    }
}
