//! Installing like a desktop program (issue 31): the shell completions and the manual pages
//! generated from the command line's definition, and the packaged copies in `assets/` kept
//! current with them.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_kriegspiel");

/// Every subcommand, as the completions and the manual name it.
const SUBCOMMANDS: [&str; 16] = [
    "referee",
    "replay",
    "pgn",
    "scoresheet",
    "selfplay",
    "match",
    "endgame",
    "krk",
    "krk-table",
    "problem",
    "host",
    "join",
    "engine",
    "bench",
    "completions",
    "manpage",
];

fn run(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .output()
        .expect("the command runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn completions_for_each_shell_name_every_subcommand() {
    for shell in ["bash", "zsh", "fish"] {
        let out = run(&["completions", shell]);
        assert!(out.status.success(), "{shell}: {out:?}");
        let script = stdout(&out);
        assert!(script.len() > 1000, "{shell}: {script}");
        assert!(script.contains("kriegspiel"), "{shell}");
        for sub in SUBCOMMANDS {
            assert!(script.contains(sub), "{shell} completions lack {sub}");
        }
        // Option values too: the rule sets.
        assert!(script.contains("berkeley_any"), "{shell}");
    }
    let unknown = run(&["completions", "cmd.exe"]);
    assert_eq!(
        unknown.status.code(),
        Some(2),
        "an unknown shell is bad input"
    );
}

#[test]
fn the_manual_page_is_roff_naming_every_subcommand_and_exit_status() {
    let out = run(&["manpage"]);
    assert!(out.status.success(), "{out:?}");
    let page = stdout(&out);
    assert!(page.contains(".TH kriegspiel 1"), "{page}");
    assert!(
        page.contains(".SH NAME") && page.contains(".SH SYNOPSIS"),
        "{page}"
    );
    for sub in SUBCOMMANDS {
        let reference = format!("kriegspiel\\-{}(1)", sub.replace('-', "\\-"));
        assert!(page.contains(&reference), "no {reference} in the page");
    }
    assert!(page.contains(".SH \"EXIT STATUS\""), "{page}");
    for status in ["0", "1", "2", "3"] {
        assert!(
            page.contains(&format!(".TP\n{status}\n")),
            "status {status}"
        );
    }
    assert!(page.contains("out of time (problem \\-\\-max\\-seconds)"));
}

#[test]
fn manpage_out_dir_writes_a_page_per_subcommand() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let out_dir = dir.path().join("new").join("man1");
    let out = run(&["manpage", "--out-dir", out_dir.to_str().expect("UTF-8")]);
    assert!(out.status.success(), "{out:?}");
    assert!(out.stdout.is_empty(), "pages go to the folder only");
    let top = read(&out_dir.join("kriegspiel.1"));
    assert_eq!(
        top,
        stdout(&run(&["manpage"])),
        "the same page as on stdout"
    );
    for sub in SUBCOMMANDS {
        let page = read(&out_dir.join(format!("kriegspiel-{sub}.1")));
        let title = format!(".TH kriegspiel-{sub} 1");
        assert!(page.contains(&title), "{sub}: {page}");
        assert!(page.contains(".SH \"EXIT STATUS\""), "{sub}");
    }
    // A folder that cannot be made (a file is in the way) fails with status 1, in words.
    let blocked = dir.path().join("file");
    std::fs::write(&blocked, "x").expect("a file");
    let out = run(&["manpage", "--out-dir", blocked.to_str().expect("UTF-8")]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot write the manual pages"));
}

/// The files of `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names
}

#[test]
fn the_packaged_manual_pages_are_current() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let out = run(&["manpage", "--out-dir", dir.path().to_str().expect("UTF-8")]);
    assert!(out.status.success(), "{out:?}");
    let shipped = repo("assets/man");
    let fix = "regenerate them: cargo run -- manpage --out-dir assets/man";
    assert_eq!(names(dir.path()), names(&shipped), "{fix}");
    for name in names(dir.path()) {
        let fresh = read(&dir.path().join(&name));
        assert!(
            fresh == read(&shipped.join(&name)),
            "{name} is stale; {fix}"
        );
    }
}

#[test]
fn the_packaged_completions_are_current() {
    for (shell, file) in [
        ("bash", "kriegspiel.bash"),
        ("zsh", "_kriegspiel"),
        ("fish", "kriegspiel.fish"),
    ] {
        let fresh = stdout(&run(&["completions", shell]));
        let shipped = read(&repo("assets/completions").join(file));
        assert!(
            fresh == shipped,
            "assets/completions/{file} is stale; regenerate it: \
             cargo run -- completions {shell} > assets/completions/{file}"
        );
    }
}
