//! A cell of the board and its chess-like name (`a1` is bottom-left).

use super::quote::clip_token;
use std::fmt;
use std::str::FromStr;

/// The largest board side the game allows.
pub const MAX_SIZE: u8 = 15;
/// The smallest board side the game allows.
pub const MIN_SIZE: u8 = 3;
/// Row stride of a cell index: one spare column keeps rows apart in the bitboard.
pub(crate) const STRIDE: usize = 16;
/// Number of cells on the largest board.
pub const MAX_CELLS: usize = MAX_SIZE as usize * MAX_SIZE as usize;

/// A cell, stored as `row * 16 + col` with 0-based column (a = 0) and row (1 = 0).
///
/// The index does not depend on the board size, so a `Cell` names the same square on every
/// board; whether it is *on* a given board is [`Cell::is_on_board`].
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, serde::Serialize, serde::Deserialize,
)]
pub struct Cell(u8);

impl Cell {
    /// The cell at 0-based `col` (a = 0) and `row` (rank 1 = 0).
    ///
    /// # Panics
    /// In debug builds, if `col` or `row` is 15 or more.
    #[inline]
    pub const fn new(col: u8, row: u8) -> Cell {
        debug_assert!(col < MAX_SIZE && row < MAX_SIZE);
        Cell(row * STRIDE as u8 + col)
    }

    /// The cell with bitboard index `index` (see [`Cell::index`]).
    #[inline]
    pub const fn from_index(index: usize) -> Cell {
        debug_assert!(index < 256);
        Cell(index as u8)
    }

    /// The bitboard index, `row * 16 + col`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0-based column, a = 0.
    #[inline]
    pub const fn col(self) -> u8 {
        self.0 % STRIDE as u8
    }

    /// 0-based row, rank 1 = 0.
    #[inline]
    pub const fn row(self) -> u8 {
        self.0 / STRIDE as u8
    }

    /// Whether the cell lies on an `size` x `size` board.
    #[inline]
    pub const fn is_on_board(self, size: u8) -> bool {
        self.col() < size && self.row() < size
    }

    /// Parses a cell name such as `a1` or `O15` (letters are case-insensitive).
    ///
    /// Returns `None` for anything that is not a column letter a..o followed by a rank
    /// 1..15 without leading zeros; whether the cell fits a given board is checked by the
    /// caller, which knows the size.
    pub fn parse(text: &str) -> Option<Cell> {
        let mut chars = text.chars();
        let letter = chars.next()?.to_ascii_lowercase();
        if !('a'..='o').contains(&letter) {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty()
            || digits.len() > 2
            || digits.starts_with('0')
            || !digits.bytes().all(|b| b.is_ascii_digit())
        {
            return None;
        }
        let rank: u8 = digits.parse().ok()?;
        if !(1..=MAX_SIZE).contains(&rank) {
            return None;
        }
        Some(Cell::new(letter as u8 - b'a', rank - 1))
    }
}

/// The letter of the last column of a `size` x `size` board ('h' for 8), for messages
/// that give a board's range ("a..h, 1..8").
pub fn last_column(size: u8) -> char {
    char::from(b'a' + size.clamp(1, MAX_SIZE) - 1)
}

/// A text that is not a cell name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a cell name (a letter a..o and a rank 1..15, e.g. c3)")]
pub struct NotACell(pub String);

impl FromStr for Cell {
    type Err = NotACell;

    /// As [`Cell::parse`], with an error that quotes the text (at most 40 characters).
    fn from_str(text: &str) -> Result<Cell, NotACell> {
        Cell::parse(text).ok_or_else(|| NotACell(clip_token(text)))
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col()) as char, self.row() + 1)
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_for_every_cell_of_the_largest_board() {
        for row in 0..MAX_SIZE {
            for col in 0..MAX_SIZE {
                let cell = Cell::new(col, row);
                assert_eq!(Cell::parse(&cell.to_string()), Some(cell));
            }
        }
        assert_eq!(Cell::new(0, 0).to_string(), "a1");
        assert_eq!(Cell::new(14, 14).to_string(), "o15");
        assert_eq!(Cell::parse("B2"), Some(Cell::new(1, 1)));
    }

    #[test]
    fn rejects_malformed_names() {
        for bad in [
            "", "a", "1", "a0", "a16", "p1", "a01", "aa1", "a1x", "a-1", "é1", "a 1",
        ] {
            assert_eq!(Cell::parse(bad), None, "{bad:?} should not parse");
        }
    }

    #[test]
    fn from_str_parses_like_parse_and_quotes_the_bad_text() {
        assert_eq!("c3".parse::<Cell>(), Ok(Cell::new(2, 2)));
        let err = "z9".parse::<Cell>().err().map(|e| e.to_string());
        assert_eq!(
            err.as_deref(),
            Some("'z9' is not a cell name (a letter a..o and a rank 1..15, e.g. c3)")
        );
    }

    #[test]
    fn on_board_depends_on_size() {
        assert!(Cell::new(2, 2).is_on_board(3));
        assert!(!Cell::new(3, 0).is_on_board(3));
        assert!(!Cell::new(0, 3).is_on_board(3));
    }
}
