//! The command line's shared vocabulary: the exit statuses every subcommand uses ([`Stop`],
//! [`exit`], [`EXIT_CODES`]), the value parsers that list rule sets and bots from their
//! registries ([`PresetParser`], [`BotParser`]; [`RulesParser`]: a preset or a rules file), a
//! number of seconds ([`seconds`]), and the seat choices (`--seat`).

use clap::builder::{PossibleValue, TypedValueParser};
use clap::error::{ContextKind, ContextValue, ErrorKind};
use kriegspiel::bots::level::Level;
use kriegspiel::bots::{BotError, BotKind};
use kriegspiel::matchplay::BotChoice;
use kriegspiel::replay::Perspective;
use kriegspiel::rules::{Preset, RuleSet};
use shakmaty::Color;
use std::ffi::OsStr;
use std::io::Read;
use std::path::Path;
use std::process::ExitCode;

/// The exit statuses, for `--help` and the README.
pub const EXIT_CODES: &str = "\
Exit status (every command):
  0  done (a game played to its end, whatever its result)
  1  refuted (problem), a check failed (krk-table or kbb-table --check), or lost or failed
     on the way (the connection lost, a file not written)
  2  bad input: bad arguments, an unreadable or invalid file, an unknown name
  3  out of time (problem --max-seconds)";

/// A number of seconds (`--max-seconds`, `--seconds`): a decimal, not negative; one too large
/// for a duration (`1e20`, `inf`) is the longest there is.
pub fn seconds(text: &str) -> Result<std::time::Duration, SecondsError> {
    let not_a_number = || SecondsError::NotANumber(text.to_owned());
    let s: f64 = text.trim().parse().map_err(|_| not_a_number())?;
    if s.is_nan() {
        return Err(not_a_number());
    }
    if s < 0.0 {
        return Err(SecondsError::Negative(text.to_owned()));
    }
    Ok(std::time::Duration::try_from_secs_f64(s).unwrap_or(std::time::Duration::MAX))
}

/// Why a number of seconds was refused.
#[derive(Debug, thiserror::Error)]
pub enum SecondsError {
    /// Not a decimal number.
    #[error("'{0}' is not a number of seconds")]
    NotANumber(String),
    /// Below zero.
    #[error("a number of seconds cannot be negative, not {0}")]
    Negative(String),
}

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

impl From<kriegspiel::games::CommandError> for Stop {
    fn from(e: kriegspiel::games::CommandError) -> Stop {
        match e {
            kriegspiel::games::CommandError::BadInput(m) => Stop::BadInput(m),
            kriegspiel::games::CommandError::Failed(m) => Stop::Failed(m),
        }
    }
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

/// The longest rules file read (a rules object is a few hundred bytes).
const MAX_RULES_FILE: u64 = 64 * 1024;

/// A rule set: a preset's id (every [`Preset::ALL`] is listed by `--help`), or the path of a
/// rules file. A rules file holds JSON in the referee protocol's words for rules (PROTOCOL.md,
/// `new`): a preset's id, or a preset with the flags changed, e.g.
/// `{"preset":"one_eye","sighted":"black","bishop":"c"}` (as `selfplay --flags` changes one).
#[derive(Clone, Copy, Debug)]
pub struct RulesParser;

impl RulesParser {
    /// The rules file's entry in the list of values.
    fn file() -> PossibleValue {
        PossibleValue::new("FILE").help(
            "a rules file: JSON, a preset with flags changed, e.g. \
             {\"preset\":\"one_eye\",\"sighted\":\"black\",\"bishop\":\"c\"}",
        )
    }
}

/// Why a rules file names no rules.
#[derive(Debug, thiserror::Error)]
enum RulesFileError {
    #[error("cannot read it: {0}")]
    Read(std::io::Error),
    #[error("cannot read it as text: {0}")]
    NotText(std::io::Error),
    #[error("a rules file is at most {} KB", MAX_RULES_FILE / 1024)]
    TooLong,
    #[error("not JSON: {0}")]
    NotJson(#[from] serde_json::Error),
    #[error(transparent)]
    Rules(#[from] kriegspiel::protocol::RulesJsonError),
}

/// The rules a rules file names, or why not.
fn read_rules_file(path: &Path) -> Result<RuleSet, RulesFileError> {
    let file = std::fs::File::open(path).map_err(RulesFileError::Read)?;
    let mut text = String::new();
    file.take(MAX_RULES_FILE + 1)
        .read_to_string(&mut text)
        .map_err(RulesFileError::NotText)?;
    if text.len() as u64 > MAX_RULES_FILE {
        return Err(RulesFileError::TooLong);
    }
    let value: serde_json::Value = serde_json::from_str(&text)?;
    Ok(kriegspiel::protocol::rules_from_json(&value)?)
}

impl TypedValueParser for RulesParser {
    type Value = RuleSet;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<RuleSet, clap::Error> {
        if let Some(preset) = value.to_str().and_then(|v| v.parse::<Preset>().ok()) {
            return Ok(preset.rules());
        }
        let path = Path::new(value);
        if !path.is_file() {
            let mut ids: Vec<String> = Preset::ALL.iter().map(|p| p.id().to_owned()).collect();
            ids.push("a rules file".to_owned());
            return Err(invalid_value(cmd, arg, &value.to_string_lossy(), ids));
        }
        read_rules_file(path).map_err(|why| {
            let arg = arg.map_or_else(|| "...".to_owned(), ToString::to_string);
            let shown: String = path.display().to_string().chars().take(200).collect();
            clap::Error::raw(
                ErrorKind::ValueValidation,
                format!("the rules file '{shown}' for '{arg}' does not name rules: {why}\n"),
            )
            .with_cmd(cmd)
        })
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        let presets = PresetParser.possible_values().into_iter().flatten();
        Some(Box::new(presets.chain([RulesParser::file()])))
    }
}

/// A bot: one of [`BotKind`]'s ids or a [`Level`]'s (listed by `--help`), or `cmd:PROGRAM ARGS`,
/// an engine.
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
                ids.extend(Level::ALL.map(|l| l.id().to_owned()));
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
        let levels = Level::ALL
            .into_iter()
            .filter_map(|l| clap::ValueEnum::to_possible_value(&l));
        Some(Box::new(kinds.chain(levels).chain([BotParser::command()])))
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
