//! `queens export`: the match history as an Excel workbook.

use super::args::ExportArgs;
use super::error::{CliError, one_line};
use super::files::{prepare_workbook, saves_dir};
use crate::store::{HistoryEntry, HistoryFilter, export_workbook, load_history};
use serde::Serialize;
use std::path::PathBuf;

/// A history file that could not be read, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SkippedFile {
    /// The file.
    pub file: PathBuf,
    /// Why it was skipped, on one line.
    pub error: String,
}

/// The answer of `queens export`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ExportReport {
    /// The workbook written.
    pub out: PathBuf,
    /// Games written (after the filters).
    pub games: usize,
    /// Damaged history files, left out of the workbook.
    pub skipped: Vec<SkippedFile>,
}

/// Runs `queens export`. An empty history gives a workbook with headers only.
///
/// # Errors
/// [`CliError::Target`] or [`CliError::Export`] when the workbook cannot be written there.
pub fn export(args: &ExportArgs) -> Result<ExportReport, CliError> {
    // Before reading anything: a bad target is the likelier mistake and the cheaper check.
    prepare_workbook(&args.out)?;
    let (entries, bad) = load_history(&saves_dir(args.saves_dir.as_deref()));
    let filter = HistoryFilter {
        size: args.size,
        opponent: args.opponent.clone(),
    };
    let kept: Vec<HistoryEntry> = filter.apply(&entries).into_iter().cloned().collect();
    export_workbook(&kept, &args.out)?;
    let skipped = bad
        .into_iter()
        .map(|(file, err)| SkippedFile {
            file,
            error: one_line(&err),
        })
        .collect();
    Ok(ExportReport {
        out: args.out.clone(),
        games: kept.len(),
        skipped,
    })
}
