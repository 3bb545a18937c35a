//! Engines: programs that play a seat through the seat protocol, as chess GUIs run UCI engines.
//!
//! - [`play_seat`]: one of our bots as a seat: reads the table's lines, answers with a request
//!   whenever it is the seat's turn (`kriegspiel engine` on standard input and output,
//!   `kriegspiel join --bot` over TCP).
//! - [`EngineBot`]: the other way round: a program speaking the protocol on its standard input
//!   and output, seated at one of our tables as a [`Bot`] (`kriegspiel match --white 'cmd:...'`).
//!   It is sent exactly what its seat heard (its view's perception), nothing else.

use super::Hello;
use super::client::SeatState;
use super::pipes::{Said, Trouble};
use super::play::SeatBot;
use super::program::Program;
use super::wire::{FromSeat, OverWire, State, ToSeat};
use crate::bots::driver::Driver;
use crate::bots::{Bot, BotError, BotKind, ClockLeft};
use crate::log::GameLog;
use crate::referee::Request;
use crate::view::PlayerView;
use std::borrow::BorrowMut;
use std::io::{self, BufRead, Write};
use std::time::{Duration, Instant};

/// How long a program has to send the squares it opens after its move (Modern Kriegspiel).
const OPEN_WAIT: Duration = Duration::from_millis(300);

pub use super::play::SeatEnd;

/// Plays `bot` (on its own thread, [`Driver`]) at a seat: the one seat loop
/// ([`super::play::play`]) with the chess family's lines; `seated` is called once, as soon as
/// the table has given the seat (its colour and token).
/// With `max_plies`, the bot resigns instead of acting once that many plies (half-moves, counted
/// by move numbers: [`plies_played`]) have been played (a cap for test games).
pub fn play_seat(
    bot: &mut Driver,
    hello: Option<&Hello>,
    max_plies: Option<u32>,
    input: impl BufRead,
    output: impl Write,
    seated: &mut dyn FnMut(&SeatState),
) -> io::Result<(SeatEnd, SeatState)> {
    let mut player = ChessSeat::new(bot);
    super::play::play(&mut player, hello, max_plies, input, output, seated)
}

/// A chess-family bot (held or borrowed, on its own thread: [`Driver`]) as a seat's player
/// ([`SeatBot`]): over a line channel ([`play_seat`]) or at a local table
/// ([`super::local::BotSeat`]).
pub struct ChessSeat<D> {
    bot: D,
    /// The record's length when the seat was last asked for squares to open.
    asked_open: Option<usize>,
}

impl<D: BorrowMut<Driver>> ChessSeat<D> {
    /// `bot` at a seat.
    pub fn new(bot: D) -> ChessSeat<D> {
        ChessSeat {
            bot,
            asked_open: None,
        }
    }
}

impl<D: BorrowMut<Driver>> SeatBot<SeatState> for ChessSeat<D> {
    fn refused(&mut self, error: &str) {
        self.bot.borrow_mut().refused(error);
    }

    fn turn(&mut self, state: &mut SeatState, give_up: bool) -> Option<String> {
        // Modern Kriegspiel: right after its legal move the seat may open squares, asked once
        // (at this length of its record; a bot that opens none is not asked again).
        let opening = state.view().is_some_and(|v| v.acts_after_moving())
            && self.asked_open != Some(state.have());
        if !(state.to_act() || opening) {
            // The opponent is to move: the bot may work meanwhile.
            if let Some(view) = state.view() {
                self.bot.borrow_mut().ponder(view);
            }
            return None;
        }
        if opening {
            self.asked_open = Some(state.have());
        }
        let request = if give_up && !opening {
            state.seat().map(Request::Resign)
        } else {
            // The bot keeps time by the clock the table read last (issue 59).
            let clock = state.state.as_ref().and_then(|s| s.clock).zip(state.seat());
            let bot = self.bot.borrow_mut();
            bot.set_clock(clock.map(|(c, seat)| ClockLeft::of(seat, c.reading(), c.control)));
            state.view().and_then(|view| bot.act(view))
        }?;
        serde_json::to_string(&crate::referee::RequestRepr::from(request)).ok()
    }
}

/// The plies played before the seat's current turn, counted by move numbers: White's move `n`
/// is ply `2n - 1`, so `2(n - 1)` plies come before it (one more before Black's).
pub fn plies_played(view: &PlayerView) -> u32 {
    view.move_number
        .saturating_sub(1)
        .saturating_mul(2)
        .saturating_add(u32::from(view.to_move == shakmaty::Color::Black))
}

/// A fresh bot of `kind` for a game; an engine runs `engine` (its command line).
pub fn start_bot(kind: BotKind, engine: &str, seed: u64) -> Result<Box<dyn Bot>, BotError> {
    match kind {
        BotKind::Engine => EngineBot::spawn(engine)
            .map(|bot| Box::new(bot) as Box<dyn Bot>)
            .map_err(|e| BotError::Engine(e.to_string())),
        other => other.make(seed),
    }
}

pub use super::program::{EngineError, HELLO_WAIT, MAX_BAD_LINES};

/// A program speaking the seat protocol, seated at a local table as a [`Bot`]: the one program
/// pipe ([`Program`]: bounded both ways, one time limit per request that nothing it does
/// extends, a babbler cut off) with the chess family's lines. A program that floods, stops
/// reading, falls silent, exits or babbles is asked nothing more ([`Bot::trouble`] says why),
/// and the table's forfeit rule ends its game.
pub struct EngineBot {
    program: Program,
    /// The seat's `heard` lines sent so far.
    sent: usize,
    welcomed: bool,
    /// A state line has been sent.
    stated: bool,
}

impl EngineBot {
    /// Starts `command` (a program and its arguments, split at spaces; `kriegspiel` means this
    /// program itself), with 60 s per request.
    pub fn spawn(command: &str) -> Result<EngineBot, EngineError> {
        Ok(EngineBot {
            program: Program::spawn(command)?,
            sent: 0,
            welcomed: false,
            stated: false,
        })
    }

    /// The same program with `limit` per request instead (at most a year).
    pub fn with_limit(mut self, limit: Duration) -> EngineBot {
        self.program = self.program.with_limit(limit);
        self
    }

    /// Modern Kriegspiel, right after the program's legal move: it is sent what it heard and
    /// has [`OPEN_WAIT`] to send the squares it opens (`kriegspiel engine` does at once);
    /// silence opens none, and anything else is refused.
    fn open_if_sent(&mut self, view: &PlayerView) -> Option<Request> {
        let deadline = Instant::now() + OPEN_WAIT;
        self.catch_up(view, deadline)?;
        if self.program.trouble().is_some() {
            return None;
        }
        match self.program.next_said(deadline) {
            Ok(Said::Text(line)) => match FromSeat::parse(&line, view.color) {
                Ok(FromSeat::Request(open @ Request::Open(_))) => Some(open),
                _ => {
                    self.send(&ToSeat::Error {
                        error: "only squares to open are taken now (your turn is over)".to_owned(),
                    });
                    None
                }
            },
            Ok(_) | Err(Trouble::Silent) => None,
            Err(trouble) => {
                self.program.cut_off(trouble);
                None
            }
        }
    }

    /// Queues `message` for the program (never waits).
    fn send(&mut self, message: &ToSeat) {
        self.program.send(message.line());
    }

    /// Reads the program's hello (within [`HELLO_WAIT`] and `deadline`); anything else is
    /// refused, and the program is asked nothing more.
    fn hello(&mut self, view: &PlayerView, deadline: Instant) -> Option<()> {
        let color = view.color;
        self.program.hello(
            deadline,
            |line| {
                matches!(FromSeat::parse(line, color),
                    Ok(FromSeat::Hello(h)) if h.version == super::VERSION)
            },
            || {
                let error = format!("expected a hello of version {}", super::VERSION);
                ToSeat::Error { error }.line()
            },
        )?;
        self.welcomed = true;
        let seen = &view.perception;
        self.send(&ToSeat::Welcome {
            version: super::VERSION,
            seat: view.color,
            token: String::new(),
            rules: seen.rules.clone(),
            start: seen.start.clone(),
            unseen: seen.unseen.map(super::wire::unseen_counts),
            white: String::new(),
            black: String::new(),
            opening: seen.opening.clone(),
        });
        Some(())
    }

    /// Sends the seat everything it has not yet been sent: the welcome (after the program's
    /// hello, read by `deadline`), its new `heard` lines, and the public state.
    fn catch_up(&mut self, view: &PlayerView, deadline: Instant) -> Option<()> {
        if !self.welcomed {
            self.hello(view, deadline)?;
        }
        let seen = &view.perception;
        for (k, event) in seen.events.iter().enumerate().skip(self.sent) {
            self.send(&ToSeat::Heard {
                n: k + 1,
                request: event.request.clone(),
                items: event.heard.clone(),
                turn_ends: event.turn_ends,
            });
        }
        let new = seen.events.len() > self.sent || !self.stated;
        self.sent = seen.events.len();
        self.stated = true;
        if !new {
            return Some(()); // after a refusal: the error line was the answer
        }
        self.send(&ToSeat::State(State {
            n: self.sent,
            to_move: view.to_move,
            placing: None,
            clock: None,
            over: view.over.map(OverWire::from),
            opponent_connected: true,
            draw_offer: None,
            opponent_name: String::new(),
        }));
        self.program.trouble().is_none().then_some(())
    }
}

impl Bot for EngineBot {
    fn name(&self) -> &str {
        self.program.name()
    }

    /// The program makes every request of its seat itself, a placement included, and the
    /// squares it opens after its move (Modern Kriegspiel), which it sends unasked.
    fn act(&mut self, view: &PlayerView) -> Option<Request> {
        if view.acts_after_moving() {
            return self.open_if_sent(view);
        }
        self.next(view)
    }

    fn next(&mut self, view: &PlayerView) -> Option<Request> {
        // The limit runs from the question, whatever the program does meanwhile.
        let deadline = self.program.question();
        self.catch_up(view, deadline)?;
        let color = view.color;
        self.program.answer_by(deadline, |line| {
            let error = match FromSeat::parse(line, color) {
                Ok(FromSeat::Request(request)) => return Ok(request),
                Ok(FromSeat::OfferDraw | FromSeat::AcceptDraw) => {
                    "draw offers are not taken at this table".to_owned()
                }
                Ok(FromSeat::Hello(_)) => "this seat already has its hello".to_owned(),
                Err(e) => e.to_string(),
            };
            Err(ToSeat::Error { error }.line())
        })
    }

    fn refused(&mut self, error: &str) {
        self.send(&ToSeat::Error {
            error: error.to_owned(),
        });
    }

    fn game_over(&mut self, view: &PlayerView, log: &GameLog) {
        // A game stopped at a ply limit is not over: the program is only told to stop.
        if self.welcomed && view.over.is_some() && self.catch_up(view, Instant::now()).is_some() {
            self.send(&ToSeat::Reveal {
                log: Box::new(log.clone()),
            });
        }
        self.program.close_input();
    }

    fn trouble(&self) -> Option<String> {
        self.program.trouble().map(Trouble::to_string)
    }
}
