//! Listing the saves of a folder off the UI thread: a [`Lister`] reads them on its own thread
//! and hands over what it has read in batches, waking the window after each, so the start
//! screen, the Library and the file chooser show their first frame at once and fill in as the
//! saves are read; [`RecentList`] is the start screen's list built from it.
//!
//! Order: every `.ron` file of the folders is looked at first (its modification time and size
//! only, cheap), then the saves are read newest first, so the entries arrive in their final
//! order: the first unfinished game delivered is the newest unfinished one, and the start
//! screen's "Resume unfinished game" is shown as soon as it is found and never changes after.
//!
//! Cap ([`Cap`]): one listing looks at most at [`Cap::files`] files (the newest; the rest are
//! counted in [`Report::beyond_cap`]), and reads of each only its head and tail
//! ([`Cap::head`], [`Cap::tail`]: see [`glance`]); a save whose metadata or result is not in
//! those bytes, and that was not read whole, is left out of the list (counted in
//! [`Report::unread`]: opening it by name still works). A file that is not a save, a pipe, a
//! device or a file larger than any save is left out without being read whole. An autosave
//! whose journal holds events past its snapshot is read whole and parsed when the two together
//! are at most [`Cap::whole`] bytes (the journal can end the game); a larger one is told from
//! its snapshot alone.

pub mod glance;

pub use glance::{Game, Glance, Unread};

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, TryRecvError, channel};
use std::time::{Duration, Instant, SystemTime};

/// What one listing reads at most.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Cap {
    /// Files read (the newest first).
    pub files: usize,
    /// Bytes read from the start of each file.
    pub head: u64,
    /// Bytes read from the end of each file (a file of at most `head + tail` bytes is read
    /// whole).
    pub tail: u64,
    /// The largest autosave and journal read whole, when the journal holds events.
    pub whole: u64,
}

impl Default for Cap {
    fn default() -> Cap {
        Cap {
            files: 10_000,
            head: 32 * 1024,
            tail: 32 * 1024,
            whole: 4 * 1024 * 1024,
        }
    }
}

/// A folder to list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    /// The folder.
    pub dir: PathBuf,
    /// An older `./saves` folder of earlier versions (its `sample-*` files are left out: the
    /// samples are shown as such).
    pub older: bool,
}

/// One save as listed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The file.
    pub path: PathBuf,
    /// When the file was last written.
    pub modified: SystemTime,
    /// Found in an older `./saves` folder.
    pub older: bool,
    /// What the save is.
    pub glance: Glance,
}

impl Header {
    /// Whether the game has ended (or was abandoned: over without a result).
    pub fn finished(&self) -> bool {
        if self.glance.meta.abandoned.is_some() {
            return true;
        }
        match &self.glance.game {
            Game::Chess { result, .. } => result.is_some(),
            Game::Other { result, .. } => result.is_some(),
        }
    }

    /// "2026-11-21 · Ann v Bob · Berkeley · 1-0" (no moves, nothing hidden).
    pub fn summary(&self) -> String {
        let meta = &self.glance.meta;
        let date = if meta.date.is_empty() {
            "?"
        } else {
            &meta.date
        };
        match &self.glance.game {
            Game::Chess { rules, result, .. } => {
                let name = |s: &str, fallback: &str| {
                    if s.is_empty() {
                        fallback.to_owned()
                    } else {
                        s.to_owned()
                    }
                };
                let result = match (result, &meta.abandoned) {
                    (Some(o), _) => o.result.pgn().to_owned(),
                    (None, Some(_)) => "abandoned".to_owned(),
                    (None, None) => "unfinished".to_owned(),
                };
                format!(
                    "{date} · {} v {} · {} · {result}",
                    name(&meta.white, "White"),
                    name(&meta.black, "Black"),
                    rules.title()
                )
            }
            Game::Other { kind, result } => format!(
                "{date} · {} · {}",
                kind.long_title(),
                result.as_deref().unwrap_or(if meta.abandoned.is_some() {
                    "abandoned"
                } else {
                    "unfinished"
                })
            ),
        }
    }
}

/// What a finished listing did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// `.ron` files found.
    pub found: usize,
    /// Saves listed.
    pub listed: usize,
    /// Files not read: beyond [`Cap::files`].
    pub beyond_cap: usize,
    /// Saves not listed: their head or tail did not read within the cap.
    pub unread: usize,
}

enum Message {
    Found(Vec<Header>),
    Done(Report),
}

/// A listing under way on its own thread; dropping it stops the thread at its next file.
pub struct Lister {
    rx: Receiver<Message>,
    stop: Arc<AtomicBool>,
    report: Option<Report>,
}

/// How long the thread gathers entries before it hands them over (the first one at once).
const BATCH: Duration = Duration::from_millis(15);

impl Lister {
    /// Starts listing `sources` within `cap`; `wake` is called (from the listing's thread)
    /// whenever entries or the end arrive.
    pub fn start(sources: Vec<Source>, cap: Cap, wake: impl Fn() + Send + 'static) -> Lister {
        let (tx, rx) = channel();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let spawned = std::thread::Builder::new()
            .name("saves listing".into())
            .spawn(move || run(&sources, cap, &tx, &wake, &flag));
        let report = match spawned {
            Ok(_) => None,
            // No thread: nothing is listed (the folder can still be opened by name).
            Err(_) => Some(Report::default()),
        };
        Lister { rx, stop, report }
    }

    /// The entries read since the last call (never waits).
    pub fn poll(&mut self) -> Vec<Header> {
        let mut out = Vec::new();
        while self.report.is_none() {
            match self.rx.try_recv() {
                Ok(message) => self.take(message, &mut out),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => self.report = Some(Report::default()),
            }
        }
        out
    }

    /// The entries still to come, waiting for them at most `within` (for tests, the
    /// benchmark and the command line; a screen polls).
    pub fn finish(&mut self, within: Duration) -> Vec<Header> {
        let deadline = Instant::now() + within;
        let mut out = Vec::new();
        while self.report.is_none() {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.rx.recv_timeout(left) {
                Ok(message) => self.take(message, &mut out),
                Err(RecvTimeoutError::Timeout) => break,
                Err(RecvTimeoutError::Disconnected) => self.report = Some(Report::default()),
            }
        }
        out
    }

    fn take(&mut self, message: Message, out: &mut Vec<Header>) {
        match message {
            Message::Found(headers) => out.extend(headers),
            Message::Done(report) => self.report = Some(report),
        }
    }

    /// Whether the listing is over (every entry handed over).
    pub fn done(&self) -> bool {
        self.report.is_some()
    }

    /// What the listing did, once over.
    pub fn report(&self) -> Option<&Report> {
        self.report.as_ref()
    }
}

impl Drop for Lister {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// A file to read: when it was written, where, from which kind of folder.
type Candidate = (SystemTime, PathBuf, bool);

/// The `.ron` files of `sources`, newest first (at most ten times the cap of directory
/// entries looked at in each folder).
fn candidates(sources: &[Source], cap: Cap) -> Vec<Candidate> {
    let mut out = Vec::new();
    for source in sources {
        let Ok(read) = std::fs::read_dir(&source.dir) else {
            continue;
        };
        for entry in read.take(cap.files.saturating_mul(10)).flatten() {
            let path = entry.path();
            if path.extension().is_none_or(|e| e != "ron") {
                continue;
            }
            let sample = entry.file_name().to_string_lossy().starts_with("sample-");
            if source.older && sample {
                continue;
            }
            // The file's own metadata (a link is followed, as reading a save follows it).
            let Ok(meta) = std::fs::metadata(&path) else {
                continue;
            };
            if let (true, Ok(modified)) = (meta.is_file(), meta.modified()) {
                out.push((modified, path, source.older));
            }
        }
    }
    out.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    out
}

/// Whether the autosave journal next to `save` holds events (more than its first line).
fn journal_has_events(save: &Path) -> Option<u64> {
    let path = crate::save::journal::journal_path(save);
    let meta = std::fs::metadata(&path).ok()?;
    if !meta.is_file() {
        return None;
    }
    let glimpse = crate::save::read_glimpse(&path, 256, 0).ok()?;
    let after_first = glimpse.head.split_once('\n').map(|(_, rest)| rest)?;
    (!after_first.trim().is_empty() || glimpse.tail.is_some()).then_some(meta.len())
}

/// Reads one save's glance within `cap`.
fn read_one(path: &Path, cap: Cap) -> Result<Glance, Unread> {
    let glimpse = crate::save::read_glimpse(path, cap.head, cap.tail).map_err(|e| match e {
        crate::save::LoadError::TooLarge { .. } | crate::save::LoadError::NotAFile { .. } => {
            Unread::NotASave
        }
        _ => Unread::Damaged,
    })?;
    if let Some(journal) = journal_has_events(path)
        && glimpse.len.saturating_add(journal) <= cap.whole
    {
        // The journal can end the game: read the save with it (another game's through the
        // registry, which replays it: the file and its journal are within `cap.whole`).
        if let Ok(saved) = crate::save::peek_file(path) {
            return Ok(glance::of_saved(&saved));
        }
        if let Some(Ok(other)) = crate::games::OtherGame::load_file(path) {
            return Ok(glance::of_other(&other));
        }
    }
    glance::glance(&glimpse)
}

/// The listing's thread: every candidate read newest first, handed over in batches.
fn run(sources: &[Source], cap: Cap, tx: &Sender<Message>, wake: &dyn Fn(), stop: &AtomicBool) {
    let mut files = candidates(sources, cap);
    let mut report = Report {
        found: files.len(),
        beyond_cap: files.len().saturating_sub(cap.files),
        ..Report::default()
    };
    files.truncate(cap.files);
    let mut batch = Vec::new();
    let mut sent = None::<Instant>;
    for (modified, path, older) in files {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        match read_one(&path, cap) {
            Ok(glance) => {
                report.listed += 1;
                batch.push(Header {
                    path,
                    modified,
                    older,
                    glance,
                });
            }
            Err(Unread::BeyondCap) => report.unread += 1,
            Err(_) => {}
        }
        if !batch.is_empty() && sent.is_none_or(|t| t.elapsed() >= BATCH) {
            if tx.send(Message::Found(std::mem::take(&mut batch))).is_err() {
                return;
            }
            wake();
            sent = Some(Instant::now());
        }
    }
    if !batch.is_empty() {
        let _ = tx.send(Message::Found(batch));
    }
    let _ = tx.send(Message::Done(report));
    wake();
}

/// A save found in the saves folder, described from its metadata only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveEntry {
    /// The file.
    pub path: PathBuf,
    /// "2026-11-21 · Ann v Bob · Berkeley · 1-0" (no moves, nothing hidden); "· in ./saves"
    /// added for an older folder's save, and the file's name for two that read the same.
    pub summary: String,
    /// The game has ended.
    pub finished: bool,
    /// When the file was last written.
    pub modified: SystemTime,
}

/// The start screen's list of saves, newest first, filled in as a [`Lister`] reads them.
pub struct RecentList {
    lister: Lister,
    entries: Vec<SaveEntry>,
    /// Each summary's first entry (by index), and whether it already names its file.
    seen: HashMap<String, (usize, bool)>,
}

impl RecentList {
    /// Lists the user's folder `dir`, with (when `older`) an older `./saves` of earlier
    /// versions ([`crate::places::older_saves`]).
    pub fn start(dir: &Path, older: bool, wake: impl Fn() + Send + 'static) -> RecentList {
        let mut sources = vec![Source {
            dir: dir.to_path_buf(),
            older: false,
        }];
        if let Some(old) = crate::places::older_saves(dir).filter(|_| older) {
            sources.push(Source {
                dir: old,
                older: true,
            });
        }
        RecentList::of(Lister::start(sources, Cap::default(), wake))
    }

    /// The list a lister fills.
    pub fn of(lister: Lister) -> RecentList {
        RecentList {
            lister,
            entries: Vec::new(),
            seen: HashMap::new(),
        }
    }

    /// Takes what the lister has read; whether anything was added.
    pub fn poll(&mut self) -> bool {
        let headers = self.lister.poll();
        let added = !headers.is_empty();
        self.add(headers);
        added
    }

    /// Waits at most `within` for the rest of the list (for tests and the benchmark).
    pub fn finish(&mut self, within: Duration) {
        let headers = self.lister.finish(within);
        self.add(headers);
    }

    fn add(&mut self, headers: Vec<Header>) {
        for header in headers {
            let mut summary = header.summary();
            if header.older {
                summary.push_str(" · in ./saves");
            }
            let index = self.entries.len();
            let name = |p: &Path| p.file_name().map(|n| n.to_string_lossy().into_owned());
            // Two entries that would read the same are told apart by their file names.
            let twin = match self.seen.get_mut(&summary) {
                Some((first, named)) => {
                    if !*named
                        && let Some(entry) = self.entries.get_mut(*first)
                        && let Some(n) = name(&entry.path)
                    {
                        entry.summary = format!("{} · {n}", entry.summary);
                    }
                    *named = true;
                    true
                }
                None => {
                    self.seen.insert(summary.clone(), (index, false));
                    false
                }
            };
            let shown = match (twin, name(&header.path)) {
                (true, Some(n)) => format!("{summary} · {n}"),
                _ => summary,
            };
            self.entries.push(SaveEntry {
                finished: header.finished(),
                path: header.path,
                summary: shown,
                modified: header.modified,
            });
        }
    }

    /// The saves read so far, newest first (the lister reads them in that order).
    pub fn entries(&self) -> &[SaveEntry] {
        &self.entries
    }

    /// The newest unfinished game, once found (it stays the same as more arrive).
    pub fn unfinished(&self) -> Option<&SaveEntry> {
        self.entries.iter().find(|e| !e.finished)
    }

    /// Whether every save has been read.
    pub fn done(&self) -> bool {
        self.lister.done()
    }

    /// What the listing did, once over.
    pub fn report(&self) -> Option<&Report> {
        self.lister.report()
    }
}
