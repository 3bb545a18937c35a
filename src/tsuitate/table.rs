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
use crate::seat::host::{GameHost, entropy};
use crate::seat::serve::{Hosted, ServeError, serve_seated};
use shogi_core::Color;
use std::path::{Path, PathBuf};

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

/// Hosts again the tsuitate game this machine hosted, saved at `path` (its seating
/// [`crate::save::Seating::Host`]): the table listens on `bind`:`port` (0: any free port),
/// autosaved in place; each seat takes itself back with the token the save kept (or, when it
/// kept none, a code of its own); the seating is written back with the port listened on.
pub fn host_again(path: &Path, bind: &str, port: u16) -> Result<Hosted<TsuitateHost>, ServeError> {
    let loaded = super::save::load_file(path).map_err(|e| ServeError::ResumeGame {
        path: path.to_path_buf(),
        message: e.to_string(),
    })?;
    let tokens = match loaded.saved.meta.seating() {
        crate::save::Seating::Host { tokens, .. } => tokens,
        _ => [String::new(), String::new()],
    };
    let session = TsuitateSession::new(loaded.game, loaded.saved.meta, Some(path.to_path_buf()));
    let table = GameHost::with_door(session, Door::restore(entropy(), &tokens));
    if let Some(e) = &table.autosave_error {
        return Err(ServeError::Autosave(e.clone()));
    }
    serve_seated(table, bind, port)
}
