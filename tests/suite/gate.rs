//! The one gate into a saved game (issue 53): every seating × to play on or to study × over or
//! not, and what it opens; abandoning; a PGN that names no rules; samples; and that no screen of
//! the app reads a save's truth any other way.

use kriegspiel::gate::{self, GateError, Opening, Want};
use kriegspiel::save::{Abandoned, Meta, Mode, SavedGame, Seating};
use shakmaty::Color;
use std::path::{Path, PathBuf};

fn sample(name: &str) -> SavedGame {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("saves")
        .join(name);
    kriegspiel::save::load_file(&path)
        .expect("the sample loads")
        .saved
}

/// A game of the Wild 16 sample, over or (its first 20 events) not.
fn game(over: bool) -> SavedGame {
    let mut saved = sample("sample-wild16.ron");
    assert!(saved.result.is_some(), "the sample is finished");
    if !over {
        saved.log.events.truncate(20);
        saved.result = None;
    }
    saved
}

fn seatings() -> Vec<(&'static str, Seating)> {
    let token = |c: char| format!("{c}{}", "A".repeat(23));
    vec![
        ("hot-seat", Seating::HotSeat),
        (
            "computer",
            Seating::Computer {
                human: Color::Black,
            },
        ),
        ("club", Seating::Club),
        (
            "host",
            Seating::Host {
                own: Some(Color::White),
                bind: "127.0.0.1".into(),
                port: 7799,
                tokens: [token('W'), token('B')],
            },
        ),
        (
            "seat",
            Seating::Seat {
                color: Color::Black,
                address: "127.0.0.1:7799".into(),
                token: token('B'),
            },
        ),
    ]
}

fn write(dir: &Path, name: &str, mut saved: SavedGame, seating: Seating) -> PathBuf {
    saved.meta.mode = match seating {
        Seating::Club => Mode::ClubReferee,
        Seating::Computer { .. } => Mode::Practice,
        Seating::Host { .. } | Seating::Seat { .. } => Mode::Network,
        Seating::HotSeat => Mode::HotSeat,
    };
    saved.meta.seating = Some(seating);
    let path = dir.join(format!("{name}.ron"));
    saved.write(&path).expect("the save is written");
    path
}

/// What an opening is, in one word, for the table.
fn kind(opening: &Result<Opening, GateError>) -> String {
    match opening {
        Ok(Opening::Local { seating, .. }) => format!("local {seating:?}"),
        Ok(Opening::Host { own, .. }) => format!("host {own:?}"),
        Ok(Opening::Rejoin(ticket)) => format!("rejoin {:?}", ticket.seat),
        Ok(Opening::Study { .. }) => "study".into(),
        Ok(Opening::Other { game, .. }) => game.kind().id().into(),
        Ok(Opening::OtherStudy(f)) => format!("{} study", f.game().kind().id()),
        Err(GateError::NotOver { .. }) => "refused: not over".into(),
        Err(e) => format!("error: {e}"),
    }
}

#[test]
fn every_seating_opens_only_as_the_gate_allows() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let expected = |seating: &str, over: bool, want: Want| -> &'static str {
        match (want, over, seating) {
            (Want::Study, false, _) => "refused: not over",
            (Want::Study, true, _) => "study",
            (Want::Play, true, "host" | "seat") => "study",
            (Want::Play, _, "hot-seat") => "local HotSeat",
            (Want::Play, _, "computer") => "local Computer { human: Black }",
            (Want::Play, _, "club") => "local Club",
            (Want::Play, false, "host") => "host Some(White)",
            (Want::Play, false, "seat") => "rejoin Black",
            _ => unreachable!(),
        }
    };
    let mut table = Vec::new();
    for (name, seating) in seatings() {
        for over in [false, true] {
            let path = write(
                dir.path(),
                &format!("{name}-{over}"),
                game(over),
                seating.clone(),
            );
            for want in [Want::Play, Want::Study] {
                let got = kind(&gate::open(&path, want, None, "how"));
                table.push(format!("{name:8} over={over:5} {want:?}: {got}"));
                assert_eq!(
                    got,
                    expected(name, over, want),
                    "{name}, over {over}, {want:?}"
                );
            }
        }
    }
    println!("{}", table.join("\n"));
}

#[test]
fn an_abandoned_game_is_over_without_a_result_and_says_so_wherever_it_opens() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    for (name, seating) in seatings() {
        let path = write(dir.path(), name, game(false), seating);
        gate::abandon(&path, "Ann").expect("abandoned");
        let loaded = kriegspiel::save::load_file(&path).expect("still a save");
        assert_eq!(loaded.saved.result, None);
        let abandoned = loaded.saved.meta.abandoned.expect("recorded");
        assert_eq!(abandoned.by, "Ann");
        for want in [Want::Play, Want::Study] {
            match gate::open(&path, want, None, "how") {
                Ok(Opening::Study { notice, .. }) => {
                    let notice = notice.expect("the abandonment is said");
                    assert!(
                        notice.contains("abandoned") && notice.contains("by Ann"),
                        "{notice}"
                    );
                }
                other => panic!("{name}, {want:?}: {}", kind(&other)),
            }
        }
        assert!(matches!(
            gate::abandon(&path, "Ann"),
            Err(GateError::AlreadyOver)
        ));
    }
    // A finished game is not abandoned, and its file is left as it was.
    let path = write(dir.path(), "finished", game(true), Seating::HotSeat);
    let before = std::fs::read(&path).expect("read");
    assert!(matches!(
        gate::abandon(&path, "Ann"),
        Err(GateError::AlreadyOver)
    ));
    assert_eq!(std::fs::read(&path).expect("read"), before);
}

#[test]
fn abandoning_takes_the_journal_into_the_save() {
    // An autosaved game: the snapshot, then a journal of the later events.
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("autosaved.ron");
    let saved = game(false);
    let loaded = kriegspiel::save::load_str(&saved.to_ron()).expect("loads");
    let mut session = kriegspiel::session::GameSession::from_loaded(loaded, Some(path.clone()));
    session.save_now();
    let before = session.game().log().events.len();
    let to_move = session.to_move();
    // Any attempt the referee answers is an event; try the pawn moves until one is taken.
    for uci in ["a2a3", "a7a6", "h2h3", "h7h6", "b2b3", "b7b6"] {
        if let Ok(attempt) = uci.parse() {
            let _ = session.apply(kriegspiel::Request::Try(attempt), std::time::Duration::ZERO);
        }
    }
    let after = session.game().log().events.len();
    assert!(after > before, "{to_move:?} made at least one attempt");
    drop(session);
    gate::abandon(&path, "").expect("abandoned");
    let loaded = kriegspiel::save::load_file(&path).expect("loads");
    assert_eq!(
        loaded.saved.log.events.len(),
        after,
        "no journalled event lost"
    );
    assert!(loaded.saved.meta.abandoned.is_some());
}

#[test]
fn an_old_save_is_seated_by_its_mode() {
    let meta = |mode| Meta {
        mode,
        ..Meta::default()
    };
    assert_eq!(meta(Mode::HotSeat).seating(), Seating::HotSeat);
    assert_eq!(meta(Mode::Protocol).seating(), Seating::HotSeat);
    assert_eq!(meta(Mode::ClubReferee).seating(), Seating::Club);
    assert!(matches!(
        meta(Mode::Network).seating(),
        Seating::Host { own: None, .. }
    ));
    let mut practice = meta(Mode::Practice);
    practice.computer = Some(kriegspiel::save::Computer {
        plays: Color::White,
        bot: kriegspiel::bots::BotKind::Strong,
        level: None,
    });
    assert_eq!(
        practice.seating(),
        Seating::Computer {
            human: Color::Black
        }
    );
    // A save written before seating was: the shipped samples read as hot-seat games, and a
    // save with a seating and an abandonment reads them back.
    let mut saved = game(false);
    saved.meta.seating = Some(Seating::Club);
    saved.meta.abandoned = Some(Abandoned {
        date: "2026-11-29".into(),
        by: "the club".into(),
    });
    let back = kriegspiel::save::load_str(&saved.to_ron()).expect("loads");
    assert_eq!(back.saved.meta.seating, Some(Seating::Club));
    assert_eq!(back.saved.meta.abandoned, saved.meta.abandoned);
    assert_eq!(sample("sample-berkeley.ron").meta.seating, None);
}

#[test]
fn a_pgn_asks_for_its_rules_and_then_opens_under_them() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("game.pgn");
    std::fs::write(
        &path,
        "[Event \"Casual\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n",
    )
    .expect("written");
    assert!(matches!(
        gate::open(&path, Want::Play, None, "how"),
        Err(GateError::NeedsRules(_))
    ));
    let rules = kriegspiel::Preset::Berkeley.rules();
    match gate::open(&path, Want::Play, Some(&rules), "how") {
        Ok(Opening::Local { loaded, own, .. }) => {
            assert_eq!(loaded.saved.log.rules, rules, "the rules chosen");
            assert_eq!(own, None, "an import is never written over its file");
        }
        other => panic!("{}", kind(&other)),
    }
    // Unfinished: not studied, whatever the rules.
    assert!(matches!(
        gate::open(&path, Want::Study, Some(&rules), "how"),
        Err(GateError::NotOver { .. })
    ));
}

#[test]
fn every_sample_is_finished_and_studied() {
    for s in kriegspiel::places::samples() {
        if s.text.contains("tsuitate:") {
            continue;
        }
        gate::sample(s.name).unwrap_or_else(|e| panic!("{}: {e}", s.name));
    }
}

/// The most "Nonsense" answers in a row a sample may hold: the strong levels seldom try a move
/// that could never be legal; the random self-play samples they replaced held up to 25.
const MOST_NONSENSE_IN_A_ROW: usize = 4;

/// Issue 55 item 5: the samples are games worth studying. Each is its recipe's game between our
/// computer levels (no random self-play, no markers), over, with its caption; every preset has
/// one; every list names them in words, never by a file's id.
#[test]
fn the_samples_are_games_between_levels_named_in_words_with_captions() {
    use kriegspiel::samples::{RECIPES, longest_nonsense_run, recipe_named};
    let bundled = kriegspiel::places::samples();
    assert_eq!(bundled.len(), RECIPES.len(), "one file per recipe");
    let mut presets = Vec::new();
    for s in &bundled {
        let recipe = recipe_named(s.name).unwrap_or_else(|| panic!("{}: no recipe", s.name));
        let saved = gate::sample(s.name)
            .unwrap_or_else(|e| panic!("{}: {e}", s.name))
            .into_saved();
        let meta = &saved.meta;
        assert!(saved.result.is_some(), "{} is not over", s.name);
        assert!(!meta.caption.is_empty(), "{}: no caption", s.name);
        assert_eq!(meta.caption, recipe.caption, "{}", s.name);
        assert_eq!(
            (meta.white.clone(), meta.black.clone()),
            (recipe.white.player_name(), recipe.black.player_name()),
            "{}",
            s.name
        );
        assert!(saved.markers.0.is_empty(), "{}: markers", s.name);
        let nonsense = longest_nonsense_run(&saved);
        assert!(
            nonsense <= MOST_NONSENSE_IN_A_ROW,
            "{}: {nonsense} Nonsense in a row",
            s.name
        );
        assert_eq!(
            saved.log.rules,
            recipe.rules().expect("rules"),
            "{}",
            s.name
        );
        presets.push(saved.log.rules.preset());
    }
    for preset in kriegspiel::Preset::ALL {
        assert!(presets.contains(&Some(preset)), "no sample of {preset}");
    }
    // Listed in words: the rules' title, never the file's id; each with its caption.
    let listed = kriegspiel::library::samples();
    assert_eq!(listed.len(), bundled.len());
    for entry in &listed {
        assert!(
            !entry.name.contains('_') && !entry.name.starts_with("sample"),
            "{} is listed by its id",
            entry.name
        );
        assert_eq!(entry.name, entry.rules);
        assert!(!entry.caption.is_empty(), "{}", entry.name);
    }
    assert_eq!(listed[0].name, "Berkeley", "in the picker's order");
}

/// No screen of the app reads a save's truth except through the gate: the loaders, the imports
/// and the resumed session are named in `src/app` only by the gate's own screen code.
#[test]
fn no_screen_opens_a_save_around_the_gate() {
    let forbidden = [
        "save::load_file",
        "save::load_str",
        "save::load_text",
        "import::open",
        "import::import_text",
        "import::import_file",
        "tsuitate::save::load",
        "GameSession::from_loaded",
        "TsuitateScreen::study",
    ];
    let app = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app");
    let mut found = Vec::new();
    let mut folders = vec![app.clone()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("the app's folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                folders.push(path);
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("a source file");
            // The gate's screen code, and the app's registry of games, which opens what the
            // gate gave for each other game.
            let allowed = path.ends_with("opening.rs") || path.ends_with("app/games.rs");
            for f in forbidden.iter().filter(|f| text.contains(*f)) {
                if !allowed || *f == "tsuitate::save::load" {
                    found.push(format!("{}: {f}", path.display()));
                }
            }
        }
    }
    assert!(found.is_empty(), "around the gate: {found:#?}");
}

/// `kriegspiel --mode study FILE` on a game in progress: status 2, the reason and how to end it
/// in words, and no window (the display is removed: a window would fail otherwise); then
/// `kriegspiel abandon FILE` ends it, and study is allowed (it gets as far as the window).
#[test]
fn the_command_line_refuses_to_study_a_game_in_progress() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = write(dir.path(), "running", game(false), Seating::HotSeat);
    let run = |args: &[&std::ffi::OsStr]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_kriegspiel"))
            .args(args)
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .env("XDG_DATA_HOME", dir.path())
            .env("XDG_CONFIG_HOME", dir.path())
            .output()
            .expect("the program runs")
    };
    let study = [path.as_os_str(), "--mode".as_ref(), "study".as_ref()];
    let out = run(&study);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("this game is not over"), "{err}");
    assert!(
        err.contains("kriegspiel abandon"),
        "says how to end it: {err}"
    );
    assert!(!err.contains("window"), "no window was tried: {err}");
    let out = run(&["abandon".as_ref(), path.as_os_str()]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = run(&["abandon".as_ref(), path.as_os_str()]);
    assert_eq!(out.status.code(), Some(2), "an abandoned game is over");
    let out = run(&study);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("window"),
        "now study opens (no display here): {err}"
    );
}

/// An abandoned game is listed as over ("abandoned"), never offered to Resume.
#[test]
fn an_abandoned_game_is_listed_as_over() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = write(dir.path(), "left", game(false), Seating::HotSeat);
    let mut list = kriegspiel::listing::RecentList::start(dir.path(), false, || {});
    list.finish(std::time::Duration::from_secs(60));
    assert!(list.unfinished().is_some(), "unfinished before");
    gate::abandon(&path, "").expect("abandoned");
    let mut list = kriegspiel::listing::RecentList::start(dir.path(), false, || {});
    list.finish(std::time::Duration::from_secs(60));
    assert!(list.unfinished().is_none(), "not offered to Resume");
    let entry = list.entries().first().expect("listed");
    assert!(entry.summary.ends_with("abandoned"), "{}", entry.summary);
}

/// `kriegspiel review` and `kriegspiel export` show what was hidden: they pass the gate too, so
/// a game in progress is refused (status 2, how to end it) and a finished one is reviewed.
#[test]
fn review_and_export_refuse_a_game_in_progress() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let running = write(dir.path(), "running", game(false), Seating::HotSeat);
    let run = |args: &[&std::ffi::OsStr]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_kriegspiel"))
            .args(args)
            .output()
            .expect("the program runs")
    };
    let out_png = dir.path().join("board.svg");
    for args in [
        vec!["review".as_ref(), running.as_os_str()],
        vec![
            "export".as_ref(),
            running.as_os_str(),
            "--out".as_ref(),
            out_png.as_os_str(),
        ],
    ] {
        let out = run(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("this game is not over"), "{err}");
        assert!(err.contains("kriegspiel abandon"), "{err}");
    }
    assert!(!out_png.exists(), "nothing was exported");
}
