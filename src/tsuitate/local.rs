//! Tsuitate games played over the seat protocol on one machine (`kriegspiel match --tsuitate`):
//! a [`TsuitateHost`] and two seats, each one of our bots reading the table's lines
//! ([`super::client::TsuitateSeatState`]) or a program speaking the protocol on its
//! standard input and output ([`ProgramSeat`], e.g. `kriegspiel engine`). Every line each seat
//! was sent is kept ([`LocalGame::lines`]), for tests that check what a seat was told.

use super::announce::color_name;
use super::bots::TsuitateBot;
use super::client::TsuitateSeatState;
use super::table::{TsuitateHost, slot};
use super::wire::{FromSeat, ToSeat};
use super::{Over, TsuitateGame, TsuitateRules};
use crate::process::pipes::Trouble;
use crate::process::program::{EngineError, Program};
use crate::save::{Meta, Mode};
use crate::seat::door::{SeatTable, at};
use crate::seat::{Hello, Outbox};
use shogi_core::Color;
use std::time::Duration;

/// The most lines a game may take before it is stopped (a seat that never ends its turn).
const MAX_LINES: usize = 200_000;

/// Lines in a row the table may refuse a seat before it forfeits (the chess match's bound).
pub use crate::matchplay::MAX_FAILURES;

/// A player at a local table: told each line its seat is sent, asked for its next line.
pub trait SeatPlayer {
    /// Its name.
    fn name(&self) -> String;
    /// A line the table sent this seat.
    fn told(&mut self, line: &str);
    /// Its next line to the table, when it has one (`None`: it is not its turn, or it gives up).
    fn request(&mut self) -> Option<String>;
    /// Why it is asked nothing more (a program cut off), if it is not.
    fn trouble(&self) -> Option<String> {
        None
    }
}

/// One of our bots at a seat, reading the seat's lines.
pub struct BotSeat {
    bot: Box<dyn TsuitateBot>,
    /// What the seat knows.
    pub state: TsuitateSeatState,
}

impl BotSeat {
    /// `bot` at a seat.
    pub fn new(bot: Box<dyn TsuitateBot>) -> BotSeat {
        BotSeat {
            bot,
            state: TsuitateSeatState::new(),
        }
    }
}

impl SeatPlayer for BotSeat {
    fn name(&self) -> String {
        self.bot.name().to_owned()
    }

    fn told(&mut self, line: &str) {
        // A line the seat cannot read is left out; the seat then resigns when asked.
        let _ = self.state.receive(line);
    }

    fn request(&mut self) -> Option<String> {
        if !self.state.to_act() {
            return None;
        }
        let attempt = self.state.view().and_then(|view| self.bot.next(view));
        Some(attempt.map_or(FromSeat::Resign, FromSeat::Try).line())
    }
}

/// A program speaking the seat protocol on its standard input and output: the one program pipe
/// ([`Program`]) with tsuitate's lines, held to the chess engines' bounds: its hello within
/// [`crate::process::program::HELLO_WAIT`], one time limit per question, and cut off after
/// [`crate::process::program::MAX_BAD_LINES`] lines in a row that are no request (each answered
/// with an `error` line, never passed to the table).
pub struct ProgramSeat {
    program: Program,
}

impl ProgramSeat {
    /// Starts `command` (split at spaces; `kriegspiel` is this program), with `limit` per
    /// question, and reads its hello (the table seats it with the seat's token instead).
    pub fn spawn(command: &str, limit: Duration) -> Result<ProgramSeat, EngineError> {
        let mut program = Program::spawn(command)?.with_limit(limit);
        let deadline = program.question();
        let _ = program.hello(
            deadline,
            |line| {
                matches!(FromSeat::parse(line),
                    Ok(FromSeat::Hello(h)) if h.version == crate::seat::VERSION)
            },
            || {
                ToSeat::error(format!(
                    "expected a hello of version {}",
                    crate::seat::VERSION
                ))
            },
        );
        Ok(ProgramSeat { program })
    }

    /// Why it is asked nothing more, once it is not.
    pub fn trouble(&self) -> Option<&Trouble> {
        self.program.trouble()
    }
}

impl SeatPlayer for ProgramSeat {
    fn name(&self) -> String {
        self.program.name().to_owned()
    }

    fn told(&mut self, line: &str) {
        self.program.send(line.to_owned());
    }

    /// Its next attempt or resignation: what else it sends is answered here, not by the table.
    fn request(&mut self) -> Option<String> {
        self.program.answer(|line| match FromSeat::parse(line) {
            Ok(FromSeat::Try(_) | FromSeat::Resign) => Ok(line.to_owned()),
            Ok(FromSeat::OfferDraw | FromSeat::AcceptDraw) => {
                Err(ToSeat::error("draw offers are not taken at this table"))
            }
            Ok(FromSeat::Hello(_)) => Err(ToSeat::error("this seat already has its hello")),
            Err(e) => Err(ToSeat::error(e.to_string())),
        })
    }

    fn trouble(&self) -> Option<String> {
        self.program.trouble().map(Trouble::to_string)
    }
}

/// A game played at a local table.
pub struct LocalGame {
    /// The table at the end (the true game).
    pub host: TsuitateHost,
    /// Every line each seat was sent, sente's first.
    pub lines: [Vec<String>; 2],
    /// Every line each seat sent after its hello, sente's first.
    pub sent: [Vec<String>; 2],
    /// The end (`None`: stopped at [`MAX_LINES`]).
    pub over: Option<Over>,
    /// Why a seat forfeited, as the chess match says it (`forfeit by NAME: why`): a program cut
    /// off, or no acceptable request in [`MAX_FAILURES`] tries; it resigned.
    pub forfeit: Option<String>,
}

fn deliver(out: Outbox, seats: &mut [&mut dyn SeatPlayer; 2], lines: &mut [Vec<String>; 2]) {
    for (door_slot, line) in out {
        let i = at(door_slot) ^ 1; // the door's White is gote: index 1 here
        seats[i].told(&line);
        lines[i].push(line);
    }
}

/// Plays one game of `rules` at a table seeded with `seed`, sente `black` and gote `white`,
/// every line through the seat protocol.
pub fn play_local(
    rules: TsuitateRules,
    black: &mut dyn SeatPlayer,
    white: &mut dyn SeatPlayer,
    seed: u64,
) -> LocalGame {
    let meta = Meta {
        date: crate::save::today(),
        mode: Mode::Network,
        event: "Tsuitate match".to_owned(),
        black: black.name(),
        white: white.name(),
        ..Meta::default()
    };
    let mut host = TsuitateHost::new(TsuitateGame::new(rules), meta, None, seed, false);
    let mut seats: [&mut dyn SeatPlayer; 2] = [black, white];
    let mut lines = [Vec::new(), Vec::new()];
    let mut sent = [Vec::new(), Vec::new()];
    for color in [Color::Black, Color::White] {
        let mut hello = Hello::new();
        hello.token = Some(host.door_mut().reserve(slot(color)));
        if let Ok((_, out)) = host.connect(&hello.line(), Duration::ZERO) {
            deliver(out, &mut seats, &mut lines);
        }
    }
    let mut forfeit = None;
    // Lines in a row that the table refused, as the chess match counts them.
    let mut failures = 0;
    for _ in 0..MAX_LINES {
        let referee = host.game().referee();
        if referee.over().is_some() {
            break;
        }
        let mover = referee.to_move();
        let i = usize::from(mover == Color::White);
        let logged = host.game().events().len();
        let line = match seats[i].request() {
            Some(line) if failures < MAX_FAILURES => line,
            asked => {
                let why = match (asked, seats[i].trouble()) {
                    (Some(_), _) => Some(format!("no acceptable request in {MAX_FAILURES} tries")),
                    (None, trouble) => trouble,
                };
                forfeit = why.map(|why| format!("forfeit by {}: {why}", seats[i].name()));
                FromSeat::Resign.line()
            }
        };
        let out = host.handle(slot(mover), &line, Duration::ZERO);
        sent[i].push(line);
        deliver(out, &mut seats, &mut lines);
        if host.game().events().len() > logged {
            failures = 0;
        } else {
            failures += 1;
        }
    }
    let over = host.game().referee().over();
    LocalGame {
        host,
        lines,
        sent,
        over,
        forfeit,
    }
}

/// A game's result for a match line: `black wins`, `white wins`, `draw` or `unfinished`.
pub fn result_word(over: Option<Over>) -> String {
    match over {
        Some(Over {
            winner: Some(w), ..
        }) => format!("{} wins", color_name(w)),
        Some(_) => "draw".to_owned(),
        None => "unfinished".to_owned(),
    }
}
