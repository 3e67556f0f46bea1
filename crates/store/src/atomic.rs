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
use std::time::{Duration, SystemTime};

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

/// The longest file name (one path component) Linux, macOS and Windows file systems take.
pub(crate) const MAX_NAME_BYTES: usize = 255;

/// The most a temporary name adds to the file's name: `.` + `.` + the hex clock (under
/// 10^12: 10 digits) + `-` + the pid (10 digits) + `-` + the counter (20 digits) + `.tmp`.
pub(crate) const TEMP_NAME_EXTRA: usize = 2 + 10 + 1 + 10 + 1 + 20 + 4;

/// How old a temporary file of ours must be before a later run removes it: no write of
/// ours takes anywhere near this long, so an older one was left by a killed process.
pub(crate) const STALE_TEMP_AGE: Duration = Duration::from_secs(60 * 60);

/// Whether `name` is exactly a temporary name [`write_atomically`] makes:
/// `.<file name>.<hex clock>-<pid>-<counter>.tmp`.
pub(crate) fn is_our_temp_name(name: &str) -> bool {
    let Some(inner) = name
        .strip_prefix('.')
        .and_then(|rest| rest.strip_suffix(".tmp"))
    else {
        return false;
    };
    let Some((file, suffix)) = inner.rsplit_once('.') else {
        return false;
    };
    let parts: Vec<&str> = suffix.split('-').collect();
    let digits = |text: &str, hex: bool| {
        !text.is_empty()
            && text
                .chars()
                .all(|c| c.is_ascii_digit() || (hex && matches!(c, 'a'..='f')))
    };
    !file.is_empty()
        && parts.len() == 3
        && digits(parts[0], true)
        && digits(parts[1], false)
        && digits(parts[2], false)
}

/// Removes the file `path` named `name` if it is one of our temporary files (by its
/// exact name pattern), a regular file, and older than [`STALE_TEMP_AGE`]; returns whether
/// it did. Anything else is left alone.
pub(crate) fn remove_if_stale_temp(path: &Path, name: &str) -> bool {
    if !is_our_temp_name(name) {
        return false;
    }
    let Ok(metadata) = fs::symlink_metadata(path) else {
        return false;
    };
    let old = metadata
        .modified()
        .ok()
        .and_then(|modified| SystemTime::now().duration_since(modified).ok())
        .is_some_and(|age| age >= STALE_TEMP_AGE);
    metadata.is_file() && old && fs::remove_file(path).is_ok()
}

/// Removes the stale temporary files of ours in `dir`, left by a process killed while
/// writing: files named exactly as this module names them (`.<name>.<id>.tmp`), regular,
/// and older than `STALE_TEMP_AGE`; returns how many. A folder that cannot be
/// listed is left alone.
pub fn remove_stale_temp_files(dir: &Path) -> usize {
    let Ok(entries) = fs::read_dir(dir) else {
        return 0;
    };
    entries
        .filter_map(Result::ok)
        .filter(|entry| {
            let name = entry.file_name();
            name.to_str()
                .is_some_and(|name| remove_if_stale_temp(&entry.path(), name))
        })
        .count()
}

/// The folder `path` lives in (`.` for a bare file name).
pub fn parent_of(path: &Path) -> &Path {
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
    {
        // Closed at the end of this block, before the rename (Windows refuses to rename
        // an open file).
        let mut file = OpenOptions::new().write(true).create_new(true).open(temp)?;
        file.write_all(bytes)?;
        // The data must be on disk before the rename makes it visible, or a crash could
        // leave a complete-looking but empty file.
        file.sync_all()?;
    }
    if path.is_dir() {
        // Some systems would happily rename a file over an empty folder; refuse clearly.
        return Err(io::Error::new(
            io::ErrorKind::IsADirectory,
            "the path is a folder",
        ));
    }
    fs::rename(temp, path).map_err(|err| explain_held_open(err, cfg!(windows)))
}

/// Windows refuses to replace a file another program holds open without sharing it
/// (Excel holds its workbooks so): the rename fails with `ERROR_ACCESS_DENIED` (5),
/// `ERROR_SHARING_VIOLATION` (32) or `ERROR_LOCK_VIOLATION` (33). The folder was
/// writable (the temporary file was just written there), so the file itself is held:
/// say what to do. `on_windows` is a parameter so the wording is tested everywhere.
fn explain_held_open(err: io::Error, on_windows: bool) -> io::Error {
    match err.raw_os_error() {
        Some(5 | 32 | 33) if on_windows => io::Error::new(
            err.kind(),
            format!(
                "{err}; the file is open in another program (Excel?): close it there and try again"
            ),
        ),
        _ => err,
    }
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
pub(crate) fn kind_of(file_type: fs::FileType) -> &'static str {
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
    fn a_file_held_by_another_program_on_windows_says_to_close_it() {
        for code in [5, 32, 33] {
            let text = explain_held_open(io::Error::from_raw_os_error(code), true).to_string();
            assert!(text.contains("close it there and try again"), "{text}");
        }
        // The same numbers mean other things elsewhere (5 is EIO on Linux).
        let text = explain_held_open(io::Error::from_raw_os_error(5), false).to_string();
        assert!(!text.contains("Excel"), "{text}");
        let text = explain_held_open(io::Error::from_raw_os_error(2), true).to_string();
        assert!(!text.contains("Excel"), "{text}");
    }

    #[test]
    fn temporary_names_never_add_more_than_their_bound() {
        for _ in 0..3 {
            let suffix = unique_suffix();
            assert!(
                format!(".a.{suffix}.tmp").len() - 1 <= TEMP_NAME_EXTRA,
                "{suffix}"
            );
        }
        assert_eq!(u64::MAX.to_string().len(), 20);
        assert_eq!(u32::MAX.to_string().len(), 10);
        assert!(format!("{:x}", 1_000_000_000_000u64 - 1).len() <= 10);
    }

    #[test]
    fn only_our_exact_temporary_names_match() {
        let ours = format!(".h.xlsx.{}.tmp", unique_suffix());
        assert!(is_our_temp_name(&ours), "{ours}");
        assert!(is_our_temp_name(
            ".20240501-123456-1f-12-3.ron.9ab-77-0.tmp"
        ));
        for other in [
            "h.xlsx.9ab-77-0.tmp",
            ".h.xlsx.tmp",
            "..9ab-77-0.tmp",
            ".h.xlsx.9ab-77.tmp",
            ".h.xlsx.9ab-77-0-1.tmp",
            ".h.xlsx.XYZ-77-0.tmp",
            ".h.xlsx.9ab-77-0.tmp.bak",
            ".my-notes.tmp",
            ".queens-probe-12-345",
        ] {
            assert!(!is_our_temp_name(other), "{other}");
        }
    }

    #[test]
    fn only_old_temporary_files_of_ours_are_removed() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let write = |name: &str, age: Duration| {
            let path = dir.path().join(name);
            fs::write(&path, b"x").unwrap_or_else(|e| panic!("{e}"));
            let file = File::options()
                .write(true)
                .open(&path)
                .unwrap_or_else(|e| panic!("{e}"));
            let when = SystemTime::now() - age;
            file.set_modified(when).unwrap_or_else(|e| panic!("{e}"));
            path
        };
        let hour = STALE_TEMP_AGE;
        let stale = write(".h.xlsx.1f-12-3.tmp", hour + Duration::from_secs(60));
        let fresh = write(".g.ron.1f-12-4.tmp", Duration::from_secs(60));
        let foreign = write(".notes.tmp", hour * 2);
        let save = write("game.ron", hour * 2);
        assert_eq!(remove_stale_temp_files(dir.path()), 1);
        assert!(!stale.exists());
        assert!(fresh.exists() && foreign.exists() && save.exists());
    }

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
