//! The autosave journal: between two full snapshots of an autosaved game, each accepted event is
//! appended as one JSON line to `<save>.journal` and synced before the request is answered, so
//! the cost of a request does not grow with the game and a `kill -9` loses nothing that was
//! acknowledged.
//!
//! The journal's first line names the snapshot it continues (its length and an FNV-1a hash of
//! its text); each further line is `{"at":N,"event":{...},"over":...}`, the event that makes the
//! log N+1 long. Loading a save applies the lines that continue it exactly and ignores the rest:
//! a journal left from an older snapshot, a torn last line, or a journal of another game.

use super::SaveFile;
use serde::de::DeserializeOwned;
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
struct Line<E, O> {
    at: usize,
    event: E,
    over: Option<O>,
}

/// A journal line as written (borrowing the event: no copy per request).
#[derive(Serialize)]
struct LineOut<'a, E, O> {
    at: usize,
    event: &'a E,
    over: Option<O>,
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

    /// Appends the event that made the log `at + 1` long, and syncs it (any game's event and
    /// result, in its save's serde shape).
    pub fn append<E: Serialize, O: Serialize>(
        &mut self,
        at: usize,
        event: &E,
        over: Option<O>,
    ) -> io::Result<()> {
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

/// Adds to `saved` (read from `text` at `save`), a save of any game, the journal's events that
/// continue it.
pub fn apply<S: SaveFile>(saved: &mut S, text: &str, save: &Path) {
    for (event, over) in continuation::<S::Event, S::Over>(text, save, saved.events()) {
        saved.continue_with(event, over);
    }
}

/// The events of the journal of the save at `save` (read as `text`, holding `events` events)
/// that continue it exactly, each with the result after it, for any game: nothing when the
/// journal belongs to another snapshot; up to a torn last line, never acknowledged.
pub fn continuation<E: DeserializeOwned, O: DeserializeOwned>(
    text: &str,
    save: &Path,
    events: usize,
) -> Vec<(E, Option<O>)> {
    let mut more = Vec::new();
    let Ok(journal) = super::read_own_text(&journal_path(save)) else {
        return more;
    };
    let mut lines = journal.lines();
    let Some(Ok(header)) = lines.next().map(serde_json::from_str::<Header>) else {
        return more;
    };
    if header.snapshot_hash != fingerprint(text) || header.snapshot_events != events {
        return more;
    }
    for line in lines {
        let Ok(line) = serde_json::from_str::<Line<E, O>>(line) else {
            break; // a torn last line: it was never acknowledged
        };
        if line.at != events + more.len() {
            break;
        }
        more.push((line.event, line.over));
    }
    more
}

/// An autosave, for every game: a snapshot of the whole save, then one synced journal line per
/// event, and a new snapshot once the journal holds max(events / 2, 64) lines, so a request
/// costs O(1) writes on average however long the game. A copy has no journal: its next event
/// writes a snapshot.
#[derive(Debug)]
pub struct Autosave {
    path: PathBuf,
    journal: Option<Journal>,
    /// The last failure, shown to the user until a save succeeds.
    pub error: Option<String>,
}

impl Clone for Autosave {
    fn clone(&self) -> Autosave {
        Autosave {
            path: self.path.clone(),
            journal: None,
            error: self.error.clone(),
        }
    }
}

impl Autosave {
    /// An autosave to `path`, nothing written yet.
    pub fn new(path: PathBuf) -> Autosave {
        Autosave {
            path,
            journal: None,
            error: None,
        }
    }

    /// Where the game is saved.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Writes `text`, the whole save of `events` events, atomically, and starts a fresh journal.
    pub fn snapshot(&mut self, text: &str, events: usize) {
        self.journal = None;
        let written = super::write_atomic(&self.path, text.as_bytes())
            .and_then(|()| Journal::start(&self.path, text, events));
        match written {
            Ok(journal) => {
                self.journal = Some(journal);
                self.error = None;
            }
            Err(e) => {
                let path = self.path.display();
                self.error = Some(format!("autosave to {path} failed: {e}"));
            }
        }
    }

    /// After one new event, the game now `events` long ending with `event` and `over`: the
    /// event appended to the journal, or, when it is time (or the append failed), a snapshot of
    /// `whole()`.
    pub fn event<E: Serialize, O: Serialize>(
        &mut self,
        events: usize,
        event: &E,
        over: Option<O>,
        whole: impl FnOnce() -> String,
    ) {
        let appended = match &mut self.journal {
            Some(journal) if events > 0 && journal.entries() < (events / 2).max(64) => {
                journal.append(events - 1, event, over).is_ok()
            }
            _ => false,
        };
        if appended {
            self.error = None;
        } else {
            self.snapshot(&whole(), events);
        }
    }

    /// How many events the journal holds since the last snapshot (none before the first).
    pub fn journaled(&self) -> usize {
        self.journal.as_ref().map_or(0, Journal::entries)
    }
}
