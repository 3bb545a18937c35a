//! Tsuitate saves and exports: a game saved and loaded is the same game (every seat's view too),
//! a save is replayed event by event for study (the one replay every game has: each seat's view
//! at every step from what it was told), a damaged or tampered save is refused with the
//! reason, the chess loader and the tsuitate loader each tell the other's file, the protocol's
//! `save` and `load`, and the CSA record (exact lines for a known game, and `kriegspiel csa`).

use kriegspiel::protocol::{Paths, Session};
use kriegspiel::replay::step::Replay;
use kriegspiel::save::{LoadError, Meta};
use kriegspiel::tsuitate::save::{self, TsuitateLoadError, TsuitateSave};
use kriegspiel::tsuitate::seam::Tsuitate;
use kriegspiel::tsuitate::{Item, Request, TsuitateGame, TsuitateRules, bots, csa};
use serde_json::Value;
use shogi_core::Color;
use std::process::Command;

/// A game between the random and the heuristic bot, each playing from its own seat only.
fn bot_game(seed: u64, plies: u16) -> TsuitateGame {
    let rules = TsuitateRules {
        fouls: 9,
        max_plies: plies,
    };
    let mut game = TsuitateGame::new(rules);
    let mut players = [
        bots::make("random", seed).expect("bot"),
        bots::make("heuristic", seed + 1).expect("bot"),
    ];
    for _ in 0..2000 {
        if game.referee().over().is_some() {
            break;
        }
        let side = game.referee().to_move();
        let player = &mut players[usize::from(side == Color::White)];
        match player.next(game.seat(side)) {
            Some(usi) => game.attempt(&usi).expect("a bot's attempt is well formed"),
            None => game.apply(Request::Resign).expect("resigns"),
        };
    }
    game
}

fn meta() -> Meta {
    Meta {
        event: "Club night".to_owned(),
        date: "2026-11-26".to_owned(),
        black: "Sente".to_owned(),
        white: "Gote".to_owned(),
        ..Meta::default()
    }
}

#[test]
fn a_saved_game_loads_as_the_same_game_and_replays_event_by_event() {
    for seed in 1..6 {
        let game = bot_game(seed, 120);
        let text = TsuitateSave::of(&game, meta()).to_ron();
        let loaded = save::load_str(&text).expect("the save loads");
        assert_eq!(loaded.game, game, "seed {seed}: the loaded game differs");
        assert_eq!(loaded.saved.meta, meta());
        // Study: the game after each event, rebuilt from the start, is the game as it was then.
        let mut replay = TsuitateGame::new(game.referee().rules());
        for (n, event) in game.events().iter().enumerate() {
            assert_eq!(game.at(n), replay, "seed {seed}: the game after {n} events");
            replay.apply(event.request.clone()).expect("replays");
        }
        assert_eq!(game.at(usize::MAX), game);
    }
}

/// The one replay every game has ([`Replay`]) gives, for a tsuitate save, each seat's view at
/// every step as the game kept it then (what study and export drew before), though it builds
/// it only from the lines the seat perceived; the referee's game is the game as it was.
#[test]
fn the_one_replay_gives_each_seat_the_view_it_had_at_every_step() {
    let (mut captures, mut fouls, mut ends) = (0, 0, 0);
    for seed in 1..5 {
        let game = bot_game(seed, 80);
        let loaded = save::load_str(&TsuitateSave::of(&game, meta()).to_ron()).expect("loads");
        let mut replay = Replay::<Tsuitate>::new(loaded.game);
        let mut then = TsuitateGame::new(game.referee().rules());
        for n in 0..=game.events().len() {
            replay.seek(n);
            assert_eq!(replay.cursor(), n);
            for side in [Color::Black, Color::White] {
                let view = replay.view(side);
                assert_eq!(&view, then.seat(side), "seed {seed}: {side:?} after {n}");
                captures += usize::from(view.lost_on.is_some());
                ends += usize::from(view.over.is_some());
            }
            assert_eq!(
                replay.truth(),
                Some(&then),
                "seed {seed}: the umpire after {n}"
            );
            if let Some(event) = game.events().get(n) {
                let items = event.said.iter().map(|s| s.item);
                fouls += items.filter(|i| matches!(i, Item::Illegal { .. })).count();
                then.apply(event.request.clone()).expect("replays");
            }
        }
        // Moves: to the end of each turn and back.
        replay.seek(0);
        replay.next_move();
        let first = game
            .events()
            .iter()
            .position(|e| e.said.iter().any(|s| s.item == Item::Legal));
        assert_eq!(Some(replay.cursor()), first.map(|i| i + 1));
        replay.previous_move();
        assert_eq!(replay.cursor(), 0);
    }
    assert!(
        captures > 0 && fouls > 0 && ends > 0,
        "{captures} {fouls} {ends}"
    );
}

/// At every step of the replay a seat's view holds its own pieces and hand only: never one of
/// the opponent's pieces, never the opponent's hand.
#[test]
fn a_seat_view_at_any_step_holds_none_of_the_opponents_pieces() {
    for seed in [2, 7] {
        let mut replay = Replay::<Tsuitate>::new(bot_game(seed, 60));
        for n in 0..=replay.len() {
            replay.seek(n);
            for side in [Color::Black, Color::White] {
                let view = replay.view(side);
                for sq in shogi_core::Square::all() {
                    let piece = view.board.piece_at(sq);
                    assert!(
                        piece.is_none_or(|p| p.color() == side),
                        "seed {seed}: {side:?} sees {piece:?} on {sq:?} after {n}"
                    );
                }
                let theirs = view.board.hand_of_a_player(side.flip());
                assert_eq!(
                    theirs,
                    shogi_core::Hand::new(),
                    "{side:?}'s view of the other hand"
                );
            }
        }
    }
}

#[test]
fn a_save_file_is_written_atomically_and_read_back() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("shogi.ron");
    let game = bot_game(7, 60);
    TsuitateSave::of(&game, meta())
        .write(&path)
        .expect("writes");
    let loaded = save::load_file(&path).expect("loads");
    assert_eq!(loaded.game.referee().sfen(), game.referee().sfen());
    // No temporary file is left beside it.
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .expect("dir")
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(names, ["shogi.ron"]);
    assert!(matches!(
        save::load_file(dir.path()),
        Err(TsuitateLoadError::File(LoadError::NotAFile { .. }))
    ));
}

#[test]
fn damaged_or_tampered_saves_are_refused_with_the_reason() {
    let mut game = TsuitateGame::new(TsuitateRules::default());
    for usi in ["7g7f", "3c3d", "8h2b+", "3a2b"] {
        game.attempt(usi).expect("attempt");
    }
    let text = TsuitateSave::of(&game, meta()).to_ron();
    assert!(save::load_str(&text).is_ok());
    // An answer that is not the umpire's.
    let tampered = text.replacen(r#"{"kind": "legal"}"#, r#"{"kind": "check"}"#, 1);
    assert_ne!(tampered, text);
    assert!(matches!(
        save::load_str(&tampered),
        Err(TsuitateLoadError::Event { number: 1, .. })
    ));
    // Another first move, legal too: the bishop's move (event 3) is then blocked.
    let moved = text.replacen("\"7g7f\"", "\"2g2f\"", 1);
    assert!(matches!(
        save::load_str(&moved),
        Err(TsuitateLoadError::Event { number: 3, .. })
    ));
    let finished = text.replace(
        "result: None",
        r#"result: Some((winner: Some("black"), reason: "checkmate"))"#,
    );
    assert!(matches!(
        save::load_str(&finished),
        Err(TsuitateLoadError::Result { .. })
    ));
    let newer = text.replacen("tsuitate: 1", "tsuitate: 2", 1);
    assert!(matches!(
        save::load_str(&newer),
        Err(TsuitateLoadError::Format(2))
    ));
    let truncated = &text[..text.len() / 2];
    assert!(matches!(
        save::load_str(truncated),
        Err(TsuitateLoadError::Syntax { .. })
    ));
    // Each loader tells the other's file.
    assert_eq!(
        kriegspiel::save::load_str(&text).err(),
        Some(LoadError::OtherGame(kriegspiel::games::GameKind::Tsuitate))
    );
    let chess = kriegspiel::save::SavedGame::of(
        &kriegspiel::log::Game::standard(kriegspiel::rules::RuleSet::default()),
        Meta::default(),
        None,
    )
    .to_ron();
    assert!(matches!(
        save::load_str(&chess),
        Err(TsuitateLoadError::NotASave)
    ));
}

fn ask(session: &mut Session, line: &str) -> Value {
    let mut out = String::new();
    session.handle_line(line, &mut out);
    serde_json::from_str(&out).expect("JSON answer")
}

#[test]
fn the_protocol_saves_and_loads_a_tsuitate_game() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("t.ron");
    let path_json = serde_json::to_string(path.to_str().expect("UTF-8")).expect("JSON");
    let mut session = Session::new().with_paths(Paths::Anywhere);
    ask(&mut session, r#"{"op":"new","rules":"tsuitate"}"#);
    for usi in ["7g7f", "3c3d", "8h2b+"] {
        let a = ask(&mut session, &format!(r#"{{"op":"try","move":"{usi}"}}"#));
        assert_eq!(a["ok"], true, "{a}");
    }
    let saved = ask(
        &mut session,
        &format!(r#"{{"op":"save","path":{path_json}}}"#),
    );
    assert_eq!(saved["ok"], true, "{saved}");
    let sfen = saved["sfen"].clone();
    ask(&mut session, r#"{"op":"new","rules":"berkeley"}"#);
    let loaded = ask(
        &mut session,
        &format!(r#"{{"op":"load","path":{path_json}}}"#),
    );
    assert_eq!(loaded["ok"], true, "{loaded}");
    assert_eq!(loaded["sfen"], sfen);
    assert_eq!(loaded["to_move"], "white");
    let next = ask(&mut session, r#"{"op":"try","move":"3a2b"}"#);
    assert_eq!(next["heard"]["black"][1]["kind"], "capture", "{next}");
    // A save outside the allowed folder is refused, as for chess.
    let mut inside = Session::new().with_paths(Paths::Inside(dir.path().join("saves")));
    ask(&mut inside, r#"{"op":"new","rules":"tsuitate"}"#);
    let refused = ask(&mut inside, r#"{"op":"save","path":"/tmp/x.ron"}"#);
    assert_eq!(refused["ok"], false);
}

/// A short game with a promotion, captures, a drop, a refused attempt, a foul and a resignation.
fn known_game() -> TsuitateGame {
    let mut game = TsuitateGame::new(TsuitateRules::default());
    for usi in [
        "7g7f", "3c3d", "8h2b+", "3a2b", "B*5e", "2b3c", "5e1a+", "1a1b", "5i5h",
    ] {
        game.attempt(usi).expect("attempt");
    }
    game.apply(Request::Resign).expect("resign");
    game
}

#[test]
fn csa_records_moves_attempts_and_the_end() {
    let game = known_game();
    let said = |n: usize| {
        game.events()[n]
            .said
            .iter()
            .map(|s| s.item)
            .collect::<Vec<_>>()
    };
    // 5e1a+ runs into the silver on 3c, which black cannot see: a foul; 1a1b is not even
    // possible on black's own board.
    assert_eq!(said(6), [Item::Illegal { fouls: 1 }]);
    assert_eq!(said(7), [Item::Impossible]);
    let text = csa::to_csa(&game, &meta());
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[..5],
        [
            "'CSA encoding=UTF-8",
            "V2.2",
            "N+Sente",
            "N-Gote",
            "$EVENT:Club night (tsuitate shogi)"
        ]
    );
    assert!(lines.contains(&"P1-KY-KE-GI-KI-OU-KI-GI-KE-KY"));
    assert!(lines.contains(&"P8 * +KA *  *  *  *  * +HI * "));
    let moves: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| l.starts_with(['+', '-']) && l.len() == 7)
        .collect();
    assert_eq!(
        moves,
        [
            "+7776FU", "-3334FU", "+8822UM", "-3122GI", "+0055KA", "-2233GI", "+5958OU"
        ]
    );
    assert!(lines.contains(&"'+ tried 5e1a+: foul 1"));
    assert!(lines.contains(&"'+ tried 1a1b: impossible"));
    assert_eq!(lines.last(), Some(&"%TORYO"));
}

#[test]
fn csa_notes_refused_attempts_and_fouls() {
    let mut game = TsuitateGame::new(TsuitateRules::default());
    game.attempt("7g7e").expect("impossible on its own board");
    game.attempt("7g7f").expect("legal");
    game.attempt("3c3d").expect("legal");
    // The bishop's diagonal is open on black's own board, but the hidden bishop on 2b blocks it.
    game.attempt("8h1a").expect("a foul");
    let text = csa::to_csa(&game, &meta());
    assert!(text.contains("'+ tried 7g7e: impossible\n"), "{text}");
    assert!(text.contains("'+ tried 8h1a: foul 1\n"), "{text}");
    assert!(!text.contains('%'), "an unfinished game has no end: {text}");
}

#[test]
fn the_csa_command_writes_the_record_of_a_save() {
    let dir = tempfile::tempdir().expect("temp dir");
    let save_path = dir.path().join("g.ron");
    let out = dir.path().join("g.csa");
    let game = known_game();
    TsuitateSave::of(&game, meta())
        .write(&save_path)
        .expect("writes");
    let bin = env!("CARGO_BIN_EXE_kriegspiel");
    let status = Command::new(bin)
        .args(["csa", save_path.to_str().expect("UTF-8"), "--out"])
        .arg(&out)
        .status()
        .expect("runs");
    assert!(status.success());
    let written = std::fs::read_to_string(&out).expect("written");
    assert_eq!(written, csa::to_csa(&game, &meta()));
    // A chess save is refused as bad input, with the reason.
    let chess = dir.path().join("chess.ron");
    std::fs::write(&chess, "// x\n(format: 2)").expect("write");
    let refused = Command::new(bin)
        .args(["csa", chess.to_str().expect("UTF-8")])
        .output()
        .expect("runs");
    assert_eq!(refused.status.code(), Some(2));
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(err.contains("not a tsuitate shogi save"), "{err}");
}

#[test]
fn replay_and_kif_read_a_tsuitate_save() {
    let dir = tempfile::tempdir().expect("temp dir");
    let save_path = dir.path().join("g.ron");
    let mut game = TsuitateGame::new(TsuitateRules::default());
    // Gote's impossible attempt (8b8d) is told to gote alone.
    for usi in ["7g7f", "8b8d", "3c3d"] {
        game.attempt(usi).expect("attempt");
    }
    game.apply(Request::Resign).expect("resign");
    TsuitateSave::of(&game, meta())
        .write(&save_path)
        .expect("writes");
    let bin = env!("CARGO_BIN_EXE_kriegspiel");
    let run = |args: &[&str]| {
        let out = Command::new(bin)
            .args(args)
            .arg(&save_path)
            .output()
            .expect("runs");
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).expect("UTF-8")
    };
    let umpire = run(&["replay"]);
    assert!(
        umpire.contains("Gote tried 8b8d. To Gote only: Impossible"),
        "{umpire}"
    );
    assert!(
        umpire.contains("Sente wins") || umpire.contains("Gote wins"),
        "{umpire}"
    );
    let sente = run(&["replay", "--seat", "black"]);
    assert!(sente.contains("As Sente knew it"), "{sente}");
    assert!(
        !sente.contains("8b8d") && !sente.contains("3c3d"),
        "{sente}"
    );
    let gote = run(&["replay", "--seat", "white"]);
    assert!(gote.contains("You tried 8b8d. Impossible"), "{gote}");
    assert!(!gote.contains("7g7f"), "{gote}");
    let kif = run(&["csa", "--kif"]);
    assert_eq!(kif, kriegspiel::tsuitate::kif::to_kif(&game, &meta()));
    assert!(
        kif.contains("   1 ７六歩(77)") && kif.contains("   2 ３四歩(33)"),
        "{kif}"
    );
}

#[test]
fn review_and_export_read_a_finished_tsuitate_save() {
    let dir = tempfile::tempdir().expect("temp dir");
    let save_path = dir.path().join("g.ron");
    let game = known_game();
    TsuitateSave::of(&game, meta())
        .write(&save_path)
        .expect("writes");
    let bin = env!("CARGO_BIN_EXE_kriegspiel");
    let run = |args: &[&str]| {
        Command::new(bin)
            .args(args)
            .arg(&save_path)
            .output()
            .expect("runs")
    };
    let out = run(&["review"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("Review of a tsuitate shogi game"), "{text}");
    assert!(text.contains("  3. Sente 8h2b+, a capture"), "{text}");
    assert!(text.contains("Sente: "), "{text}");
    // Pictures: the umpire's board names both sides' pieces, a seat's only its own.
    for (view, ext, own, other) in [
        ("referee", "svg", "Sente", ""),
        ("black", "svg", "Sente", "Gote"),
        ("white", "svg", "Gote", "Sente"),
        ("white", "png", "", ""),
    ] {
        let out_path = dir.path().join(format!("{view}.{ext}"));
        let out = Command::new(bin)
            .args(["export", "--view", view, "--ply", "4", "--out"])
            .arg(&out_path)
            .arg(&save_path)
            .output()
            .expect("runs");
        assert!(
            out.status.success(),
            "{view}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let bytes = std::fs::read(&out_path).expect("written");
        if ext == "png" {
            assert_eq!(&bytes[1..4], b"PNG");
            continue;
        }
        let svg = String::from_utf8(bytes).expect("UTF-8");
        assert!(svg.contains(&format!("{own} pawn")), "{view}: {svg}");
        if !other.is_empty() {
            assert!(!svg.contains(&format!("{other} ")), "{view} shows {other}");
        }
    }
    // An unfinished game is refused, as for chess.
    let mut unfinished = TsuitateGame::new(TsuitateRules::default());
    unfinished.attempt("7g7f").expect("attempt");
    TsuitateSave::of(&unfinished, meta())
        .write(&save_path)
        .expect("writes");
    assert_eq!(run(&["review"]).status.code(), Some(2));
}

/// The lines of the file at `path` (none when it is missing).
fn lines_of(path: &std::path::Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .map(|t| t.lines().map(str::to_owned).collect())
        .unwrap_or_default()
}

#[test]
fn the_hosts_autosave_appends_one_journal_line_per_request_and_rarely_rewrites_the_save() {
    use kriegspiel::save::journal::journal_path;
    use kriegspiel::seat::Hello;
    use kriegspiel::seat::door::SeatTable;
    use kriegspiel::tsuitate::table::{TsuitateHost, slot};
    use std::time::Duration;
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("host.ron");
    let journal = journal_path(&path);
    let game = TsuitateGame::new(TsuitateRules::default());
    let mut host = TsuitateHost::new(game, meta(), Some(path.clone()), 3, false);
    for c in [Color::Black, Color::White] {
        let mut hello = Hello::new();
        hello.token = Some(host.door_mut().reserve(slot(c)));
        host.connect(&hello.line(), Duration::ZERO).expect("seated");
    }
    let requests = 600;
    let mut snapshot = std::fs::read(&path).expect("the first snapshot");
    let mut rewrites = 0;
    for k in 1..=requests {
        // Sente has no piece on 5e: an impossible attempt, logged.
        host.handle(
            slot(Color::Black),
            r#"{"op":"try","move":"5e5d"}"#,
            Duration::ZERO,
        );
        assert_eq!(host.game().events().len(), k);
        let now = std::fs::read(&path).expect("the save");
        if now != snapshot {
            rewrites += 1;
            snapshot = now;
        }
        // The journal: its header, then one line per event since the snapshot.
        assert_eq!(
            lines_of(&journal).len(),
            1 + host.journaled(),
            "request {k}"
        );
    }
    // A snapshot only when the journal is as long as half the game (and at least 64 lines):
    // a handful of rewrites for 600 requests, not one per request.
    assert!((3..=8).contains(&rewrites), "{rewrites} rewrites");
    assert!(host.journaled() > 0);
    // What was acknowledged loads: the snapshot and its journal.
    let loaded = save::load_file(&path).expect("the autosave loads");
    assert_eq!(loaded.game.events().len(), requests);
    assert_eq!(loaded.game.events(), host.game().events());
}

/// `saved` written and read back through the one envelope, generic over the game: the same
/// save, its header line first, and a newer version of it refused by the envelope.
fn through_the_envelope<S>(saved: &S, dir: &std::path::Path) -> String
where
    S: kriegspiel::save::SaveFile + PartialEq + std::fmt::Debug,
{
    use kriegspiel::save::envelope;
    let path = dir.join(format!("{}.ron", S::VERSION_FIELD));
    envelope::write(saved, &path).expect("written");
    let text = std::fs::read_to_string(&path).expect("read");
    assert!(text.starts_with(S::HEADER), "{text}");
    assert_eq!(envelope::sniff_version::<S>(&text), Some(Ok(S::FORMAT)));
    assert_eq!(
        &envelope::peek_at::<S>(&text, &path).expect("parses"),
        saved
    );
    let newer = text.replacen(
        &format!("{}: {}", S::VERSION_FIELD, S::FORMAT),
        &format!("{}: {}", S::VERSION_FIELD, S::FORMAT + 1),
        1,
    );
    assert_eq!(
        envelope::parse::<S>(&newer).err(),
        Some(LoadError::NewerFormat {
            found: S::FORMAT + 1,
            supported: S::FORMAT
        })
    );
    text
}

#[test]
fn both_games_saves_are_read_and_written_by_the_one_envelope() {
    use kriegspiel::save::{SaveFile, SavedGame, envelope};
    let dir = tempfile::tempdir().expect("tempdir");
    let shogi = TsuitateSave::of(&known_game(), meta());
    let chess_game = kriegspiel::log::Game::standard(kriegspiel::rules::RuleSet::default());
    let chess = SavedGame::of(&chess_game, Meta::default(), None);
    let shogi_text = through_the_envelope(&shogi, dir.path());
    let chess_text = through_the_envelope(&chess, dir.path());
    // Each game's envelope refuses the other's file by naming its game.
    assert_eq!(
        envelope::parse::<SavedGame>(&shogi_text).err(),
        Some(LoadError::OtherGame(TsuitateSave::KIND))
    );
    assert_eq!(
        envelope::parse::<TsuitateSave>(&chess_text).err(),
        Some(LoadError::OtherGame(SavedGame::KIND))
    );
    // The header is read the same way for both.
    let mut parsed = envelope::parse::<TsuitateSave>(&shogi_text).expect("parses");
    assert_eq!(parsed.meta_mut().black, meta().black);
    assert_eq!(parsed.events(), known_game().events().len());
    let mut parsed = envelope::parse::<SavedGame>(&chess_text).expect("parses");
    assert_eq!(parsed.meta_mut(), &Meta::default());
    assert_eq!(parsed.events(), 0);
    let loaded =
        envelope::load_file::<TsuitateSave>(&dir.path().join("tsuitate.ron")).expect("checked");
    assert_eq!(loaded.game.events().len(), known_game().events().len());
}
