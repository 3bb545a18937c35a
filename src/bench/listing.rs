//! `kriegspiel bench --only listing`: listing a saves folder of 5,000 generated saves (a
//! 200-event game each, one in seven unfinished), and one of ten large saves (57 MB each),
//! written to a temporary folder. Before: every save parsed in full on the calling thread, as
//! the start screen and the Library did on the UI thread (the window stayed blank that long).
//! After: the listing thread ([`crate::listing`]): what starting it costs the calling thread
//! (all a first frame waits for), when the first entries and the whole list arrive; the
//! Library's first frame (the samples, and starting its listing) and its whole list. A
//! benchmark, not a test: figures depend on the machine and on the files being in its cache.

use super::BenchError;
use super::cost::long_game;
use crate::listing::RecentList;
use crate::referee::Request;
use crate::save::{Meta, SavedGame};
use std::path::Path;
use std::time::{Duration, Instant};

/// The saves of the first folder.
pub const SMALL: usize = 5_000;
/// Events in each of them.
const SMALL_EVENTS: usize = 200;
/// The saves of the second folder.
pub const LARGE: usize = 10;
/// The size of each of them, about.
const LARGE_BYTES: usize = 57 * 1024 * 1024;

/// Writes `count` saves of a game of `events` knight moves into `dir` (one in seven
/// unfinished; the others resigned), plainly (no sync: a benchmark's folder).
fn generate(dir: &Path, count: usize, events: usize) -> Result<(), BenchError> {
    let game = long_game(events)?;
    let mut over = game.clone();
    over.apply(Request::Resign(shakmaty::Color::White))?;
    for i in 0..count {
        let meta = Meta {
            white: format!("White {i}"),
            black: format!("Black {}", i % 97),
            date: format!("2026-{:02}-{:02}", 1 + i % 12, 1 + i % 28),
            ..Meta::default()
        };
        let played = if i % 7 == 3 { &game } else { &over };
        let text = SavedGame::of(played, meta, None).to_ron();
        std::fs::write(dir.join(format!("game-{i:05}.ron")), text)?;
    }
    Ok(())
}

/// The old listing: every save parsed in full, one after the other; how many were listed.
fn parsed_in_full(dir: &Path) -> Result<usize, BenchError> {
    let mut listed = 0;
    for entry in std::fs::read_dir(dir)?.flatten() {
        if crate::save::peek_file(&entry.path()).is_ok() {
            listed += 1;
        }
    }
    Ok(listed)
}

/// One folder's figures.
struct Figures {
    saves: usize,
    before: Duration,
    start: Duration,
    first: Duration,
    whole: Duration,
    library_start: Duration,
    library: Duration,
}

/// Measures `dir`.
fn measure(dir: &Path) -> Result<Figures, BenchError> {
    let t = Instant::now();
    let saves = parsed_in_full(dir)?;
    let before = t.elapsed();

    let t = Instant::now();
    let mut list = RecentList::start(dir, false, || {});
    let start = t.elapsed();
    while !list.done() && list.entries().is_empty() && t.elapsed() < Duration::from_secs(600) {
        list.poll();
        std::thread::sleep(Duration::from_micros(200));
    }
    let first = t.elapsed();
    list.finish(Duration::from_secs(600));
    let whole = t.elapsed();
    if list.entries().len() != saves {
        return Err(BenchError::Io(std::io::Error::other(format!(
            "the listing listed {} of {saves} saves",
            list.entries().len()
        ))));
    }

    // The Library's first frame waits for the samples and the start of the listing only.
    let t = Instant::now();
    let mut library = crate::library::samples();
    let mut lister = crate::library::start(dir, || {});
    let library_start = t.elapsed();
    let headers = lister.finish(Duration::from_secs(600));
    library.extend(headers.iter().filter_map(crate::library::Entry::of_header));
    let library_time = t.elapsed();
    Ok(Figures {
        saves,
        before,
        start,
        first,
        whole,
        library_start,
        library: library_time,
    })
}

/// Generates both folders, measures them and prints the table.
pub fn run() -> Result<(), BenchError> {
    let root = tempfile::tempdir()?;
    let small = root.path().join("small");
    let large = root.path().join("large");
    std::fs::create_dir(&small)?;
    std::fs::create_dir(&large)?;
    generate(&small, SMALL, SMALL_EVENTS)?;
    // One large game's text, written ten times (about 130 bytes an event).
    let events = LARGE_BYTES / 130;
    let text = SavedGame::of(&long_game(events)?, Meta::default(), None).to_ron();
    for i in 0..LARGE {
        std::fs::write(large.join(format!("large-{i}.ron")), &text)?;
    }
    let ms = |d: Duration| format!("{:.1} ms", d.as_secs_f64() * 1000.0);
    println!(
        "listing: {:<26} {:>7}  {:>18}  {:>10}  {:>13}  {:>11}  {:>12}  {:>13}",
        "folder",
        "saves",
        "before (blocked)",
        "UI thread",
        "first entries",
        "whole list",
        "Library (UI)",
        "Library list"
    );
    let large_name = format!("{LARGE} saves of {} MB", text.len() / (1024 * 1024));
    for (name, dir) in [(format!("{SMALL} saves"), &small), (large_name, &large)] {
        let f = measure(dir)?;
        println!(
            "listing: {name:<26} {:>7}  {:>18}  {:>10}  {:>13}  {:>11}  {:>12}  {:>13}",
            f.saves,
            ms(f.before),
            ms(f.start),
            ms(f.first),
            ms(f.whole),
            ms(f.library_start),
            ms(f.library)
        );
    }
    Ok(())
}
