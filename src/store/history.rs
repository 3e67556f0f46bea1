//! The match history: one file per finished game in `<saves>/history/`.
//!
//! One file per game, each with a unique name and written atomically, rather than one
//! appended file: two processes finishing games at once cannot interleave or lose each
//! other's writes, a crash mid-write leaves at most a stray temporary file, and a damaged
//! entry is skipped and reported without hiding the others.

use super::atomic::{unique_suffix, write_atomically};
use super::error::StoreError;
use super::game::SavedGame;
use super::saves::{ensure_dir, load_from};
use super::time::file_stamp;
use std::fs;
use std::path::{Path, PathBuf};

/// The history's folder name inside the saves folder.
pub const HISTORY_DIR: &str = "history";

/// One finished game of the history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistoryEntry {
    /// A stable name for the game: the file stem for stored games (the workbook's
    /// "Game" column).
    pub id: String,
    /// The game, checked by replay when it was loaded.
    pub game: SavedGame,
}

impl HistoryEntry {
    /// An entry not (yet) stored in a file, e.g. an arena game.
    pub fn new(id: impl Into<String>, game: SavedGame) -> HistoryEntry {
        HistoryEntry {
            id: id.into(),
            game,
        }
    }
}

/// Appends a finished game to the history of the saves folder `dir` (creating the
/// folders if needed) and returns the new file's path.
///
/// # Errors
/// [`StoreError::NotFinished`] for a game still in progress; [`StoreError::Write`] or
/// [`StoreError::Encode`] as for [`SavedGame::save_to`].
pub fn append_history(dir: &Path, game: &SavedGame) -> Result<PathBuf, StoreError> {
    let Some(result) = game.result else {
        return Err(StoreError::NotFinished {
            plies: game.moves.len(),
        });
    };
    let folder = dir.join(HISTORY_DIR);
    ensure_dir(&folder)?;
    let path = folder.join(format!(
        "{}-{}.ron",
        file_stamp(result.ended),
        unique_suffix()
    ));
    let text = game.to_ron()?;
    write_atomically(&path, text.as_bytes()).map_err(|source| StoreError::Write {
        path: path.clone(),
        source,
    })?;
    Ok(path)
}

/// Loads the history of the saves folder `dir`: the good entries sorted by the time the
/// games ended (then by id), and each file that failed with its error. A missing history
/// folder is an empty history.
pub fn load_history(dir: &Path) -> (Vec<HistoryEntry>, Vec<(PathBuf, StoreError)>) {
    let folder = dir.join(HISTORY_DIR);
    let mut good = Vec::new();
    let mut bad = Vec::new();
    let entries = match fs::read_dir(&folder) {
        Ok(entries) => entries,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return (good, bad),
        Err(source) => {
            bad.push((
                folder.clone(),
                StoreError::Read {
                    path: folder,
                    source,
                },
            ));
            return (good, bad);
        }
    };
    for entry in entries {
        let entry = match entry {
            Ok(entry) => entry,
            Err(source) => {
                bad.push((
                    folder.clone(),
                    StoreError::Read {
                        path: folder.clone(),
                        source,
                    },
                ));
                continue;
            }
        };
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        // Temporary files of writers still at work start with '.'.
        if name.starts_with('.') || !name.ends_with(".ron") {
            continue;
        }
        let id = name.trim_end_matches(".ron").to_string();
        match load_from(&path) {
            Ok(loaded) if loaded.saved.is_finished() => good.push(HistoryEntry {
                id,
                game: loaded.saved,
            }),
            Ok(loaded) => bad.push((
                path,
                StoreError::NotFinished {
                    plies: loaded.saved.moves.len(),
                },
            )),
            Err(err) => bad.push((path, err)),
        }
    }
    good.sort_by(|a, b| (a.game.sort_time(), &a.id).cmp(&(b.game.sort_time(), &b.id)));
    bad.sort_by(|a, b| a.0.cmp(&b.0));
    (good, bad)
}

/// Which history entries to show. Empty fields match everything.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HistoryFilter {
    /// Only games on this board side.
    pub size: Option<u8>,
    /// Only games where a side's description (`human`, `alphabeta depth 4, 1000 ms`, see
    /// [`super::Side`]'s `Display`) contains this text, ignoring case.
    pub opponent: Option<String>,
}

impl HistoryFilter {
    /// Whether `entry` passes the filter.
    pub fn matches(&self, entry: &HistoryEntry) -> bool {
        let settings = &entry.game.settings;
        if self.size.is_some_and(|size| size != settings.size) {
            return false;
        }
        match &self.opponent {
            None => true,
            Some(text) => {
                let needle = text.to_lowercase();
                settings
                    .players
                    .iter()
                    .any(|side| side.to_string().to_lowercase().contains(&needle))
            }
        }
    }

    /// The entries that pass, in their order.
    pub fn apply<'a>(&self, entries: &'a [HistoryEntry]) -> Vec<&'a HistoryEntry> {
        entries.iter().filter(|e| self.matches(e)).collect()
    }
}
