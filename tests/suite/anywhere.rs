//! The program started from an empty folder with an empty home, as after `cargo install`: the
//! shipped problems are listed and solved by name, and a hosted game is autosaved in the user's
//! data folder (`$HOME/.local/share/kriegspiel/saves`), never in the folder it was started from.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_kriegspiel");

/// The program, run in `cwd` with `home` as the user's home and no XDG folders set.
fn kriegspiel(cwd: &Path, home: &Path) -> Command {
    let mut command = Command::new(BIN);
    command
        .current_dir(cwd)
        .env("HOME", home)
        .env_remove("XDG_DATA_HOME")
        .env_remove("XDG_CONFIG_HOME");
    command
}

fn empty_places() -> (tempfile::TempDir, std::path::PathBuf, std::path::PathBuf) {
    let root = tempfile::tempdir().expect("a folder");
    let (cwd, home) = (root.path().join("cwd"), root.path().join("home"));
    std::fs::create_dir_all(&cwd).expect("cwd");
    std::fs::create_dir_all(&home).expect("home");
    (root, cwd, home)
}

#[test]
fn the_shipped_problems_are_listed_and_solved_by_name_from_anywhere() {
    let (_root, cwd, home) = empty_places();
    let out = kriegspiel(&cwd, &home)
        .args(["problem", "--list"])
        .output()
        .expect("runs");
    assert!(out.status.success());
    let list = String::from_utf8(out.stdout).expect("utf-8");
    assert!(list.lines().count() >= 20, "{list}");
    assert!(list.contains("anderson-1958-no03"), "{list}");
    let out = kriegspiel(&cwd, &home)
        .args(["problem", "anderson-1958-no03", "--max-seconds", "60"])
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("Are There Any?"), "{text}");
    // Nothing was written where the program was started.
    assert_eq!(std::fs::read_dir(&cwd).expect("reads").count(), 0);
}

#[test]
fn a_hosted_game_is_autosaved_in_the_users_data_folder() {
    let (_root, cwd, home) = empty_places();
    let mut host = kriegspiel(&cwd, &home)
        .args([
            "host",
            "--seat",
            "none",
            "--port",
            "0",
            "--bind",
            "127.0.0.1",
        ])
        .stdout(Stdio::piped())
        .spawn()
        .expect("hosts");
    let mut lines = BufReader::new(host.stdout.take().expect("stdout")).lines();
    let (mut address, mut code) = (None, None);
    while address.is_none() || code.is_none() {
        let line = lines.next().expect("the host speaks").expect("reads");
        if let Some(a) = line.strip_prefix("address ") {
            address = Some(a.to_owned());
        }
        if let Some(c) = line.strip_prefix("code ") {
            code = Some(c.to_owned());
        }
    }
    let (address, code) = (address.expect("address"), code.expect("code"));
    let seats: Vec<_> = ["white", "black"]
        .into_iter()
        .map(|seat| {
            kriegspiel(&cwd, &home)
                .args(["join", &address, "--code", &code, "--seat", seat])
                .args(["--bot", "random", "--max-plies", "20"])
                .stdout(Stdio::null())
                .spawn()
                .expect("joins")
        })
        .collect();
    let deadline = Instant::now() + Duration::from_secs(120);
    for mut seat in seats {
        while seat.try_wait().expect("waits").is_none() {
            assert!(Instant::now() < deadline, "a seat never finished");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
    let _ = host.kill();
    let _ = host.wait();
    let saves = home.join(".local/share/kriegspiel/saves");
    let saved: Vec<_> = std::fs::read_dir(&saves)
        .expect("the data folder was made")
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().ends_with(".ron"))
        .collect();
    assert_eq!(saved.len(), 1, "{saved:?}");
    let loaded = kriegspiel::save::load_file(&saved[0].path()).expect("the autosave loads");
    assert!(!loaded.saved.log.events.is_empty());
    assert_eq!(std::fs::read_dir(&cwd).expect("reads").count(), 0);
}
