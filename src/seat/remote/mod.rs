//! [`RemoteTable`]: a seat at a table on another machine (or in another process), for every game
//! ([`RemoteGame`]), as the screens' [`crate::table::Table`], so a game screen plays a network
//! game exactly as a local one. It holds only what the seat was told ([`GameSeat`]): no true
//! position and no opponent view exist on this side until the reveal at the end, when the whole
//! game becomes the truth for study.
//!
//! Written once here: the sealed [`Connection`] (read on its own thread, which wakes the
//! window), one request waiting for its answer at a time ([`ANSWER_WAIT`], then the connection
//! is given up), the seat taken back with its token asking only for the lines not yet held
//! ([`Redial`]), the cut-off in words ([`crate::table::CutOff`]: the host has gone, the game is
//! kept there, the seat rejoins when it can; requests are then refused here, not sent), the
//! reveal taken once. A game gives only its own parts ([`RemoteGame`]): its facts from the state
//! line, its news from the heard lines, its view, its whole game from the reveal
//! (the chess family's in [`chess`]).
//!
//! - [`lines`]: the lines read and sent, and the screens' table over them.

mod chess;
mod lines;

pub use chess::ChessRemote;

use super::Hello;
use super::client::{GameSeat, Received};
use super::game::Game;
use super::link::{Connection, Redial};
use crate::kind::GameKind;
use crate::save::Markers;
use crate::table::CutOff;
use shakmaty::{Color, Role, Square};
use std::time::{Duration, Instant};

/// A seat at a table across machines, as remembered to rejoin it (the app keeps the last one).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Ticket {
    /// The table's address, HOST:PORT.
    pub address: String,
    /// The seat's token (it alone takes the seat back).
    pub token: String,
    /// The seat (its door slot: another game's seat's is [`crate::seat::game::Game::slot`]).
    #[serde(with = "crate::announce::color_serde")]
    pub seat: Color,
    /// The game played there (a ticket kept before there were other games: chess).
    #[serde(default, skip_serializing_if = "is_chess")]
    pub game: GameKind,
}

fn is_chess(game: &GameKind) -> bool {
    *game == GameKind::Chess
}

impl Ticket {
    /// The `hello` that takes the seat back (holding nothing: the table sends the whole record).
    pub fn hello(&self) -> Hello {
        let mut hello = Hello::new();
        hello.token = Some(self.token.clone());
        hello
    }
}

/// How long a request waits for the table's answer before the connection is taken back.
pub const ANSWER_WAIT: Duration = Duration::from_secs(5);

pub use super::trouble::ConnectError;

/// A game's own parts of a seat at a remote table; the connection, the one waiting request, the
/// redial, the cut-off and the reveal are [`RemoteTable`]'s, for every game.
pub trait RemoteGame: Game {
    /// The game, as a ticket names it.
    const KIND: GameKind;
    /// What the seat keeps of its own beside what it was told (news told so far, a history).
    type Own;

    /// Why a table whose first line is `first` is not this game's (`None`: it may be).
    fn foreign(_first: &str) -> Option<String> {
        None
    }
    /// Whether the state line says the other seat is connected.
    fn opponent_connected(state: &Self::State) -> bool;
    /// The record lines `told` holds.
    fn record(told: &Self::Told) -> &[Self::Heard];
    /// Whether a record line holds the seat's own request (the answer to it).
    fn own_line(heard: &Self::Heard) -> bool;
    /// The seat's own parts and its facts once it is seated (nothing told as news yet;
    /// `None`: the welcome held no seat).
    fn start(seat: &mut GameSeat<Self>, side: Self::Side) -> Option<(Self::Own, Self::Facts)>;
    /// A request's line, and whether the table answers it with a line of the seat's record.
    fn request_line(request: &Self::Request) -> Result<(String, bool), String>;
    /// A standing draw offer, by whom, as the facts say.
    fn draw_offer(facts: &Self::Facts) -> Option<Self::Side>;
    /// The seat's `request` was refused, `why` in words: told as news (or kept until polled).
    fn refuse(own: &mut Self::Own, remote: &mut Remote<Self>, request: Self::Request, why: String);
    /// The waiting request was answered with record line `index`.
    fn answered(_own: &mut Self::Own, _remote: &mut Remote<Self>, _index: usize) {}
    /// A line was read at `now` (and what it brought is in `remote.seat`).
    fn heard(own: &mut Self::Own, remote: &mut Remote<Self>, now: Duration);
    /// Something changed that is not a line (a cut-off, a request sent, the hosting): the
    /// facts brought up to date with it.
    fn refresh(own: &mut Self::Own, remote: &mut Remote<Self>);
    /// The whole game from the table's reveal (`None`: it does not replay).
    fn reveal(own: &mut Self::Own, reveal: &Self::Reveal, side: Self::Side) -> Option<Self::Whole>;
    /// The news for a poll, after its lines were read (`waiting`: a request is unanswered).
    fn tell(own: &mut Self::Own, remote: &mut Remote<Self>, waiting: bool);
    /// What `asked` knows, as far as this seat can tell.
    fn view<'a>(
        own: &'a Self::Own,
        remote: &'a mut Remote<Self>,
        asked: Self::Side,
    ) -> &'a Self::View;
    /// The revealed game as a save.
    fn saved(own: &Self::Own, remote: &Remote<Self>) -> Option<Self::Save>;
    /// The seat's markers (the chess family's), if the game has them.
    fn markers(_own: &Self::Own) -> Option<&Markers> {
        None
    }
    /// Puts (or clears) a marker on `seat`'s board, where the game has markers.
    fn set_marker(
        _own: &mut Self::Own,
        _remote: &Remote<Self>,
        _seat: Color,
        _square: Square,
        _piece: Option<Role>,
    ) {
    }
}

/// What every remote seat holds that a game's own parts read: what the seat was told, where it
/// plays, the public facts and the news not yet polled.
pub struct Remote<G: Game> {
    /// The table's address.
    pub address: String,
    /// What the seat was told, line by line.
    pub seat: GameSeat<G>,
    /// The seat.
    pub side: G::Side,
    /// This seat belongs to the machine that hosts the game (the address players join at).
    pub hosting: Option<String>,
    /// Why the seat cannot reach its table now, in words.
    pub cut_off: Option<CutOff>,
    /// A line from the table that did not read, or a refused reconnection.
    pub trouble: Option<String>,
    /// The last refusal of this seat's request, until the next request is sent.
    pub refused: Option<String>,
    /// The whole game, once revealed.
    pub revealed: Option<G::Whole>,
    /// The public facts, as the screens' table gives them.
    pub facts: G::Facts,
    /// News not yet polled.
    pub news: Vec<G::News>,
}

impl<G: RemoteGame> Remote<G> {
    /// Whether the other seat is connected, as the table last said.
    pub fn opponent_connected(&self) -> bool {
        self.seat.state.as_ref().is_some_and(G::opponent_connected)
    }
}

/// A request sent and not answered yet.
struct Pending<R> {
    request: R,
    /// The seat's record length when it was sent: its answer is an own line after this.
    from: usize,
    since: Instant,
}

/// A seat at a remote table of game `G`.
pub struct RemoteTable<G: RemoteGame = crate::table::Chess> {
    /// The hello that takes the seat back (its token, no code).
    hello: Hello,
    connection: Option<Connection>,
    /// A reconnection under way on another thread.
    redial: Redial,
    pending: Option<Pending<G::Request>>,
    /// What every game's seat holds.
    pub(crate) remote: Remote<G>,
    /// The game's own parts.
    pub(crate) own: G::Own,
}

/// Opens a connection to `address` with `hello` and reads the table's first line (at most
/// [`ANSWER_WAIT`]): its welcome says which game it is.
pub fn open(address: &str, hello: &Hello) -> Result<(Connection, String), ConnectError> {
    let connection = Connection::open(address, hello)
        .map_err(|e| ConnectError::Unreachable(e.kind(), e.to_string()))?;
    let first = next_line(&connection, Instant::now() + ANSWER_WAIT)?;
    Ok((connection, first))
}

/// The next line before `deadline`, or why not.
fn next_line(connection: &Connection, deadline: Instant) -> Result<String, ConnectError> {
    match connection.recv_until(deadline) {
        Ok(Ok(line)) => Ok(line),
        Ok(Err(e)) => Err(ConnectError::Unreachable(e.kind(), e.to_string())),
        Err(_) => Err(ConnectError::Silent),
    }
}

impl<G: RemoteGame> RemoteTable<G> {
    /// Connects to `address` with `hello` and waits (at most [`ANSWER_WAIT`]) for the seat; a
    /// table of another game is refused ([`RemoteGame::foreign`]).
    pub fn connect(address: &str, hello: Hello) -> Result<RemoteTable<G>, ConnectError> {
        let connection = Connection::open(address, &hello)
            .map_err(|e| ConnectError::Unreachable(e.kind(), e.to_string()))?;
        RemoteTable::seated(address, hello, connection, Vec::new())
    }

    /// The seat over `connection`, whose `first` lines were read already (a welcome looked at
    /// to tell the game, [`open`]); waits as [`RemoteTable::connect`] does.
    pub fn seated(
        address: &str,
        hello: Hello,
        connection: Connection,
        first: Vec<String>,
    ) -> Result<RemoteTable<G>, ConnectError> {
        let mut seat = GameSeat::<G>::new();
        let deadline = Instant::now() + ANSWER_WAIT;
        let mut first = first.into_iter();
        while seat.state.is_none() {
            let line = match first.next() {
                Some(line) => line,
                None => next_line(&connection, deadline)?,
            };
            if seat.seat().is_none()
                && let Some(why) = G::foreign(&line)
            {
                return Err(ConnectError::Protocol(why));
            }
            match seat.receive(&line) {
                Ok(Received::Refused(e)) => return Err(ConnectError::Refused(e)),
                Ok(_) => {}
                Err(e) => return Err(ConnectError::Protocol(e.to_string())),
            }
        }
        let Some(side) = seat.seat() else {
            return Err(ConnectError::Protocol("the host sent no seat".into()));
        };
        let mut hello = hello;
        hello.token = seat.token().map(str::to_owned);
        hello.code = None;
        let Some((own, facts)) = G::start(&mut seat, side) else {
            return Err(ConnectError::Protocol("the host sent no seat".into()));
        };
        let mut table = RemoteTable {
            hello,
            connection: Some(connection),
            redial: Redial::new(address),
            pending: None,
            remote: Remote {
                address: address.to_owned(),
                seat,
                side,
                hosting: None,
                cut_off: None,
                trouble: None,
                refused: None,
                revealed: None,
                facts,
                news: Vec::new(),
            },
            own,
        };
        G::heard(&mut table.own, &mut table.remote, Duration::ZERO);
        G::refresh(&mut table.own, &mut table.remote);
        Ok(table)
    }

    /// Marks the seat as the hosting machine's own, which others join at `address` (its
    /// status then says so, not the loopback address it connects through).
    pub fn set_hosting(&mut self, address: &str) {
        self.remote.hosting = Some(address.to_owned());
        G::refresh(&mut self.own, &mut self.remote);
    }

    /// What takes this seat back from another run of the app: the table's address, the
    /// seat's token and its door slot.
    pub fn ticket(&self) -> Option<Ticket> {
        Some(Ticket {
            address: self.remote.address.clone(),
            token: self.hello.token.clone()?,
            seat: G::slot(self.remote.side),
            game: G::KIND,
        })
    }

    /// The seat.
    pub fn color(&self) -> G::Side {
        self.remote.side
    }

    /// The table's address.
    pub fn address(&self) -> &str {
        &self.remote.address
    }

    /// What the seat was told, line by line.
    pub fn state(&self) -> &GameSeat<G> {
        &self.remote.seat
    }

    /// The seat's token (to take it back from another program).
    pub fn token(&self) -> Option<&str> {
        self.remote.seat.token()
    }

    /// Whether the other seat is connected.
    pub fn opponent_connected(&self) -> bool {
        self.remote.opponent_connected()
    }

    /// The other seat's name, if it gave one.
    pub fn opponent_name(&self) -> &str {
        let other = usize::from(G::slot(self.remote.side) == Color::Black);
        &self.remote.seat.names[other]
    }

    /// Whether the seat may act now: its turn, caught up, no request waiting, connected.
    pub fn to_act(&self) -> bool {
        self.remote.seat.to_act() && self.pending.is_none() && self.remote.cut_off.is_none()
    }

    /// Whether a request waits for the table's answer.
    pub fn waiting(&self) -> bool {
        self.pending.is_some()
    }

    /// Why the seat cannot reach its table now, in words.
    pub fn cut_off(&self) -> Option<&CutOff> {
        self.remote.cut_off.as_ref()
    }

    /// The last refusal of this seat's request, until the next request.
    pub fn refused(&self) -> Option<&str> {
        self.remote.refused.as_deref()
    }

    /// A line from the table that did not read, or a refused reconnection.
    pub fn trouble(&self) -> Option<&str> {
        self.remote.trouble.as_deref()
    }

    /// The whole game, once the table revealed it (and it replays).
    pub fn revealed(&self) -> Option<&G::Whole> {
        self.remote.revealed.as_ref()
    }

    /// Calls `waker` whenever a line arrives (reconnections too).
    pub fn set_waker(&mut self, waker: crate::table::Waker) {
        self.redial.set_waker(waker, self.connection.as_ref());
    }

    /// Whether the screen should look again soon without being woken (a request waiting for
    /// its deadline, a connection being taken back).
    pub fn needs_polling(&self) -> bool {
        (self.connection.is_none() && self.remote.revealed.is_none()) || self.pending.is_some()
    }
}
