//! `queens book`: builds the opening book with the solver and writes it as it goes.

use super::args::BookArgs;
use super::error::CliError;
use super::files::refused_part_way;
use super::interrupt::{Interrupt, StopOnRequest};
use queens_engines::ai::strong::{OpeningBook, SolveSettings, table_for_board, thread_note};
use queens_store::{BOOK, write_output};
use serde::Serialize;
use std::io::IsTerminal;
use std::time::Instant;

/// One board of the answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct BookBoardReport {
    /// The board's side.
    pub size: u8,
    /// Its exact margin with perfect play.
    pub margin: i32,
    /// First moves stored (one per symmetry class).
    pub classes: usize,
    /// Whole milliseconds spent on this board.
    pub time_ms: u64,
}

/// The answer of `queens book`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct BookReport {
    /// The file written.
    pub out: String,
    /// The boards in it.
    pub boards: Vec<BookBoardReport>,
    /// Whole milliseconds of the run.
    pub time_ms: u64,
    /// Whether every size asked for is in the file (false when stopped).
    pub complete: bool,
}

/// What a file holding `book` holds, in words ("the 3x3 to 7x7 boards (5)"); `None`
/// for an empty book.
fn boards_held(book: &OpeningBook) -> Option<String> {
    let first = book.boards.first()?.size;
    let last = book.boards.last().map_or(first, |entry| entry.size);
    Some(match book.boards.len() {
        1 => format!("the {first}x{first} board"),
        n => format!("the {first}x{first} to {last}x{last} boards ({n})"),
    })
}

/// Runs `queens book` until done or stopped; the file holds every finished board.
///
/// # Errors
/// [`CliError::Target`] for an `--out` that cannot take the book (checked before any
/// work) or a write that fails (saying which boards the file holds); [`CliError::Usage`] for sizes in the wrong order.
pub(crate) fn book(args: &BookArgs, interrupt: &Interrupt) -> Result<BookReport, CliError> {
    let start = Instant::now();
    if args.min_size > args.max_size {
        return Err(CliError::Usage(format!(
            "--min-size {} is larger than --max-size {}",
            args.min_size, args.max_size
        )));
    }
    super::files::prepare_output(&args.out, BOOK)?;
    let (threads, note) = thread_note(usize::try_from(args.threads).unwrap_or(usize::MAX));
    if let Some(note) = note {
        eprintln!("queens: note: {note}");
    }
    let hash = usize::try_from(args.hash).unwrap_or(usize::MAX);
    let settings = SolveSettings {
        threads,
        ..SolveSettings::default()
    };
    let mut written = OpeningBook::default();
    let mut reports = Vec::new();
    let mut failure = None;
    let mut board_start = Instant::now();
    OpeningBook::build(
        args.min_size..=args.max_size,
        settings,
        |board| table_for_board(board, hash).ok(),
        &StopOnRequest(interrupt),
        |entry| {
            if failure.is_some() {
                return;
            }
            written.boards.push(entry.clone());
            if let Err(err) = write_output(&args.out, BOOK, &[], written.to_ron().as_bytes()) {
                // The file is the last good rewrite: every board but this one.
                written.boards.pop();
                let held = boards_held(&written);
                failure = Some(refused_part_way(&args.out, err, held));
                return;
            }
            reports.push(BookBoardReport {
                size: entry.size,
                margin: entry.margin,
                classes: entry.moves.len(),
                time_ms: u64::try_from(board_start.elapsed().as_millis()).unwrap_or(u64::MAX),
            });
            // Progress for a person watching; scripts read the JSON.
            if std::io::stderr().is_terminal() {
                eprintln!(
                    "queens: {0}x{0}: margin {1}, {2} first moves",
                    entry.size,
                    entry.margin,
                    entry.moves.len()
                );
            }
            board_start = Instant::now();
        },
    );
    if let Some(err) = failure {
        return Err(err);
    }
    if reports.is_empty() {
        eprintln!(
            "queens: note: stopped before the first board was solved, so nothing was written to {} (a file already there is left as it was)",
            args.out.display()
        );
    }
    let complete = reports.len() == usize::from(args.max_size - args.min_size) + 1;
    Ok(BookReport {
        out: args.out.to_string_lossy().into_owned(),
        boards: reports,
        time_ms: u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX),
        complete,
    })
}
