//! What an exact answer is: a position solved with best play ([`Exact`], from a game's
//! `Rules::solve_exact`), a search value that proves a win or a loss ([`Decided`], from
//! `Rules::decided`), the refusal of a game with no solver, and the stop question handed
//! to the engines while solving.

use crate::ai::SearchHandler;
use thiserror::Error;

/// A position solved exactly by its game's `Rules::solve_exact`; what the value proves
/// is read off it by the game's `Rules::decided`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exact {
    /// The value from the side to move's view, as the game's engines score a finished
    /// game (0 a draw).
    pub value: i32,
    /// The ply of the game (counted from its start) the position is at, as the value's
    /// `Decided::ends_at_ply` counts.
    pub ply: u32,
    /// A best move in the game's notation; `None` on a finished game.
    pub best_move: Option<String>,
    /// Best moves to the end of the game.
    pub pv: Vec<String>,
    /// Positions the solver searched (or solved, for a solver that remembers them).
    pub nodes: u64,
    /// For a game whose result is a margin of its score (queens: the cells owned), the
    /// final margin with best play from the side to move's view, which is then also
    /// `value`; `None` for a game whose result is a win, a draw or a loss, whose value
    /// says how quickly (read by the game's `Rules::decided`).
    pub margin: Option<i32>,
}

/// An exact solve asked of a game that has no exact solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("{0} has no exact solver")]
pub struct NoExactSolver(pub &'static str);

/// A search handler that stops when `0` says so: an exact solve's stop question handed
/// to the engines.
pub(crate) struct StopWhen<'a>(pub &'a (dyn Fn() -> bool + Sync));

impl<M> SearchHandler<M> for StopWhen<'_> {
    fn should_stop(&self) -> bool {
        (self.0)()
    }
}

/// A search value that is a proof: who wins, and by which ply of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decided {
    /// The side that searched wins (else it loses).
    pub searcher_wins: bool,
    /// The ply (counted from the game's start) of the winning move.
    pub ends_at_ply: u32,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::EngineConfig;
    use crate::games::rules::Rules;

    /// Searches the game string `text`'s position to `depth` with alpha-beta, then
    /// checks what its value proves against the game its best line plays out.
    fn decided_after(text: &str, depth: u32) -> Decided {
        let game = crate::games::game_string::read(text).unwrap_or_else(|e| panic!("{e}"));
        let searcher = game.seat_to_move();
        let config = EngineConfig::new(crate::ai::EngineKind::ALPHABETA, depth);
        let outcome = game
            .think(&config, &crate::ai::NoHandler)
            .unwrap_or_else(|e| panic!("{e}"));
        let decided = game
            .decided(outcome.value.0)
            .unwrap_or_else(|| panic!("{text}: {} is no proof", outcome.value.0));
        let mut line = game.clone();
        for mv in &outcome.pv {
            line.play_text(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
        }
        assert_eq!(line.moves().len() as u32, decided.ends_at_ply, "{line}");
        let winner = if decided.searcher_wins {
            searcher
        } else {
            1 - searcher
        };
        assert_eq!(line.result(), Some(Some(winner)), "{line}");
        decided
    }

    #[test]
    fn a_won_or_lost_value_names_the_winner_and_the_ply_and_an_estimate_is_none() {
        use crate::games::dodgem::{Dodgem, WIN};
        use crate::games::tictactoe::TicTacToe;
        // X completes the bottom row with its fifth ply.
        let x_wins = decided_after("game=tictactoe moves=a1,a2,b1,b2", 1);
        assert_eq!(
            x_wins,
            Decided {
                searcher_wins: true,
                ends_at_ply: 5
            }
        );
        // O to move cannot stop both of X's lines (a2 and b2): O loses at ply 7.
        let o_loses = decided_after("game=tictactoe moves=a1,c3,c1,b1,a3", 2);
        assert_eq!(
            o_loses,
            Decided {
                searcher_wins: false,
                ends_at_ply: 7
            }
        );
        // Dodgem: black, eight plies in, drives both cars off within four more plies.
        let black = decided_after(
            "game=dodgem moves=a3-b3,b1-b2,b3-c3,c1-c2,a2-a1,b2-b3,a1-b1,b3-a3",
            9,
        );
        assert!(black.searcher_wins);
        // Values of positions still open are estimates; queens proves nothing this way.
        assert_eq!(<TicTacToe as Rules>::decided(-4), None);
        assert_eq!(<TicTacToe as Rules>::decided(0), None);
        assert_eq!(<Dodgem as Rules>::decided(85), None);
        assert_eq!(<Dodgem as Rules>::decided(-9_000), None);
        assert_eq!(
            <Dodgem as Rules>::decided(-(WIN - 19)),
            Some(Decided {
                searcher_wins: false,
                ends_at_ply: 19
            })
        );
        assert_eq!(<queens_board::Board as Rules>::decided(1_000_000), None);
    }
}
