//! The one check every file the program writes goes through, and the one way a workbook
//! is written. Writing replaces the target (a temporary file renamed over it), so a wrong
//! target is lost for good: a saved game given as `--xlsx`, a FIFO or a device node (the
//! rename would put a regular file in its place). The check runs before any work, so a
//! long analysis or arena run cannot end with nowhere to put its results, and again when
//! the file is written.

use super::atomic::{
    MAX_NAME_BYTES, ReadError, TEMP_NAME_EXTRA, check_regular, kind_of, parent_of, write_atomically,
};
use super::error::{ExportError, OutputPathError};
use rust_xlsxwriter::Workbook;
use std::path::Path;

/// What a kind of output file must be called.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutputKind {
    /// The extension, without the dot, compared ignoring ASCII case.
    pub extension: &'static str,
    /// Why the extension matters, said when it is missing.
    pub why: &'static str,
    /// Whether the writer creates a missing folder (else the folder must exist).
    pub makes_folder: bool,
}

/// An Excel workbook.
pub const XLSX: OutputKind = OutputKind {
    extension: "xlsx",
    why: "Excel refuses other names",
    makes_folder: true,
};

/// A saved game (a save, the autosave, a history entry).
pub(crate) const RON: OutputKind = OutputKind {
    extension: "ron",
    why: "Open and the history list only .ron files as saves",
    makes_folder: true,
};

/// The opening book (`queens book`).
pub const BOOK: OutputKind = OutputKind {
    extension: "ron",
    why: "the program reads its opening book as a .ron file",
    makes_folder: false,
};

/// A puzzle set (`queens puzzles --out`).
pub const PUZZLES: OutputKind = OutputKind {
    extension: "ron",
    why: "the program reads puzzle sets as .ron files",
    makes_folder: false,
};

/// The window's settings (`settings.json` in the data folder).
pub(crate) const SETTINGS: OutputKind = OutputKind {
    extension: "json",
    why: "the window reads its settings from a .json file",
    makes_folder: true,
};

/// Writes the window's settings `text` to `path` (`SETTINGS`), creating its folder:
/// atomically, so a program killed mid-write leaves the older settings whole.
///
/// # Errors
/// `StoreError::Write` naming `path`, with the path's or the system's reason.
pub fn write_settings(path: &Path, text: &str) -> Result<(), super::StoreError> {
    super::ensure_dir(super::parent_of(path))?;
    write_output(path, SETTINGS, &[], text.as_bytes()).map_err(|error| {
        let source = match error {
            WriteError::Io(source) => source,
            WriteError::Target(why) => std::io::Error::other(why.to_string()),
        };
        super::StoreError::Write {
            path: path.to_path_buf(),
            source,
        }
    })
}

/// A text file that could not be written.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The path cannot take the file; nothing was written.
    #[error(transparent)]
    Target(#[from] OutputPathError),
    /// The system refused the write; an older file there is untouched.
    #[error("could not write the file: {0}")]
    Io(#[from] std::io::Error),
}

/// Writes `bytes` as a file of `kind` at `path`: the one check first
/// ([`check_output_path`]), then atomically (a temporary file renamed over the target), so
/// a failed write leaves an older file whole. The folder must exist.
///
/// # Errors
/// A [`WriteError`]: the path refused, or the system's reason.
pub fn write_output(
    path: &Path,
    kind: OutputKind,
    inputs: &[&Path],
    bytes: &[u8],
) -> Result<(), WriteError> {
    check_output_path(path, kind, inputs)?;
    Ok(write_atomically(path, bytes)?)
}

/// Checks that a file of `kind` may be written at `path`: a name with the right
/// extension, not ending in a separator, short enough that its temporary name
/// (`.<name>.<id>.tmp`) fits a file system too, where nothing stands but a regular file
/// (or nothing yet), in a folder that exists (unless `kind` makes its folder; what
/// stands there must then not be a file), and none of `inputs` (the files the same
/// command reads; the same file under another name, a link or a second hard link,
/// counts). Nothing is created or opened.
///
/// # Errors
/// The first [`OutputPathError`] that applies.
pub fn check_output_path(
    path: &Path,
    kind: OutputKind,
    inputs: &[&Path],
) -> Result<(), OutputPathError> {
    let extension = kind.extension;
    if path.as_os_str().is_empty() {
        return Err(OutputPathError::Empty { extension });
    }
    // `Path` reads `x.xlsx/` as the name `x.xlsx`; every system call reads a folder.
    let text = path.as_os_str().as_encoded_bytes();
    if text.ends_with(b"/") || (cfg!(windows) && text.ends_with(b"\\")) {
        return Err(OutputPathError::TrailingSeparator { extension });
    }
    if path.is_dir() {
        return Err(OutputPathError::Folder { extension });
    }
    match check_regular(path) {
        Ok(()) | Err(ReadError::NotFound) => {}
        Err(ReadError::NotRegular(what)) => {
            return Err(OutputPathError::NotRegular {
                kind: what,
                extension,
            });
        }
        // Unreadable metadata (a folder without search permission): writing will say why.
        Err(ReadError::Io(_) | ReadError::TooLarge(_)) => {}
    }
    let named_right = path
        .extension()
        .is_some_and(|ext| ext.eq_ignore_ascii_case(extension));
    if !named_right {
        return Err(OutputPathError::Extension {
            extension,
            why: kind.why,
        });
    }
    if inputs.iter().any(|input| same_file(path, input)) {
        return Err(OutputPathError::IsInput);
    }
    let bytes = path
        .file_name()
        .map_or(0, |name| name.as_encoded_bytes().len());
    let max = MAX_NAME_BYTES - TEMP_NAME_EXTRA;
    if bytes > max {
        return Err(OutputPathError::NameTooLong { bytes, max });
    }
    check_folder(parent_of(path), kind.makes_folder)
}

/// The folder part of [`check_output_path`]: `folder` must be a folder; if it does not
/// exist, the nearest folder above it must be one when `makes_folder`, and it is an
/// error otherwise.
fn check_folder(folder: &Path, makes_folder: bool) -> Result<(), OutputPathError> {
    // The nearest of `folder` and the folders above it that is there.
    for at in folder.ancestors().filter(|at| !at.as_os_str().is_empty()) {
        match std::fs::metadata(at) {
            Ok(meta) if !meta.is_dir() => {
                let kind = if meta.is_file() {
                    "a file"
                } else {
                    kind_of(meta.file_type())
                };
                return Err(OutputPathError::NotAFolder {
                    folder: at.to_path_buf(),
                    kind,
                });
            }
            Ok(_) if at == folder || makes_folder => return Ok(()),
            Ok(_) => {
                return Err(OutputPathError::NoFolder {
                    folder: folder.to_path_buf(),
                });
            }
            // Not there (or under a file, which an ancestor will show): look higher.
            Err(err)
                if matches!(
                    err.kind(),
                    std::io::ErrorKind::NotFound | std::io::ErrorKind::NotADirectory
                ) => {}
            // Unreadable (no search permission): writing will say why.
            Err(_) => return Ok(()),
        }
    }
    Ok(())
}

/// Whether `a` and `b` name one existing file (after links; on Unix the same device and
/// inode, so a second hard link counts too).
fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(a), Ok(b)) = (std::fs::metadata(a), std::fs::metadata(b)) {
            return (a.dev(), a.ino()) == (b.dev(), b.ino());
        }
        false
    }
    #[cfg(not(unix))]
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Saves `workbook` at `path`, atomically (an older file stays intact on failure); the
/// folder is created if missing. The path is checked first ([`check_output_path`]), so
/// no writer of the program can replace a FIFO, a device or a file of another kind.
///
/// # Errors
/// [`ExportError::Target`] for a path that cannot take a workbook; [`ExportError::Write`]
/// naming the path when it cannot be written; [`ExportError::Xlsx`] if the library fails.
pub(crate) fn save_workbook(workbook: &mut Workbook, path: &Path) -> Result<(), ExportError> {
    // In a browser the workbook is downloaded under the path's file name.
    #[cfg(target_arch = "wasm32")]
    {
        let bytes = workbook.save_to_buffer()?;
        const XLSX_TYPE: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
        super::browser::download(path, &bytes, XLSX_TYPE).map_err(|why| ExportError::Write {
            path: path.to_path_buf(),
            source: std::io::Error::other(why),
        })
    }
    #[cfg(not(target_arch = "wasm32"))]
    save_workbook_file(workbook, path)
}

/// [`save_workbook`] on a system with files.
#[cfg(not(target_arch = "wasm32"))]
fn save_workbook_file(workbook: &mut Workbook, path: &Path) -> Result<(), ExportError> {
    check_output_path(path, XLSX, &[]).map_err(|reason| ExportError::Target {
        path: path.to_path_buf(),
        reason,
    })?;
    let bytes = workbook.save_to_buffer()?;
    let write_error = |source| ExportError::Write {
        path: path.to_path_buf(),
        source,
    };
    std::fs::create_dir_all(super::atomic::parent_of(path)).map_err(write_error)?;
    write_atomically(path, &bytes).map_err(write_error)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(path: &Path, inputs: &[&Path]) -> Result<(), OutputPathError> {
        check_output_path(path, XLSX, inputs)
    }

    #[test]
    fn new_and_regular_files_with_the_extension_pass() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(check(&dir.path().join("a/b/new.xlsx"), &[]), Ok(()));
        assert_eq!(check(&dir.path().join("NEW.XLSX"), &[]), Ok(()));
        let old = dir.path().join("old.xlsx");
        std::fs::write(&old, b"x").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(check(&old, &[]), Ok(()));
    }

    #[test]
    fn every_other_target_is_refused_with_its_reason() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let extension = "xlsx";
        assert_eq!(
            check(Path::new(""), &[]),
            Err(OutputPathError::Empty { extension })
        );
        assert_eq!(
            check(dir.path(), &[]),
            Err(OutputPathError::Folder { extension })
        );
        for name in ["out.txt", "out", "out.xlsx.ron"] {
            let err = check(&dir.path().join(name), &[]);
            assert!(
                matches!(err, Err(OutputPathError::Extension { .. })),
                "{name}"
            );
        }
        #[cfg(unix)]
        {
            let fifo = dir.path().join("pipe.xlsx");
            let made = std::process::Command::new("mkfifo").arg(&fifo).status();
            assert!(made.is_ok_and(|status| status.success()));
            let err = check(&fifo, &[]).err().map(|e| e.to_string());
            assert!(err.as_ref().is_some_and(|e| e.contains("FIFO")), "{err:?}");
        }
    }

    #[test]
    fn a_trailing_slash_a_long_name_and_a_missing_folder_are_refused() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let extension = "xlsx";
        let slash = format!("{}/", dir.path().join("x.xlsx").display());
        assert_eq!(
            check(Path::new(&slash), &[]),
            Err(OutputPathError::TrailingSeparator { extension })
        );
        let max = MAX_NAME_BYTES - TEMP_NAME_EXTRA;
        let fits = format!("{}.xlsx", "n".repeat(max - 5));
        assert_eq!(check(&dir.path().join(&fits), &[]), Ok(()));
        let long = format!("{}.xlsx", "n".repeat(max - 4));
        assert_eq!(
            check(&dir.path().join(&long), &[]),
            Err(OutputPathError::NameTooLong {
                bytes: max + 1,
                max
            })
        );
        // A workbook makes its folder; a book or a puzzle set does not.
        let missing = dir.path().join("a/b");
        assert_eq!(check(&missing.join("w.xlsx"), &[]), Ok(()));
        assert_eq!(
            check_output_path(&missing.join("p.ron"), super::PUZZLES, &[]),
            Err(OutputPathError::NoFolder { folder: missing })
        );
        let file = dir.path().join("file");
        std::fs::write(&file, b"x").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            check(&file.join("sub").join("w.xlsx"), &[]),
            Err(OutputPathError::NotAFolder {
                folder: file,
                kind: "a file"
            })
        );
    }

    #[test]
    fn an_input_file_is_never_an_output_under_any_name() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let input = dir.path().join("game.xlsx");
        std::fs::write(&input, b"(a save named .xlsx)").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(check(&input, &[&input]), Err(OutputPathError::IsInput));
        let other = dir.path().join("sub").join("..").join("game.xlsx");
        std::fs::create_dir(dir.path().join("sub")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(check(&other, &[&input]), Err(OutputPathError::IsInput));
        assert_eq!(check(&dir.path().join("out.xlsx"), &[&input]), Ok(()));
    }

    #[test]
    fn a_workbook_is_not_written_over_a_fifo() {
        #[cfg(unix)]
        {
            let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
            let fifo = dir.path().join("pipe.xlsx");
            let made = std::process::Command::new("mkfifo").arg(&fifo).status();
            assert!(made.is_ok_and(|status| status.success()));
            let err = save_workbook(&mut Workbook::new(), &fifo);
            assert!(matches!(err, Err(ExportError::Target { .. })), "{err:?}");
            let still = std::fs::symlink_metadata(&fifo).map(|m| m.file_type().is_file());
            assert_eq!(still.ok(), Some(false));
        }
    }
}
