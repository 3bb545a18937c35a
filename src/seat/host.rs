//! The table's side of the seat protocol, without any I/O: a [`Host`] holds the one true game (a
//! [`GameSession`], autosaved) and turns each seat's lines into lines for the seats.
//!
//! What goes to a seat is built only from that seat's [`crate::log::Perception`] (kept up to
//! date event by event, [`Following`], so a request costs the same late in a long game): its own
//! requests and what it heard, plus public facts (whose turn, clocks, result, draw offers, the
//! other seat's presence). A seat that heard nothing new is sent nothing at all, so not even the
//! timing of its lines tells it what the opponent tried. The reveal (the whole log) is sent only
//! once the game is over.

use super::secure::{Claim, Refusal};
use super::wire::{ClockWire, FromSeat, LineError, OverWire, State, ToSeat};
use crate::log::{Event, Following};
use crate::referee::Request;
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

/// The table: the game, both seats' tokens and what each seat has been sent.
pub struct Host {
    session: GameSession,
    door: Door,
    connected: [bool; 2],
    /// What each seat perceived of the log, as of the last update.
    seen: [Following; 2],
    /// `heard` lines sent to each seat.
    sent: [usize; 2],
    revealed: [bool; 2],
    /// A draw offer standing, by the side that made it.
    offer: Option<Color>,
    clock_started: bool,
}

impl Host {
    /// A table for `session`, with a fresh join code and seat tokens drawn from `seed`.
    pub fn new(session: GameSession, seed: u64) -> Host {
        Host::with_door(session, Door::new(seed, false))
    }

    fn with_door(session: GameSession, door: Door) -> Host {
        let log = session.game().log();
        let seen = [
            Following::new(log, Color::White),
            Following::new(log, Color::Black),
        ];
        Host {
            session,
            seen,
            door,
            connected: [false; 2],
            sent: [0; 2],
            revealed: [false; 2],
            offer: None,
            clock_started: false,
        }
    }

    /// The join code a player types to take a free seat, as shown: `ABC-DEF`.
    pub fn code(&self) -> String {
        self.door.code()
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

    /// Writes into the game's save how it is seated: hosted here on `bind`:`port`, the seats'
    /// tokens, and the host's own seat once reserved ([`Host::reserve`]); the save is written
    /// at once, so that the game is hosted again, never opened as another kind of game.
    pub fn keep_seating(&mut self, bind: &str, port: u16) {
        let own = match self.session.meta().seating {
            Some(crate::save::Seating::Host { own, .. }) => own,
            _ => None,
        };
        self.session.meta_mut().seating = Some(crate::save::Seating::Host {
            own,
            bind: bind.to_owned(),
            port,
            tokens: self.door.tokens(),
        });
        self.session.save_now();
    }

    /// After a resume, the code that takes back `seat`, as shown: `W-ABC-DEF`.
    pub fn seat_code(&self, seat: Color) -> Option<String> {
        self.door.seat_code(seat)
    }

    /// The secret a connection's claim is checked against (the key exchange's password).
    pub fn secret(&self, claim: Claim) -> Result<String, Refusal> {
        self.door.secret(claim)
    }

    /// The game (the host's: the true position and the whole log).
    pub fn session(&self) -> &GameSession {
        &self.session
    }

    /// Keeps `seat` for the host's own player and returns its token (a `hello` with it takes
    /// the seat; the code no longer does).
    pub fn reserve(&mut self, seat: Color) -> String {
        if let Some(crate::save::Seating::Host { own, .. }) = &mut self.session.meta_mut().seating
            && *own != Some(seat)
        {
            *own = Some(seat);
            self.session.save_now();
        }
        self.door.reserve(seat)
    }

    /// Whether a seat has been sent the reveal (since its last connection).
    pub fn revealed(&self, seat: Color) -> bool {
        self.revealed[at(seat)]
    }

    /// Whether a seat is connected now.
    pub fn is_connected(&self, seat: Color) -> bool {
        self.connected[at(seat)]
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
        let slot = {
            let meta = self.session.meta_mut();
            seat.fold_wb(&mut meta.white, &mut meta.black)
        };
        if let Some(name) = hello
            .name
            .as_ref()
            .map(|n| n.trim())
            .filter(|n| !n.is_empty())
            && slot.is_empty()
        {
            *slot = name.to_owned();
            self.session.save_now();
        }
        if !self.clock_started && self.connected == [true; 2] {
            self.clock_started = true;
            self.session.start_clock(now);
        }
        let mut out = vec![(seat, self.welcome(seat).line())];
        self.sent[i] = hello.have.min(self.perceived_len(seat));
        self.revealed[i] = false;
        self.updates(now, [true, true], &mut out);
        Ok((seat, out))
    }

    fn welcome(&self, seat: Color) -> ToSeat {
        let log = self.session.game().log();
        // The start as the seat was told it (only its own pieces after a hidden start).
        let seen = log.perceived_by_upto(seat, 0);
        ToSeat::Welcome {
            version: super::VERSION,
            seat,
            token: self.door.token(seat).to_owned(),
            rules: log.rules.clone(),
            start: seen.start,
            unseen: seen.unseen.map(super::wire::unseen_counts),
            white: self.session.meta().white.clone(),
            black: self.session.meta().black.clone(),
            opening: crate::announce::heard_by(&log.opening, seat).collect(),
        }
    }

    /// How many events `seat` perceived (brought up to date with the log).
    fn perceived_len(&mut self, seat: Color) -> usize {
        self.seen[at(seat)]
            .update(self.session.game().log())
            .events
            .len()
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
        if self.session.over().is_none() && self.session.check_time(now).is_some() {
            self.updates(now, [false; 2], &mut out);
        }
        out
    }

    /// A line from a seated connection.
    pub fn handle(&mut self, seat: Color, line: &str, now: Duration) -> Outbox {
        let mut out = Vec::new();
        let read = FromSeat::parse(line, seat)
            .map(|line| match line {
                FromSeat::Hello(_) => SeatLine::Hello,
                FromSeat::OfferDraw => SeatLine::OfferDraw,
                FromSeat::AcceptDraw => SeatLine::AcceptDraw,
                FromSeat::Request(request) => SeatLine::Request(request),
            })
            .map_err(|e| e.to_string());
        let over = self.session.over().is_some();
        let refuse =
            |out: &mut Outbox, error: String| out.push((seat, super::wire::error_line(error)));
        match step(read, seat, !seat, over, self.offer) {
            Step::Refuse(error) => refuse(&mut out, error),
            Step::Offer => {
                self.offer = Some(seat);
                self.updates(now, [true; 2], &mut out);
            }
            Step::Accept => self.request(seat, Request::Draw, now, &mut out),
            Step::Request(request) => {
                if request.actor(self.session.to_move()) != Some(seat) {
                    let error = format!("it is not your turn to \"{}\"", request.name());
                    refuse(&mut out, error);
                } else {
                    self.request(seat, request, now, &mut out);
                }
            }
        }
        out
    }

    /// Makes `request` for `seat` at the referee and tells the seats.
    fn request(&mut self, seat: Color, request: Request, now: Duration, out: &mut Outbox) {
        match self.session.apply(request, now) {
            Err(e) => {
                out.push((
                    seat,
                    ToSeat::Error {
                        error: e.to_string(),
                    }
                    .line(),
                ));
                // A flag that fell before the request is recorded by it: tell both.
                if self.session.over().is_some() {
                    self.offer = None;
                    self.updates(now, [true; 2], out);
                }
            }
            Ok(Event { turn_ends, by, .. }) => {
                // An offer lapses when the other side plays on without taking it.
                let lapsed = self.offer.is_some_and(|o| turn_ends && by == Some(!o));
                if lapsed || self.session.over().is_some() {
                    self.offer = None;
                }
                self.updates(now, [lapsed; 2], out);
            }
        }
    }

    /// Sends each connected seat what it has not been sent: its new `heard` lines, the true
    /// board to a sighted seat, the state (when anything was new to it or `public[seat]`: a
    /// public change), and the reveal once the game is over.
    fn updates(&mut self, now: Duration, public: [bool; 2], out: &mut Outbox) {
        let over = self.session.over();
        for seat in Color::ALL {
            let i = at(seat);
            if !self.connected[i] {
                continue;
            }
            let seen = self.seen[i].update(self.session.game().log());
            let new = seen.events.len() > self.sent[i];
            for (k, event) in seen.events.iter().enumerate().skip(self.sent[i]) {
                let line = ToSeat::Heard {
                    n: k + 1,
                    request: event.request.clone(),
                    items: event.heard.clone(),
                    turn_ends: event.turn_ends,
                };
                out.push((seat, line.line()));
            }
            self.sent[i] = seen.events.len();
            let sighted = self.session.rules().variant().seeing_side() == Some(seat);
            if sighted && (new || public[i]) {
                let fen = self.session.game().referee().fen();
                out.push((seat, ToSeat::Board { fen }.line()));
            }
            if new || public[i] || (over.is_some() && !self.revealed[i]) {
                out.push((seat, ToSeat::State(self.state(seat, now)).line()));
            }
            if over.is_some() && !self.revealed[i] {
                self.revealed[i] = true;
                let log = Box::new(self.session.game().log().clone());
                out.push((seat, ToSeat::Reveal { log }.line()));
            }
        }
    }

    /// The public state as `seat` is told it.
    fn state(&self, seat: Color, now: Duration) -> State {
        let clock = self.session.facts().time_control.and_then(|control| {
            self.session.facts().clock_reading(now).map(|r| ClockWire {
                white_ms: r.white_ms,
                black_ms: r.black_ms,
                running: self.session.facts().clock_running(),
                control,
            })
        });
        State {
            n: self.sent[at(seat)],
            to_move: self.session.to_move(),
            placing: self.session.placing(),
            clock,
            over: self.session.over().map(OverWire::from),
            opponent_connected: self.connected[at(!seat)],
            draw_offer: self.offer,
            opponent_name: (!seat)
                .fold_wb(&self.session.meta().white, &self.session.meta().black)
                .clone(),
        }
    }
}

impl SeatTable for Host {
    fn door(&self) -> &Door {
        &self.door
    }

    fn door_mut(&mut self) -> &mut Door {
        &mut self.door
    }

    fn connect(&mut self, line: &str, now: Duration) -> Result<(Color, Outbox), HelloError> {
        Host::connect(self, line, now)
    }

    fn handle(&mut self, seat: Color, line: &str, now: Duration) -> Outbox {
        Host::handle(self, seat, line, now)
    }

    fn disconnect(&mut self, seat: Color, now: Duration) -> Outbox {
        Host::disconnect(self, seat, now)
    }

    fn tick(&mut self, now: Duration) -> Outbox {
        Host::tick(self, now)
    }

    fn over_title(&self) -> Option<String> {
        self.session.over().map(|over| over.title())
    }

    fn awaits_reveal(&self, seat: Color) -> bool {
        self.is_connected(seat) && !self.revealed(seat)
    }
}

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
