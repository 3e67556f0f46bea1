//! Issue 18 (10, 12, 13): reading a file is strict and says what is wrong in the file's
//! words. A damaged save is named by what a person editing it sees (never by the
//! program's type names), a time no calendar can show is refused rather than exported as
//! 1970, a missing game string is the replay's (never an empty cell), a history file whose
//! name is not text is named rather than read under a lossy id, and the workbook carries
//! the players' names.

#[cfg(target_os = "linux")]
use crate::common;

use calamine::{Data, Reader, Xlsx, open_workbook};
use queens_board::{Board, Cell};
use queens_store::{
    CheckError, CorruptReason, HistoryEntry, SavedGame, Side, StoreError, TimeField,
    export_workbook, load_from,
};
use std::path::{Path, PathBuf};

fn temp() -> tempfile::TempDir {
    tempfile::tempdir().unwrap_or_else(|e| panic!("no temp dir: {e}"))
}

/// A finished 4x4 game between two people, as its save's text.
fn finished_game() -> SavedGame {
    let mut board = Board::new(4, &[]).unwrap_or_else(|e| panic!("{e}"));
    let mut saved = SavedGame::new(&board, [Side::Human, Side::Human], None);
    for name in ["b2", "d3", "a4"] {
        let cell: Cell = name.parse().unwrap_or_else(|e| panic!("{e}"));
        board.play(cell).unwrap_or_else(|e| panic!("{e}"));
        saved.update(&board, None);
    }
    assert!(saved.is_finished());
    saved
}

fn ron_of(saved: &SavedGame) -> String {
    saved.to_ron().unwrap_or_else(|e| panic!("{e}"))
}

/// Writes `text` as `name` in `dir` and loads it.
fn load_text(dir: &Path, name: &str, text: &str) -> (PathBuf, Result<SavedGame, StoreError>) {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap_or_else(|e| panic!("{e}"));
    let loaded = load_from(&path).map(|loaded| loaded.saved);
    (path, loaded)
}

/// `text` with `from` replaced by `to` exactly once.
fn edited(text: &str, from: &str, to: &str) -> String {
    assert_eq!(text.matches(from).count(), 1, "{from:?} in {text}");
    text.replacen(from, to, 1)
}

#[test]
fn a_damaged_save_is_described_in_the_files_words_not_the_programs_types() {
    let dir = temp();
    let good = ron_of(&finished_game());
    let cases = [
        (
            edited(&good, "winner: P1", "winner: P9"),
            CorruptReason::UnknownChoice {
                found: "P9".into(),
                allowed: "P1, P2, Draw".into(),
            },
        ),
        (
            edited(&good, "players: (Human", "players: (Robot"),
            CorruptReason::UnknownChoice {
                found: "Robot".into(),
                allowed: "Human, Computer".into(),
            },
        ),
        (
            edited(&good, "settings: (", "settings: Foo("),
            CorruptReason::UnknownName {
                found: "Foo".into(),
            },
        ),
        (
            edited(&good, "size: 4", "size: \"4\""),
            CorruptReason::ExpectedNumber,
        ),
        (
            edited(&good, "size: 4", "size: 4000"),
            CorruptReason::NumberOutOfRange,
        ),
    ];
    for (text, expected) in cases {
        let (_, loaded) = load_text(dir.path(), "bad.ron", &text);
        let err = loaded.err();
        let message = err.as_ref().map(ToString::to_string).unwrap_or_default();
        match &err {
            Some(StoreError::Corrupt { reason, .. }) => assert_eq!(reason, &expected),
            other => panic!("{other:?}"),
        }
        // What the old messages said: "Unexpected variant named `P9` in enum `Winner`",
        // "Expected struct `GameSettings`".
        for internal in ["enum", "struct", "`", "Winner", "Side", "GameSettings"] {
            assert!(!message.contains(internal), "{message}");
        }
    }
}

#[test]
fn a_save_without_its_final_bracket_is_refused_as_cut_off() {
    let dir = temp();
    let good = ron_of(&finished_game());
    let without = good.trim_end().strip_suffix(')').map(str::to_string);
    let without = without.unwrap_or_else(|| panic!("a save ends in ')': {good}"));
    for text in [
        without.clone(),
        without.trim_end().trim_end_matches(',').to_string(),
    ] {
        let (_, loaded) = load_text(dir.path(), "cut.ron", &text);
        assert!(
            matches!(loaded, Err(StoreError::Truncated { .. })),
            "{loaded:?}"
        );
    }
}

#[test]
fn a_time_after_the_year_9999_is_refused_not_shown_as_1970() {
    let dir = temp();
    let saved = finished_game();
    let good = ron_of(&saved);
    let created = format!("created: {},", saved.created);
    let cases = [
        edited(&good, &created, "created: 18446744073709551615,"),
        edited(&good, &created, "created: 253402300800,"),
    ];
    for text in cases {
        let (_, loaded) = load_text(dir.path(), "time.ron", &text);
        match loaded {
            Err(StoreError::Invalid {
                source:
                    CheckError::TimeOutOfRange {
                        field: TimeField::Created,
                        ..
                    },
                ..
            }) => {}
            other => panic!("{other:?}"),
        }
    }
    // The last second of 9999 is still a time.
    let (_, loaded) = load_text(
        dir.path(),
        "last.ron",
        &edited(&good, &created, "created: 253402300799,"),
    );
    assert!(loaded.is_ok(), "{loaded:?}");
}

#[test]
fn a_save_without_its_game_string_gets_the_replays_in_the_workbook() {
    let dir = temp();
    let saved = finished_game();
    let good = ron_of(&saved);
    let line = format!("    game: \"{}\",\n", saved.game);
    let (_, loaded) = load_text(dir.path(), "no-game.ron", &edited(&good, &line, ""));
    let loaded = loaded.unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(loaded.game, "size=4 moves=b2,d3,a4");
    // Even a record built in code without it (never loaded) exports the replay's.
    let mut bare = saved.clone();
    bare.game.clear();
    let out = dir.path().join("games.xlsx");
    export_workbook(&[HistoryEntry::new("bare", bare)], &out).unwrap_or_else(|e| panic!("{e}"));
    let mut book: Xlsx<_> = open_workbook(&out).unwrap_or_else(|e| panic!("{e}"));
    let matches = book
        .worksheet_range("Matches")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        matches.get_value((1, 17)).cloned(),
        Some(Data::String("size=4 moves=b2,d3,a4".into()))
    );
}

#[test]
fn the_matches_sheet_names_the_players_cleaned() {
    let dir = temp();
    let mut named = finished_game();
    named.names = ["Ann".into(), "Bob\n\u{202E}evil".into()];
    let unnamed = finished_game();
    let entries = [
        HistoryEntry::new("named", named),
        HistoryEntry::new("unnamed", unnamed),
    ];
    let out = dir.path().join("names.xlsx");
    export_workbook(&entries, &out).unwrap_or_else(|e| panic!("{e}"));
    let mut book: Xlsx<_> = open_workbook(&out).unwrap_or_else(|e| panic!("{e}"));
    let matches = book
        .worksheet_range("Matches")
        .unwrap_or_else(|e| panic!("{e}"));
    let cell = |row: u32, col: u32| matches.get_value((row, col)).cloned();
    assert_eq!(cell(0, 19), Some(Data::String("P1 name".into())));
    assert_eq!(cell(0, 20), Some(Data::String("P2 name".into())));
    assert_eq!(cell(1, 19), Some(Data::String("Ann".into())));
    assert_eq!(cell(1, 20), Some(Data::String("Bobevil".into())));
    assert!(
        matches!(cell(2, 19), None | Some(Data::Empty)),
        "{:?}",
        cell(2, 19)
    );
}

/// Two history files whose names differ only in bytes that are not UTF-8 used to read as
/// one id; each is now named as unreadable by its name, and the export says so.
#[cfg(target_os = "linux")]
#[test]
fn a_history_file_whose_name_is_not_text_is_named_not_read() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let dir = temp();
    let saved = finished_game();
    let written =
        queens_store::append_history(dir.path(), &saved).unwrap_or_else(|e| panic!("{e}"));
    let history = written.parent().map(Path::to_path_buf).unwrap_or_default();
    let text = ron_of(&saved);
    for name in [&b"game-\xff.ron"[..], &b"game-\xfe.ron"[..]] {
        std::fs::write(history.join(OsStr::from_bytes(name)), &text)
            .unwrap_or_else(|e| panic!("{e}"));
    }
    let saves = dir.path().to_string_lossy().into_owned();
    let out = dir.path().join("out.xlsx");
    let out_text = out.to_string_lossy().into_owned();
    let answer = common::json(&["export", "--saves-dir", &saves, "--out", &out_text]);
    assert_eq!(answer["games"], 1, "{answer}");
    let skipped = answer["skipped"].as_array().cloned().unwrap_or_default();
    assert_eq!(skipped.len(), 2, "{answer}");
    for entry in skipped {
        let error = entry["error"].as_str().unwrap_or_default();
        assert!(error.contains("file name is not valid text"), "{error}");
    }
}
