//! Where the program finds and keeps things, wherever it is started from: the user's saves and
//! settings in the platform's folders (the `directories` crate: on Linux
//! `~/.local/share/kriegspiel/saves` and `~/.config/kriegspiel`), an older `./saves` still
//! offered, and what ships with the program carried inside the binary: the problems of
//! `assets/problems` and the sample games of `saves/`.

use include_dir::{Dir, include_dir};
use std::path::{Path, PathBuf};

static PROBLEMS: Dir<'_> = include_dir!("$CARGO_MANIFEST_DIR/assets/problems");
static SAMPLES: Dir<'_> = include_dir!("$CARGO_MANIFEST_DIR/saves");

/// A file shipped inside the program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bundled {
    /// Its name without `.ron` (e.g. `anderson-1958-no03`).
    pub name: &'static str,
    /// Its text.
    pub text: &'static str,
}

fn bundled(dir: &'static Dir<'static>) -> Vec<Bundled> {
    let mut files: Vec<Bundled> = dir
        .files()
        .filter_map(|f| {
            let name = f.path().file_name()?.to_str()?.strip_suffix(".ron")?;
            Some(Bundled {
                name,
                text: f.contents_utf8()?,
            })
        })
        .collect();
    files.sort_by_key(|b| b.name);
    files
}

/// The problems that ship with the program, by name.
pub fn problems() -> Vec<Bundled> {
    bundled(&PROBLEMS)
}

/// The shipped problem called `name` (with or without `.ron`).
pub fn problem(name: &str) -> Option<Bundled> {
    let name = name.strip_suffix(".ron").unwrap_or(name);
    problems().into_iter().find(|p| p.name == name)
}

/// The sample games that ship with the program, by name.
pub fn samples() -> Vec<Bundled> {
    bundled(&SAMPLES)
}

fn project() -> Option<directories::ProjectDirs> {
    directories::ProjectDirs::from("org", "Kriegspiel", "Kriegspiel")
}

/// The user's saves folder (on Linux `~/.local/share/kriegspiel/saves`); `saves` in the current
/// folder only when the system names no home for the user.
pub fn saves_dir() -> PathBuf {
    project().map_or_else(|| PathBuf::from("saves"), |p| p.data_dir().join("saves"))
}

/// The file the app keeps its settings in (on Linux `~/.config/kriegspiel/app.ron`).
pub fn settings_file() -> Option<PathBuf> {
    project().map(|p| p.config_dir().join("app.ron"))
}

/// A `saves` folder in the current folder, as earlier versions kept games there: offered beside
/// the user's saves folder (`None` when there is none, or it is that folder).
pub fn older_saves(current: &Path) -> Option<PathBuf> {
    let old = PathBuf::from("saves");
    let is_dir = std::fs::symlink_metadata(&old).is_ok_and(|m| m.is_dir());
    let same = match (old.canonicalize(), current.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    };
    (is_dir && !same).then_some(old)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_problems_and_samples_are_inside_the_program() {
        let problems = problems();
        assert!(problems.len() >= 10, "{}", problems.len());
        for p in &problems {
            crate::problem::Problem::parse(p.text).unwrap_or_else(|e| panic!("{}: {e}", p.name));
        }
        assert_eq!(
            problem("anderson-1958-no03.ron").map(|p| p.name),
            Some("anderson-1958-no03")
        );
        assert_eq!(problem("no-such-problem"), None);
        let samples = samples();
        assert!(samples.iter().any(|s| s.name == "sample-wild16"));
    }
}
