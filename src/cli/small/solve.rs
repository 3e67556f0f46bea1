//! `queens solve --kind tictactoe|dodgem`: the exact result of a small game with best
//! play. The games with an exact solver are the rows of the games table whose `solver`
//! tool is set; queens has its own command (`cli::solve`), and a game without one is
//! refused before it gets here.

use super::{CliError, KindReport, position_only, reach_as};
use crate::ai::Limits;
use crate::cli::args::SolveArgs;
use crate::cli::interrupt::{Interrupt, StopOnRequest};
use crate::games::cells::{CELLS, Cell};
use crate::games::dodgem::{self, Dodgem};
use crate::games::dodgem_solve;
use crate::games::seam::{AnyGame, Rules};
use crate::games::tictactoe::{self, TicTacToe};
use serde::Serialize;

/// The answer of `queens solve --kind tictactoe|dodgem`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SmallSolution {
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
}

impl SmallSolution {
    /// The answer from the exact `value` (from the side to move's view, as the engines
    /// score a finished game) of `game`, `ply` plies into a game of `kind`, with its best
    /// move and line. The one place an outcome is read off a value (the game's
    /// [`Rules::decided`]), so a win on the last cell, worth exactly the win score, is
    /// a win and not a draw.
    fn from_value<G: Rules + AnyGame>(
        game: &G,
        (value, ply): (i32, u32),
        (best_move, pv): (Option<String>, Vec<String>),
        nodes: u64,
    ) -> SmallSolution {
        let mover = Rules::seat_to_move(game);
        let decided = <G as Rules>::decided(value);
        SmallSolution {
            outcome: Some(match decided {
                Some(d) if d.searcher_wins => G::SIDES[mover],
                Some(_) => G::SIDES[1 - mover],
                None => "draw",
            }),
            value: Some(value),
            plies: decided.map(|d| d.ends_at_ply.saturating_sub(ply)),
            best_move,
            pv,
            nodes,
            solved: true,
        }
    }

    /// The answer of a solve stopped before it finished: nothing is proved.
    fn stopped() -> SmallSolution {
        SmallSolution {
            outcome: None,
            value: None,
            plies: None,
            best_move: None,
            pv: Vec::new(),
            nodes: 0,
            solved: false,
        }
    }
}

/// Alpha-beta to the end of the game: the value from the side to move's view is
/// `WIN + empty cells at the end` for a win, so the plies to the end are known too.
fn solve_tictactoe(game: &TicTacToe, interrupt: &Interrupt) -> Option<SmallSolution> {
    let depth = AnyGame::plies_left(game);
    let mut outcome = crate::ai::run_search(
        &mut game.clone(),
        crate::ai::Method::AlphaBeta,
        Limits::depth(depth.max(1)),
        &StopOnRequest(interrupt),
        &mut crate::ai::Silent,
    );
    if outcome.interrupted {
        return None;
    }
    if game.is_over() {
        outcome.pv.clear();
    }
    let line = (
        outcome.best_move.map(|cell| cell.to_string()),
        outcome.pv.iter().map(Cell::to_string).collect(),
    );
    Some(SmallSolution::from_value(
        game,
        (outcome.value.0, CELLS as u32 - depth),
        line,
        outcome.stats.nodes,
    ))
}

/// The retrograde-free exact negamax of [`dodgem_solve`], under the draw limit.
fn solve_dodgem(game: &Dodgem, interrupt: &Interrupt) -> Option<SmallSolution> {
    let stop = || interrupt.requested();
    let solved = dodgem_solve::solve_until(game, &stop)?;
    let mut line = game.clone();
    let mut pv = Vec::new();
    // The best line, replayed move by move from each position's own solution.
    while let Some(mv) = dodgem_solve::solve_until(&line, &stop)?.best_move {
        pv.push(mv.to_string());
        if line.play(mv).is_err() {
            break;
        }
    }
    Some(SmallSolution::from_value(
        game,
        (solved.value, game.ply()),
        (solved.best_move.map(|mv| mv.to_string()), pv),
        solved.positions as u64,
    ))
}

/// What `queens solve --kind tictactoe` answers for `game` (nothing stops it).
pub fn tictactoe_solution(game: &TicTacToe) -> SmallSolution {
    solve_tictactoe(game, &Interrupt::new()).unwrap_or_else(SmallSolution::stopped)
}

/// What `queens solve --kind dodgem` answers for `game` (nothing stops it).
pub fn dodgem_solution(game: &Dodgem) -> SmallSolution {
    solve_dodgem(game, &Interrupt::new()).unwrap_or_else(SmallSolution::stopped)
}

/// `queens solve --kind K` for a small game with a solver: the exact result with best
/// play, or, when `interrupt` stops it first, an answer that says it is not one
/// (`"solved": false`); `None` for a game this command does not solve.
pub(in crate::cli) fn solve(
    args: &SolveArgs,
    interrupt: &Interrupt,
) -> Result<Option<KindReport<SmallSolution>>, CliError> {
    position_only(&args.position)?;
    let (position, moves) = (
        args.position.position.as_deref(),
        args.position.moves.as_deref(),
    );
    let (position, solution) = match args.position.kind.name() {
        tictactoe::KIND => {
            let game: TicTacToe = reach_as(position, moves)?;
            (game.to_string(), solve_tictactoe(&game, interrupt))
        }
        dodgem::KIND => {
            let game: Dodgem = reach_as(position, moves)?;
            (game.to_string(), solve_dodgem(&game, interrupt))
        }
        _ => return Ok(None),
    };
    Ok(Some(KindReport {
        kind: args.position.kind.name(),
        position,
        report: solution.unwrap_or_else(SmallSolution::stopped),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stopped_solve_proves_nothing_and_says_so() {
        let interrupt = Interrupt::new();
        interrupt.request();
        assert_eq!(solve_dodgem(&Dodgem::new(), &interrupt), None);
        let stopped = SmallSolution::stopped();
        assert!(!stopped.solved);
        assert_eq!((stopped.outcome, stopped.value), (None, None));
        // Nothing asked it to stop: proved.
        let solved = dodgem_solution(&Dodgem::new());
        assert!(solved.solved);
        assert_eq!((solved.outcome, solved.plies), (Some("b"), Some(19)));
    }
}
