//! The table's side of the seat protocol, without any I/O, for every game ([`Game`]): a
//! [`GameHost`] holds the one true game (its session, autosaved; the chess family's [`Host`]
//! holds a [`GameSession`]) and turns each seat's lines into lines for the seats.
//!
//! What goes to a seat is built only from what that seat perceived ([`Game::perceived`], read
//! event by event as the log grows, so a request costs the same late in a long game): its own
//! requests and what it heard, plus public facts (whose turn, clocks, result, draw offers, the
//! other seat's presence). A seat that heard nothing new is sent nothing at all, so not even the
//! timing of its lines tells it what the opponent tried. The reveal (the whole log) is sent only
//! once the game is over.

use super::secure::{Claim, Refusal};
use super::wire::LineError;
pub use crate::seat::game::SeatLine;
use crate::seat::game::{Applied, Chess, Game, Public};
use crate::session::GameSession;
use shakmaty::Color;
use std::time::Duration;

/// Lines to send: (seat, line without its newline).
pub type Outbox = Vec<(Color, String)>;

use super::door::{Door, SeatTable, at};

/// A seed from the clock and the process: tokens differ between runs.
pub fn entropy() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    h.write_u32(std::process::id());
    h.finish()
}

/// Why a connection's first line does not seat it ([`Host::connect`]).
#[derive(Debug, thiserror::Error)]
pub enum HelloError {
    /// The line does not read.
    #[error(transparent)]
    Line(#[from] LineError),
    /// A line other than a hello.
    #[error("the first line must be {{\"op\":\"hello\",\"version\":1,...}}")]
    NotHello,
    /// Another version of the protocol.
    #[error("this host speaks version {ours} of the seat protocol, not {0}", ours = super::VERSION)]
    Version(u32),
    /// A token no seat has.
    #[error("no seat has this token")]
    UnknownToken,
    /// Neither a code nor a token.
    #[error("a hello needs the host's join code (\"code\") or a seat token")]
    NoCode,
    /// The code of another game.
    #[error("this is not the join code of this game")]
    WrongCode,
    /// The seat asked for is taken.
    #[error("the {} seat is taken", .0.fold_wb("white", "black"))]
    Taken(Color),
    /// No seat is free.
    #[error("both seats are taken")]
    Full,
}

/// The table of game `G`: the true game (its session), the door (codes, tokens), and what each
/// seat has been sent. Every game's requests take the one path: the rules of [`step`], the
/// referee, then each seat's record built only from what it heard, the state, and the reveal.
pub struct GameHost<G: Game> {
    session: G::Session,
    door: Door,
    connected: [bool; 2],
    /// Each seat's record (by door slot): what it perceived of the events read so far.
    records: [Vec<G::Heard>; 2],
    /// The events read into the records.
    recorded: usize,
    /// `heard` lines sent to each seat.
    sent: [usize; 2],
    revealed: [bool; 2],
    /// A draw offer standing, by the side that made it.
    offer: Option<G::Side>,
    clock_started: bool,
    /// Why the last autosave failed, if it did.
    pub autosave_error: Option<String>,
}

/// The chess family's table: a [`GameSession`], autosaved.
pub type Host = GameHost<Chess>;

impl<G: Game> GameHost<G> {
    /// A table for `session` with `door`.
    pub fn with_door(session: G::Session, door: Door) -> GameHost<G> {
        let mut host = GameHost {
            autosave_error: G::autosave_error(&session),
            session,
            door,
            connected: [false; 2],
            records: [Vec::new(), Vec::new()],
            recorded: 0,
            sent: [0; 2],
            revealed: [false; 2],
            offer: None,
            clock_started: false,
        };
        host.record_events();
        host
    }

    /// A table for `session` with tokens and codes drawn from `seed`: a new game (not
    /// `resumed`) has the join code; a resumed game that this machine hosted takes its seats
    /// back by the tokens its save kept ([`Door::restore`]), another resumed game by a code for
    /// each seat.
    pub fn reopened(mut session: G::Session, seed: u64, resumed: bool) -> GameHost<G> {
        let kept = match G::meta_mut(&mut session).seating() {
            crate::save::Seating::Host { tokens, .. } if resumed => Some(tokens),
            _ => None,
        };
        let door = match kept {
            Some(tokens) => Door::restore(seed, &tokens),
            None => Door::new(seed, resumed),
        };
        GameHost::with_door(session, door)
    }

    /// Seats `seat` on this machine: its token reserved at the door and its hello connected
    /// (a local table's player); the lines for the seats.
    pub fn sit_here(&mut self, seat: Color) -> Result<Outbox, HelloError> {
        let mut hello = super::Hello::new();
        hello.token = Some(self.door.reserve(seat));
        self.connect(&hello.line(), Duration::ZERO)
            .map(|(_, out)| out)
    }

    /// Writes into the game's save how it is seated: hosted here on `bind`:`port`, the seats'
    /// tokens, and the host's own seat once reserved ([`GameHost::reserve`]); the save is written
    /// at once, so that the game is hosted again, never opened as another kind of game.
    pub fn keep_seating(&mut self, bind: &str, port: u16) {
        let own = match G::meta_mut(&mut self.session).seating {
            Some(crate::save::Seating::Host { own, .. }) => own,
            _ => None,
        };
        G::meta_mut(&mut self.session).seating = Some(crate::save::Seating::Host {
            own,
            bind: bind.to_owned(),
            port,
            tokens: self.door.tokens(),
        });
        G::names_changed(&mut self.session);
    }

    /// Keeps `seat` for the host's own player and returns its token (a `hello` with it takes
    /// the seat; the code no longer does).
    pub fn reserve(&mut self, seat: Color) -> String {
        if let Some(crate::save::Seating::Host { own, .. }) =
            &mut G::meta_mut(&mut self.session).seating
            && *own != Some(seat)
        {
            *own = Some(seat);
            G::names_changed(&mut self.session);
        }
        self.door.reserve(seat)
    }

    /// The join code a player types to take a free seat, as shown: `ABC-DEF`.
    pub fn code(&self) -> String {
        self.door.code()
    }

    /// The true game (the host's alone).
    pub fn session(&self) -> &G::Session {
        &self.session
    }

    /// Whether a seat has been sent the reveal (since its last connection).
    pub fn revealed(&self, seat: Color) -> bool {
        self.revealed[at(seat)]
    }

    /// Whether a seat is connected now.
    pub fn is_connected(&self, seat: Color) -> bool {
        self.connected[at(seat)]
    }

    /// `seat`'s record so far (what it is sent, line by line).
    pub fn record_of(&self, seat: Color) -> &[G::Heard] {
        &self.records[at(seat)]
    }

    /// Brings both seats' records up to date with the game's events: each built from what
    /// that seat perceived alone ([`Game::perceived`]).
    fn record_events(&mut self) {
        let events = G::events(&self.session);
        if events < self.recorded {
            self.records = [Vec::new(), Vec::new()];
            self.recorded = 0;
        }
        for index in self.recorded..events {
            for slot in Color::ALL {
                if let Some(heard) = G::perceived(&self.session, index, G::side(slot)) {
                    self.records[at(slot)].push(heard);
                }
            }
        }
        self.recorded = events;
        self.autosave_error = G::autosave_error(&self.session);
    }

    /// A new connection's first line. Seats it (by its token, or with the join code on a free
    /// seat) and returns the seat with the lines to send: the welcome and everything the seat
    /// heard after the `have` lines it holds. `Err`: why, told to the connection, which is then
    /// closed.
    pub fn connect(&mut self, line: &str, now: Duration) -> Result<(Color, Outbox), HelloError> {
        let (seat, hello) = self.door.admit(line)?;
        let i = at(seat);
        self.connected[i] = true;
        // A seat's name is set by its first hello that gives one.
        let slot = G::name_mut(&mut self.session, G::side(seat));
        if let Some(name) = hello
            .name
            .as_ref()
            .map(|n| n.trim())
            .filter(|n| !n.is_empty())
            && slot.is_empty()
        {
            *slot = name.to_owned();
            G::names_changed(&mut self.session);
        }
        if !self.clock_started && self.connected == [true; 2] {
            self.clock_started = true;
            G::both_seated(&mut self.session, now);
        }
        let welcome = G::welcome(&self.session, G::side(seat), self.door.token(seat));
        let mut out = vec![(seat, welcome)];
        self.record_events();
        self.sent[i] = hello.have.min(self.records[i].len());
        self.revealed[i] = false;
        self.updates(now, [true, true], &mut out);
        Ok((seat, out))
    }

    /// A seat's connection closed: the other seat is told (its seat stays, for its token).
    pub fn disconnect(&mut self, seat: Color, now: Duration) -> Outbox {
        self.connected[at(seat)] = false;
        let mut out = Vec::new();
        self.updates(now, [seat == Color::Black, seat == Color::White], &mut out);
        out
    }

    /// Records a fallen flag, if any, and tells the seats.
    pub fn tick(&mut self, now: Duration) -> Outbox {
        let mut out = Vec::new();
        if G::tick(&mut self.session, now) {
            self.updates(now, [false; 2], &mut out);
        }
        out
    }

    /// Hands `lines` to the table as its seats' lines, one after another (a bench's workload);
    /// the lines it answered, counted.
    pub fn handle_all(&mut self, lines: &[(Color, String)]) -> usize {
        lines
            .iter()
            .map(|(seat, line)| self.handle(*seat, line, Duration::ZERO).len())
            .sum()
    }

    /// A line from a seated connection, by the rules every table applies ([`step`]).
    pub fn handle(&mut self, seat: Color, line: &str, now: Duration) -> Outbox {
        let mut out = Vec::new();
        let side = G::side(seat);
        let over = G::over(&self.session);
        let opponent = G::side(!seat);
        match step(G::read(line, side), side, opponent, over, self.offer) {
            Step::Refuse(error) => out.push((seat, super::wire::error_line(error))),
            Step::Offer => {
                self.offer = Some(side);
                self.updates(now, [true; 2], &mut out);
            }
            Step::Accept => self.request(seat, G::DRAW, now, &mut out),
            Step::Request(request) if G::actor(&self.session, &request) != Some(side) => {
                out.push((seat, super::wire::error_line(G::not_your_turn(&request))));
            }
            Step::Request(request) => self.request(seat, request, now, &mut out),
        }
        out
    }

    /// Makes `request` for `seat` at the referee and tells the seats.
    fn request(&mut self, seat: Color, request: G::Request, now: Duration, out: &mut Outbox) {
        match G::apply(&mut self.session, request, now) {
            Err(error) => {
                out.push((seat, super::wire::error_line(error)));
                // A flag that fell before the request is recorded by it: tell both.
                if G::over(&self.session) {
                    self.offer = None;
                    self.updates(now, [true; 2], out);
                }
            }
            Ok(Applied { turn_ends, by }) => {
                // An offer lapses when the other side plays on without taking it.
                let lapsed = self
                    .offer
                    .is_some_and(|o| turn_ends && by.is_some_and(|by| by != o));
                if lapsed || G::over(&self.session) {
                    self.offer = None;
                }
                self.updates(now, [lapsed; 2], out);
            }
        }
    }

    /// Sends each connected seat what it has not been sent: its new `heard` lines, the game's
    /// private lines (a sighted seat's true board), the state (when anything was new to it or
    /// `public[seat]`: a public change), and the reveal once the game is over.
    fn updates(&mut self, now: Duration, public: [bool; 2], out: &mut Outbox) {
        self.record_events();
        let over = G::over(&self.session);
        for seat in Color::ALL {
            let i = at(seat);
            if !self.connected[i] {
                continue;
            }
            let record = &self.records[i];
            let new = record.len() > self.sent[i];
            for (k, heard) in record.iter().enumerate().skip(self.sent[i]) {
                out.push((seat, G::heard_line(k + 1, heard)));
            }
            self.sent[i] = record.len();
            let side = G::side(seat);
            if let Some(line) = G::private_lines(&self.session, side, new || public[i]) {
                out.push((seat, line));
            }
            if new || public[i] || (over && !self.revealed[i]) {
                let facts = Public {
                    n: self.sent[i],
                    opponent_connected: self.connected[at(!seat)],
                    draw_offer: self.offer,
                };
                out.push((seat, G::state_line(&self.session, side, facts, now)));
            }
            if over && !self.revealed[i] {
                self.revealed[i] = true;
                out.push((seat, G::reveal_line(&self.session)));
            }
        }
    }
}

impl Host {
    /// A table for `session`, with a fresh join code and seat tokens drawn from `seed`.
    pub fn new(session: GameSession, seed: u64) -> Host {
        Host::with_door(session, Door::new(seed, false))
    }

    /// A table for a resumed game: each seat is taken back with its own code (see
    /// [`Host::seat_code`]), so that no one takes the other player's seat and reads its record.
    pub fn resumed(session: GameSession, seed: u64) -> Host {
        Host::with_door(session, Door::new(seed, true))
    }

    /// A table for a game hosted again whose save kept its seats' tokens (`tokens`: White's,
    /// Black's): each seat takes itself back with its token, or with a code of its own.
    pub fn restored(session: GameSession, seed: u64, tokens: &[String; 2]) -> Host {
        Host::with_door(session, Door::restore(seed, tokens))
    }

    /// After a resume, the code that takes back `seat`, as shown: `W-ABC-DEF`.
    pub fn seat_code(&self, seat: Color) -> Option<String> {
        self.door.seat_code(seat)
    }

    /// The secret a connection's claim is checked against (the key exchange's password).
    pub fn secret(&self, claim: Claim) -> Result<String, Refusal> {
        self.door.secret(claim)
    }
}

impl<G: Game> SeatTable for GameHost<G> {
    fn door(&self) -> &Door {
        &self.door
    }

    fn door_mut(&mut self) -> &mut Door {
        &mut self.door
    }

    fn connect(&mut self, line: &str, now: Duration) -> Result<(Color, Outbox), HelloError> {
        GameHost::connect(self, line, now)
    }

    fn handle(&mut self, seat: Color, line: &str, now: Duration) -> Outbox {
        GameHost::handle(self, seat, line, now)
    }

    fn disconnect(&mut self, seat: Color, now: Duration) -> Outbox {
        GameHost::disconnect(self, seat, now)
    }

    fn tick(&mut self, now: Duration) -> Outbox {
        GameHost::tick(self, now)
    }

    fn over_title(&self) -> Option<String> {
        G::over_title(&self.session)
    }

    fn awaits_reveal(&self, seat: Color) -> bool {
        self.is_connected(seat) && !self.revealed(seat)
    }
}

/// What a table does with a seated connection's line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step<R> {
    /// Refuses it, in these words (nothing changes).
    Refuse(String),
    /// The seat's draw offer now stands.
    Offer,
    /// The seat accepts the opponent's standing offer: the game is drawn.
    Accept,
    /// A request for the game to judge (whose turn it is, the game says).
    Request(R),
}

/// The rules every game's table applies to a seated connection's line `read` (or why it does
/// not read), from `seat` (its `opponent`), with the game `over` or not and the draw `offer`
/// standing: one seat per connection, nothing after the end, one standing offer, and only the
/// opponent's offer accepted.
pub fn step<S: Copy + Eq, R>(
    read: Result<SeatLine<R>, String>,
    seat: S,
    opponent: S,
    over: bool,
    offer: Option<S>,
) -> Step<R> {
    match read {
        Err(e) => Step::Refuse(e),
        Ok(SeatLine::Hello) => Step::Refuse("this connection already has its seat".into()),
        Ok(_) if over => Step::Refuse("the game is over".into()),
        Ok(SeatLine::OfferDraw) if offer == Some(seat) => {
            Step::Refuse("your draw offer already stands".into())
        }
        Ok(SeatLine::OfferDraw) => Step::Offer,
        Ok(SeatLine::AcceptDraw) if offer != Some(opponent) => {
            Step::Refuse("there is no draw offer from the opponent to accept".into())
        }
        Ok(SeatLine::AcceptDraw) => Step::Accept,
        Ok(SeatLine::Request(request)) => Step::Request(request),
    }
}
