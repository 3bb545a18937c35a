//! [`RemoteTable`]: a seat at a table on another machine (or in another process), as a [`Table`],
//! so the game screen plays a network game exactly as a local one. It holds only what the seat
//! was told ([`SeatState`]): no true position and no opponent view exist on this side until the
//! reveal at the end, when the whole game becomes the truth for study.
//!
//! Nothing here waits: a request is sent and its answer read by a later [`Table::poll`] (the
//! connection's reader thread wakes the window when a line arrives); an answer that does not
//! come within [`ANSWER_WAIT`] drops the connection, which is taken back with the seat's token,
//! asking only for the lines not yet held. The public facts ([`Facts`]) are filled in from the
//! host's `state` and `board` lines, as a local table fills in its own. While the connection
//! is down the facts say so in words ([`crate::table::CutOff`]: the host has gone, the game is
//! kept there, the seat rejoins when it can) and requests are refused here, not sent.

use super::link::{Connection, LinkError, Redial};
use super::{Hello, Received, SeatState};
use crate::announce::{Audience, Over, Said};
use crate::clock::Clock;
use crate::kind::GameKind;
use crate::log::{Event, Game, Perception};
use crate::referee::{Request, RequestError, RequestRepr};
use crate::save::{Markers, Meta, Mode, SavedGame};
use crate::table::{Facts, News, Table};
use crate::view::PlayerView;
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
use super::trouble::cut_off_at;

/// A request sent and not answered yet.
struct Pending {
    request: Request,
    /// The seat's record length when it was sent: its answer is an own event after this.
    from: usize,
    since: Instant,
}

/// A seat at a remote table.
pub struct RemoteTable {
    address: String,
    hello: Hello,
    connection: Option<Connection>,
    seat: SeatState,
    color: Color,
    facts: Facts,
    markers: Markers,
    /// The other seat's view: the public start only (this side knows nothing more of it).
    other: PlayerView,
    pending: Option<Pending>,
    /// The record's index of the own event last told as an answer (not told again).
    answered: Option<usize>,
    /// The seat's record up to here has been handed to the screen.
    shown: usize,
    /// A reconnection under way on another thread.
    redial: Redial,
    /// The whole game, once revealed.
    revealed: Option<Game>,
    /// Called when news arrives (given to every connection, reconnections too).
    /// This seat belongs to the machine that hosts the game (the address players join at).
    hosting: Option<String>,
    news: Vec<News>,
}

impl RemoteTable {
    /// Connects to `address` with `hello` and waits (at most [`ANSWER_WAIT`]) for the seat.
    pub fn connect(address: &str, hello: Hello) -> Result<RemoteTable, ConnectError> {
        let connection = Connection::open(address, &hello)
            .map_err(|e| ConnectError::Unreachable(e.kind(), e.to_string()))?;
        RemoteTable::seated(address, hello, connection, Vec::new())
    }

    /// The seat over `connection`, whose `first` lines were read already (a welcome looked at
    /// to tell the game, [`crate::games::connect_any`]); waits as
    /// [`RemoteTable::connect`] does.
    pub fn seated(
        address: &str,
        hello: Hello,
        connection: Connection,
        first: Vec<String>,
    ) -> Result<RemoteTable, ConnectError> {
        let mut seat = SeatState::new();
        let deadline = Instant::now() + ANSWER_WAIT;
        let mut first = first.into_iter();
        while seat.state.is_none() {
            let got = match first.next() {
                Some(line) => Ok(Ok(line)),
                None => connection.recv_until(deadline),
            };
            match got {
                Ok(Ok(line)) => match seat.receive(&line) {
                    Ok(Received::Refused(e)) => return Err(ConnectError::Refused(e)),
                    Ok(_) => continue,
                    Err(e) => return Err(ConnectError::Protocol(e.to_string())),
                },
                Ok(Err(e)) => return Err(ConnectError::Unreachable(e.kind(), e.to_string())),
                Err(_) => return Err(ConnectError::Silent),
            }
        }
        let Some(perception) = seat.perception().cloned() else {
            return Err(ConnectError::Protocol("the host sent no seat".into()));
        };
        let color = perception.color;
        let other = PlayerView::from_perception(&Perception {
            color: !color,
            opening: Vec::new(),
            events: Vec::new(),
            ..perception.clone()
        });
        let mut hello = hello;
        hello.token = seat.token().map(str::to_owned);
        hello.code = None;
        let shown = seat.have();
        let mut facts = Facts::new(perception.rules.clone(), Meta::default(), None);
        // The host keeps the offers until the next move: they lapse, they are not declined.
        facts.draw_declinable = false;
        let mut table = RemoteTable {
            address: address.to_owned(),
            hello,
            connection: Some(connection),
            color,
            facts,
            markers: Markers::default(),
            other,
            pending: None,
            answered: None,
            shown,
            redial: Redial::new(address),
            revealed: None,
            hosting: None,
            news: Vec::new(),
            seat,
        };
        table.refresh(Duration::ZERO);
        Ok(table)
    }

    /// Marks the seat as the hosting machine's own, which others join at `address` (its
    /// status then says so, not the loopback address it connects through).
    pub fn set_hosting(&mut self, address: &str) {
        self.hosting = Some(address.to_owned());
        self.refresh_status();
    }

    /// What takes this seat back from another run of the app: the table's address and the
    /// seat's token.
    pub fn ticket(&self) -> Option<Ticket> {
        Some(Ticket {
            address: self.address.clone(),
            token: self.hello.token.clone()?,
            seat: self.color,
            game: GameKind::Chess,
        })
    }

    /// The seat.
    pub fn color(&self) -> Color {
        self.color
    }

    /// The seat's token (to take it back from another program).
    pub fn token(&self) -> Option<&str> {
        self.seat.token()
    }

    /// Whether the other seat is connected.
    pub fn opponent_connected(&self) -> bool {
        self.seat
            .state
            .as_ref()
            .is_some_and(|s| s.opponent_connected)
    }

    fn send(&mut self, line: &str) -> Result<(), LinkError> {
        let Some(connection) = &mut self.connection else {
            return Err(LinkError::NotConnected);
        };
        connection.send(line).map_err(|e| {
            self.connection = None;
            self.facts.cut_off = Some(cut_off_at(&self.address, e.kind(), false));
            LinkError::Write(e)
        })
    }

    /// Brings the facts up to date with what the host said; `now` is when its state arrived
    /// (a running clock counts down from there).
    fn refresh(&mut self, now: Duration) {
        // The host keeps an offer until the other side's move: gone without the game ending,
        // this seat's offer was declined by playing on.
        if let Some(state) = &self.seat.state
            && self.facts.draw_offer == Some(self.color)
            && state.draw_offer.is_none()
            && state.over.is_none()
        {
            self.news.push(News::DrawDeclined {
                by: !self.color,
                played_on: true,
            });
        }
        let f = &mut self.facts;
        f.meta.white = self.seat.names[1].clone();
        f.meta.black = self.seat.names[0].clone();
        f.meta.mode = Mode::Network;
        f.meta.site = self.address.clone();
        f.meta.event = "Network game".to_owned();
        if let Some(state) = &self.seat.state {
            f.to_move = state.to_move;
            f.placing = state.placing;
            f.over = state.over.map(Over::from);
            f.draw_offer = state.draw_offer;
            f.opponent_present = state.opponent_connected;
            f.time_control = state.clock.map(|c| c.control);
            f.clock = state.clock.map(|c| {
                let mut clock = Clock::resumed(c.control, c.reading());
                if let (Some(running), None) = (c.running, f.over) {
                    clock.start(running, now);
                }
                clock
            });
        }
        f.whole_board = self
            .seat
            .board
            .as_deref()
            .and_then(crate::setup::parse_fen)
            .map(|setup| setup.board);
        self.refresh_status();
    }

    fn refresh_status(&mut self) {
        let seat = crate::wording::color_title(self.color);
        let other = crate::wording::color_title(!self.color);
        let name = (!self.color).fold_wb(&self.facts.meta.white, &self.facts.meta.black);
        let place = match &self.hosting {
            Some(_) => None,
            None => Some(self.address.as_str()),
        };
        self.facts.status = Some(super::trouble::status_line(
            (seat, other, name.as_str()),
            place,
            self.facts.cut_off.is_some(),
            self.opponent_connected(),
        ));
    }

    /// Reads one line from the host at `now`.
    fn read(&mut self, line: &str, now: Duration) {
        let got = match self.seat.receive(line) {
            Ok(got) => got,
            Err(e) => {
                self.facts.trouble = Some(e.to_string());
                return;
            }
        };
        match got {
            Received::Welcome => {
                self.facts.trouble = None;
                self.facts.cut_off = None;
            }
            Received::Refused(e) => match self.pending.take() {
                Some(p) => self.news.push(News::Refused {
                    request: p.request,
                    error: RequestError::Table(e),
                }),
                // A refused reconnection (or a late refusal) is said, not dropped.
                None => self.facts.trouble = Some(e),
            },
            Received::State => self.answer(),
            Received::News => {}
        }
        if self.revealed.is_none()
            && let Some(log) = &self.seat.reveal
        {
            self.revealed = log.replay().ok();
            // At the end the opponent's board is revealed too.
            self.other = PlayerView::build(log, !self.color);
        }
        self.refresh(now);
    }

    /// A state completes the answer to the pending request: the own event after it was sent.
    fn answer(&mut self) {
        let Some(p) = &self.pending else {
            return;
        };
        let events = self.events_since(p.from);
        if let Some(i) = events.iter().position(|e| e.by == Some(self.color)) {
            self.answered = Some(p.from + i);
            self.pending = None;
            // The lines before the answer are told first, in order.
            self.tell_upto(self.answered);
        }
    }

    /// Tells the events heard since the last told one, up to and including `answer` (all of
    /// them when `None`), the answer as [`News::Answered`].
    fn tell_upto(&mut self, answer: Option<usize>) {
        let have = self.seat.have();
        let end = answer.map_or(have, |i| (i + 1).min(have));
        let from = self.shown;
        for (k, event) in self.events_since(from).into_iter().enumerate() {
            let i = from + k;
            if i >= end {
                break;
            }
            self.news.push(if Some(i) == answer {
                News::Answered(event)
            } else if Some(i) == self.answered {
                continue;
            } else {
                News::Happened(event)
            });
        }
        self.shown = self.shown.max(end);
    }

    /// The events heard since `from` (the seat's record), as the screen shows them: `by` is this
    /// seat for its own requests, else `None`; the request of an event this seat did not make is
    /// unknown here (its items are all there is), so `Request::Draw` stands in for it.
    fn events_since(&self, from: usize) -> Vec<Event> {
        let Some(seen) = self.seat.perception() else {
            return Vec::new();
        };
        seen.events
            .iter()
            .skip(from)
            .map(|p| Event {
                by: p.request.as_ref().map(|_| self.color),
                request: p.request.clone().unwrap_or(Request::Draw),
                said: p
                    .heard
                    .iter()
                    .map(|&item| Said {
                        to: Audience::Only(self.color),
                        item,
                    })
                    .collect(),
                turn_ends: p.turn_ends,
                clock: None,
            })
            .collect()
    }

    /// Sends `line` for `request`, or tells at once that it could not be sent.
    fn send_request(&mut self, request: Request, line: &str) {
        if self.pending.is_some() {
            self.news.push(News::Refused {
                request,
                error: RequestError::Table("the table has not answered the last request".into()),
            });
            return;
        }
        let from = self.seat.have();
        match self.send(line) {
            Ok(()) => {
                self.pending = Some(Pending {
                    request,
                    from,
                    since: Instant::now(),
                })
            }
            Err(e) => self.news.push(News::Refused {
                request,
                error: RequestError::Table(e.to_string()),
            }),
        }
    }

    /// Reads every line that arrived; a request unanswered for too long gives up its
    /// connection (the answer, if any, comes with the lines the seat lacks).
    fn read_lines(&mut self, now: Duration) {
        let mut hello = self.hello.clone();
        hello.have = self.seat.have();
        let may_dial = self.revealed.is_none();
        // With no connection, what ends is a try to rejoin (the seat keeps trying).
        let dialled = self.connection.is_none();
        let (lines, ended) = self.redial.read(&mut self.connection, &hello, may_dial);
        if let Some((kind, _)) = ended {
            self.facts.cut_off = Some(cut_off_at(&self.address, kind, dialled));
            self.refresh_status();
        }
        for line in lines {
            self.read(&line, now);
        }
        if self
            .pending
            .as_ref()
            .is_some_and(|p| p.since.elapsed() >= ANSWER_WAIT)
            && let Some(p) = self.pending.take()
        {
            self.connection = None;
            let timed_out = std::io::ErrorKind::TimedOut;
            self.facts.cut_off = Some(cut_off_at(&self.address, timed_out, false));
            self.refresh_status();
            self.news.push(News::Refused {
                request: p.request,
                error: RequestError::Table("the host did not answer in time".into()),
            });
        }
    }
}

impl Table for RemoteTable {
    fn facts(&self) -> &Facts {
        &self.facts
    }

    fn view(&mut self, seat: Color) -> &PlayerView {
        if seat != self.color {
            return &self.other;
        }
        match self.seat.view() {
            Some(view) => view,
            None => &self.other,
        }
    }

    fn submit(&mut self, request: Request, _now: Duration) {
        // Cut off: refused here, in the words the screen shows, without trying the network.
        if let Some(cut) = &self.facts.cut_off {
            let error = RequestError::Table(cut.words.clone());
            self.news.push(News::Refused { request, error });
            return;
        }
        match serde_json::to_string(&RequestRepr::from(request.clone())) {
            Ok(line) => self.send_request(request, &line),
            Err(e) => self.news.push(News::Refused {
                request,
                error: RequestError::Table(e.to_string()),
            }),
        }
    }

    fn offer_draw(&mut self, seat: Color, _now: Duration) {
        if self.facts.cut_off.is_some() {
            return;
        }
        let op = if self.facts.draw_offer == Some(!seat) {
            "{\"op\":\"accept_draw\"}"
        } else {
            "{\"op\":\"offer_draw\"}"
        };
        if let Err(e) = self.send(op) {
            self.facts.trouble = Some(e.to_string());
        }
    }

    fn decline_draw(&mut self, _seat: Color) {
        // The host keeps an offer until the next move: it lapses then.
    }

    fn poll(&mut self, now: Duration) -> Vec<News> {
        self.read_lines(now);
        if self.pending.is_none() {
            self.tell_upto(None);
        }
        std::mem::take(&mut self.news)
    }

    fn waiting(&self) -> bool {
        self.pending.is_some()
    }

    fn set_waker(&mut self, waker: crate::table::Waker) {
        self.redial.set_waker(waker, self.connection.as_ref());
    }

    fn needs_polling(&self) -> bool {
        (self.connection.is_none() && self.revealed.is_none()) || self.pending.is_some()
    }

    fn markers(&self) -> &Markers {
        &self.markers
    }

    fn set_marker(&mut self, seat: Color, square: Square, piece: Option<Role>) {
        if seat == self.color {
            let at = self.seat.have();
            self.markers.set(seat, square, piece, at);
        }
    }

    fn truth(&self) -> Option<&Game> {
        self.revealed.as_ref()
    }

    fn saved(&self) -> Option<SavedGame> {
        let game = self.revealed.as_ref()?;
        // The markers are not kept: they were set by this seat's record, not the whole log.
        Some(SavedGame::of(
            game,
            self.facts.meta.clone(),
            self.facts.time_control,
        ))
    }
}
