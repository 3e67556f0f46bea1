//! The store's typed errors: one for saves, the autosave and the history, one for the
//! workbook export. Every message names the file. A cause (the system's reason, what the
//! replay found) is exposed as the error's `source()`, not repeated in its message:
//! whoever shows the error walks the chain once (the CLI's `one_line`).

use super::check::CheckError;
use super::corrupt::CorruptReason;
use std::path::PathBuf;
use thiserror::Error;

/// Why a save, the autosave or a history entry could not be written or loaded.
#[derive(Debug, Error)]
pub enum StoreError {
    /// The file does not exist.
    #[error("{path}: no such file", path = path.display())]
    NotFound {
        /// The file asked for.
        path: PathBuf,
    },
    /// Reading failed (permissions, a directory where a file was expected, ...).
    #[error("{path}: could not read", path = path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The system's reason.
        source: std::io::Error,
    },
    /// The path is not a regular file (a folder, a FIFO, a device, a broken link); it was
    /// not opened.
    #[error("{path}: is {kind}, not a file that can hold a game", path = path.display())]
    NotAFile {
        /// The path.
        path: PathBuf,
        /// What it is instead, e.g. "a FIFO (named pipe)".
        kind: &'static str,
    },
    /// A history file whose name is not UTF-8: its id would not be its name (two such
    /// names can read the same), so it is not read. Renaming it brings it back.
    #[error("{path}: the file name is not valid text (UTF-8); rename the file to use it", path = path.display())]
    NameNotText {
        /// The file.
        path: PathBuf,
    },
    /// Writing failed; the previous file, if any, is untouched.
    #[error("{path}: could not write", path = path.display())]
    Write {
        /// The file (or folder) being written.
        path: PathBuf,
        /// The system's reason.
        source: std::io::Error,
    },
    /// The file holds nothing (or only whitespace).
    #[error("{path}: the file is empty", path = path.display())]
    Empty {
        /// The file.
        path: PathBuf,
    },
    /// The file is larger than any save can be; it was not read.
    #[error("{path}: the file is too large to be a save ({size} bytes, at most {limit})", path = path.display())]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// Its size in bytes (at least this much).
        size: u64,
        /// The limit, [`super::MAX_FILE_BYTES`].
        limit: u64,
    },
    /// The file is not UTF-8 text.
    #[error("{path}: not a text file (invalid UTF-8 at byte {offset})", path = path.display())]
    NotText {
        /// The file.
        path: PathBuf,
        /// The first bad byte.
        offset: usize,
    },
    /// The text does not even start like a save (a save is a RON struct, `(...)`): some
    /// other file. Its content is not quoted.
    #[error("{path}: not a Queens & Stones save file", path = path.display())]
    NotASave {
        /// The file.
        path: PathBuf,
    },
    /// The text ends in the middle of the data: a cut-off file.
    #[error("{path}: the file is truncated (it ends at line {line}, column {column} in the middle of the data)", path = path.display())]
    Truncated {
        /// The file.
        path: PathBuf,
        /// 1-based line where the text ends.
        line: usize,
        /// 1-based column where the text ends.
        column: usize,
    },
    /// The text is not a valid save (bad RON or wrong field types).
    #[error("{path}: not a valid save file: {reason} (line {line}, column {column})", path = path.display())]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong, in the file's words (never the parser's, which name our types).
        reason: CorruptReason,
        /// 1-based line of the problem.
        line: usize,
        /// 1-based column of the problem.
        column: usize,
    },
    /// The file was written by a newer version of the program.
    #[error("{path}: the save format version {found} is newer than this program understands (up to {supported}); please update", path = path.display())]
    NewerVersion {
        /// The file.
        path: PathBuf,
        /// The version in the file.
        found: u32,
        /// `super::FORMAT_VERSION`.
        supported: u32,
    },
    /// The file holds a game this version does not know (a newer version's game); it was
    /// not read further.
    #[error("{path}: the save holds a game this version does not know", path = path.display())]
    UnknownGame {
        /// The file.
        path: PathBuf,
        /// The game's name as found, and the games known.
        source: super::kind::UnknownGame,
    },
    /// The file holds a tic-tac-toe or Dodgem game where a queens game was asked for
    /// ([`super::load_from`], [`super::SavedGame::from_ron`]: the readers whose callers
    /// can only play queens); [`super::load_game`] reads every game.
    #[error(
        "{path}: holds {} game, not a queens game",
        queens_board::with_article(kind.title()),
        path = path.display()
    )]
    NotQueens {
        /// The file.
        path: PathBuf,
        /// The game it holds.
        kind: super::kind::GameKind,
    },
    /// The file parses, but replaying it disagrees with what it claims.
    #[error("{path}: the game does not replay as stored", path = path.display())]
    Invalid {
        /// The file.
        path: PathBuf,
        /// What the replay found.
        source: CheckError,
    },
    /// Only finished games go into the match history.
    #[error(
        "the game is not finished ({} played, the game goes on); only finished games go into the history",
        queens_board::counted(*plies as u64, "move", "moves")
    )]
    NotFinished {
        /// Moves played so far.
        plies: usize,
    },
    /// The game could not be turned into RON (should not happen for a valid game).
    #[error("could not encode the game as RON: {0}")]
    Encode(String),
    /// A browser that gives the page no storage at all (its site data blocked, some
    /// private modes): nothing the page stores is kept, whichever key. Not a full
    /// storage, which is a [`StoreError::Write`] of one entry.
    #[error("this browser keeps no site data ({0})")]
    StorageBlocked(String),
}

/// Why the Excel workbook could not be written.
#[derive(Debug, Error)]
pub enum ExportError {
    /// The spreadsheet library refused the data.
    #[error("could not build the workbook")]
    Xlsx(#[from] rust_xlsxwriter::XlsxError),
    /// Writing the file failed (an unwritable folder, a file open in another program, a
    /// path that is a folder); the previous file, if any, is untouched.
    #[error("{path}: could not write the workbook", path = path.display())]
    Write {
        /// The target file.
        path: PathBuf,
        /// The system's reason.
        source: std::io::Error,
    },
    /// The path cannot take a workbook (a folder, a FIFO, another extension); nothing
    /// was written.
    #[error("{path}: {reason}", path = path.display())]
    Target {
        /// The target as given.
        path: PathBuf,
        /// What is wrong with it (said in the message, which it completes).
        reason: OutputPathError,
    },
    /// A game in the history does not replay (it was checked when loaded, so this means
    /// it was built by hand).
    #[error("game {id}: the game does not replay as stored")]
    Invalid {
        /// The history entry's id.
        id: String,
        /// What the replay found.
        source: CheckError,
    },
    /// A game holds a text longer than an Excel cell takes; the game is left out.
    #[error(
        "game {id}: {field} has {chars} characters, more than an Excel cell holds ({max})",
        max = super::sheet::EXCEL_MAX_CELL_CHARS
    )]
    TextTooLong {
        /// The history entry's id (clipped if long).
        id: String,
        /// Which text, e.g. "the game string".
        field: &'static str,
        /// Its length in characters.
        chars: usize,
    },
    /// The export was stopped before the workbook was written; no file was written.
    #[error("the export was stopped before the workbook was written")]
    Cancelled,
}

impl ExportError {
    /// Whether the error concerns one game only (the export can skip it and go on), as
    /// opposed to the workbook as a whole.
    pub(crate) fn is_about_one_game(&self) -> bool {
        matches!(
            self,
            ExportError::Invalid { .. } | ExportError::TextTooLong { .. }
        )
    }
}

/// Why a path cannot take an output file. The messages are written to follow the path.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OutputPathError {
    /// No name at all.
    #[error("an empty file name; give one ending in .{extension}")]
    Empty {
        /// The extension the file must have.
        extension: &'static str,
    },
    /// A folder is there.
    #[error("is a folder, not a file; give a file name ending in .{extension}")]
    Folder {
        /// The extension the file must have.
        extension: &'static str,
    },
    /// Something that is not a regular file is there (a FIFO, a device, a socket, a broken
    /// link): replacing it would remove it.
    #[error("is {kind}, not a file; give a file name ending in .{extension}")]
    NotRegular {
        /// What it is, e.g. "a FIFO (named pipe)".
        kind: &'static str,
        /// The extension the file must have.
        extension: &'static str,
    },
    /// The name does not end in the extension the file's readers need.
    #[error("the file name must end in .{extension} ({why})")]
    Extension {
        /// The extension the file must have.
        extension: &'static str,
        /// Who needs it, e.g. "Excel refuses other names".
        why: &'static str,
    },
    /// The path is one of the files the same command reads (`analyse --file g.ron --xlsx
    /// g.ron`): writing would replace its input.
    #[error("is also the file this command reads; give the output another name")]
    IsInput,
    /// The path ends in a separator, so it names a folder (`x.xlsx/`).
    #[error("ends in '/', which names a folder; give a file name ending in .{extension}")]
    TrailingSeparator {
        /// The extension the file must have.
        extension: &'static str,
    },
    /// The name, with the temporary name written beside it first, is longer than file
    /// systems take.
    #[error(
        "the file name is {bytes} bytes long; at most {max} fit, since the file is first written under a longer temporary name"
    )]
    NameTooLong {
        /// The name's length in bytes.
        bytes: usize,
        /// The longest name that works.
        max: usize,
    },
    /// The folder the file would go in does not exist (and this kind of file does not
    /// create it).
    #[error("the folder {folder} does not exist; create it first", folder = folder.display())]
    NoFolder {
        /// The folder.
        folder: std::path::PathBuf,
    },
    /// What stands where the folder should be is not a folder.
    #[error("{folder} is {kind}, not a folder", folder = folder.display())]
    NotAFolder {
        /// The path that should be a folder.
        folder: std::path::PathBuf,
        /// What it is instead: "a file", "a FIFO (named pipe)", ...
        kind: &'static str,
    },
}
