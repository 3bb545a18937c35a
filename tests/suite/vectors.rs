//! Replays the reference request/response vectors (`../shared/vectors/*.jsonl`, and the copies in
//! `tests/data/` so that a plain clone still tests them) through the protocol, comparing each
//! response the way `check_referee.py` does: `ok`; and for successful responses `heard` (each
//! player's list as a multiset), `fen`, `to_move` and `over`.

use kriegspiel::protocol::Session;
use serde_json::Value;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn canon(v: &Value) -> String {
    // serde_json's Map is ordered by key (no preserve_order feature), so this is canonical.
    serde_json::to_string(v).expect("serializable")
}

fn multiset(list: &Value) -> Option<BTreeMap<String, usize>> {
    let mut m = BTreeMap::new();
    for item in list.as_array()? {
        *m.entry(canon(item)).or_insert(0) += 1;
    }
    Some(m)
}

/// `None` when `got` matches `want`, else the reason.
fn compare(want: &Value, got: &Value) -> Option<String> {
    if got.get("ok").and_then(Value::as_bool) != want.get("ok").and_then(Value::as_bool) {
        return Some(format!("ok differs: {}", canon(got)));
    }
    if want["ok"] == Value::Bool(false) {
        return None;
    }
    for color in ["white", "black"] {
        if multiset(&got["heard"][color]) != multiset(&want["heard"][color]) {
            return Some(format!("heard.{color} differs"));
        }
    }
    for field in ["fen", "to_move", "over"] {
        if got.get(field) != want.get(field) {
            return Some(format!("{field} differs"));
        }
    }
    // Any further field the reference answer has (the pockets of Crazyhouse Kriegspiel).
    if let Some(want) = want.as_object() {
        for (field, value) in want {
            if !["ok", "heard", "fen", "to_move", "over"].contains(&field.as_str())
                && got.get(field) != Some(value)
            {
                return Some(format!("{field} differs"));
            }
        }
    }
    None
}

/// Replays one vector file in-process; returns (passed, failures).
fn replay(path: &Path) -> (usize, Vec<String>) {
    let text = std::fs::read_to_string(path).expect("vector file readable");
    let mut session = Session::new();
    let mut out = String::new();
    let (mut passed, mut failures) = (0, Vec::new());
    for (number, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let vector: Value = serde_json::from_str(line).expect("vector is JSON");
        let request = match &vector["req"] {
            Value::String(s) => s.clone(),
            other => canon(other),
        };
        out.clear();
        session.handle_line(&request, &mut out);
        let got: Value = serde_json::from_str(&out).unwrap_or(Value::Null);
        match compare(&vector["resp"], &got) {
            None => passed += 1,
            Some(reason) => failures.push(format!(
                "{}:{}: {reason}\n  req:  {request}\n  want: {}\n  got:  {out}",
                path.display(),
                number + 1,
                canon(&vector["resp"])
            )),
        }
    }
    (passed, failures)
}

fn files_in(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "jsonl"));
    files.sort();
    files
}

fn check_all(files: &[PathBuf]) -> usize {
    let mut total = 0;
    let mut all_failures = Vec::new();
    for file in files {
        let (passed, failures) = replay(file);
        println!(
            "{}: {passed} passed, {} failed",
            file.display(),
            failures.len()
        );
        total += passed;
        all_failures.extend(failures.into_iter().take(5));
    }
    assert!(
        all_failures.is_empty(),
        "mismatches:\n{}",
        all_failures.join("\n")
    );
    total
}

#[test]
fn copied_vectors_pass() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let files = files_in(&dir);
    assert!(
        files.len() >= 9,
        "tests/data should hold edge.jsonl and a slice of every file"
    );
    let total = check_all(&files);
    assert!(total > 3500, "only {total} responses compared");
}

#[test]
fn shared_vectors_pass() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/vectors");
    let files = files_in(&dir);
    if files.is_empty() {
        println!("../shared/vectors not present: only tests/data is checked");
        return;
    }
    let total = check_all(&files);
    assert!(total > 50_000, "only {total} responses compared");
}

/// The variants of RULES.md section 5 (Crazyhouse Kriegspiel, secret "Any?", the handicap
/// games): slices of the reference files kept in `tests/data/variants`, and the whole files
/// where `../shared` is present.
#[test]
fn variant_vectors_pass() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/variants");
    let files = files_in(&dir);
    assert!(
        files.len() >= 3,
        "tests/data/variants holds the variant slices"
    );
    let total = check_all(&files);
    assert!(total > 2500, "only {total} responses compared");
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/vectors-variants");
    let whole = files_in(&shared);
    if !whole.is_empty() {
        let total = check_all(&whole);
        assert!(total > 17_000, "only {total} responses compared");
    }
}

/// The real binary over real pipes: one response line per request line, in order.
#[test]
fn binary_speaks_the_protocol() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/edge.jsonl");
    let text = std::fs::read_to_string(&path).expect("edge vectors");
    let vectors: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    let mut input = String::new();
    for v in &vectors {
        match &v["req"] {
            Value::String(s) => input.push_str(s),
            other => input.push_str(&canon(other)),
        }
        input.push('\n');
    }
    // Also a line that is not UTF-8 at the end.
    let mut bytes = input.into_bytes();
    bytes.extend_from_slice(b"\xff\xfe{\n");
    // The default saves folder is the user's: a home of the test's own.
    let home = tempfile::tempdir().expect("a home");
    let mut child = Command::new(env!("CARGO_BIN_EXE_kriegspiel"))
        .arg("referee")
        .env("HOME", home.path())
        .env_remove("XDG_DATA_HOME")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start kriegspiel referee");
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || stdin.write_all(&bytes));
    let output = child.wait_with_output().expect("referee runs");
    writer
        .join()
        .expect("writer thread")
        .expect("write requests");
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).expect("UTF-8 output");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), vectors.len() + 1, "one response per request");
    for (i, (v, line)) in vectors.iter().zip(&lines).enumerate() {
        let got: Value = serde_json::from_str(line).expect("each response is JSON");
        assert_eq!(compare(&v["resp"], &got), None, "line {}", i + 1);
    }
    let last: Value = serde_json::from_str(lines[vectors.len()]).expect("json");
    assert_eq!(last["ok"], Value::Bool(false));
}
