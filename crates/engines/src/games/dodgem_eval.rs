//! Dodgem's evaluation table (the lecture's fig. 4.4 piece values and fig. 4.5 blocking
//! bonuses), kept in a data file so a student can change it: `data/dodgem_eval.ron` is
//! embedded as the default, [`DodgemEval::load`] reads another.
//!
//! Values are from the lecture's point of view: white positive, black negative.
//! Our copy of the lecture lacks the figures, so the tables are our choice fitting its
//! words (white wants to go up, black right); docs/rules.md says so.

use serde::Deserialize;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use thiserror::Error;

/// The default table's text, embedded from `data/dodgem_eval.ron`.
pub const DEFAULT_EVAL_RON: &str = include_str!("../../../../data/dodgem_eval.ron");

/// The largest magnitude a table entry may have: four cars and four blocks stay far
/// below Dodgem's won-game value (`dodgem::WIN`, 100,000), so no guess ever looks like
/// a won game.
pub(crate) const MAX_ENTRY: i32 = 1000;

/// The evaluation's parameters. Tables are indexed `[row][col]`, row 0 at the top.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DodgemEval {
    /// A white car's value on each cell.
    pub white: [[i32; 3]; 3],
    /// A black car's value on each cell.
    pub black: [[i32; 3]; 3],
    /// A white car that has left the board.
    pub white_off: i32,
    /// A black car that has left the board.
    pub black_off: i32,
    /// The bonus for blocking directly (white adds it, black subtracts it).
    pub direct: i32,
    /// The bonus for blocking indirectly, one cell further away.
    pub indirect: i32,
}

/// `data/dodgem_eval.ron`'s values as code: the fallback of [`DodgemEval::lecture`].
pub const LECTURE_TABLE: DodgemEval = DodgemEval {
    white: [[30, 35, 40], [15, 20, 25], [0, 5, 10]],
    black: [[-10, -25, -40], [-5, -20, -35], [0, -15, -30]],
    white_off: 50,
    black_off: -50,
    direct: 40,
    indirect: 30,
};

/// The file's form: tables as lists of rows (RON's `[..]`), checked to be 3 x 3 after.
#[derive(Deserialize)]
// Messages name the struct: they speak of the table, not of a Rust type.
#[serde(deny_unknown_fields, rename = "evaluation table")]
struct RawEval {
    white: Vec<Vec<i32>>,
    black: Vec<Vec<i32>>,
    white_off: i32,
    black_off: i32,
    direct: i32,
    indirect: i32,
}

/// `rows` as a 3 x 3 table, or `None`.
fn square(rows: &[Vec<i32>]) -> Option<[[i32; 3]; 3]> {
    let mut table = [[0; 3]; 3];
    if rows.len() != 3 {
        return None;
    }
    for (row, values) in table.iter_mut().zip(rows) {
        *row = values.as_slice().try_into().ok()?;
    }
    Some(table)
}

/// An evaluation file that cannot be used.
#[derive(Debug, Error)]
pub enum EvalFileError {
    /// The file could not be read.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// Not the table's RON form (a missing or unknown field, a wrong shape).
    #[error("not a Dodgem evaluation table: {0}")]
    Parse(String),
    /// A table that is not 3 rows of 3 values.
    #[error("the {0} table must be 3 rows of 3 values")]
    Shape(&'static str),
    /// An entry beyond ±`MAX_ENTRY`.
    #[error("the entry {0} is beyond ±{MAX_ENTRY}")]
    OutOfRange(i32),
}

impl DodgemEval {
    /// The embedded default, `data/dodgem_eval.ron` (the values docs/rules.md gives).
    /// Should the embedded file ever fail to parse, [`LECTURE_TABLE`] (the same values,
    /// which crates/engines/tests/dodgem.rs holds equal to the file) stands in rather than a panic.
    pub fn lecture() -> DodgemEval {
        static TABLE: OnceLock<DodgemEval> = OnceLock::new();
        *TABLE.get_or_init(|| DodgemEval::from_ron(DEFAULT_EVAL_RON).unwrap_or(LECTURE_TABLE))
    }

    /// A table from its RON text.
    ///
    /// # Errors
    /// [`EvalFileError::Parse`], [`EvalFileError::Shape`] or [`EvalFileError::OutOfRange`].
    pub fn from_ron(text: &str) -> Result<DodgemEval, EvalFileError> {
        // A byte order mark is accepted, as in every file the program reads.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let raw: RawEval = ron::from_str(text).map_err(|e| EvalFileError::Parse(e.to_string()))?;
        let table = DodgemEval {
            white: square(&raw.white).ok_or(EvalFileError::Shape("white"))?,
            black: square(&raw.black).ok_or(EvalFileError::Shape("black"))?,
            white_off: raw.white_off,
            black_off: raw.black_off,
            direct: raw.direct,
            indirect: raw.indirect,
        };
        let entries = table
            .white
            .iter()
            .chain(table.black.iter())
            .flatten()
            .copied()
            .chain([
                table.white_off,
                table.black_off,
                table.direct,
                table.indirect,
            ]);
        for entry in entries {
            if entry.abs() > MAX_ENTRY {
                return Err(EvalFileError::OutOfRange(entry));
            }
        }
        Ok(table)
    }

    /// A table from a RON file.
    ///
    /// # Errors
    /// [`EvalFileError::Io`] when the file cannot be read, else as [`DodgemEval::from_ron`].
    pub fn load(path: &Path) -> Result<DodgemEval, EvalFileError> {
        let io = |source| EvalFileError::Io {
            path: path.to_path_buf(),
            source,
        };
        // Only a regular file is opened: a pipe or a device in its place would block.
        if !std::fs::metadata(path).map_err(io)?.is_file() {
            return Err(io(std::io::Error::other("not a regular file")));
        }
        let text = std::fs::read_to_string(path).map_err(io)?;
        DodgemEval::from_ron(&text)
    }
}

impl Default for DodgemEval {
    fn default() -> Self {
        DodgemEval::lecture()
    }
}
