//! Checks on the files and folders named on the command line, done before any work so
//! that a long arena run cannot end with nowhere to put its results.

use super::error::CliError;
use queens_store::location::{SavesLocation, SavesSource, ignored_variables, saves_location};
use queens_store::{
    HISTORY_DIR, OutputKind, XLSX, check_output_path, ensure_dir, parent_of,
    remove_stale_temp_files,
};
use std::fs::OpenOptions;
use std::path::{Path, PathBuf};

/// The saves folder: `--saves-dir` if given, else `QUEENS_SAVES_DIR`, else `saves` in
/// the platform's data folder (the window's default too; never the current folder).
///
/// # Errors
/// [`CliError::NoSavesFolder`] when none of them exists (no home folder).
pub(crate) fn saves_dir(given: Option<&Path>) -> Result<PathBuf, CliError> {
    Ok(saves_folder(given)?.dir)
}

/// [`saves_dir`] with where it came from.
///
/// One rule for every command that takes a saves folder (`arena`, `export`, `gui`): a
/// folder the user named (`--saves-dir`, `QUEENS_SAVES_DIR`) must exist, and the default
/// one is made by the first game saved. A named folder that is missing is most likely a
/// typo: creating it would scatter the history over two folders, where the window and
/// `export` of the real one never see the games (as `tar -C` and `make -C` refuse a
/// missing folder rather than make one).
///
/// # Errors
/// As [`saves_dir`], and [`CliError::Target`] for a named folder that does not exist or
/// is not a folder.
pub(crate) fn saves_folder(given: Option<&Path>) -> Result<SavesLocation, CliError> {
    let location = saves_location(given, "")?;
    // A name the JSON answer could not hold is the first thing to say about it.
    require_utf8(&location.dir)?;
    require_named_folder(&location)?;
    if location.source == SavesSource::DataFolder {
        // A relative HOME or XDG_DATA_HOME was passed over: say so, once per variable.
        for variable in ignored_variables() {
            eprintln!(
                "queens: note: {variable} is not an absolute path, so it is ignored (the XDG base directory rule)"
            );
        }
    }
    Ok(location)
}

/// Refuses a saves folder the user named ([`SavesSource::Option`],
/// [`SavesSource::Environment`]) that is not an existing folder (see [`saves_folder`]).
///
/// # Errors
/// [`CliError::Target`] naming the folder and how it was named.
pub(crate) fn require_named_folder(location: &SavesLocation) -> Result<(), CliError> {
    let named = match location.source {
        SavesSource::Option => "--saves-dir",
        SavesSource::Environment => queens_store::location::SAVES_DIR_VAR,
        _ => return Ok(()),
    };
    let dir = &location.dir;
    if dir.is_dir() {
        return Ok(());
    }
    let link = std::fs::symlink_metadata(dir).is_ok_and(|meta| meta.file_type().is_symlink());
    let what = if link {
        "is a link to a folder that does not exist"
    } else if dir.exists() {
        "is not a folder; give the saves folder (the one holding history/)"
    } else {
        "does not exist"
    };
    Err(target(
        dir,
        format!(
            "the saves folder named by {named} {what}; create it first (a folder that is named must exist, so that a typo is not taken for a new folder)"
        ),
    ))
}

fn target(path: &Path, reason: impl Into<String>) -> CliError {
    CliError::Target {
        path: path.to_path_buf(),
        reason: reason.into(),
    }
}

/// Refuses a path that is not valid UTF-8: the JSON answer names the paths it wrote, and
/// JSON holds only Unicode text, so such a run could not report what it did. Checked
/// before any work, so nothing is half done.
///
/// # Errors
/// [`CliError::Target`] saying so.
pub(crate) fn require_utf8(path: &Path) -> Result<(), CliError> {
    match path.to_str() {
        Some(_) => Ok(()),
        None => Err(target(
            path,
            "the path is not valid UTF-8 text; the JSON answer could not name it, so please choose another name",
        )),
    }
}

/// Creates a file in `dir` and removes it again: the only sure test of write permission
/// (a read-only folder, a read-only mount, or permissions the process cannot judge).
///
/// # Errors
/// [`CliError::Target`] naming the folder.
pub(crate) fn probe_writable(dir: &Path) -> Result<(), CliError> {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.subsec_nanos());
    // A leading '.' keeps it out of the history's listing should it ever be left behind.
    let probe = dir.join(format!(".queens-probe-{}-{nanos}", std::process::id()));
    OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)
        .map_err(|err| target(dir, format!("cannot write in this folder: {err}")))?;
    // Failing to remove the empty probe is harmless; the write itself succeeded.
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

/// Makes sure the history folder of `saves` exists and can be written.
///
/// # Errors
/// [`CliError::Store`] if it cannot be created, [`CliError::Target`] if it cannot be
/// written or its name is not UTF-8.
pub(crate) fn prepare_history(saves: &Path) -> Result<(), CliError> {
    require_utf8(saves)?;
    let folder = saves.join(HISTORY_DIR);
    ensure_dir(&folder)?;
    probe_writable(&folder)?;
    // Leftovers of an arena killed while writing a game (ours by name, over an hour old).
    remove_stale_temp_files(&folder);
    Ok(())
}

/// Checks that a workbook can be written at `path`, before any work: a UTF-8 name, then
/// the store's one output check ([`check_output_path`]: ends in `.xlsx`, not a folder, a
/// FIFO or a device, none of `inputs`), then a folder that exists (it is created) and can
/// be written.
///
/// # Errors
/// [`CliError::Target`] saying what is wrong with the path.
pub(crate) fn prepare_workbook(path: &Path, inputs: &[&Path]) -> Result<(), CliError> {
    require_utf8(path)?;
    check_output_path(path, XLSX, inputs).map_err(|reason| target(path, reason.to_string()))?;
    let parent = parent_of(path);
    std::fs::create_dir_all(parent)
        .map_err(|err| target(parent, format!("cannot create the folder: {err}")))?;
    probe_writable(parent)?;
    // Leftovers of an export killed while writing (ours by name, over an hour old).
    remove_stale_temp_files(parent);
    Ok(())
}

/// Checks, before any work, that a file of `kind` (`book --out`, `puzzles --out`) can be
/// written at `path`: a UTF-8 name, the store's one output check ([`check_output_path`]:
/// the name, its temporary name's length, an existing folder), and a folder that can be
/// written. Nothing is created but the probe, removed at once.
///
/// # Errors
/// [`CliError::Target`] saying what is wrong with the path.
pub(crate) fn prepare_output(path: &Path, kind: OutputKind) -> Result<(), CliError> {
    require_utf8(path)?;
    check_output_path(path, kind, &[]).map_err(|reason| target(path, reason.to_string()))?;
    probe_writable(parent_of(path))
}

/// The answer when a rewrite of a file a command writes as it goes (`book`, `puzzles`)
/// fails part way (a disk that fills up): the write's error and what the file holds
/// (`holds`, e.g. "the first 12 puzzles found"), since every rewrite replaces the file
/// whole or not at all and the last good one is still there, valid. `None`: nothing of
/// this run was written.
pub(crate) fn refused_part_way(
    path: &Path,
    err: queens_store::WriteError,
    holds: Option<String>,
) -> CliError {
    let holds = match holds {
        Some(holds) => format!("the file holds {holds}, written before this failure"),
        None => "nothing of this run was written to it (a file already there is left as it was)"
            .to_string(),
    };
    target(path, format!("{err}; {holds}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn prepare_workbook_alone(path: &Path) -> Result<(), CliError> {
        prepare_workbook(path, &[])
    }

    #[test]
    fn workbook_targets_are_checked() {
        let dir = tempfile::tempdir().unwrap();
        assert!(prepare_workbook_alone(&dir.path().join("a/b/out.xlsx")).is_ok());
        assert!(dir.path().join("a/b").is_dir());
        assert!(prepare_workbook_alone(&dir.path().join("OUT.XLSX")).is_ok());
        for bad in ["", "out.txt", "out"] {
            assert!(
                prepare_workbook_alone(&dir.path().join(bad)).is_err(),
                "{bad}"
            );
        }
        assert!(prepare_workbook_alone(dir.path()).is_err());
        let long = format!("{}.xlsx", "p".repeat(300));
        assert!(prepare_workbook_alone(&dir.path().join(long)).is_err());
        #[cfg(unix)]
        {
            let fifo = dir.path().join("pipe.xlsx");
            let made = std::process::Command::new("mkfifo").arg(&fifo).status();
            assert!(made.is_ok_and(|status| status.success()));
            let err = prepare_workbook_alone(&fifo).err().map(|e| e.to_string());
            assert!(err.as_ref().is_some_and(|e| e.contains("FIFO")), "{err:?}");
        }
        std::fs::write(dir.path().join("file"), b"x").unwrap();
        assert!(prepare_workbook_alone(&dir.path().join("file/out.xlsx")).is_err());
        // No probe is left behind.
        assert_eq!(
            std::fs::read_dir(dir.path().join("a/b")).unwrap().count(),
            0
        );
    }
}
