//! A tsuitate shogi table for the seat protocol, without any I/O: [`TsuitateHost`] is the one
//! table every game has ([`GameHost`]) over a [`TsuitateSession`] (the true game, autosaved as a
//! tsuitate save: a snapshot, then a journal line per event), through the same door (codes,
//! tokens) and the same server ([`crate::seat::net::Server`]).
//!
//! A seat's record holds an event only if the seat made the request or heard an item of it, and
//! is built from what that seat heard alone; a seat that heard nothing new is sent nothing. The
//! reveal (the save) is sent only once the game is over. There is no clock.

use super::game::TsuitateGame;
use super::save::TsuitateSave;
use super::seam::{Tsuitate, TsuitateSession};
use crate::save::Meta;
use crate::seat::door::Door;
use crate::seat::game::Game;
use crate::seat::host::GameHost;
use shogi_core::Color;
use std::path::PathBuf;

pub use super::seam::HeardLine as Perceived;

/// A seat's slot at the door: sente (`"black"`) is the door's Black, gote its White.
pub fn slot(color: Color) -> shakmaty::Color {
    Tsuitate::slot(color)
}

/// The side of a door's slot.
pub fn side(slot: shakmaty::Color) -> Color {
    Tsuitate::side(slot)
}

/// The tsuitate table: the game, the door and what each seat has been sent.
pub type TsuitateHost = GameHost<Tsuitate>;

impl GameHost<Tsuitate> {
    /// A table for `game` (autosaved to `autosave`: a snapshot, then a journal line per event),
    /// with a fresh join code and tokens from `seed`; `resumed`: each seat is taken back with
    /// its own code.
    pub fn new(
        game: TsuitateGame,
        meta: Meta,
        autosave: Option<PathBuf>,
        seed: u64,
        resumed: bool,
    ) -> TsuitateHost {
        let session = TsuitateSession::new(game, meta, autosave);
        GameHost::with_door(session, Door::new(seed, resumed))
    }

    /// The game (the true position: the host's alone).
    pub fn game(&self) -> &TsuitateGame {
        &self.session().game
    }

    /// The game as a save.
    pub fn save_of(&self) -> TsuitateSave {
        Tsuitate::save(self.session())
    }

    /// `seat`'s record so far (what it is sent, line by line).
    pub fn record(&self, seat: Color) -> &[Perceived] {
        self.record_of(slot(seat))
    }

    /// The autosave's journal lines since its last snapshot (for tests and the bench).
    pub fn journaled(&self) -> usize {
        self.session().journaled()
    }
}
