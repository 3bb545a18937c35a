//! The documents inside the repository: the user-facing ones exist, point only inside the
//! repository, and say what the program does. RULES.md names every preset and every rule flag,
//! and its preset tables hold each preset's real flag values; PROTOCOL.md's example exchanges are
//! replayed through the protocol and must be answered word for word as printed.

use kriegspiel::protocol::Session;
use kriegspiel::rules::Preset;
use kriegspiel::variant::describe::Flag;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The documents a user of the repository reads.
const USER_DOCUMENTS: [&str; 4] = ["README.md", "RULES.md", "PROTOCOL.md", "PROTOCOL-SEAT.md"];

/// Where the project's shared folder (specification, reference vectors, tools) sits: next to the
/// repository, not in it.
const SHARED: &str = "../shared";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(name: &str) -> String {
    std::fs::read_to_string(root().join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Each line of a Markdown text with the heading it falls under (code blocks are not headings).
fn lines_under_headings(text: &str) -> Vec<(String, &str)> {
    let mut heading = String::new();
    let mut in_code = false;
    let mut out = Vec::new();
    for line in text.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
        } else if !in_code && line.starts_with('#') {
            heading = line.trim_start_matches('#').trim().to_owned();
        }
        out.push((heading.clone(), line));
    }
    out
}

#[test]
fn the_user_documents_exist() {
    for name in USER_DOCUMENTS.iter().chain(&["ARCHITECTURE.md", "LICENSE"]) {
        let text = read(name);
        assert!(text.len() > 1000, "{name} is nearly empty");
    }
    let readme = read("README.md");
    for linked in [
        "RULES.md",
        "PROTOCOL.md",
        "PROTOCOL-SEAT.md",
        "ARCHITECTURE.md",
    ] {
        assert!(
            readme.contains(linked),
            "README.md does not point to {linked}"
        );
    }
}

/// The rule: users are never sent outside the repository. RULES.md, PROTOCOL.md,
/// PROTOCOL-SEAT.md, README.md (its reference vectors are in `tests/data/`), ARCHITECTURE.md and
/// the app's own words (`src/app`, `src/wording`) never name the shared folder, which a user never
/// has (issue 57). No document points
/// to the shared specification, which the repository's RULES.md and PROTOCOL.md replace.
#[test]
fn users_are_pointed_only_inside_the_repository() {
    for name in ["RULES.md", "PROTOCOL.md", "PROTOCOL-SEAT.md"] {
        assert!(!read(name).contains(SHARED), "{name} names {SHARED}");
    }
    for name in ["README.md", "ARCHITECTURE.md"] {
        for (heading, line) in lines_under_headings(&read(name)) {
            assert!(
                !line.contains(SHARED),
                "{name} names {SHARED} under \"{heading}\": {line}"
            );
        }
    }
    assert!(
        read("README.md").contains("tests/data/"),
        "README.md no longer says where the vectors are"
    );
    for name in USER_DOCUMENTS.iter().chain(&["ARCHITECTURE.md"]) {
        assert!(
            !read(name).contains("shared/spec"),
            "{name} points to the shared spec"
        );
    }
    let mut sources = Vec::new();
    for dir in ["src/app", "src/wording"] {
        rust_files(&root().join(dir), &mut sources);
    }
    assert!(sources.len() > 20, "the app's sources were not found");
    for file in sources {
        let text = std::fs::read_to_string(&file).expect("a source file");
        assert!(!text.contains(SHARED), "{} names {SHARED}", file.display());
    }
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a source folder").flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn rules_md_names_every_preset_and_every_flag() {
    let rules = read("RULES.md");
    let protocol = read("PROTOCOL.md");
    for p in Preset::ALL {
        let id = format!("`{}`", p.id());
        assert!(
            rules.contains(&id),
            "RULES.md does not name the preset {id}"
        );
        assert!(
            rules.contains(p.title()),
            "RULES.md does not name {}",
            p.title()
        );
        assert!(
            protocol.contains(&id),
            "PROTOCOL.md does not name the preset {id}"
        );
    }
    for flag in flags_of(Preset::Berkeley).keys() {
        let row = format!("| `{flag}` (");
        assert!(
            rules.contains(&row),
            "RULES.md section 7 does not describe `{flag}`"
        );
    }
    for flag in Flag::ALL {
        let named = format!("({})", flag.name());
        assert!(
            rules.contains(&named),
            "RULES.md does not give the editor's name {named}"
        );
    }
}

/// A preset's flags as the protocol and the saves write them.
fn flags_of(p: Preset) -> serde_json::Map<String, Value> {
    match serde_json::to_value(p.rules()) {
        Ok(Value::Object(flags)) => flags,
        other => panic!("{p}: flags are not an object: {other:?}"),
    }
}

/// A table cell as a flag's value: `"f"` is `f`, and RBC's unread flags carry a note.
fn cell_value(cell: &str) -> String {
    cell.trim()
        .trim_end_matches("(not read)")
        .trim()
        .trim_matches('"')
        .to_owned()
}

fn json_value(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Every table of RULES.md headed `| flag | `preset` | …` holds each preset's real values.
#[test]
fn rules_md_preset_tables_hold_the_real_flags() {
    let rules = read("RULES.md");
    let mut checked = std::collections::BTreeSet::new();
    let mut columns: Vec<Preset> = Vec::new();
    for line in rules.lines() {
        let cells: Vec<&str> = line.trim().trim_matches('|').split('|').collect();
        if line.starts_with("|---") {
            continue;
        }
        if line.starts_with("| flag |") {
            columns = cells[1..]
                .iter()
                .map(|c| {
                    let id = c.trim().trim_matches('`');
                    id.parse().unwrap_or_else(|_| panic!("'{id}' is no preset"))
                })
                .collect();
            continue;
        }
        if !line.starts_with("| `") || columns.is_empty() || cells.len() != columns.len() + 1 {
            columns.clear();
            continue;
        }
        let flag = cells[0].trim().trim_matches('`');
        for (p, cell) in columns.iter().zip(&cells[1..]) {
            let real = flags_of(*p);
            let value = real
                .get(flag)
                .unwrap_or_else(|| panic!("RULES.md: `{flag}` is no rule flag"));
            assert_eq!(
                cell_value(cell),
                json_value(value),
                "RULES.md: {p} `{flag}`"
            );
            checked.insert((p.id(), flag.to_owned()));
        }
    }
    let every = Preset::ALL.len() * flags_of(Preset::Berkeley).len();
    assert_eq!(
        checked.len(),
        every,
        "not every preset's every flag is in a table"
    );
}

/// PROTOCOL.md's examples are real: each example that starts a game (and touches no files) is
/// replayed through a fresh protocol session, and every answer must be the printed one.
#[test]
fn protocol_md_examples_are_what_the_referee_answers() {
    let protocol = read("PROTOCOL.md");
    let mut replayed = 0;
    let mut exchanges = 0;
    for block in protocol.split("```").skip(1).step_by(2) {
        let lines: Vec<&str> = block.lines().filter(|l| !l.is_empty()).collect();
        let starts_a_game = lines
            .first()
            .is_some_and(|l| l.starts_with("> {\"op\":\"new\""));
        if !starts_a_game || block.contains("\"op\":\"save\"") || block.contains("\"op\":\"load\"")
        {
            continue;
        }
        let mut session = Session::new();
        let mut answer = String::new();
        for pair in lines.chunks(2) {
            let [sent, printed] = pair else {
                panic!("an example request without its answer: {pair:?}");
            };
            let request = sent.strip_prefix("> ").expect("a request line");
            let expected = printed.strip_prefix("< ").expect("an answer line");
            answer.clear();
            session.handle_line(request, &mut answer);
            assert_eq!(answer, expected, "PROTOCOL.md: the answer to {request}");
            exchanges += 1;
        }
        replayed += 1;
    }
    assert!(
        replayed >= 10 && exchanges >= 40,
        "only {replayed} examples ({exchanges} exchanges) replayed"
    );
}

/// Issue 58: only the games' own modules name a game; outside them, the two registries
/// (`src/games.rs`, `src/app/games.rs`) and the module declarations (`src/lib.rs`,
/// `src/app/mod.rs`) do, and nothing else: every other file asks the registries.
#[test]
fn only_the_registries_and_the_games_own_modules_name_a_game() {
    let own = ["src/tsuitate/", "src/app/shogi/"];
    let allowed = [
        "src/games.rs",
        "src/app/games.rs",
        "src/lib.rs",
        "src/app/mod.rs",
    ];
    let mut sources = Vec::new();
    rust_files(&root().join("src"), &mut sources);
    assert!(sources.len() > 100, "the sources were not found");
    let mut naming = Vec::new();
    for file in sources {
        let relative = file.strip_prefix(root()).expect("under the root");
        let name = relative.to_string_lossy().replace('\\', "/");
        if own.iter().any(|dir| name.starts_with(dir)) {
            continue;
        }
        let text = std::fs::read_to_string(&file).expect("a source file");
        let lower = text.to_lowercase();
        if lower.contains("tsuitate") || lower.contains("shogi") {
            naming.push(name);
        }
    }
    naming.sort();
    let outside: Vec<&String> = naming
        .iter()
        .filter(|n| !allowed.contains(&n.as_str()))
        .collect();
    assert!(
        outside.is_empty(),
        "these files name a game outside its module and the registries: {outside:?}"
    );
    assert!(
        naming.len() >= 2,
        "the registries no longer name the games: {naming:?}"
    );
}
