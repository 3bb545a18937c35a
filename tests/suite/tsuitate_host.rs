//! Tsuitate shogi's hosted tables: a game across loopback TCP (the sealed channel, the
//! library's own connection) reaching each seat with only its own lines, a bot seat stopping at
//! its ply limit, and the command lines (`host --tsuitate`, `join --bot`, `match --tsuitate`
//! with `kriegspiel engine` seated as a program).

use super::tsuitate_seat::{check_lines, name};
use kriegspiel::games::{AnySeat, play_any_seat};
use kriegspiel::seat::door::SeatTable;
use kriegspiel::seat::link::Connection;
use kriegspiel::seat::{Hello, serve};
use kriegspiel::tsuitate::table::{TsuitateHost, slot};
use kriegspiel::tsuitate::{TsuitateGame, TsuitateRules, bots};
use shogi_core::Color;
use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_kriegspiel");

/// A reader that keeps every byte it reads.
struct Tee<R> {
    inner: R,
    log: Arc<Mutex<Vec<u8>>>,
}

impl<R: Read> Read for Tee<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        if let Ok(mut log) = self.log.lock() {
            log.extend_from_slice(&buf[..n]);
        }
        Ok(n)
    }
}

#[test]
fn a_game_across_loopback_tcp_reaches_each_seat_with_only_its_own() {
    let game = TsuitateGame::new(TsuitateRules::default());
    let host = TsuitateHost::new(game, Default::default(), None, 11, false);
    let hosted = serve::serve_table(host, "127.0.0.1", 0).expect("served");
    let addr = hosted.server.addr().to_string();
    let code = hosted.server.code();
    let seats = [Color::Black, Color::White].map(|c| {
        let (addr, code) = (addr.clone(), code.clone());
        let log = Arc::new(Mutex::new(Vec::new()));
        let kept = Arc::clone(&log);
        let thread = std::thread::spawn(move || {
            let mut hello = Hello::new();
            hello.code = Some(code);
            hello.seat = Some(slot(c));
            hello.name = Some(format!("{} bot", name(c)));
            let connection = Connection::open(&addr, &hello).expect("connects");
            let (reader, writer) = connection.into_io();
            let reader = BufReader::new(Tee {
                inner: reader,
                log: kept,
            });
            let mut chess = kriegspiel::bots::driver::Driver::start(
                kriegspiel::bots::BotKind::Random.make(1).expect("a bot"),
            );
            let mut shogi = bots::make(
                if c == Color::Black {
                    "heuristic"
                } else {
                    "random"
                },
                3,
            )
            .expect("a bot");
            play_any_seat(
                &mut chess,
                shogi.as_mut(),
                None,
                None,
                reader,
                writer,
                &mut |_, _| {},
            )
            .expect("the seat plays to the end")
        });
        (thread, log)
    });
    let deadline = Instant::now() + Duration::from_secs(120);
    for (c, (thread, log)) in [Color::Black, Color::White].into_iter().zip(seats) {
        let played = thread.join().expect("the seat's thread");
        let AnySeat::Tsuitate(end, state) = played else {
            panic!("a tsuitate table plays tsuitate");
        };
        assert_eq!(end, kriegspiel::seat::engine::SeatEnd::Revealed);
        assert!(Instant::now() < deadline);
        let text = String::from_utf8(log.lock().expect("log").clone()).expect("UTF-8");
        let lines: Vec<String> = text.lines().map(str::to_owned).collect();
        let game = hosted.server.with_host(|h| h.game().clone());
        check_lines(&lines, &game, c);
        assert_eq!(state.clone().view(), Some(game.seat(c)));
        assert!(game.referee().over().is_some());
    }
    assert!(hosted.server.with_host(|h| h.over_title()).is_some());
}

fn output_of(command: &mut Command) -> String {
    let out = command.stderr(Stdio::inherit()).output().expect("runs");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "{command:?} failed: {text}");
    text
}

#[test]
fn a_tsuitate_match_seats_kriegspiel_engine_as_a_program() {
    let out = output_of(Command::new(BIN).args([
        "match",
        "--tsuitate",
        "--white",
        "cmd:kriegspiel engine --bot random --seed 4",
        "--black",
        "heuristic",
        "--games",
        "2",
        "--swap",
    ]));
    let games: Vec<&str> = out.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 2, "{out}");
    assert!(games[0].contains("white cmd:kriegspiel engine"), "{out}");
    assert!(games[1].contains("black cmd:kriegspiel engine"), "{out}");
    assert!(!out.contains("unfinished"), "{out}");
    let summary = out.lines().last().unwrap_or_default();
    assert!(
        summary.contains("wins") && summary.contains("losses"),
        "{out}"
    );
    let refused = Command::new(BIN)
        .args(["match", "--tsuitate", "--white", "krk", "--black", "random"])
        .output()
        .expect("runs");
    assert!(!refused.status.success());
    let words = String::from_utf8_lossy(&refused.stderr);
    assert!(words.contains("random, heuristic and careful"), "{words}");
}

/// The command line takes tsuitate's three levels by the names the app's New game dialog
/// shows (random, heuristic, careful), and still every name it took before (the chess levels,
/// each played by its bot; `strong` is `careful`).
#[test]
fn the_command_line_names_tsuitate_s_three_levels_and_the_old_names() {
    use kriegspiel::matchplay::BotChoice;
    let named = |text: &str| {
        let choice: BotChoice = text.parse().expect("a bot name");
        kriegspiel::tsuitate::cli::bot_for(&choice, 1)
            .expect("a tsuitate bot")
            .name()
    };
    for level in bots::LEVELS {
        assert_eq!(named(level.bot), level.bot);
    }
    for (old, bot) in crate::old_levels::OLD_LEVELS
        .into_iter()
        .chain([("strong", "careful")])
    {
        assert_eq!(named(old), bot, "{old}");
    }
    // `careful` at a chess table is the chess family's strong bot.
    assert_eq!(
        "careful".parse::<BotChoice>(),
        Ok(BotChoice::Kind(kriegspiel::bots::BotKind::Strong))
    );
}

#[test]
fn host_and_join_play_tsuitate_from_the_command_line() {
    let dir = std::env::temp_dir().join(format!("ks-tsuitate-seat-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let save = dir.join("hosted.ron");
    let mut host = Command::new(BIN)
        .args(["host", "--tsuitate", "--seat", "black", "--bot", "random"])
        .args(["--port", "0", "--bind", "127.0.0.1", "--autosave"])
        .arg(&save)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the host starts");
    let mut out = BufReader::new(host.stdout.take().expect("stdout"));
    let (mut addr, mut code) = (None, None);
    while addr.is_none() || code.is_none() {
        let mut line = String::new();
        assert!(
            out.read_line(&mut line).expect("reads") > 0,
            "the host ended early"
        );
        if let Some(a) = line.trim().strip_prefix("address ") {
            addr = Some(a.to_owned());
        }
        if let Some(c) = line.trim().strip_prefix("code ") {
            code = Some(c.to_owned());
        }
    }
    let (addr, code) = (addr.unwrap_or_default(), code.unwrap_or_default());
    let joined = output_of(Command::new(BIN).args([
        "join",
        &addr,
        "--code",
        &code,
        "--bot",
        "heuristic",
        "--name",
        "Gote",
    ]));
    assert!(joined.contains("seat white token W"), "{joined}");
    let result = joined.lines().last().unwrap_or_default();
    assert!(
        result.starts_with("result ") && result.contains('('),
        "{joined}"
    );
    let mut rest = String::new();
    let _ = out.read_to_string(&mut rest);
    let status = host.wait().expect("the host ends");
    assert!(status.success(), "{rest}");
    assert!(
        rest.contains(&result.to_string()),
        "the same result: {rest}"
    );
    let loaded = kriegspiel::tsuitate::save::load_file(&save).expect("the autosave loads");
    assert!(loaded.game.referee().over().is_some());
    assert_eq!(loaded.saved.meta.white, "Gote");
    // The save keeps how the game is seated, as the app's network screen does: where it
    // listened, the host's own seat and each seat's token; resumed, each takes itself back.
    let kriegspiel::save::Seating::Host {
        own,
        bind,
        port,
        tokens,
    } = loaded.saved.meta.seating()
    else {
        panic!("not seated as hosted: {:?}", loaded.saved.meta.seating());
    };
    assert_eq!(
        (own, bind.as_str()),
        (Some(slot(Color::Black)), "127.0.0.1")
    );
    assert!(addr.ends_with(&format!(":{port}")), "{addr} {port}");
    assert!(tokens.iter().all(|t| !t.is_empty()), "{tokens:?}");
    let game = kriegspiel::tsuitate::cli::host_game(Some(&save)).expect("resumes");
    let again = kriegspiel::tsuitate::cli::host_table(game, true, dir.join("again.ron"), 5)
        .expect("a table");
    assert_eq!(again.door().tokens(), tokens);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_tsuitate_bot_seat_honours_max_plies_as_a_chess_seat_does() {
    let game = TsuitateGame::new(TsuitateRules::default());
    let host = TsuitateHost::new(game, Default::default(), None, 5, false);
    let hosted = serve::serve_table(host, "127.0.0.1", 0).expect("served");
    let addr = hosted.server.addr().to_string();
    let code = hosted.server.code();
    // Sente stops at 6 plies (the same seat loop as chess: `join --bot --max-plies 6`).
    let seats = [(Color::Black, Some(6)), (Color::White, None)].map(|(c, max_plies)| {
        let (addr, code) = (addr.clone(), code.clone());
        std::thread::spawn(move || {
            let mut hello = Hello::new();
            hello.code = Some(code);
            hello.seat = Some(slot(c));
            let connection = Connection::open(&addr, &hello).expect("connects");
            let (reader, writer) = connection.into_io();
            let mut chess = kriegspiel::bots::driver::Driver::start(
                kriegspiel::bots::BotKind::Random.make(1).expect("a bot"),
            );
            let mut shogi = bots::make("random", 9).expect("a bot");
            play_any_seat(
                &mut chess,
                shogi.as_mut(),
                None,
                max_plies,
                reader,
                writer,
                &mut |_, _| {},
            )
            .expect("the seat plays to the end")
        })
    });
    for thread in seats {
        let played = thread.join().expect("the seat's thread");
        assert!(matches!(played, AnySeat::Tsuitate(..)));
    }
    let game = hosted.server.with_host(|h| h.game().clone());
    let over = game.referee().over().expect("the game ended");
    assert_eq!(over.winner, Some(Color::White), "sente resigned: {over:?}");
    assert_eq!(over.reason, kriegspiel::tsuitate::EndReason::Resignation);
    assert_eq!(game.referee().moves().len(), 6, "resigned at its 7th ply");
}
