//! For every cell at once, how many of its 8 neighbours belong to a set: eight shifted
//! copies of the set summed by bit-sliced ripple adders into four bit planes.
//!
//! This is the classic "bit-parallel counting" trick of bitboard engines (e.g. Conway's
//! Life on bitboards): about 300 word operations for the whole board, instead of one
//! mask-and-popcount per cell. Shifts that wrap past a row edge land in the spare 16th
//! column, which holds no cell of any board, so they never count for a real cell.

use super::bitboard::Bitboard;

/// Per-cell neighbour counts (0..=8) as four bit planes.
#[derive(Clone, Copy, Debug)]
pub struct NeighbourCounts {
    planes: [Bitboard; 4],
}

impl NeighbourCounts {
    /// Counts, for every cell, its 8 neighbours that are in `set`.
    ///
    /// `set` must hold only cells of the board (never the spare 16th column).
    #[inline]
    pub fn of(set: Bitboard) -> NeighbourCounts {
        let shifted = [
            set.shifted_up(1),
            set.shifted_down(1),
            set.shifted_up(16),
            set.shifted_down(16),
            set.shifted_up(15),
            set.shifted_down(15),
            set.shifted_up(17),
            set.shifted_down(17),
        ];
        let mut planes = [Bitboard::EMPTY; 4];
        for input in shifted {
            let mut carry = input;
            for plane in planes.iter_mut() {
                let sum = *plane ^ carry;
                carry = *plane & carry;
                *plane = sum;
            }
        }
        NeighbourCounts { planes }
    }

    /// The cells with exactly `count` neighbours in the set (spare-column and off-board
    /// cells included: intersect with the cells you care about).
    #[inline]
    pub fn equal_to(&self, count: u8) -> Bitboard {
        let mut result = !Bitboard::EMPTY;
        for (bit, plane) in self.planes.iter().enumerate() {
            result &= if count >> bit & 1 == 1 {
                *plane
            } else {
                !*plane
            };
        }
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, random_position};

    #[test]
    fn matches_per_cell_popcounts_on_random_positions() {
        for seed in 0..200u64 {
            let size = 3 + (seed % 13) as u8;
            let stones = (seed as usize * 7) % Board::max_stones(size).max(1);
            let Ok(board) = random_position(size, stones, (seed % 9) as usize, seed) else {
                continue;
            };
            let counts = NeighbourCounts::of(board.free());
            for cell in board.free() {
                let expected = (board.neighbours(cell) & board.free()).count() as u8;
                assert!(
                    counts.equal_to(expected).contains(cell),
                    "{cell} in {board:?}"
                );
            }
        }
    }
}
