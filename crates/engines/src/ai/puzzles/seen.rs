//! Puzzle positions told apart up to mirror images: two puzzles are the same when one's
//! position is the other's under one of the square's 8 symmetries (stones, queens and
//! claimed cells alike, the same side to move), whatever moves led there. The generator
//! offers the solver no position it has made a puzzle of, and a set that repeats one is
//! refused, so the window never offers the same position twice.

use crate::ai::strong::Symmetry;
use queens_board::{Bitboard, Board, Player};
use std::collections::HashSet;

/// A position as the board shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Shown {
    size: u8,
    to_move: Player,
    stones: Bitboard,
    queens: [Bitboard; 2],
    owned: [Bitboard; 2],
}

impl Shown {
    /// `board`'s position seen through `symmetry` (as it stands without one).
    fn of(board: &Board, symmetry: Option<Symmetry>) -> Shown {
        let size = board.size();
        let map = |set: Bitboard| symmetry.map_or(set, |s| s.map_set(set, size));
        Shown {
            size,
            to_move: board.side_to_move(),
            stones: map(board.stones()),
            queens: [
                map(board.queens(Player::One)),
                map(board.queens(Player::Two)),
            ],
            owned: [map(board.owned(Player::One)), map(board.owned(Player::Two))],
        }
    }
}

/// The positions seen so far, each with its mirror images.
#[derive(Clone, Debug, Default)]
pub(crate) struct SeenPositions(HashSet<Shown>);

impl SeenPositions {
    /// Whether `board`'s position, or a mirror image of it, was seen.
    pub(crate) fn contains(&self, board: &Board) -> bool {
        self.0.contains(&Shown::of(board, None))
    }

    /// Records `board`'s position and its mirror images; false if it was seen already.
    pub(crate) fn insert(&mut self, board: &Board) -> bool {
        if self.contains(board) {
            return false;
        }
        self.0
            .extend(Symmetry::all().map(|symmetry| Shown::of(board, Some(symmetry))));
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mirror_images_and_move_orders_are_one_position() {
        let board =
            |text: &str| Board::from_game_string(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let mut seen = SeenPositions::default();
        assert!(seen.insert(&board("size=6 stones=b2 moves=a1")));
        // Mirrored left to right, and transposed: the same position.
        assert!(seen.contains(&board("size=6 stones=e2 moves=f1")));
        assert!(seen.contains(&board("size=6 stones=b2 moves=a1")));
        assert!(!seen.insert(&board("size=6 stones=b5 moves=a6")));
        // Another stone, another side to move, another owner: other positions.
        assert!(!seen.contains(&board("size=6 stones=c2 moves=a1")));
        assert!(!seen.contains(&board("size=6 stones=b2")));
        assert!(seen.insert(&board("size=6 stones=b2 moves=a1,f6")));
        assert!(!seen.contains(&board("size=6 stones=b2 moves=f6,a1")));
    }
}
