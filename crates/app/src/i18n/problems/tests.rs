//! The store errors told in both languages: every variant has a sentence, and the
//! sentences carry their details.

use super::*;
use crate::i18n::texts;
use crate::session::settings::Language;

#[test]
fn a_corrupt_save_says_what_is_wrong_first_and_the_reason_second_in_each_language() {
    let problem: FileProblem = StoreError::Corrupt {
        path: PathBuf::from("saves/bad.ron"),
        reason: CorruptReason::UnknownChoice {
            found: "P9".into(),
            allowed: "P1, P2, Draw".into(),
        },
        line: 20,
        column: 17,
    }
    .into();
    let (en, vi) = (
        texts(Language::English).file_problem(&problem),
        texts(Language::Vietnamese).file_problem(&problem),
    );
    assert!(en.contains("'P9' is not one of P1, P2, Draw"), "{en}");
    assert!(
        vi.contains("'P9' không phải là một trong P1, P2, Draw"),
        "{vi}"
    );
    for text in [&en, &vi] {
        let (first, second) = (text.find("bad.ron"), text.find("'P9'"));
        assert!(
            matches!((first, second), (Some(a), Some(b)) if a < b),
            "{text}"
        );
    }
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
        StoreError::StorageBlocked("SecurityError: the operation is insecure".into()),
        StoreError::NameNotText { path: path() },
        StoreError::Corrupt {
            path: path(),
            reason: CorruptReason::Punctuation,
            line: 1,
            column: 2,
        },
        StoreError::NotQueens {
            path: path(),
            kind: GameKind::Table("dodgem"),
        },
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

/// Issue 18 (10): what a replay found is told in the window's language (it was the
/// store's English text in both).
#[test]
fn every_replay_disagreement_is_told_in_each_language() {
    let outcome = resigned_outcome();
    let (en, vi) = (texts(Language::English), texts(Language::Vietnamese));
    for error in every_check_error() {
        let problem = FileProblem::Invalid(PathBuf::from("x.ron"), error.clone());
        let (a, b) = (en.file_problem(&problem), vi.file_problem(&problem));
        assert_ne!(en.check_error(&error), vi.check_error(&error), "{a}");
        assert!(!a.contains('{') && !b.contains('{'), "{a} / {b}");
        // The English of the window says what the store says.
        assert!(a.contains(&error.to_string()), "{a} / {error}");
    }
    let resigned = CheckError::ResultMismatch {
        stored: None,
        actual: Some(outcome),
    };
    assert!(
        vi.check_error(&resigned)
            .contains("P2 3:13, P1 đã đầu hàng")
    );
}

/// P2 wins 13 : 3 after P1 resigned.
fn resigned_outcome() -> Outcome {
    Outcome {
        winner: Winner::P2,
        score: [3, 13],
        resigned: Some(queens_store::Seat::P1),
    }
}

/// One replay disagreement of each kind.
fn every_check_error() -> Vec<CheckError> {
    use queens_board::{Cell, MoveError, Occupant, ParseError};
    let cell = Cell::parse("c3").unwrap_or_else(|| panic!("c3 is a cell"));
    let outcome = resigned_outcome();
    vec![
        CheckError::BadSetup(ParseError::MissingSize),
        CheckError::BadStone("zz".into()),
        CheckError::SeedMismatch {
            seed: 7,
            count: 4,
            size: 5,
        },
        CheckError::BadCell {
            number: 2,
            token: "q99".into(),
        },
        CheckError::IllegalMove(MoveError::NotFree {
            number: 2,
            cell,
            occupant: Occupant::Stone,
        }),
        CheckError::GainMismatch {
            number: 1,
            cell,
            stored: 9,
            actual: 8,
        },
        CheckError::ScoreMismatch {
            stored: [1, 2],
            actual: [3, 4],
        },
        CheckError::ResultMismatch {
            stored: None,
            actual: Some(outcome),
        },
        CheckError::GameStringMismatch {
            stored: "a".into(),
            actual: "b".into(),
        },
        CheckError::TimeOutOfRange {
            field: TimeField::Move(3),
            value: u64::MAX,
        },
        CheckError::WrongGame {
            found: GameKind::Table("tictactoe"),
        },
        CheckError::WrongGame {
            found: GameKind::Queens,
        },
        CheckError::TableSetup {
            kind: GameKind::Table("dodgem"),
            board: [3, 3],
            size: 8,
            stones: 1,
            seeded: true,
        },
        CheckError::TableMove {
            number: 2,
            token: "b2".into(),
            reason: Box::new(queens_store::MoveRefused(
                queens_engines::games::seam::Refused::new(
                    queens_engines::games::dodgem::DodgemError::BadMove("b2".into()),
                ),
            )),
        },
        CheckError::TableGain {
            number: 1,
            stored: 12,
        },
    ]
}

/// A path that cannot take a workbook is explained in the window's language (it was
/// the store's English sentence in both).
#[test]
fn an_output_path_refusal_is_told_in_each_language() {
    let (en, vi) = (texts(Language::English), texts(Language::Vietnamese));
    let reasons = [
        OutputPathError::Empty { extension: "xlsx" },
        OutputPathError::Folder { extension: "xlsx" },
        OutputPathError::NotRegular {
            kind: "a FIFO (named pipe)",
            extension: "xlsx",
        },
        OutputPathError::Extension {
            extension: "xlsx",
            why: "Excel refuses other names",
        },
        OutputPathError::IsInput,
    ];
    for reason in reasons {
        let problem: FileProblem = ExportError::Target {
            path: PathBuf::from("out.txt"),
            reason,
        }
        .into();
        let (a, b) = (en.file_problem(&problem), vi.file_problem(&problem));
        assert_ne!(a, b);
        assert!(!a.contains('{') && !b.contains('{'), "{a} / {b}");
    }
}

/// No Rust wording in the window (issue 18.10): "Not a directory (os error 20)"
/// is said in the window's language, other system reasons without "(os error N)".
#[test]
fn system_reasons_carry_no_os_error_numbers() {
    use crate::session::settings::Language;
    let path = PathBuf::from("saves/autosave.ron");
    for language in Language::ALL {
        let t = crate::i18n::texts(language);
        for code in [20, 5] {
            let error = std::io::Error::from_raw_os_error(code);
            let text = t.file_problem(&FileProblem::Read(path.clone(), (&error).into()));
            assert!(!text.contains("os error"), "{text}");
            // 20 is ENOTDIR on Unix (on Windows, ERROR_BAD_UNIT).
            if cfg!(unix) && code == 20 {
                assert!(text.contains(t.io_not_a_folder), "{text}");
            }
        }
    }
}

/// Issue 41.5: a browser that keeps no site data said "Autosave failed. browser storage:
/// queens.autosave.ron could not be written (SecurityError: ...); the previous file, if
/// any, is untouched." It now says what is lost and what the person can do, alone.
#[test]
fn a_browser_that_keeps_no_site_data_is_told_what_to_do_instead() {
    let blocked = FileProblem::from(StoreError::StorageBlocked(
        "SecurityError: The operation is insecure.".into(),
    ));
    let en = texts(Language::English);
    let said = en.failed_because(en.autosave_failed, &blocked);
    assert_eq!(
        said,
        "This browser keeps no site data: your game, settings and history will not be kept. Use Save to download the game."
    );
    let vi = texts(Language::Vietnamese);
    assert_eq!(
        vi.failed_because(vi.settings_failed, &blocked),
        vi.storage_blocked
    );
    // Any other failure keeps its template.
    let full = FileProblem::Encode("x".into());
    assert!(
        en.failed_because(en.autosave_failed, &full)
            .starts_with("Autosave failed.")
    );
}
