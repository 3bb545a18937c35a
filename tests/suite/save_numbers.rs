//! Numbers read from a save are range-checked as the command line's `host --clock` is: a time
//! control or a clock reading out of range is refused in words (an increment of 2^64-1 took
//! 1 ms off per move once resumed: the clock wrapped round).

use kriegspiel::Attempt;
use kriegspiel::clock::TimeControl;
use kriegspiel::referee::Request;
use kriegspiel::rules::Preset;
use kriegspiel::save::{LoadError, Meta, load_file};
use kriegspiel::session::GameSession;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_kriegspiel");

/// A game on `control`, its clock running, after 1.e4 e5, saved in `dir`.
fn saved(dir: &Path, control: TimeControl) -> PathBuf {
    let rules = Preset::Berkeley.rules();
    let start = kriegspiel::variant::Variant::start(&rules);
    let mut session =
        GameSession::new(rules, start, Meta::default(), Some(control), None).expect("starts");
    session.start_clock(Duration::ZERO);
    for (i, uci) in ["e2e4", "e7e5"].into_iter().enumerate() {
        let attempt = Attempt::parse(uci).expect("a move");
        let now = Duration::from_secs(i as u64 + 1);
        session.apply(Request::Try(attempt), now).expect("legal");
    }
    let path = dir.join("clock.ron");
    session.save_to(&path).expect("saves");
    path
}

#[test]
fn a_time_control_out_of_range_is_refused_in_words() {
    let dir = tempfile::tempdir().expect("a folder");
    let fine = TimeControl::minutes_plus_seconds(5, 3);
    assert!(load_file(&saved(dir.path(), fine)).is_ok());
    let wrapping = TimeControl {
        increment_ms: u64::MAX,
        ..fine
    };
    let path = saved(dir.path(), wrapping);
    let error = load_file(&path).expect_err("refused");
    assert!(matches!(error, LoadError::Clock(_)), "{error}");
    assert!(error.to_string().contains("out of range"), "{error}");
    // `host --resume` refuses it as bad input, as it refuses `--clock 5+100000`.
    let out = Command::new(BIN)
        .args([
            "host",
            "--seat",
            "none",
            "--port",
            "0",
            "--bind",
            "127.0.0.1",
        ])
        .arg("--resume")
        .arg(&path)
        .arg("--autosave")
        .arg(dir.path().join("hosted.ron"))
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("out of range"));
}

#[test]
fn a_clock_reading_beyond_what_the_game_allows_is_refused() {
    let dir = tempfile::tempdir().expect("a folder");
    let path = saved(dir.path(), TimeControl::minutes_plus_seconds(5, 3));
    let text = std::fs::read_to_string(&path).expect("reads");
    let at = text.find("white_ms:").expect("a clock reading") + "white_ms:".len();
    let end = at + text[at..].find(',').expect("its end");
    let forged = format!("{} 18446744073709551615{}", &text[..at], &text[end..]);
    std::fs::write(&path, forged).expect("writes");
    let error = load_file(&path).expect_err("refused");
    assert!(matches!(error, LoadError::Clock(_)), "{error}");
}
