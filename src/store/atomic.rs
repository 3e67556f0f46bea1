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
    /// The path is not a regular file (a folder, a FIFO, a socket, a device): it was not
    /// opened, since opening a FIFO blocks until a writer comes.
    NotRegular(&'static str),
    /// The file exceeds the cap; it holds at least this many bytes.
    TooLarge(u64),
    /// Any other system error.
    Io(io::Error),
}

/// What kind of thing a path that is not a regular file is, in words for a message
/// ("a FIFO (named pipe)", "a folder", ...).
pub fn kind_of(file_type: fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if file_type.is_socket() {
            return "a socket";
        }
        if file_type.is_block_device() || file_type.is_char_device() {
            return "a device";
        }
    }
    if file_type.is_dir() {
        "a folder"
    } else if file_type.is_symlink() {
        "a broken symbolic link"
    } else {
        "not a regular file"
    }
}

/// Whether `path` (following symbolic links) is a regular file, checked without opening
/// it; `Ok(())` or the [`ReadError`] to report.
pub(crate) fn check_regular(path: &Path) -> Result<(), ReadError> {
    match fs::metadata(path) {
        Ok(metadata) if metadata.is_file() => Ok(()),
        Ok(metadata) => Err(ReadError::NotRegular(kind_of(metadata.file_type()))),
        Err(err) if err.kind() == io::ErrorKind::NotFound => {
            // A symbolic link to nothing is there, but cannot be read.
            match fs::symlink_metadata(path) {
                Ok(link) => Err(ReadError::NotRegular(kind_of(link.file_type()))),
                Err(_) => Err(ReadError::NotFound),
            }
        }
        Err(err) => Err(ReadError::Io(err)),
    }
}

/// Reads `path` whole if it is a regular file of at most `limit` bytes, never reading
/// more than `limit + 1` (a file that grows while being read is still refused).
pub(crate) fn read_capped(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    check_regular(path)?;
    let file = File::open(path).map_err(|err| match err.kind() {
        io::ErrorKind::NotFound => ReadError::NotFound,
        _ => ReadError::Io(err),
    })?;
    let metadata = file.metadata().map_err(ReadError::Io)?;
    // Checked again on the open file: the path may have been replaced in between.
    if !metadata.is_file() {
        return Err(ReadError::NotRegular(kind_of(metadata.file_type())));
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_regular_files_are_read() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let file = dir.path().join("file");
        fs::write(&file, b"text").unwrap_or_else(|e| panic!("{e}"));
        assert!(matches!(read_capped(&file, 10), Ok(bytes) if bytes == b"text"));
        assert!(matches!(read_capped(&file, 3), Err(ReadError::TooLarge(4))));
        assert!(matches!(
            read_capped(dir.path(), 10),
            Err(ReadError::NotRegular("a folder"))
        ));
        assert!(matches!(
            read_capped(&dir.path().join("none"), 10),
            Err(ReadError::NotFound)
        ));
        #[cfg(unix)]
        {
            let link = dir.path().join("dangling");
            std::os::unix::fs::symlink(dir.path().join("none"), &link)
                .unwrap_or_else(|e| panic!("{e}"));
            assert!(matches!(
                read_capped(&link, 10),
                Err(ReadError::NotRegular("a broken symbolic link"))
            ));
            // Opening a FIFO would block until a writer comes: it must not be opened.
            let fifo = dir.path().join("fifo");
            let made = std::process::Command::new("mkfifo")
                .arg(&fifo)
                .status()
                .unwrap_or_else(|e| panic!("mkfifo: {e}"));
            assert!(made.success());
            assert!(matches!(
                read_capped(&fifo, 10),
                Err(ReadError::NotRegular("a FIFO (named pipe)"))
            ));
        }
    }
}
