//! The one envelope of every game's save: how a save file of any game is told, version-checked,
//! parsed, continued by its autosave journal, checked, written (atomically) and laid out, written
//! once here, generic over the game's save ([`SaveFile`], which [`crate::seat::game::Game::Save`]
//! is). A game supplies only its payload and how it is checked (replayed through its referee).
//!
//! # The format
//!
//! A save is UTF-8 RON text of at most [`super::MAX_SAVE_BYTES`] bytes:
//!
//! ```text
//! // Kriegspiel <game> save file                  a comment line (SaveFile::HEADER)
//! (                                               a struct (its type name may precede it)
//!     <version field>: N,                         the header: which game and its format version,
//!                                                 in one field whose NAME tells the game
//!                                                 (SaveFile::VERSION_FIELD: `format` for the chess
//!                                                 family, another name for each other game, see
//!                                                 crate::kind::GameKind::of_save)
//!     meta: (event: "…", white: "…", black: "…", mode: …, seating: …, abandoned: …),
//!                                                 the header: who, where, when, how it is seated
//!                                                 (super::Meta, the same for every game)
//!     …the game's payload fields…                 rules, start, every event, one a line
//!     result: None | Some(…),                     the header: the result, in the game's words
//! )
//! ```
//!
//! The field names were kept from the files each game wrote before the envelope (chess format 1
//! and 2, the other games' format 1), so every save ever written still loads unchanged, and the
//! version field doubles as the game's mark, so neither game's loader mistakes the other's file.
//!
//! Loading: the game is told from the text ([`crate::kind::GameKind::of_save`]; another game's
//! save is [`LoadError::OtherGame`]), then the version ([`LoadError::UnknownFormat`] for 0,
//! [`LoadError::NewerFormat`] past [`SaveFile::FORMAT`]), then the text is parsed
//! ([`SaveFile::read_format`], which reads older formats), every name cleaned
//! ([`super::Meta::clean`]), the journal's continuation added ([`super::journal`]) and the whole
//! checked by the game ([`SaveFile::check`]: replayed through a fresh referee). Writing is
//! [`super::write_atomic`]: a temporary file synced, then renamed over the save.

use super::{LoadError, Meta, journal, pretty_ron, read_save_text, write_atomic};
use crate::kind::GameKind;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::io;
use std::path::Path;

/// A game's save: its payload in the envelope ([`self`]) and how the envelope reads its header.
pub trait SaveFile: Serialize + DeserializeOwned {
    /// The game whose save this is.
    const KIND: GameKind;
    /// The name of the first field, the format version, which marks the game (`format`).
    const VERSION_FIELD: &'static str;
    /// The RON type name a file may write before its `(` (`SavedGame`).
    const TYPE_NAME: &'static str;
    /// The format version this program writes, the newest it reads.
    const FORMAT: u32;
    /// The comment line at the top (`// Kriegspiel save file`).
    const HEADER: &'static str;
    /// How deep fields are written one a line (so that each event is one line).
    const DEPTH: usize;
    /// An event as the save and its journal write it.
    type Event: Serialize + DeserializeOwned;
    /// The result as the save and its journal write it.
    type Over: Serialize + DeserializeOwned;
    /// The save checked: the game rebuilt from it.
    type Checked;
    /// Why a save of this game does not load (every [`LoadError`] of the envelope is one).
    type Error: From<LoadError>;

    /// Parses `text`, whose version is `format` (at most [`SaveFile::FORMAT`]): by default as
    /// written now; a game with older formats reads them here.
    fn read_format(text: &str, _format: u32) -> Result<Self, ron::error::SpannedError> {
        ron::from_str(text)
    }
    /// The header's who, where and when, to change.
    fn meta_mut(&mut self) -> &mut Meta;
    /// The events recorded.
    fn events(&self) -> usize;
    /// Adds one event read from the journal, with the result after it.
    fn continue_with(&mut self, event: Self::Event, over: Option<Self::Over>);
    /// Checks the save: the game rebuilt through its referee, every answer and the result as
    /// recorded.
    fn check(self) -> Result<Self::Checked, Self::Error>;
}

/// The version field of a save of `S` at the top of `text`, without parsing the rest: `None`
/// when there is no such field (not such a save), [`LoadError::BadFormat`] when its value is
/// not a number.
pub fn sniff_version<S: SaveFile>(text: &str) -> Option<Result<u32, LoadError>> {
    let mut rest = text;
    loop {
        rest = rest.trim_start();
        if let Some(after) = rest.strip_prefix("//") {
            rest = after.split_once('\n').map_or("", |(_, r)| r);
        } else {
            break;
        }
    }
    let rest = rest.strip_prefix(S::TYPE_NAME).unwrap_or(rest).trim_start();
    let rest = rest.strip_prefix('(')?.trim_start();
    let rest = rest.strip_prefix(S::VERSION_FIELD)?.trim_start();
    let rest = rest.strip_prefix(':')?.trim_start();
    let value: String = rest
        .chars()
        .take_while(|c| !matches!(c, ',' | ')' | '\n'))
        .take(20)
        .collect();
    Some(
        value
            .trim()
            .parse()
            .map_err(|_| LoadError::BadFormat(value.trim().to_owned())),
    )
}

/// Parses a save of `S` without checking it: its game, its version, its text, its names
/// cleaned.
pub fn parse<S: SaveFile>(text: &str) -> Result<S, LoadError> {
    let kind = GameKind::of_save(text);
    if kind != S::KIND {
        return Err(LoadError::OtherGame(kind));
    }
    let format = sniff_version::<S>(text).ok_or(LoadError::NotASave)??;
    if format == 0 {
        return Err(LoadError::UnknownFormat(0));
    }
    if format > S::FORMAT {
        return Err(LoadError::NewerFormat {
            found: format,
            supported: S::FORMAT,
        });
    }
    let mut saved = S::read_format(text, format).map_err(super::syntax_error)?;
    // Names from a file are shown and exported: cleaned like every name that enters.
    saved.meta_mut().clean();
    Ok(saved)
}

/// Parses the text of the save at `path` and adds the events its journal continues it with,
/// without checking it (for listing saves).
pub fn peek_at<S: SaveFile>(text: &str, path: &Path) -> Result<S, LoadError> {
    let mut saved = parse::<S>(text)?;
    journal::apply(&mut saved, text, path);
    Ok(saved)
}

/// Parses and checks a save of `S` from its text alone (no journal).
pub fn load_str<S: SaveFile>(text: &str) -> Result<S::Checked, S::Error> {
    parse::<S>(text)?.check()
}

/// Parses and checks the text of the save at `path`, with the events its journal adds.
pub fn load_at<S: SaveFile>(text: &str, path: &Path) -> Result<S::Checked, S::Error> {
    peek_at::<S>(text, path)?.check()
}

/// Reads (safely: see [`read_save_text`]) and checks the save of `S` at `path`, with the
/// events its journal adds.
pub fn load_file<S: SaveFile>(path: &Path) -> Result<S::Checked, S::Error> {
    let text = read_save_text(path)?;
    load_at::<S>(&text, path)
}

/// The save as its text: the header comment, then one field a line down to [`SaveFile::DEPTH`].
pub fn to_ron<S: SaveFile>(saved: &S) -> String {
    pretty_ron(saved, S::DEPTH, S::HEADER)
}

/// Writes the save to `path` atomically.
pub fn write<S: SaveFile>(saved: &S, path: &Path) -> io::Result<()> {
    write_atomic(path, to_ron(saved).as_bytes())
}
