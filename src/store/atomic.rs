//! Crash-safe file writing and size-capped reading.
//!
//! A file is replaced by writing a temporary file in the same folder, flushing it to disk,
//! and renaming it over the target: a rename within one file system is atomic, so a
//! reader (or a program killed mid-write) sees either the old file or the new one, never a
//! half-written mix. On any error the temporary file is removed and the target untouched.

use super::time::now_nanos;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Distinguishes temporary files of the same process and nanosecond.
static COUNTER: AtomicU64 = AtomicU64::new(0);

/// A name no other writer (thread or process) is using at this moment: pid, a
/// per-process counter and the clock.
pub(crate) fn unique_suffix() -> String {
    let count = COUNTER.fetch_add(1, Ordering::Relaxed);
    format!(
        "{:x}-{}-{}",
        now_nanos() % 1_000_000_000_000,
        std::process::id(),
        count
    )
}

/// The folder `path` lives in (`.` for a bare file name).
pub(crate) fn parent_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

/// Replaces `path` with `bytes` atomically (see the module docs). The folder must exist.
///
/// # Errors
/// The system's error; `path` is then unchanged and no temporary file is left.
pub(crate) fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = parent_of(path);
    let name = path
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    let temp: PathBuf = dir.join(format!(".{name}.{}.tmp", unique_suffix()));
    let result = write_then_rename(&temp, path, bytes);
    if result.is_err() {
        // Best effort: the temporary file may not even have been created.
        let _ = fs::remove_file(&temp);
    }
    result?;
    sync_dir(dir);
    Ok(())
}

fn write_then_rename(temp: &Path, path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = OpenOptions::new().write(true).create_new(true).open(temp)?;
    file.write_all(bytes)?;
    // The data must be on disk before the rename makes it visible, or a crash could leave
    // a complete-looking but empty file.
    file.sync_all()?;
    drop(file);
    if path.is_dir() {
        // Some systems would happily rename a file over an empty folder; refuse clearly.
        return Err(io::Error::new(
            io::ErrorKind::IsADirectory,
            "the path is a folder",
        ));
    }
    fs::rename(temp, path)
}

/// Flushes the folder entry of a rename so it survives a power cut (POSIX); elsewhere,
/// or if the folder cannot be opened, the rename is still atomic, only less durable.
fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    if let Ok(handle) = File::open(dir) {
        let _ = handle.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

/// Why a capped read failed.
pub(crate) enum ReadError {
    /// The file does not exist.
    NotFound,
    /// The file exceeds the cap; it holds at least this many bytes.
    TooLarge(u64),
    /// Any other system error.
    Io(io::Error),
}

/// Reads `path` whole if it holds at most `limit` bytes, never reading more than
/// `limit + 1` (a file that grows while being read is still refused).
pub(crate) fn read_capped(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    let file = File::open(path).map_err(|err| match err.kind() {
        io::ErrorKind::NotFound => ReadError::NotFound,
        _ => ReadError::Io(err),
    })?;
    let metadata = file.metadata().map_err(ReadError::Io)?;
    if metadata.is_dir() {
        return Err(ReadError::Io(io::Error::new(
            io::ErrorKind::IsADirectory,
            "the path is a folder",
        )));
    }
    if metadata.len() > limit {
        return Err(ReadError::TooLarge(metadata.len()));
    }
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge(bytes.len() as u64));
    }
    Ok(bytes)
}
