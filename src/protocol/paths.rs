//! Where a protocol client may read and write saves: by default only names inside the saves
//! folder, so a bot cannot touch other files; the operator can allow any path
//! (`kriegspiel referee --allow-any-path`).
//!
//! A name is first checked as written (no absolute paths, no `..`), then on the disk after
//! following links: its folder must already exist (a request never creates folders) and, once
//! every link in it is followed, lie inside the saves folder (itself with its links followed); the
//! file itself may not be a link. The path handed back is that resolved one, so a link changed
//! between the check and the use of an unrelated path is not followed.

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
    "{asked} is not a plain name inside the saves folder {} (no absolute paths, no '..'; the operator can allow any path with --allow-any-path)",
    dir.display()
)]
pub struct OutsideSaves {
    /// The path asked for (quoted short for the message).
    pub asked: String,
    /// The saves folder.
    pub dir: PathBuf,
}

/// Why a client's path may not be used ([`Paths::resolve`]).
#[derive(Debug, thiserror::Error)]
pub enum PathError {
    /// Not a plain name (absolute, `..`, empty).
    #[error(transparent)]
    Outside(#[from] OutsideSaves),
    /// A link in the path leads out of the saves folder.
    #[error(
        "{asked} leads out of the saves folder {} through a link: refused (the operator can allow any path with --allow-any-path)",
        dir.display()
    )]
    ThroughLink {
        /// The path asked for (quoted short).
        asked: String,
        /// The saves folder.
        dir: PathBuf,
    },
    /// The file named is a link.
    #[error("{asked} is a link, not a save file: refused")]
    Link {
        /// The path asked for (quoted short).
        asked: String,
    },
    /// The folder the name is in does not exist (or is no folder).
    #[error(
        "the folder of {asked} does not exist in the saves folder {} (saving never creates folders): {source}",
        dir.display()
    )]
    NoFolder {
        /// The path asked for (quoted short).
        asked: String,
        /// The saves folder.
        dir: PathBuf,
        /// Why it could not be found.
        source: std::io::Error,
    },
    /// The saves folder itself cannot be found.
    #[error("the saves folder {} cannot be used: {source}", dir.display())]
    Folder {
        /// The saves folder.
        dir: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

impl Paths {
    /// The file a client's `path` names, or why it may not be used (see the module's doc).
    pub fn resolve(&self, asked: &str) -> Result<PathBuf, PathError> {
        let dir = match self {
            Paths::Anywhere => return Ok(PathBuf::from(asked)),
            Paths::Inside(dir) => dir,
        };
        let shown = || crate::untrusted::quoted_to(asked, super::QUOTE);
        let path = Path::new(asked);
        let plain = path
            .components()
            .all(|c| matches!(c, Component::Normal(_) | Component::CurDir));
        let (Some(name), true) = (path.file_name(), plain) else {
            return Err(OutsideSaves {
                asked: shown(),
                dir: dir.clone(),
            }
            .into());
        };
        let root = dir.canonicalize().map_err(|source| PathError::Folder {
            dir: dir.clone(),
            source,
        })?;
        let joined = dir.join(path);
        let folder = joined.parent().unwrap_or(dir);
        let real_folder = folder
            .canonicalize()
            .and_then(|f| {
                if f.is_dir() {
                    Ok(f)
                } else {
                    Err(std::io::Error::from(std::io::ErrorKind::NotADirectory))
                }
            })
            .map_err(|source| PathError::NoFolder {
                asked: shown(),
                dir: dir.clone(),
                source,
            })?;
        if !real_folder.starts_with(&root) {
            return Err(PathError::ThroughLink {
                asked: shown(),
                dir: dir.clone(),
            });
        }
        let real = real_folder.join(name);
        if std::fs::symlink_metadata(&real).is_ok_and(|m| m.file_type().is_symlink()) {
            return Err(PathError::Link { asked: shown() });
        }
        Ok(real)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_names_inside_the_folder() {
        let scratch = tempfile::tempdir().expect("a temporary folder");
        let dir = scratch.path().to_path_buf();
        std::fs::create_dir(dir.join("club")).expect("a folder");
        let real = dir.canonicalize().expect("canonical");
        let inside = Paths::Inside(dir);
        assert_eq!(inside.resolve("a.ron").ok(), Some(real.join("a.ron")));
        assert_eq!(
            inside.resolve("club/a.ron").ok(),
            Some(real.join("club/a.ron"))
        );
        assert_eq!(
            inside.resolve("./club/./a.ron").ok(),
            Some(real.join("club/a.ron"))
        );
        for bad in ["/etc/passwd", "../a.ron", "club/../../a.ron", "", "."] {
            assert!(
                matches!(inside.resolve(bad), Err(PathError::Outside(_))),
                "{bad}"
            );
        }
        assert!(matches!(
            inside.resolve("new/a.ron"),
            Err(PathError::NoFolder { .. })
        ));
        assert_eq!(
            Paths::Anywhere.resolve("/tmp/x").ok(),
            Some(PathBuf::from("/tmp/x"))
        );
    }
}
