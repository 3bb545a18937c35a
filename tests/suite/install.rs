//! Installing like a desktop program (issue 31): the shell completions and the manual pages
//! generated from the command line's definition (and the packaged copies in `assets/` kept
//! current with them), the desktop entry (valid per `desktop-file-validate`), its icons, and
//! the files the Debian package installs.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_kriegspiel");

/// Every subcommand, as the completions and the manual name it.
const SUBCOMMANDS: [&str; 22] = [
    "referee",
    "replay",
    "pgn",
    "csa",
    "import",
    "review",
    "export",
    "scoresheet",
    "selfplay",
    "samples",
    "match",
    "endgame",
    "krk",
    "krk-table",
    "kbb-table",
    "problem",
    "host",
    "join",
    "engine",
    "bench",
    "completions",
    "manpage",
];

/// The app id: the desktop entry's and the icons' name, the window's class.
const APP_ID: &str = "org.kriegspiel.Kriegspiel";

/// The sizes of the PNG icons (the hicolor theme's folders `NxN/apps`).
const ICON_SIZES: [u32; 8] = [16, 24, 32, 48, 64, 128, 256, 512];

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

/// The desktop entry's `Key=value` lines.
fn desktop_entry() -> Vec<(String, String)> {
    let path = repo(&format!("assets/desktop/{APP_ID}.desktop"));
    read(&path)
        .lines()
        .filter_map(|l| l.split_once('='))
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect()
}

#[test]
fn the_desktop_entry_starts_the_program_with_its_icon() {
    let entry = desktop_entry();
    let value = |key: &str| {
        entry
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
            .unwrap_or_else(|| panic!("no {key}"))
    };
    assert_eq!(value("Type"), "Application");
    assert_eq!(value("Name"), "Kriegspiel");
    assert_eq!(value("Exec").split(' ').next(), Some("kriegspiel"));
    assert_eq!(value("Icon"), APP_ID, "the icons' name");
    assert_eq!(value("StartupWMClass"), APP_ID, "the window's class");
    assert!(value("Categories").split(';').any(|c| c == "BoardGame"));
}

#[test]
fn the_desktop_entry_is_valid() {
    let path = repo(&format!("assets/desktop/{APP_ID}.desktop"));
    let out = match Command::new("desktop-file-validate").arg(&path).output() {
        Ok(out) => out,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            eprintln!(
                "SKIPPED: desktop-file-validate is not installed (Debian: desktop-file-utils; \
                 ./test.sh installs it)"
            );
            return;
        }
        Err(e) => panic!("desktop-file-validate: {e}"),
    };
    let said = format!("{}{}", stdout(&out), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{said}");
    assert!(
        !said.contains("error") && !said.contains("warning"),
        "{said}"
    );
}

/// A PNG's width and height, from its header.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "not a PNG");
    assert_eq!(&bytes[12..16], b"IHDR");
    let number = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
    (number(16), number(20))
}

#[test]
fn the_icon_comes_in_every_size_and_as_svg() {
    let svg = read(&repo(&format!("assets/icons/{APP_ID}.svg")));
    assert!(svg.contains("<svg") && svg.contains("viewBox"), "{svg}");
    for size in ICON_SIZES {
        let path = repo(&format!("assets/icons/{size}x{size}/{APP_ID}.png"));
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(png_size(&bytes), (size, size), "{}", path.display());
    }
}

/// The `[source, destination, mode]` lines of `[package.metadata.deb]`'s assets.
fn deb_assets() -> Vec<[String; 3]> {
    let manifest = read(&repo("Cargo.toml"));
    let (_, deb) = manifest
        .split_once("[package.metadata.deb]")
        .expect("Cargo.toml has [package.metadata.deb]");
    let (_, assets) = deb.split_once("assets = [").expect("an assets list");
    assets
        .lines()
        .map(str::trim)
        .take_while(|l| *l != "]")
        .filter(|l| l.starts_with('['))
        .map(|l| {
            let fields: Vec<String> = l.split('"').skip(1).step_by(2).map(str::to_owned).collect();
            fields.try_into().expect("[source, destination, mode]")
        })
        .collect()
}

#[test]
fn the_debian_package_installs_the_program_entry_icons_pages_and_completions() {
    let assets = deb_assets();
    let installs = |source: &str, destination: &str| {
        assets
            .iter()
            .any(|[s, d, _]| s == source && d == destination)
    };
    assert!(installs("target/release/kriegspiel", "usr/bin/"));
    let entry = format!("assets/desktop/{APP_ID}.desktop");
    assert!(installs(&entry, "usr/share/applications/"));
    let svg = format!("assets/icons/{APP_ID}.svg");
    assert!(installs(&svg, "usr/share/icons/hicolor/scalable/apps/"));
    for size in ICON_SIZES {
        let png = format!("assets/icons/{size}x{size}/{APP_ID}.png");
        let theme = format!("usr/share/icons/hicolor/{size}x{size}/apps/");
        assert!(installs(&png, &theme), "{png}");
    }
    assert!(installs("assets/man/*.1", "usr/share/man/man1/"));
    for file in ["kriegspiel.bash", "_kriegspiel", "kriegspiel.fish"] {
        let source = format!("assets/completions/{file}");
        assert!(assets.iter().any(|[s, _, _]| *s == source), "{file}");
    }
    // Every other source is in the repository (a glob: at least one file).
    for [source, _, mode] in &assets {
        assert!(mode == "644" || mode == "755", "{source}: mode {mode}");
        if source.starts_with("target/") {
            continue;
        }
        match source.split_once('*') {
            Some((dir, suffix)) => assert!(
                names(&repo(dir)).iter().any(|n| n.ends_with(suffix)),
                "{source} matches nothing"
            ),
            None => assert!(repo(source).is_file(), "{source} is missing"),
        }
    }
}
