//! A tiny second game for tests: one pile, each player takes 1 or 2, whoever takes the
//! last stone wins. It shows that a game other than Queens & Stones gets the thesis's
//! engines, the principal variation, progress and the Tree Lab's trees through the same
//! traits. The player to move at a multiple of 3 loses; every other pile is won by taking
//! down to a multiple of 3.

use super::game::{FrontierGame, GamePosition, SearchGame};
use super::movelist::MoveList;
use super::score::Score;

/// The value of a finished game for the side to move (who has lost).
pub(super) const LOST: Score = Score(-10);

/// The most stones a pile may hold in these tests (the undo history's capacity).
const MAX_PILE: usize = 32;

/// A position: stones left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Pile(pub u8);

/// The search state: the pile and the moves played, for undo.
#[derive(Clone, Debug)]
pub(super) struct PileGame {
    left: u8,
    taken: [u8; MAX_PILE],
    played: usize,
}

impl GamePosition for Pile {
    type Move = u8;
    type Search = PileGame;

    fn search_game(&self) -> PileGame {
        PileGame {
            left: self.0.min(MAX_PILE as u8),
            taken: [0; MAX_PILE],
            played: 0,
        }
    }
}

impl SearchGame for PileGame {
    type Move = u8;

    /// Take 2 before 1: the order matters only for which of two equal moves is "first".
    fn ordered_moves(&self, list: &mut MoveList<u8>) {
        list.clear();
        for take in [2, 1] {
            if take <= self.left {
                list.push(take);
            }
        }
    }

    fn do_move(&mut self, mv: u8) {
        self.left -= mv;
        self.taken[self.played] = mv;
        self.played += 1;
    }

    fn undo_move(&mut self) {
        self.played -= 1;
        self.left += self.taken[self.played];
    }

    fn is_terminal(&self) -> bool {
        self.left == 0
    }

    fn plies_left_bound(&self) -> u32 {
        u32::from(self.left)
    }

    /// Lost when nothing is left; otherwise a deliberately naive guess (the stones left),
    /// so that shallow and deep searches disagree and leaf values are distinguishable.
    fn evaluate(&self) -> Score {
        if self.left == 0 {
            LOST
        } else {
            Score(i32::from(self.left))
        }
    }
}

impl FrontierGame for PileGame {}
