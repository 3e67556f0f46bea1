//! The table key of a free set, and the board symmetries the stones allow.
//!
//! The key hashes the free set's four words directly (two 128-bit multiplies and a final
//! mix, as wyhash does) instead of xoring a Zobrist number per claimed cell: a move claims
//! up to 56 cells, so the direct hash costs less than the incremental one at every node,
//! and it needs no state to update or undo.

use queens_board::{Bitboard, Cell};

/// Secrets with a bit in the spare 16th column, which no free set ever holds, so no
/// word of a free set can cancel its secret.
const SECRET: [u64; 4] = [
    0xa076_1d64_78bd_e42f | 0x8000,
    0xe703_7ed1_a0b4_28db | 0x8000,
    0x8ebc_6af0_9c88_c6e3 | 0x8000,
    0x5899_65cc_7537_4cc3 | 0x8000,
];

#[inline]
fn mum(a: u64, b: u64) -> u64 {
    let product = u128::from(a) * u128::from(b);
    (product as u64) ^ ((product >> 64) as u64)
}

#[inline]
fn mix(mut h: u64) -> u64 {
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
}

/// The 64-bit table key of a free set.
#[inline]
pub(super) fn key_of(free: Bitboard) -> u64 {
    let [w0, w1, w2, w3] = free.0;
    mix(mum(w0 ^ SECRET[0], w1 ^ SECRET[1]) ^ mum(w2 ^ SECRET[2], w3 ^ SECRET[3]).rotate_left(29))
}

/// One of the square's 8 symmetries: a bijection of the cells of an `size` board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Symmetry {
    /// Swap columns and rows first.
    transpose: bool,
    /// Then mirror columns.
    flip_cols: bool,
    /// Then mirror rows.
    flip_rows: bool,
}

impl Symmetry {
    /// All 8 symmetries, the identity first.
    pub(crate) fn all() -> impl Iterator<Item = Symmetry> {
        (0..8u8).map(|bits| Symmetry {
            transpose: bits & 1 != 0,
            flip_cols: bits & 2 != 0,
            flip_rows: bits & 4 != 0,
        })
    }

    /// Whether this is the identity.
    pub(crate) fn is_identity(self) -> bool {
        !(self.transpose || self.flip_cols || self.flip_rows)
    }

    /// The image of `cell` on an `size` board.
    pub(crate) fn map(self, cell: Cell, size: u8) -> Cell {
        let (mut col, mut row) = (cell.col(), cell.row());
        if self.transpose {
            std::mem::swap(&mut col, &mut row);
        }
        if self.flip_cols {
            col = size - 1 - col;
        }
        if self.flip_rows {
            row = size - 1 - row;
        }
        Cell::new(col, row)
    }

    /// The image of a set.
    pub(crate) fn map_set(self, set: Bitboard, size: u8) -> Bitboard {
        set.into_iter().map(|cell| self.map(cell, size)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetries_are_bijections_and_keys_differ() {
        let all: Bitboard = (0..5)
            .flat_map(|r| (0..5).map(move |c| Cell::new(c, r)))
            .collect();
        for symmetry in Symmetry::all() {
            assert_eq!(symmetry.map_set(all, 5), all);
        }
        let mut seen = std::collections::HashSet::new();
        for cell in all {
            let mut set = all;
            set.remove(cell);
            assert!(seen.insert(key_of(set)));
        }
        assert!(seen.insert(key_of(all)) && seen.insert(key_of(Bitboard::EMPTY)));
    }
}
