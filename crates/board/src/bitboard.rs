//! A set of cells as a 256-bit bitboard.
//!
//! Cells are indexed `row * 16 + col` (see [`Cell`]), so a 15 x 15 board fits in four
//! `u64` words with one spare column per row: shifts never wrap a ray into the next row
//! unnoticed, and a cell's index does not depend on the board size.

use super::cell::Cell;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not};

/// A set of cells. `Copy`, 32 bytes, all operations branch-free word loops.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub [u64; 4]);

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard([0; 4]);

    /// The set holding only `cell`.
    #[inline]
    pub const fn from_cell(cell: Cell) -> Bitboard {
        let index = cell.index();
        let mut words = [0u64; 4];
        words[index >> 6] = 1u64 << (index & 63);
        Bitboard(words)
    }

    /// Whether `cell` is in the set.
    #[inline]
    pub const fn contains(self, cell: Cell) -> bool {
        let index = cell.index();
        self.0[index >> 6] >> (index & 63) & 1 != 0
    }

    /// Adds `cell` to the set.
    #[inline]
    pub fn insert(&mut self, cell: Cell) {
        let index = cell.index();
        self.0[index >> 6] |= 1u64 << (index & 63);
    }

    /// Removes `cell` from the set.
    #[inline]
    pub fn remove(&mut self, cell: Cell) {
        let index = cell.index();
        self.0[index >> 6] &= !(1u64 << (index & 63));
    }

    /// Number of cells in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0[0].count_ones()
            + self.0[1].count_ones()
            + self.0[2].count_ones()
            + self.0[3].count_ones()
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }

    /// Calls `f` with the index of every cell of the set, lowest first.
    ///
    /// The same order as iterating, but a plain loop over the words: in the search's
    /// hot loops the iterator's state tends to live in memory, these locals in registers.
    #[inline(always)]
    pub fn for_each_index(self, mut f: impl FnMut(usize)) {
        for (word, &bits) in self.0.iter().enumerate() {
            let mut bits = bits;
            while bits != 0 {
                f(word * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
    }

    /// The cell with the lowest index (a1 first, by row then column), if any.
    #[inline]
    pub fn first(self) -> Option<Cell> {
        self.into_iter().next()
    }
}

impl BitAnd for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitand(self, rhs: Bitboard) -> Bitboard {
        Bitboard([
            self.0[0] & rhs.0[0],
            self.0[1] & rhs.0[1],
            self.0[2] & rhs.0[2],
            self.0[3] & rhs.0[3],
        ])
    }
}

impl BitOr for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitor(self, rhs: Bitboard) -> Bitboard {
        Bitboard([
            self.0[0] | rhs.0[0],
            self.0[1] | rhs.0[1],
            self.0[2] | rhs.0[2],
            self.0[3] | rhs.0[3],
        ])
    }
}

impl BitXor for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitxor(self, rhs: Bitboard) -> Bitboard {
        Bitboard([
            self.0[0] ^ rhs.0[0],
            self.0[1] ^ rhs.0[1],
            self.0[2] ^ rhs.0[2],
            self.0[3] ^ rhs.0[3],
        ])
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard([!self.0[0], !self.0[1], !self.0[2], !self.0[3]])
    }
}

impl BitAndAssign for Bitboard {
    #[inline]
    fn bitand_assign(&mut self, rhs: Bitboard) {
        *self = *self & rhs;
    }
}

impl BitOrAssign for Bitboard {
    #[inline]
    fn bitor_assign(&mut self, rhs: Bitboard) {
        *self = *self | rhs;
    }
}

impl FromIterator<Cell> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> Bitboard {
        let mut set = Bitboard::EMPTY;
        for cell in iter {
            set.insert(cell);
        }
        set
    }
}

impl std::fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(*self).finish()
    }
}

/// Iterates the cells of a [`Bitboard`] in increasing index order (a1, b1, .., a2, ..).
#[derive(Clone)]
pub struct CellIter {
    words: [u64; 4],
    word: usize,
}

impl Iterator for CellIter {
    type Item = Cell;

    #[inline]
    fn next(&mut self) -> Option<Cell> {
        while self.word < 4 {
            let bits = self.words[self.word];
            if bits != 0 {
                self.words[self.word] = bits & (bits - 1);
                let index = self.word * 64 + bits.trailing_zeros() as usize;
                return Some(Cell::from_index(index));
            }
            self.word += 1;
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = Bitboard(self.words).count() as usize;
        (left, Some(left))
    }
}

impl ExactSizeIterator for CellIter {}

impl IntoIterator for Bitboard {
    type Item = Cell;
    type IntoIter = CellIter;

    #[inline]
    fn into_iter(self) -> CellIter {
        CellIter {
            words: self.0,
            word: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_remove_count_and_iterate_in_index_order() {
        let cells = [Cell::new(14, 14), Cell::new(0, 0), Cell::new(3, 4)];
        let set: Bitboard = cells.into_iter().collect();
        assert_eq!(set.count(), 3);
        let listed: Vec<Cell> = set.into_iter().collect();
        assert_eq!(
            listed,
            vec![Cell::new(0, 0), Cell::new(3, 4), Cell::new(14, 14)]
        );
        let mut less = set;
        less.remove(Cell::new(3, 4));
        assert!(!less.contains(Cell::new(3, 4)));
        assert_eq!(less.count(), 2);
        assert_eq!(set.into_iter().len(), 3);
    }

    #[test]
    fn operators_behave_as_set_algebra() {
        let a: Bitboard = [Cell::new(0, 0), Cell::new(1, 0)].into_iter().collect();
        let b: Bitboard = [Cell::new(1, 0), Cell::new(2, 9)].into_iter().collect();
        assert_eq!((a & b).count(), 1);
        assert_eq!((a | b).count(), 3);
        assert_eq!((a ^ b).count(), 2);
        assert!((a & !a).is_empty());
        assert_eq!(a.first(), Some(Cell::new(0, 0)));
        assert_eq!(Bitboard::EMPTY.first(), None);
    }
}
