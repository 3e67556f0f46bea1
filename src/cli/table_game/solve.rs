//! `queens solve --kind K`: the exact result of a small game with best play. The games
//! with an exact solver are the rows of the games table whose `solver` tool is set; each
//! answers through the game seam ([`AnyGame::solve_exact`]), so nothing here names a
//! game. Queens has its own command (`cli::solve`), and a game without one is refused
//! before it gets here.

use super::{CliError, KindReport, position_of, position_only};
use crate::cli::args::SolveArgs;
use crate::cli::interrupt::Interrupt;
use crate::games::seam::{AnyGame, Exact};
use serde::Serialize;

/// The answer of `queens solve --kind tictactoe|dodgem`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableSolution {
    /// Who wins with best play (`x`/`o`, `b`/`w`), or `draw`; `null` when stopped.
    pub outcome: Option<&'static str>,
    /// The value from the side to move's view, as the engines score a finished game:
    /// tic-tac-toe ±(100 + empty cells left), Dodgem ±(100000 - plies played), 0 a draw;
    /// `null` when stopped.
    pub value: Option<i32>,
    /// Plies to the end with best play (the winner as quick, the loser as slow as it
    /// can); `null` for a draw.
    pub plies: Option<u32>,
    /// A best move; `null` on a finished game.
    #[serde(rename = "move")]
    pub best_move: Option<String>,
    /// Best moves to the end of the game.
    pub pv: Vec<String>,
    /// Positions searched (Dodgem: distinct positions solved).
    pub nodes: u64,
    /// Whether the solve finished (false after a stop request: everything above is then
    /// `null` or empty, and the exit code is 3).
    pub solved: bool,
    /// With `--all-moves`: every legal move's exact value, best first for the side to
    /// move (empty when stopped); absent without it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<super::proved::TableMove>>,
}

impl TableSolution {
    /// The answer from the exact result of `game`. The one place an outcome is read off
    /// a value (the game's [`AnyGame::decided`]), so a win on the last cell, worth
    /// exactly the win score, is a win and not a draw.
    fn from_exact(game: &dyn AnyGame, exact: Exact) -> TableSolution {
        let mover = game.seat_to_move().min(1);
        let sides = game.sides();
        let decided = game.decided(exact.value);
        TableSolution {
            outcome: Some(match decided {
                Some(d) if d.searcher_wins => sides[mover],
                Some(_) => sides[1 - mover],
                None => "draw",
            }),
            value: Some(exact.value),
            plies: decided.map(|d| d.ends_at_ply.saturating_sub(exact.ply)),
            best_move: exact.best_move,
            pv: exact.pv,
            nodes: exact.nodes,
            solved: true,
            moves: None,
        }
    }

    /// The answer of a solve stopped before it finished: nothing is proved.
    fn stopped() -> TableSolution {
        TableSolution {
            outcome: None,
            value: None,
            plies: None,
            best_move: None,
            pv: Vec::new(),
            nodes: 0,
            solved: false,
            moves: None,
        }
    }
}

/// The exact solve of `game`, stopped by `interrupt`: `Ok(None)` once stopped, `Err`
/// for a game without an exact solver.
fn solve_game(
    game: &dyn AnyGame,
    interrupt: &Interrupt,
) -> Result<Option<TableSolution>, crate::games::seam::NoExactSolver> {
    let stop = || interrupt.requested();
    Ok(game
        .solve_exact(&stop)?
        .map(|exact| TableSolution::from_exact(game, exact)))
}

/// What `queens solve --kind K` answers for `game` (nothing stops it); `None` for a
/// game without an exact solver.
pub fn table_solution(game: &dyn AnyGame) -> Option<TableSolution> {
    solve_game(game, &Interrupt::new())
        .ok()
        .map(|solved| solved.unwrap_or_else(TableSolution::stopped))
}

/// `queens solve --kind K` for a small game with a solver: the exact result with best
/// play, or, when `interrupt` stops it first, an answer that says it is not one
/// (`"solved": false`); `None` for a game this command does not solve.
pub(in crate::cli) fn solve(
    args: &SolveArgs,
    interrupt: &Interrupt,
) -> Result<Option<KindReport<TableSolution>>, CliError> {
    position_only(&args.position)?;
    let game = position_of(
        args.position.kind.0,
        args.position.position.as_deref(),
        args.position.moves.as_deref(),
    )?;
    if args.exact_within.is_some() {
        return Err(CliError::Usage(format!(
            "solve --exact-within is for queens, whose moves lose cells; every {} move is solved exactly",
            args.position.kind.name()
        )));
    }
    let Ok(solution) = solve_game(game.as_ref(), interrupt) else {
        return Ok(None);
    };
    let mut report = solution.unwrap_or_else(TableSolution::stopped);
    if args.all_moves && report.solved {
        let stop = || interrupt.requested();
        match crate::analysis::proved_moves(game.as_ref(), &stop) {
            Ok(Some(values)) => report.moves = Some(super::proved::moves_of(&values)),
            // Stopped while valuing the moves: the position is proved, its moves not.
            Ok(None) => {
                report.moves = Some(Vec::new());
                report.solved = false;
            }
            Err(_) => return Ok(None),
        }
    }
    Ok(Some(KindReport {
        kind: super::named(game.as_ref()),
        position: super::own_notation(game.as_ref()),
        report,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::table::by_tag;

    fn start(tag: &str) -> Box<dyn AnyGame> {
        let entry = by_tag(tag).unwrap_or_else(|| panic!("{tag}"));
        (entry.start)().unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn a_stopped_solve_proves_nothing_and_says_so() {
        let interrupt = Interrupt::new();
        interrupt.request();
        let dodgem = start("dodgem");
        assert_eq!(solve_game(dodgem.as_ref(), &interrupt), Ok(None));
        let stopped = TableSolution::stopped();
        assert!(!stopped.solved);
        assert_eq!((stopped.outcome, stopped.value), (None, None));
        // Nothing asked it to stop: proved.
        let solved = table_solution(dodgem.as_ref()).unwrap_or_else(|| panic!("no solver"));
        assert!(solved.solved);
        assert_eq!((solved.outcome, solved.plies), (Some("b"), Some(19)));
    }

    #[test]
    fn a_game_without_an_exact_solver_says_so_by_name() {
        let othello = start("othello");
        let refused = solve_game(othello.as_ref(), &Interrupt::new());
        assert_eq!(
            refused.map_err(|e| e.to_string()),
            Err("othello has no exact solver".to_string())
        );
        assert_eq!(table_solution(othello.as_ref()), None);
    }
}
