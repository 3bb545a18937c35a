//! The autosave journal: between two full snapshots of an autosaved game, each accepted event is
//! appended as one JSON line to `<save>.journal` and synced before the request is answered, so
//! the cost of a request does not grow with the game and a `kill -9` loses nothing that was
//! acknowledged.
//!
//! The journal's first line names the snapshot it continues (its length and an FNV-1a hash of
//! its text); each further line is `{"at":N,"event":{...},"over":...}`, the event that makes the
//! log N+1 long. Loading a save applies the lines that continue it exactly and ignores the rest:
//! a journal left from an older snapshot, a torn last line, or a journal of another game.

use super::SavedGame;
use crate::announce::Over;
use crate::log::Event;
use serde::{Deserialize, Serialize};
use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The journal of the save at `save`: the same name with `.journal` added.
pub fn journal_path(save: &Path) -> PathBuf {
    let mut name = save.file_name().unwrap_or_default().to_os_string();
    name.push(".journal");
    save.with_file_name(name)
}

/// FNV-1a, 64 bits: a stable fingerprint of a snapshot's text.
fn fingerprint(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[derive(Serialize, Deserialize)]
struct Header {
    snapshot_events: usize,
    snapshot_hash: u64,
}

/// A journal line as read.
#[derive(Deserialize)]
struct Line {
    at: usize,
    event: Event,
    over: Option<Over>,
}

/// A journal line as written (borrowing the event: no copy per request).
#[derive(Serialize)]
struct LineOut<'a> {
    at: usize,
    event: &'a Event,
    over: Option<Over>,
}

/// An open journal, appended to after each accepted event.
#[derive(Debug)]
pub struct Journal {
    file: File,
    entries: usize,
}

impl Journal {
    /// Starts a fresh journal after the snapshot `text` (of `events` events) was written.
    pub fn start(save: &Path, text: &str, events: usize) -> io::Result<Journal> {
        // Never through a link, a pipe or a device left where the journal goes.
        let mut file = super::open_own_file(&journal_path(save), true)?;
        let header = Header {
            snapshot_events: events,
            snapshot_hash: fingerprint(text),
        };
        let mut line = serde_json::to_string(&header).map_err(io::Error::other)?;
        line.push('\n');
        file.write_all(line.as_bytes())?;
        file.sync_data()?;
        Ok(Journal { file, entries: 0 })
    }

    /// Appends the event that made the log `at + 1` long, and syncs it.
    pub fn append(&mut self, at: usize, event: &Event, over: Option<Over>) -> io::Result<()> {
        let line = LineOut { at, event, over };
        let mut text = serde_json::to_string(&line).map_err(io::Error::other)?;
        text.push('\n');
        self.file.write_all(text.as_bytes())?;
        self.file.sync_data()?;
        self.entries += 1;
        Ok(())
    }

    /// How many events the journal holds.
    pub fn entries(&self) -> usize {
        self.entries
    }
}

/// Adds to `saved` (read from `text` at `save`) the journal's events that continue it.
pub fn apply(saved: &mut SavedGame, text: &str, save: &Path) {
    let Ok(journal) = super::read_own_text(&journal_path(save)) else {
        return;
    };
    let mut lines = journal.lines();
    let Some(Ok(header)) = lines.next().map(serde_json::from_str::<Header>) else {
        return;
    };
    if header.snapshot_hash != fingerprint(text) || header.snapshot_events != saved.log.events.len()
    {
        return;
    }
    for line in lines {
        let Ok(line) = serde_json::from_str::<Line>(line) else {
            return; // a torn last line: it was never acknowledged
        };
        if line.at != saved.log.events.len() {
            return;
        }
        saved.log.events.push(line.event);
        saved.result = line.over;
    }
}
