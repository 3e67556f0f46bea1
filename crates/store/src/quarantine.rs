//! Moving aside a file the program could not read (a corrupt or newer-version autosave),
//! so that it is never overwritten or deleted: the player may still want it, or a newer
//! version of the program may read it. The file keeps its folder and gets a name that
//! says what happened and when, e.g. `autosave.damaged-20261123-113400.ron`.

use super::error::StoreError;
use super::time::{file_stamp, now_unix};
use std::fs;
use std::path::{Path, PathBuf};

/// The name `path` gets when moved aside at the UTC time `stamp` (`20261123-113400`):
/// `autosave.ron` becomes `autosave.damaged-20261123-113400.ron`, with `-2`, `-3`, ...
/// after the stamp for the `n`th file of the same second (`n` >= 2).
pub(crate) fn damaged_name(path: &Path, stamp: &str, n: u32) -> PathBuf {
    let stem = path
        .file_stem()
        .map_or_else(|| "file".into(), |s| s.to_string_lossy().into_owned());
    let extension = path
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    let suffix = if n >= 2 {
        format!("-{n}")
    } else {
        String::new()
    };
    path.with_file_name(format!("{stem}.damaged-{stamp}{suffix}{extension}"))
}

/// Moves `path` aside under `damaged_name` in the same folder and returns the new path.
/// An existing file (or link, or anything) is never replaced: the next free name is used.
///
/// # Errors
/// [`StoreError::Write`] if the file cannot be renamed; it is then left as it was.
pub fn quarantine(path: &Path) -> Result<PathBuf, StoreError> {
    let stamp = file_stamp(now_unix());
    let mut n = 1;
    let mut target = damaged_name(path, &stamp, n);
    // symlink_metadata also sees a dangling link, which `exists()` would miss.
    while fs::symlink_metadata(&target).is_ok() {
        n += 1;
        target = damaged_name(path, &stamp, n);
    }
    fs::rename(path, &target).map_err(|source| StoreError::Write {
        path: path.to_path_buf(),
        source,
    })?;
    Ok(target)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_name_says_damaged_and_when() {
        let path = Path::new("saves/autosave.ron");
        assert_eq!(
            damaged_name(path, "20261123-113400", 1),
            Path::new("saves/autosave.damaged-20261123-113400.ron")
        );
        assert_eq!(
            damaged_name(path, "20261123-113400", 3),
            Path::new("saves/autosave.damaged-20261123-113400-3.ron")
        );
    }

    #[test]
    fn a_damaged_file_is_moved_aside_and_nothing_is_overwritten() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let path = dir.path().join("autosave.ron");
        let mut moved = Vec::new();
        for content in ["first", "second"] {
            fs::write(&path, content).unwrap_or_else(|e| panic!("{e}"));
            moved.push(quarantine(&path).unwrap_or_else(|e| panic!("{e}")));
        }
        assert!(!path.exists());
        assert_ne!(moved[0], moved[1]);
        for (target, content) in moved.iter().zip(["first", "second"]) {
            let name = target.file_name().map(|n| n.to_string_lossy().into_owned());
            assert!(name.is_some_and(|n| n.starts_with("autosave.damaged-")));
            assert_eq!(fs::read_to_string(target).ok().as_deref(), Some(content));
        }
    }

    #[test]
    fn a_missing_file_is_an_error_and_creates_nothing() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let result = quarantine(&dir.path().join("autosave.ron"));
        assert!(matches!(result, Err(StoreError::Write { .. })));
        let left = fs::read_dir(dir.path()).map_or(0, |entries| entries.count());
        assert_eq!(left, 0);
    }
}
