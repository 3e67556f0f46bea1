//! Queens' "find the move" puzzles proved by the solver (`data/puzzles.ron`), and the
//! puzzle files' shape ([`Puzzle`], [`PuzzleSet`]) that `queens puzzles --out` writes for
//! every game: the one generator is `analysis::generate_puzzles`, which plays queens'
//! games (`plan`) and proves their positions (`puzzle_of`) through queens' puzzle
//! finder (`games/queens_puzzles.rs`).
//!
//! A puzzle is a position where exactly one move keeps the best margin, up to the board's
//! symmetry, and every other move gives away at least some cells. Moves a symmetry of
//! the board (stones and free cells alike) maps onto the solution lead to mirror-image
//! positions of the same value, so they are the same answer: the file stores the first
//! of the class in cell order as `solution`, and lists in `others` every legal move
//! OUTSIDE the class with its exact loss. A move is therefore right exactly when it is
//! legal and not in `others` ([`Puzzle::judge`]). `refutation` is the most tempting
//! wrong move (the one that loses least; the first in cell order among equals) followed
//! by a line of best play after it to the end of the game, so it can be played out move
//! by move and ends at that move's margin.

mod generate;
mod prove;
mod rating;
mod seen;

pub(crate) use generate::{GamePlan, PUZZLE_HASH_MB, plan};
pub use generate::{MAX_FREE, MIN_FREE};
pub(crate) use prove::{Refusal, puzzle_of};
pub use rating::{PuzzleProgress, PuzzleWalk, START_RATING, change, expected};
pub(crate) use seen::SeenPositions;

use queens_board::{Board, Cell, Player};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;
use thiserror::Error;

/// The puzzle set the program ships, as text (every puzzle re-proved by a test).
pub const SHIPPED_PUZZLES: &str = include_str!("../../../../../data/puzzles.ron");

/// One puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Puzzle {
    /// The position as a game string (the moves that led to it included).
    pub game: String,
    /// The one move that keeps the best margin (the first of its mirror-image class).
    pub solution: String,
    /// The margin (P1's final cells minus P2's) with best play from the position.
    pub margin: i32,
    /// Every legal move outside the solution's class with the cells it gives away
    /// against the best, from the mover's view; least first, then in cell order.
    pub others: Vec<(String, i32)>,
    /// The most tempting wrong move (`others`' first), then best play after it to the end.
    pub refutation: Vec<String>,
}

/// A puzzle set, as the file stores it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PuzzleSet {
    /// The puzzles, in the order they were found.
    pub puzzles: Vec<Puzzle>,
}

/// A puzzle file or puzzle that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PuzzleError {
    /// Not the puzzle set's RON.
    #[error("the puzzle set is not readable: {0}")]
    Syntax(String),
    /// A puzzle whose position, cells or lists do not fit.
    #[error("puzzle {number}: {problem}")]
    Puzzle {
        /// Its number in the file, from 1.
        number: usize,
        /// What is wrong.
        problem: String,
    },
}

impl Puzzle {
    /// The position of the puzzle.
    ///
    /// # Errors
    /// The game string's own message when it does not replay.
    pub fn board(&self) -> Result<Board, String> {
        Board::from_game_string(&self.game).map_err(|err| err.to_string())
    }

    /// The cells `cell` gives away against the best: 0 for the solution and its mirror
    /// images, the listed loss for the others, `None` for a move that is not legal here.
    pub fn judge(&self, board: &Board, cell: Cell) -> Option<i32> {
        if !board.free().contains(cell) {
            return None;
        }
        let name = cell.to_string();
        Some(
            self.others
                .iter()
                .find(|(other, _)| *other == name)
                .map_or(0, |&(_, loss)| loss),
        )
    }

    /// Checks what can be checked without the solver: the position replays and is not
    /// over, the solution is legal and not in `others`, every other move is legal, listed
    /// once with a positive loss, and the refutation starts with the first of `others`
    /// and plays out legally to the end of the game at that move's margin.
    ///
    /// # Errors
    /// What is wrong, in words.
    pub fn check(&self) -> Result<(), String> {
        let board = self.board()?;
        let free = board.free();
        let cell = |text: &str| {
            Cell::parse(text)
                .filter(|cell| free.contains(*cell))
                .ok_or_else(|| format!("{text} is not a legal move of the position"))
        };
        let solution = cell(&self.solution)?;
        let mut seen = queens_board::Bitboard::EMPTY;
        seen.insert(solution);
        for (other, loss) in &self.others {
            let other_cell = cell(other)?;
            if seen.contains(other_cell) {
                return Err(format!("{other} is listed twice (or is the solution)"));
            }
            seen.insert(other_cell);
            if *loss <= 0 {
                return Err(format!(
                    "{other} loses {loss} cells: a wrong move loses some"
                ));
            }
        }
        let Some((tempting, loss)) = self.others.first() else {
            return Err("no other move: nothing to find".to_string());
        };
        if self.refutation.first() != Some(tempting) {
            return Err(format!("the refutation must start with {tempting}"));
        }
        let mut line = board.clone();
        for (ply, text) in self.refutation.iter().enumerate() {
            let next = Cell::parse(text)
                .filter(|cell| line.free().contains(*cell))
                .ok_or_else(|| format!("refutation move {} ({text}) is illegal", ply + 1))?;
            line.do_move(next);
        }
        if !line.is_over() {
            return Err("the refutation stops before the end of the game".to_string());
        }
        let reached = crate::ai::strong::score_diff(&line);
        let expected = match board.side_to_move() {
            Player::One => self.margin - loss,
            Player::Two => self.margin + loss,
        };
        if reached != expected {
            return Err(format!(
                "the refutation ends at margin {reached}, not {expected}"
            ));
        }
        Ok(())
    }
}

impl PuzzleSet {
    /// The set shipped with the program; empty if it could not be read (a test keeps it
    /// readable, so the program never depends on that).
    pub fn shipped() -> &'static PuzzleSet {
        static SET: OnceLock<PuzzleSet> = OnceLock::new();
        SET.get_or_init(|| PuzzleSet::parse(SHIPPED_PUZZLES).unwrap_or_default())
    }

    /// Reads a set and checks each puzzle with [`Puzzle::check`].
    ///
    /// # Errors
    /// A [`PuzzleError`] naming the puzzle and the problem.
    pub fn parse(text: &str) -> Result<PuzzleSet, PuzzleError> {
        let set: PuzzleSet =
            ron::from_str(text).map_err(|err| PuzzleError::Syntax(err.to_string()))?;
        let mut seen = SeenPositions::default();
        for (index, puzzle) in set.puzzles.iter().enumerate() {
            let fault = |problem| PuzzleError::Puzzle {
                number: index + 1,
                problem,
            };
            puzzle.check().map_err(fault)?;
            let board = puzzle.board().map_err(fault)?;
            if !seen.insert(&board) {
                return Err(fault(
                    "repeats the position of an earlier puzzle (or a mirror image of it)"
                        .to_string(),
                ));
            }
        }
        Ok(set)
    }

    /// The set as the file stores it: one puzzle per line.
    pub fn to_ron(&self) -> String {
        let config = ron::ser::PrettyConfig::new().depth_limit(2);
        let body = ron::ser::to_string_pretty(self, config).unwrap_or_default();
        format!(
            "// Queens & Stones puzzles: one move keeps the best margin (P1 - P2 with best play);\n\
             // others: every other move's loss; refutation: the most tempting wrong move, then\n\
             // best play. Built by `queens puzzles`; every puzzle re-proved by crates/engines/tests/puzzles.rs.\n{body}\n"
        )
    }
}
