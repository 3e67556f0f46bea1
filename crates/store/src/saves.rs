//! Saving and loading games, and the autosave.

use super::atomic::{
    ReadError, check_regular, parent_of, read_capped, remove_if_stale_temp, write_atomically,
};
use super::check::CheckError;
use super::corrupt::CorruptReason;
use super::error::StoreError;
use super::game::{FORMAT_VERSION, SavedGame};
use super::kind::GameKind;
use super::output::{RON, check_output_path};
use super::save_shape::SaveShape;
use super::time::{file_stamp, now_unix};
use queens_board::Board;
use serde::Deserialize;
use std::fs;
use std::path::{Path, PathBuf};

/// The name of the saves folder that versions before 0.2 kept in the current folder (now
/// it is in the platform's data folder; see the `location` module).
pub const DEFAULT_SAVES_DIR: &str = "saves";

/// The autosave's file name inside the saves folder.
pub(crate) const AUTOSAVE_FILE: &str = "autosave.ron";

/// No save is anywhere near this large (a 15x15 game with statistics is ~40 KiB); bigger
/// files are refused before being read, so a wrong or hostile file cannot exhaust memory.
pub const MAX_FILE_BYTES: u64 = 4 * 1024 * 1024;

/// Creates `dir` (and its parents) if missing.
///
/// # Errors
/// [`StoreError::Write`] if it cannot be created.
pub fn ensure_dir(dir: &Path) -> Result<(), StoreError> {
    fs::create_dir_all(dir).map_err(|source| {
        // create_dir_all reports a file or a broken link in the way as "File exists"; say
        // what it means.
        let source = if dir.exists() && !dir.is_dir() {
            std::io::Error::new(
                std::io::ErrorKind::NotADirectory,
                "it is a file, not a folder",
            )
        } else if let Some((link, target)) = dangling_link_in(dir) {
            std::io::Error::new(
                std::io::ErrorKind::NotFound,
                format!(
                    "{} is a link to {}, which does not exist",
                    link.display(),
                    target.display()
                ),
            )
        } else {
            source
        };
        StoreError::Write {
            path: dir.to_path_buf(),
            source,
        }
    })
}

/// The first of `dir` and the folders above it that is a symbolic link to nothing, with
/// where it points.
fn dangling_link_in(dir: &Path) -> Option<(PathBuf, PathBuf)> {
    dir.ancestors().find_map(|at| {
        let is_link = fs::symlink_metadata(at).is_ok_and(|meta| meta.file_type().is_symlink());
        if is_link && fs::metadata(at).is_err() {
            Some((at.to_path_buf(), fs::read_link(at).ok()?))
        } else {
            None
        }
    })
}

/// A game loaded from a file, checked by replaying it.
#[derive(Clone, Debug)]
pub struct LoadedGame {
    /// The file's contents.
    pub saved: SavedGame,
    /// The position after replaying the saved moves.
    pub board: Board,
}

impl LoadedGame {
    /// Replays a parsed queens save.
    fn replayed(mut saved: SavedGame) -> Result<LoadedGame, CheckError> {
        let board = saved.replay()?;
        // The game string is derived from the moves: a hand-written save may leave it out
        // (the replay checked any that is there), and what is shown or exported is then
        // the replay's, never an empty string.
        if saved.game.is_empty() {
            saved.game = board.game_string();
        }
        Ok(LoadedGame { saved, board })
    }
}

/// A save of a games-table game other than queens loaded from a file, checked by replaying it
/// through the seam ([`SavedGame::replay_table`]).
#[derive(Clone, Debug)]
pub struct LoadedTable {
    /// The file's contents.
    pub saved: SavedGame,
    /// The game after replaying the saved moves.
    pub game: Box<dyn queens_engines::games::seam::AnyGame>,
}

impl LoadedTable {
    /// Replays a parsed games-table save.
    fn replayed(mut saved: SavedGame) -> Result<LoadedTable, CheckError> {
        let game = saved.replay_table()?;
        // As for queens: an empty game string is the replay's.
        if saved.game.is_empty() {
            saved.game = game.record_game();
        }
        Ok(LoadedTable { saved, game })
    }
}

/// A save of any game, loaded and checked by its game's rules ([`load_game`]).
// A queens board is some 25 KB, a table game's record a few hundred bytes: a file is
// loaded one at a time and moved once or twice, so the queens variant is not boxed, and
// the window matches on the two loaded games as they are.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum Loaded {
    /// A Queens & Stones game.
    Queens(LoadedGame),
    /// Another game of the games table, through the seam.
    Table(LoadedTable),
}

impl Loaded {
    /// A parsed save replayed by its own game's rules (a history entry; a file is read
    /// by [`load_game`], whose error names the file).
    ///
    /// # Errors
    /// How the save disagrees with its game's rules.
    pub fn replay(saved: SavedGame) -> Result<Loaded, CheckError> {
        match saved.kind {
            GameKind::Queens => LoadedGame::replayed(saved).map(Loaded::Queens),
            GameKind::Table(_) => LoadedTable::replayed(saved).map(Loaded::Table),
        }
    }

    /// The moves played in the loaded game.
    pub fn ply(&self) -> usize {
        match self {
            Loaded::Queens(loaded) => loaded.board.ply(),
            Loaded::Table(loaded) => loaded.game.moves().len(),
        }
    }

    /// The file's contents, whichever game it holds.
    pub fn saved(&self) -> &SavedGame {
        match self {
            Loaded::Queens(loaded) => &loaded.saved,
            Loaded::Table(loaded) => &loaded.saved,
        }
    }

    /// The game replayed (queens' board behind the seam like every other game's) and
    /// the file's contents.
    pub fn into_parts(self) -> (Box<dyn queens_engines::games::seam::AnyGame>, SavedGame) {
        match self {
            Loaded::Queens(loaded) => (Box::new(loaded.board), loaded.saved),
            Loaded::Table(loaded) => (loaded.game, loaded.saved),
        }
    }
}

/// Just the version and the game's name, read first so a newer file (or another game's)
/// is reported as such rather than as corrupt when its new fields do not parse.
#[derive(Deserialize, Default)]
#[serde(default)]
struct VersionProbe {
    version: u32,
    /// Empty when the file has no tag (RON would want `Some(..)` around an `Option`).
    kind: String,
}

/// Whether a save is read as a save (strict: [`super::save_shape`]) or as a history
/// entry (whatever parses: the history keeps every version's games).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Reading {
    /// A file opened, the autosave, `analyse --file`.
    Save,
    /// A file of the history folder.
    HistoryEntry,
}

/// The error for the parser's complaint `err` about the save `text` at `path`.
fn ron_error(err: &ron::error::SpannedError, text: &str, path: &Path) -> StoreError {
    let path = path.to_path_buf();
    let (line, column) = (err.span.start.line, err.span.start.col);
    match &err.code {
        // A field missing or unknown is found at a bracket, maybe the file's last: it is
        // a complaint about the fields, never a cut-off file.
        code @ (ron::Error::MissingStructField { .. } | ron::Error::NoSuchStructField { .. }) => {
            StoreError::Corrupt {
                path,
                reason: CorruptReason::from_ron(code),
                line,
                column,
            }
        }
        // A cut-off file either ends inside a token (Eof) or just after one, where the
        // parser then expected more: both put the error at the end of the text.
        ron::Error::Eof => StoreError::Truncated { path, line, column },
        _ if (err.span.end.line, err.span.end.col) >= end_position(text) => {
            StoreError::Truncated { path, line, column }
        }
        code => StoreError::Corrupt {
            path,
            reason: CorruptReason::from_ron(code),
            line,
            column,
        },
    }
}

/// The 1-based (line, column) just after the last non-blank character of `text`, as the
/// RON parser counts positions.
fn end_position(text: &str) -> (usize, usize) {
    let trimmed = text.trim_end();
    let line = trimmed.matches('\n').count() + 1;
    let last = trimmed.rsplit('\n').next().unwrap_or("");
    (line, last.chars().count() + 1)
}

impl SavedGame {
    /// The game as RON text (one move per line), with "\n" line ends on every system
    /// (ron's default on Windows is "\r\n"), so a save is the same file everywhere.
    ///
    /// # Errors
    /// [`StoreError::Encode`] if serialization fails.
    pub fn to_ron(&self) -> Result<String, StoreError> {
        let config = ron::ser::PrettyConfig::new()
            .depth_limit(2)
            .new_line(String::from("\n"));
        let mut text = ron::ser::to_string_pretty(self, config)
            .map_err(|err| StoreError::Encode(err.to_string()))?;
        text.push('\n');
        Ok(text)
    }

    /// Parses and checks a queens save's text; `path` is only used in error messages.
    ///
    /// # Errors
    /// As [`load_from`], except the file-reading ones: a tic-tac-toe or Dodgem save is
    /// [`StoreError::NotQueens`] (read those with [`SavedGame::read_ron`]).
    pub fn from_ron(text: &str, path: &Path) -> Result<LoadedGame, StoreError> {
        let saved = SavedGame::parse_ron(text, path, Reading::Save)?;
        if saved.kind != GameKind::Queens {
            return Err(StoreError::NotQueens {
                path: path.to_path_buf(),
                kind: saved.kind,
            });
        }
        LoadedGame::replayed(saved).map_err(|source| StoreError::Invalid {
            path: path.to_path_buf(),
            source,
        })
    }

    /// Parses and checks a save of any game this version knows, replayed by that game's
    /// rules; `path` is only used in error messages.
    ///
    /// # Errors
    /// As [`load_game`], except the file-reading ones.
    pub fn read_ron(text: &str, path: &Path) -> Result<Loaded, StoreError> {
        SavedGame::read_as(text, path, Reading::Save)
    }

    /// Parses and checks a saved game read as `reading` says, replayed by its game's
    /// rules.
    pub(super) fn read_as(text: &str, path: &Path, reading: Reading) -> Result<Loaded, StoreError> {
        let saved = SavedGame::parse_ron(text, path, reading)?;
        Loaded::replay(saved).map_err(|source| StoreError::Invalid {
            path: path.to_path_buf(),
            source,
        })
    }

    /// Parses a save's text into the record, unchecked: the text checks shared by every
    /// reader (empty, not a save, newer version, unknown game, damaged or cut off), and
    /// the names cleaned as typed names are. A [`Reading::Save`] must also have every
    /// field a save needs and no other ([`super::save_shape`]).
    fn parse_ron(text: &str, path: &Path, reading: Reading) -> Result<SavedGame, StoreError> {
        let path_buf = || path.to_path_buf();
        // Editors on Windows may add a byte order mark; it says nothing about the data.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        if text.trim().is_empty() {
            return Err(StoreError::Empty { path: path_buf() });
        }
        // A save is a RON struct: `(` first. Anything else is some other file (a symlink
        // to a system file, a text note), whose content is never quoted back.
        if !text.trim_start().starts_with('(') {
            return Err(StoreError::NotASave { path: path_buf() });
        }
        if let Ok(probe) = ron::from_str::<VersionProbe>(text) {
            if probe.version > FORMAT_VERSION {
                return Err(StoreError::NewerVersion {
                    path: path_buf(),
                    found: probe.version,
                    supported: FORMAT_VERSION,
                });
            }
            if let (false, Err(source)) = (probe.kind.is_empty(), probe.kind.parse::<GameKind>()) {
                return Err(StoreError::UnknownGame {
                    path: path_buf(),
                    source,
                });
            }
        }
        let mut saved: SavedGame =
            ron::from_str(text).map_err(|err| ron_error(&err, text, path))?;
        // The values parsed; a save's fields are checked now, so a misspelled or missing
        // field is named rather than replaced by its default.
        if reading == Reading::Save {
            ron::from_str::<SaveShape>(text).map_err(|err| ron_error(&err, text, path))?;
        }
        // Names from a file get the limits of names typed in the window.
        saved.names = saved.names.map(|name| super::names::clean_name(&name));
        if saved.version > FORMAT_VERSION {
            return Err(StoreError::NewerVersion {
                path: path_buf(),
                found: saved.version,
                supported: FORMAT_VERSION,
            });
        }
        Ok(saved)
    }

    /// Writes the game to `path` atomically: the previous file stays intact if anything
    /// fails. The folder is created if missing. The path goes through the one output
    /// check first ([`check_output_path`]): a name ending in `.ron`, where nothing but a
    /// regular file stands (never a FIFO or a device, which the rename would replace).
    ///
    /// # Errors
    /// [`StoreError::Write`] naming the path (with the check's reason for a path that
    /// cannot take a save), or [`StoreError::Encode`].
    pub fn save_to(&self, path: &Path) -> Result<(), StoreError> {
        check_output_path(path, RON, &[]).map_err(|reason| StoreError::Write {
            path: path.to_path_buf(),
            source: std::io::Error::new(std::io::ErrorKind::InvalidInput, reason),
        })?;
        let text = self.to_ron()?;
        ensure_dir(parent_of(path))?;
        write_atomically(path, text.as_bytes()).map_err(|source| StoreError::Write {
            path: path.to_path_buf(),
            source,
        })
    }
}

/// Loads a queens save and replays it; nothing in the file is trusted.
///
/// # Errors
/// [`StoreError::NotFound`], [`StoreError::NotAFile`] (a folder, a FIFO, ...: checked
/// before opening, so a FIFO cannot block), [`StoreError::Read`], [`StoreError::TooLarge`] (checked
/// before reading), [`StoreError::NotText`], [`StoreError::Empty`],
/// [`StoreError::Truncated`], [`StoreError::Corrupt`], [`StoreError::NewerVersion`],
/// [`StoreError::UnknownGame`], [`StoreError::NotQueens`] for a tic-tac-toe or Dodgem
/// save (see [`load_game`]), or [`StoreError::Invalid`] when the replay disagrees with
/// the file.
pub fn load_from(path: &Path) -> Result<LoadedGame, StoreError> {
    SavedGame::from_ron(&read_text(path)?, path)
}

/// Loads a save of any game this version knows and replays it by that game's rules;
/// nothing in the file is trusted.
///
/// # Errors
/// As [`load_from`], without [`StoreError::NotQueens`].
pub fn load_game(path: &Path) -> Result<Loaded, StoreError> {
    SavedGame::read_ron(&read_text(path)?, path)
}

/// The text of the file at `path` (a save, or another input such as a Dodgem evaluation
/// table): a regular file of at most [`MAX_FILE_BYTES`], checked before it is opened or
/// read, holding UTF-8. The one way the program reads a file a user names.
///
/// # Errors
/// [`StoreError::NotFound`], [`StoreError::NotAFile`], [`StoreError::TooLarge`],
/// [`StoreError::Read`] or [`StoreError::NotText`].
pub fn read_text(path: &Path) -> Result<String, StoreError> {
    let bytes = read_capped(path, MAX_FILE_BYTES).map_err(|err| match err {
        ReadError::NotFound => StoreError::NotFound {
            path: path.to_path_buf(),
        },
        ReadError::NotRegular(kind) => StoreError::NotAFile {
            path: path.to_path_buf(),
            kind,
        },
        ReadError::TooLarge(size) => StoreError::TooLarge {
            path: path.to_path_buf(),
            size,
            limit: MAX_FILE_BYTES,
        },
        ReadError::Io(source) => StoreError::Read {
            path: path.to_path_buf(),
            source,
        },
    })?;
    String::from_utf8(bytes).map_err(|err| StoreError::NotText {
        path: path.to_path_buf(),
        offset: err.utf8_error().valid_up_to(),
    })
}

/// The autosave file of a saves folder.
pub fn autosave_path(dir: &Path) -> PathBuf {
    dir.join(AUTOSAVE_FILE)
}

/// Writes the autosave atomically (call after every move): if the program is killed, the
/// last completed move's position survives. Creates the folder if missing.
///
/// # Errors
/// As [`SavedGame::save_to`].
pub fn autosave(dir: &Path, game: &SavedGame) -> Result<(), StoreError> {
    game.save_to(&autosave_path(dir))
}

/// Removes the autosave (a finished or deliberately abandoned game); no autosave is fine.
///
/// # Errors
/// [`StoreError::Write`] if it exists but cannot be removed.
pub fn clear_autosave(dir: &Path) -> Result<(), StoreError> {
    let path = autosave_path(dir);
    match fs::remove_file(&path) {
        Err(err) if err.kind() != std::io::ErrorKind::NotFound => {
            Err(StoreError::Write { path, source: err })
        }
        _ => Ok(()),
    }
}

/// A fresh file name in `dir` for a new save, `game-20240501-123456.ron`, with a
/// `-2`, `-3`, ... suffix if that name is taken.
pub fn new_save_path(dir: &Path) -> PathBuf {
    let base = format!("game-{}", file_stamp(now_unix()));
    let mut path = dir.join(format!("{base}.ron"));
    let mut n = 2;
    while path.exists() {
        path = dir.join(format!("{base}-{n}.ron"));
        n += 1;
    }
    path
}

/// The `.ron` saves in `dir` (not the autosave, not hidden or temporary files), newest
/// first; an empty list if the folder does not exist. Temporary files of ours older than
/// an hour (left by a killed save) are removed on the way.
///
/// # Errors
/// [`StoreError::Read`] if the folder exists but cannot be listed.
pub fn list_saves(dir: &Path) -> Result<Vec<PathBuf>, StoreError> {
    let read_error = |source| StoreError::Read {
        path: dir.to_path_buf(),
        source,
    };
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(err) => return Err(read_error(err)),
    };
    let mut saves = Vec::new();
    for entry in entries {
        let entry = entry.map_err(read_error)?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = entry.path();
        // A leftover of a save killed long ago goes; a writer at work is left alone.
        remove_if_stale_temp(&path, &name);
        if name.starts_with('.')
            || name == AUTOSAVE_FILE
            || !name.ends_with(".ron")
            || check_regular(&path).is_err()
        {
            continue;
        }
        let modified = entry.metadata().and_then(|m| m.modified()).ok();
        saves.push((modified, path));
    }
    saves.sort_by(|a, b| b.cmp(a));
    Ok(saves.into_iter().map(|(_, path)| path).collect())
}
