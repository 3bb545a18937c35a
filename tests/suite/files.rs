//! Files and the referee protocol you can trust (issue 14): writes never go through something
//! that is not our file, bots stay inside the saves folder, reads never block or balloon, the
//! protocol's input is bounded, the autosave tells the truth, a turn's log is bounded, and bad
//! files get clear messages. Every path here is inside a temporary directory.

use kriegspiel::log::{Game, MAX_REQUESTS_PER_TURN};
use kriegspiel::protocol::{MAX_LINE, Paths, Session, run};
use kriegspiel::referee::{Request, RequestError};
use kriegspiel::save::{
    LoadError, MAX_SAVE_BYTES, load_file, load_str, peek_file, remove_stale_temporaries,
};
use kriegspiel::selfplay::random_game;
use kriegspiel::{Attempt, Preset};
use serde_json::Value;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::mpsc;
use std::time::{Duration, SystemTime};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kriegspiel-files-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(status.success(), "mkfifo {}", path.display());
}

/// Runs `f` on another thread; fails (instead of hanging) if it takes over five seconds.
fn quickly<T: Send + 'static>(what: &str, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(Duration::from_secs(5))
        .unwrap_or_else(|_| panic!("{what} did not return within five seconds"))
}

fn ask(session: &mut Session, line: &str) -> Value {
    let mut out = String::new();
    session.handle_line(line, &mut out);
    serde_json::from_str(&out).expect("one JSON object")
}

// 1. Never write through something that is not our file.

#[test]
fn saving_over_a_pipe_a_folder_or_a_link_is_refused() {
    let dir = temp_dir("targets");
    let saved = random_game(Preset::Berkeley.rules(), 1, 10);
    let fifo = dir.join("pipe.ron");
    mkfifo(&fifo);
    let folder = dir.join("folder.ron");
    std::fs::create_dir(&folder).expect("folder");
    let target = dir.join("elsewhere.txt");
    std::fs::write(&target, "not a save").expect("target");
    let link = dir.join("link.ron");
    std::os::unix::fs::symlink(&target, &link).expect("symlink");
    for path in [&fifo, &folder, &link] {
        let err = saved.write(path).expect_err("refused");
        assert!(err.to_string().contains("not a regular file"), "{err}");
    }
    // Nothing was replaced: the pipe is a pipe, the folder a folder, the link's target intact.
    use std::os::unix::fs::FileTypeExt;
    assert!(
        std::fs::symlink_metadata(&fifo)
            .expect("fifo")
            .file_type()
            .is_fifo()
    );
    assert!(folder.is_dir());
    assert!(
        std::fs::symlink_metadata(&link)
            .expect("link")
            .file_type()
            .is_symlink()
    );
    assert_eq!(
        std::fs::read_to_string(&target).expect("target"),
        "not a save"
    );
    // The protocol says so too, even when any path is allowed.
    let mut session = Session::new().with_paths(Paths::Anywhere);
    ask(&mut session, r#"{"op":"new","rules":"berkeley"}"#);
    let line = format!(
        r#"{{"op":"save","path":{}}}"#,
        Value::from(fifo.display().to_string())
    );
    let answer = ask(&mut session, &line);
    assert_eq!(answer["ok"], false, "{answer}");
}

#[test]
fn a_save_keeps_its_permissions_and_leaves_no_temporary_file() {
    let dir = temp_dir("perms");
    let path = dir.join("private.ron");
    let saved = random_game(Preset::Wild16.rules(), 2, 10);
    saved.write(&path).expect("first write");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).expect("chmod");
    saved.write(&path).expect("second write");
    let mode = std::fs::metadata(&path).expect("meta").permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    let names: Vec<String> = std::fs::read_dir(&dir)
        .expect("dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, vec!["private.ron".to_owned()]);
}

#[test]
fn stale_temporary_files_are_removed_and_nothing_else() {
    let dir = temp_dir("stale");
    let old = SystemTime::now() - Duration::from_secs(3600);
    let make = |name: &str, mtime: Option<SystemTime>| {
        let path = dir.join(name);
        let file = std::fs::File::create(&path).expect("create");
        if let Some(t) = mtime {
            file.set_modified(t).expect("mtime");
        }
        path
    };
    let stale = make(".kriegspiel-abc123.tmp", Some(old));
    let stale_old_style = make(".game.ron.4242.tmp", Some(old));
    let fresh = make(".kriegspiel-def456.tmp", None);
    let user = make("notes.tmp", Some(old));
    let save = make("game.ron", Some(old));
    assert_eq!(remove_stale_temporaries(&dir), 2);
    assert!(!stale.exists() && !stale_old_style.exists());
    assert!(fresh.exists() && user.exists() && save.exists());
}

// 2. Sandboxed paths for bots.

#[test]
fn the_protocol_saves_and_loads_only_inside_its_folder() {
    let dir = temp_dir("sandbox");
    let outside = temp_dir("sandbox-outside").join("x.ron");
    let mut session = Session::new().with_paths(Paths::Inside(dir.clone()));
    ask(&mut session, r#"{"op":"new","rules":"wild16"}"#);
    // A folder inside is used once it exists; a save never creates it.
    let answer = ask(&mut session, r#"{"op":"save","path":"club/game.ron"}"#);
    assert_eq!(answer["ok"], false, "{answer}");
    assert!(
        answer["error"]
            .as_str()
            .expect("error")
            .contains("never creates folders"),
        "{answer}"
    );
    assert!(!dir.join("club").exists());
    std::fs::create_dir(dir.join("club")).expect("a folder");
    let answer = ask(&mut session, r#"{"op":"save","path":"club/game.ron"}"#);
    assert_eq!(answer["ok"], true, "{answer}");
    assert!(dir.join("club/game.ron").is_file());
    let answer = ask(&mut session, r#"{"op":"load","path":"club/game.ron"}"#);
    assert_eq!(answer["ok"], true, "{answer}");
    for bad in [
        outside.display().to_string(),
        "../x.ron".into(),
        "a/../../x.ron".into(),
    ] {
        for op in ["save", "load"] {
            let line = format!(r#"{{"op":"{op}","path":{}}}"#, Value::from(bad.clone()));
            let answer = ask(&mut session, &line);
            assert_eq!(answer["ok"], false, "{op} {bad}: {answer}");
            assert!(
                answer["error"]
                    .as_str()
                    .expect("error")
                    .contains("--allow-any-path")
            );
        }
    }
    assert!(!outside.exists());
    // The operator can allow any path.
    let mut trusted = Session::new().with_paths(Paths::Anywhere);
    ask(&mut trusted, r#"{"op":"new","rules":"wild16"}"#);
    let line = format!(
        r#"{{"op":"save","path":{}}}"#,
        Value::from(outside.display().to_string())
    );
    assert_eq!(ask(&mut trusted, &line)["ok"], true);
    assert!(outside.is_file());
}

/// A saves folder with a link to a folder outside it, and a link to a save outside it.
struct Linked {
    _scratch: tempfile::TempDir,
    saves: PathBuf,
    outside: PathBuf,
    victim: PathBuf,
    victim_text: String,
}

fn linked() -> Linked {
    let scratch = tempfile::tempdir().expect("a temporary folder");
    let saves = scratch.path().join("saves");
    let outside = scratch.path().join("outside");
    std::fs::create_dir(&saves).expect("saves");
    std::fs::create_dir(&outside).expect("outside");
    std::os::unix::fs::symlink(&outside, saves.join("out")).expect("a folder link");
    let victim = outside.join("victim.ron");
    let victim_text = random_game(Preset::Berkeley.rules(), 3, 8).to_ron();
    std::fs::write(&victim, &victim_text).expect("a save outside");
    std::os::unix::fs::symlink(&victim, saves.join("link.ron")).expect("a file link");
    Linked {
        _scratch: scratch,
        saves,
        outside,
        victim,
        victim_text,
    }
}

#[test]
fn a_link_in_the_saves_folder_does_not_lead_out_of_it() {
    let l = linked();
    let mut session = Session::new().with_paths(Paths::Inside(l.saves.clone()));
    ask(&mut session, r#"{"op":"new","rules":"wild16"}"#);
    for (op, path, why) in [
        ("save", "out/new.ron", "through a link"),
        ("save", "out/victim.ron", "through a link"),
        ("load", "out/victim.ron", "through a link"),
        ("save", "link.ron", "is a link"),
        ("load", "link.ron", "is a link"),
        ("save", "out/../x.ron", "not a plain name"),
    ] {
        let line = format!(r#"{{"op":"{op}","path":"{path}"}}"#);
        let answer = ask(&mut session, &line);
        assert_eq!(answer["ok"], false, "{op} {path}: {answer}");
        let error = answer["error"].as_str().expect("error");
        assert!(error.contains(why), "{op} {path}: {error}");
    }
    // Nothing was written outside, and the save there is untouched.
    assert_eq!(std::fs::read_dir(&l.outside).expect("outside").count(), 1);
    assert_eq!(
        std::fs::read_to_string(&l.victim).expect("victim"),
        l.victim_text
    );
    assert!(!l.saves.join("x.ron").exists());
    // A saves folder that is itself reached through a link is fine: inside is inside.
    let via = l.saves.parent().expect("scratch").join("via");
    std::os::unix::fs::symlink(&l.saves, &via).expect("a link to the saves folder");
    let mut session = Session::new().with_paths(Paths::Inside(via));
    ask(&mut session, r#"{"op":"new","rules":"wild16"}"#);
    assert_eq!(
        ask(&mut session, r#"{"op":"save","path":"g.ron"}"#)["ok"],
        true
    );
    assert!(l.saves.join("g.ron").is_file());
    assert_eq!(
        ask(&mut session, r#"{"op":"load","path":"./g.ron"}"#)["ok"],
        true
    );
}

#[test]
fn saving_never_creates_a_folder() {
    let scratch = tempfile::tempdir().expect("a temporary folder");
    let saved = random_game(Preset::Berkeley.rules(), 4, 8);
    let path = scratch.path().join("missing/deeper/game.ron");
    let err = saved.write(&path).expect_err("no folder");
    assert_eq!(err.kind(), std::io::ErrorKind::NotFound, "{err}");
    assert!(err.to_string().contains("never creates folders"), "{err}");
    assert!(!scratch.path().join("missing").exists());
    // Even when any path is allowed.
    let mut session = Session::new().with_paths(Paths::Anywhere);
    ask(&mut session, r#"{"op":"new","rules":"berkeley"}"#);
    let line = format!(
        r#"{{"op":"save","path":{}}}"#,
        Value::from(path.display().to_string())
    );
    assert_eq!(ask(&mut session, &line)["ok"], false);
    assert!(!scratch.path().join("missing").exists());
    // An autosave whose folder is missing reports it and creates nothing.
    let mut session = Session::with_autosave(path.clone());
    let answer = ask(&mut session, r#"{"op":"new","rules":"berkeley"}"#);
    assert_eq!(answer["saved"], false, "{answer}");
    assert!(!scratch.path().join("missing").exists());
}

#[test]
fn the_autosave_journal_is_never_written_through_a_link_or_a_pipe() {
    let l = linked();
    let save = l.saves.join("auto.ron");
    std::os::unix::fs::symlink(&l.victim, l.saves.join("auto.ron.journal")).expect("link");
    let mut session = Session::with_autosave(save.clone());
    let answer = ask(&mut session, r#"{"op":"new","rules":"berkeley"}"#);
    assert_eq!(answer["saved"], false, "{answer}");
    assert_eq!(
        std::fs::read_to_string(&l.victim).expect("victim"),
        l.victim_text
    );
    // A pipe where the journal goes: refused at once, never waited on.
    let piped = l.saves.join("piped.ron");
    mkfifo(&l.saves.join("piped.ron.journal"));
    let answer = quickly("a journal on a pipe", move || {
        let mut session = Session::with_autosave(piped);
        ask(&mut session, r#"{"op":"new","rules":"berkeley"}"#)
    });
    assert_eq!(answer["saved"], false, "{answer}");
    // A journal link is not read either: a copy of a snapshot whose journal is a link to the
    // real journal loads as the snapshot alone.
    let real = l.outside.join("real.ron");
    let mut session = Session::with_autosave(real.clone());
    ask(&mut session, r#"{"op":"new","rules":"berkeley"}"#);
    assert_eq!(
        ask(&mut session, r#"{"op":"try","move":"e2e4"}"#)["ok"],
        true
    );
    let events = |path: &Path| load_file(path).expect("loads").game.log().events.len();
    assert_eq!(events(&real), 1, "the journal holds the move");
    let copy = l.saves.join("copy.ron");
    std::fs::copy(&real, &copy).expect("a copy of the snapshot");
    std::os::unix::fs::symlink(
        l.outside.join("real.ron.journal"),
        l.saves.join("copy.ron.journal"),
    )
    .expect("a journal link");
    assert_eq!(events(&copy), 0, "the linked journal was read");
}

#[test]
fn the_referee_command_takes_its_saves_folder() {
    let dir = temp_dir("saves-dir");
    let output = Command::new(env!("CARGO_BIN_EXE_kriegspiel"))
        .args(["referee", "--saves-dir"])
        .arg(&dir)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            let mut stdin = child.stdin.take().expect("stdin");
            stdin.write_all(
                b"{\"op\":\"new\",\"rules\":\"berkeley\"}\n{\"op\":\"save\",\"path\":\"g.ron\"}\n{\"op\":\"save\",\"path\":\"/g.ron\"}\n",
            )?;
            drop(stdin);
            child.wait_with_output()
        })
        .expect("the referee runs");
    let text = String::from_utf8(output.stdout).expect("utf-8");
    let answers: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(answers.len(), 3);
    assert_eq!(answers[1]["ok"], true);
    assert_eq!(answers[2]["ok"], false);
    assert!(dir.join("g.ron").is_file());
}

// 3. Never block or balloon on a read.

#[test]
fn loading_a_pipe_a_device_or_a_huge_file_is_refused_at_once() {
    let dir = temp_dir("reads");
    let fifo = dir.join("pipe.ron");
    mkfifo(&fifo);
    let f = fifo.clone();
    let err = quickly("loading a pipe", move || load_file(&f).map(|_| ()));
    assert!(matches!(err, Err(LoadError::NotAFile { .. })), "{err:?}");
    let f = fifo.clone();
    let err = quickly("listing a pipe", move || peek_file(&f).map(|_| ()));
    assert!(matches!(err, Err(LoadError::NotAFile { .. })), "{err:?}");
    // A character device, only read (never written).
    let err = quickly("loading /dev/zero", || {
        load_file(Path::new("/dev/zero")).map(|_| ())
    });
    assert!(matches!(err, Err(LoadError::NotAFile { .. })), "{err:?}");
    // The app's start screen lists the saves folder: a pipe there is skipped at once.
    {
        let d = dir.clone();
        let listed = quickly("listing a folder with a pipe", move || {
            let mut list = kriegspiel::listing::RecentList::start(&d, false, || {});
            list.finish(std::time::Duration::from_secs(60));
            list.entries().len()
        });
        assert_eq!(listed, 0);
    }
    let huge = dir.join("huge.ron");
    std::fs::File::create(&huge)
        .and_then(|f| f.set_len(MAX_SAVE_BYTES + 1))
        .expect("a sparse file");
    let h = huge.clone();
    let err = quickly("loading a huge file", move || load_file(&h).map(|_| ()));
    assert!(matches!(err, Err(LoadError::TooLarge { .. })), "{err:?}");
}

// 4. Bounded protocol input.

#[test]
fn an_overlong_line_gets_one_answer_and_the_game_goes_on() {
    let mut input = Vec::new();
    input.extend_from_slice(b"{\"op\":\"new\",\"rules\":\"berkeley\"}\n");
    input.extend_from_slice(b"{\"op\":\"try\",\"move\":\"");
    input.extend(std::iter::repeat_n(b'e', 3 * MAX_LINE));
    input.extend_from_slice(b"\"}\n{\"op\":\"try\",\"move\":\"e2e4\"}\n");
    let mut out = Vec::new();
    run(&input[..], &mut out, Session::new()).expect("runs");
    let text = String::from_utf8(out).expect("utf-8");
    let answers: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(answers.len(), 3, "{text}");
    assert_eq!(answers[1]["ok"], false);
    assert_eq!(answers[2]["ok"], true);
    assert_eq!(answers[2]["to_move"], "black");
}

#[test]
fn errors_quote_at_most_eighty_characters_of_the_input() {
    let mut session = Session::new();
    ask(&mut session, r#"{"op":"new","rules":"berkeley"}"#);
    let long = "x".repeat(10_000);
    for line in [
        format!(r#"{{"op":"try","move":"{long}"}}"#),
        format!(r#"{{"op":"{long}"}}"#),
        format!(r#"{{"op":"try","{long}":1}}"#),
        format!(r#"{{"op":"sense","square":"{long}"}}"#),
    ] {
        let answer = ask(&mut session, &line);
        assert_eq!(answer["ok"], false);
        let error = answer["error"].as_str().expect("error");
        let run = error.split(|c| c != 'x').map(str::len).max().unwrap_or(0);
        assert!(run <= 80, "quotes {run} characters: {error}");
    }
}

// 5. Autosave that tells the truth.

#[test]
fn a_failed_autosave_is_reported_and_load_autosaves() {
    let dir = temp_dir("autosave");
    let blocker = dir.join("not-a-folder");
    std::fs::write(&blocker, "a file where the autosave wants a folder").expect("file");
    let mut session = Session::with_autosave(blocker.join("game.ron"));
    let answer = ask(&mut session, r#"{"op":"new","rules":"berkeley"}"#);
    assert_eq!(answer["saved"], false, "{answer}");
    let answer = ask(&mut session, r#"{"op":"try","move":"e2e4"}"#);
    assert_eq!(answer["ok"], true);
    assert_eq!(answer["saved"], false, "{answer}");
    assert!(answer["save_error"].as_str().is_some());
    // A good autosave says nothing extra, and a loaded game is autosaved at once.
    let source = dir.join("source.ron");
    random_game(Preset::Wild16.rules(), 3, 12)
        .write(&source)
        .expect("save");
    let target = dir.join("auto.ron");
    let mut session = Session::with_autosave(target.clone()).with_paths(Paths::Anywhere);
    let line = format!(
        r#"{{"op":"load","path":{}}}"#,
        Value::from(source.display().to_string())
    );
    let answer = ask(&mut session, &line);
    assert_eq!(answer["ok"], true, "{answer}");
    assert!(answer.get("saved").is_none());
    let loaded = load_file(&target).expect("the load was autosaved");
    assert_eq!(
        loaded.saved.log,
        load_file(&source).expect("source").saved.log
    );
}

// 6. Flat cost: the journal, and a bounded turn.

#[test]
fn the_autosave_journal_holds_every_acknowledged_event() {
    let dir = temp_dir("journal");
    let path = dir.join("game.ron");
    let mut session = Session::with_autosave(path.clone());
    ask(&mut session, r#"{"op":"new","rules":"berkeley"}"#);
    let snapshot = std::fs::read_to_string(&path).expect("snapshot");
    for m in ["e2e4", "e7e5", "g1f3", "b8c6"] {
        let answer = ask(&mut session, &format!(r#"{{"op":"try","move":"{m}"}}"#));
        assert_eq!(answer["ok"], true);
    }
    // The snapshot was not rewritten for each move: the moves are in the journal.
    assert_eq!(std::fs::read_to_string(&path).expect("snapshot"), snapshot);
    let loaded = load_file(&path).expect("loads with its journal");
    assert_eq!(loaded.game.log().events.len(), 4);
    // A torn last line (a kill in the middle of an append) is ignored.
    let journal = kriegspiel::save::journal::journal_path(&path);
    let mut text = std::fs::read_to_string(&journal).expect("journal");
    text.push_str("{\"at\":4,\"event\":{\"by\":\"wh");
    std::fs::write(&journal, &text).expect("tear");
    assert_eq!(load_file(&path).expect("loads").game.log().events.len(), 4);
    // A journal of another snapshot is ignored.
    random_game(Preset::Berkeley.rules(), 9, 3)
        .write(&path)
        .expect("another game");
    let other = load_file(&path).expect("loads without the stale journal");
    assert_eq!(
        other.saved,
        load_str(&std::fs::read_to_string(&path).expect("read"))
            .expect("plain")
            .saved
    );
}

#[test]
fn a_turn_logs_a_bounded_number_of_requests() {
    let mut game = Game::standard(Preset::Berkeley.rules());
    let impossible = Request::Try(Attempt::parse("e2e5").expect("uci"));
    for _ in 0..MAX_REQUESTS_PER_TURN {
        game.apply(impossible.clone()).expect("answered and logged");
    }
    assert_eq!(
        game.apply(impossible).map(|_| ()),
        Err(RequestError::TooManyRequests(MAX_REQUESTS_PER_TURN))
    );
    assert_eq!(game.log().events.len(), MAX_REQUESTS_PER_TURN);
    // A move that ends the turn is still accepted, and the count starts again.
    let event = game
        .apply(Request::Try(Attempt::parse("e2e4").expect("uci")))
        .expect("a legal move");
    assert!(event.turn_ends);
    game.apply(Request::Try(Attempt::parse("e7e4").expect("uci")))
        .expect("Black may attempt again");
}

// 7. Clear messages for bad files.

#[test]
fn bad_files_get_clear_messages() {
    let good = random_game(Preset::Berkeley.rules(), 4, 8).to_ron();
    let dir = temp_dir("messages");
    let binary = dir.join("binary.ron");
    let mut bytes = good.clone().into_bytes();
    bytes[40] = 0xff;
    std::fs::write(&binary, &bytes).expect("write");
    assert_eq!(
        load_file(&binary).map(|_| ()),
        Err(LoadError::NotUtf8 { byte: 40 })
    );
    let text = |from: &str, to: &str| good.replacen(from, to, 1);
    let format = format!("format: {},", kriegspiel::save::FORMAT);
    assert_eq!(
        load_str(&text(&format, "format: 0,")).map(|_| ()),
        Err(LoadError::UnknownFormat(0))
    );
    assert_eq!(
        load_str(&text(&format, "format: two,")).map(|_| ()),
        Err(LoadError::BadFormat("two".into()))
    );
    // The parser's advice to programmers is not passed on.
    let deep = format!("(\n    format: 2,\n    meta: {}", "[".repeat(100_000));
    let err = load_str(&deep).expect_err("refused").to_string();
    assert!(
        err.contains("damaged") && !err.contains("ron::") && !err.contains("try "),
        "{err}"
    );
    let err = load_str(&text("open_squares: 0", "open_squares: 10")).expect_err("refused");
    assert!(err.to_string().contains("open_squares"), "{err}");
    // A recorded event whose player differs: the message names the field, with two different
    // sides.
    let mut saved = load_str(&good).expect("loads").saved;
    saved.log.events[0].by = Some(shakmaty::Color::Black);
    let err = load_str(&saved.to_ron()).expect_err("refused").to_string();
    assert!(
        err.contains("recorded player (Black)") && err.contains("(White)"),
        "{err}"
    );
}

#[test]
fn the_protocol_refuses_unknown_keys_and_bad_rule_flags() {
    let mut session = Session::new();
    let answer = ask(
        &mut session,
        r#"{"op":"new","rules":"berkeley","FEN":"8/8/8/8/8/8/8/K6k w - - 0 1"}"#,
    );
    assert_eq!(answer["ok"], false);
    assert!(
        answer["error"].as_str().expect("error").contains("'FEN'"),
        "{answer}"
    );
    let answer = ask(
        &mut session,
        r#"{"op":"new","rules":{"preset":"berkeley","open_squares":10}}"#,
    );
    assert_eq!(answer["ok"], false);
    assert!(
        answer["error"]
            .as_str()
            .expect("error")
            .contains("open_squares"),
        "{answer}"
    );
    ask(&mut session, r#"{"op":"new","rules":"berkeley"}"#);
    let answer = ask(&mut session, r#"{"op":"any","please":true}"#);
    assert_eq!(answer["ok"], false, "{answer}");
}
