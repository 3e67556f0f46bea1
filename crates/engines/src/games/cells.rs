//! Cell names shared by the two 3x3 games: a column letter a-c (left to right) and a row
//! number 1-3 (bottom to top), as on a chess board. Index 0 is the top-left cell, a3;
//! indices run row by row, top row first, as the position notations are written.

use std::fmt;

/// The number of cells of a 3x3 board.
pub const CELLS: usize = 9;

/// A cell of a 3x3 board by index (0 = a3, top left; 8 = c1, bottom right).
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
)]
pub struct Cell(pub u8);

impl Cell {
    /// The cell at `row` (0 = top) and `col` (0 = left).
    pub const fn at(row: u8, col: u8) -> Cell {
        Cell(row * 3 + col)
    }

    /// Its row, 0 at the top.
    pub const fn row(self) -> u8 {
        self.0 / 3
    }

    /// Its column, 0 at the left.
    pub const fn col(self) -> u8 {
        self.0 % 3
    }

    /// Its index in row-major order from the top left.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The cell named `text` ("a1" .. "c3"), if it is one.
    pub fn parse(text: &str) -> Option<Cell> {
        let bytes = text.as_bytes();
        if bytes.len() != 2 {
            return None;
        }
        let col = bytes[0].to_ascii_lowercase().checked_sub(b'a')?;
        let rank = bytes[1].checked_sub(b'1')?;
        (col < 3 && rank < 3).then(|| Cell::at(2 - rank, col))
    }
}

impl fmt::Display for Cell {
    /// Its name; an index past the board (the field is public) is written `#index`
    /// rather than panicking.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.index() >= CELLS {
            return write!(f, "#{}", self.0);
        }
        write!(f, "{}{}", char::from(b'a' + self.col()), 3 - self.row())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_a3_is_the_top_left() {
        for index in 0..9 {
            let cell = Cell(index);
            assert_eq!(Cell::parse(&cell.to_string()), Some(cell));
        }
        assert_eq!(Cell(0).to_string(), "a3");
        assert_eq!(Cell(8).to_string(), "c1");
        assert_eq!(Cell::parse("d1"), None);
        assert_eq!(Cell::parse("a0"), None);
        assert_eq!(Cell::parse("a"), None);
        assert_eq!(Cell(12).to_string(), "#12");
    }
}
