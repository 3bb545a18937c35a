//! Engines that misbehave at our table (`match --white 'cmd:...'`): a program that floods its
//! output, never reads its input, falls silent or exits loses its game by forfeit, the match
//! ends, and our memory stays bounded. The engines are tiny shell scripts written by each test.
#![cfg(unix)]

use kriegspiel::bots::{Bot, BotKind};
use kriegspiel::matchplay::{MatchConfig, play_game_with};
use kriegspiel::seat::engine::EngineBot;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_kriegspiel");

/// The most memory (peak resident set) `kriegspiel match` may use against a hostile engine.
const MAX_KIB: u64 = 100 * 1024;

/// Writes `script` as `name` in `dir`; the engine's command line runs it with `sh`.
fn engine(dir: &Path, name: &str, script: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, script).expect("the script is written");
    format!("cmd:sh {}", path.display())
}

/// A field of `/proc/PID/status` in KiB (`None` once the process is gone).
fn status_kib(pid: u32, field: &str) -> Option<u64> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = text.lines().find(|l| l.starts_with(field))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Plays one game of `white` against the random bot with `kriegspiel match`, watching its peak
/// memory: its game line and the highest peak seen. A harness limit (not a test of time) kills a
/// match that hangs.
fn match_against(dir: &Path, white: &str) -> (String, u64) {
    match_with(dir, &["--white", white, "--black", "random"])
}

/// [`match_against`] with the match's own arguments (`--tsuitate`, `--out-dir`).
fn match_with(dir: &Path, args: &[&str]) -> (String, u64) {
    let out: PathBuf = dir.join("out.txt");
    let mut child = Command::new(BIN)
        .arg("match")
        .args(args)
        .args(["--games", "1"])
        .stdout(std::fs::File::create(&out).expect("an output file"))
        .stderr(Stdio::null())
        .spawn()
        .expect("the match starts");
    let pid = child.id();
    let give_up = Instant::now() + Duration::from_secs(180);
    let mut peak = 0;
    let status = loop {
        if let Some(kib) = status_kib(pid, "VmHWM:") {
            peak = peak.max(kib);
        }
        if let Some(status) = child.try_wait().expect("the match is watched") {
            break status;
        }
        if Instant::now() > give_up || peak > 4 * MAX_KIB {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the match hung or grew without bound (peak {peak} KiB)");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    assert!(status.success(), "{status}");
    let text = std::fs::read_to_string(&out).expect("the output");
    let game = text
        .lines()
        .find(|l| l.starts_with("game 1"))
        .unwrap_or_else(|| panic!("a game line in {text}"))
        .to_owned();
    (game, peak)
}

/// The engine (White) lost the game by forfeit, and the match stayed within its memory.
fn assert_forfeit(game: &str, peak: u64, why: &[&str]) {
    assert!(game.contains(": 0-1 in "), "White lost: {game}");
    assert!(game.contains("(forfeit by cmd:sh "), "{game}");
    assert!(why.iter().any(|w| game.contains(w)), "{game}");
    assert!(peak > 0, "the memory was read");
    assert!(peak < MAX_KIB, "peak {peak} KiB: {game}");
}

#[test]
fn an_engine_flooding_lines_and_never_reading_forfeits() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let flood = engine(
        dir.path(),
        "flood.sh",
        "printf '{\"op\":\"hello\",\"version\":1}\\n'\nexec yes '{\"junk\":1}'\n",
    );
    let (game, peak) = match_against(dir.path(), &flood);
    assert_forfeit(
        &game,
        peak,
        &["flooded the table", "lines in a row that were no request"],
    );
}

#[test]
fn an_engine_flooding_requests_and_never_reading_forfeits() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    // Every try is answered (a heard line or an error) and none of it is read.
    let flood = engine(
        dir.path(),
        "tries.sh",
        "printf '{\"op\":\"hello\",\"version\":1}\\n'\nexec yes '{\"op\":\"try\",\"move\":\"a1a8\"}'\n",
    );
    let (game, peak) = match_against(dir.path(), &flood);
    assert_forfeit(
        &game,
        peak,
        &[
            "flooded the table",
            "does not read its input",
            "in 1000 tries",
        ],
    );
}

#[test]
fn an_engine_that_exits_at_once_forfeits() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let gone = engine(dir.path(), "gone.sh", "exit 0\n");
    let (game, peak) = match_against(dir.path(), &gone);
    assert_forfeit(&game, peak, &["the engine closed its output"]);
}

#[test]
fn an_engine_that_never_reads_nor_speaks_forfeits() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let silent = engine(dir.path(), "silent.sh", "exec sleep 600\n");
    let (game, peak) = match_against(dir.path(), &silent);
    assert_forfeit(&game, peak, &["the engine sent nothing in time"]);
}

#[test]
fn an_engine_silent_after_its_hello_forfeits_at_its_time_limit() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let command = engine(
        dir.path(),
        "mute.sh",
        "printf '{\"op\":\"hello\",\"version\":1}\\n'\nexec sleep 600\n",
    );
    let program = command.strip_prefix("cmd:").expect("a command");
    let engine = EngineBot::spawn(program)
        .expect("the engine starts")
        .with_limit(Duration::from_millis(200));
    let random = BotKind::Random.make(1).expect("the random bot");
    let bots: [Box<dyn Bot>; 2] = [Box::new(engine), random];
    let config = MatchConfig::default();
    let played = play_game_with(&config, 0, bots, [command.clone(), "random".into()])
        .expect("the game is played");
    let record = played.record;
    assert_eq!(
        record.result,
        Some(kriegspiel::announce::GameResult::BlackWins),
        "{record:?}"
    );
    assert_eq!(
        record.reason,
        format!("forfeit by {command}: the engine sent nothing in time")
    );
    assert_eq!(record.plies, 0);
}

#[test]
fn an_engine_cut_off_is_stopped_at_once() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let pid_file = dir.path().join("pid");
    let command = engine(
        dir.path(),
        "mute.sh",
        &format!(
            "echo $$ > {}\nprintf '{{\"op\":\"hello\",\"version\":1}}\\n'\nexec sleep 600\n",
            pid_file.display()
        ),
    );
    let program = command.strip_prefix("cmd:").expect("a command");
    let mut engine = EngineBot::spawn(program)
        .expect("the engine starts")
        .with_limit(Duration::from_millis(200));
    let game = kriegspiel::Game::standard(kriegspiel::Preset::Wild16.rules());
    let view = kriegspiel::PlayerView::build(game.log(), shakmaty::Color::White);
    assert_eq!(engine.next(&view), None);
    assert_eq!(
        engine.trouble().as_deref(),
        Some("the engine sent nothing in time")
    );
    // Stopped while the bot still exists (not only when it is dropped).
    let pid = std::fs::read_to_string(&pid_file).expect("the engine's pid");
    let status = format!("/proc/{}/status", pid.trim());
    let stopped = (0..1000).any(|_| {
        let state = std::fs::read_to_string(&status).unwrap_or_default();
        let alive = state
            .lines()
            .any(|l| l.starts_with("State:") && !l.contains("zombie"));
        if alive {
            std::thread::sleep(Duration::from_millis(10));
        }
        !alive
    });
    assert!(stopped, "the engine {} still runs", pid.trim());
    drop(engine);
}

/// Whether process `pid` still runs (gone, or a zombie waiting to be reaped, is not running).
fn running(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/status")).is_ok_and(|s| {
        !s.lines()
            .any(|l| l.starts_with("State:") && l.contains('Z'))
    })
}

#[test]
fn what_an_engine_starts_does_not_outlive_the_match() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let pid_file = dir.path().join("child.pid");
    // Its child keeps no pipe of ours open: the engine's output ends when the engine does.
    let script = format!(
        "sleep 300 </dev/null >/dev/null 2>&1 &\necho $! > {}\nexit 0\n",
        pid_file.display()
    );
    let parent = engine(dir.path(), "parent.sh", &script);
    let (game, peak) = match_against(dir.path(), &parent);
    assert_forfeit(&game, peak, &["the engine closed its output"]);
    let pid: u32 = std::fs::read_to_string(&pid_file)
        .expect("the engine wrote its child's number")
        .trim()
        .parse()
        .expect("a number");
    // A harness limit (not a test of time): the child is reaped soon after it is killed.
    let give_up = Instant::now() + Duration::from_secs(10);
    while running(pid) && Instant::now() < give_up {
        std::thread::sleep(Duration::from_millis(20));
    }
    let alive = running(pid);
    if alive {
        let _ = Command::new("kill").arg(pid.to_string()).status();
    }
    assert!(!alive, "the engine's child {pid} outlived the match");
}

/// Tsuitate shogi (gote, `--white`): the junk line a program sends in answer to every line.
const JUNK_ENGINE: &str = "printf '{\"op\":\"hello\",\"version\":1}\\n'
junk=$(head -c 61440 /dev/zero | tr '\\0' x)
while read -r line; do printf '%s\\n' \"$junk\"; done
";

#[test]
fn a_tsuitate_engine_answering_with_60_kb_junk_lines_is_cut_off() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let junk = engine(dir.path(), "junk.sh", JUNK_ENGINE);
    let (game, peak) = match_with(
        dir.path(),
        &["--tsuitate", "--white", &junk, "--black", "random"],
    );
    // The same program pipe as chess: cut off after MAX_BAD_LINES, its game lost by forfeit.
    assert!(game.contains("result black wins"), "{game}");
    assert!(
        game.contains("(forfeit by cmd:sh ")
            && game.contains(": the engine sent 64 lines in a row that were no request)"),
        "{game}"
    );
    assert!(peak > 0 && peak < MAX_KIB, "peak {peak} KiB: {game}");
}

#[test]
fn a_tsuitate_engine_making_only_impossible_attempts_hits_the_cap_and_forfeits() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    // Gote has no piece on 5e: every attempt is impossible (told to it alone, and logged).
    let tries = engine(
        dir.path(),
        "tries.sh",
        "printf '{\"op\":\"hello\",\"version\":1}\\n'
while read -r line; do
  case \"$line\" in *'\"type\":\"state\"'*|*'\"type\":\"error\"'*)
    printf '{\"op\":\"try\",\"move\":\"5e5f\"}\\n';;
  esac
done
",
    );
    let saves = dir.path().join("saves");
    let saves_arg = saves.display().to_string();
    let (game, peak) = match_with(
        dir.path(),
        &[
            "--tsuitate",
            "--white",
            &tries,
            "--black",
            "random",
            "--out-dir",
            &saves_arg,
        ],
    );
    assert!(
        game.contains("result black wins"),
        "not scored a draw: {game}"
    );
    assert!(
        game.contains(": no acceptable request in 1000 tries)"),
        "{game}"
    );
    assert!(peak < MAX_KIB, "peak {peak} KiB: {game}");
    // The log holds at most the per-turn cap of them.
    let save = std::fs::read_dir(&saves)
        .expect("the match wrote its save")
        .flatten()
        .next()
        .expect("one save")
        .path();
    let loaded = kriegspiel::tsuitate::save::load_file(&save).expect("the save loads");
    let by_gote = loaded
        .game
        .events()
        .iter()
        .filter(|e| e.by == shogi_core::Color::White)
        .count();
    assert_eq!(
        by_gote,
        kriegspiel::log::MAX_REQUESTS_PER_TURN + 1,
        "the capped attempts, then the resignation"
    );
}
