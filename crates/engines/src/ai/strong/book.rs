//! The opening book shipped with the program (`data/opening_book.ron`): the exact margin
//! of every first move on every empty board the book holds, so that the heat map, `solve
//! --all-moves` and the analysis answer the first move at once. Only one move of each
//! symmetry class is stored (the first in cell order; an empty 15x15 board has 36); a
//! lookup maps any cell onto its class. `queens book` builds the file with the solver.

use super::every_move::{MoveValue, solve_every_move, sort_best_first};
use super::gain::Geometry;
use super::solver::SolveSettings;
use super::table::Table;
use crate::ai::SearchHandler;
use queens_board::{Board, Cell, MAX_SIZE, MIN_SIZE};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;
use thiserror::Error;

/// The book the program ships, as text (checked by a test against the solver).
pub const SHIPPED_BOOK: &str = include_str!("../../../../../data/opening_book.ron");

/// One empty board's first moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BookBoard {
    /// The board's side.
    pub size: u8,
    /// The margin (P1's cells minus P2's) with perfect play from the empty board.
    pub margin: i32,
    /// One move of each symmetry class, in cell order, with the exact margin after it.
    pub moves: Vec<(String, i32)>,
}

/// The opening book: one entry per board size.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpeningBook {
    /// The boards, smallest first.
    pub boards: Vec<BookBoard>,
}

/// A book file that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BookError {
    /// Not the book's RON.
    #[error("the opening book is not readable: {0}")]
    Syntax(String),
    /// A size, a cell or a class that does not fit.
    #[error("the opening book's {size}x{size} board: {problem}")]
    Board {
        /// The board's side.
        size: u8,
        /// What is wrong.
        problem: String,
    },
}

impl OpeningBook {
    /// The book shipped with the program; empty if it could not be read (a test keeps
    /// it readable, so the program never depends on that).
    pub fn shipped() -> &'static OpeningBook {
        static BOOK: OnceLock<OpeningBook> = OnceLock::new();
        BOOK.get_or_init(|| OpeningBook::parse(SHIPPED_BOOK).unwrap_or_default())
    }

    /// Reads a book and checks each board: a size the game has, every class's first
    /// cell once, on the board.
    ///
    /// # Errors
    /// A `BookError` naming the board and the problem.
    pub fn parse(text: &str) -> Result<OpeningBook, BookError> {
        let book: OpeningBook =
            ron::from_str(text).map_err(|err| BookError::Syntax(err.to_string()))?;
        for board in &book.boards {
            let problem = |problem: String| BookError::Board {
                size: board.size,
                problem,
            };
            if !(MIN_SIZE..=MAX_SIZE).contains(&board.size) {
                return Err(problem(format!("sizes are {MIN_SIZE} to {MAX_SIZE}")));
            }
            let empty = Board::new(board.size, &[]).map_err(|err| problem(err.to_string()))?;
            let firsts: Vec<String> = Geometry::of(&empty)
                .orbits(empty.free())
                .iter()
                .filter_map(|orbit| orbit.first().map(Cell::to_string))
                .collect();
            let listed: Vec<&String> = board.moves.iter().map(|(cell, _)| cell).collect();
            if listed != firsts.iter().collect::<Vec<_>>() {
                return Err(problem(format!(
                    "the moves must be the {} classes' first cells in cell order",
                    firsts.len()
                )));
            }
        }
        Ok(book)
    }

    /// The book as the file stores it.
    pub fn to_ron(&self) -> String {
        let config = ron::ser::PrettyConfig::new().depth_limit(2);
        let body = ron::ser::to_string_pretty(self, config).unwrap_or_default();
        format!(
            "// Queens & Stones opening book: the exact margin (P1 - P2 with perfect play) of every\n\
             // empty board and of one first move of each symmetry class. Built by `queens book`.\n{body}\n"
        )
    }

    /// The entry of `board` if it is an empty board (no stones, no move) the book holds.
    fn entry(&self, board: &Board) -> Option<&BookBoard> {
        if board.ply() > 0 || !board.stones().is_empty() {
            return None;
        }
        self.boards.iter().find(|entry| entry.size == board.size())
    }

    /// The exact margin of `board` from the book, if it is an empty board it holds.
    pub fn margin(&self, board: &Board) -> Option<i32> {
        self.entry(board).map(|entry| entry.margin)
    }

    /// Every first move's exact margin on `board`, best first, if it is an empty board
    /// the book holds (mirror images get their class's value).
    pub fn every_move(&self, board: &Board) -> Option<Vec<MoveValue>> {
        let entry = self.entry(board)?;
        let orbits = Geometry::of(board).orbits(board.free());
        let mut values = Vec::with_capacity(board.free().count() as usize);
        for orbit in orbits {
            let first = orbit.first()?.to_string();
            let &(_, margin) = entry.moves.iter().find(|(cell, _)| *cell == first)?;
            values.extend(orbit.iter().map(|&cell| MoveValue {
                cell,
                margin: Some(margin),
                lower: margin,
                upper: margin,
                nodes: 0,
            }));
        }
        sort_best_first(&mut values, board.side_to_move());
        Some(values)
    }

    /// Builds the book for the empty boards `sizes` with the solver, one board at a time
    /// (`on_board` hears each, so a caller can save as it goes). `table_for` gives each
    /// board its table. Stops early, returning what is complete, when `handler` asks.
    pub fn build(
        sizes: impl IntoIterator<Item = u8>,
        settings: SolveSettings,
        table_for: impl Fn(&Board) -> Option<Table>,
        handler: &dyn SearchHandler<Cell>,
        mut on_board: impl FnMut(&BookBoard),
    ) -> OpeningBook {
        let mut book = OpeningBook::default();
        for size in sizes {
            let Ok(board) = Board::new(size, &[]) else {
                continue;
            };
            let Some(table) = table_for(&board) else {
                break;
            };
            let values = solve_every_move(&board, &table, settings, handler, |_| {});
            if values.iter().any(|value| !value.solved()) || handler.should_stop() {
                break;
            }
            let Some(margin) = values.first().and_then(|best| best.margin) else {
                break;
            };
            let moves = Geometry::of(&board)
                .orbits(board.free())
                .iter()
                .filter_map(|orbit| {
                    let first = *orbit.first()?;
                    let value = values.iter().find(|value| value.cell == first)?;
                    Some((first.to_string(), value.margin?))
                })
                .collect();
            let entry = BookBoard {
                size,
                margin,
                moves,
            };
            on_board(&entry);
            book.boards.push(entry);
        }
        book
    }
}
