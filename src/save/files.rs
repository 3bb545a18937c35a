//! Reading and writing save files safely.
//!
//! Writing never goes through something that is not our own regular file: a target that exists
//! and is a device, a pipe, a folder or a symbolic link is refused, and a missing folder is an
//! error (a save never creates folders: the app creates its own saves folder). The bytes go to a temporary
//! file created exclusively with an unpredictable name in the same folder (the `tempfile`
//! crate), which is synced and renamed over the target, keeping the target's permissions, so a
//! crash leaves either the old save or the new one. Temporary files a crash left behind are
//! removed by [`remove_stale_temporaries`].
//!
//! Reading opens without blocking, checks that what was opened is a regular file no larger than
//! [`MAX_SAVE_BYTES`], and reads at most that much, so a pipe, `/dev/zero` or a huge file is
//! refused at once; [`read_glimpse`] reads only a file's head and tail (for listing saves).

use super::LoadError;
use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// The largest save this program reads: 64 MiB (a game of about half a million events).
pub const MAX_SAVE_BYTES: u64 = 64 * 1024 * 1024;

/// The prefix and suffix of our temporary files.
const TEMP_PREFIX: &str = ".kriegspiel-";
const TEMP_SUFFIX: &str = ".tmp";

/// Temporary files older than this are left over from a crash.
const STALE_AFTER: Duration = Duration::from_secs(60);

fn not_our_file(path: &Path) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        format!(
            "{} exists and is not a regular file (a device, pipe, folder or link): refusing to write over it",
            path.display()
        ),
    )
}

/// Writes `bytes` to `path` so that `path` always holds either its old contents or all of
/// `bytes` (see the module documentation). On failure `path` is untouched.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_atomic_with(path, bytes, |file, bytes| file.write_all(bytes))
}

/// [`write_atomic`] with the content writer supplied, so tests can interrupt it.
pub fn write_atomic_with(
    path: &Path,
    bytes: &[u8],
    write: impl FnOnce(&mut fs::File, &[u8]) -> io::Result<()>,
) -> io::Result<()> {
    let existing = match fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_file() => Some(meta),
        Ok(_) => return Err(not_our_file(path)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(e),
    };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if !fs::metadata(&dir).is_ok_and(|m| m.is_dir()) {
        return Err(io::Error::new(
            io::ErrorKind::NotFound,
            format!(
                "the folder {} does not exist (a save never creates folders)",
                dir.display()
            ),
        ));
    }
    let mut tmp = tempfile::Builder::new()
        .prefix(TEMP_PREFIX)
        .suffix(TEMP_SUFFIX)
        .tempfile_in(&dir)?;
    write(tmp.as_file_mut(), bytes)?;
    tmp.as_file_mut().flush()?;
    match &existing {
        Some(meta) => tmp.as_file().set_permissions(meta.permissions())?,
        // A new save is readable by others, as files usually are (the temporary file was
        // created private).
        #[cfg(unix)]
        None => {
            use std::os::unix::fs::PermissionsExt;
            tmp.as_file()
                .set_permissions(fs::Permissions::from_mode(0o644))?;
        }
        #[cfg(not(unix))]
        None => {}
    }
    tmp.as_file().sync_all()?;
    // The target may have changed kind since it was checked: check again just before the rename
    // (a rename never writes through a link or into a device; it replaces the name).
    if fs::symlink_metadata(path).is_ok_and(|m| !m.file_type().is_file()) {
        return Err(not_our_file(path));
    }
    tmp.persist(path).map_err(|e| e.error)?;
    // Make the rename itself durable.
    if let Ok(d) = fs::File::open(&dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// Removes temporary files of ours in `dir` that a crash left behind (older than a minute, so a
/// write under way in another process is not disturbed). Returns how many were removed.
pub fn remove_stale_temporaries(dir: &Path) -> usize {
    let Ok(entries) = fs::read_dir(dir) else {
        return 0;
    };
    let now = SystemTime::now();
    let mut removed = 0;
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let ours = (name.starts_with(TEMP_PREFIX) && name.ends_with(TEMP_SUFFIX))
            || is_old_style_temporary(&name);
        let Ok(meta) = entry.metadata() else {
            continue;
        };
        let old = meta
            .modified()
            .ok()
            .and_then(|m| now.duration_since(m).ok())
            .is_some_and(|age| age >= STALE_AFTER);
        if ours && meta.file_type().is_file() && old && fs::remove_file(entry.path()).is_ok() {
            removed += 1;
        }
    }
    removed
}

/// Earlier versions wrote `.<name>.<pid>.tmp`.
fn is_old_style_temporary(name: &str) -> bool {
    name.strip_prefix('.')
        .and_then(|rest| rest.strip_suffix(".tmp"))
        .and_then(|rest| rest.rsplit_once('.'))
        .is_some_and(|(stem, pid)| {
            stem.ends_with(".ron") && !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit())
        })
}

/// Reads a save file's text: a regular file of at most [`MAX_SAVE_BYTES`], valid UTF-8.
pub fn read_save_text(path: &Path) -> Result<String, LoadError> {
    read_text(path, true)
}

/// [`read_save_text`] that refuses a symbolic link (for the files next to a save that the
/// program itself writes, such as its journal).
pub fn read_own_text(path: &Path) -> Result<String, LoadError> {
    read_text(path, false)
}

/// Opens `path` to write without following a link at its last component and without blocking
/// (a pipe without a reader is an error, not a wait), creating it when missing (`truncate`: and
/// emptying it), and checks that what was opened is a regular file.
pub fn open_own_file(path: &Path, truncate: bool) -> io::Result<fs::File> {
    let mut options = fs::OpenOptions::new();
    options.create(true).write(true).truncate(truncate);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    if fs::symlink_metadata(path).is_ok_and(|m| !m.file_type().is_file()) {
        return Err(not_our_file(path));
    }
    let file = options.open(path).map_err(|e| match e.raw_os_error() {
        #[cfg(unix)]
        Some(libc::ELOOP | libc::ENXIO) => not_our_file(path),
        _ => e,
    })?;
    if !file.metadata()?.is_file() {
        return Err(not_our_file(path));
    }
    Ok(file)
}

/// What [`read_glimpse`] read of a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Glimpse {
    /// The file's first bytes (its whole text when `tail` is `None`), cut at a character.
    pub head: String,
    /// The file's last bytes, when the file is longer than what was asked of its head and
    /// tail together (starting at a character).
    pub tail: Option<String>,
    /// The file's length.
    pub len: u64,
}

/// Reads at most `head + tail` bytes of a save file, safely like [`read_save_text`]: the whole
/// text when the file has no more, else its first `head` and its last `tail` bytes. A file
/// larger than [`MAX_SAVE_BYTES`] is refused like [`read_save_text`] refuses it.
pub fn read_glimpse(path: &Path, head: u64, tail: u64) -> Result<Glimpse, LoadError> {
    let io_error = |e: io::Error| LoadError::Io {
        path: path.display().to_string(),
        message: e.to_string(),
    };
    let (mut file, len) = open_regular(path, true)?;
    if len <= head.saturating_add(tail) {
        let mut bytes = Vec::new();
        (&mut file)
            .take(head.saturating_add(tail))
            .read_to_end(&mut bytes)
            .map_err(io_error)?;
        let head = String::from_utf8(bytes).map_err(|e| LoadError::NotUtf8 {
            byte: e.utf8_error().valid_up_to(),
        })?;
        return Ok(Glimpse {
            head,
            tail: None,
            len,
        });
    }
    let mut first = Vec::new();
    (&mut file)
        .take(head)
        .read_to_end(&mut first)
        .map_err(io_error)?;
    let mut last = Vec::new();
    io::Seek::seek(&mut file, io::SeekFrom::Start(len - tail)).map_err(io_error)?;
    file.take(tail).read_to_end(&mut last).map_err(io_error)?;
    // The head may end inside a character, the tail start inside one: at most three bytes each.
    let head = match String::from_utf8(first) {
        Ok(text) => text,
        Err(e) if e.as_bytes().len() - e.utf8_error().valid_up_to() <= 3 => {
            let valid = e.utf8_error().valid_up_to();
            let mut bytes = e.into_bytes();
            bytes.truncate(valid);
            String::from_utf8(bytes).map_err(|e| LoadError::NotUtf8 {
                byte: e.utf8_error().valid_up_to(),
            })?
        }
        Err(e) => {
            return Err(LoadError::NotUtf8 {
                byte: e.utf8_error().valid_up_to(),
            });
        }
    };
    let skip = last
        .iter()
        .take(3)
        .take_while(|b| (0x80..0xc0).contains(*b))
        .count();
    let tail = String::from_utf8(last.split_off(skip)).map_err(|e| LoadError::NotUtf8 {
        byte: e.utf8_error().valid_up_to(),
    })?;
    Ok(Glimpse {
        head,
        tail: Some(tail),
        len,
    })
}

/// Opens `path` to read without blocking and checks that it is a regular file of at most
/// [`MAX_SAVE_BYTES`]; the file and its length.
fn open_regular(path: &Path, follow_links: bool) -> Result<(fs::File, u64), LoadError> {
    let io_error = |e: io::Error| LoadError::Io {
        path: path.display().to_string(),
        message: e.to_string(),
    };
    let mut options = fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // Opening a pipe for reading would wait for a writer: never block.
        let no_follow = if follow_links { 0 } else { libc::O_NOFOLLOW };
        options.custom_flags(libc::O_NONBLOCK | no_follow);
    }
    #[cfg(not(unix))]
    if !follow_links && fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
        return Err(LoadError::NotAFile {
            path: path.display().to_string(),
        });
    }
    let file = options.open(path).map_err(|e| {
        #[cfg(unix)]
        if e.raw_os_error() == Some(libc::ELOOP) {
            return LoadError::NotAFile {
                path: path.display().to_string(),
            };
        }
        io_error(e)
    })?;
    let meta = file.metadata().map_err(io_error)?;
    if !meta.is_file() {
        return Err(LoadError::NotAFile {
            path: path.display().to_string(),
        });
    }
    if meta.len() > MAX_SAVE_BYTES {
        return Err(LoadError::TooLarge {
            path: path.display().to_string(),
            size: meta.len(),
            limit: MAX_SAVE_BYTES,
        });
    }
    Ok((file, meta.len()))
}

fn read_text(path: &Path, follow_links: bool) -> Result<String, LoadError> {
    let bytes = read_bytes(path, follow_links)?;
    String::from_utf8(bytes).map_err(|e| LoadError::NotUtf8 {
        byte: e.utf8_error().valid_up_to(),
    })
}

/// Reads a file's bytes, bounded like a save file (for text in another encoding, such as a
/// PGN in Latin-1): a regular file of at most [`MAX_SAVE_BYTES`].
pub fn read_file_bytes(path: &Path) -> Result<Vec<u8>, LoadError> {
    read_bytes(path, true)
}

fn read_bytes(path: &Path, follow_links: bool) -> Result<Vec<u8>, LoadError> {
    let io_error = |e: io::Error| LoadError::Io {
        path: path.display().to_string(),
        message: e.to_string(),
    };
    let (file, _) = open_regular(path, follow_links)?;
    let mut bytes = Vec::new();
    file.take(MAX_SAVE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io_error)?;
    if bytes.len() as u64 > MAX_SAVE_BYTES {
        return Err(LoadError::TooLarge {
            path: path.display().to_string(),
            size: bytes.len() as u64,
            limit: MAX_SAVE_BYTES,
        });
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn old_style_temporaries_are_recognised() {
        assert!(is_old_style_temporary(".game.ron.1234.tmp"));
        assert!(!is_old_style_temporary(".game.ron.tmp"));
        assert!(!is_old_style_temporary("game.ron"));
        assert!(!is_old_style_temporary(".notes.txt.12.tmp"));
    }
}
