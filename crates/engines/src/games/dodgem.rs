//! Dodgem as the lecture (000, "Ví dụ trò chơi Dodgem") states it: a 3x3 board, two cars
//! each. Black moves a car right, up or down, white left, right or up, always onto an
//! empty cell; a black car in the right column may leave the board (moving right), a
//! white car in the top row too (moving up). Whoever gets both cars off first wins; a
//! player who leaves the opponent no legal move wins. Black moves first.
//!
//! What the lecture leaves open, decided here and in docs/rules.md: the start position
//! ([`Dodgem::new`]: black on a3 and a2, white on b1 and c1, a1 empty) and what ends a
//! game that goes round in circles: it is a draw once [`PLY_LIMIT`] plies have been
//! played, which also bounds every search.
//!
//! Notation: three rows, top to bottom, separated by `/`, each three of `b`, `w` or `.`,
//! then the side to move (`b` or `w`), then optionally the plies played so far (0 if left
//! out): the start is `b../b../.ww b 0`. Moves are written `a3-b3`, or `c2-off` for a car
//! leaving the board.

use super::cells::{CELLS, Cell};
use super::dodgem_eval::DodgemEval;
use crate::ai::{FrontierGame, GamePosition, MoveList, Score, SearchGame};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// The name saves and the command line will use for this game.
pub const KIND: &str = "dodgem";

/// The value of a won game before the bonus for winning early; far above any table value.
pub const WIN: i32 = 100_000;

/// Cars per side.
pub(crate) const CARS: usize = 2;

/// The plies after which a game still going is a draw (our rule; the lecture has none).
pub const PLY_LIMIT: u32 = 60;

/// A player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Moves first; drives right.
    Black,
    /// Drives up.
    White,
}

impl Side {
    /// The other player.
    pub const fn other(self) -> Side {
        match self {
            Side::Black => Side::White,
            Side::White => Side::Black,
        }
    }

    fn letter(self) -> char {
        match self {
            Side::Black => 'b',
            Side::White => 'w',
        }
    }
}

/// A move: a car from a cell to a cell, or off the board (`to` is `None`).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct DodgemMove {
    /// Where the car stands.
    pub from: Cell,
    /// Where it goes; `None` when it leaves the board.
    pub to: Option<Cell>,
}

impl fmt::Display for DodgemMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.to {
            Some(to) => write!(f, "{}-{}", self.from, to),
            None => write!(f, "{}-off", self.from),
        }
    }
}

impl FromStr for DodgemMove {
    type Err = DodgemError;

    /// `a3-b3` or `c2-off` (not checked against a position; see [`Dodgem::play`]).
    fn from_str(text: &str) -> Result<DodgemMove, DodgemError> {
        let bad = || DodgemError::BadMove(text.to_string());
        let (from, to) = text.trim().split_once('-').ok_or_else(bad)?;
        let from = Cell::parse(from).ok_or_else(bad)?;
        let to = match to {
            "off" => None,
            cell => Some(Cell::parse(cell).ok_or_else(bad)?),
        };
        Ok(DodgemMove { from, to })
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// This side won: both its cars left, or the opponent had no move.
    Won(Side),
    /// [`PLY_LIMIT`] plies were played without a winner.
    Draw,
}

/// Notation, or a move, that does not fit Dodgem.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DodgemError {
    /// Not "rows side `plies`".
    #[error(
        "a Dodgem position is three rows of three cells separated by '/', the side to move and optionally the plies played, like b../b../.ww b 0"
    )]
    Shape,
    /// A character other than b, w or `.`.
    #[error("'{0}' is not a cell: write b, w or . (empty)")]
    BadCell(char),
    /// The side to move is not `b` or `w`.
    #[error("'{0}' is not a side to move: write b or w")]
    BadSide(String),
    /// The plies played are not a number up to the limit.
    #[error("'{0}' is not a number of plies from 0 to {PLY_LIMIT}")]
    BadPly(String),
    /// More than two cars of one colour.
    #[error("{0:?} has more than {CARS} cars")]
    TooManyCars(Side),
    /// The side to move has no car on the board (it would have won already).
    #[error("the side to move has no car left on the board")]
    NoCarToMove,
    /// A move that is not written like `a3-b3` or `c2-off`, or not legal here.
    #[error("'{0}' is not a legal move here (write a3-b3, or c2-off to leave the board)")]
    BadMove(String),
    /// A move after the end.
    #[error("the game is over")]
    GameOver,
}

/// A Dodgem position, the evaluation it uses and the moves played since it was set up
/// (for undo): both the position the front ends hold and the state the search walks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dodgem {
    cells: [Option<Side>; CELLS],
    to_move: Side,
    ply: u32,
    limit: u32,
    /// The evaluation table; the seam (`dodgem_rules`) replaces it on `--eval`.
    pub(super) eval: DodgemEval,
    history: Vec<DodgemMove>,
}

impl Default for Dodgem {
    fn default() -> Self {
        Dodgem::new()
    }
}

impl Dodgem {
    /// The start position (our reading of fig. 4.1, missing from our copy, as in
    /// Berliner's Dodgem): black on a3 and a2, white on b1 and c1, black to move.
    pub fn new() -> Dodgem {
        let mut cells = [None; CELLS];
        cells[Cell::at(0, 0).index()] = Some(Side::Black);
        cells[Cell::at(1, 0).index()] = Some(Side::Black);
        cells[Cell::at(2, 1).index()] = Some(Side::White);
        cells[Cell::at(2, 2).index()] = Some(Side::White);
        Dodgem {
            cells,
            to_move: Side::Black,
            ply: 0,
            limit: PLY_LIMIT,
            eval: DodgemEval::lecture(),
            history: Vec::new(),
        }
    }

    /// The same position valued with `eval` (a table loaded with [`DodgemEval::load`]).
    pub fn with_eval(mut self, eval: DodgemEval) -> Dodgem {
        self.eval = eval;
        self
    }

    /// The same position under another draw limit (the solver compares limits with it);
    /// at most [`PLY_LIMIT`] keeps every search within the engine's depth.
    pub(crate) fn with_ply_limit(mut self, limit: u32) -> Dodgem {
        self.limit = limit;
        self
    }

    /// What `cell` holds.
    pub fn car(&self, cell: Cell) -> Option<Side> {
        self.cells[cell.index()]
    }

    /// The side to move.
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Plies played since the start (the notation's third field).
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The moves played on this value since it was set up (or parsed), oldest first.
    pub fn history(&self) -> &[DodgemMove] {
        &self.history
    }

    /// `side`'s cars still on the board.
    pub fn cars_on(&self, side: Side) -> usize {
        self.cells.iter().filter(|&&c| c == Some(side)).count()
    }

    /// A key for the board and the side to move (base 3, times 2): the solver's memo.
    pub fn code(&self) -> u32 {
        let board = self.cells.iter().fold(0u32, |code, cell| {
            code * 3
                + match cell {
                    None => 0,
                    Some(Side::Black) => 1,
                    Some(Side::White) => 2,
                }
        });
        board * 2 + u32::from(self.to_move == Side::White)
    }

    /// `side`'s legal moves, forward moves (leaving included) first, then sideways ones.
    pub fn moves_of(&self, side: Side, list: &mut MoveList<DodgemMove>) {
        list.clear();
        // Black: right, then up, then down; white: up, then left, then right.
        let steps: [(i8, i8); 3] = match side {
            Side::Black => [(0, 1), (-1, 0), (1, 0)],
            Side::White => [(-1, 0), (0, -1), (0, 1)],
        };
        for (index, (dr, dc)) in steps.into_iter().enumerate() {
            for from in 0..CELLS as u8 {
                let from = Cell(from);
                if self.cells[from.index()] != Some(side) {
                    continue;
                }
                let row = from.row() as i8 + dr;
                let col = from.col() as i8 + dc;
                if (0..3).contains(&row) && (0..3).contains(&col) {
                    let to = Cell::at(row as u8, col as u8);
                    if self.cells[to.index()].is_none() {
                        list.push(DodgemMove { from, to: Some(to) });
                    }
                } else if index == 0 {
                    // Only the forward step leaves: black past the right edge, white the top.
                    list.push(DodgemMove { from, to: None });
                }
            }
        }
    }

    /// How the game ended here, if it did. The last mover wins by having no car left
    /// or by leaving the side to move without a move; both come before the draw limit.
    pub fn outcome(&self) -> Option<Outcome> {
        let mover = self.to_move.other();
        if self.cars_on(mover) == 0 {
            return Some(Outcome::Won(mover));
        }
        let mut list = MoveList::default();
        self.moves_of(self.to_move, &mut list);
        if list.is_empty() {
            return Some(Outcome::Won(mover));
        }
        (self.ply >= self.limit).then_some(Outcome::Draw)
    }

    /// Plays `mv` for the side to move, checked (the front ends' entry point).
    ///
    /// # Errors
    /// [`DodgemError::GameOver`] after the end, [`DodgemError::BadMove`] for an illegal move.
    pub fn play(&mut self, mv: DodgemMove) -> Result<(), DodgemError> {
        if self.outcome().is_some() {
            return Err(DodgemError::GameOver);
        }
        let mut list = MoveList::default();
        self.moves_of(self.to_move, &mut list);
        if !list.as_slice().contains(&mv) {
            return Err(DodgemError::BadMove(mv.to_string()));
        }
        self.do_move(mv);
        Ok(())
    }

    /// The lecture's evaluation (white positive): fig. 4.4's table for each car, the
    /// off-board value for each car gone, and fig. 4.5's blocking bonuses.
    pub fn lecture_value(&self) -> i32 {
        let eval = &self.eval;
        let mut value = 0;
        for (index, car) in self.cells.iter().enumerate() {
            let cell = Cell(index as u8);
            let (row, col) = (usize::from(cell.row()), usize::from(cell.col()));
            match car {
                Some(Side::White) => {
                    value += eval.white[row][col];
                    // A black car above this one stands in its way up.
                    value -= self.bonus(Side::Black, cell, (-1, 0), eval);
                }
                Some(Side::Black) => {
                    value += eval.black[row][col];
                    // A white car to its right stands in its way.
                    value += self.bonus(Side::White, cell, (0, 1), eval);
                }
                None => {}
            }
        }
        value += (CARS - self.cars_on(Side::White)) as i32 * eval.white_off;
        value += (CARS - self.cars_on(Side::Black)) as i32 * eval.black_off;
        value
    }

    /// The blocking bonus a car on `cell` suffers from `blocker`'s cars one step
    /// (directly) and two steps (indirectly) along its way `step` (row, column).
    fn bonus(&self, blocker: Side, cell: Cell, step: (i8, i8), eval: &DodgemEval) -> i32 {
        let mut bonus = 0;
        for (steps, amount) in [(1, eval.direct), (2, eval.indirect)] {
            let row = cell.row() as i8 + step.0 * steps;
            let col = cell.col() as i8 + step.1 * steps;
            let on_board = (0..3).contains(&row) && (0..3).contains(&col);
            if on_board && self.cells[Cell::at(row as u8, col as u8).index()] == Some(blocker) {
                bonus += amount;
            }
        }
        bonus
    }
}

impl fmt::Display for Dodgem {
    /// The notation, e.g. `b../b../.ww b 0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, car) in self.cells.iter().enumerate() {
            if index > 0 && index % 3 == 0 {
                f.write_str("/")?;
            }
            f.write_str(match car {
                Some(Side::Black) => "b",
                Some(Side::White) => "w",
                None => ".",
            })?;
        }
        write!(f, " {} {}", self.to_move.letter(), self.ply)
    }
}

impl FromStr for Dodgem {
    type Err = DodgemError;

    /// Reads the notation with the default evaluation and [`PLY_LIMIT`].
    fn from_str(text: &str) -> Result<Dodgem, DodgemError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if !(2..=3).contains(&fields.len()) {
            return Err(DodgemError::Shape);
        }
        let rows: Vec<&str> = fields[0].split('/').collect();
        if rows.len() != 3 || rows.iter().any(|row| row.chars().count() != 3) {
            return Err(DodgemError::Shape);
        }
        let mut cells = [None; CELLS];
        for (index, ch) in rows.iter().flat_map(|row| row.chars()).enumerate() {
            cells[index] = match ch {
                'b' | 'B' => Some(Side::Black),
                'w' | 'W' => Some(Side::White),
                '.' => None,
                other => return Err(DodgemError::BadCell(other)),
            };
        }
        let to_move = match fields[1] {
            "b" | "B" => Side::Black,
            "w" | "W" => Side::White,
            other => return Err(DodgemError::BadSide(other.to_string())),
        };
        let ply = match fields.get(2) {
            None => 0,
            Some(text) => text
                .parse::<u32>()
                .ok()
                .filter(|&ply| ply <= PLY_LIMIT)
                .ok_or_else(|| DodgemError::BadPly(text.to_string()))?,
        };
        let game = Dodgem {
            cells,
            to_move,
            ply,
            ..Dodgem::new()
        };
        for side in [Side::Black, Side::White] {
            if game.cars_on(side) > CARS {
                return Err(DodgemError::TooManyCars(side));
            }
        }
        if game.cars_on(to_move) == 0 {
            return Err(DodgemError::NoCarToMove);
        }
        Ok(game)
    }
}

impl GamePosition for Dodgem {
    type Move = DodgemMove;
    type Search = Dodgem;

    fn search_game(&self) -> Dodgem {
        let mut game = self.clone();
        game.history
            .reserve(self.limit.saturating_sub(self.ply) as usize);
        game
    }
}

impl SearchGame for Dodgem {
    type Move = DodgemMove;

    /// The side to move's moves as [`Dodgem::moves_of`] lists them; none once it is over.
    fn ordered_moves(&self, list: &mut MoveList<DodgemMove>) {
        if self.outcome().is_some() {
            list.clear();
        } else {
            self.moves_of(self.to_move, list);
        }
    }

    fn do_move(&mut self, mv: DodgemMove) {
        self.cells[mv.from.index()] = None;
        if let Some(to) = mv.to {
            self.cells[to.index()] = Some(self.to_move);
        }
        self.to_move = self.to_move.other();
        self.ply += 1;
        self.history.push(mv);
    }

    fn undo_move(&mut self) {
        if let Some(mv) = self.history.pop() {
            self.to_move = self.to_move.other();
            self.ply -= 1;
            if let Some(to) = mv.to {
                self.cells[to.index()] = None;
            }
            self.cells[mv.from.index()] = Some(self.to_move);
        }
    }

    fn is_terminal(&self) -> bool {
        self.outcome().is_some()
    }

    /// The draw limit ends every game: searching this deep is exact.
    fn plies_left_bound(&self) -> u32 {
        self.limit.saturating_sub(self.ply)
    }

    /// From the side to move's view: lost is `-(WIN - plies played)`, so a quicker win is
    /// worth more; the draw limit is 0; otherwise the lecture's value, negated when black
    /// is to move (the lecture counts for white).
    fn evaluate(&self) -> Score {
        match self.outcome() {
            Some(Outcome::Won(_)) => Score(-(WIN - self.ply as i32)),
            Some(Outcome::Draw) => Score::ZERO,
            None => match self.to_move {
                Side::White => Score(self.lecture_value()),
                Side::Black => Score(-self.lecture_value()),
            },
        }
    }
}

impl FrontierGame for Dodgem {}
