//! Save files: a game in RON, human-readable and diff-friendly, written atomically.
//!
//! A save holds a format version, metadata, the full rule flags (not only the preset name), the
//! start position, the time control, the complete event log (every request with the referee's
//! answer, who heard what, and the clock readings), both players' markers (guessed enemy pieces),
//! the audit trail of corrections, the result, and the comments written while studying it. One
//! event per line keeps diffs readable.
//!
//! Loading re-checks the file by replaying every event through a fresh referee: a file whose
//! recorded answers disagree with the rules, a truncated or corrupted file, a file from a newer
//! format version, or a file that is not a save at all each gives one [`LoadError`] saying what
//! and where (line and column for syntax, event number for a mismatch).
//!
//! Writing goes to a temporary file in the same folder, which is flushed and synced and then
//! renamed over the target, so a crash or a failed write never leaves a half-written save in
//! place of a good one.
//!
//! Requests and items are written in their one serde definition, the same as the protocol's JSON
//! (`(op: "try", move: "e2e4")` here, `{"op":"try","move":"e2e4"}` there). An example (a
//! Berkeley game that White resigned after 1. e4 e5):
//!
//! ```
//! let text = r#"// Kriegspiel save file
//! (
//!     format: 2,
//!     meta: (event: "Club night", site: "Berkeley", date: "2026-11-21", white: "Ann", black: "Bob", referee: "", mode: hot_seat),
//!     time_control: Some((base_ms: 600000, increment_ms: 5000)),
//!     log: (
//!         rules: (family: kriegspiel, impossible: mover_only, repeat: impossible, illegal_heard_by: both, capture_unit: false, pawn_info: none, any: off, promotion: any, announce_promotion: false, fifty_moves: false, threefold: false, material: minor_each, en_passant: captured_pawn, open_squares: 0, wording: berkeley),
//!         start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
//!         opening: [],
//!         events: [
//!             (by: Some("white"), request: (op: "try", move: "e2e5"), said: [(to: only("white"), item: (kind: "impossible"))], turn_ends: false, clock: Some((white_ms: 598000, black_ms: 600000))),
//!             (by: Some("white"), request: (op: "try", move: "e2e4"), said: [(to: both, item: (kind: "legal"))], turn_ends: true, clock: Some((white_ms: 601000, black_ms: 600000))),
//!             (by: Some("black"), request: (op: "try", move: "e7e5"), said: [(to: both, item: (kind: "legal"))], turn_ends: true, clock: Some((white_ms: 601000, black_ms: 603000))),
//!             (by: Some("white"), request: (op: "resign", color: "white"), said: [(to: both, item: (kind: "resigned", color: "white"))], turn_ends: false),
//!         ],
//!     ),
//!     markers: [(at: 3, color: "white", square: "e5", piece: Some('p'))],
//!     corrections: [],
//!     result: Some((result: black_wins, reason: resignation)),
//! )
//! "#;
//! let loaded = kriegspiel::save::load_str(text).expect("the documented example loads");
//! assert_eq!(loaded.game.log().events.len(), 4);
//! ```

use crate::announce::{Over, color_serde};
use crate::attempt::square_serde;
use crate::clock::TimeControl;
use crate::log::{Event, Game, GameLog, ReplayError};
use serde::{Deserialize, Serialize};
use shakmaty::{Color, Role, Square};
use std::collections::BTreeMap;
use std::io;
use std::path::Path;
use thiserror::Error;

pub mod envelope;
mod files;
pub mod journal;
mod legacy;
mod meta;

pub use envelope::SaveFile;
pub use meta::{Abandoned, Computer, Meta, Mode, Seating};

pub use files::{
    Glimpse, MAX_SAVE_BYTES, open_own_file, read_file_bytes, read_glimpse, read_own_text,
    read_save_text, remove_stale_temporaries, write_atomic, write_atomic_with,
};

/// The format version this program writes. Format 2 writes requests and items in their one serde
/// definition, shared with the protocol (`(op: "try", move: "e2e4")`, `(kind: "legal")`);
/// format 1 files are still read ([`legacy`]). A field added with a serde default (absent in
/// older saves, skipped when empty, like `Computer::level`) keeps the format: older saves read
/// unchanged and older programs skip it; the format changes only when a save's meaning does.
pub const FORMAT: u32 = 2;

/// One change to a player's markers: a guessed enemy piece put on (or removed from) a square of
/// that player's own board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MarkerChange {
    /// The number of events in the log when the change was made.
    pub at: usize,
    /// Whose board.
    #[serde(with = "color_serde")]
    pub color: Color,
    /// The square.
    #[serde(with = "square_serde")]
    pub square: Square,
    /// The guessed enemy piece, or `None` to clear the square.
    #[serde(with = "opt_role_serde")]
    pub piece: Option<Role>,
}

/// Every marker change in order; the markers at any moment are replayed from them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Markers(pub Vec<MarkerChange>);

impl Markers {
    /// `color`'s markers after the first `events` events of the log.
    pub fn at(&self, color: Color, events: usize) -> BTreeMap<Square, Role> {
        let mut map = BTreeMap::new();
        for c in self.0.iter().filter(|c| c.color == color && c.at <= events) {
            match c.piece {
                Some(role) => map.insert(c.square, role),
                None => map.remove(&c.square),
            };
        }
        map
    }

    /// `color`'s markers now.
    pub fn current(&self, color: Color) -> BTreeMap<Square, Role> {
        self.at(color, usize::MAX)
    }

    /// Records a change at log length `at` (no-op if nothing changes).
    pub fn set(&mut self, color: Color, square: Square, piece: Option<Role>, at: usize) {
        if self.current(color).get(&square).copied() != piece {
            self.0.push(MarkerChange {
                at,
                color,
                square,
                piece,
            });
        }
    }
}

/// A correction made by the club referee: events taken back, kept for the record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Correction {
    /// The log length after the correction.
    pub at: usize,
    /// The events that were taken back, in order.
    pub removed: Vec<Event>,
    /// Why (as the referee typed it, or "undo").
    pub note: String,
}

/// A game as saved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedGame {
    /// The format version ([`FORMAT`] when written by this program).
    pub format: u32,
    /// Metadata.
    pub meta: Meta,
    /// The time control, if the game is played on a clock.
    pub time_control: Option<TimeControl>,
    /// Rules, start position and every event.
    pub log: GameLog,
    /// Both players' markers.
    pub markers: Markers,
    /// Events taken back by the club referee.
    pub corrections: Vec<Correction>,
    /// The result, once the game is over.
    pub result: Option<Over>,
    /// The studier's comments (study mode), by point of the game: the key is the number of events
    /// played at the point commented, as the study screen's cursor counts (0 = the start, `n` =
    /// right after the event at index `n - 1`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub comments: BTreeMap<usize, String>,
}

/// Why a save could not be loaded.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LoadError {
    /// The file could not be read.
    #[error("cannot read {path}: {message}")]
    Io {
        /// The file.
        path: String,
        /// The system's message.
        message: String,
    },
    /// The file is not a Kriegspiel save at all.
    #[error("this is not a Kriegspiel save file (it has no 'format' version at the top)")]
    NotASave,
    /// The path is not a regular file (a folder, a pipe, a device, or a link where none may be).
    #[error("{path} is not a regular file (a folder, pipe, device or link), so it is not a save")]
    NotAFile {
        /// The path.
        path: String,
    },
    /// The file is larger than any save this program reads.
    #[error("{path} is {size} bytes, more than the {limit} bytes a save may have")]
    TooLarge {
        /// The path.
        path: String,
        /// Its size (or at least how much was read).
        size: u64,
        /// [`MAX_SAVE_BYTES`].
        limit: u64,
    },
    /// The file is not text.
    #[error("this is not a Kriegspiel save file: it is not valid UTF-8 text (at byte {byte})")]
    NotUtf8 {
        /// Where the first invalid byte is.
        byte: usize,
    },
    /// A save of another game ([`crate::kind::GameKind::of_save`]), not a chess one.
    #[error("this is a {} save, not a chess save: open it as {}", .0.name(), .0.name())]
    OtherGame(crate::kind::GameKind),
    /// The format version is not a number.
    #[error("the save's format version '{0}' is not a number")]
    BadFormat(String),
    /// A rule flag is out of range.
    #[error("the rules in this save are not valid: {0}")]
    Rules(crate::rules::RulesError),
    /// The format version is not one this program knows.
    #[error("this save has format {0}, which no version of Kriegspiel wrote (formats start at 1)")]
    UnknownFormat(u32),
    /// Written by a newer program.
    #[error(
        "this save was written by a newer version of Kriegspiel (format {found}; this version reads formats up to {supported})"
    )]
    NewerFormat {
        /// The file's version.
        found: u32,
        /// The newest version this program reads.
        supported: u32,
    },
    /// RON syntax or structure error (also what a truncated file gives).
    #[error("the save is damaged at line {line}, column {column}: {message}")]
    Syntax {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What the parser expected.
        message: String,
    },
    /// The save names something this version does not know (a bot, written by another
    /// version): never replaced by something else.
    #[error(
        "the save names an unknown {what} {} at line {line}, column {column} (this version knows: {known})",
        crate::untrusted::quoted(.found)
    )]
    UnknownName {
        /// What kind of name ("bot").
        what: String,
        /// The name in the file.
        found: String,
        /// The names this version knows, comma-separated.
        known: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
    },
    /// The log does not replay.
    #[error("the game in this save does not follow the rules: {0}")]
    Replay(#[from] ReplayError),
    /// A time control or a clock reading out of range.
    #[error("the save's clock is out of range: {0}")]
    Clock(String),
    /// The recorded result is not the one the events give.
    #[error("the recorded result ({recorded}) is not what the moves give ({actual})")]
    Result {
        /// What the file says.
        recorded: String,
        /// What the replay gives.
        actual: String,
    },
}

/// A loaded save: the file's contents and the game rebuilt from them.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The file's contents.
    pub saved: SavedGame,
    /// The game rebuilt by replaying the log.
    pub game: Game,
}

fn describe_over(o: Option<Over>) -> String {
    match o {
        None => "unfinished".to_owned(),
        Some(o) => format!("{} by {}", o.result.pgn(), o.reason.title()),
    }
}

/// Reads the `format: N` field at the top of a save without parsing the rest: `None` when there
/// is no such field (not a save), [`LoadError::BadFormat`] when its value is not a number.
pub(crate) fn sniff_format(text: &str) -> Option<Result<u32, LoadError>> {
    envelope::sniff_version::<SavedGame>(text)
}

/// Parses and checks a save.
pub fn load_str(text: &str) -> Result<Loaded, LoadError> {
    envelope::load_str::<SavedGame>(text)
}

/// A RON error in a save's terms: a name this version does not know (a bot, a level) said so,
/// anything else as damage at a line and column.
pub(crate) fn syntax_error(e: ron::error::SpannedError) -> LoadError {
    let (line, column) = (e.span.start.line, e.span.start.col);
    match e.code {
        ron::Error::NoSuchEnumVariant {
            expected,
            found,
            outer,
        } if matches!(outer.as_deref(), Some("BotKind" | "Level")) => LoadError::UnknownName {
            what: if outer.as_deref() == Some("Level") {
                "level"
            } else {
                "bot"
            }
            .to_owned(),
            found,
            known: expected.join(", "),
            line,
            column,
        },
        code => LoadError::Syntax {
            line,
            column,
            message: ron_message(&code),
        },
    }
}

/// The RON parser's message in a save's terms, without the parser's advice to programmers (how
/// to configure the parser, raw identifiers): the reader of this message has a damaged file.
fn ron_message(code: &ron::Error) -> String {
    match code {
        ron::Error::ExceededRecursionLimit => "the text nests too deeply to be a save".to_owned(),
        ron::Error::SuggestRawIdentifier(name) => {
            format!("unexpected name {}", crate::untrusted::quoted(name))
        }
        ron::Error::UnclosedLineComment => "a comment is not closed".to_owned(),
        other => {
            let text = other.to_string();
            let plain = text.split_once(", try").map_or(text.as_str(), |(p, _)| p);
            // A parser's message may quote the file: never at length.
            crate::untrusted::shortened(plain)
        }
    }
}

/// The chess family's save in the envelope ([`envelope`]): its version field is `format`, and
/// format 1 is read by [`legacy`].
impl SaveFile for SavedGame {
    const KIND: crate::kind::GameKind = crate::kind::GameKind::Chess;
    const VERSION_FIELD: &'static str = "format";
    const TYPE_NAME: &'static str = "SavedGame";
    const FORMAT: u32 = FORMAT;
    const HEADER: &'static str = "// Kriegspiel save file";
    const DEPTH: usize = 3;
    type Event = Event;
    type Over = Over;
    type Checked = Loaded;
    type Error = LoadError;

    fn read_format(text: &str, format: u32) -> Result<SavedGame, ron::error::SpannedError> {
        match format {
            1 => legacy::read(text),
            _ => ron::from_str(text),
        }
    }

    fn meta_mut(&mut self) -> &mut Meta {
        &mut self.meta
    }

    fn events(&self) -> usize {
        self.log.events.len()
    }

    fn continue_with(&mut self, event: Event, over: Option<Over>) {
        self.log.events.push(event);
        self.result = over;
    }

    /// Its rules, its clock readings, and its log replayed through the referee.
    fn check(self) -> Result<Loaded, LoadError> {
        check(self)
    }
}

/// Checks a parsed save: its rules, and its log replayed through the referee.
fn check(saved: SavedGame) -> Result<Loaded, LoadError> {
    saved.log.rules.check().map_err(LoadError::Rules)?;
    if let Some(control) = saved.time_control {
        control
            .check()
            .map_err(|e| LoadError::Clock(e.to_string()))?;
        let most = control.most_after(saved.log.events.len());
        let mut readings = saved.log.events.iter().filter_map(|e| e.clock);
        if let Some(r) = readings.find(|r| r.white_ms.max(r.black_ms) > most) {
            let ms = r.white_ms.max(r.black_ms);
            return Err(LoadError::Clock(format!(
                "a reading of {ms} ms, more than this game's {most} ms"
            )));
        }
    }
    let game = saved.log.replay()?;
    if game.referee().over() != saved.result {
        return Err(LoadError::Result {
            recorded: describe_over(saved.result),
            actual: describe_over(game.referee().over()),
        });
    }
    Ok(Loaded { saved, game })
}

/// Reads a save file (and its journal) without replaying it: for listing saves. Safe on any path
/// (see [`read_save_text`]).
pub fn peek_file(path: &Path) -> Result<SavedGame, LoadError> {
    let text = read_save_text(path)?;
    envelope::peek_at(&text, path)
}

/// Parses a save's text without replaying it (no journal): for listing saves.
pub fn peek_str(text: &str) -> Result<SavedGame, LoadError> {
    envelope::parse(text)
}

/// Reads and checks a save from its text (a sample game shipped inside the program).
pub fn load_text(text: &str) -> Result<Loaded, LoadError> {
    envelope::load_str::<SavedGame>(text)
}

/// Reads and checks a save file, with the events its autosave journal adds (see [`journal`]).
pub fn load_file(path: &Path) -> Result<Loaded, LoadError> {
    envelope::load_file::<SavedGame>(path)
}

impl SavedGame {
    /// A save of `game` with the given metadata and no markers.
    pub fn of(game: &Game, meta: Meta, time_control: Option<TimeControl>) -> SavedGame {
        SavedGame {
            format: FORMAT,
            meta,
            time_control,
            log: game.log().clone(),
            markers: Markers::default(),
            corrections: Vec::new(),
            result: game.referee().over(),
            comments: BTreeMap::new(),
        }
    }

    /// The save as RON text (one event per line).
    pub fn to_ron(&self) -> String {
        envelope::to_ron(self)
    }

    /// Writes the save to `path` atomically.
    pub fn write(&self, path: &Path) -> io::Result<()> {
        envelope::write(self, path)
    }
}

/// A save's RON text: `value` one field per line down to `depth` (so one event a line), after
/// the comment line `header`. Every game's save is plain data, so serializing cannot fail.
pub fn pretty_ron<T: serde::Serialize>(value: &T, depth: usize, header: &str) -> String {
    let config = ron::ser::PrettyConfig::new()
        .depth_limit(depth)
        .new_line("\n".to_owned())
        .indentor("    ".to_owned());
    match ron::ser::to_string_pretty(value, config) {
        Ok(body) => format!("{header}\n{body}\n"),
        Err(e) => unreachable!("a save always serializes: {e}"),
    }
}

/// Today's date (UTC) as `YYYY-MM-DD`, from the system clock.
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}-{m:02}-{d:02}")
}

/// A file name for a new autosave: the time it was started, nothing about the game.
pub fn autosave_name() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    let t = secs % 86_400;
    format!(
        "game-{y:04}{m:02}{d:02}-{:02}{:02}{:02}.ron",
        t / 3600,
        (t / 60) % 60,
        t % 60
    )
}

/// Days since 1970-01-01 to (year, month, day) in the proleptic Gregorian calendar
/// (Howard Hinnant's algorithm; a date crate would be a dependency for one function).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

mod opt_role_serde {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use shakmaty::Role;

    pub fn serialize<S: Serializer>(r: &Option<Role>, s: S) -> Result<S::Ok, S::Error> {
        r.map(|r| r.char()).serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Role>, D::Error> {
        match Option::<char>::deserialize(d)? {
            None => Ok(None),
            Some(c) => Role::from_char(c)
                .map(Some)
                .ok_or_else(|| serde::de::Error::custom(format!("'{c}' is not a piece letter"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_413), (2025, 11, 21));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }

    #[test]
    fn sniffing() {
        assert_eq!(sniff_format("// x\n(\n    format: 7,"), Some(Ok(7)));
        assert_eq!(sniff_format("SavedGame(format:1)"), Some(Ok(1)));
        assert_eq!(sniff_format("{\"format\": 1}"), None);
        assert_eq!(sniff_format(""), None);
    }

    #[test]
    fn comments_round_trip_and_are_left_out_when_there_are_none() {
        let game = Game::standard(crate::rules::RuleSet::default());
        let mut saved = SavedGame::of(&game, Meta::default(), None);
        assert!(!saved.to_ron().contains("comments"));
        saved
            .comments
            .insert(0, "A quiet start, \"so far\"\n}".to_owned());
        let loaded = load_str(&saved.to_ron()).expect("loads");
        assert_eq!(loaded.saved.comments, saved.comments);
    }

    #[test]
    fn markers_replay() {
        let mut m = Markers::default();
        m.set(Color::White, Square::E5, Some(Role::Pawn), 3);
        m.set(Color::White, Square::E5, Some(Role::Pawn), 4); // no change, not recorded
        m.set(Color::White, Square::D4, Some(Role::Knight), 5);
        m.set(Color::White, Square::E5, None, 7);
        assert_eq!(m.0.len(), 3);
        assert_eq!(m.at(Color::White, 5).len(), 2);
        assert_eq!(m.at(Color::White, 7).len(), 1);
        assert!(m.current(Color::Black).is_empty());
    }
}
