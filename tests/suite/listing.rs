//! Listing a saves folder on the listing's own thread (issue 53, item 5): every save delivered
//! with the summary and finished flag a full read gives, newest first; what one listing reads is
//! capped (files, and bytes of each); what is not a save, a pipe, or a file larger than any save
//! is left out without being read whole.

use kriegspiel::listing::{Cap, Game, Lister, RecentList, Source, glance};
use kriegspiel::save::{Meta, SavedGame};
use kriegspiel::{Preset, Request};
use std::path::Path;
use std::time::{Duration, SystemTime};

/// Sets `path`'s modification time to `minutes` ago.
fn age(path: &Path, minutes: u64) {
    let file = std::fs::File::options()
        .write(true)
        .open(path)
        .expect("opened");
    file.set_modified(SystemTime::now() - Duration::from_secs(60 * minutes))
        .expect("dated");
}

/// A Berkeley game of `moves` knight moves between "Player i" and "Opp", resigned when `over`.
fn saved(i: usize, moves: usize, over: bool, note: &str) -> SavedGame {
    let mut game = kriegspiel::Game::standard(Preset::Berkeley.rules());
    for m in ["g1f3", "g8f6", "f3g1", "f6g8"].iter().cycle().take(moves) {
        game.apply(Request::Try(m.parse().expect("a move")))
            .expect("legal");
    }
    if over {
        game.apply(Request::Resign(shakmaty::Color::Black))
            .expect("resigned");
    }
    let meta = Meta {
        white: format!("Player {i}"),
        black: "Opp".into(),
        date: "2026-11-21".into(),
        note: note.into(),
        ..Meta::default()
    };
    SavedGame::of(&game, meta, None)
}

/// The summary a full read of the save gives.
fn full_summary(path: &Path) -> (String, bool) {
    let saved = kriegspiel::save::peek_file(path).expect("a save");
    let header = kriegspiel::listing::Header {
        path: path.to_path_buf(),
        modified: SystemTime::now(),
        older: false,
        glance: glance::of_saved(&saved),
    };
    (header.summary(), saved.result.is_some())
}

fn small_cap() -> Cap {
    Cap {
        files: 100,
        head: 4096,
        tail: 1024,
        whole: 4096,
    }
}

fn finish(lister: &mut Lister) -> Vec<kriegspiel::listing::Header> {
    let headers = lister.finish(Duration::from_secs(60));
    assert!(lister.done(), "listed within a minute");
    headers
}

#[test]
fn every_save_is_listed_newest_first_as_a_full_read_tells_it() {
    let dir = tempfile::tempdir().expect("a folder");
    let d = dir.path();
    // Twelve saves, i minutes old; every third unfinished; game-7 long enough to be read only
    // at its head and tail.
    for i in 0..12 {
        let moves = if i == 7 { 400 } else { 6 };
        let path = d.join(format!("game-{i:02}.ron"));
        saved(i, moves, i % 3 != 0, "")
            .write(&path)
            .expect("written");
        age(&path, 10 + i as u64);
    }
    assert!(
        std::fs::metadata(d.join("game-07.ron"))
            .expect("there")
            .len()
            > 4096 + 1024
    );
    // Not saves: left out.
    std::fs::write(d.join("junk.ron"), "not a save").expect("written");
    age(&d.join("junk.ron"), 1000);
    std::fs::write(d.join("notes.txt"), "(format: 2)").expect("written");
    std::fs::create_dir(d.join("folder.ron")).expect("a folder");
    // Larger than any save: refused at its size, never read.
    std::fs::File::create(d.join("huge.ron"))
        .and_then(|f| f.set_len(kriegspiel::save::MAX_SAVE_BYTES + 1))
        .expect("a sparse file");
    age(&d.join("huge.ron"), 1000);
    // A pipe: never opened for a wait.
    let fifo = d.join("pipe.ron");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    // A save whose metadata is beyond the head the cap reads (a long note), read only in part.
    let long = d.join("long-note.ron");
    saved(99, 400, true, &"n".repeat(4000))
        .write(&long)
        .expect("written");
    age(&long, 1);

    let source = Source {
        dir: d.to_path_buf(),
        older: false,
    };
    let mut lister = Lister::start(vec![source.clone()], small_cap(), || {});
    let headers = finish(&mut lister);
    let names: Vec<String> = headers
        .iter()
        .map(|h| {
            h.path
                .file_name()
                .expect("a name")
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    let expected: Vec<String> = (0..12).map(|i| format!("game-{i:02}.ron")).collect();
    assert_eq!(names, expected, "every save, newest first, nothing else");
    for header in &headers {
        let (summary, finished) = full_summary(&header.path);
        assert_eq!(header.summary(), summary);
        assert_eq!(header.finished(), finished);
    }
    match &headers[7].glance.game {
        Game::Chess { plies, result, .. } => {
            assert_eq!(*plies, None, "read at its head and tail only");
            assert!(result.is_some());
        }
        Game::Other { .. } => panic!("a chess save"),
    }
    match &headers[1].glance.game {
        Game::Chess { plies, .. } => assert_eq!(*plies, Some(6), "read whole"),
        Game::Other { .. } => panic!("a chess save"),
    }
    let report = lister.report().expect("over").clone();
    assert_eq!(report.unread, 1, "the long note's save: beyond the cap");
    assert_eq!(report.listed, 12);
    assert_eq!(report.beyond_cap, 0);

    // At most five files: the five newest (the long note's first, left out unread).
    let cap = Cap {
        files: 5,
        ..small_cap()
    };
    let mut lister = Lister::start(vec![source.clone()], cap, || {});
    let headers = finish(&mut lister);
    let names: Vec<String> = headers
        .iter()
        .map(|h| {
            h.path
                .file_name()
                .expect("a name")
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    assert_eq!(
        names,
        ["game-00.ron", "game-01.ron", "game-02.ron", "game-03.ron"]
    );
    let report = lister.report().expect("over");
    assert_eq!(report.beyond_cap, report.found - 5);

    // With the default cap, the long note's save is read in full.
    let mut list = RecentList::start(d, false, || {});
    list.finish(Duration::from_secs(60));
    assert_eq!(list.entries().len(), 13);
    assert_eq!(list.entries()[0].path, long);
    let unfinished = list.unfinished().expect("an unfinished game");
    assert_eq!(
        unfinished.path,
        d.join("game-00.ron"),
        "the newest unfinished"
    );
}

#[test]
fn the_listing_wakes_its_window_and_an_autosave_journal_ends_the_game() {
    let dir = tempfile::tempdir().expect("a folder");
    let d = dir.path();
    // An autosaved game whose end is only in its journal.
    let path = d.join("auto.ron");
    let mut session = kriegspiel::session::GameSession::new(
        Preset::Berkeley.rules(),
        shakmaty::fen::Fen::default().into_setup(),
        Meta::default(),
        None,
        Some(path.clone()),
    )
    .expect("a game");
    session
        .apply(Request::Resign(shakmaty::Color::White), Duration::ZERO)
        .expect("resigned");
    let snapshot = kriegspiel::save::read_save_text(&path).expect("the snapshot");
    assert!(
        snapshot.contains("result: None"),
        "the end is in the journal only"
    );
    let woken = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let counter = std::sync::Arc::clone(&woken);
    let mut list = RecentList::start(d, false, move || {
        counter.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    });
    list.finish(Duration::from_secs(60));
    assert!(
        woken.load(std::sync::atomic::Ordering::SeqCst) >= 1,
        "woken"
    );
    assert_eq!(list.entries().len(), 1);
    assert!(list.entries()[0].finished, "{:?}", list.entries()[0]);
}
