//! Tsuitate games played over the seat protocol on one machine (`kriegspiel match --tsuitate`):
//! a [`TsuitateHost`] and two seats, each one of our bots reading the table's lines
//! ([`super::client::TsuitateSeatState`]) or a program speaking the protocol on its
//! standard input and output ([`ProgramSeat`], e.g. `kriegspiel engine`). Every line each seat
//! was sent is kept ([`LocalGame::lines`]), for tests that check what a seat was told.

use super::announce::color_name;
use super::bots::TsuitateBot;
use super::client::TsuitateSeatState;
use super::table::{TsuitateHost, slot};
use super::wire::FromSeat;
use super::{Over, TsuitateGame, TsuitateRules};
use crate::save::{Meta, Mode};
use crate::seat::door::{SeatTable, at};
use crate::seat::pipes::{Pipes, Said, Trouble};
use crate::seat::{Hello, Outbox};
use shogi_core::Color;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The most lines a game may take before it is stopped (a seat that never ends its turn).
const MAX_LINES: usize = 200_000;

/// A player at a local table: told each line its seat is sent, asked for its next line.
pub trait SeatPlayer {
    /// Its name.
    fn name(&self) -> String;
    /// A line the table sent this seat.
    fn told(&mut self, line: &str);
    /// Its next line to the table, when it has one (`None`: it is not its turn, or it gives up).
    fn request(&mut self) -> Option<String>;
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
        let attempt = self.state.view().and_then(|view| self.bot.next(&view));
        Some(attempt.map_or(FromSeat::Resign, FromSeat::Try).line())
    }
}

/// A program speaking the seat protocol on its standard input and output.
pub struct ProgramSeat {
    command: String,
    child: Child,
    pipes: Pipes,
    limit: Duration,
    /// Why it is asked nothing more.
    pub trouble: Option<Trouble>,
}

impl ProgramSeat {
    /// Starts `command` (split at spaces; `kriegspiel` is this program), with `limit` per line.
    pub fn spawn(command: &str, limit: Duration) -> std::io::Result<ProgramSeat> {
        let mut words = command.split_whitespace();
        let program = words
            .next()
            .ok_or_else(|| std::io::Error::other("an engine command needs a program"))?;
        let path = match program {
            "kriegspiel" => std::env::current_exe()?,
            other => other.into(),
        };
        let mut child = Command::new(path)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| std::io::Error::other("the engine has no standard output"))?;
        let pipes = Pipes::start(child.stdin.take(), stdout);
        let mut seat = ProgramSeat {
            command: command.to_owned(),
            child,
            pipes,
            limit,
            trouble: None,
        };
        // Its hello: the table seats it with the seat's token instead.
        match seat.next_line() {
            Some(line) if matches!(FromSeat::parse(&line), Ok(FromSeat::Hello(_))) => {}
            _ => seat.stop(Trouble::NoHello),
        }
        Ok(seat)
    }

    fn stop(&mut self, trouble: Trouble) {
        self.trouble.get_or_insert(trouble);
        let _ = self.child.kill();
    }

    fn next_line(&mut self) -> Option<String> {
        let deadline = Instant::now() + self.limit;
        loop {
            if self.trouble.is_some() {
                return None;
            }
            match self.pipes.next(deadline) {
                Ok(Said::Text(line)) if !line.trim().is_empty() => return Some(line),
                Ok(_) => {}
                Err(trouble) => self.stop(trouble),
            }
        }
    }
}

impl SeatPlayer for ProgramSeat {
    fn name(&self) -> String {
        format!("cmd:{}", self.command)
    }

    fn told(&mut self, line: &str) {
        if self.trouble.is_none()
            && let Err(trouble) = self.pipes.send(line.to_owned())
        {
            self.stop(trouble);
        }
    }

    fn request(&mut self) -> Option<String> {
        self.next_line()
    }
}

impl Drop for ProgramSeat {
    fn drop(&mut self) {
        self.pipes.close_input();
        let deadline = Instant::now() + Duration::from_secs(2);
        while Instant::now() < deadline {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
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
    for _ in 0..MAX_LINES {
        let referee = host.game().referee();
        if referee.over().is_some() {
            break;
        }
        let mover = referee.to_move();
        let i = usize::from(mover == Color::White);
        let line = seats[i]
            .request()
            .unwrap_or_else(|| FromSeat::Resign.line());
        let out = host.handle(slot(mover), &line, Duration::ZERO);
        sent[i].push(line);
        deliver(out, &mut seats, &mut lines);
    }
    let over = host.game().referee().over();
    LocalGame {
        host,
        lines,
        sent,
        over,
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
