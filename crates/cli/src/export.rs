//! `queens export`: the match history as an Excel workbook.

use super::args::ExportArgs;
use super::error::{CliError, one_line};
use super::files::{prepare_workbook, require_utf8, saves_folder};
use queens_store::location::SavesSource;
use queens_store::{ExportOptions, HistoryFilter, export_history};
use serde::Serialize;
use std::path::{Path, PathBuf};

/// A history file that could not be read, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct SkippedFile {
    /// The file (a name that is not UTF-8 is shown with U+FFFD for its bad bytes, since
    /// JSON holds only Unicode text).
    #[serde(serialize_with = "lossy_path")]
    pub file: PathBuf,
    /// Why it was skipped, on one line.
    pub error: String,
}

/// Writes a path as text, replacing bytes that are not UTF-8 with U+FFFD.
fn lossy_path<S: serde::Serializer>(path: &Path, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&path.to_string_lossy())
}

/// The answer of `queens export`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct ExportReport {
    /// The workbook written.
    pub out: PathBuf,
    /// Games written (after the filters).
    pub games: usize,
    /// Damaged history files, left out of the workbook.
    pub skipped: Vec<SkippedFile>,
    /// The workbook's sheets in order: Matches, Moves, then "Moves 2", ... when the moves
    /// exceed Excel's rows per sheet, and Summary.
    pub sheets: Vec<String>,
    /// Notes also written in the Summary sheet (and on stderr), e.g. a split table.
    pub notes: Vec<String>,
}

/// Runs `queens export`. An empty history gives a workbook with headers only, and so
/// does the default saves folder before the first game made it; a saves folder named
/// with `--saves-dir` or `QUEENS_SAVES_DIR` that does not exist is refused (it is most
/// likely a typo).
///
/// # Errors
/// [`CliError::Target`] or [`CliError::Export`] when the workbook cannot be written there
/// or the saves folder does not exist.
pub(crate) fn export(args: &ExportArgs) -> Result<ExportReport, CliError> {
    export_with(args, ExportOptions::default())
}

/// [`export`] with the workbook's layout options (tests split sheets at a few rows).
///
/// # Errors
/// As [`export`].
pub(crate) fn export_with(
    args: &ExportArgs,
    options: ExportOptions,
) -> Result<ExportReport, CliError> {
    // Before reading anything: a bad target is the likelier mistake and the cheaper check.
    prepare_workbook(&args.out, &[])?;
    let location = saves_folder(args.saves_dir.as_deref())?;
    let saves = location.dir;
    require_utf8(&saves)?;
    // The default folder is made by the first game saved: before it, the history is
    // empty, which is a workbook with no games. A folder the user named must exist.
    let fresh_install = location.source == SavesSource::DataFolder
        && std::fs::symlink_metadata(&saves)
            .is_err_and(|err| err.kind() == std::io::ErrorKind::NotFound);
    if !fresh_install && !saves.is_dir() {
        let reason = if saves.exists() {
            "is not a folder; give the saves folder (the one holding history/)"
        } else {
            "the saves folder does not exist"
        };
        return Err(CliError::Target {
            path: saves,
            reason: reason.to_string(),
        });
    }
    let filter = HistoryFilter {
        size: args.size,
        opponent: args.opponent.clone(),
        kind: args.kind,
    };
    let done = export_history(&saves, &filter, &args.out, options, &|| false)?;
    for note in &done.info.notes {
        eprintln!("queens: note: {note}");
    }
    let skipped = done
        .skipped
        .into_iter()
        .map(|(file, err)| SkippedFile {
            file,
            error: one_line(&err),
        })
        .collect();
    Ok(ExportReport {
        out: args.out.clone(),
        games: done.info.games,
        skipped,
        sheets: done.info.sheets,
        notes: done.info.notes,
    })
}
