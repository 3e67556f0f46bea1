//! The match history: one file per finished game in `<saves>/history/`, of any game
//! (every game of the games table, each replayed by its own rules when loaded).
//!
//! One file per game, each with a unique name and written atomically, rather than one
//! appended file: two processes finishing games at once cannot interleave or lose each
//! other's writes, a crash mid-write leaves at most a stray temporary file, and a damaged
//! entry is skipped and reported without hiding the others.

use super::atomic::{remove_if_stale_temp, unique_suffix, write_atomically};
use super::check::CheckError;
use super::error::StoreError;
use super::game::SavedGame;
use super::kind::GameKind;
use super::saves::{Loaded, Reading, ensure_dir, read_text};
use super::time::file_stamp;
use queens_board::Board;
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

/// A file (or folder) that failed, and why.
pub(crate) type Failed = (PathBuf, StoreError);

/// The files of the history of the saves folder `dir` that may hold games, each with its
/// id (the file stem), and the errors of listing it. Temporary files of writers at work
/// (names starting with '.') and other names than `*.ron` are left out; temporary files
/// of ours older than an hour, left by a killed writer, are removed. A missing history
/// folder is an empty history.
pub(crate) fn history_files(dir: &Path) -> (Vec<(String, PathBuf)>, Vec<Failed>) {
    let folder = dir.join(HISTORY_DIR);
    let mut files = Vec::new();
    let mut bad = Vec::new();
    let read_error = |source| {
        (
            folder.clone(),
            StoreError::Read {
                path: folder.clone(),
                source,
            },
        )
    };
    let entries = match fs::read_dir(&folder) {
        Ok(entries) => entries,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return (files, bad),
        Err(source) => {
            bad.push(read_error(source));
            return (files, bad);
        }
    };
    for entry in entries {
        let entry = match entry {
            Ok(entry) => entry,
            Err(source) => {
                bad.push(read_error(source));
                continue;
            }
        };
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            // A writer at work, or one killed long ago whose leftover we clear.
            remove_if_stale_temp(&entry.path(), &name);
            continue;
        }
        if !name.ends_with(".ron") {
            continue;
        }
        // An id is the file's name: two names that differ only in bytes that are not
        // UTF-8 would read as one id (U+FFFD for each), so such a file is named, not read.
        if entry.file_name().to_str().is_none() {
            bad.push((entry.path(), StoreError::NameNotText { path: entry.path() }));
            continue;
        }
        let id = name.trim_end_matches(".ron").to_string();
        files.push((id, entry.path()));
    }
    (files, bad)
}

/// The position a history game's moves reach, by its game's rules: what the workbook
/// writes the game from (the replay's game string and moves, not the file's).
#[derive(Clone, Debug)]
pub(crate) enum Reached {
    /// A queens board (boxed: some 25 KB).
    Queens(Box<Board>),
    /// Another game of the games table, through the seam.
    Table(Box<dyn queens_engines::games::seam::AnyGame>),
}

impl Reached {
    /// Replays `game` by its game's rules.
    pub(crate) fn replay(game: &SavedGame) -> Result<Reached, CheckError> {
        match game.kind {
            GameKind::Queens => game.replay().map(|board| Reached::Queens(Box::new(board))),
            GameKind::Table(_) => game.replay_table().map(Reached::Table),
        }
    }

    /// The position as its record keeps it: the game string (tic-tac-toe's and
    /// Dodgem's position in their notation, see `AnyGame::record_game`).
    pub(crate) fn game_string(&self) -> String {
        match self {
            Reached::Queens(board) => board.game_string(),
            Reached::Table(game) => game.record_game(),
        }
    }
}

/// Loads one history file of any game as an entry (with the position it reaches); an
/// unfinished game is an error, since only finished games belong in the history. An
/// entry is read as whatever parses (not as strictly as a save): the history keeps the
/// games of every version, whatever fields it wrote.
pub(crate) fn load_entry(id: String, path: &Path) -> Result<(HistoryEntry, Reached), StoreError> {
    let text = read_text(path)?;
    let (game, reached) = match SavedGame::read_as(&text, path, Reading::HistoryEntry)? {
        Loaded::Queens(loaded) => (loaded.saved, Reached::Queens(Box::new(loaded.board))),
        Loaded::Table(loaded) => (loaded.saved, Reached::Table(loaded.game)),
    };
    if !game.is_finished() {
        return Err(StoreError::NotFinished {
            plies: game.moves.len(),
        });
    }
    Ok((HistoryEntry { id, game }, reached))
}

/// Loads the history of the saves folder `dir`: the good entries sorted by the time the
/// games ended (then by id), and each file that failed with its error. A missing history
/// folder is an empty history.
pub fn load_history(dir: &Path) -> (Vec<HistoryEntry>, Vec<(PathBuf, StoreError)>) {
    let (files, mut bad) = history_files(dir);
    let mut good = Vec::new();
    for (id, path) in files {
        match load_entry(id, &path) {
            Ok((entry, _)) => good.push(entry),
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
    /// Only games of this game of the games table.
    pub kind: Option<GameKind>,
}

impl HistoryFilter {
    /// Whether `entry` passes the filter.
    pub fn matches(&self, entry: &HistoryEntry) -> bool {
        let settings = &entry.game.settings;
        if self.size.is_some_and(|size| size != settings.size)
            || self.kind.is_some_and(|kind| kind != entry.game.kind)
        {
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
