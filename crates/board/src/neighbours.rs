//! For every cell at once, how many of its 8 neighbours belong to a set, as four bit
//! planes of a 4-bit count.
//!
//! This is the classic "bit-parallel counting" trick of bitboard engines (Conway's Life on
//! bitboards): each row's horizontal pair sum (west + east) and triple sum (west + self +
//! east) are 2-bit numbers; a cell's count is its row's pair sum plus the triple sums of
//! the rows above and below, added by a few full adders. About 35 word operations per
//! word, so about 140 for the whole board, instead of one mask-and-popcount per cell: the
//! search computes this at every node one ply above the leaves, so it is on the hot path.

use super::bitboard::Bitboard;

/// Per-cell neighbour counts (0..=8) as four bit planes.
#[derive(Clone, Copy, Debug)]
pub struct NeighbourCounts {
    planes: [Bitboard; 4],
}

impl NeighbourCounts {
    /// Counts, for every cell, its 8 neighbours that are in `set`.
    ///
    /// `set` must hold only cells of the board (never the spare 16th column). Then the
    /// one-column shifts need no carry between words: the bit that would cross a word
    /// boundary is a spare-column bit (bit 63 of a word is column 15), and a row's bits
    /// shifted past its edge land in the spare column of the same or the next row, which
    /// holds no cell. Counts of spare-column cells are garbage; callers mask them off.
    #[inline]
    pub fn of(set: Bitboard) -> NeighbourCounts {
        let x = set.0;
        // Per row: pair = west + east (g1 g0), triple = pair + self (h1 h0); one word
        // (four rows) at a time, so that only three words' triples are live at once.
        let rows = |k: usize| {
            let west = x[k] << 1;
            let east = x[k] >> 1;
            let g0 = west ^ east;
            let g1 = west & east;
            (g0, g1, g0 ^ x[k], g1 | (g0 & x[k]))
        };
        let mut planes = [Bitboard::EMPTY; 4];
        let (mut prev0, mut prev1) = (0u64, 0u64);
        let (mut g0, mut g1, mut h0, mut h1) = rows(0);
        for k in 0..4 {
            let (next_g0, next_g1, next0, next1) = if k < 3 { rows(k + 1) } else { (0, 0, 0, 0) };
            // The triple sums of the row below (moved up a row) and of the row above.
            let below0 = (h0 << 16) | (prev0 >> 48);
            let below1 = (h1 << 16) | (prev1 >> 48);
            let above0 = (h0 >> 16) | (next0 << 48);
            let above1 = (h1 >> 16) | (next1 << 48);
            // Ones: a full adder of the three low bits.
            let ab = g0 ^ below0;
            let ones = ab ^ above0;
            let carry = (g0 & below0) | (ab & above0);
            // Twos: the three high bits plus that carry.
            let ab = g1 ^ below1;
            let abc = ab ^ above1;
            let four_a = (g1 & below1) | (ab & above1);
            let twos = abc ^ carry;
            let four_b = abc & carry;
            planes[0].0[k] = ones;
            planes[1].0[k] = twos;
            planes[2].0[k] = four_a ^ four_b;
            planes[3].0[k] = four_a & four_b;
            (prev0, prev1) = (h0, h1);
            (g0, g1, h0, h1) = (next_g0, next_g1, next0, next1);
        }
        NeighbourCounts { planes }
    }

    /// The largest count among the cells of `within` and the cells of `within` that have
    /// it: a most-significant-plane-first search, 4 steps instead of testing each count
    /// from 8 down. `(0, EMPTY)` for an empty `within`.
    #[inline]
    pub fn fullest(&self, within: Bitboard) -> (u8, Bitboard) {
        let mut cells = within;
        let mut count = 0;
        for bit in (0..4).rev() {
            let with_bit = cells & self.planes[bit];
            if !with_bit.is_empty() {
                cells = with_bit;
                count |= 1 << bit;
            }
        }
        (count, cells)
    }

    /// The cells with exactly `count` neighbours in the set (spare-column and off-board
    /// cells included: intersect with the cells you care about).
    /// Only the tests ask for one count (the search reads the planes itself).
    #[cfg(test)]
    pub(crate) fn equal_to(&self, count: u8) -> Bitboard {
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
    use crate::{Board, random_position};

    #[test]
    fn matches_per_cell_popcounts_on_random_positions() {
        for seed in 0..200u64 {
            let size = 3 + (seed % 13) as u8;
            let stones = (seed as usize * 7) % Board::max_stones(size).max(1);
            let Ok(board) = random_position(size, stones, (seed % 9) as usize, seed) else {
                continue;
            };
            let counts = NeighbourCounts::of(board.free());
            let (most, fullest) = counts.fullest(board.free());
            let expected_most = board
                .free()
                .into_iter()
                .map(|cell| (board.neighbours(cell) & board.free()).count() as u8)
                .max()
                .unwrap_or(0);
            assert_eq!(most, expected_most, "{board:?}");
            assert_eq!(fullest, counts.equal_to(most) & board.free(), "{board:?}");
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
