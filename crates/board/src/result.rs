//! How a game ends and who wins it, by the rules: a resignation loses; otherwise the
//! game ends when no free cell is left and the larger score wins. Every front end asks
//! here (the window, the saves' check, the workbook), so none of them decides a winner
//! itself.

use super::player::Player;
use super::position::Board;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// No free cell is left: the scores decide; `None` is a draw.
    Scored(Option<Player>),
    /// This player resigned, and so lost.
    Resigned(Player),
}

impl Ending {
    /// How the game on `board` has ended, `resigned` being the player who resigned, if
    /// one did; `None` while the game goes on.
    ///
    /// A finished board is decided by its scores: there is nothing left to resign once the
    /// last free cell is taken, so a resignation given with a finished board is ignored.
    pub fn of(board: &Board, resigned: Option<Player>) -> Option<Ending> {
        match board.outcome() {
            Some(winner) => Some(Ending::Scored(winner)),
            None => resigned.map(Ending::Resigned),
        }
    }

    /// The winner; `None` for a draw.
    pub fn winner(self) -> Option<Player> {
        match self {
            Ending::Scored(winner) => winner,
            Ending::Resigned(loser) => Some(loser.opponent()),
        }
    }

    /// The player who resigned, for a game ended by resignation.
    pub fn resigned(self) -> Option<Player> {
        match self {
            Ending::Scored(_) => None,
            Ending::Resigned(loser) => Some(loser),
        }
    }
}

/// The winner of the game on `board` when `resigned` resigned (if anyone did): the
/// resigning player loses; otherwise the board's outcome. `None` for a draw or a game
/// still going on ([`Ending::of`] tells the two apart).
pub fn winner(board: &Board, resigned: Option<Player>) -> Option<Player> {
    Ending::of(board, resigned).and_then(Ending::winner)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Cell;

    fn board(moves: &[&str]) -> Board {
        let mut board = Board::new(4, &[]).unwrap_or_else(|e| panic!("{e}"));
        for name in moves {
            let cell = Cell::parse(name).unwrap_or_else(|| panic!("{name}"));
            board.play(cell).unwrap_or_else(|e| panic!("{e}"));
        }
        board
    }

    #[test]
    fn a_game_going_on_has_no_ending_and_no_winner() {
        let start = board(&[]);
        assert_eq!(Ending::of(&start, None), None);
        assert_eq!(winner(&start, None), None);
    }

    #[test]
    fn the_resigning_player_loses_whatever_the_score() {
        // P1 leads 12:0 after b2, and still loses by resigning.
        let ahead = board(&["b2"]);
        for loser in [Player::One, Player::Two] {
            let ending = Ending::of(&ahead, Some(loser));
            assert_eq!(ending, Some(Ending::Resigned(loser)));
            assert_eq!(ending.and_then(Ending::resigned), Some(loser));
            assert_eq!(winner(&ahead, Some(loser)), Some(loser.opponent()));
        }
        // Resigning before the first move loses too.
        assert_eq!(winner(&board(&[]), Some(Player::One)), Some(Player::Two));
    }

    #[test]
    fn a_finished_board_is_decided_by_its_scores() {
        // GAME.md's worked example: 13 : 3, P1 wins.
        let over = board(&["b2", "d3", "a4"]);
        assert_eq!(
            Ending::of(&over, None),
            Some(Ending::Scored(Some(Player::One)))
        );
        assert_eq!(winner(&over, None), Some(Player::One));
        // Nothing is left to resign once the last cell is taken.
        assert_eq!(winner(&over, Some(Player::One)), Some(Player::One));
        assert_eq!(
            Ending::of(&over, Some(Player::One)).and_then(Ending::resigned),
            None
        );
    }
}
