//! Exporting the whole match history, one file at a time: only the sort keys of all the
//! games are held at once, each game is read, written to the workbook and dropped, and a
//! file that cannot be exported is skipped and reported without stopping the others.

use super::atomic::read_capped;
use super::error::{ExportError, StoreError};
use super::history::{HistoryFilter, history_files, load_entry};
use super::saves::MAX_FILE_BYTES;
use super::workbook::{ExportInfo, ExportOptions, WorkbookWriter};
use serde::Deserialize;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// Why a history file was left out of the workbook.
#[derive(Debug, Error)]
pub enum SkipReason {
    /// It could not be loaded (damaged, not a regular file, unfinished, ...).
    #[error(transparent)]
    Load(#[from] StoreError),
    /// It loaded, but cannot go into a workbook (a text too long for a cell).
    #[error(transparent)]
    Export(#[from] ExportError),
}

/// What [`export_history`] did.
#[derive(Debug, Default)]
pub struct HistoryExport {
    /// The workbook's contents.
    pub info: ExportInfo,
    /// The files left out, by path, with why.
    pub skipped: Vec<(PathBuf, SkipReason)>,
}

/// Only what orders the history: a cheap first look at each file.
#[derive(Deserialize, Default)]
#[serde(default)]
struct SortProbe {
    created: u64,
    result: Option<EndProbe>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct EndProbe {
    ended: u64,
}

/// The moment that orders a history file (as `SavedGame::sort_time`), or `u64::MAX` for
/// a file that does not even parse (it is reported when it is loaded).
fn sort_key(path: &Path) -> u64 {
    let Ok(bytes) = read_capped(path, MAX_FILE_BYTES) else {
        return u64::MAX;
    };
    std::str::from_utf8(&bytes)
        .ok()
        .and_then(|text| ron::from_str::<SortProbe>(text).ok())
        .map_or(u64::MAX, |probe| {
            probe.result.map_or(probe.created, |result| result.ended)
        })
}

/// Writes the history of the saves folder `dir` (the games that pass `filter`, ordered
/// by the time they ended, then by id) as a workbook at `path`, atomically. `stop` is
/// asked between games; when it says yes, nothing is written.
///
/// # Errors
/// [`ExportError::Cancelled`] when stopped; [`ExportError::Write`] or
/// [`ExportError::Xlsx`] when the workbook cannot be written. A damaged or unexportable
/// history file is not an error: it is in `HistoryExport::skipped`.
pub fn export_history(
    dir: &Path,
    filter: &HistoryFilter,
    path: &Path,
    options: ExportOptions,
    stop: &dyn Fn() -> bool,
) -> Result<HistoryExport, ExportError> {
    let (files, listing_errors) = history_files(dir);
    let mut skipped: Vec<(PathBuf, SkipReason)> = listing_errors
        .into_iter()
        .map(|(path, err)| (path, err.into()))
        .collect();
    let mut ordered: Vec<(u64, String, PathBuf)> = Vec::with_capacity(files.len());
    for (id, file) in files {
        if stop() {
            return Err(ExportError::Cancelled);
        }
        ordered.push((sort_key(&file), id, file));
    }
    ordered.sort();
    let mut writer = WorkbookWriter::new(options);
    for (_, id, file) in ordered {
        if stop() {
            return Err(ExportError::Cancelled);
        }
        let (entry, reached) = match load_entry(id, &file) {
            Ok(loaded) => loaded,
            Err(err) => {
                skipped.push((file, err.into()));
                continue;
            }
        };
        if !filter.matches(&entry) {
            continue;
        }
        match writer.add_replayed(&entry, &reached) {
            Ok(()) => {}
            Err(err) if err.is_about_one_game() => skipped.push((file, err.into())),
            Err(err) => return Err(err),
        }
    }
    if stop() {
        return Err(ExportError::Cancelled);
    }
    let info = writer.finish(path)?;
    skipped.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(HistoryExport { info, skipped })
}
