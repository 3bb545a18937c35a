//! Save files: round trips, the sample games, every kind of bad file, crash safety, the protocol's
//! save/load, and the study exports (replay text, PGN) that must not leak hidden information.

use crate::common;

use common::{KRIEGSPIEL, perceive, shadow_game};
use kriegspiel::announce::{Audience, GameResult, Item};
use kriegspiel::replay::{Perspective, replay_text};
use kriegspiel::save::{
    LoadError, SavedGame, load_file, load_str, write_atomic, write_atomic_with,
};
use kriegspiel::selfplay::random_game;
use kriegspiel::{Preset, pgn};
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Position};
use std::io::{BufRead, BufReader, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn samples() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("saves");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("saves/ exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("sample-"))
        })
        .collect();
    files.sort();
    files
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kriegspiel-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

#[test]
fn save_load_save_is_byte_identical() {
    for preset in Preset::ALL {
        for seed in 0..4 {
            let saved = random_game(preset.rules(), seed, 60);
            let text = saved.to_ron();
            let loaded = load_str(&text).unwrap_or_else(|e| panic!("{preset} seed {seed}: {e}"));
            assert_eq!(loaded.saved, saved);
            assert_eq!(
                loaded.saved.to_ron(),
                text,
                "{preset} seed {seed}: second save differs"
            );
            assert_eq!(loaded.game.log(), &saved.log);
        }
    }
}

#[test]
fn every_sample_game_loads_replays_and_is_finished() {
    let files = samples();
    let mut presets = Vec::new();
    for file in &files {
        let loaded = load_file(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        assert!(
            loaded.saved.result.is_some(),
            "{} is not finished",
            file.display()
        );
        presets.push(loaded.saved.log.rules.preset());
        for p in [Perspective::White, Perspective::Black, Perspective::Referee] {
            let text = replay_text(&loaded.saved, p);
            assert!(text.lines().count() > 5, "{}: short replay", file.display());
        }
        // A sample's re-save round-trips byte for byte.
        let resaved = loaded.saved.to_ron();
        let again = load_str(&resaved).expect("the re-save loads");
        assert_eq!(again.saved, loaded.saved);
        assert_eq!(again.saved.to_ron(), resaved);
    }
    for preset in Preset::ALL {
        assert!(
            presets.contains(&Some(preset)),
            "no sample game for {preset}"
        );
    }
}

fn sample_text() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/sample-berkeley.ron"))
        .expect("sample")
}

#[test]
fn names_in_a_save_are_cleaned_as_it_loads() {
    let mut saved = random_game(Preset::Berkeley.rules(), 5, 12);
    saved.meta.white = "Ann\u{1b}[31m\u{0}\nLee".to_owned();
    saved.meta.black = format!("\u{202E}{}", "b".repeat(100));
    saved.meta.event = "Club\r\nnight".to_owned();
    saved.meta.note = "first\r\nsecond\u{1b}[2J".to_owned();
    let text = saved.to_ron();
    let meta = load_str(&text).expect("loads").saved.meta;
    assert_eq!(meta.white, "Ann [31m Lee");
    assert_eq!(meta.black, "b".repeat(40));
    assert_eq!(meta.event, "Club night");
    assert_eq!(meta.note, "first\nsecond [2J");
    // What a save holds once cleaned stays as it is: save, load, save is stable.
    let mut clean = saved.clone();
    clean.meta = meta;
    let again = load_str(&clean.to_ron()).expect("loads").saved;
    assert_eq!(again.to_ron(), clean.to_ron());
}

#[test]
fn the_computers_level_round_trips_and_older_saves_have_none() {
    use kriegspiel::bots::{BotKind, level::Level};
    use kriegspiel::save::Computer;
    for level in Level::ALL {
        let mut saved = random_game(Preset::Wild16.rules(), 3, 8);
        saved.meta.computer = Some(Computer::at_level(Color::Black, level));
        let text = saved.to_ron();
        assert!(
            text.contains(&format!("level: Some({})", level.id())),
            "{text}"
        );
        let computer = load_str(&text).expect("loads").saved.meta.computer;
        assert_eq!(computer.and_then(|c| c.level), Some(level));
        assert_eq!(computer.map(|c| c.bot), Some(level.spec().bot));
    }
    // A save from before levels names only its bot: it reads, with no level.
    let mut saved = random_game(Preset::Wild16.rules(), 3, 8);
    saved.meta.computer = Some(Computer {
        plays: Color::White,
        bot: BotKind::Heuristic,
        level: None,
    });
    let text = saved.to_ron();
    assert!(!text.contains("level"), "{text}");
    let computer = load_str(&text).expect("loads").saved.meta.computer;
    assert_eq!(
        computer.map(|c| (c.bot, c.level)),
        Some((BotKind::Heuristic, None))
    );
    // A level this version does not know is named, never replaced.
    saved.meta.computer = Some(Computer::at_level(Color::White, Level::Club));
    let text = saved.to_ron().replace("Some(club)", "Some(grandmaster)");
    match load_str(&text) {
        Err(LoadError::UnknownName { what, found, .. }) => {
            assert_eq!((what.as_str(), found.as_str()), ("level", "grandmaster"));
        }
        other => panic!("expected an unknown level, got {:?}", other.map(|_| ())),
    }
}

#[test]
fn a_wrong_recorded_answer_names_its_event() {
    let mut saved = load_str(&sample_text()).expect("loads").saved;
    // Find an attempt answered "illegal" and record it as "impossible" instead.
    let k = saved
        .log
        .events
        .iter()
        .position(|e| e.said.iter().any(|s| s.item == Item::Illegal))
        .expect("some refused attempt");
    for s in &mut saved.log.events[k].said {
        s.item = Item::Impossible;
        s.to = Audience::Only(Color::White);
    }
    let err = load_str(&saved.to_ron()).expect_err("must be refused");
    assert!(
        matches!(err, LoadError::Replay(kriegspiel::log::ReplayError::Mismatch { number, .. }) if number == k + 1)
    );
    assert!(
        err.to_string().contains(&format!("event {}", k + 1)),
        "{err}"
    );
}

#[test]
fn truncated_files_give_one_positioned_error() {
    let text = sample_text();
    let mut cut = 1;
    while cut < text.len() {
        let err = load_str(&text[..cut]).expect_err("a truncated save never loads");
        match err {
            LoadError::Syntax { line, column, .. } => {
                assert!(line >= 1 && line <= text[..cut].lines().count() + 1 && column >= 1);
            }
            LoadError::NotASave => assert!(
                cut < 40,
                "only a cut before the format field is 'not a save'"
            ),
            other => panic!("cut at {cut}: unexpected {other}"),
        }
        cut += 997;
    }
}

#[test]
fn corrupted_files_are_refused_without_panicking() {
    let text = sample_text();
    let mut rng = kriegspiel::bench::Rng::new(7);
    let mut refused = 0;
    for _ in 0..300 {
        let mut bytes = text.clone().into_bytes();
        for _ in 0..3 {
            let i = rng.below(bytes.len());
            bytes[i] = b"(),:[]\"x0 9"[rng.below(11)];
        }
        let Ok(corrupt) = String::from_utf8(bytes) else {
            continue;
        };
        if load_str(&corrupt).is_err() {
            refused += 1;
        }
    }
    assert!(refused > 250, "only {refused} of 300 corruptions noticed");
}

#[test]
fn newer_formats_and_non_saves_are_named() {
    let text = sample_text().replacen("format: 2,", "format: 3,", 1);
    assert_eq!(
        load_str(&text).unwrap_err(),
        LoadError::NewerFormat {
            found: 3,
            supported: 2
        }
    );
    for not_a_save in [
        "",
        "hello",
        "{\"format\": 1}",
        "[Event \"x\"]\n1. e4 *",
        "(fen: \"8/8\")",
    ] {
        assert_eq!(
            load_str(not_a_save).unwrap_err(),
            LoadError::NotASave,
            "{not_a_save}"
        );
    }
    let dir = temp_dir("notasave");
    let png = dir.join("image.ron");
    std::fs::write(&png, b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR").expect("write");
    assert_eq!(load_file(&png).unwrap_err(), LoadError::NotUtf8 { byte: 0 });
    assert!(matches!(
        load_file(&dir.join("missing.ron")),
        Err(LoadError::Io { .. })
    ));
}

#[test]
fn a_wrong_result_is_refused() {
    let mut saved = load_str(&sample_text()).expect("loads").saved;
    let mut over = saved.result.expect("finished");
    over.result = if over.result == GameResult::WhiteWins {
        GameResult::BlackWins
    } else {
        GameResult::WhiteWins
    };
    saved.result = Some(over);
    assert!(matches!(
        load_str(&saved.to_ron()),
        Err(LoadError::Result { .. })
    ));
}

#[test]
fn format_1_files_keep_loading() {
    // Written by format 1; later versions must keep reading it.
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/save-format-1.ron");
    let text = std::fs::read_to_string(&path).expect("readable");
    assert!(text.contains("format: 1,"));
    let loaded = load_file(&path).expect("format 1 loads");
    assert_eq!(loaded.saved.format, kriegspiel::save::FORMAT);
    assert!(!loaded.game.log().events.is_empty());
    // Saved again, it is written in today's format and reads back the same.
    let resaved = loaded.saved.to_ron();
    assert!(resaved.contains(&format!("format: {},", kriegspiel::save::FORMAT)));
    assert!(resaved.contains("(op: \"move\", move: \"b1c3\")"));
    assert_eq!(load_str(&resaved).expect("loads").saved, loaded.saved);
}

#[test]
fn an_interrupted_write_leaves_the_old_save() {
    let dir = temp_dir("atomic");
    let path = dir.join("game.ron");
    let old = random_game(Preset::Wild16.rules(), 1, 20);
    old.write(&path).expect("first write");
    let new = random_game(Preset::Wild16.rules(), 2, 40).to_ron();
    // The power fails halfway through writing the new contents.
    let result = write_atomic_with(&path, new.as_bytes(), |file, bytes| {
        file.write_all(&bytes[..bytes.len() / 2])?;
        Err(std::io::Error::other("power cut"))
    });
    assert!(result.is_err());
    assert_eq!(load_file(&path).expect("old save still loads").saved, old);
    let leftovers: Vec<_> = std::fs::read_dir(&dir).expect("dir").collect();
    assert_eq!(leftovers.len(), 1, "the temporary file is cleaned up");
    // A crash (panic) in the middle of writing: the old file is still whole.
    let crash = std::panic::catch_unwind(|| {
        let _ = write_atomic_with(&path, new.as_bytes(), |file, bytes| {
            file.write_all(&bytes[..100]).expect("partial");
            panic!("crash while writing");
        });
    });
    assert!(crash.is_err());
    assert_eq!(
        load_file(&path).expect("old save survives a crash").saved,
        old
    );
    write_atomic(&path, new.as_bytes()).expect("a good write");
    assert_eq!(std::fs::read_to_string(&path).expect("read"), new);
}

/// Kills an autosaving referee at random moments; the save on disk must always load and hold
/// every move the referee had acknowledged.
#[test]
fn killing_the_referee_at_any_moment_leaves_a_loadable_save() {
    let dir = temp_dir("kill");
    let recorded = kriegspiel::bench::record_games(3000, 11);
    let mut lines = Vec::new();
    for game in recorded
        .iter()
        .filter(|g| g.rules.preset() == Some(Preset::Wild16))
        .take(1)
    {
        lines.push("{\"op\":\"new\",\"rules\":\"wild16\"}".to_owned());
        for r in &game.requests {
            if let kriegspiel::Request::Try(a) = r {
                lines.push(format!("{{\"op\":\"try\",\"move\":\"{a}\"}}"));
            }
        }
    }
    assert!(lines.len() > 50);
    let mut rng = kriegspiel::bench::Rng::new(3);
    for round in 0..12 {
        let path = dir.join(format!("autosave-{round}.ron"));
        let mut child = Command::new(env!("CARGO_BIN_EXE_kriegspiel"))
            .args(["referee", "--autosave"])
            .arg(&path)
            .env("HOME", &dir)
            .env_remove("XDG_DATA_HOME")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start the referee");
        let mut stdin = child.stdin.take().expect("stdin");
        let payload: String = lines.iter().map(|l| format!("{l}\n")).collect();
        std::thread::spawn(move || {
            let _ = stdin.write_all(payload.as_bytes());
            // keep stdin open until killed
            std::thread::sleep(std::time::Duration::from_secs(30));
        });
        let mut reader = BufReader::new(child.stdout.take().expect("stdout"));
        let stop_after = 5 + rng.below(lines.len() - 10);
        let mut acknowledged = 0;
        let mut line = String::new();
        while acknowledged < stop_after {
            line.clear();
            if reader.read_line(&mut line).expect("response") == 0 {
                break;
            }
            acknowledged += 1;
        }
        child.kill().expect("kill -9");
        let _ = child.wait();
        let loaded = load_file(&path).expect("the autosave loads after kill -9");
        // every acknowledged request except `new` is an event in the save
        assert!(
            loaded.game.log().events.len() + 1 >= acknowledged,
            "round {round}: {} events saved, {acknowledged} acknowledged",
            loaded.game.log().events.len()
        );
    }
}

fn ask(child_in: &mut impl Write, reader: &mut impl BufRead, line: &str) -> serde_json::Value {
    writeln!(child_in, "{line}").expect("send");
    child_in.flush().expect("flush");
    let mut response = String::new();
    reader.read_line(&mut response).expect("response");
    serde_json::from_str(&response).expect("JSON")
}

#[test]
fn protocol_save_and_load_resume_the_game() {
    let dir = temp_dir("protocol");
    let path = dir.join("p.ron");
    let mut child = Command::new(env!("CARGO_BIN_EXE_kriegspiel"))
        .args(["referee", "--allow-any-path"])
        .env("HOME", &dir)
        .env_remove("XDG_DATA_HOME")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("referee");
    let mut input = child.stdin.take().expect("stdin");
    let mut output = BufReader::new(child.stdout.take().expect("stdout"));
    ask(
        &mut input,
        &mut output,
        "{\"op\":\"new\",\"rules\":\"berkeley\"}",
    );
    ask(
        &mut input,
        &mut output,
        "{\"op\":\"try\",\"move\":\"e2e4\"}",
    );
    let saved = ask(
        &mut input,
        &mut output,
        &format!(
            "{{\"op\":\"save\",\"path\":{:?}}}",
            path.display().to_string()
        ),
    );
    assert_eq!(saved["ok"], true);
    ask(
        &mut input,
        &mut output,
        "{\"op\":\"new\",\"rules\":\"wild16\"}",
    );
    let loaded = ask(
        &mut input,
        &mut output,
        &format!(
            "{{\"op\":\"load\",\"path\":{:?}}}",
            path.display().to_string()
        ),
    );
    assert_eq!(loaded["ok"], true);
    assert_eq!(loaded["to_move"], "black");
    let next = ask(
        &mut input,
        &mut output,
        "{\"op\":\"try\",\"move\":\"e7e5\"}",
    );
    assert_eq!(
        next["heard"]["white"][0]["kind"], "legal",
        "the loaded game goes on"
    );
    let bad = ask(
        &mut input,
        &mut output,
        "{\"op\":\"load\",\"path\":\"/no/such/file.ron\"}",
    );
    assert_eq!(bad["ok"], false);
    assert!(
        bad["error"]
            .as_str()
            .is_some_and(|e| e.contains("cannot read"))
    );
    let state = ask(&mut input, &mut output, "{\"op\":\"state\"}");
    assert_eq!(
        state["to_move"], "white",
        "a failed load leaves the game unchanged"
    );
    let bad = ask(
        &mut input,
        &mut output,
        "{\"op\":\"save\",\"path\":\"/proc/forbidden/x.ron\"}",
    );
    assert_eq!(bad["ok"], false);
    drop(input);
    let _ = child.wait();
}

/// White's replay text and filtered PGN are the same for any two true games White perceived
/// identically: they contain nothing only Black or the referee knew.
#[test]
fn player_replays_and_pgns_show_only_what_the_player_knew() {
    let mut compared = 0;
    for preset in KRIEGSPIEL.into_iter().chain([Preset::Rbc]) {
        for seed in 0..6u64 {
            let first = random_game(preset.rules(), seed, 40);
            for watcher in [Color::White, Color::Black] {
                let second_game = shadow_game(&first.log, watcher, seed + 99);
                let p1 = perceive(&first.log, watcher);
                let p2 = perceive(second_game.log(), watcher);
                let common = p1.iter().zip(&p2).take_while(|(a, b)| a.1 == b.1).count();
                if common == 0 {
                    continue;
                }
                let cut = |log: &kriegspiel::log::GameLog, n: usize| {
                    let mut log = log.clone();
                    log.events.truncate(n);
                    let game = log.replay().expect("prefix replays");
                    SavedGame::of(&game, first.meta.clone(), first.time_control)
                };
                let a = cut(&first.log, p1[common - 1].0 + 1);
                let b = cut(second_game.log(), p2[common - 1].0 + 1);
                if a.result.is_some() || b.result.is_some() {
                    continue; // compare unfinished games only
                }
                let p = Perspective::of(watcher);
                assert_eq!(
                    replay_text(&a, p),
                    replay_text(&b, p),
                    "{preset} seed {seed}"
                );
                assert_eq!(
                    pgn::player_pgn(&a, watcher),
                    pgn::player_pgn(&b, watcher),
                    "{preset} seed {seed}"
                );
                compared += 1;
            }
        }
    }
    assert!(compared > 40, "{compared}");
}

struct FinalPosition;

impl pgn_reader::Visitor for FinalPosition {
    type Tags = Option<Chess>;
    type Movetext = (Chess, usize);
    type Output = Result<(Chess, usize), String>;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(None)
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: pgn_reader::RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        if name == b"FEN" {
            let pos = shakmaty::fen::Fen::from_ascii(value.as_bytes())
                .ok()
                .and_then(|f| f.into_position(CastlingMode::Standard).ok());
            match pos {
                Some(pos) => *tags = Some(pos),
                None => return ControlFlow::Break(Err("bad FEN tag".into())),
            }
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue((tags.unwrap_or_default(), 0))
    }

    fn san(
        &mut self,
        movetext: &mut Self::Movetext,
        san_plus: pgn_reader::SanPlus,
    ) -> ControlFlow<Self::Output> {
        match san_plus.san.to_move(&movetext.0) {
            Ok(m) => {
                movetext.0.play_unchecked(m);
                movetext.1 += 1;
                ControlFlow::Continue(())
            }
            Err(e) => ControlFlow::Break(Err(format!("{san_plus}: {e}"))),
        }
    }

    fn end_game(&mut self, movetext: Self::Movetext) -> Self::Output {
        Ok(movetext)
    }
}

#[test]
fn the_referee_pgn_loads_in_a_standard_pgn_reader() {
    for file in samples() {
        let loaded = load_file(&file).expect("sample loads");
        // A standard chess reader: Crazyhouse Kriegspiel's PGN is for crazyhouse readers.
        if loaded.saved.log.rules.family != kriegspiel::rules::Family::Kriegspiel
            || loaded.saved.log.rules.drops
        {
            continue;
        }
        let text = pgn::referee_pgn(&loaded.saved);
        let mut reader = pgn_reader::Reader::new(std::io::Cursor::new(text.as_bytes()));
        let (pos, moves) = reader
            .read_game(&mut FinalPosition)
            .expect("readable")
            .expect("one game")
            .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let truth = loaded.game.referee().fen();
        assert_eq!(
            shakmaty::fen::Fen::from_position(&pos, EnPassantMode::Legal).to_string(),
            truth
        );
        assert!(moves > 10);
        let timed = loaded.saved.time_control.is_some();
        assert_eq!(text.contains("[%clk "), timed, "clock times");
        assert!(text.contains("[KriegspielRules "), "rule set tag");
        let result = loaded.saved.result.expect("finished").result.pgn();
        assert!(text.trim_end().ends_with(result));
    }
}
