//! Tsuitate save files: the game's payload (rules, start, every event, the result) in the one
//! envelope of every game's save ([`crate::save::envelope`]), which reads, checks, journals and
//! writes it atomically. Its version field, `tsuitate: N`, is where a chess save has `format: N`,
//! so neither game's loader mistakes the other's file. An example:
//!
//! ```
//! let text = r#"// Kriegspiel tsuitate shogi save file
//! (
//!     tsuitate: 1,
//!     meta: (event: "Club night", date: "2026-11-26", white: "Gote", black: "Sente", mode: hot_seat),
//!     rules: (fouls: 9, max_plies: 150),
//!     start: "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
//!     events: [
//!         (by: "black", request: (op: "try", move: "7g7f"), said: [(to: "both", item: {"kind": "legal"})]),
//!         (by: "white", request: (op: "resign"), said: [(to: "both", item: {"kind": "resigned"})]),
//!     ],
//!     result: Some((winner: Some("black"), reason: "resignation")),
//! )
//! "#;
//! let game = kriegspiel::tsuitate::save::load_str(text).expect("the documented example loads");
//! assert_eq!(game.game.events().len(), 2);
//! ```
//!
//! Loading replays every request through a fresh umpire and checks that what was said, and the
//! result, are what the rules give.

use super::announce::{Audience, Said, color_name};
use super::game::{Event, Request, TsuitateGame};
use super::referee::TsuitateError;
use super::rules::TsuitateRules;
use crate::kind::GameKind;
use crate::save::journal::Autosave;
use crate::save::{LoadError, Meta, SaveFile, envelope};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::io;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// The format version this program writes.
pub const FORMAT: u32 = 1;

/// A request as saved: `(op: "try", move: "7g7f")`, `(op: "resign")`, `(op: "draw")`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum SavedRequest {
    /// An attempt in USI.
    Try {
        /// The move.
        #[serde(rename = "move")]
        usi: String,
    },
    /// A resignation.
    Resign,
    /// A draw agreed.
    Draw,
}

impl From<&Request> for SavedRequest {
    fn from(request: &Request) -> SavedRequest {
        match request {
            Request::Try(usi) => SavedRequest::Try { usi: usi.clone() },
            Request::Resign => SavedRequest::Resign,
            Request::Draw => SavedRequest::Draw,
        }
    }
}

impl From<&SavedRequest> for Request {
    fn from(saved: &SavedRequest) -> Request {
        match saved {
            SavedRequest::Try { usi } => Request::Try(usi.clone()),
            SavedRequest::Resign => Request::Resign,
            SavedRequest::Draw => Request::Draw,
        }
    }
}

/// One item said and to whom: `(to: "both", item: {"kind": "legal"})`, the item as the protocol
/// writes it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedSaid {
    /// `"both"`, `"black"` or `"white"`.
    pub to: String,
    /// The item.
    pub item: Value,
}

/// One event as saved.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedEvent {
    /// Who asked: `"black"` (sente) or `"white"` (gote).
    pub by: String,
    /// What.
    pub request: SavedRequest,
    /// The umpire's answer.
    pub said: Vec<SavedSaid>,
}

/// The end as saved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedOver {
    /// `"black"`, `"white"` or `None` for a draw.
    pub winner: Option<String>,
    /// The reason as the protocol names it (`"checkmate"`).
    pub reason: String,
}

/// A tsuitate game as saved.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TsuitateSave {
    /// The format version ([`FORMAT`]); its name marks the file as a tsuitate save.
    pub tsuitate: u32,
    /// Who, where and when (`black` is sente, `white` gote).
    pub meta: Meta,
    /// The rule choices.
    pub rules: TsuitateRules,
    /// The start position (SFEN).
    pub start: String,
    /// Every request and its answer.
    pub events: Vec<SavedEvent>,
    /// The result, once the game is over.
    pub result: Option<SavedOver>,
}

/// Why a tsuitate save could not be loaded.
#[derive(Debug, Error)]
pub enum TsuitateLoadError {
    /// The file could not be read (or is not a file, or is too large, or is not text).
    #[error(transparent)]
    File(LoadError),
    /// Not a tsuitate save.
    #[error("this is not a tsuitate shogi save (it has no 'tsuitate' version at the top)")]
    NotASave,
    /// Written by a newer program, or a version no program wrote.
    #[error("this tsuitate save has format {0}; this version reads format {FORMAT}")]
    Format(u32),
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
    /// The start position is refused.
    #[error("the save's start position is refused: {0}")]
    Start(TsuitateError),
    /// An event does not replay as recorded.
    #[error("event {number} of the save does not follow the rules: {why}")]
    Event {
        /// 1-based.
        number: usize,
        /// What differs.
        why: String,
    },
    /// The recorded result is not the one the events give.
    #[error("the recorded result ({recorded}) is not what the moves give ({actual})")]
    Result {
        /// What the file says.
        recorded: String,
        /// What the replay gives.
        actual: String,
    },
}

/// The envelope's reasons ([`crate::save::envelope`]) in a tsuitate save's terms: another
/// game's file is not a tsuitate save, a version not 1 is named.
impl From<LoadError> for TsuitateLoadError {
    fn from(e: LoadError) -> TsuitateLoadError {
        match e {
            LoadError::OtherGame(_) | LoadError::NotASave => TsuitateLoadError::NotASave,
            LoadError::UnknownFormat(found) | LoadError::NewerFormat { found, .. } => {
                TsuitateLoadError::Format(found)
            }
            LoadError::Syntax {
                line,
                column,
                message,
            } => TsuitateLoadError::Syntax {
                line,
                column,
                message,
            },
            other => TsuitateLoadError::File(other),
        }
    }
}

/// A loaded tsuitate save: the file's contents and the game rebuilt from them.
#[derive(Clone, Debug)]
pub struct TsuitateLoaded {
    /// The file's contents.
    pub saved: TsuitateSave,
    /// The game, replayed.
    pub game: TsuitateGame,
}

fn audience_name(to: Audience) -> &'static str {
    match to {
        Audience::Both => "both",
        Audience::Only(c) => color_name(c),
    }
}

fn saved_said(said: &[Said]) -> Vec<SavedSaid> {
    said.iter()
        .map(|s| SavedSaid {
            to: audience_name(s.to).to_owned(),
            item: s.item.to_json(),
        })
        .collect()
}

/// The end of `game` as saved, once it is over.
pub fn saved_over(game: &TsuitateGame) -> Option<SavedOver> {
    game.referee().over().map(|o| SavedOver {
        winner: o.winner.map(|c| color_name(c).to_owned()),
        reason: o.reason.id().to_owned(),
    })
}

impl SavedEvent {
    /// `event` as saved (and as the autosave's journal appends it).
    pub fn of(event: &Event) -> SavedEvent {
        SavedEvent {
            by: color_name(event.by).to_owned(),
            request: SavedRequest::from(&event.request),
            said: saved_said(&event.said),
        }
    }
}

impl TsuitateSave {
    /// A save of `game`.
    pub fn of(game: &TsuitateGame, meta: Meta) -> TsuitateSave {
        let referee = game.referee();
        let events = game.events().iter().map(SavedEvent::of).collect();
        TsuitateSave {
            tsuitate: FORMAT,
            meta,
            rules: referee.rules(),
            start: referee.start().to_sfen_owned(),
            events,
            result: saved_over(game),
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

    /// Replays the save through a fresh umpire, checking every answer and the result.
    pub fn replay(&self) -> Result<TsuitateGame, TsuitateLoadError> {
        let mut game =
            TsuitateGame::from_sfen(self.rules, &self.start).map_err(TsuitateLoadError::Start)?;
        for (i, saved) in self.events.iter().enumerate() {
            let bad = |why: String| TsuitateLoadError::Event { number: i + 1, why };
            let request = Request::from(&saved.request);
            let mover = color_name(game.referee().to_move());
            if saved.by != mover {
                return Err(bad(format!(
                    "it is by {}, but {mover} was to move",
                    crate::untrusted::quoted_to(&saved.by, 20)
                )));
            }
            let event: &Event = game.apply(request).map_err(|e| bad(e.to_string()))?;
            if saved_said(&event.said) != saved.said {
                return Err(bad("the umpire's answer is not the one recorded".to_owned()));
            }
        }
        let actual = saved_over(&game);
        if actual != self.result {
            let describe = |o: &Option<SavedOver>| match o {
                None => "unfinished".to_owned(),
                Some(o) => format!(
                    "{} by {}",
                    o.winner.as_deref().map_or("a draw", |w| w),
                    crate::untrusted::shortened_to(&o.reason, 30)
                ),
            };
            return Err(TsuitateLoadError::Result {
                recorded: describe(&self.result),
                actual: describe(&actual),
            });
        }
        Ok(game)
    }
}

/// A tsuitate game's autosave: the one journal autosave ([`Autosave`]) with tsuitate's save
/// payload: a snapshot, then one synced journal line per event, so a request costs the same
/// however long the game (where writing the whole save each time grew with it).
#[derive(Debug)]
pub struct GameAutosave(Autosave);

impl GameAutosave {
    /// An autosave to `path`, nothing written yet.
    pub fn new(path: PathBuf) -> GameAutosave {
        GameAutosave(Autosave::new(path))
    }

    /// Writes the whole game now (a snapshot) and starts a fresh journal.
    pub fn snapshot(&mut self, game: &TsuitateGame, meta: &Meta) {
        let text = TsuitateSave::of(game, meta.clone()).to_ron();
        self.0.snapshot(&text, game.events().len());
    }

    /// After one new event of `game`: a journal line, or now and then a snapshot.
    pub fn event(&mut self, game: &TsuitateGame, meta: &Meta) {
        let Some(event) = game.events().last() else {
            return self.snapshot(game, meta);
        };
        let whole = || TsuitateSave::of(game, meta.clone()).to_ron();
        let events = game.events().len();
        self.0
            .event(events, &SavedEvent::of(event), saved_over(game), whole);
    }

    /// After the events of `game` from index `from` on (several at once: a bot's whole turn):
    /// one journal line each, or now and then a snapshot.
    pub fn events_from(&mut self, game: &TsuitateGame, meta: &Meta, from: usize) {
        let events = game.events();
        if from > events.len() {
            return self.snapshot(game, meta);
        }
        for (k, event) in events.iter().enumerate().skip(from) {
            let last = k + 1 == events.len();
            let over = if last { saved_over(game) } else { None };
            let whole = || TsuitateSave::of(&game.at(k + 1), meta.clone()).to_ron();
            self.0.event(k + 1, &SavedEvent::of(event), over, whole);
        }
    }

    /// Why the last autosave failed, until one succeeds.
    pub fn error(&self) -> Option<&str> {
        self.0.error.as_deref()
    }

    /// Where the game is saved.
    pub fn path(&self) -> &Path {
        self.0.path()
    }

    /// The journal's lines since the last snapshot.
    pub fn journaled(&self) -> usize {
        self.0.journaled()
    }
}

pub use crate::kind::is_tsuitate_save;

/// Tsuitate's save in the one envelope ([`envelope`]): its version field, `tsuitate`, marks it
/// as a tsuitate save.
impl SaveFile for TsuitateSave {
    const KIND: GameKind = GameKind::Tsuitate;
    const VERSION_FIELD: &'static str = "tsuitate";
    const TYPE_NAME: &'static str = "TsuitateSave";
    const FORMAT: u32 = FORMAT;
    const HEADER: &'static str = "// Kriegspiel tsuitate shogi save file";
    const DEPTH: usize = 2;
    type Event = SavedEvent;
    type Over = SavedOver;
    type Checked = TsuitateLoaded;
    type Error = TsuitateLoadError;

    fn meta_mut(&mut self) -> &mut Meta {
        &mut self.meta
    }

    fn events(&self) -> usize {
        self.events.len()
    }

    fn continue_with(&mut self, event: SavedEvent, over: Option<SavedOver>) {
        self.events.push(event);
        self.result = over;
    }

    /// Replayed through a fresh umpire ([`TsuitateSave::replay`]).
    fn check(self) -> Result<TsuitateLoaded, TsuitateLoadError> {
        let game = self.replay()?;
        Ok(TsuitateLoaded { saved: self, game })
    }
}

/// Parses a tsuitate save without replaying it (for listing saves).
pub fn peek_str(text: &str) -> Result<TsuitateSave, TsuitateLoadError> {
    Ok(envelope::parse(text)?)
}

/// Parses and checks a tsuitate save.
pub fn load_str(text: &str) -> Result<TsuitateLoaded, TsuitateLoadError> {
    envelope::load_str::<TsuitateSave>(text)
}

/// Reads and checks a tsuitate save file (safely: see [`crate::save::read_save_text`]), with the
/// events its autosave journal adds ([`crate::save::journal`], as a chess save's).
pub fn load_file(path: &Path) -> Result<TsuitateLoaded, TsuitateLoadError> {
    envelope::load_file::<TsuitateSave>(path)
}

/// Parses and checks the text of the save file at `path`, with the events its autosave
/// journal adds.
pub fn load_text(text: &str, path: &Path) -> Result<TsuitateLoaded, TsuitateLoadError> {
    envelope::load_at::<TsuitateSave>(text, path)
}

/// The side named in a save (`"black"` or `"white"`), as the protocol names it.
pub use super::announce::color_from_name;

impl SavedOver {
    /// The result in words, as a list of saves shows it ("Sente won").
    pub fn words(&self) -> String {
        match self.winner.as_deref() {
            Some("black") => "Sente won".to_owned(),
            Some(_) => "Gote won".to_owned(),
            None => "a draw".to_owned(),
        }
    }
}

/// The result in words of a save's tail, `(result: …)` (read as RON; `None`: it does not read),
/// for a list of saves told from their head and tail ([`crate::listing::glance`]).
pub fn tail_result(tail: &str) -> Option<Option<String>> {
    #[derive(Deserialize)]
    struct Tail {
        result: Option<SavedOver>,
    }
    let tail: Tail = ron::from_str(tail).ok()?;
    Some(tail.result.map(|o| o.words()))
}
