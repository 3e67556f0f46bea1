//! The opening book (issue 21.4): the shipped file reads back, holds every empty board
//! 3..15, and agrees with the solver move by move on the boards up to 9x9; `queens book`
//! writes the same numbers; bad books are refused by name.

use crate::common;

use common::{all_refused, json};
use queens_board::Board;
use queens_engines::ai::NoHandler;
use queens_engines::ai::strong::{
    OpeningBook, SHIPPED_BOOK, SolveSettings, Table, solve_every_move,
};

fn shipped() -> OpeningBook {
    OpeningBook::parse(SHIPPED_BOOK).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_shipped_book_holds_every_empty_board_from_3_to_15() {
    let book = shipped();
    let sizes: Vec<u8> = book.boards.iter().map(|b| b.size).collect();
    assert_eq!(sizes, (3..=15).collect::<Vec<u8>>());
    // An empty 15x15 board has 36 classes of first moves under the square's symmetries.
    assert_eq!(book.boards.last().map(|b| b.moves.len()), Some(36));
    assert_eq!(&book, OpeningBook::shipped());
}

#[test]
fn the_book_agrees_with_the_solver_on_every_first_move_up_to_9x9() {
    let book = shipped();
    for size in 3..=9u8 {
        let board = Board::new(size, &[]).unwrap_or_else(|e| panic!("{e}"));
        let table = Table::with_mb(16);
        let solved = solve_every_move(&board, &table, SolveSettings::default(), &NoHandler, |_| {});
        let from_book = book
            .every_move(&board)
            .unwrap_or_else(|| panic!("{size}x{size} not in the book"));
        let pairs = |values: &[queens_engines::ai::strong::MoveValue]| {
            let mut pairs: Vec<(String, Option<i32>)> = values
                .iter()
                .map(|v| (v.cell.to_string(), v.margin))
                .collect();
            pairs.sort();
            pairs
        };
        assert_eq!(pairs(&from_book), pairs(&solved), "{size}x{size}");
        assert_eq!(book.margin(&board), solved.first().and_then(|v| v.margin));
    }
}

#[test]
fn the_book_answers_only_empty_boards() {
    let book = shipped();
    let stones = Board::new(7, &[queens_board::Cell::new(0, 0)]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(book.every_move(&stones), None);
    let mut moved = Board::new(7, &[]).unwrap_or_else(|e| panic!("{e}"));
    moved.do_move(queens_board::Cell::new(3, 3));
    assert_eq!(book.margin(&moved), None);
}

#[test]
fn bad_books_are_refused_by_name() {
    for (text, needle) in [
        (
            "(boards: [(size: 2, margin: 0, moves: [])])",
            "sizes are 3 to 15",
        ),
        (
            "(boards: [(size: 3, margin: 9, moves: [(\"a1\", 5)])])",
            "3 classes",
        ),
        (
            "(boards: [(size: 3, margin: 9, moves: [(\"b2\", 9), (\"a1\", 5), (\"b1\", 5)])])",
            "cell order",
        ),
        ("not a book", "not readable"),
    ] {
        let err = OpeningBook::parse(text)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(err.contains(needle), "{text}: {err:?}");
    }
}

#[test]
fn queens_book_writes_what_the_program_ships() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let out = dir.path().join("book.ron");
    let out_text = out.to_string_lossy().into_owned();
    let answer = json(&[
        "book",
        "--out",
        &out_text,
        "--max-size",
        "7",
        "--threads",
        "1",
    ]);
    assert_eq!(answer["complete"], true);
    assert_eq!(answer["boards"].as_array().map(Vec::len), Some(5));
    let written = std::fs::read_to_string(&out).unwrap_or_else(|e| panic!("{e}"));
    let built = OpeningBook::parse(&written).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(built.boards[..], shipped().boards[..5]);
    // Solving every move of an empty board answers from the book, with the same numbers.
    let solved = json(&["solve", "--size", "15", "--all-moves", "--threads", "1"]);
    let moves = solved["moves"].as_array().map(Vec::len);
    assert_eq!(moves, Some(225));
    assert_eq!(solved["moves"][0]["margin"], solved["margin"]);
    all_refused(&[
        (&["book", "--out", &format!("{out_text}.txt")], ".ron"),
        (
            &[
                "book",
                "--out",
                &out_text,
                "--min-size",
                "9",
                "--max-size",
                "5",
            ],
            "larger than",
        ),
        (&["book", "--out", &dir.path().to_string_lossy()], "folder"),
    ]);
}

/// A file may grow to one 512-byte block: the book of the 3x3 to 5x5 boards fits, the
/// 6x6 board's rewrite does not.
#[cfg(target_os = "linux")]
const BOOK_DISK_BYTES: u64 = 512;

/// Issue 38.9: a disk that fills up part way ended the run with exit 2 and a message
/// that did not say the file already held a valid book of the first boards. It names
/// them, and the file holds exactly those.
#[cfg(target_os = "linux")]
#[test]
fn a_disk_that_fills_up_names_the_boards_the_book_holds() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let out = dir.path().join("book.ron");
    let out_text = out.to_string_lossy().into_owned();
    let (code, stdout, stderr) = common::run_on_a_small_disk(
        BOOK_DISK_BYTES,
        &[
            "book",
            "--out",
            &out_text,
            "--max-size",
            "9",
            "--threads",
            "1",
        ],
    );
    assert_eq!(code, Some(2), "{stdout}{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    let text = std::fs::read_to_string(&out).unwrap_or_else(|e| panic!("{e}"));
    let held = OpeningBook::parse(&text).unwrap_or_else(|e| panic!("{e}"));
    let last = held.boards.last().map_or(0, |entry| entry.size);
    assert!(held.boards.len() >= 2 && last < 9, "{text}");
    let named = format!(
        "the file holds the 3x3 to {last}x{last} boards ({})",
        held.boards.len()
    );
    assert!(stderr.contains(&named), "{stderr}");
}
