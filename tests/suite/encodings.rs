//! Text in other encodings (issue 56, item 7): a PGN in Latin-1 (the PGN standard's own
//! character set, ISO 8859-1) is imported with its names right; a file that is neither UTF-8
//! nor a PGN, and a problem file that is not UTF-8, are refused in their own words (they were
//! called "not a Kriegspiel save file").

use kriegspiel::import::{ImportError, import_file};
use kriegspiel::rules::Preset;
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_kriegspiel");

/// A short PGN whose White is "Réti" and whose Event is "Café", in Latin-1 (é is byte 0xE9).
fn latin1_pgn() -> Vec<u8> {
    let mut bytes = Vec::new();
    bytes.extend_from_slice(b"[Event \"Caf\xE9\"]\n[White \"R\xE9ti\"]\n[Black \"Tartakower\"]\n");
    bytes.extend_from_slice(b"[Result \"*\"]\n\n1. Nf3 d5 2. c4 *\n");
    bytes
}

#[test]
fn a_latin1_pgn_is_imported_with_its_names() {
    let dir = tempfile::tempdir().expect("a folder");
    let path = dir.path().join("reti.pgn");
    let bytes = latin1_pgn();
    assert!(String::from_utf8(bytes.clone()).is_err(), "not UTF-8");
    std::fs::write(&path, &bytes).expect("write");
    let imported = import_file(&path, &Preset::Wild16.rules()).expect("imported");
    assert_eq!(imported.saved.meta.white, "Réti");
    assert_eq!(imported.saved.meta.black, "Tartakower");
    assert_eq!(imported.saved.meta.event, "Café");
    assert_eq!(imported.requests, 3);
    // Through the command line, written as a UTF-8 save.
    let out = dir.path().join("reti.ron");
    let run = Command::new(BIN)
        .arg("import")
        .arg(&path)
        .output()
        .expect("runs");
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let save = std::fs::read_to_string(&out).expect("a UTF-8 save");
    assert!(save.contains("Réti"), "{save}");
}

#[test]
fn a_file_neither_utf8_nor_pgn_is_refused_as_not_utf8() {
    let dir = tempfile::tempdir().expect("a folder");
    let path = dir.path().join("game.json");
    std::fs::write(&path, b"{\"transcript\": \"Caf\xE9\"}").expect("write");
    let error = import_file(&path, &Preset::Wild16.rules()).expect_err("refused");
    assert_eq!(error, ImportError::NotUtf8 { byte: 19 });
    let run = Command::new(BIN)
        .arg("import")
        .arg(&path)
        .output()
        .expect("runs");
    assert_eq!(run.status.code(), Some(2));
    let said = String::from_utf8_lossy(&run.stderr);
    assert!(said.contains("not UTF-8"), "{said}");
    assert!(!said.contains("Kriegspiel save"), "{said}");
}

#[test]
fn a_problem_file_not_utf8_is_refused_in_its_own_words() {
    let dir = tempfile::tempdir().expect("a folder");
    let path = dir.path().join("problem.ron");
    std::fs::write(&path, b"(title: \"Caf\xE9\")").expect("write");
    let run = Command::new(BIN)
        .arg("problem")
        .arg(&path)
        .output()
        .expect("runs");
    assert_eq!(run.status.code(), Some(2));
    let said = String::from_utf8_lossy(&run.stderr);
    assert!(said.contains("problem file is UTF-8 text"), "{said}");
    assert!(!said.contains("Kriegspiel save"), "{said}");
}
