//! What a game is: the one seam every game implements ([`Game`]), in the spirit of OpenSpiel's
//! one interface. A game gives its own parts (its rules, requests, announcements and who hears
//! them, a seat's view, its save payload, its lines to and from a seat, the referee's
//! transition) and the machinery written once uses them: the table host
//! ([`crate::seat::host::GameHost`]), a seat's side of the lines
//! ([`crate::seat::client::GameSeat`]), the seat loop ([`crate::seat::play::play`]), the local
//! table's match runner ([`crate::seat::local::play_local`]).
//!
//! The games: the chess family ([`Chess`]) and every other game the registry lists
//! ([`crate::games::GameKind`]), each implementing [`Game`] in its own module.

pub mod chess;

pub use chess::Chess;

use crate::seat::client::{GameSeat, SeatError};
use crate::table::TableGame;
use serde::Serialize;
use serde::de::DeserializeOwned;
use shakmaty::Color as Slot;
use std::fmt::Debug;
use std::time::Duration;

/// A seated connection's line as every game's table reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatLine<R> {
    /// Another `hello`.
    Hello,
    /// `offer_draw`.
    OfferDraw,
    /// `accept_draw`.
    AcceptDraw,
    /// A request of the game.
    Request(R),
}

/// A table's line as every game's seat reads it ([`Game::table_line`]).
#[derive(Clone, Debug)]
pub enum TableLine<G: Game> {
    /// The seat, its token, what it is told at the start, and the names (sente's or Black's
    /// first, then White's or gote's).
    Welcome {
        /// The seat.
        seat: G::Side,
        /// Its token.
        token: String,
        /// The public facts and what it heard at the start (no record yet).
        told: G::Told,
        /// The names: `[black, white]`.
        names: [String; 2],
    },
    /// The `n`th line of the seat's record.
    Heard {
        /// Its number, from 1.
        n: usize,
        /// The line.
        heard: G::Heard,
    },
    /// The public state.
    State(G::State),
    /// What a sighted seat sees of the true position (a game that has such a seat).
    Board(G::Board),
    /// A refusal.
    Error(String),
    /// The whole game, once over.
    Reveal(Box<G::Reveal>),
}

/// An accepted request, as the table needs it: whether it ended the turn and who made it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Applied<S> {
    /// Whether the turn ended.
    pub turn_ends: bool,
    /// Who made it (`None`: the table's own request).
    pub by: Option<S>,
}

/// The public facts every game's state line carries, as the host knows them for one seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Public<S> {
    /// `heard` lines the seat has been sent in all.
    pub n: usize,
    /// Whether the other seat is connected.
    pub opponent_connected: bool,
    /// A draw offer standing, by the side that made it.
    pub draw_offer: Option<S>,
}

/// What a game is: its own parts, for the machinery written once. Its table's types (a side, a
/// request, a seat's view, the save, the public facts, the news, the whole game) are the
/// supertrait's ([`TableGame`]), which the screens' [`crate::table::Table`] is generic over.
pub trait Game:
    TableGame<Save: crate::save::SaveFile> + Sized + Clone + Debug + Default + 'static
{
    /// The family the welcome's rules name (another game's id, as [`crate::games::GameKind::id`]; the chess family names its rules).
    const FAMILY: &'static str;
    /// Bytes of the reveal one logged request may take, at most: with
    /// [`crate::log::MAX_REQUESTS_PER_TURN`] requests a turn, it bounds the longest line a seat
    /// reads ([`GameSeat::receive`]).
    const REVEAL_PER_REQUEST: usize = 256;
    /// The request that draws the game by agreement.
    const DRAW: Self::Request;

    /// The rule choices and setup.
    type Rules: Clone + Debug;
    /// One announcement.
    type Item: Clone + Debug;
    /// An announcement with who hears it.
    type Said: Clone + Debug;
    /// The referee: the one true position.
    type Truth;
    /// Why the referee refused a request.
    type Refusal: std::fmt::Display;
    /// A table's line to a seat.
    type ToSeat: Serialize + DeserializeOwned;
    /// A seat's line to the table.
    type FromSeat;
    /// One line of a seat's record: its own request (never the opponent's), what it heard, and
    /// whether the turn ended.
    type Heard: Clone + Debug + PartialEq + Send;
    /// What a seat holds: the public facts of the welcome and its record.
    type Told: Clone + Debug;
    /// The public state line.
    type State: Clone + Debug;
    /// What a sighted seat is shown of the true position (for games that have one).
    type Board: Clone + Debug;
    /// The whole game revealed at the end.
    type Reveal: Clone + Debug;
    /// The true game as a table keeps it: the referee, the log, the names, the autosave.
    type Session: Send;

    // What the game is.

    /// The referee's transition: `request` judged on `truth` (changed when accepted), with
    /// what is said and to whom.
    fn transition(
        truth: &mut Self::Truth,
        request: &Self::Request,
    ) -> Result<Vec<Self::Said>, Self::Refusal>;
    /// The items of `said` that `side` hears, in order.
    fn heard_by(said: &[Self::Said], side: Self::Side) -> Vec<Self::Item>;
    /// The game in `session` as a save.
    fn save(session: &Self::Session) -> Self::Save;

    // The door seats by slot (a chess colour): a side's slot and back.

    /// The door's slot of `side`.
    fn slot(side: Self::Side) -> Slot;
    /// The side of a door's slot.
    fn side(slot: Slot) -> Self::Side;

    // A seat's side of the lines.

    /// A table's line, read, in the form every seat keeps (`line`: the text, to quote).
    fn table_line(message: Self::ToSeat, line: &str) -> Result<TableLine<Self>, SeatError>;
    /// How many record lines `told` holds.
    fn record_len(told: &Self::Told) -> usize;
    /// Appends one record line.
    fn hear(told: &mut Self::Told, heard: Self::Heard);
    /// The number of `heard` lines the state line follows.
    fn state_n(state: &Self::State) -> usize;
    /// The opponent's name in a state line.
    fn opponent_name(state: &mut Self::State) -> &mut String;
    /// The side that is to act after this state (`None`: the game is over).
    fn acting(state: &Self::State) -> Option<Self::Side>;
    /// Folds record lines `from..` of `told` into `view`, which holds the lines before them:
    /// whether the game can (by default it cannot, and the seat's view is rebuilt from the whole
    /// record instead).
    fn extend_view(_view: &mut Self::View, _told: &Self::Told, _from: usize) -> bool {
        false
    }
    /// The plies played before the seat's turn, from what it was told (`--max-plies`).
    fn plies(seat: &mut GameSeat<Self>) -> Option<u32>;

    // A table's side of the lines, over its session.

    /// The request a seat's line asks for, or why it does not read.
    fn read(line: &str, seat: Self::Side) -> Result<SeatLine<Self::Request>, String>;
    /// Who may make `request` now (`None`: no seat).
    fn actor(session: &Self::Session, request: &Self::Request) -> Option<Self::Side>;
    /// Why `request` is not the seat's to make now.
    fn not_your_turn(request: &Self::Request) -> String;
    /// Makes `request` at the referee (logged and autosaved), at `now`.
    fn apply(
        session: &mut Self::Session,
        request: Self::Request,
        now: Duration,
    ) -> Result<Applied<Self::Side>, String>;
    /// Whether the game is over.
    fn over(session: &Self::Session) -> bool;
    /// The side to act now (`None`: the game is over), as its state line says it
    /// ([`Game::acting`]).
    fn to_act(session: &Self::Session) -> Option<Self::Side>;
    /// The end in words, once over.
    fn over_title(session: &Self::Session) -> Option<String>;
    /// The number of events logged.
    fn events(session: &Self::Session) -> usize;
    /// Event `index` as `side` perceived it (`None`: it heard nothing of it): built only from
    /// its own request and what it heard.
    fn perceived(session: &Self::Session, index: usize, side: Self::Side) -> Option<Self::Heard>;
    /// A side's name, to set from its first hello that gives one.
    fn name_mut(session: &mut Self::Session, side: Self::Side) -> &mut String;
    /// The names or how the game is seated changed: save them (a snapshot, at once).
    fn names_changed(session: &mut Self::Session);
    /// The save's header ([`crate::save::Meta`]): who plays, and how the game is seated (a
    /// hosted game's seating is kept there, so that it is hosted again).
    fn meta_mut(session: &mut Self::Session) -> &mut crate::save::Meta;
    /// Why the last autosave failed, if it did.
    fn autosave_error(session: &Self::Session) -> Option<String>;
    /// Both seats are seated for the first time (the clock starts).
    fn both_seated(_session: &mut Self::Session, _now: Duration) {}
    /// A fallen flag recorded at `now`, if any: whether the game changed.
    fn tick(_session: &mut Self::Session, _now: Duration) -> bool {
        false
    }
    /// The welcome line for `side` with its `token`.
    fn welcome(session: &Self::Session, side: Self::Side, token: &str) -> String;
    /// The record line numbered `n`.
    fn heard_line(n: usize, heard: &Self::Heard) -> String;
    /// Lines only `side` is sent after an update (`changed`: it heard something or the change
    /// was public): a sighted seat's true board. None by default.
    fn private_lines(
        _session: &Self::Session,
        _side: Self::Side,
        _changed: bool,
    ) -> Option<String> {
        None
    }
    /// The state line for `side`, at `now`.
    fn state_line(
        session: &Self::Session,
        side: Self::Side,
        public: Public<Self::Side>,
        now: Duration,
    ) -> String;
    /// The reveal line: the whole game.
    fn reveal_line(session: &Self::Session) -> String;
}
