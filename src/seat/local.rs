//! Games played over the seat protocol on one machine, for every game ([`Game`]): the game's
//! table ([`GameHost`]) and two players ([`SeatPlayer`]), each one of our bots reading its
//! seat's lines ([`BotSeat`]: a [`SeatBot`] over the game's [`GameSeat`]) or a program speaking
//! the protocol on its standard input and output ([`ProgramSeat`], e.g. `kriegspiel engine`).
//! Every line each seat was sent is kept ([`LocalGame::lines`]), for tests that check what a
//! seat was told. A game's `kriegspiel match` plays through it.

use super::client::{GameSeat, Received};
use super::door::at;
use super::game::{Game, SeatLine, TableLine};
use super::host::GameHost;
use super::play::SeatBot;
use super::wire::{Hello, error_line, op_of};
use super::{Door, Outbox};
use crate::process::pipes::Trouble;
use crate::process::program::{EngineError, Program};
use crate::save::{Meta, Mode};
use shakmaty::Color;
use std::time::Duration;

/// The most lines a game may take before it is stopped (a seat that never ends its turn).
pub const MAX_LINES: usize = 200_000;

/// Lines in a row the table may refuse a player before it forfeits (as many as a bot of the
/// chess match may fail in one turn: [`crate::matchplay`]).
pub const MAX_FAILURES: u32 = 1000;

/// The line that resigns, in every game.
const RESIGN: &str = r#"{"op":"resign"}"#;

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

/// One of our bots at a seat of game `G`, reading the seat's lines: `bot` is asked whenever
/// the seat is to act (it answers `None` when it is not).
pub struct BotSeat<G: Game, B> {
    name: String,
    bot: B,
    /// What the seat knows.
    pub state: GameSeat<G>,
}

impl<G: Game, B: SeatBot<GameSeat<G>>> BotSeat<G, B> {
    /// `bot`, called `name`, at a seat.
    pub fn new(name: impl Into<String>, bot: B) -> BotSeat<G, B> {
        BotSeat {
            name: name.into(),
            bot,
            state: GameSeat::new(),
        }
    }
}

impl<G: Game, B: SeatBot<GameSeat<G>>> SeatPlayer for BotSeat<G, B> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn told(&mut self, line: &str) {
        // A line the seat cannot read is left out; the seat then resigns when asked.
        if let Ok(Received::Refused(error)) = self.state.receive(line) {
            self.bot.refused(&error);
        }
    }

    fn request(&mut self) -> Option<String> {
        self.bot.turn(&mut self.state, false)
    }
}

/// A program speaking the seat protocol on its standard input and output, at a seat of game
/// `G`: the one program pipe ([`Program`]) held to the engines' bounds: its hello within
/// [`crate::process::program::HELLO_WAIT`], one time limit per question, and cut off after
/// [`crate::process::program::MAX_BAD_LINES`] lines in a row that are no request (each answered
/// with an `error` line, never passed to the table).
pub struct ProgramSeat<G: Game> {
    program: Program,
    /// Its seat, from the welcome it was sent.
    side: Option<G::Side>,
}

/// Whether `line` is a hello of this version of the protocol.
fn is_hello(line: &str) -> bool {
    op_of(line).is_ok_and(|(fields, op)| {
        op == "hello"
            && Hello::read(serde_json::Value::Object(fields))
                .is_ok_and(|hello| hello.version == super::VERSION)
    })
}

impl<G: Game> ProgramSeat<G> {
    /// Starts `command` (split at spaces; `kriegspiel` is this program), with `limit` per
    /// question, and reads its hello (the table seats it with the seat's token instead).
    pub fn spawn(command: &str, limit: Duration) -> Result<ProgramSeat<G>, EngineError> {
        let mut program = Program::spawn(command)?.with_limit(limit);
        let deadline = program.question();
        let _ = program.hello(deadline, is_hello, || {
            error_line(format!("expected a hello of version {}", super::VERSION))
        });
        Ok(ProgramSeat {
            program,
            side: None,
        })
    }

    /// Why it is asked nothing more, once it is not.
    pub fn trouble(&self) -> Option<&Trouble> {
        self.program.trouble()
    }
}

impl<G: Game> SeatPlayer for ProgramSeat<G> {
    fn name(&self) -> String {
        self.program.name().to_owned()
    }

    fn told(&mut self, line: &str) {
        if self.side.is_none() {
            let welcome = serde_json::from_str(line).map(|m| G::table_line(m, line));
            if let Ok(Ok(TableLine::Welcome { seat, .. })) = welcome {
                self.side = Some(seat);
            }
        }
        self.program.send(line.to_owned());
    }

    /// Its next request: what else it sends is answered here, not by the table.
    fn request(&mut self) -> Option<String> {
        let side = self.side;
        self.program.answer(|line| {
            let read = side.map_or_else(
                || Err("this seat has no welcome yet".into()),
                |side| G::read(line, side),
            );
            match read {
                Ok(SeatLine::Request(_)) => Ok(line.to_owned()),
                Ok(SeatLine::OfferDraw | SeatLine::AcceptDraw) => {
                    Err(error_line("draw offers are not taken at this table"))
                }
                Ok(SeatLine::Hello) => Err(error_line("this seat already has its hello")),
                Err(e) => Err(error_line(e)),
            }
        })
    }

    fn trouble(&self) -> Option<String> {
        self.program.trouble().map(Trouble::to_string)
    }
}

/// A game played at a local table. The seats are in the order of the welcome's names: the
/// door's Black slot first ([`Game::slot`]).
pub struct LocalGame<G: Game> {
    /// The table at the end (the true game).
    pub host: GameHost<G>,
    /// Every line each seat was sent.
    pub lines: [Vec<String>; 2],
    /// Every line each seat sent after its hello.
    pub sent: [Vec<String>; 2],
    /// Whether the game is over (`false`: stopped at [`MAX_LINES`]).
    pub over: bool,
    /// Why a seat forfeited, as the chess match says it (`forfeit by NAME: why`): a program cut
    /// off, or no acceptable request in [`MAX_FAILURES`] tries; it resigned.
    pub forfeit: Option<String>,
}

/// A seat's place in [`LocalGame`]'s pairs: the door's Black slot first.
fn index(slot: Color) -> usize {
    at(slot) ^ 1
}

fn deliver(out: Outbox, seats: &mut [&mut dyn SeatPlayer; 2], lines: &mut [Vec<String>; 2]) {
    for (slot, line) in out {
        let i = index(slot);
        seats[i].told(&line);
        lines[i].push(line);
    }
}

/// The header of a game `black` and `white` play at a local table (today's, seated as a
/// network game: the seats are the protocol's).
pub fn local_meta(black: &dyn SeatPlayer, white: &dyn SeatPlayer) -> Meta {
    Meta {
        date: crate::save::today(),
        mode: Mode::Network,
        black: black.name(),
        white: white.name(),
        ..Meta::default()
    }
}

/// Plays one game at a table over `session` seeded with `seed` (its tokens), `black` at the
/// door's Black slot and `white` at its White, every line through the seat protocol. A player
/// is asked for a line only when its seat is to act ([`Game::to_act`]).
pub fn play_local<G: Game>(
    session: G::Session,
    black: &mut dyn SeatPlayer,
    white: &mut dyn SeatPlayer,
    seed: u64,
) -> LocalGame<G> {
    let mut host = GameHost::<G>::with_door(session, Door::new(seed, false));
    let mut seats: [&mut dyn SeatPlayer; 2] = [black, white];
    let mut lines = [Vec::new(), Vec::new()];
    let mut sent = [Vec::new(), Vec::new()];
    for slot in [Color::Black, Color::White] {
        if let Ok(out) = host.sit_here(slot) {
            deliver(out, &mut seats, &mut lines);
        }
    }
    let mut forfeit = None;
    // Lines in a row that the table refused, as the chess match counts them.
    let mut failures = 0;
    for _ in 0..MAX_LINES {
        let Some(mover) = G::to_act(host.session()) else {
            break;
        };
        let slot = G::slot(mover);
        let i = index(slot);
        let logged = G::events(host.session());
        let line = match seats[i].request() {
            Some(line) if failures < MAX_FAILURES => line,
            asked => {
                let why = match (asked, seats[i].trouble()) {
                    (Some(_), _) => Some(format!("no acceptable request in {MAX_FAILURES} tries")),
                    (None, trouble) => trouble,
                };
                forfeit = why.map(|why| format!("forfeit by {}: {why}", seats[i].name()));
                RESIGN.to_owned()
            }
        };
        let out = host.handle(slot, &line, Duration::ZERO);
        sent[i].push(line);
        deliver(out, &mut seats, &mut lines);
        if G::events(host.session()) > logged {
            failures = 0;
        } else {
            failures += 1;
        }
    }
    let over = G::over(host.session());
    LocalGame {
        host,
        lines,
        sent,
        over,
        forfeit,
    }
}
