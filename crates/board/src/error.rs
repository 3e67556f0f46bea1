//! Typed errors of the board: a game string that does not parse, a board that cannot be
//! set up, a move that the rules refuse. Each names the offending token or move.

use super::cell::Cell;
use super::player::Player;
use thiserror::Error;

/// A game string or a board setup that is not acceptable. Every variant names the token.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseError {
    /// The string held nothing.
    #[error("empty game string: expected e.g. \"size=8 stones=b2 moves=c3\"")]
    Empty,
    /// A token without `=`.
    #[error("'{0}' is not a key=value pair (keys: size, stones, moves)")]
    NotKeyValue(String),
    /// A key other than size, stones, moves.
    #[error("unknown key '{0}' (keys: size, stones, moves)")]
    UnknownKey(String),
    /// A key given twice.
    #[error("key '{0}' is given twice")]
    DuplicateKey(String),
    /// No `size=`.
    #[error("missing 'size=N' (N from 3 to 15)")]
    MissingSize,
    /// A size that is not a number or not in 3..=15.
    #[error("size '{0}' is not allowed: the board side must be a number from 3 to 15")]
    BadSize(String),
    /// A comma with no cell after it (or before it): `moves=c3,` or `c3,,d5`. Said as
    /// such, not as "'' is not a cell".
    #[error(
        "{list} has an empty entry: a comma with no cell beside it (a trailing or doubled comma?)"
    )]
    EmptyEntry {
        /// "stones" or "moves".
        list: &'static str,
    },
    /// A token that is not a cell name. The message gives the range of the board being
    /// parsed (`size`), not of the largest one.
    #[error("'{token}' in {list} is not a cell of the {size}x{size} board (expected a letter a..{last} and a rank 1..{size}, e.g. c3)", last = super::cell::last_column(*size))]
    BadCell {
        /// The offending token.
        token: String,
        /// "stones" or "moves".
        list: &'static str,
        /// The board side.
        size: u8,
    },
    /// A cell outside the board.
    #[error("'{token}' in {list} is off the {size}x{size} board (a..{last}, 1..{size})", last = super::cell::last_column(*size))]
    OffBoard {
        /// The offending token.
        token: String,
        /// "stones" or "moves".
        list: &'static str,
        /// The board side.
        size: u8,
    },
    /// The same stone listed twice.
    #[error("stone '{0}' is listed twice")]
    DuplicateStone(Cell),
    /// More stones than (N-2)^2.
    #[error(
        "{} too many for {}x{size} board (at most {max})",
        if *count == 1 { "1 stone is".to_string() } else { format!("{count} stones are") },
        super::with_article(&size.to_string())
    )]
    TooManyStones {
        /// How many were given.
        count: usize,
        /// The board side.
        size: u8,
        /// (N-2)^2.
        max: usize,
    },
}

/// Why a cell cannot take a queen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Occupant {
    /// The cell is off the board.
    OffBoard,
    /// A stone stands there.
    Stone,
    /// A queen of this player stands there.
    Queen(Player),
    /// The cell is controlled by this player's queens.
    Claimed(Player),
}

impl std::fmt::Display for Occupant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Occupant::OffBoard => write!(f, "it is off the board"),
            Occupant::Stone => write!(f, "a stone is there"),
            Occupant::Queen(p) => write!(f, "a queen of {p} stands there"),
            Occupant::Claimed(p) => write!(f, "it is already controlled by {p}"),
        }
    }
}

/// A move the rules refuse. `number` is 1-based in play order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The cell is not free.
    #[error("move {number} ({cell}) is illegal: {occupant}")]
    NotFree {
        /// 1-based move number.
        number: usize,
        /// The cell played.
        cell: Cell,
        /// What is there.
        occupant: Occupant,
    },
    /// The game had already ended.
    #[error("move {number} ({cell}) is illegal: the game is over, no free cell is left")]
    GameOver {
        /// 1-based move number.
        number: usize,
        /// The cell played.
        cell: Cell,
    },
}

/// Anything that can go wrong turning a game string into a position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GameError {
    /// The string or setup is malformed.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// A move is illegal.
    #[error(transparent)]
    Move(#[from] MoveError),
}
