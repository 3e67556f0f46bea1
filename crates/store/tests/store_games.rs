//! What a save says about its game beyond the moves: which game it is (the `kind` tag)
//! and how it ended when a player resigned. Older saves, which have neither, still load.

use calamine::{Data, Reader, Xlsx, open_workbook};
use queens_board::{Board, Cell, Ending, Player};
use queens_engines::ai::EngineKind;
use queens_store::{
    EngineSettings, ExportError, GameKind, HistoryEntry, ResignError, SavedGame, Seat, Side,
    StoreError, Winner, append_history, export_workbook, load_from, load_history, summarize,
};
use std::path::Path;

fn temp() -> tempfile::TempDir {
    tempfile::tempdir().unwrap_or_else(|e| panic!("no temp dir: {e}"))
}

/// A save as versions before the game tag and resignations wrote it, finished.
const OLD_FINISHED_SAVE: &str = r#"(
    version: 1,
    created: 1763900000,
    settings: (
        size: 4,
        stones: [],
        seed: None,
        players: (Human, Computer((
            algorithm: "alphabeta",
            depth: 2,
            time_ms: None,
        ))),
    ),
    moves: [
        (cell: "b2", gained: 12, at: 1763900001, search: None),
        (cell: "d3", gained: 3, at: 1763900002, search: None),
        (cell: "a4", gained: 1, at: 1763900003, search: None),
    ],
    score: (13, 3),
    result: Some((
        score: (13, 3),
        winner: P1,
        ended: 1763900003,
    )),
    game: "size=4 moves=b2,d3,a4",
)
"#;

/// P1 (a person) against alpha-beta depth 2 on the empty 4x4 board, after `moves`.
fn game_after(moves: &[&str]) -> (SavedGame, Board) {
    let mut board = Board::new(4, &[]).unwrap_or_else(|e| panic!("{e}"));
    let computer = Side::Computer(EngineSettings::new(EngineKind::ALPHABETA, 2, None));
    let mut saved = SavedGame::new(&board, [Side::Human, computer], None);
    for name in moves {
        let cell: Cell = name.parse().unwrap_or_else(|e| panic!("{e}"));
        board.play(cell).unwrap_or_else(|e| panic!("{e}"));
        saved.update(&board, None);
    }
    (saved, board)
}

#[test]
fn a_save_from_before_the_game_tag_loads_as_queens_and_is_written_with_it() {
    let loaded = SavedGame::from_ron(OLD_FINISHED_SAVE, Path::new("old.ron"))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(loaded.saved.kind, GameKind::Queens);
    let result = loaded.saved.result.unwrap_or_else(|| panic!("finished"));
    assert_eq!(result.resigned, None);
    assert_eq!(result.ending(), Ending::Scored(Some(Player::One)));
    assert_eq!(result.describe(), "P1 wins");
    let again = loaded.saved.to_ron().unwrap_or_else(|e| panic!("{e}"));
    assert!(again.contains("kind: \"queens\""), "{again}");
    // No resignation, no `resigned` key: an older version reads the file as before.
    assert!(!again.contains("resigned"), "{again}");
    let reloaded =
        SavedGame::from_ron(&again, Path::new("again.ron")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(reloaded.saved, loaded.saved);
}

#[test]
fn a_save_of_a_game_this_version_does_not_know_is_refused_by_name() {
    // Dodgem and tic-tac-toe are known games now (tests/store_small.rs); chess is not.
    let chess = OLD_FINISHED_SAVE.replacen("version: 1,", "version: 1,\n    kind: \"chess\",", 1);
    let err = SavedGame::from_ron(&chess, Path::new("chess.ron")).err();
    let Some(StoreError::UnknownGame { path, source }) = err else {
        panic!("{err:?}");
    };
    assert_eq!(path, Path::new("chess.ron"));
    assert_eq!(source.name, "chess");
    let text = StoreError::UnknownGame { path, source }.to_string();
    assert!(text.contains("a game this version does not know"), "{text}");
    // The tag is refused whatever the rest of the file holds (a chess board would not
    // parse as a queens one).
    let odd = "(version: 1, kind: \"checkers\", moves: [Drop(3)])";
    let err = SavedGame::from_ron(odd, Path::new("t.ron")).err();
    assert!(
        matches!(err, Some(StoreError::UnknownGame { .. })),
        "{err:?}"
    );
}

#[test]
fn a_resignation_ends_the_game_with_the_other_player_winning() {
    // P1 leads 12:0 after b2 and resigns anyway.
    let (mut saved, board) = game_after(&["b2"]);
    assert!(!saved.is_finished());
    saved.resign(Player::One).unwrap_or_else(|e| panic!("{e}"));
    assert!(saved.is_finished());
    assert_eq!(saved.resigned(), Some(Player::One));
    let result = saved.result.unwrap_or_else(|| panic!("finished"));
    assert_eq!(result.winner, Winner::P2);
    assert_eq!(result.score, [12, 0]);
    assert_eq!(result.resigned, Some(Seat::P1));
    assert_eq!(result.ending(), Ending::Resigned(Player::One));
    assert_eq!(result.describe(), "P2 wins (P1 resigned)");
    assert!(result.ended >= saved.moves[0].at);
    // The rules agree: the window asks them, not the record.
    assert_eq!(
        queens_board::winner(&board, Some(Player::One)),
        Some(Player::Two)
    );
    // Once is enough.
    assert_eq!(saved.resign(Player::Two), Err(ResignError::Finished));
}

#[test]
fn a_finished_game_cannot_be_resigned() {
    let (mut saved, _) = game_after(&["b2", "d3", "a4"]);
    assert_eq!(saved.resign(Player::Two), Err(ResignError::Finished));
    assert_eq!(saved.resigned(), None);
}

#[test]
fn a_resignation_survives_a_save_and_goes_into_the_history() {
    let dir = temp();
    let (mut saved, _) = game_after(&["b2", "d3"]);
    saved.resign(Player::Two).unwrap_or_else(|e| panic!("{e}"));
    let path = dir.path().join("resigned.ron");
    saved.save_to(&path).unwrap_or_else(|e| panic!("{e}"));
    let loaded = load_from(&path).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(loaded.saved, saved);
    assert_eq!(loaded.saved.resigned(), Some(Player::Two));

    append_history(dir.path(), &saved).unwrap_or_else(|e| panic!("{e}"));
    let (entries, bad) = load_history(dir.path());
    assert!(bad.is_empty(), "{bad:?}");
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].game.resigned(), Some(Player::Two));
    // The computer (P2) resigned, so in its statistics it lost.
    let summary = summarize(&entries);
    assert_eq!(summary.len(), 1);
    assert_eq!((summary[0].wins, summary[0].losses), (0, 1));
}

#[test]
fn a_resignation_stands_until_the_moves_change() {
    let (mut saved, mut board) = game_after(&["b2"]);
    saved.resign(Player::Two).unwrap_or_else(|e| panic!("{e}"));
    // The same position again (an autosave after the resignation) keeps it.
    saved.update(&board, None);
    assert_eq!(saved.resigned(), Some(Player::Two));
    // Another move makes it another game, not a resigned one.
    board
        .play("d3".parse::<Cell>().unwrap_or_else(|e| panic!("{e}")))
        .unwrap_or_else(|e| panic!("{e}"));
    saved.update(&board, None);
    assert_eq!(saved.resigned(), None);
    assert!(!saved.is_finished());
}

#[test]
fn a_resignation_on_a_finished_board_or_with_the_wrong_winner_is_refused() {
    let (mut saved, _) = game_after(&["b2"]);
    saved.resign(Player::One).unwrap_or_else(|e| panic!("{e}"));
    let text = saved.to_ron().unwrap_or_else(|e| panic!("{e}"));
    // The resigning player named as the winner.
    let tampered = text.replacen("winner: P2", "winner: P1", 1);
    assert_ne!(tampered, text);
    let err = SavedGame::from_ron(&tampered, Path::new("t.ron")).err();
    assert!(matches!(err, Some(StoreError::Invalid { .. })), "{err:?}");
    // A resignation after the last cell was taken.
    let finished =
        OLD_FINISHED_SAVE.replacen("winner: P1,", "winner: P2,\n        resigned: Some(P1),", 1);
    let err = SavedGame::from_ron(&finished, Path::new("f.ron")).err();
    let text = err
        .as_ref()
        .map(|e| format!("{e}: {:?}", e))
        .unwrap_or_default();
    assert!(matches!(err, Some(StoreError::Invalid { .. })), "{text}");
}

#[test]
fn the_workbook_says_who_resigned() -> Result<(), ExportError> {
    let dir = temp();
    let (mut resigned, _) = game_after(&["b2"]);
    resigned
        .resign(Player::One)
        .unwrap_or_else(|e| panic!("{e}"));
    let (finished, _) = game_after(&["b2", "d3", "a4"]);
    let entries = [
        HistoryEntry::new("finished", finished),
        HistoryEntry::new("resigned", resigned),
    ];
    let out = dir.path().join("history.xlsx");
    export_workbook(&entries, &out)?;
    let mut book: Xlsx<_> = open_workbook(&out).unwrap_or_else(|e| panic!("{e}"));
    let matches = book
        .worksheet_range("Matches")
        .unwrap_or_else(|e| panic!("{e}"));
    let cell = |row: u32, col: u32| matches.get_value((row, col)).cloned();
    assert_eq!(cell(0, 18), Some(Data::String("Result".into())));
    assert_eq!(cell(1, 18), Some(Data::String("P1 wins".into())));
    assert_eq!(cell(2, 13), Some(Data::String("P2".into())));
    assert_eq!(
        cell(2, 18),
        Some(Data::String("P2 wins (P1 resigned)".into()))
    );
    let summary = book
        .worksheet_range("Summary")
        .unwrap_or_else(|e| panic!("{e}"));
    let said = summary
        .cells()
        .any(|(_, _, value)| value.to_string().contains("ended by resignation"));
    assert!(said, "the Summary sheet says a game was resigned");
    Ok(())
}

/// A save goes through the same output check as a workbook: never over a FIFO, never
/// under another extension.
#[test]
fn a_save_is_not_written_over_a_fifo_or_under_another_name() {
    let dir = temp();
    let (saved, _) = game_after(&["b2"]);
    let err = saved.save_to(&dir.path().join("game.xlsx")).err();
    // The reason is the error's cause, as for any failed write.
    let text = err
        .as_ref()
        .and_then(std::error::Error::source)
        .map(ToString::to_string)
        .unwrap_or_default();
    assert!(matches!(err, Some(StoreError::Write { .. })), "{err:?}");
    assert!(text.contains(".ron"), "{text}");
    #[cfg(unix)]
    {
        let fifo = dir.path().join("pipe.ron");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.is_ok_and(|status| status.success()));
        let err = saved.save_to(&fifo).err();
        let text = err.as_ref().map(ToString::to_string).unwrap_or_default();
        assert!(matches!(err, Some(StoreError::Write { .. })), "{err:?}");
        let kind = std::fs::symlink_metadata(&fifo).map(|m| m.file_type().is_file());
        assert_eq!(kind.ok(), Some(false), "{text}");
    }
}

/// Issue 18 (12): names read from a file get the limits of names typed in the window
/// (no control or direction characters, at most 24 characters).
#[test]
fn names_from_a_file_are_cleaned_like_typed_ones() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let path = dir.path().join("names.ron");
    let board = queens_board::Board::new(5, &[]).unwrap_or_else(|e| panic!("{e}"));
    let mut saved = queens_store::SavedGame::new(
        &board,
        [queens_store::Side::Human, queens_store::Side::Human],
        None,
    );
    saved.names = [
        "Ann\nBob\u{1b}[31m".to_string(),
        format!("\u{202E}{}", "x".repeat(40)),
    ];
    saved.save_to(&path).unwrap_or_else(|e| panic!("{e}"));
    let loaded = queens_store::load_from(&path).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(loaded.saved.names[0], "AnnBob[31m");
    assert_eq!(
        loaded.saved.names[1],
        "x".repeat(queens_store::MAX_NAME_CHARS)
    );
}

/// Issue 19 (16): the workbook keeps player records: each player's games, wins, draws,
/// losses and average margin against each opponent, players by the names they gave.
#[test]
fn the_players_sheet_gives_each_players_record_against_each_opponent() {
    let dir = temp();
    let (mut first, _) = game_after(&["b2", "d3", "a4"]);
    first.names = ["Ann".into(), String::new()];
    let (mut resigned, _) = game_after(&["b2"]);
    resigned.names = ["Ann".into(), String::new()];
    resigned
        .resign(Player::One)
        .unwrap_or_else(|e| panic!("{e}"));
    let [one, two] = first.score;
    let [r_one, r_two] = resigned.score;
    let entries = [
        HistoryEntry::new("first", first),
        HistoryEntry::new("resigned", resigned),
    ];
    let out = dir.path().join("players.xlsx");
    export_workbook(&entries, &out).unwrap_or_else(|e| panic!("{e}"));
    let mut book: Xlsx<_> = open_workbook(&out).unwrap_or_else(|e| panic!("{e}"));
    let players = book
        .worksheet_range("Players")
        .unwrap_or_else(|e| panic!("{e}"));
    let row_of = |player: &str| {
        (1..players.height() as u32)
            .find(|&row| players.get_value((row, 0)) == Some(&Data::String(player.into())))
            .unwrap_or_else(|| panic!("no row for {player}"))
    };
    let number = |row: u32, col: u32| match players.get_value((row, col)) {
        Some(Data::Float(value)) => *value,
        other => panic!("({row}, {col}): {other:?}"),
    };
    let ann = row_of("Ann");
    assert_eq!(
        players.get_value((ann, 1)),
        Some(&Data::String("alphabeta depth 2".into()))
    );
    // Games, wins, draws, losses: one win, one resignation.
    let counts: Vec<f64> = (2..6).map(|col| number(ann, col)).collect();
    assert_eq!(counts, [2.0, 1.0, 0.0, 1.0]);
    let margin = (f64::from(one) - f64::from(two) + f64::from(r_one) - f64::from(r_two)) / 2.0;
    assert_eq!(number(ann, 7), margin);
    let computer = row_of("alphabeta depth 2");
    assert_eq!(number(computer, 7), -margin);
    assert_eq!(number(computer, 3), 1.0);
}

/// Issue 19 (16): a workbook can carry the sheet names of the window's language, and the
/// Summary's formulas follow the renamed Matches sheet.
#[test]
fn the_sheets_can_be_named_in_another_language() {
    use queens_store::{ExportOptions, SheetNames, WorkbookWriter};
    let dir = temp();
    let names = SheetNames {
        matches: "Trận đấu",
        moves: "Nước đi",
        summary: "Tổng kết",
        players: "Người chơi",
        table24: "Bảng 2.4",
        analysis: "Phân tích",
        human: "Bạn",
    };
    let mut writer = WorkbookWriter::new(ExportOptions {
        sheet_names: names,
        ..ExportOptions::default()
    });
    let (finished, _) = game_after(&["b2", "d3", "a4"]);
    writer
        .add(&HistoryEntry::new("g", finished))
        .unwrap_or_else(|e| panic!("{e}"));
    let out = dir.path().join("vi.xlsx");
    let info = writer
        .finish(&out)
        .unwrap_or_else(|e| panic!("{e}: {:?}", std::error::Error::source(&e)));
    let expected = ["Trận đấu", "Nước đi", "Tổng kết", "Người chơi"];
    assert_eq!(info.sheets, expected);
    let mut book: Xlsx<_> = open_workbook(&out).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(book.sheet_names(), expected);
    let formulas = book
        .worksheet_formula("Tổng kết")
        .unwrap_or_else(|e| panic!("{e}"));
    let wins = formulas.get_value((1, 3)).cloned().unwrap_or_default();
    assert!(wins.contains("'Trận đấu'!"), "{wins}");
    // Issue 32.12: the unnamed people are called what the window calls them.
    let players = book
        .worksheet_range("Người chơi")
        .unwrap_or_else(|e| panic!("{e}"));
    let named: Vec<_> = players.rows().skip(1).map(|row| row[0].clone()).collect();
    assert!(named.contains(&Data::String("Bạn".into())), "{named:?}");
    assert!(!named.contains(&Data::String("human".into())), "{named:?}");
}

/// Issue 19 (16): the Table 2.4 and Analysis sheets of a Vietnamese export are named in
/// Vietnamese too.
#[test]
fn the_table24_and_analysis_sheets_follow_the_language() {
    use queens_engines::analysis::{Analysis, Table24};
    use queens_store::{ExportOptions, SheetNames, WorkbookWriter};
    let dir = temp();
    let names = SheetNames {
        matches: "Trận đấu",
        moves: "Nước đi",
        summary: "Tổng kết",
        players: "Người chơi",
        table24: "Bảng 2.4",
        analysis: "Phân tích",
        human: "Bạn",
    };
    let mut writer = WorkbookWriter::new(ExportOptions {
        sheet_names: names,
        ..ExportOptions::default()
    });
    let (finished, _) = game_after(&["b2", "d3", "a4"]);
    writer
        .add(&HistoryEntry::new("g", finished))
        .unwrap_or_else(|e| panic!("{e}"));
    let analysis = Analysis::from_positions("size=4".into(), &[], &[], vec![None], true);
    let sheet = writer
        .add_analysis(&analysis)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(sheet, "Phân tích 1");
    let table = Table24 {
        game: "size=4".into(),
        moves: 16,
        thesis: true,
        algorithms: Vec::new(),
        rows: Vec::new(),
        complete: true,
    };
    writer.add_table24(&table).unwrap_or_else(|e| panic!("{e}"));
    let out = dir.path().join("vi.xlsx");
    writer
        .finish(&out)
        .unwrap_or_else(|e| panic!("{e}: {:?}", std::error::Error::source(&e)));
    let book: Xlsx<_> = open_workbook(&out).unwrap_or_else(|e| panic!("{e}"));
    let sheets = book.sheet_names();
    for name in ["Phân tích 1", "Bảng 2.4"] {
        assert!(sheets.iter().any(|s| s == name), "{name} not in {sheets:?}");
    }
    assert!(
        !sheets.iter().any(|s| s == "Table 2.4" || s == "Analysis 1"),
        "{sheets:?}"
    );
}

/// Issue 19 (16): the margin chart's bars are named by the date and the players, not by
/// the long game ids: each Matches row carries that label, and the chart reads it.
#[test]
fn the_margin_chart_is_labelled_by_date_and_players() {
    let dir = temp();
    let (mut game, _) = game_after(&["b2", "d3", "a4"]);
    game.names = ["Ann".into(), String::new()];
    game.created = 1_779_624_456; // 2026-05-24 12:07:36 UTC
    let entries = [HistoryEntry::new(
        "20260524-120736-d3314b8a6-5022-0-a-very-long-id",
        game,
    )];
    let out = dir.path().join("chart.xlsx");
    export_workbook(&entries, &out).unwrap_or_else(|e| panic!("{e}"));
    let mut book: Xlsx<_> = open_workbook(&out).unwrap_or_else(|e| panic!("{e}"));
    let matches = book
        .worksheet_range("Matches")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        matches.get_value((0, 21)),
        Some(&Data::String("Chart label".into()))
    );
    assert_eq!(
        matches.get_value((1, 21)),
        Some(&Data::String(
            "2026-05-24 12:07 Ann v alphabeta depth 2".into()
        ))
    );
}
