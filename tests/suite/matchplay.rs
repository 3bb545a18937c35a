//! Bot matches: the score adds up, `--swap` alternates colours, the `match` command prints and
//! saves, and the heuristic bot only makes requests the referee accepts in every preset; a chess
//! game at the local table every game has (`seat::local`): played line by line, a player
//! refused too often forfeits, a program plays a seat.

use kriegspiel::bots::driver::Driver;
use kriegspiel::bots::{BotError, BotKind};
use kriegspiel::matchplay::{BotChoice, GameRecord, MatchConfig, play_match};
use kriegspiel::rules::{Handicap, Preset};
use kriegspiel::seat::SeatState;
use kriegspiel::seat::engine::ChessSeat;
use kriegspiel::seat::game::Chess;
use kriegspiel::seat::local::{
    BotSeat, LocalGame, ProgramSeat, SeatPlayer, local_meta, play_local,
};
use kriegspiel::seat::play::SeatBot;
use kriegspiel::session::GameSession;
use shakmaty::{Color, Setup};
use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

/// Plays `config`, returning the summary line and every game's record.
fn play(config: &MatchConfig) -> (String, Vec<GameRecord>) {
    let mut records = Vec::new();
    let summary = play_match(config, |index, record| {
        assert_eq!(index as usize, records.len());
        records.push(record.clone());
    })
    .expect("the match is played");
    assert_eq!(
        summary.wins + summary.losses + summary.draws,
        config.games,
        "every game is scored once"
    );
    assert_eq!(summary.games, config.games);
    let (white, black) = (config.white.to_string(), config.black.to_string());
    (summary.line(&white, &black), records)
}

/// A fresh folder of this test process under the system's temporary folder.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "kriegspiel-matchplay-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn a_random_match_adds_up_and_prints_the_summary_line() {
    let config = MatchConfig {
        white: BotKind::Random.into(),
        black: BotKind::Random.into(),
        rules: Preset::Wild16.rules(),
        games: 4,
        max_plies: 60,
        ..MatchConfig::default()
    };
    let (line, records) = play(&config);
    assert_eq!(records.len(), 4);
    assert!(line.starts_with("random vs random: +"), "{line}");
    assert!(line.contains(" of 4, avg plies "), "{line}");
    assert!(line.contains(", median think "), "{line}");
    assert!(line.ends_with(" ms/attempt"), "{line}");
    for record in &records {
        assert!(record.plies <= 60, "{record:?}");
        if record.result.is_none() {
            assert_eq!(
                record.plies, 60,
                "only the ply limit leaves a game unfinished"
            );
        }
    }
}

#[test]
fn swap_alternates_colours() {
    let config = MatchConfig {
        white: BotKind::Heuristic.into(),
        black: BotKind::Random.into(),
        rules: Preset::Wild16.rules(),
        games: 4,
        max_plies: 20,
        swap: true,
        ..MatchConfig::default()
    };
    let (line, records) = play(&config);
    let whites: Vec<&str> = records.iter().map(|r| r.white.as_str()).collect();
    assert_eq!(whites, ["heuristic", "random", "heuristic", "random"]);
    let blacks: Vec<&str> = records.iter().map(|r| r.black.as_str()).collect();
    assert_eq!(blacks, ["random", "heuristic", "random", "heuristic"]);
    assert!(line.starts_with("heuristic vs random: +"), "{line}");
    let unswapped = play(&MatchConfig {
        swap: false,
        ..config
    })
    .1;
    assert!(unswapped.iter().all(|r| r.white == "heuristic"));
}

#[test]
fn the_same_seed_plays_the_same_games() {
    let config = MatchConfig {
        white: BotKind::Heuristic.into(),
        black: BotKind::Random.into(),
        games: 2,
        max_plies: 30,
        seed: 9,
        ..MatchConfig::default()
    };
    assert_eq!(play(&config).1, play(&config).1);
}

#[test]
fn unknown_bots_are_refused_by_name() {
    let err = "nosuch".parse::<BotChoice>().expect_err("refused");
    assert_eq!(err, BotError::Unknown("nosuch".to_owned()));
    let message = err.to_string();
    assert!(
        message.contains("nosuch") && message.contains("heuristic"),
        "{message}"
    );
    assert_eq!(
        "krk".parse::<BotChoice>(),
        Ok(BotChoice::Kind(BotKind::KrkPractice))
    );
    assert_eq!("engine".parse::<BotChoice>(), Err(BotError::NeedsCommand));
    assert!(
        BotKind::Engine.make(1).is_err(),
        "an engine is never a random bot"
    );
    let config = MatchConfig {
        white: BotChoice::Command("/no/such/program".into()),
        ..MatchConfig::default()
    };
    assert!(play_match(&config, |_, _| panic!("no game is played")).is_err());
}

#[test]
fn the_match_command_prints_a_line_per_game_and_saves_them() {
    let dir = scratch("cli");
    let output = Command::new(env!("CARGO_BIN_EXE_kriegspiel"))
        .args([
            "match",
            "--white",
            "heuristic",
            "--black",
            "random",
            "--games",
            "2",
            "--max-plies",
            "40",
            "--seed",
            "3",
            "--out-dir",
        ])
        .arg(&dir)
        .output()
        .expect("the command runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    assert!(
        lines[0].starts_with("game 1: heuristic (white) vs random: "),
        "{stdout}"
    );
    let last = lines.last().copied().unwrap_or_default();
    assert!(last.starts_with("heuristic vs random: +"), "{stdout}");
    assert!(last.contains(" of 2, "), "{stdout}");
    let mut saved: Vec<String> = std::fs::read_dir(&dir)
        .expect("the folder was made")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".ron"))
        .collect();
    saved.sort();
    assert_eq!(saved, ["match-3-0.ron", "match-3-1.ron"]);
    for name in &saved {
        let loaded = kriegspiel::save::load_file(&dir.join(name)).expect("a save that loads");
        assert_eq!(loaded.saved.meta.event, "kriegspiel match");
    }
    let _ = std::fs::remove_dir_all(&dir);

    let unknown = Command::new(env!("CARGO_BIN_EXE_kriegspiel"))
        .args(["match", "--white", "nosuch", "--black", "random"])
        .output()
        .expect("the command runs");
    assert_eq!(unknown.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("nosuch"));
    let preset = Command::new(env!("CARGO_BIN_EXE_kriegspiel"))
        .args(["match", "--white", "random", "--black", "random"])
        .args(["--rules", "nosuch"])
        .output()
        .expect("the command runs");
    assert_eq!(preset.status.code(), Some(2));
}

#[test]
fn the_heuristic_bot_only_makes_requests_the_referee_accepts() {
    for preset in Preset::ALL {
        let rules = preset.rules();
        if rules.handicap == Handicap::Semi {
            continue;
        }
        let config = MatchConfig {
            white: BotKind::Heuristic.into(),
            black: BotKind::Heuristic.into(),
            rules,
            games: 3,
            max_plies: 80,
            seed: 5,
            ..MatchConfig::default()
        };
        let (_, records) = play(&config);
        for record in &records {
            assert_eq!(record.errors, 0, "{preset}: {record:?}");
            assert!(
                !record.reason.starts_with("forfeit"),
                "{preset}: {record:?}"
            );
            assert!(
                record.result.is_some() || record.plies == 80,
                "{preset}: {record:?}"
            );
        }
    }
}

/// The strong bot (belief sampling) makes only requests the referee takes and does not lose to
/// the random bot (fixed seeds: the same games every run).
/// Pondering saves time and changes no decision: without a clock, strong bots that work while
/// the other thinks play the same games as bots that do not, in Kriegspiel and in RBC.
#[test]
fn bots_that_ponder_play_the_same_games_as_bots_that_do_not() {
    for (rules, seed) in [(Preset::Wild16, 5), (Preset::Rbc, 2)] {
        let config = |ponder| MatchConfig {
            white: BotKind::Strong.into(),
            black: BotKind::Strong.into(),
            rules: rules.rules(),
            games: 2,
            seed,
            max_plies: 36,
            swap: true,
            ponder,
            ..MatchConfig::default()
        };
        assert_eq!(play(&config(true)).1, play(&config(false)).1, "{rules:?}");
    }
}

#[test]
fn the_strong_bot_plays_whole_games_against_random() {
    let config = kriegspiel::matchplay::MatchConfig {
        white: BotKind::Strong.into(),
        black: BotKind::Random.into(),
        games: 2,
        seed: 7,
        max_plies: 120,
        swap: true,
        ..kriegspiel::matchplay::MatchConfig::default()
    };
    let mut records = Vec::new();
    let summary =
        kriegspiel::matchplay::play_match(&config, |_, r| records.push(r.clone())).expect("plays");
    assert_eq!(summary.games, 2);
    assert_eq!(summary.losses, 0, "{records:?}");
    assert!(records.iter().all(|r| r.errors == 0), "{records:?}");
}

#[test]
fn endings_are_named_by_letters_and_start_legal_with_that_material() {
    use kriegspiel::setup::{parse_ending, random_ending};
    use shakmaty::{Color, Role};
    assert_eq!(parse_ending("qR"), Ok(vec![Role::Queen, Role::Rook]));
    assert!(parse_ending("QX").is_err_and(|e| e.to_string().contains("'QX'")));
    assert!(parse_ending("").is_err());
    let mut rng = kriegspiel::rng::Rng::new(4);
    for color in [Color::White, Color::Black] {
        let setup = random_ending(&[Role::Bishop, Role::Pawn], color, &mut rng).expect("placed");
        assert_eq!(setup.turn, color);
        let board = &setup.board;
        assert_eq!(board.by_color(!color).count(), 1, "a lone king");
        assert_eq!((board.by_color(color) & board.bishops()).count(), 1);
        assert_eq!((board.by_color(color) & board.pawns()).count(), 1);
        assert!((board.pawns() & shakmaty::Bitboard::BACKRANKS).is_empty());
    }
}

#[test]
fn the_endgame_command_reports_its_trials_and_refuses_a_bad_ending() {
    let output = Command::new(env!("CARGO_BIN_EXE_kriegspiel"))
        .args(["endgame", "--pieces", "QQ", "--trials", "3"])
        .output()
        .expect("runs");
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.starts_with("K+QQ vs K (3 trials, king unknown at the start): 3 mated"),
        "{text}"
    );
    let bad = Command::new(env!("CARGO_BIN_EXE_kriegspiel"))
        .args([
            "match", "--white", "strong", "--black", "random", "--ending", "K?",
        ])
        .output()
        .expect("runs");
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("is not an ending"));
}

/// A bot that records what it was handed: whether it ever saw an enemy unit in the start it
/// was given, and how many times it was asked.
struct Probe {
    inner: Box<dyn kriegspiel::bots::Bot>,
    saw_enemy_start: std::sync::Arc<std::sync::atomic::AtomicBool>,
    asked: std::sync::Arc<std::sync::atomic::AtomicUsize>,
}

impl kriegspiel::bots::Bot for Probe {
    fn name(&self) -> &str {
        "probe"
    }

    fn next(&mut self, seat: &kriegspiel::PlayerView) -> Option<kriegspiel::Request> {
        use std::sync::atomic::Ordering;
        self.asked.fetch_add(1, Ordering::SeqCst);
        let enemy = !seat.color;
        if seat.start.board.by_color(enemy).any()
            || seat.perception.start.board.by_color(enemy).any()
        {
            self.saw_enemy_start.store(true, Ordering::SeqCst);
        }
        self.inner.next(seat)
    }
}

/// Plays one game of `config` between a probe (the bot under test) and a random bot; returns
/// whether the probe ever saw where an enemy unit started, and how often it was asked.
fn probe_game(config: &MatchConfig) -> (bool, usize) {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    let saw = Arc::new(AtomicBool::new(false));
    let asked = Arc::new(AtomicUsize::new(0));
    let probe = Probe {
        inner: BotKind::Strong.make(1).expect("a bot"),
        saw_enemy_start: saw.clone(),
        asked: asked.clone(),
    };
    let other = BotKind::Random.make(2).expect("a bot");
    let names = ["probe".to_owned(), "random".to_owned()];
    kriegspiel::matchplay::play_game_with(config, 0, [Box::new(probe), other], names)
        .expect("the game is played");
    (saw.load(Ordering::SeqCst), asked.load(Ordering::SeqCst))
}

/// `match --ending` never hands a bot the start: it is told its own pieces and that the enemy
/// has a lone king, not where (a bot that is handed an enemy square fails this test). In an
/// ordinary game the agreed start is public, and the same probe sees it.
#[test]
fn a_bot_never_receives_the_start_of_an_ending() {
    use shakmaty::Role;
    let ending = MatchConfig {
        ending: Some(vec![Role::Queen]),
        max_plies: 40,
        ..MatchConfig::default()
    };
    let (saw, asked) = probe_game(&ending);
    assert!(asked > 0, "the probe played");
    assert!(!saw, "the probe was handed the lone king's square");
    let ordinary = MatchConfig {
        max_plies: 4,
        ..MatchConfig::default()
    };
    let (saw, asked) = probe_game(&ordinary);
    assert!(asked > 0 && saw, "an agreed start is public");
}

// The local table every game has (`seat::local`), here with the chess family: the lines of the
// seat protocol between our table and two players on one machine.

/// A chess game at the local table of every game, with a meta of the two players' names.
fn chess_at_local_table(
    black: &mut dyn SeatPlayer,
    white: &mut dyn SeatPlayer,
) -> LocalGame<Chess> {
    let meta = local_meta(black, white);
    let session = GameSession::new(Preset::Wild16.rules(), Setup::initial(), meta, None, None)
        .expect("the game starts");
    play_local(session, black, white, 7)
}

/// A player of fixed lines: the next one whenever its seat is to act, then a resignation.
struct Script(Vec<&'static str>);

impl SeatBot<SeatState> for Script {
    fn turn(&mut self, seat: &mut SeatState, _give_up: bool) -> Option<String> {
        if !seat.to_act() {
            return None;
        }
        let next = (!self.0.is_empty()).then(|| self.0.remove(0));
        Some(next.unwrap_or(r#"{"op":"resign"}"#).to_owned())
    }
}

fn try_line(uci: &str) -> String {
    format!(r#"{{"op":"try","move":"{uci}"}}"#)
}

#[test]
fn a_chess_game_is_played_at_the_local_table_every_game_has() {
    let mut white = BotSeat::<Chess, _>::new(
        "w",
        Script(vec![
            r#"{"op":"try","move":"f2f3"}"#,
            r#"{"op":"try","move":"g2g4"}"#,
        ]),
    );
    let mut black = BotSeat::<Chess, _>::new(
        "b",
        Script(vec![
            r#"{"op":"try","move":"e7e5"}"#,
            r#"{"op":"try","move":"d8h4"}"#,
        ]),
    );
    let played = chess_at_local_table(&mut black, &mut white);
    assert!(played.over, "the game ended");
    assert_eq!(played.forfeit, None);
    let over = played.host.session().over().expect("over");
    assert_eq!(over.title(), "0-1 (checkmate)");
    assert_eq!(
        played.sent[0],
        [try_line("e7e5"), try_line("d8h4")],
        "Black's lines"
    );
    assert_eq!(
        played.sent[1],
        [try_line("f2f3"), try_line("g2g4")],
        "White's lines"
    );
    for (i, seat) in ["black", "white"].into_iter().enumerate() {
        let first: serde_json::Value = serde_json::from_str(&played.lines[i][0]).expect("a line");
        assert_eq!(first["type"], "welcome");
        assert_eq!(first["seat"], seat);
        let own = if i == 0 { "e7e5" } else { "f2f3" };
        let other = if i == 0 { "f2f3" } else { "e7e5" };
        let told = played.lines[i].iter().filter(|l| !l.contains("\"reveal\""));
        let told: Vec<&String> = told.collect();
        assert!(
            told.iter().any(|l| l.contains(own)),
            "{seat} is told its own move"
        );
        assert!(
            !told.iter().any(|l| l.contains(other)),
            "{seat} never hears the other's move"
        );
        assert!(
            played.lines[i]
                .last()
                .is_some_and(|l| l.contains("\"reveal\""))
        );
    }
    // The names are the players'.
    assert_eq!(played.host.session().meta().white, "w");
    assert_eq!(played.host.session().meta().black, "b");
}

/// A player whose every line is refused without an event.
struct Junk;

impl SeatPlayer for Junk {
    fn name(&self) -> String {
        "junk".to_owned()
    }
    fn told(&mut self, _line: &str) {}
    fn request(&mut self) -> Option<String> {
        Some(r#"{"op":"fly"}"#.to_owned())
    }
}

#[test]
fn a_chess_player_refused_too_often_at_the_local_table_forfeits() {
    let mut black = BotSeat::<Chess, _>::new("b", Script(Vec::new()));
    let played = chess_at_local_table(&mut black, &mut Junk);
    assert_eq!(
        played.forfeit.as_deref(),
        Some("forfeit by junk: no acceptable request in 1000 tries")
    );
    assert_eq!(
        played.sent[1].len(),
        1001,
        "1000 refused, then the resignation"
    );
    assert_eq!(
        played.sent[1].last().map(String::as_str),
        Some(r#"{"op":"resign"}"#)
    );
    let over = played.host.session().over().expect("over");
    assert_eq!(over.title(), "0-1 (resignation)");
}

#[cfg(unix)]
#[test]
fn a_chess_program_plays_a_seat_at_the_local_table() {
    let dir = scratch("local-program");
    std::fs::create_dir_all(&dir).expect("a folder");
    let script = dir.join("resigner.sh");
    // Its hello, then a resignation for each state line it is sent, answered by an error.
    std::fs::write(
        &script,
        "echo '{\"op\":\"hello\",\"version\":1}'\n\
         while read -r line; do case \"$line\" in\n\
         *'\"type\":\"state\"'*) echo '{\"op\":\"offer_draw\"}'; echo '{\"op\":\"resign\"}' ;; esac; done\n",
    )
    .expect("the script is written");
    let mut white =
        ProgramSeat::<Chess>::spawn(&format!("sh {}", script.display()), Duration::from_secs(20))
            .expect("the program starts");
    let mut black = BotSeat::<Chess, _>::new("b", Script(Vec::new()));
    let played = chess_at_local_table(&mut black, &mut white);
    assert_eq!(played.forfeit, None);
    assert_eq!(
        played.sent[1],
        [r#"{"op":"resign"}"#],
        "the draw offer never reached the table"
    );
    let over = played.host.session().over().expect("over");
    assert_eq!(over.title(), "0-1 (resignation)");
    let name = &played.host.session().meta().white;
    assert!(name.contains("resigner.sh"), "{name}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Two of the chess family's bots, each on its own thread ([`ChessSeat`]), play a whole game
/// through the lines: each seat holds exactly the record the table built for it, and the reveal.
#[test]
fn two_random_chess_bots_play_through_the_local_table() {
    let bot = |seed| ChessSeat::new(Driver::start(BotKind::Random.make(seed).expect("a bot")));
    let mut white = BotSeat::<Chess, _>::new("random", bot(1));
    let mut black = BotSeat::<Chess, _>::new("random", bot(2));
    let played = chess_at_local_table(&mut black, &mut white);
    assert!(played.over, "the game ends");
    assert_eq!(played.forfeit, None);
    let log = played.host.session().game().log();
    for (seat, state) in [(Color::Black, &black.state), (Color::White, &white.state)] {
        let told = state.perception().expect("welcomed");
        assert_eq!(told.color, seat);
        assert!(!told.events.is_empty());
        assert_eq!(
            told.events,
            played.host.record_of(seat),
            "{seat:?}'s record"
        );
        assert_eq!(state.reveal.as_ref(), Some(log), "{seat:?} got the reveal");
    }
}

#[test]
fn every_games_match_scores_the_player_under_test_whichever_seat_it_holds() {
    use kriegspiel::matchplay::{Score, tested_keeps_seat};
    assert!(tested_keeps_seat(false, 1));
    assert!(tested_keeps_seat(true, 0));
    assert!(!tested_keeps_seat(true, 1));
    assert!(tested_keeps_seat(true, 2));
    let mut score = Score::default();
    for won in [Some(true), None, Some(false), Some(false)] {
        score.count(won);
    }
    let expected = Score {
        wins: 1,
        draws: 1,
        losses: 2,
    };
    assert_eq!(score, expected);
}
