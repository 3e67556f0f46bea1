//! The store's errors as the window shows them: kept as data (not English text) so they
//! are told in the language of the moment, one sentence per variant of
//! [`StoreError`] and [`ExportError`] for a person first, the technical detail second.

use super::{Texts, fill};
use crate::store::{ExportError, StoreError};
use std::io::ErrorKind;
use std::path::PathBuf;

/// Why the system refused a read or a write: its kind (translated when common) and the
/// system's own words (shown otherwise).
#[derive(Clone, Debug, PartialEq)]
pub struct IoReason {
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
pub enum FileProblem {
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
    /// [`StoreError::Corrupt`]: the parser's message, line and column.
    Corrupt(PathBuf, String, usize, usize),
    /// [`StoreError::NewerVersion`]: the file's version and ours.
    NewerVersion(PathBuf, u32, u32),
    /// [`StoreError::Invalid`]: what the replay found.
    Invalid(PathBuf, String),
    /// [`StoreError::NotFinished`]: the moves played.
    NotFinished(usize),
    /// [`StoreError::Encode`].
    Encode(String),
    /// [`ExportError::Xlsx`].
    Workbook(String),
    /// [`ExportError::Write`].
    WorkbookWrite(PathBuf, IoReason),
    /// A history game that does not replay ([`ExportError::Invalid`], or when opened):
    /// its id and what the replay found.
    HistoryGame(String, String),
    /// The export's thread ended without an answer.
    ExportStopped,
    /// A folder, a link or a pipe where a file was expected: it is not opened.
    NotRegular(PathBuf),
    /// [`StoreError::NotASave`]: a file that does not even start like a save (its
    /// content is never quoted: it may not be ours).
    NotASave(PathBuf),
}

/// An error and its causes, outermost first ("replaying the moves: move 2 (c3) is
/// illegal: ..."): the store's errors keep their cause as a source, not in their text.
pub(in crate::ui) fn with_causes(error: &dyn std::error::Error) -> String {
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
                detail,
                line,
                column,
            } => FileProblem::Corrupt(path, detail, line, column),
            StoreError::NewerVersion {
                path,
                found,
                supported,
            } => FileProblem::NewerVersion(path, found, supported),
            StoreError::Invalid { path, source } => {
                FileProblem::Invalid(path, with_causes(&source))
            }
            StoreError::NotFinished { plies } => FileProblem::NotFinished(plies),
            StoreError::Encode(detail) => FileProblem::Encode(detail),
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
            ExportError::Invalid { id, source } => {
                FileProblem::HistoryGame(id, with_causes(&source))
            }
            ExportError::TextTooLong { ref id, .. } => {
                FileProblem::HistoryGame(id.clone(), error.to_string())
            }
            ExportError::Target { .. } => FileProblem::Workbook(error.to_string()),
            ExportError::Cancelled => FileProblem::ExportStopped,
        }
    }
}

impl Texts {
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

    /// A file problem in this language: what is wrong for a person, then the detail.
    pub fn file_problem(&self, problem: &FileProblem) -> String {
        let file = |path: &PathBuf| path.display().to_string();
        match problem {
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
            FileProblem::Corrupt(path, detail, line, column) => {
                fill(self.fp_corrupt, &[&file(path), detail, line, column])
            }
            FileProblem::NewerVersion(path, found, supported) => {
                fill(self.fp_newer, &[&file(path), found, supported])
            }
            FileProblem::Invalid(path, detail) => fill(self.fp_invalid, &[&file(path), detail]),
            FileProblem::NotFinished(plies) => fill(self.fp_not_finished, &[plies]),
            FileProblem::Encode(detail) => fill(self.fp_encode, &[detail]),
            FileProblem::Workbook(detail) => fill(self.fp_workbook, &[detail]),
            FileProblem::WorkbookWrite(path, reason) => fill(
                self.fp_workbook_write,
                &[&file(path), &self.io_reason(reason)],
            ),
            FileProblem::HistoryGame(id, detail) => fill(self.fp_history_game, &[id, detail]),
            FileProblem::ExportStopped => self.fp_export_stopped.to_string(),
            FileProblem::NotRegular(path) => fill(self.not_regular_file, &[&file(path)]),
            FileProblem::NotASave(path) => fill(self.fp_not_a_save, &[&file(path)]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::i18n::texts;
    use crate::ui::session::settings::Language;

    #[test]
    fn a_corrupt_save_says_what_is_wrong_first_and_the_parser_detail_second() {
        let detail = "Expected struct `SavedGame` but found `garbage`";
        let problem: FileProblem = StoreError::Corrupt {
            path: PathBuf::from("saves/bad.ron"),
            detail: detail.to_string(),
            line: 1,
            column: 1,
        }
        .into();
        for language in Language::ALL {
            let text = texts(language).file_problem(&problem);
            let (first, second) = (text.find("bad.ron"), text.find(detail));
            assert!(
                matches!((first, second), (Some(a), Some(b)) if a < b),
                "{language:?}: {text}"
            );
        }
        let vi = texts(Language::Vietnamese).file_problem(&problem);
        let en = texts(Language::English).file_problem(&problem);
        assert_ne!(vi, en);
    }

    #[test]
    fn every_store_error_is_translated() {
        let path = || PathBuf::from("x.ron");
        let denied = || std::io::Error::from(ErrorKind::PermissionDenied);
        let errors = [
            StoreError::NotFound { path: path() },
            StoreError::NotAFile {
                path: path(),
                kind: "a FIFO (named pipe)",
            },
            StoreError::NotASave { path: path() },
            StoreError::Read {
                path: path(),
                source: denied(),
            },
            StoreError::Write {
                path: path(),
                source: denied(),
            },
            StoreError::Empty { path: path() },
            StoreError::TooLarge {
                path: path(),
                size: 9,
                limit: 4,
            },
            StoreError::NotText {
                path: path(),
                offset: 3,
            },
            StoreError::Truncated {
                path: path(),
                line: 1,
                column: 2,
            },
            StoreError::NewerVersion {
                path: path(),
                found: 9,
                supported: 1,
            },
            StoreError::NotFinished { plies: 3 },
            StoreError::Encode("e".into()),
        ];
        let (en, vi) = (texts(Language::English), texts(Language::Vietnamese));
        for error in errors {
            let english = error.to_string();
            let problem = FileProblem::from(error);
            let (a, b) = (en.file_problem(&problem), vi.file_problem(&problem));
            assert_ne!(a, b, "{english}");
            assert!(!a.contains('{') && !b.contains('{'), "{a} / {b}");
        }
        let denied = FileProblem::Read(path(), (&denied()).into());
        assert!(vi.file_problem(&denied).contains(vi.io_permission));
    }

    /// No Rust wording in the window (issue 18.10): "Not a directory (os error 20)"
    /// is said in the window's language, other system reasons without "(os error N)".
    #[test]
    fn system_reasons_carry_no_os_error_numbers() {
        use crate::ui::session::settings::Language;
        let path = PathBuf::from("saves/autosave.ron");
        for language in Language::ALL {
            let t = crate::ui::i18n::texts(language);
            for code in [20, 5] {
                let error = std::io::Error::from_raw_os_error(code);
                let text = t.file_problem(&FileProblem::Read(path.clone(), (&error).into()));
                assert!(!text.contains("os error"), "{text}");
                if code == 20 {
                    assert!(text.contains(t.io_not_a_folder), "{text}");
                }
            }
        }
    }
}
