//! How a game ended and who may resign: the one place the program reads a winner off a
//! resignation, for every game (the window's sessions and the saves ask here).

use super::rules::Seat;

/// How a game ended: by its rules, or by a resignation while the rules had not ended it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// The rules ended it: the winner, or `None` for a draw.
    ByRules(Option<Seat>),
    /// This seat resigned, and so lost.
    Resigned(Seat),
}

impl Ending {
    /// How a game whose rules say `result` ended, `resigned` the seat that resigned if
    /// one did; `None` while it goes on. A finished game is decided by its rules: there
    /// is nothing left to resign then, so a resignation beside it is ignored. The one
    /// place the program reads a winner off a resignation.
    pub fn of(result: Option<Option<Seat>>, resigned: Option<Seat>) -> Option<Ending> {
        match result {
            Some(winner) => Some(Ending::ByRules(winner)),
            None => resigned.map(Ending::Resigned),
        }
    }

    /// The winner; `None` for a draw.
    pub fn winner(self) -> Option<Seat> {
        match self {
            Ending::ByRules(winner) => winner,
            Ending::Resigned(loser) => Some(1 - loser),
        }
    }

    /// The seat that resigned, for a game ended by resignation.
    pub fn resigned(self) -> Option<Seat> {
        match self {
            Ending::ByRules(_) => None,
            Ending::Resigned(loser) => Some(loser),
        }
    }
}

/// Who may resign now: the human against the computer, the side to move between two
/// people; nobody between two computers or once the game is over. `humans[seat]` says
/// whether that seat is a person.
pub fn resigning_seat(humans: [bool; 2], to_move: Seat, over: bool) -> Option<Seat> {
    if over {
        return None;
    }
    match humans {
        [true, false] => Some(0),
        [false, true] => Some(1),
        [true, true] => Some(to_move),
        [false, false] => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_resignation_loses_unless_the_rules_ended_the_game_first() {
        assert_eq!(Ending::of(None, None), None);
        assert_eq!(Ending::of(None, Some(1)).and_then(Ending::winner), Some(0));
        assert_eq!(Ending::of(None, Some(0)).and_then(Ending::winner), Some(1));
        assert_eq!(
            Ending::of(Some(Some(0)), Some(0)),
            Some(Ending::ByRules(Some(0)))
        );
        assert_eq!(
            Ending::of(Some(None), Some(1)).and_then(Ending::winner),
            None
        );
        assert_eq!(Ending::Resigned(1).resigned(), Some(1));
        assert_eq!(Ending::ByRules(None).resigned(), None);
    }

    #[test]
    fn the_human_resigns_against_the_computer_and_the_mover_between_people() {
        assert_eq!(resigning_seat([true, false], 1, false), Some(0));
        assert_eq!(resigning_seat([false, true], 0, false), Some(1));
        assert_eq!(resigning_seat([true, true], 1, false), Some(1));
        assert_eq!(resigning_seat([false, false], 0, false), None);
        assert_eq!(resigning_seat([true, true], 0, true), None);
    }
}
