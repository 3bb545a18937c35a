//! `kriegspiel import`: games written by other programs (tests/data/import, made by
//! tests/tools/make_import_fixtures.py with the `kriegspiel` and `reconchess` packages and
//! python-chess) replayed through the referee. Each imported game ends in the source's final
//! position and keeps the source's refused attempts and questions; a damaged file of each kind
//! is refused with a clear message and exit status 2, and nothing is written.

use kriegspiel::announce::Item;
use kriegspiel::import::{Format, ImportError, detect, import_file, open};
use kriegspiel::referee::Request;
use kriegspiel::rules::Preset;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_kriegspiel");

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/import")
        .join(name)
}

fn json(name: &str) -> Value {
    let text = std::fs::read_to_string(data(name)).expect("fixture");
    serde_json::from_str(&text).expect("fixture is JSON")
}

/// The first `n` space-separated fields of a FEN.
fn fields(fen: &str, n: usize) -> String {
    fen.split_whitespace().take(n).collect::<Vec<_>>().join(" ")
}

/// The imported game's final true position.
fn final_fen(name: &str) -> (kriegspiel::import::Imported, String) {
    let imported = import_file(&data(name), &Preset::Wild16.rules()).expect("imports");
    let game = imported.saved.log.replay().expect("the save replays");
    let fen = game.referee().fen();
    (imported, fen)
}

/// How many requests of each kind: attempts refused, attempts played, "Any?" asked.
fn counts(saved: &kriegspiel::save::SavedGame) -> (usize, usize, usize) {
    let events = &saved.log.events;
    let legal = |e: &&kriegspiel::log::Event| e.said.iter().any(|s| s.item == Item::Legal);
    let tries = events
        .iter()
        .filter(|e| matches!(e.request, Request::Try(_)));
    let played = tries.clone().filter(legal).count();
    let refused = tries.count() - played;
    let any = events.iter().filter(|e| e.request == Request::Any).count();
    (refused, played, any)
}

#[test]
fn kriegspiel_package_saves_end_where_the_package_ended() {
    for rules in ["berkeley", "berkeley_any", "wild16", "cincinnati"] {
        let name = format!("pypi-{rules}.json");
        let (imported, fen) = final_fen(&name);
        assert_eq!(imported.format, Format::KriegspielPackage);
        let source = json(&name);
        let state = &source["game_state"];
        let board_fen = state["board_fen"].as_str().expect("board_fen");
        assert_eq!(fields(&fen, 4), fields(board_fen, 4), "{name}");
        assert_eq!(
            imported.saved.log.rules,
            rules.parse::<Preset>().expect("preset").rules()
        );
        // Every question of both scoresheets is in the save, answered as the package answered.
        let (mut refused, mut played, mut any) = (0, 0, 0);
        for sheet in ["white_scoresheet", "black_scoresheet"] {
            for turn in state[sheet]["moves_own"].as_array().expect("turns") {
                for pair in turn.as_array().expect("pairs") {
                    match pair[1]["main_announcement"].as_str().expect("answer") {
                        "REGULAR_MOVE" | "CAPTURE_DONE" => played += 1,
                        "HAS_ANY" | "NO_ANY" => any += 1,
                        _ => refused += 1,
                    }
                }
            }
        }
        assert_eq!(counts(&imported.saved), (refused, played, any), "{name}");
        assert_eq!(played, state["move_stack"].as_array().expect("stack").len());
        assert!(
            refused > 20,
            "{name}: refused attempts are kept ({refused})"
        );
        if rules == "berkeley_any" {
            assert!(any > 0, "the questions are kept");
        }
    }
}

/// A FEN's pocket (`[…]`) with its units sorted, and the FEN's first four fields without it.
fn pocket_and_rest(fen: &str) -> (String, String) {
    let head = fields(fen, 4);
    let (open, close) = (
        head.find('[').expect("a pocket"),
        head.find(']').expect("]"),
    );
    let mut units: Vec<char> = head[open + 1..close].chars().collect();
    units.sort_unstable();
    let rest = format!("{}{}", &head[..open], &head[close + 1..]);
    (units.into_iter().collect(), rest)
}

/// Issue 55 item 6: a Crazyhouse Kriegspiel save of the `kriegspiel` package (its pockets
/// listed strongest unit first, `[RRPPPPqq…]`, ours pawns first) imports: the pockets are
/// compared as multisets; a pocket that differs in its units is still refused.
#[test]
fn a_crazyhouse_kriegspiel_save_of_the_package_imports() {
    let name = "pypi-crazykrieg.json";
    let imported = import_file(&data(name), &Preset::Wild16.rules()).expect("imports");
    assert_eq!(imported.format, Format::KriegspielPackage);
    assert_eq!(imported.saved.log.rules, Preset::CrazyKrieg.rules());
    let fen = imported
        .saved
        .log
        .replay()
        .expect("the save replays")
        .referee()
        .fen();
    let source = json(name);
    let state = &source["game_state"];
    let board_fen = state["board_fen"].as_str().expect("board_fen");
    // The fixture lists its pockets in another order than ours, with several kinds a side.
    assert_ne!(fields(&fen, 4), fields(board_fen, 4), "the orders differ");
    let (pocket, rest) = pocket_and_rest(board_fen);
    assert_eq!(pocket_and_rest(&fen), (pocket.clone(), rest));
    for side in [char::is_ascii_uppercase, char::is_ascii_lowercase] {
        let mut kinds: Vec<char> = pocket.chars().filter(side).collect();
        kinds.dedup();
        assert!(kinds.len() >= 2, "{pocket}");
    }
    // Every completed move is in the save, the drops among them.
    let stack: Vec<&str> = state["move_stack"]
        .as_array()
        .expect("stack")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(stack.iter().filter(|m| m.contains('@')).count() > 5);
    assert_eq!(counts(&imported.saved).1, stack.len());
    assert_eq!(imported.saved.result.is_some(), state["game_over"] == true);
    // One pawn fewer in Black's pocket: refused, the two pockets quoted.
    let text = std::fs::read_to_string(data(name)).expect("fixture");
    let dir = tempfile::tempdir().expect("a folder");
    let file = dir.path().join("changed.json");
    let changed = board_fen.replacen("pppppp]", "ppppp]", 1);
    assert_ne!(changed, board_fen);
    std::fs::write(&file, text.replacen(board_fen, &changed, 1)).expect("written");
    let refused = import_file(&file, &Preset::Wild16.rules());
    let message = refused.expect_err("a different pocket").to_string();
    assert!(message.contains("the final position"), "{message}");
}

#[test]
fn kriegspiel_org_reviews_end_where_the_site_ended() {
    for rules in ["berkeley_any", "wild16", "cincinnati"] {
        let name = format!("ksorg-{rules}.json");
        let (imported, fen) = final_fen(&name);
        assert_eq!(imported.format, Format::KriegspielOrg);
        let source = json(&name);
        let moves = source["transcript"]["moves"].as_array().expect("moves");
        let last = moves
            .iter()
            .rev()
            .find(|m| m["move_done"] == true)
            .expect("a move");
        let full = last["replay_fen"]["full"].as_str().expect("replay_fen");
        assert_eq!(fields(&fen, 4), fields(full, 4), "{name}");
        let done = moves.iter().filter(|m| m["move_done"] == true).count();
        let asked = moves
            .iter()
            .filter(|m| m["question_type"] == "ASK_ANY")
            .count();
        let refused = moves.len() - done - asked;
        assert_eq!(counts(&imported.saved), (refused, done, asked), "{name}");
        // Every completed move's position was compared with the site's.
        assert_eq!(imported.positions, done, "{name}");
        // The result and the players are the site's.
        let game = &source["game"];
        let winner = game["result"]["winner"].as_str().expect("a winner");
        let over = imported.saved.result.expect("finished");
        assert_eq!(
            over.result.pgn(),
            if winner == "white" { "1-0" } else { "0-1" }
        );
        assert_eq!(
            imported.saved.meta.white,
            game["white"]["username"].as_str().unwrap_or("")
        );
        assert_eq!(imported.saved.meta.site, "kriegspiel.org");
        assert_eq!(imported.saved.meta.date, "2026-05-01");
    }
}

#[test]
fn reconchess_histories_end_where_reconchess_ended() {
    for name in [
        "reconchess-randombot-attackerbot.json",
        "reconchess-randombot-randombot.json",
    ] {
        let (imported, fen) = final_fen(name);
        assert_eq!(imported.format, Format::Reconchess);
        assert_eq!(imported.saved.log.rules, Preset::Rbc.rules());
        let source = json(name);
        let after = |color: &str| {
            source["fens_after_move"][color]
                .as_array()
                .expect("fens")
                .clone()
        };
        let (white, black) = (after("true"), after("false"));
        let last = if white.len() > black.len() {
            &white
        } else {
            &black
        };
        let last = last.last().and_then(Value::as_str).expect("a position");
        assert_eq!(fields(&fen, 1), fields(last, 1), "{name}");
        assert_eq!(
            imported.positions,
            2 * (white.len() + black.len()),
            "{name}"
        );
        let senses = imported
            .saved
            .log
            .events
            .iter()
            .filter(|e| matches!(e.request, Request::Sense(_)))
            .count();
        let listed = |c: &str| source["senses"][c].as_array().expect("senses").len();
        assert_eq!(senses, listed("true") + listed("false"), "{name}");
        let winner = source["winner_color"].as_bool().expect("a winner");
        let over = imported.saved.result.expect("finished");
        assert_eq!(over.result.pgn(), if winner { "1-0" } else { "0-1" });
        assert_eq!(over.reason, kriegspiel::announce::EndReason::KingCaptured);
    }
}

#[test]
fn a_pgn_is_replayed_under_the_rules_chosen() {
    // python-chess's final position of tests/data/import/game.pgn.
    const PYTHON_CHESS: &str = "2r1k3/2R3Pp/3b1n2/p2r1b2/3P4/P3P3/8/2K5 w - - 5 61";
    for preset in [Preset::Wild16, Preset::Berkeley, Preset::Cincinnati] {
        let imported = import_file(&data("game.pgn"), &preset.rules()).expect("imports");
        assert_eq!(imported.format, Format::Pgn);
        assert_eq!(imported.saved.log.rules, preset.rules());
        let game = imported.saved.log.replay().expect("replays");
        assert_eq!(fields(&game.referee().fen(), 4), fields(PYTHON_CHESS, 4));
        let (refused, played, _) = counts(&imported.saved);
        assert_eq!((refused, played), (0, 120));
        assert_eq!(imported.saved.meta.white, "Random");
        assert_eq!(imported.saved.result, None, "the PGN's result is *");
    }
    let rbc = import_file(&data("game.pgn"), &Preset::Rbc.rules());
    assert!(matches!(rbc, Err(ImportError::Rules { .. })), "{rbc:?}");
}

#[test]
fn the_format_is_told_from_the_content() {
    for (name, format) in [
        ("pypi-wild16.json", Format::KriegspielPackage),
        ("ksorg-wild16.json", Format::KriegspielOrg),
        ("reconchess-randombot-randombot.json", Format::Reconchess),
        ("game.pgn", Format::Pgn),
    ] {
        let text = std::fs::read_to_string(data(name)).expect("fixture");
        assert_eq!(detect(&text), Some(format), "{name}");
        // Damaged (cut in half) it is still told apart, so the message can say what is wrong.
        assert_eq!(detect(&text[..text.len() / 2]), Some(format), "{name} cut");
    }
    assert_eq!(detect("{\"hello\": 1}"), None);
    assert_eq!(detect("hello"), None);
    assert_eq!(
        detect("// Kriegspiel save file\n(format: 2"),
        Some(Format::Save)
    );
}

#[test]
fn the_app_opens_every_kind_by_its_content() {
    for name in [
        "pypi-berkeley_any.json",
        "ksorg-cincinnati.json",
        "reconchess-randombot-attackerbot.json",
        "game.pgn",
    ] {
        let (loaded, format) = open(&data(name)).expect("opens");
        assert_ne!(format, Format::Save);
        let imported = import_file(&data(name), &Preset::Wild16.rules()).expect("imports");
        assert_eq!(loaded.saved, imported.saved, "{name}");
    }
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/sample-wild16.ron");
    let (_, format) = open(&sample).expect("a save opens");
    assert_eq!(format, Format::Save);
}

/// Runs `kriegspiel import FILE --out OUT`, returning the exit status and standard error.
fn run_import(file: &Path, out: &Path) -> (Option<i32>, String) {
    let output = Command::new(BIN)
        .arg("import")
        .arg(file)
        .arg("--out")
        .arg(out)
        .output()
        .expect("runs");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Each fixture damaged two ways: cut short, and changed so that it no longer replays.
fn damaged_files() -> Vec<(&'static str, String, &'static str)> {
    let text = |name: &str| std::fs::read_to_string(data(name)).expect("fixture");
    let ksorg = text("ksorg-wild16.json");
    let pypi = text("pypi-wild16.json");
    let rbc = text("reconchess-randombot-attackerbot.json");
    let pgn = text("game.pgn");
    vec![
        (
            "ksorg cut",
            ksorg[..ksorg.len() / 2].to_owned(),
            "kriegspiel.org game review is damaged",
        ),
        (
            "ksorg changed",
            // White's first move, e2e3, made e2e5: our referee refuses what the site played.
            ksorg.replacen("\"uci\": \"e2e3\"", "\"uci\": \"e2e5\"", 1),
            "does not replay: ply 1, White e2e5",
        ),
        (
            "pypi cut",
            pypi[..pypi.len() / 3].to_owned(),
            "kriegspiel (Python package) save is damaged",
        ),
        (
            "pypi changed",
            pypi.replacen(
                "\"board_fen\": \"",
                "\"board_fen\": \"8/8/8/8/8/8/8/K6k w - - 0 1 ",
                1,
            ),
            "the final position",
        ),
        (
            "reconchess cut",
            rbc[..rbc.len() - 10].to_owned(),
            "reconchess game history is damaged",
        ),
        (
            "reconchess changed",
            rbc.replacen("\"senses\": {\"true\": [53", "\"senses\": {\"true\": [9", 1),
            "sense result differs",
        ),
        (
            "pgn changed",
            pgn.replacen("2. Nc4", "2. Ke3", 1),
            "PGN is damaged: move 3",
        ),
        (
            "unknown",
            "{\"hello\": \"world\"}".to_owned(),
            "none of the formats",
        ),
    ]
}

#[test]
fn a_damaged_file_is_refused_with_status_2_and_nothing_written() {
    let dir = tempfile::tempdir().expect("a folder");
    for (what, text, message) in damaged_files() {
        let file = dir.path().join("damaged.json");
        std::fs::write(&file, &text).expect("written");
        let out = dir.path().join("out.ron");
        let (code, stderr) = run_import(&file, &out);
        assert_eq!(code, Some(2), "{what}: {stderr}");
        assert!(stderr.contains(message), "{what}: {stderr}");
        assert!(!stderr.contains("panicked"), "{what}: {stderr}");
        assert!(!out.exists(), "{what}: nothing is written");
        let lib = import_file(&file, &Preset::Wild16.rules());
        assert!(lib.is_err(), "{what}");
    }
}

#[test]
fn the_command_writes_a_save_next_to_the_file_and_never_over_one() {
    let dir = tempfile::tempdir().expect("a folder");
    let file = dir.path().join("game.pgn");
    std::fs::copy(data("game.pgn"), &file).expect("copied");
    let output = Command::new(BIN)
        .args(["import", "--rules", "berkeley"])
        .arg(&file)
        .output()
        .expect("runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let save = dir.path().join("game.ron");
    let loaded = kriegspiel::save::load_file(&save).expect("the save loads");
    assert_eq!(loaded.saved.log.rules, Preset::Berkeley.rules());
    // A second import would write over it: refused.
    let again = Command::new(BIN)
        .arg("import")
        .arg(&file)
        .output()
        .expect("runs");
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("exists already"));
}
