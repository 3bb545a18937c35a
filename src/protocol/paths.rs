//! Where a protocol client may read and write saves: by default only names inside the saves
//! folder (no absolute paths, no `..`), so a bot cannot touch other files; the operator can allow
//! any path (`kriegspiel referee --allow-any-path`).

use std::path::{Component, Path, PathBuf};

/// Where `save` and `load` may go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Paths {
    /// Only names inside this folder.
    Inside(PathBuf),
    /// Any path the operating system allows.
    Anywhere,
}

impl Default for Paths {
    /// The `saves/` folder of the current directory.
    fn default() -> Paths {
        Paths::Inside(PathBuf::from("saves"))
    }
}

/// A `path` that is not a plain name inside the saves folder ([`Paths::resolve`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "'{asked}' is not a plain name inside the saves folder {} (no absolute paths, no '..'; the operator can allow any path with --allow-any-path)",
    dir.display()
)]
pub struct OutsideSaves {
    /// The path asked for (shortened for the message).
    pub asked: String,
    /// The saves folder.
    pub dir: PathBuf,
}

impl Paths {
    /// The file a client's `path` names, or why it may not be used.
    pub fn resolve(&self, asked: &str) -> Result<PathBuf, OutsideSaves> {
        let dir = match self {
            Paths::Anywhere => return Ok(PathBuf::from(asked)),
            Paths::Inside(dir) => dir,
        };
        let path = Path::new(asked);
        let plain = path
            .components()
            .all(|c| matches!(c, Component::Normal(_) | Component::CurDir));
        if !plain || path.file_name().is_none() {
            return Err(OutsideSaves {
                asked: super::quote(asked),
                dir: dir.clone(),
            });
        }
        Ok(dir.join(path))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_names_inside_the_folder() {
        let inside = Paths::Inside(PathBuf::from("/s"));
        assert_eq!(inside.resolve("a.ron"), Ok(PathBuf::from("/s/a.ron")));
        assert_eq!(
            inside.resolve("club/a.ron"),
            Ok(PathBuf::from("/s/club/a.ron"))
        );
        for bad in ["/etc/passwd", "../a.ron", "club/../../a.ron", "", "."] {
            assert!(inside.resolve(bad).is_err(), "{bad}");
        }
        assert_eq!(
            Paths::Anywhere.resolve("/tmp/x"),
            Ok(PathBuf::from("/tmp/x"))
        );
    }
}
