//! The store's errors as the window shows them: kept as data (not English text) so they
//! are told in the language of the moment, one sentence per variant of
//! [`StoreError`] and [`ExportError`] for a person first, the technical detail second.

use super::table_checks::TableCheckTexts;
use super::{Texts, fill};
use queens_board::Player;
use queens_store::{
    CheckError, CorruptReason, ExportError, GameKind, Outcome, OutputPathError, StoreError,
    TimeField, Winner,
};
use std::io::ErrorKind;
use std::path::PathBuf;

/// The reasons a save's text is not a valid save, one per
/// [`queens_store::CorruptReason`] variant.
pub(crate) struct CorruptTexts {
    pub punctuation: &'static str,
    pub trailing_text: &'static str,
    pub expected_number: &'static str,
    pub number_out_of_range: &'static str,
    pub expected_text: &'static str,
    pub expected_true_false: &'static str,
    pub unknown_choice: &'static str,
    pub unknown_name: &'static str,
    pub missing_field: &'static str,
    pub unknown_field: &'static str,
    pub duplicate_field: &'static str,
    pub wrong_length: &'static str,
    pub wrong_kind: &'static str,
    pub too_deep: &'static str,
    pub unclosed_comment: &'static str,
}

/// How a save disagrees with its replay, one text per [`CheckError`] variant, and the
/// words its results and times are told in.
pub(crate) struct CheckTexts {
    pub bad_setup: &'static str,
    pub bad_stone: &'static str,
    pub seed_mismatch: &'static str,
    pub bad_cell: &'static str,
    pub illegal_move: &'static str,
    pub gain_mismatch: &'static str,
    pub score_mismatch: &'static str,
    pub result_mismatch: &'static str,
    pub game_string_mismatch: &'static str,
    pub time_out_of_range: &'static str,
    pub time_created: &'static str,
    pub time_move: &'static str,
    pub time_ended: &'static str,
    pub not_finished: &'static str,
    pub outcome: &'static str,
    pub outcome_resigned: &'static str,
    pub draw: &'static str,
    /// The checks of tic-tac-toe and Dodgem saves ([`super::table_checks::TABLE_CHECK_EN`], [`super::table_checks::TABLE_CHECK_VI`]).
    pub table: TableCheckTexts,
}

/// Why the system refused a read or a write: its kind (translated when common) and the
/// system's own words (shown otherwise).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct IoReason {
    kind: ErrorKind,
    text: String,
}

impl From<&std::io::Error> for IoReason {
    fn from(error: &std::io::Error) -> IoReason {
        IoReason {
            kind: error.kind(),
            text: error.to_string(),
        }
    }
}

/// A file problem of the store (or of the window's use of it), ready to be translated.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum FileProblem {
    /// [`StoreError::NotFound`].
    NotFound(PathBuf),
    /// [`StoreError::Read`].
    Read(PathBuf, IoReason),
    /// [`StoreError::Write`].
    Write(PathBuf, IoReason),
    /// [`StoreError::Empty`].
    Empty(PathBuf),
    /// [`StoreError::TooLarge`]: the size and the limit in bytes.
    TooLarge(PathBuf, u64, u64),
    /// [`StoreError::NotText`]: the first bad byte.
    NotText(PathBuf, usize),
    /// [`StoreError::Truncated`]: where the text ends.
    Truncated(PathBuf, usize, usize),
    /// [`StoreError::Corrupt`]: what is wrong, line and column.
    Corrupt(PathBuf, CorruptReason, usize, usize),
    /// [`StoreError::NameNotText`].
    NameNotText(PathBuf),
    /// [`StoreError::NewerVersion`]: the file's version and ours.
    NewerVersion(PathBuf, u32, u32),
    /// [`StoreError::Invalid`]: what the replay found.
    Invalid(PathBuf, CheckError),
    /// [`StoreError::NotFinished`]: the moves played.
    NotFinished(usize),
    /// [`StoreError::Encode`].
    Encode(String),
    /// [`StoreError::StorageBlocked`]: the browser keeps no site data (its reason).
    StorageBlocked(String),
    /// [`ExportError::Xlsx`].
    Workbook(String),
    /// [`ExportError::Write`].
    WorkbookWrite(PathBuf, IoReason),
    /// A history game that does not replay ([`ExportError::Invalid`], or when opened):
    /// its id and what the replay found.
    HistoryGame(String, CheckError),
    /// [`ExportError::Target`]: a path that cannot take the file, and why.
    Target(PathBuf, OutputPathError),
    /// [`ExportError::TextTooLong`]: the game's id and the text's length.
    TextTooLong(String, usize),
    /// The export's thread ended without an answer.
    ExportStopped,
    /// A folder, a link or a pipe where a file was expected: it is not opened.
    NotRegular(PathBuf),
    /// [`StoreError::NotASave`]: a file that does not even start like a save (its
    /// content is never quoted: it may not be ours).
    NotASave(PathBuf),
    /// [`StoreError::NotQueens`]: a tic-tac-toe or Dodgem save where a queens game was
    /// asked for, and its game.
    NotQueens(PathBuf, GameKind),
}

/// An error and its causes, outermost first ("replaying the moves: move 2 (c3) is
/// illegal: ..."): the store's errors keep their cause as a source, not in their text.
pub(crate) fn with_causes(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut cause = error.source();
    while let Some(inner) = cause {
        text.push_str(": ");
        text.push_str(&inner.to_string());
        cause = inner.source();
    }
    text
}

impl From<StoreError> for FileProblem {
    fn from(error: StoreError) -> FileProblem {
        match error {
            StoreError::NotFound { path } => FileProblem::NotFound(path),
            StoreError::NotAFile { path, .. } => FileProblem::NotRegular(path),
            // Another game's save (a newer version's) is not a queens save to this window.
            StoreError::NotASave { path } | StoreError::UnknownGame { path, .. } => {
                FileProblem::NotASave(path)
            }
            StoreError::NotQueens { path, kind } => FileProblem::NotQueens(path, kind),
            StoreError::Read { path, source } => FileProblem::Read(path, (&source).into()),
            StoreError::Write { path, source } => FileProblem::Write(path, (&source).into()),
            StoreError::Empty { path } => FileProblem::Empty(path),
            StoreError::TooLarge { path, size, limit } => FileProblem::TooLarge(path, size, limit),
            StoreError::NotText { path, offset } => FileProblem::NotText(path, offset),
            StoreError::Truncated { path, line, column } => {
                FileProblem::Truncated(path, line, column)
            }
            StoreError::Corrupt {
                path,
                reason,
                line,
                column,
            } => FileProblem::Corrupt(path, reason, line, column),
            StoreError::NameNotText { path } => FileProblem::NameNotText(path),
            StoreError::NewerVersion {
                path,
                found,
                supported,
            } => FileProblem::NewerVersion(path, found, supported),
            StoreError::Invalid { path, source } => FileProblem::Invalid(path, source),
            StoreError::NotFinished { plies } => FileProblem::NotFinished(plies),
            StoreError::Encode(detail) => FileProblem::Encode(detail),
            StoreError::StorageBlocked(why) => FileProblem::StorageBlocked(why),
        }
    }
}

impl From<ExportError> for FileProblem {
    fn from(error: ExportError) -> FileProblem {
        match error {
            ExportError::Xlsx(error) => FileProblem::Workbook(with_causes(&error)),
            ExportError::Write { path, source } => {
                FileProblem::WorkbookWrite(path, (&source).into())
            }
            ExportError::Invalid { id, source } => FileProblem::HistoryGame(id, source),
            ExportError::TextTooLong { id, chars, .. } => FileProblem::TextTooLong(id, chars),
            ExportError::Target { path, reason } => FileProblem::Target(path, reason),
            ExportError::Cancelled => FileProblem::ExportStopped,
        }
    }
}

impl Texts {
    /// `template` ("Autosave failed. {0}") filled with `problem` in words; a browser
    /// that keeps no site data is said alone, with what the person can do instead
    /// (issue 41.5), whichever write found it.
    pub(crate) fn failed_because(&self, template: &str, problem: &FileProblem) -> String {
        match problem {
            FileProblem::StorageBlocked(_) => self.storage_blocked.to_string(),
            other => fill(template, &[&self.file_problem(other)]),
        }
    }

    /// Why the system refused, in this language where the reason is a common one.
    fn io_reason(&self, reason: &IoReason) -> String {
        match reason.kind {
            ErrorKind::NotFound => self.io_not_found.to_string(),
            ErrorKind::PermissionDenied => self.io_permission.to_string(),
            ErrorKind::IsADirectory => self.io_is_folder.to_string(),
            ErrorKind::ReadOnlyFilesystem => self.io_read_only.to_string(),
            ErrorKind::StorageFull => self.io_disk_full.to_string(),
            ErrorKind::NotADirectory => self.io_not_a_folder.to_string(),
            // The system's own sentence, without Rust's "(os error N)" tail.
            _ => match reason.text.rsplit_once(" (os error ") {
                Some((text, _)) => text.to_string(),
                None => reason.text.clone(),
            },
        }
    }

    /// How a save disagrees with its replay, in this language.
    pub(crate) fn check_error(&self, error: &CheckError) -> String {
        let t = &self.check;
        match error {
            CheckError::BadSetup(parse) => fill(t.bad_setup, &[&self.parse_error(parse)]),
            CheckError::BadStone(token) => fill(t.bad_stone, &[token]),
            CheckError::SeedMismatch { seed, count, size } => {
                fill(t.seed_mismatch, &[count, seed, size])
            }
            CheckError::BadCell { number, token } => fill(t.bad_cell, &[number, token]),
            CheckError::IllegalMove(refused) => {
                let names = [Player::One.to_string(), Player::Two.to_string()];
                fill(t.illegal_move, &[&self.move_error(refused, &names)])
            }
            CheckError::GainMismatch {
                number,
                cell,
                stored,
                actual,
            } => fill(t.gain_mismatch, &[number, cell, stored, actual]),
            CheckError::ScoreMismatch { stored, actual } => fill(
                t.score_mismatch,
                &[&stored[0], &stored[1], &actual[0], &actual[1]],
            ),
            CheckError::ResultMismatch { stored, actual } => fill(
                t.result_mismatch,
                &[&self.outcome(*stored), &self.outcome(*actual)],
            ),
            CheckError::GameStringMismatch { stored, actual } => {
                fill(t.game_string_mismatch, &[stored, actual])
            }
            CheckError::TimeOutOfRange { field, value } => {
                let field = match field {
                    TimeField::Created => t.time_created.to_string(),
                    TimeField::Move(number) => fill(t.time_move, &[number]),
                    TimeField::Ended => t.time_ended.to_string(),
                };
                fill(t.time_out_of_range, &[&field, value])
            }
            CheckError::WrongGame { found } => match found {
                GameKind::Table(_) => fill(t.table.wrong_game_small, &[&t.table.game(*found)]),
                GameKind::Queens => t.table.wrong_game_queens.to_string(),
            },
            CheckError::TableSetup {
                kind,
                board: [rows, cols],
                size,
                stones,
                seeded,
            } => {
                let seed = if *seeded {
                    t.table.seed
                } else {
                    t.table.no_seed
                };
                let game = t.table.game(*kind);
                fill(
                    t.table.table_setup,
                    &[&game, rows, cols, size, stones, &seed],
                )
            }
            CheckError::TableMove {
                number,
                token,
                reason,
            } => fill(
                t.table.table_move,
                &[number, token, &reason.0.say(t.table.tongue)],
            ),
            CheckError::TableGain { number, stored } => fill(t.table.table_gain, &[number, stored]),
        }
    }

    /// Why `path` cannot take an output file, in this language.
    fn output_path_problem(&self, path: &std::path::Path, reason: &OutputPathError) -> String {
        let file = path.display();
        match reason {
            OutputPathError::Empty { extension } => fill(self.out_empty, &[extension]),
            OutputPathError::Folder { extension } => fill(self.out_folder, &[&file, extension]),
            OutputPathError::NotRegular { extension, .. } => {
                fill(self.out_not_regular, &[&file, extension])
            }
            OutputPathError::Extension { extension, .. } => {
                fill(self.out_extension, &[&file, extension])
            }
            OutputPathError::IsInput => fill(self.out_is_input, &[&file]),
            OutputPathError::TrailingSeparator { extension } => {
                fill(self.out_trailing_separator, &[&file, extension])
            }
            OutputPathError::NameTooLong { bytes, max } => {
                fill(self.out_name_too_long, &[&file, bytes, max])
            }
            OutputPathError::NoFolder { folder } => {
                fill(self.out_no_folder, &[&file, &folder.display()])
            }
            OutputPathError::NotAFolder { folder, .. } => {
                fill(self.out_not_a_folder, &[&file, &folder.display()])
            }
        }
    }

    /// A game's result ("P1 13:3"), in this language.
    fn outcome(&self, outcome: Option<Outcome>) -> String {
        let t = &self.check;
        let Some(Outcome {
            winner,
            score: [one, two],
            resigned,
        }) = outcome
        else {
            return t.not_finished.to_string();
        };
        let winner = match winner {
            Winner::Draw => t.draw,
            winner => winner.label(),
        };
        match resigned {
            None => fill(t.outcome, &[&winner, &one, &two]),
            Some(seat) => fill(
                t.outcome_resigned,
                &[&winner, &one, &two, &Player::from(seat)],
            ),
        }
    }

    /// What is wrong inside a damaged save, in this language.
    fn corrupt_reason(&self, reason: &CorruptReason) -> String {
        let t = &self.corrupt;
        match reason {
            CorruptReason::Punctuation => t.punctuation.to_string(),
            CorruptReason::TrailingText => t.trailing_text.to_string(),
            CorruptReason::ExpectedNumber => t.expected_number.to_string(),
            CorruptReason::NumberOutOfRange => t.number_out_of_range.to_string(),
            CorruptReason::ExpectedText => t.expected_text.to_string(),
            CorruptReason::ExpectedTrueFalse => t.expected_true_false.to_string(),
            CorruptReason::UnknownChoice { found, allowed } => {
                fill(t.unknown_choice, &[found, allowed])
            }
            CorruptReason::UnknownName { found } => fill(t.unknown_name, &[found]),
            CorruptReason::MissingField { field } => fill(t.missing_field, &[field]),
            CorruptReason::UnknownField { found, allowed } => {
                fill(t.unknown_field, &[found, &allowed.join(", ")])
            }
            CorruptReason::DuplicateField { field } => fill(t.duplicate_field, &[field]),
            CorruptReason::WrongLength { found } => fill(t.wrong_length, &[found]),
            CorruptReason::WrongKind => t.wrong_kind.to_string(),
            CorruptReason::TooDeep => t.too_deep.to_string(),
            CorruptReason::UnclosedComment => t.unclosed_comment.to_string(),
        }
    }

    /// A file problem in this language: what is wrong for a person, then the detail.
    pub(crate) fn file_problem(&self, problem: &FileProblem) -> String {
        let file = |path: &PathBuf| path.display().to_string();
        match problem {
            FileProblem::StorageBlocked(_) => self.storage_blocked.to_string(),
            FileProblem::NotFound(path) => fill(self.fp_not_found, &[&file(path)]),
            FileProblem::Read(path, reason) => {
                fill(self.fp_read, &[&file(path), &self.io_reason(reason)])
            }
            FileProblem::Write(path, reason) => {
                fill(self.fp_write, &[&file(path), &self.io_reason(reason)])
            }
            FileProblem::Empty(path) => fill(self.fp_empty, &[&file(path)]),
            FileProblem::TooLarge(path, size, limit) => {
                fill(self.fp_too_large, &[&file(path), size, limit])
            }
            FileProblem::NotText(path, offset) => fill(self.fp_not_text, &[&file(path), offset]),
            FileProblem::Truncated(path, line, column) => {
                fill(self.fp_truncated, &[&file(path), line, column])
            }
            FileProblem::Corrupt(path, reason, line, column) => fill(
                self.fp_corrupt,
                &[&file(path), &self.corrupt_reason(reason), line, column],
            ),
            FileProblem::NameNotText(path) => fill(self.fp_name_not_text, &[&file(path)]),
            FileProblem::NewerVersion(path, found, supported) => {
                fill(self.fp_newer, &[&file(path), found, supported])
            }
            FileProblem::Invalid(path, error) => {
                fill(self.fp_invalid, &[&file(path), &self.check_error(error)])
            }
            FileProblem::NotFinished(plies) => fill(self.fp_not_finished, &[plies]),
            FileProblem::Encode(detail) => fill(self.fp_encode, &[detail]),
            FileProblem::Workbook(detail) => fill(self.fp_workbook, &[detail]),
            FileProblem::WorkbookWrite(path, reason) => fill(
                self.fp_workbook_write,
                &[&file(path), &self.io_reason(reason)],
            ),
            FileProblem::HistoryGame(id, error) => {
                fill(self.fp_history_game, &[id, &self.check_error(error)])
            }
            FileProblem::Target(path, reason) => self.output_path_problem(path, reason),
            FileProblem::TextTooLong(id, chars) => fill(
                self.fp_text_too_long,
                &[id, chars, &queens_store::EXCEL_MAX_CELL_CHARS],
            ),
            FileProblem::ExportStopped => self.fp_export_stopped.to_string(),
            FileProblem::NotRegular(path) => fill(self.not_regular_file, &[&file(path)]),
            FileProblem::NotASave(path) => fill(self.fp_not_a_save, &[&file(path)]),
            FileProblem::NotQueens(path, kind) => {
                let small = &self.check.table;
                fill(small.fp_not_queens, &[&file(path), &small.game(*kind)])
            }
        }
    }
}

#[cfg(test)]
mod tests;
