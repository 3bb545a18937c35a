//! [`RemoteTable`]: a seat at a table on another machine (or in another process), as a [`Table`],
//! so the game screen plays a network game exactly as a local one. It holds only what the seat
//! was told ([`SeatState`]): no true position and no opponent view exist on this side until the
//! reveal at the end, when the whole game becomes the truth for study.
//!
//! Requests wait for their answer (a LAN round trip; at most [`ANSWER_WAIT`]); the opponent's
//! turns and the clocks arrive through [`Table::poll`]. A dropped connection is taken back with
//! the seat's token, asking only for the lines not yet held.

use super::net::Connection;
use super::{Hello, Received, SeatState};
use crate::announce::{Audience, Over, Said};
use crate::clock::{ClockReading, TimeControl};
use crate::log::{Event, Game, Perception};
use crate::referee::{Request, RequestError, RequestRepr};
use crate::rules::RuleSet;
use crate::save::{Correction, Markers, Meta, Mode, SavedGame};
use crate::table::Table;
use crate::view::PlayerView;
use shakmaty::{Color, Role, Square};
use std::path::Path;
use std::time::{Duration, Instant};

/// How long a request waits for the table's answer.
pub const ANSWER_WAIT: Duration = Duration::from_secs(5);

/// How often a lost connection is retried.
const RETRY: Duration = Duration::from_secs(1);

/// A seat at a remote table.
pub struct RemoteTable {
    address: String,
    hello: Hello,
    connection: Option<Connection>,
    seat: SeatState,
    color: Color,
    rules: RuleSet,
    meta: Meta,
    markers: Markers,
    /// The other seat's view: the public start only (this side knows nothing more of it).
    other: PlayerView,
    /// When the last state (and its clock reading) arrived.
    state_at: Instant,
    /// The record's index of the own event `apply` returned last (`poll` does not repeat it).
    answered: Option<usize>,
    /// The seat's record up to here has been handed to the screen.
    shown: usize,
    /// A reconnection under way on another thread.
    dialling: Option<std::sync::mpsc::Receiver<std::io::Result<Connection>>>,
    /// The connection's trouble, shown until it is back.
    trouble: Option<String>,
    last_try: Option<Instant>,
    /// The whole game, once revealed.
    revealed: Option<Game>,
    /// Called when news arrives (given to every connection, reconnections too).
    waker: Option<crate::table::Waker>,
    /// This seat belongs to the machine that hosts the game (the address players join at).
    hosting: Option<String>,
}

impl RemoteTable {
    /// Connects to `address` with `hello` and waits (at most [`ANSWER_WAIT`]) for the seat.
    pub fn connect(address: &str, hello: Hello) -> Result<RemoteTable, String> {
        let connection =
            Connection::open(address, &hello).map_err(|e| format!("cannot connect: {e}"))?;
        let mut seat = SeatState::new();
        let deadline = Instant::now() + ANSWER_WAIT;
        while seat.state.is_none() {
            let wait = deadline.saturating_duration_since(Instant::now());
            match connection.lines.recv_timeout(wait) {
                Ok(Ok(line)) => match seat.receive(&line).map_err(|e| e.to_string())? {
                    Received::Refused(e) => return Err(format!("the host refused: {e}")),
                    _ => continue,
                },
                Ok(Err(e)) => return Err(e),
                Err(_) => return Err("the host did not answer".into()),
            }
        }
        let perception = seat.perception().cloned().ok_or("the host sent no seat")?;
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
        let mut table = RemoteTable {
            address: address.to_owned(),
            hello,
            connection: Some(connection),
            color,
            rules: perception.rules.clone(),
            meta: Meta::default(),
            markers: Markers::default(),
            other,
            state_at: Instant::now(),
            answered: None,
            shown,
            dialling: None,
            trouble: None,
            last_try: None,
            revealed: None,
            waker: None,
            hosting: None,
            seat,
        };
        table.refresh_meta();
        Ok(table)
    }

    /// Marks the seat as the hosting machine's own, which others join at `address` (its
    /// status then says so, not the loopback address it connects through).
    pub fn set_hosting(&mut self, address: &str) {
        self.hosting = Some(address.to_owned());
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

    /// The true board a handicap game's sighted seat sees (FEN).
    pub fn sighted_board(&self) -> Option<&str> {
        self.seat.board.as_deref()
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        let Some(connection) = &mut self.connection else {
            return Err("not connected to the host".into());
        };
        connection.send(line).map_err(|e| {
            self.connection = None;
            format!("the connection to the host failed: {e}")
        })
    }

    fn refresh_meta(&mut self) {
        self.meta.white = self.seat.names[1].clone();
        self.meta.black = self.seat.names[0].clone();
        self.meta.mode = Mode::Network;
        self.meta.site = self.address.clone();
        self.meta.event = "Network game".to_owned();
    }

    /// Reads one line; returns the event it completes for the caller's screen (`None`: more to
    /// come, or nothing to show).
    fn read(&mut self, line: &str) -> Result<Received, String> {
        let got = self.seat.receive(line).map_err(|e| e.to_string())?;
        match got {
            Received::Welcome => {
                self.refresh_meta();
                self.trouble = None;
            }
            Received::State => {
                self.state_at = Instant::now();
                self.refresh_meta();
            }
            _ => {}
        }
        if self.revealed.is_none()
            && let Some(log) = &self.seat.reveal
        {
            self.revealed = log.replay().ok();
            // At the end the opponent's board is revealed too.
            self.other = PlayerView::build(log, !self.color);
        }
        Ok(got)
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

    /// Tries to take the seat back after a dropped connection (at most once per [`RETRY`]),
    /// dialling on another thread so that the window never waits; not after the reveal.
    fn reconnect(&mut self) {
        if let Some(dialling) = &self.dialling {
            match dialling.try_recv() {
                Ok(Ok(c)) => {
                    if let Some(w) = &self.waker {
                        c.set_waker(w.clone());
                    }
                    self.connection = Some(c);
                }
                Ok(Err(e)) => self.trouble = Some(format!("reconnecting to the host: {e}")),
                Err(std::sync::mpsc::TryRecvError::Empty) => return,
                Err(std::sync::mpsc::TryRecvError::Disconnected) => {}
            }
            self.dialling = None;
            return;
        }
        if self.revealed.is_some() || self.last_try.is_some_and(|t| t.elapsed() < RETRY) {
            return;
        }
        self.last_try = Some(Instant::now());
        let mut hello = self.hello.clone();
        hello.have = self.seat.have();
        let address = self.address.clone();
        let (tx, rx) = std::sync::mpsc::channel();
        let waker = self.waker.clone();
        std::thread::spawn(move || {
            let _ = tx.send(Connection::open(&address, &hello));
            if let Some(w) = waker {
                w();
            }
        });
        self.dialling = Some(rx);
    }
}

impl Table for RemoteTable {
    fn rules(&self) -> &RuleSet {
        &self.rules
    }

    fn meta(&self) -> &Meta {
        &self.meta
    }

    fn to_move(&self) -> Color {
        self.seat
            .state
            .as_ref()
            .map_or(self.other.to_move, |s| s.to_move)
    }

    fn placing(&self) -> Option<Color> {
        self.seat.state.as_ref().and_then(|s| s.placing)
    }

    fn over(&self) -> Option<Over> {
        self.seat
            .state
            .as_ref()
            .and_then(|s| s.over)
            .map(Over::from)
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

    fn apply(&mut self, request: Request, _now: Duration) -> Result<Event, RequestError> {
        let table = |e: String| RequestError::Table(e);
        let line = serde_json::to_string(&RequestRepr::from(request.clone()))
            .map_err(|e| table(e.to_string()))?;
        let from = self.seat.have();
        self.send(&line).map_err(table)?;
        let deadline = Instant::now() + ANSWER_WAIT;
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            let Some(connection) = &self.connection else {
                return Err(table("the connection to the host was lost".into()));
            };
            let line = match connection.lines.recv_timeout(wait) {
                Ok(Ok(line)) => line,
                Ok(Err(e)) => {
                    self.connection = None;
                    return Err(table(e));
                }
                Err(_) => {
                    // The connection is dropped and taken back: the answer, if any, comes
                    // with the lines the seat lacks (and is shown by `poll`).
                    self.connection = None;
                    return Err(table("the host did not answer in time".into()));
                }
            };
            match self.read(&line).map_err(table)? {
                Received::Refused(e) => return Err(table(e)),
                // The answer is complete with the state after the request's own line; the
                // other lines before it are left for `poll`.
                Received::State => {
                    let events = self.events_since(from);
                    if let Some(i) = events.iter().position(|e| e.by == Some(self.color)) {
                        self.answered = Some(from + i);
                        return Ok(events[i].clone());
                    }
                }
                _ => {}
            }
        }
    }

    fn poll(&mut self, _now: Duration) -> Vec<Event> {
        let mut lines = Vec::new();
        match &self.connection {
            None => self.reconnect(),
            Some(connection) => {
                while let Ok(got) = connection.lines.try_recv() {
                    match got {
                        Ok(line) => lines.push(line),
                        Err(e) => {
                            self.trouble = Some(format!("{e}; reconnecting…"));
                            self.connection = None;
                            break;
                        }
                    }
                }
            }
        }
        for line in lines {
            match self.read(&line) {
                Err(e) => self.trouble = Some(e),
                // A refused reconnection (or a late refusal) is said, not dropped.
                Ok(Received::Refused(e)) => self.trouble = Some(e),
                Ok(_) => {}
            }
        }
        let answered = self.answered;
        let events = self
            .events_since(self.shown)
            .into_iter()
            .enumerate()
            .filter(|(i, _)| Some(self.shown + i) != answered)
            .map(|(_, e)| e)
            .collect();
        self.shown = self.seat.have();
        events
    }

    fn draw_offer(&self) -> Option<Color> {
        self.seat.state.as_ref().and_then(|s| s.draw_offer)
    }

    fn offer_draw(&mut self) -> Option<Result<(), String>> {
        let op = if self.draw_offer() == Some(!self.color) {
            "{\"op\":\"accept_draw\"}"
        } else {
            "{\"op\":\"offer_draw\"}"
        };
        Some(self.send(op))
    }

    fn set_waker(&mut self, waker: crate::table::Waker) {
        if let Some(c) = &self.connection {
            c.set_waker(waker.clone());
        }
        self.waker = Some(waker);
    }

    fn needs_polling(&self) -> bool {
        self.connection.is_none() && self.revealed.is_none()
    }

    fn seat_status(&self) -> Option<String> {
        let seat = crate::wording::color_title(self.color);
        let opponent = if self.trouble.is_some() {
            "connection lost, reconnecting…"
        } else if self.opponent_connected() {
            "opponent connected"
        } else {
            "waiting for the opponent"
        };
        Some(match &self.hosting {
            Some(_) => format!("You play {seat}, hosting: {opponent}"),
            None => format!("You play {seat} at {}: {opponent}", self.address),
        })
    }

    fn check_time(&mut self, _now: Duration) -> Option<Event> {
        None // the host keeps the clocks and tells the seat when a flag falls
    }

    fn time_control(&self) -> Option<TimeControl> {
        self.seat.state.as_ref()?.clock.map(|c| c.control)
    }

    fn clock_reading(&self, _now: Duration) -> Option<ClockReading> {
        let clock = self.seat.state.as_ref()?.clock?;
        let mut reading = clock.reading();
        // Counted from when the host's state arrived (the host keeps the clocks).
        if let (Some(running), None) = (clock.running, self.over()) {
            let spent = self.state_at.elapsed().as_millis() as u64;
            let left = running.fold_wb(&mut reading.white_ms, &mut reading.black_ms);
            *left = left.saturating_sub(spent);
        }
        Some(reading)
    }

    fn clock_running(&self) -> Option<Color> {
        self.seat.state.as_ref()?.clock?.running
    }

    fn time_to_flag(&self, now: Duration) -> Option<Duration> {
        let running = self.clock_running()?;
        Some(Duration::from_millis(self.clock_reading(now)?.of(running)))
    }

    fn start_clock(&mut self, _now: Duration) {}

    fn pause_clock(&mut self, _now: Duration) {}

    fn markers(&self) -> &Markers {
        &self.markers
    }

    fn set_marker(&mut self, color: Color, square: Square, piece: Option<Role>) {
        if color == self.color {
            let at = self.seat.have();
            self.markers.set(color, square, piece, at);
        }
    }

    fn corrections(&self) -> &[Correction] {
        &[]
    }

    fn undo(&mut self, _note: &str, _now: Duration) -> Option<Event> {
        None
    }

    fn to_saved(&self) -> Option<SavedGame> {
        let game = self.revealed.as_ref()?;
        // The markers are not kept: they were set by this seat's record, not the whole log.
        Some(SavedGame::of(game, self.meta.clone(), self.time_control()))
    }

    fn autosave_path(&self) -> Option<&Path> {
        None // the host autosaves
    }

    fn autosave_error(&self) -> Option<&str> {
        self.trouble.as_deref()
    }

    fn truth(&self) -> Option<&Game> {
        self.revealed.as_ref()
    }
}
