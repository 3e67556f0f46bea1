//! The edges of the program that touch files: saved games (RON), the autosave, the match
//! history, and the Excel export. Nothing here decides a rule: every file is replayed
//! through [`queens_board::Board::play`] (or, for tic-tac-toe and Dodgem, the game's own
//! rules through the seam ([`queens_engines::games::seam::AnyGame`])) when it is loaded, so a tampered
//! save can never produce a position the rules would not.
//!
//! Every function takes the saves folder as a parameter: the window and the CLI choose it
//! with [`location::saves_location`] (the platform's data folder unless the user gave
//! `--saves-dir` or `QUEENS_SAVES_DIR`).

mod analysis_sheet;
mod atomic;
#[cfg(target_arch = "wasm32")]
pub mod browser;
mod check;
mod corrupt;
mod error;
mod export;
mod game;
mod history;
mod kind;
pub mod location;
mod matches_row;
mod names;
pub(crate) mod output;
mod pairs_sheet;
pub mod quarantine;
mod records;
mod records_sheet;
mod save_shape;
mod saves;
mod sheet;
mod statistics;
mod summary;
mod table24_sheet;
mod table_game;
mod time;
mod tree_steps;
mod workbook;

pub use analysis_sheet::export_analysis;
pub use atomic::{parent_of, remove_stale_temp_files};
pub use check::{CheckError, MoveRefused, Outcome, TimeField};
pub use corrupt::CorruptReason;
pub use error::OutputPathError;
pub use error::{ExportError, StoreError};
pub use export::{SkipReason, export_history};
pub use game::{
    EngineSettings, GameSettings, ResignError, SavedGame, SearchInfo, Seat, Side, Winner,
};
pub use history::{HISTORY_DIR, HistoryEntry, HistoryFilter, append_history, load_history};
pub use kind::GameKind;
pub use names::{MAX_NAME_CHARS, clean_name};
pub use output::{
    BOOK, OutputKind, PUZZLES, WriteError, XLSX, check_output_path, write_output, write_settings,
};
pub use pairs_sheet::{PairRow, PairsSheet};
pub use records::{PlayerRecord, Records, player_label};
pub use saves::{
    DEFAULT_SAVES_DIR, Loaded, LoadedGame, MAX_FILE_BYTES, autosave, autosave_path, clear_autosave,
    ensure_dir, list_saves, load_from, load_game, new_save_path, read_text,
};
pub use sheet::{EXCEL_MAX_CELL_CHARS, SheetNames};
pub use statistics::summarize;
pub use table_game::{savable, table_savable};
pub(crate) use table24_sheet::TABLE24_SHEET;
pub use table24_sheet::export_table24;
pub use time::format_utc;
pub use tree_steps::{StepCell, StepRow, StepTable, export_step_table};
pub use workbook::{ExportOptions, WorkbookWriter, export_workbook};
