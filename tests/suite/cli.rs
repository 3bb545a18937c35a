//! The command line's one vocabulary: `--seat` and `--max-plies` everywhere (the older names
//! still accepted), `--out` a file and `--out-dir` a folder, rule sets and bots listed by
//! `--help` from their registries, the same exit status for the same failure in every
//! subcommand, and the bot registry's ids in saves.

use kriegspiel::bots::{BotError, BotKind};
use kriegspiel::rules::Preset;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_kriegspiel");

fn run(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .output()
        .expect("the command runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A fresh folder of this test process under the system's temporary folder.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kriegspiel-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

fn text(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 temporary path")
}

/// A finished random game saved with `selfplay --out FILE --max-plies`.
fn sample_game(dir: &Path) -> PathBuf {
    let file = dir.join("sample.ron");
    let out = run(&[
        "selfplay",
        "--rules",
        "berkeley",
        "--max-plies",
        "300",
        "--out",
        text(&file),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(file.is_file(), "--out is the file written");
    file
}

#[test]
fn help_lists_every_rule_set_and_bot_from_the_registries() {
    let top = run(&["--help"]);
    assert!(top.status.success());
    let help = stdout(&top);
    for preset in Preset::ALL {
        assert!(help.contains(preset.id()), "{preset} missing from --help");
    }
    assert!(
        help.contains("Exit status") && help.contains("2  bad input"),
        "{help}"
    );
    for command in ["match", "host", "join"] {
        let help = stdout(&run(&[command, "--help"]));
        for kind in BotKind::named() {
            assert!(
                help.contains(kind.id()),
                "{} missing from {command} --help",
                kind.id()
            );
        }
        assert!(help.contains("cmd:PROGRAM"), "{command} --help");
        assert!(
            !help.contains("- engine"),
            "an engine is named by its command"
        );
    }
    let engine = stdout(&run(&["engine", "--help"]));
    assert!(
        BotKind::named().all(|k| engine.contains(k.id())),
        "{engine}"
    );
    for command in ["selfplay", "match", "endgame", "krk", "host"] {
        let help = stdout(&run(&[command, "--help"]));
        assert!(
            Preset::ALL.iter().all(|p| help.contains(p.id())),
            "{command} --help lists every preset"
        );
    }
}

#[test]
fn the_bot_registry_has_one_id_per_bot_in_saves_and_on_the_command_line() {
    for kind in BotKind::ALL {
        assert_eq!(ron::to_string(&kind).expect("serialises"), kind.id());
        let back: BotKind = ron::from_str(kind.id()).expect("reads back");
        assert_eq!(back, kind);
    }
    for kind in BotKind::named() {
        let value = clap::ValueEnum::to_possible_value(&kind).expect("listed");
        assert_eq!(value.get_name(), kind.id());
        assert_eq!(BotKind::from_id(kind.id()), Ok(kind));
        assert!(kind.make(1).is_ok(), "{}", kind.id());
    }
    assert_eq!(BotKind::from_id("krk"), Ok(BotKind::KrkPractice));
    assert_eq!(BotKind::from_id("engine"), Err(BotError::NeedsCommand));
    assert_eq!(BotKind::Engine.make(1).err(), Some(BotError::NeedsCommand));
    assert!(!BotKind::named().any(|k| k == BotKind::Engine));
}

/// A save naming the computer's bot, with `bot` as the bot's id.
fn save_with_bot(bot: &str) -> String {
    use kriegspiel::save::{Computer, Meta, Mode, SavedGame};
    let game = kriegspiel::Game::standard(Preset::Wild16.rules());
    let meta = Meta {
        mode: Mode::Practice,
        computer: Some(Computer {
            plays: shakmaty::Color::Black,
            bot: BotKind::Strong,
            level: None,
        }),
        ..Meta::default()
    };
    let text = SavedGame::of(&game, meta, None).to_ron();
    assert!(text.contains("bot: strong"), "{text}");
    text.replace("bot: strong", &format!("bot: {bot}"))
}

#[test]
fn an_unknown_bot_in_a_save_is_a_clear_error() {
    let good = kriegspiel::save::load_str(&save_with_bot("heuristic")).expect("loads");
    let computer = good.saved.meta.computer.expect("a computer");
    assert_eq!(computer.bot, BotKind::Heuristic);
    let save = save_with_bot("no_such_bot");
    let err = kriegspiel::save::load_str(&save).expect_err("never a silent substitute");
    let message = err.to_string();
    assert!(
        message.contains("unknown bot 'no_such_bot'") && message.contains("strong"),
        "{message}"
    );
    assert!(
        matches!(&err, kriegspiel::save::LoadError::UnknownName { found, .. } if found == "no_such_bot")
    );
    let dir = scratch("bad-bot");
    let file = dir.join("bad-bot.ron");
    std::fs::write(&file, save).expect("write");
    let out = run(&["replay", text(&file)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("no_such_bot"), "{}", stderr(&out));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn seat_is_the_option_of_replay_and_pgn_and_as_still_works() {
    let dir = scratch("seat");
    let file = sample_game(&dir);
    let file = text(&file);
    for command in ["replay", "pgn"] {
        for seat in ["white", "black"] {
            let new = run(&[command, file, "--seat", seat]);
            let old = run(&[command, file, "--as", seat]);
            assert!(
                new.status.success(),
                "{command} --seat {seat}: {}",
                stderr(&new)
            );
            assert_eq!(stdout(&new), stdout(&old), "{command}: --as is --seat");
        }
        let white = stdout(&run(&[command, file, "--seat", "white"]));
        let referee = stdout(&run(&[command, file, "--seat", "referee"]));
        assert_ne!(white, referee, "{command}: the seat matters");
        assert_eq!(
            run(&[command, file, "--seat", "red"]).status.code(),
            Some(2)
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn max_plies_caps_selfplay_match_endgame_and_krk() {
    let dir = scratch("plies");
    let (a, b) = (dir.join("a.ron"), dir.join("b.ron"));
    let first = run(&["selfplay", "--max-plies", "300", "--out", text(&a)]);
    let older = run(&["selfplay", "--max-moves", "300", "--out", text(&b)]);
    assert!(first.status.success() && older.status.success());
    let tail = |o: &Output| stdout(o).split_once(": ").map(|(_, t)| t.to_owned());
    assert_eq!(
        tail(&first),
        tail(&older),
        "--max-moves is --max-plies for selfplay"
    );

    let game = run(&[
        "match", "--white", "random", "--black", "krk", "--games", "1",
    ]);
    assert!(
        game.status.success(),
        "krk is still a bot name: {}",
        stderr(&game)
    );
    let capped = run(&[
        "match",
        "--white",
        "random",
        "--black",
        "random",
        "--games",
        "1",
        "--max-plies",
        "5",
    ]);
    let line = stdout(&capped);
    assert!(line.contains(" in 5 plies (ply limit)"), "{line}");

    let trial = |cap: &[&str]| {
        let mut args = vec!["endgame", "--pieces", "Q", "--trials", "2"];
        args.extend_from_slice(cap);
        let out = run(&args);
        assert!(out.status.success(), "{}", stderr(&out));
        let line = stdout(&out);
        line.rsplit_once("; ")
            .map(|(l, _)| l.to_owned())
            .unwrap_or(line)
    };
    let plies = trial(&["--max-plies", "6"]);
    assert!(plies.ends_with("unfinished after 3 moves"), "{plies}");
    assert_eq!(plies, trial(&["--max-moves", "3"]), "one move is two plies");
    let both = run(&["endgame", "--max-plies", "6", "--max-moves", "3"]);
    assert_eq!(both.status.code(), Some(2));

    // From given squares: the line names them, and the trials are played from there.
    let edge = run(&[
        "endgame",
        "--pieces",
        "BB",
        "--at",
        "b4,b3,c3",
        "--trials",
        "2",
        "--max-plies",
        "2",
    ]);
    assert!(edge.status.success(), "{}", stderr(&edge));
    assert!(
        stdout(&edge).starts_with("K+BB from b4,b3,c3 vs K (2 trials"),
        "{}",
        stdout(&edge)
    );

    let krk = run(&["krk", "--positions", "2", "--max-plies", "4"]);
    assert!(krk.status.success(), "{}", stderr(&krk));
    assert!(stdout(&krk).contains("2 cut-offs"), "{}", stdout(&krk));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn match_saves_in_out_dir_and_out_is_never_a_folder() {
    let dir = scratch("out-dir");
    let games = dir.join("games");
    let base = [
        "match", "--white", "random", "--black", "random", "--games", "1",
    ];
    let mut args = base.to_vec();
    args.extend(["--max-plies", "4", "--out-dir", text(&games)]);
    let out = run(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(games.join("match-1-0.ron").is_file());
    let mut old = base.to_vec();
    old.extend(["--out", text(&games)]);
    let refused = run(&old);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        stderr(&refused).contains("--out-dir"),
        "{}",
        stderr(&refused)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_input_exits_2_in_every_subcommand() {
    let missing = "/no/such/folder/game.ron";
    let cases: [&[&str]; 21] = [
        &["match", "--white", "nosuch", "--black", "random"],
        &["match", "--white", "engine", "--black", "random"],
        &[
            "match",
            "--white",
            "cmd:/no/such/program",
            "--black",
            "random",
        ],
        &["host", "--bot", "nosuch"],
        &["join", "127.0.0.1:1", "--bot", "nosuch"],
        &["join", "nowhere", "--bot", "random"],
        &["engine", "--bot", "nosuch"],
        &["selfplay", "--rules", "nosuch", "--out", "x.ron"],
        &["endgame", "--rules", "nosuch"],
        &["krk", "--rules", "rbc", "--positions", "1"],
        &["host", "--rules", "nosuch"],
        &["replay", missing],
        &["pgn", missing],
        &["scoresheet", missing],
        &["problem", missing],
        &["host", "--seat", "none", "--resume", missing],
        &["host", "--seat", "none", "--clock", "soon"],
        &["endgame", "--pieces", "QX"],
        &["endgame", "--pieces", "BB", "--at", "b4,b3"],
        &["endgame", "--pieces", "BB", "--at", "b4,b3,z9"],
        &["endgame", "--pieces", "BB", "--at", "b4,b3,b3"],
    ];
    for args in cases {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(!stderr(&out).is_empty(), "{args:?} says why");
    }
    let flags = run(&["selfplay", "--flags", "{", "--out", "x.ron"]);
    assert_eq!(flags.status.code(), Some(2), "{}", stderr(&flags));
}

/// A `kriegspiel host` process on a free loopback port autosaving to `save`, with `args`
/// added; its output after the address and code, and the address and code.
struct Hosting {
    child: std::process::Child,
    lines: std::io::Lines<BufReader<std::process::ChildStdout>>,
    addr: String,
    code: String,
}

fn spawn_host(save: &Path, args: &[&str]) -> Hosting {
    let mut child = Command::new(BIN)
        .args(["host", "--port", "0", "--bind", "127.0.0.1"])
        .args(args)
        .args(["--autosave", text(save)])
        .stdout(Stdio::piped())
        .spawn()
        .expect("the host starts");
    let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
    let (mut addr, mut code) = (None, None);
    while addr.is_none() || code.is_none() {
        let line = lines.next().expect("the host prints").expect("reads");
        if let Some(a) = line.strip_prefix("address ") {
            addr = Some(a.trim().to_owned());
        }
        if let Some(c) = line.strip_prefix("code ") {
            code = Some(c.trim().to_owned());
        }
    }
    Hosting {
        child,
        lines,
        addr: addr.unwrap_or_default(),
        code: code.unwrap_or_default(),
    }
}

impl Hosting {
    /// A `join --bot random` seat with the code, `args` added.
    fn join(&self, seat: &str, args: &[&str]) -> std::process::Child {
        Command::new(BIN)
            .args(["join", &self.addr, "--code", &self.code, "--seat", seat])
            .args(["--bot", "random"])
            .args(args)
            .stdout(Stdio::piped())
            .spawn()
            .expect("join starts")
    }

    /// Waits for the host to end (successfully) and returns what it printed meanwhile.
    fn finish(mut self) -> Vec<String> {
        let rest: Vec<String> = self.lines.by_ref().map_while(Result::ok).collect();
        assert!(
            self.child.wait().expect("the host ends").success(),
            "{rest:?}"
        );
        rest
    }
}

/// Waits for a seat process; it must succeed. Returns its output.
fn seat_output(seat: &str, child: std::process::Child) -> String {
    let out = child.wait_with_output().expect("the seat ends");
    assert!(out.status.success(), "{seat}: {}", stderr(&out));
    stdout(&out)
}

/// `host --seat none` serves; two `join --seat ... --bot` seats play until one hits its cap.
#[test]
fn host_and_join_take_their_seat_with_seat() {
    let dir = scratch("host");
    let save = dir.join("hosted.ron");
    let host = spawn_host(&save, &["--seat", "none", "--rules", "wild16"]);
    let white = host.join("white", &["--max-plies", "6"]);
    let black = host.join("black", &["--max-moves", "10"]);
    for (seat, child) in [("white", white), ("black", black)] {
        let out = seat_output(seat, child);
        assert!(out.starts_with(&format!("seat {seat} token ")), "{out}");
    }
    host.finish();
    let loaded = kriegspiel::save::load_file(&save).expect("the host's save");
    let events = &loaded.saved.log.events;
    let (last, before) = events.split_last().expect("events");
    let plies = before.iter().filter(|e| e.turn_ends).count();
    assert_eq!(
        last.request,
        kriegspiel::Request::Resign(shakmaty::Color::White)
    );
    assert_eq!(plies, 6, "White resigned once 6 plies were played");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `host --rules` takes a handicap preset: the host's own bot plays the sighted side of
/// One-eye, a joining bot the blind side, to the end.
#[test]
fn a_host_serves_a_handicap_preset_to_its_end() {
    let dir = scratch("host-one-eye");
    let save = dir.join("hosted.ron");
    let host = spawn_host(
        &save,
        &["--rules", "one_eye", "--seat", "white", "--bot", "random"],
    );
    let black = seat_output("black", host.join("black", &["--max-plies", "40"]));
    assert!(black.contains("\nresult "), "{black}");
    let printed = host.finish();
    assert!(
        printed.iter().any(|l| l.starts_with("result ")),
        "{printed:?}"
    );
    let saved = kriegspiel::save::load_file(&save)
        .expect("the host's save")
        .saved;
    assert_eq!(saved.log.rules, Preset::OneEye.rules());
    assert!(saved.result.is_some(), "the game was played to its end");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `host --rules FILE` takes a rules file (a preset with flags changed, as the referee protocol
/// writes rules): rules no preset has are played to the end by two joining bots; a file that
/// names no rules is bad input.
#[test]
fn a_host_serves_the_rules_of_a_rules_file_to_their_end() {
    use kriegspiel::rules::{PromotionRule, Sighted, Wing};
    let dir = scratch("host-rules-file");
    let (save, file) = (dir.join("hosted.ron"), dir.join("rules.json"));
    let flags = r#"{"preset":"one_eye","sighted":"black","bishop":"c","promotion":"queen_only"}"#;
    std::fs::write(&file, flags).expect("the rules file");
    let mut wanted = Preset::OneEye.rules();
    wanted.sighted = Sighted::Black;
    wanted.bishop = Some(Wing::C);
    wanted.promotion = PromotionRule::QueenOnly;
    assert_eq!(wanted.preset(), None, "rules of no preset");
    let host = spawn_host(&save, &["--rules", text(&file), "--seat", "none"]);
    let white = host.join("white", &["--max-plies", "40"]);
    let black = host.join("black", &["--max-plies", "60"]);
    for (seat, child) in [("white", white), ("black", black)] {
        let out = seat_output(seat, child);
        assert!(out.contains("\nresult "), "{seat}: {out}");
    }
    host.finish();
    let saved = kriegspiel::save::load_file(&save)
        .expect("the host's save")
        .saved;
    assert_eq!(saved.log.rules, wanted);
    assert!(saved.result.is_some(), "the game was played to its end");
    for bad in [
        "{",
        r#"{"preset":"one_eye","sighted":"purple"}"#,
        r#"{"preset":"one_eye","no_such_flag":true}"#,
        r#"{"sighted":"black"}"#,
    ] {
        std::fs::write(&file, bad).expect("the rules file");
        let out = run(&["host", "--seat", "none", "--rules", text(&file)]);
        assert_eq!(out.status.code(), Some(2), "{bad}: {}", stderr(&out));
        assert!(stderr(&out).contains("rules file"), "{}", stderr(&out));
    }
    let help = stdout(&run(&["host", "--help"]));
    assert!(
        help.contains("PRESET|FILE") && help.contains("rules file"),
        "{help}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn levels_are_bots_in_match_and_engine_takes_level() {
    use kriegspiel::bots::level::Level;
    let help = stdout(&run(&["match", "--help"]));
    assert!(Level::ALL.iter().all(|l| help.contains(l.id())), "{help}");
    let out = run(&[
        "match",
        "--white",
        "club",
        "--black",
        "beginner",
        "--games",
        "1",
        "--max-plies",
        "6",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("game 1: club (white) vs beginner"), "{text}");
    assert!(text.contains("club vs beginner: +"), "{text}");
    // A level behind the seat protocol: `engine --level`.
    let out = run(&[
        "match",
        "--white",
        "cmd:kriegspiel engine --level novice",
        "--black",
        "random",
        "--games",
        "1",
        "--max-plies",
        "6",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("in 6 plies (ply limit)"),
        "{}",
        stdout(&out)
    );
    // An unknown level, or a level with a bot or a thinking time, is bad input.
    for args in [
        &["engine", "--level", "grandmaster"][..],
        &["engine", "--level", "club", "--bot", "random"],
        &["engine", "--level", "club", "--think-ms", "10"],
        &["match", "--white", "grandmaster", "--black", "club"],
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
    }
    let out = run(&["match", "--white", "grandmaster", "--black", "club"]);
    assert!(stderr(&out).contains("strongest"), "{}", stderr(&out));
}

#[test]
fn the_ladder_bench_plays_every_step_with_each_colour() {
    use kriegspiel::bots::level::Level;
    let out = run(&[
        "bench",
        "--only",
        "ladder",
        "--games",
        "2",
        "--max-plies",
        "8",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    for pair in Level::ALL.windows(2) {
        let name = format!("{} vs {}", pair[1].id(), pair[0].id());
        let line = text
            .lines()
            .find(|l| l.starts_with(&name))
            .unwrap_or_else(|| panic!("no step {name}: {text}"));
        // As White, as Black, in all: W-L-D adding up to 1, 1 and 2 games.
        let counts: Vec<u32> = line
            .split_whitespace()
            .filter(|w| w.matches('-').count() == 2)
            .map(|w| w.split('-').filter_map(|n| n.parse::<u32>().ok()).sum())
            .collect();
        assert_eq!(counts, [1, 1, 2], "{line}");
    }
}

/// `kriegspiel engine` works while its opponent thinks; without a clock it plays the same
/// games as with `--no-ponder`, request for request (pondering saves time and changes no
/// decision).
#[test]
fn an_engine_that_ponders_plays_the_same_games_as_one_that_does_not() {
    let dir = scratch("ponder");
    let games = |engine: &str| -> Vec<Vec<kriegspiel::log::Event>> {
        let out_dir = dir.join(engine.replace(' ', "_"));
        let out = run(&[
            "match",
            "--white",
            &format!("cmd:{BIN} {engine}"),
            "--black",
            "strong",
            "--games",
            "2",
            "--swap",
            "--max-plies",
            "50",
            "--seed",
            "4",
            "--out-dir",
            text(&out_dir),
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        let mut saves: Vec<PathBuf> = std::fs::read_dir(&out_dir)
            .expect("the games are saved")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .collect();
        saves.sort();
        assert_eq!(saves.len(), 2, "{saves:?}");
        saves
            .iter()
            .map(|path| {
                let loaded = kriegspiel::save::load_file(path).expect("a save");
                loaded.saved.log.events
            })
            .collect()
    };
    let (pondering, not) = (games("engine"), games("engine --no-ponder"));
    for (a, b) in pondering.iter().zip(&not) {
        assert!(a.len() > 50, "{} requests", a.len());
        assert_eq!(a.len(), b.len());
        assert!(a.iter().zip(b).all(|(x, y)| x.same_answer(y)));
    }
    let _ = std::fs::remove_dir_all(&dir);
}
