//! The command line's shared vocabulary: the exit statuses every subcommand uses ([`Stop`],
//! [`exit`], [`EXIT_CODES`]), the value parsers that list rule sets and bots from their
//! registries ([`PresetParser`], [`BotParser`]), and the seat choices (`--seat`).

use clap::builder::{PossibleValue, TypedValueParser};
use clap::error::{ContextKind, ContextValue, ErrorKind};
use kriegspiel::bots::{BotError, BotKind};
use kriegspiel::matchplay::BotChoice;
use kriegspiel::replay::Perspective;
use kriegspiel::rules::Preset;
use shakmaty::Color;
use std::ffi::OsStr;
use std::process::ExitCode;

/// The exit statuses, for `--help` and the README.
pub const EXIT_CODES: &str = "\
Exit status (every command):
  0  done (a game played to its end, whatever its result)
  1  refuted (problem), a check failed (krk-table --check), or lost or failed
     on the way (the connection lost, a file not written)
  2  bad input: bad arguments, an unreadable or invalid file, an unknown name
  3  out of time (problem --max-seconds)";

/// Why a command did not end with status 0.
#[derive(Debug)]
pub enum Stop {
    /// Status 1, with a message: the work failed (a file not written, the connection lost), or a
    /// check failed.
    Failed(String),
    /// Status 1, already reported on standard output (a problem refuted).
    Refuted,
    /// Status 2: bad input (bad arguments, an unreadable or invalid file, an unknown name).
    BadInput(String),
    /// Status 3, already reported: out of time.
    OutOfTime,
}

impl Stop {
    /// [`Stop::Failed`] from any message.
    pub fn failed(message: impl std::fmt::Display) -> Stop {
        Stop::Failed(message.to_string())
    }

    /// [`Stop::BadInput`] from any message.
    pub fn bad_input(message: impl std::fmt::Display) -> Stop {
        Stop::BadInput(message.to_string())
    }

    /// A library error that says whether it is bad input: [`Stop::BadInput`] if so, else
    /// [`Stop::Failed`].
    pub fn sorted(error: impl std::fmt::Display, bad_input: bool) -> Stop {
        if bad_input {
            Stop::bad_input(error)
        } else {
            Stop::failed(error)
        }
    }
}

/// What a subcommand returns.
pub type Outcome = Result<(), Stop>;

/// The exit status of an outcome; the message, if any, goes to standard error.
pub fn exit(outcome: Outcome) -> ExitCode {
    let (code, message) = match outcome {
        Ok(()) => return ExitCode::SUCCESS,
        Err(Stop::Failed(m)) => (1, Some(m)),
        Err(Stop::Refuted) => (1, None),
        Err(Stop::BadInput(m)) => (2, Some(m)),
        Err(Stop::OutOfTime) => (3, None),
    };
    if let Some(message) = message {
        eprintln!("kriegspiel: {message}");
    }
    ExitCode::from(code)
}

/// Exits on a command line that does not parse. clap's message quotes the value given whole:
/// when that makes it long or puts control characters in it, each line is shown shortened and
/// escaped instead (exit status 2 all the same); otherwise clap shows it as usual.
pub fn unparsed(e: clap::Error) -> ExitCode {
    use kriegspiel::untrusted::{is_unsafe, shortened_to};
    let text = e.render().to_string();
    let hostile = text.len() > 2000 || text.chars().any(|c| c != '\n' && is_unsafe(c));
    if !hostile || !e.use_stderr() {
        e.exit();
    }
    for line in text.lines() {
        eprintln!("{}", shortened_to(line, 300));
    }
    ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2))
}

/// clap's "invalid value" error (exit status 2), listing the valid values.
fn invalid_value(
    cmd: &clap::Command,
    arg: Option<&clap::Arg>,
    value: &str,
    valid: Vec<String>,
) -> clap::Error {
    let mut err = clap::Error::new(ErrorKind::InvalidValue).with_cmd(cmd);
    let arg = arg.map_or_else(|| "...".to_owned(), ToString::to_string);
    err.insert(ContextKind::InvalidArg, ContextValue::String(arg));
    err.insert(
        ContextKind::InvalidValue,
        ContextValue::String(value.to_owned()),
    );
    err.insert(ContextKind::ValidValue, ContextValue::Strings(valid));
    err
}

/// The argument as text (clap's error when it is not UTF-8).
fn text<'a>(cmd: &clap::Command, value: &'a OsStr) -> Result<&'a str, clap::Error> {
    value
        .to_str()
        .ok_or_else(|| clap::Error::new(ErrorKind::InvalidUtf8).with_cmd(cmd))
}

/// A rule set by its preset id: every [`Preset::ALL`] is listed by `--help`, with its title.
#[derive(Clone, Copy, Debug)]
pub struct PresetParser;

impl TypedValueParser for PresetParser {
    type Value = Preset;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<Preset, clap::Error> {
        let value = text(cmd, value)?;
        value.parse().map_err(|_| {
            let ids = Preset::ALL.iter().map(|p| p.id().to_owned()).collect();
            invalid_value(cmd, arg, value, ids)
        })
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            Preset::ALL
                .into_iter()
                .map(|p| PossibleValue::new(p.id()).help(p.title())),
        ))
    }
}

/// A bot: one of [`BotKind`]'s ids (listed by `--help`) or `cmd:PROGRAM ARGS`, an engine.
#[derive(Clone, Copy, Debug)]
pub struct BotParser;

impl BotParser {
    /// The engine's entry in the list of values.
    fn command() -> PossibleValue {
        PossibleValue::new("cmd:PROGRAM")
            .help("a program speaking the seat protocol (quoted with its arguments)")
    }
}

impl TypedValueParser for BotParser {
    type Value = BotChoice;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<BotChoice, clap::Error> {
        let value = text(cmd, value)?;
        value.parse().map_err(|e| match e {
            BotError::Unknown(_) => {
                let mut ids: Vec<String> = BotKind::named().map(|k| k.id().to_owned()).collect();
                ids.push("cmd:PROGRAM".to_owned());
                invalid_value(cmd, arg, value, ids)
            }
            other => {
                clap::Error::raw(ErrorKind::ValueValidation, format!("{other}\n")).with_cmd(cmd)
            }
        })
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        let kinds = BotKind::named().filter_map(|k| clap::ValueEnum::to_possible_value(&k));
        Some(Box::new(kinds.chain([BotParser::command()])))
    }
}

/// A player's seat (`join --seat`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Seat {
    /// White.
    White,
    /// Black.
    Black,
}

impl Seat {
    /// The colour.
    pub fn color(self) -> Color {
        match self {
            Seat::White => Color::White,
            Seat::Black => Color::Black,
        }
    }
}

/// The seat this machine takes when it hosts (`host --seat`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum HostSeat {
    /// White, in the app or with --bot.
    White,
    /// Black, in the app or with --bot.
    Black,
    /// No seat: a referee server only.
    None,
}

impl HostSeat {
    /// The colour, for a player's seat.
    pub fn color(self) -> Option<Color> {
        match self {
            HostSeat::White => Some(Color::White),
            HostSeat::Black => Some(Color::Black),
            HostSeat::None => None,
        }
    }
}

/// Whose experience of a saved game (`replay --seat`, `pgn --seat`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum View {
    /// What White knew.
    White,
    /// What Black knew.
    Black,
    /// Everything.
    Referee,
}

impl View {
    /// The library's perspective.
    pub fn perspective(self) -> Perspective {
        match self {
            View::White => Perspective::White,
            View::Black => Perspective::Black,
            View::Referee => Perspective::Referee,
        }
    }
}

/// The moves of the side that moves first in a game of at most `plies` plies (half-moves): a
/// ply each for it and the other side, so `plies / 2`.
pub fn first_side_moves(plies: u32) -> u32 {
    plies / 2
}
