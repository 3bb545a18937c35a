//! Engines: programs that play a seat through the seat protocol, as chess GUIs run UCI engines.
//!
//! - [`play_seat`]: one of our bots as a seat: reads the table's lines, answers with a request
//!   whenever it is the seat's turn (`kriegspiel engine` on standard input and output,
//!   `kriegspiel join --bot` over TCP).
//! - [`EngineBot`]: the other way round: a program speaking the protocol on its standard input
//!   and output, seated at one of our tables as a [`Bot`] (`kriegspiel match --white 'cmd:...'`).
//!   It is sent exactly what its seat heard (its view's perception), nothing else.

use super::client::{Received, SeatState};
use super::pipes::{Pipes, Said, Trouble};
use super::wire::{FromSeat, OverWire, State, ToSeat};
use super::{Hello, Line, MAX_TABLE_LINE, read_line};
use crate::bots::driver::Driver;
use crate::bots::{Bot, BotError, BotKind, ClockLeft};
use crate::log::GameLog;
use crate::referee::Request;
use crate::view::PlayerView;
use std::io::{self, BufRead, Write};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How long a program has to send the squares it opens after its move (Modern Kriegspiel).
const OPEN_WAIT: Duration = Duration::from_millis(300);

/// After this many refused requests in a row, a bot resigns rather than loop.
const MAX_REFUSALS: u32 = 64;

/// How a seat's game ended for the engine loop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatEnd {
    /// The game is over and revealed.
    Revealed,
    /// The table closed the connection first.
    Closed,
}

/// Plays `bot` (on its own thread, [`Driver`]) at a seat: sends `hello` (unless the connection
/// already did), then reads the table's lines from `input` and writes a request to `output`
/// whenever the seat is to act, until the reveal or the end of input; `seated` is called once,
/// as soon as the table has given the seat (its colour and token).
/// With `max_plies`, the bot resigns instead of acting once that many plies (half-moves, counted
/// by move numbers: [`plies_played`]) have been played (a cap for test games).
pub fn play_seat(
    bot: &mut Driver,
    hello: Option<&Hello>,
    max_plies: Option<u32>,
    mut input: impl BufRead,
    mut output: impl Write,
    seated: &mut dyn FnMut(&SeatState),
) -> io::Result<(SeatEnd, SeatState)> {
    if let Some(hello) = hello {
        writeln!(output, "{}", hello.line())?;
        output.flush()?;
    }
    let mut state = SeatState::new();
    let mut told = false;
    // The seat's record length when the request waiting for its answer was sent.
    let mut waiting: Option<usize> = None;
    let mut refusals = 0;
    let mut asked_open: Option<usize> = None;
    loop {
        let line = match read_line(&mut input, MAX_TABLE_LINE)? {
            Line::Text(line) if line.trim().is_empty() => continue,
            Line::Text(line) => line,
            Line::TooLong | Line::NotUtf8 => continue,
            Line::End => return Ok((SeatEnd::Closed, state)),
        };
        let got = state
            .receive(&line)
            .map_err(|e| io::Error::other(e.to_string()))?;
        if !told && state.token().is_some() {
            told = true;
            seated(&state);
        }
        if state.reveal.is_some() {
            return Ok((SeatEnd::Revealed, state));
        }
        // A request is answered by an error, or by its own heard line and then the state (a
        // state line for anything else, e.g. the opponent's connection, is not the answer).
        match (got, waiting) {
            (Received::Refused(e), _) => {
                refusals += 1;
                waiting = None;
                bot.refused(&e);
            }
            (Received::State, Some(have)) if state.have() > have => {
                refusals = 0;
                waiting = None;
            }
            _ => {}
        }
        // Nothing to decide until the table's state has caught up with the record: the view
        // (rebuilt from the whole record) is not built after every line of a long catch-up.
        if state.state.as_ref().is_none_or(|s| s.n != state.have()) {
            continue;
        }
        // Modern Kriegspiel: right after its legal move the seat may open squares, asked once
        // (at this length of its record; a bot that opens none is not asked again).
        let opening =
            state.view().is_some_and(|v| v.acts_after_moving()) && asked_open != Some(state.have());
        if waiting.is_some() || !(state.to_act() || opening) {
            continue;
        }
        if opening {
            asked_open = Some(state.have());
        }
        let seat = state.seat();
        let capped = state
            .view()
            .zip(max_plies)
            .is_some_and(|(view, max)| plies_played(view) >= max);
        let request = if (refusals >= MAX_REFUSALS || capped) && !opening {
            seat.map(Request::Resign)
        } else {
            // The bot keeps time by the clock the table read last (issue 59).
            let clock = state.state.as_ref().and_then(|s| s.clock).zip(seat);
            bot.set_clock(clock.map(|(c, seat)| ClockLeft::of(seat, c.reading(), c.control)));
            state.view().and_then(|view| bot.act(view))
        };
        let Some(request) = request else {
            continue;
        };
        let repr = crate::referee::RequestRepr::from(request);
        writeln!(
            output,
            "{}",
            serde_json::to_string(&repr).map_err(io::Error::other)?
        )?;
        output.flush()?;
        waiting = Some(state.have());
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

/// Why an engine program could not be started ([`EngineBot::spawn`]).
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// An empty command.
    #[error("an engine command needs a program: cmd:PROGRAM ARGS")]
    NoProgram,
    /// `kriegspiel`, but this program's own path is unknown.
    #[error("{0}")]
    OwnPath(#[source] io::Error),
    /// The program does not start.
    #[error("cannot start the engine {}: {source}", crate::untrusted::quoted(.program))]
    Start {
        /// The program as named.
        program: String,
        /// Why.
        source: io::Error,
    },
    /// The program's output cannot be read.
    #[error("the engine has no standard output")]
    NoOutput,
}

/// How long a program has for its hello, from the first time it is asked for a request.
const HELLO_WAIT: Duration = Duration::from_secs(10);

/// The most lines a program may send in a row, in one request, that are no request (each
/// answered with an `error` line; blank and unreadable lines are skipped) before it is cut off.
pub const MAX_BAD_LINES: usize = 64;

/// A program speaking the seat protocol, seated at a local table as a [`Bot`]. Its pipes are
/// bounded ([`Pipes`]): sending to it never waits, what it sends is queued up to a bound, and each
/// request has a time limit that nothing it does extends. A program that floods, stops reading,
/// falls silent, exits or babbles is asked nothing more ([`Bot::trouble`] says why), and the
/// table's forfeit rule ends its game.
pub struct EngineBot {
    name: String,
    child: Child,
    pipes: Pipes,
    /// The seat's `heard` lines sent so far.
    sent: usize,
    welcomed: bool,
    /// A state line has been sent.
    stated: bool,
    /// Lines in a row, in this request, that were no request.
    bad: usize,
    /// Why the program is asked nothing more, once it is not.
    trouble: Option<Trouble>,
    /// How long the program may take for one request.
    limit: Duration,
}

impl EngineBot {
    /// Starts `command` (a program and its arguments, split at spaces; `kriegspiel` means this
    /// program itself), with 60 s per request.
    pub fn spawn(command: &str) -> Result<EngineBot, EngineError> {
        let mut words = command.split_whitespace();
        let program = words.next().ok_or(EngineError::NoProgram)?;
        let path = match program {
            "kriegspiel" => std::env::current_exe().map_err(EngineError::OwnPath)?,
            other => other.into(),
        };
        let mut cmd = Command::new(&path);
        cmd.args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        // Its own process group, so that whatever it starts is stopped with it.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        let mut child = cmd.spawn().map_err(|source| EngineError::Start {
            program: program.to_owned(),
            source,
        })?;
        let stdout = child.stdout.take().ok_or(EngineError::NoOutput)?;
        let pipes = Pipes::start(child.stdin.take(), stdout);
        Ok(EngineBot {
            name: format!("cmd:{command}"),
            child,
            pipes,
            sent: 0,
            welcomed: false,
            stated: false,
            bad: 0,
            trouble: None,
            limit: Duration::from_secs(60),
        })
    }

    /// The same program with `limit` per request instead (at most a year).
    pub fn with_limit(mut self, limit: Duration) -> EngineBot {
        self.limit = limit.min(Duration::from_secs(365 * 24 * 3600));
        self
    }

    /// The program is asked nothing more, for `trouble`: it is stopped at once (not at the
    /// end of the game, which a process ending first would never reach).
    fn cut_off(&mut self, trouble: Trouble) {
        self.trouble = Some(trouble);
        self.kill_group();
        let _ = self.child.kill();
    }

    /// Stops every process in the program's group (what it started, too).
    fn kill_group(&self) {
        #[cfg(unix)]
        if let Ok(group) = libc::pid_t::try_from(self.child.id()) {
            // SAFETY: kill(2) with a negative pid signals the group the program leads; it
            // touches no memory of ours.
            unsafe {
                libc::kill(-group, libc::SIGKILL);
            }
        }
    }

    /// Modern Kriegspiel, right after the program's legal move: it is sent what it heard and
    /// has [`OPEN_WAIT`] to send the squares it opens (`kriegspiel engine` does at once);
    /// silence opens none, and anything else is refused.
    fn open_if_sent(&mut self, view: &PlayerView) -> Option<Request> {
        let deadline = Instant::now() + OPEN_WAIT;
        self.catch_up(view, deadline)?;
        if self.trouble.is_some() {
            return None;
        }
        match self.pipes.next(deadline) {
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
                self.cut_off(trouble);
                None
            }
        }
    }

    /// Queues `message` for the program (never waits).
    fn send(&mut self, message: &ToSeat) {
        if self.trouble.is_none()
            && let Err(trouble) = self.pipes.send(message.line())
        {
            self.cut_off(trouble);
        }
    }

    /// The program's next line of text that is not blank, within `deadline`; blank and
    /// unreadable lines count as lines that are no request.
    fn text(&mut self, deadline: Instant) -> Option<String> {
        loop {
            if self.bad >= MAX_BAD_LINES {
                self.cut_off(Trouble::Babbling(self.bad));
            }
            if self.trouble.is_some() {
                return None;
            }
            match self.pipes.next(deadline) {
                Ok(Said::Text(line)) if !line.trim().is_empty() => return Some(line),
                Ok(_) => self.bad += 1,
                Err(trouble) => self.cut_off(trouble),
            }
        }
    }

    /// Reads the program's hello (within [`HELLO_WAIT`] and `deadline`); anything else is
    /// refused, and the program is asked nothing more.
    fn hello(&mut self, view: &PlayerView, deadline: Instant) -> Option<()> {
        let hello = self.text(deadline.min(Instant::now() + HELLO_WAIT))?;
        match FromSeat::parse(&hello, view.color) {
            Ok(FromSeat::Hello(h)) if h.version == super::VERSION => {}
            _ => {
                let error = format!("expected a hello of version {}", super::VERSION);
                self.send(&ToSeat::Error { error });
                self.cut_off(Trouble::NoHello);
                return None;
            }
        }
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
        self.trouble.is_none().then_some(())
    }
}

impl Bot for EngineBot {
    fn name(&self) -> &str {
        &self.name
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
        let deadline = Instant::now() + self.limit;
        self.bad = 0;
        self.catch_up(view, deadline)?;
        loop {
            let line = self.text(deadline)?;
            let error = match FromSeat::parse(&line, view.color) {
                Ok(FromSeat::Request(request)) => return Some(request),
                Ok(FromSeat::OfferDraw | FromSeat::AcceptDraw) => {
                    "draw offers are not taken at this table".to_owned()
                }
                Ok(FromSeat::Hello(_)) => "this seat already has its hello".to_owned(),
                Err(e) => e.to_string(),
            };
            self.bad += 1;
            self.send(&ToSeat::Error { error });
        }
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
        self.pipes.close_input();
    }

    fn trouble(&self) -> Option<String> {
        self.trouble.as_ref().map(Trouble::to_string)
    }
}

impl Drop for EngineBot {
    fn drop(&mut self) {
        // The end of its input tells the program to finish; one that does not is stopped.
        self.pipes.close_input();
        let deadline = Instant::now() + Duration::from_secs(2);
        let mut ended = false;
        while !ended && Instant::now() < deadline {
            ended = matches!(self.child.try_wait(), Ok(Some(_)));
            if !ended {
                std::thread::sleep(Duration::from_millis(10));
            }
        }
        // What it started ends with it (a group outlives its leader while a member lives, so
        // its number is not reused meanwhile).
        self.kill_group();
        if !ended {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}
