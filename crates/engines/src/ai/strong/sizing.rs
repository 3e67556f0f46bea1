//! How big a table a position needs: a tiny board never needs a 2 GB table.
//!
//! Every free set the game can reach from `F` is `F` minus the reach of a set of queens
//! that do not see each other (claims do not depend on the order of the moves, and a
//! queen is playable only where no earlier one reaches). So the number of such queen
//! sets bounds the positions a search can store. It is counted up to a cap: boards
//! under it get a table of twice that many entries (buckets are shared by hashing),
//! larger ones the size asked for.

use super::gain::Geometry;
use super::table::{Table, TableError};
use queens_board::{Bitboard, Board};

/// The most queen sets counted (a few milliseconds); past it the position is "large".
const COUNT_CAP: u64 = 1 << 18;

/// The number of sets of mutually unseen queens on `free` (the empty set included),
/// counted up to `cap` (the answer is then `cap`).
pub(super) fn queen_sets(geometry: &Geometry, free: Bitboard, cap: u64) -> u64 {
    fn count(geometry: &Geometry, candidates: Bitboard, budget: &mut u64) -> u64 {
        if *budget == 0 {
            return 0;
        }
        let Some(cell) = candidates.first() else {
            *budget -= 1;
            return 1;
        };
        // Sets without `cell`, then sets with it (which exclude all it reaches).
        let without = candidates ^ Bitboard::from_cell(cell);
        let with = candidates & !geometry.reach(cell.index());
        count(geometry, without, budget) + count(geometry, with, budget)
    }
    let mut budget = cap;
    count(geometry, free, &mut budget).min(cap)
}

/// The entries worth having for the game from `free`, or `None` when the position is
/// too large to count (it can use any size).
pub(super) fn entries_needed(geometry: &Geometry, free: Bitboard) -> Option<u64> {
    let sets = queen_sets(geometry, free, COUNT_CAP);
    (sets < COUNT_CAP).then_some(sets * 2)
}

/// A table for the game from `free`: of `mb` MiB, or smaller when the position can
/// never fill that.
///
/// # Errors
/// [`TableError`] when the memory cannot be had.
pub(super) fn table_for(
    geometry: &Geometry,
    free: Bitboard,
    mb: usize,
) -> Result<Table, TableError> {
    Table::try_with_buckets(buckets_for(geometry, free, mb))
}

/// A table for the game from `board`: of `mb` MiB, or smaller when the position can
/// never fill that.
///
/// # Errors
/// [`TableError`] when the memory cannot be had.
pub fn table_for_board(board: &Board, mb: usize) -> Result<Table, TableError> {
    table_for(&Geometry::of(board), board.free(), mb)
}

/// The buckets of [`table_for`].
pub(super) fn buckets_for(geometry: &Geometry, free: Bitboard, mb: usize) -> usize {
    let asked = Table::buckets_of_mb(mb);
    match entries_needed(geometry, free) {
        Some(entries) => asked.min(
            usize::try_from(entries)
                .unwrap_or(usize::MAX)
                .div_ceil(Table::WAYS),
        ),
        None => asked,
    }
    .max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn geometry(text: &str) -> (Geometry, Bitboard) {
        let board = Board::from_game_string(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        (Geometry::of(&board), board.free())
    }

    #[test]
    fn queen_sets_are_counted_exactly_on_small_boards() {
        // 3x3: 1 + 9 singles + 8 pairs a knight move apart (no three fit).
        let (g, free) = geometry("size=3");
        assert_eq!(queen_sets(&g, free, 1000), 18);
        // A stone in the middle blocks the lines through it: 1 + 8 singles + the 8
        // knight pairs + a1-c3, a3-c1, b1-b3 and a2-c2.
        let (g, free) = geometry("size=3 stones=b2");
        assert_eq!(queen_sets(&g, free, 1000), 21);
        // The cap answers the cap.
        assert_eq!(queen_sets(&g, free, 10), 10);
    }

    #[test]
    fn a_tiny_board_gets_a_tiny_table_and_a_large_one_what_was_asked() {
        let (g, free) = geometry("size=5");
        let tiny = buckets_for(&g, free, 65536);
        assert!(tiny * 64 < 1 << 20, "{tiny} buckets for 5x5");
        let (g, free) = geometry("size=15");
        assert_eq!(buckets_for(&g, free, 16), Table::buckets_of_mb(16));
    }
}
