//! A tsuitate shogi table for the seat protocol, without any I/O: [`TsuitateHost`] holds the one
//! true game (a [`TsuitateGame`], autosaved as a tsuitate save) and turns each seat's lines into
//! lines for the seats ([`super::wire`]), as the chess [`crate::seat::Host`] does, through the
//! same door (codes, tokens) and the same server ([`crate::seat::net::Server`]).
//!
//! A seat's record holds an event only if the seat made the request or heard an item of it, and
//! is built from what that seat heard alone ([`heard_by`]); a seat that heard nothing new is sent
//! nothing. The reveal (the save) is sent only once the game is over. There is no clock.

use super::announce::{Item, color_name};
use super::game::{Request, TsuitateGame, heard_by};
use super::save::{GameAutosave, SavedRequest, TsuitateSave};
use super::wire::{FromSeat, ToSeat, WireState};
use crate::save::Meta;
use crate::seat::door::{Door, SeatTable, at};
use crate::seat::host::{SeatLine, Step, step};
use crate::seat::{HelloError, Outbox};
use shogi_core::Color;
use std::path::PathBuf;
use std::time::Duration;

/// A seat's slot at the door: sente (`"black"`) is the door's Black, gote its White.
pub fn slot(color: Color) -> shakmaty::Color {
    match color {
        Color::Black => shakmaty::Color::Black,
        Color::White => shakmaty::Color::White,
    }
}

/// The side of a door's slot.
pub fn side(slot: shakmaty::Color) -> Color {
    slot.fold_wb(Color::White, Color::Black)
}

/// One line of a seat's record.
#[derive(Clone, Debug, PartialEq)]
pub struct Perceived {
    /// The seat's own request, when it made it.
    pub request: Option<SavedRequest>,
    /// What it heard.
    pub items: Vec<Item>,
    /// Whether a legal move ended the turn.
    pub turn_ends: bool,
}

/// The table: the game, the door and what each seat has been sent.
pub struct TsuitateHost {
    game: TsuitateGame,
    meta: Meta,
    door: Door,
    /// The autosave: a snapshot, then one journal line per event ([`GameAutosave`]).
    autosave: Option<GameAutosave>,
    /// Why the last autosave failed, if it did.
    pub autosave_error: Option<String>,
    connected: [bool; 2],
    /// Each seat's record, by door slot.
    records: [Vec<Perceived>; 2],
    /// The game's events already turned into records.
    recorded: usize,
    sent: [usize; 2],
    revealed: [bool; 2],
    offer: Option<Color>,
}

/// What `seat` perceived of one event.
fn perceived(event: &super::game::Event, seat: Color) -> Option<Perceived> {
    let items = heard_by(&event.said, seat);
    let own = event.by == seat;
    (own || !items.is_empty()).then(|| Perceived {
        request: own.then(|| match &event.request {
            Request::Try(usi) => SavedRequest::Try { usi: usi.clone() },
            Request::Resign => SavedRequest::Resign,
            Request::Draw => SavedRequest::Draw,
        }),
        turn_ends: items.contains(&Item::Legal),
        items,
    })
}

impl TsuitateHost {
    /// A table for `game` (autosaved to `autosave`: a snapshot, then a journal line per event), with a fresh join code
    /// and tokens from `seed`; `resumed`: each seat is taken back with its own code.
    pub fn new(
        game: TsuitateGame,
        meta: Meta,
        autosave: Option<PathBuf>,
        seed: u64,
        resumed: bool,
    ) -> TsuitateHost {
        let mut host = TsuitateHost {
            game,
            meta,
            door: Door::new(seed, resumed),
            autosave: autosave.map(GameAutosave::new),
            autosave_error: None,
            connected: [false; 2],
            records: [Vec::new(), Vec::new()],
            recorded: 0,
            sent: [0; 2],
            revealed: [false; 2],
            offer: None,
        };
        host.record_events();
        host.save();
        host
    }

    /// The game (the true position: the host's alone).
    pub fn game(&self) -> &TsuitateGame {
        &self.game
    }

    /// The game as a save.
    pub fn save_of(&self) -> TsuitateSave {
        TsuitateSave::of(&self.game, self.meta.clone())
    }

    /// `seat`'s record so far (what it is sent, line by line).
    pub fn record(&self, seat: Color) -> &[Perceived] {
        &self.records[at(slot(seat))]
    }

    /// Writes the whole game to the autosave (a snapshot) and starts a fresh journal.
    fn save(&mut self) {
        if let Some(autosave) = &mut self.autosave {
            autosave.snapshot(&self.game, &self.meta);
            self.autosave_error = autosave.error().map(str::to_owned);
        }
    }

    /// Autosaves after one new event: one journal line, or now and then a snapshot, so a
    /// request costs the host the same however long the game.
    fn save_event(&mut self) {
        if let Some(autosave) = &mut self.autosave {
            autosave.event(&self.game, &self.meta);
            self.autosave_error = autosave.error().map(str::to_owned);
        }
    }

    /// The autosave's journal lines since its last snapshot (for tests and the bench).
    pub fn journaled(&self) -> usize {
        self.autosave.as_ref().map_or(0, GameAutosave::journaled)
    }

    /// Brings both seats' records up to date with the game's events.
    fn record_events(&mut self) {
        for event in &self.game.events()[self.recorded..] {
            for seat in [Color::Black, Color::White] {
                if let Some(p) = perceived(event, seat) {
                    self.records[at(slot(seat))].push(p);
                }
            }
        }
        self.recorded = self.game.events().len();
    }

    fn welcome(&self, seat: Color) -> ToSeat {
        let referee = self.game.referee();
        ToSeat::welcome(
            seat,
            self.door.token(slot(seat)),
            referee.rules(),
            referee.start().to_sfen_owned(),
            [&self.meta.black, &self.meta.white],
            &heard_by(self.game.opening(), seat),
        )
    }

    /// A line from a seated connection, by the rules every table applies ([`step`]).
    fn on_line(&mut self, seat: Color, line: &str, out: &mut Outbox) {
        let read = FromSeat::parse(line)
            .map(|line| match line {
                FromSeat::Hello(_) => SeatLine::Hello,
                FromSeat::OfferDraw => SeatLine::OfferDraw,
                FromSeat::AcceptDraw => SeatLine::AcceptDraw,
                FromSeat::Try(usi) => SeatLine::Request(Request::Try(usi)),
                FromSeat::Resign => SeatLine::Request(Request::Resign),
            })
            .map_err(|e| e.to_string());
        let over = self.game.referee().over().is_some();
        let refuse = |out: &mut Outbox, error: &str| out.push((slot(seat), ToSeat::error(error)));
        match step(read, seat, seat.flip(), over, self.offer) {
            Step::Refuse(error) => refuse(out, &error),
            Step::Offer => {
                self.offer = Some(seat);
                self.updates([true; 2], out);
            }
            Step::Accept => self.request(seat, Request::Draw, out),
            Step::Request(request) if self.game.referee().to_move() != seat => refuse(
                out,
                match request {
                    Request::Resign => {
                        "it is not your turn to \"resign\" (a tsuitate seat resigns on its turn)"
                    }
                    _ => "it is not your turn to \"try\"",
                },
            ),
            Step::Request(request) => self.request(seat, request, out),
        }
    }

    fn request(&mut self, seat: Color, request: Request, out: &mut Outbox) {
        let legal = match self.game.apply(request) {
            Err(e) => {
                out.push((
                    slot(seat),
                    ToSeat::Error {
                        error: e.to_string(),
                    }
                    .line(),
                ));
                return;
            }
            Ok(event) => event.said.iter().any(|s| s.item == Item::Legal),
        };
        // An offer lapses when the other side plays on without taking it.
        let lapsed = self.offer.is_some_and(|o| legal && o != seat);
        if lapsed || self.game.referee().over().is_some() {
            self.offer = None;
        }
        self.record_events();
        self.save_event();
        self.updates([lapsed; 2], out);
    }

    /// Sends each connected seat its new `heard` lines, the state (when anything was new to it
    /// or the change was public) and the reveal once the game is over.
    fn updates(&mut self, public: [bool; 2], out: &mut Outbox) {
        let over = self.game.referee().over();
        for seat in [Color::Black, Color::White] {
            let i = at(slot(seat));
            if !self.connected[i] {
                continue;
            }
            let record = &self.records[i];
            let new = record.len() > self.sent[i];
            for (k, p) in record.iter().enumerate().skip(self.sent[i]) {
                let line = ToSeat::Heard {
                    n: k + 1,
                    request: p.request.clone(),
                    items: p.items.iter().map(|item| item.to_json()).collect(),
                    turn_ends: p.turn_ends,
                };
                out.push((slot(seat), line.line()));
            }
            self.sent[i] = record.len();
            if new || public[i] || (over.is_some() && !self.revealed[i]) {
                out.push((slot(seat), ToSeat::State(self.state(seat)).line()));
            }
            if over.is_some() && !self.revealed[i] {
                self.revealed[i] = true;
                let log = Box::new(self.save_of());
                out.push((slot(seat), ToSeat::Reveal { log }.line()));
            }
        }
    }

    fn state(&self, seat: Color) -> WireState {
        let referee = self.game.referee();
        let other = seat.flip();
        WireState {
            n: self.sent[at(slot(seat))],
            to_move: color_name(referee.to_move()).to_owned(),
            over: referee.over().map(|o| o.to_json()),
            opponent_connected: self.connected[at(slot(other))],
            draw_offer: self.offer.map(|c| color_name(c).to_owned()),
            opponent_name: match other {
                Color::Black => self.meta.black.clone(),
                Color::White => self.meta.white.clone(),
            },
        }
    }
}

impl SeatTable for TsuitateHost {
    fn door(&self) -> &Door {
        &self.door
    }

    fn door_mut(&mut self) -> &mut Door {
        &mut self.door
    }

    fn connect(
        &mut self,
        line: &str,
        _now: Duration,
    ) -> Result<(shakmaty::Color, Outbox), HelloError> {
        let (door_seat, hello) = self.door.admit(line)?;
        let seat = side(door_seat);
        let i = at(door_seat);
        self.connected[i] = true;
        let name = match seat {
            Color::Black => &mut self.meta.black,
            Color::White => &mut self.meta.white,
        };
        if let Some(given) = hello
            .name
            .as_deref()
            .map(str::trim)
            .filter(|n| !n.is_empty())
            && name.is_empty()
        {
            *name = given.to_owned();
            self.save();
        }
        let mut out = vec![(door_seat, self.welcome(seat).line())];
        self.sent[i] = hello.have.min(self.records[i].len());
        self.revealed[i] = false;
        self.updates([true; 2], &mut out);
        Ok((door_seat, out))
    }

    fn handle(&mut self, seat: shakmaty::Color, line: &str, _now: Duration) -> Outbox {
        let mut out = Vec::new();
        self.on_line(side(seat), line, &mut out);
        out
    }

    fn disconnect(&mut self, seat: shakmaty::Color, _now: Duration) -> Outbox {
        self.connected[at(seat)] = false;
        let mut out = Vec::new();
        let other = at(!seat);
        let mut public = [false; 2];
        public[other] = true;
        self.updates(public, &mut out);
        out
    }

    fn tick(&mut self, _now: Duration) -> Outbox {
        Vec::new()
    }

    fn over_title(&self) -> Option<String> {
        self.game.referee().over().map(|o| o.title())
    }

    fn awaits_reveal(&self, seat: shakmaty::Color) -> bool {
        self.connected[at(seat)] && !self.revealed[at(seat)]
    }
}
