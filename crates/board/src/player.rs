//! The two players.

use std::fmt;

/// A player: `One` (P1) always makes the first move of the game.
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Player {
    /// P1, who moves first.
    One,
    /// P2.
    Two,
}

impl Player {
    /// The other player.
    #[inline]
    pub const fn opponent(self) -> Player {
        match self {
            Player::One => Player::Two,
            Player::Two => Player::One,
        }
    }

    /// 0 for P1, 1 for P2: an index into per-player arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// 1 or 2, as printed in the CLI's JSON and in the window.
    #[inline]
    pub const fn number(self) -> u8 {
        self as u8 + 1
    }

    /// The player who makes move number `ply` (0-based): P1 on even plies.
    #[inline]
    pub const fn at_ply(ply: usize) -> Player {
        if ply.is_multiple_of(2) {
            Player::One
        } else {
            Player::Two
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "P{}", self.number())
    }
}
