//! A game at a table: the one shape every screen talks to, and that never makes a screen wait.
//!
//! The core ([`Table`]) gives each seat its view, takes requests ([`Table::submit`]) and tells
//! what happened ([`Table::poll`]: the answers to the caller's requests and everything else the
//! caller may know of), with the public facts as data ([`Facts`]). A local table
//! ([`crate::session::GameSession`]) answers at once; a remote seat
//! ([`crate::seat::remote::RemoteTable`]) sends the request and answers when the host does, so
//! a screen sits at either the same way and never blocks a frame.
//!
//! The trait is generic over the game ([`Table<G>`], the chess family by default): a game's
//! table types ([`TableGame`]: its side, request, seat's view, public facts, news, whole game and
//! save) are the table's part of the one seam every game implements
//! ([`crate::seat::game::Game`] extends it), so one screen shape sits at a chess table and at
//! any other game's alike.
//!
//! A table that holds the whole game adds a [`Record`]: saving and autosave, and the club
//! referee's corrections (the chess family's; another game's table has none).

mod facts;

pub use facts::{CutOff, Facts};

use crate::log::{Event, Game};
use crate::referee::{Request, RequestError};
use crate::save::{Correction, Markers, SavedGame};
use crate::view::PlayerView;
use shakmaty::{Color, Role, Square};
use std::fmt::Debug;
use std::path::Path;
use std::time::Duration;

/// Called when news arrives for a table ([`crate::bots::driver::Waker`]).
pub use crate::bots::driver::Waker;

/// Something that happened at a table, as the caller may know it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum News {
    /// The answer to a request the caller submitted: its event as the caller may see it.
    Answered(Event),
    /// A request the caller submitted was refused; the game is unchanged.
    Refused {
        /// The request.
        request: Request,
        /// Why.
        error: RequestError,
    },
    /// Something else happened: the opponent's turn as the caller's seat heard it, a flag
    /// fall, a draw agreed by the table.
    Happened(Event),
    /// A draw offer was declined: the offerer (`!by`) is to be told. `played_on`: the other
    /// side ended its turn without taking it, where that lapses an offer.
    DrawDeclined {
        /// The side that declined.
        by: Color,
        /// Declined by playing on rather than with a word.
        played_on: bool,
    },
}

/// The table's part of a game's seam: the types a screen meets at a table of the game. Every
/// [`crate::seat::game::Game`] is one (it extends this trait), and [`Chess`] is the default.
pub trait TableGame: 'static {
    /// A player (a colour).
    type Side: Copy + Eq + Debug + Send;
    /// A seat's request to the referee (an attempt, a resignation, a draw agreed).
    type Request: Clone + Debug;
    /// One seat's view, built only from what it was told.
    type View: Clone + Debug;
    /// The save payload (every game's is read and written through the one envelope,
    /// [`crate::save::envelope`], as [`crate::seat::game::Game`] requires).
    type Save;
    /// The public facts a screen shows besides a seat's view ([`Facts`] for chess).
    type Facts;
    /// Something that happened at a table, as the caller may know it ([`News`] for chess).
    type News;
    /// The whole game as a table holds it (the referee and the events): the truth, shown only
    /// where the caller may see it ([`Game`] for chess).
    type Whole;
}

/// The chess family (every rule set of [`crate::rules`]): the default game of a [`Table`].
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Chess;

impl TableGame for Chess {
    type Side = Color;
    type Request = Request;
    type View = PlayerView;
    type Save = SavedGame;
    type Facts = Facts;
    type News = News;
    type Whole = Game;
}

/// No markers: a game that has none ([`Table::markers`]).
static NO_MARKERS: Markers = Markers(Vec::new());

/// A game at a table. Requests and the seats' views go through it; what is hidden from the
/// caller stays behind it. No method waits for anything. `G`: the game (chess by default).
pub trait Table<G: TableGame = Chess> {
    /// The public facts.
    fn facts(&self) -> &G::Facts;

    /// What `seat` knows now.
    fn view(&mut self, seat: G::Side) -> &G::View;

    /// Hands a request to the table at `now` (a fallen flag is recorded first); its answer
    /// comes through [`Table::poll`].
    fn submit(&mut self, request: G::Request, now: Duration);

    /// Offers a draw for `seat`, or takes the opponent's standing offer.
    fn offer_draw(&mut self, seat: G::Side, now: Duration);

    /// Declines the opponent's standing offer, where offers can be declined
    /// ([`Facts::draw_declinable`]).
    fn decline_draw(&mut self, seat: G::Side);

    /// What happened since the last call, in order: the answers to submitted requests, the
    /// opponent's turns as this seat heard them, a flag fall.
    fn poll(&mut self, now: Duration) -> Vec<G::News>;

    /// Whether a submitted request still waits for its answer.
    fn waiting(&self) -> bool {
        false
    }

    /// Asks the table to call `waker` whenever news arrives for [`Table::poll`] (a window then
    /// repaints only when there is something to show). Tables that never have news ignore it.
    fn set_waker(&mut self, _waker: Waker) {}

    /// Whether [`Table::poll`] should be called again soon without any news (a lost connection
    /// being dialled again).
    fn needs_polling(&self) -> bool {
        false
    }

    /// Starts (or resumes) the side to move's clock, where this table keeps the clocks.
    fn start_clock(&mut self, _now: Duration) {}

    /// Stops the clock, where this table keeps the clocks.
    fn pause_clock(&mut self, _now: Duration) {}

    /// Both players' markers (guessed enemy pieces; each player's own notes): the chess
    /// family's; none by default.
    fn markers(&self) -> &Markers {
        &NO_MARKERS
    }

    /// Puts (or clears) a guessed enemy piece on `seat`'s board (a chess-family board's;
    /// nothing by default).
    fn set_marker(&mut self, _seat: Color, _square: Square, _piece: Option<Role>) {}

    /// The referee's game (the true position and the full log), where the caller may see it: a
    /// local table has it (the referee's board, the club console, study after the game); a
    /// remote seat has it only after the reveal.
    fn truth(&self) -> Option<&G::Whole>;

    /// The whole game as a save, where this table holds it (a remote seat: after the reveal).
    fn saved(&self) -> Option<G::Save>;

    /// Saving, autosave and the club referee's corrections, where this table keeps the game (a
    /// chess-family table's; none by default).
    fn record(&self) -> Option<&dyn Record> {
        None
    }

    /// [`Table::record`], to change it.
    fn record_mut(&mut self) -> Option<&mut dyn Record> {
        None
    }
}

/// What a table that keeps the whole game adds: the autosave, and the club referee's
/// corrections.
pub trait Record {
    /// Where the game is autosaved.
    fn autosave_path(&self) -> Option<&Path>;

    /// The last autosave failure, until a save succeeds.
    fn autosave_error(&self) -> Option<&str>;

    /// The club referee's corrections so far.
    fn corrections(&self) -> &[Correction];

    /// Takes back the last event with `note` (the club referee's correction); `None` when there
    /// is nothing to take back.
    fn undo(&mut self, note: &str, now: Duration) -> Option<Event>;
}
