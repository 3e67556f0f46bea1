//! The proved tools on the command line for every game of the games table but queens
//! whose row has an exact solver (`row.tools.solver`): `queens analyse --kind K`,
//! `queens puzzles --kind K` and the moves of `queens solve --kind K --all-moves`, each
//! a view of [`crate::analysis::proved`] and its neighbours. Nothing here names a game;
//! a game without a solver is refused by [`refuse_without_solver`] with the games that
//! have one, read off the table.

use super::CliError;
use crate::analysis::proved::Outcome;
use crate::analysis::{ProvedPuzzle, generate_proved};
use crate::cli::args::GameArg;
use crate::cli::interrupt::Interrupt;
use crate::cli::puzzles::{OtherMove, PuzzlesArgs};
use crate::games::seam::{AnyGame, NoExactSolver};
use serde::Serialize;
use std::time::Instant;

/// The games whose row has an exact solver, in table order (`queens, tictactoe, dodgem`).
pub(in crate::cli) fn games_with_solver() -> String {
    crate::games::table::GAMES
        .iter()
        .filter(|entry| entry.tools.solver)
        .map(|entry| entry.tag)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Refuses `command` for a game whose row has no exact solver (exit code 2), naming the
/// games that have one.
///
/// # Errors
/// [`CliError::Usage`] for such a game.
pub(in crate::cli) fn refuse_without_solver(command: &str, kind: GameArg) -> Result<(), CliError> {
    if kind.0.tools.solver {
        return Ok(());
    }
    Err(CliError::Usage(format!(
        "{command} --kind {tag}: {tag} has no exact solver, so nothing about its moves is proved; {command} takes {}",
        games_with_solver(),
        tag = kind.name()
    )))
}

/// A solver the row promises but the seam does not answer: a defect, told as such.
fn no_solver(err: NoExactSolver) -> CliError {
    CliError::Usage(err.to_string())
}

/// One puzzle of `queens puzzles --kind K`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TablePuzzleReport {
    /// The position as a game string.
    pub game: String,
    /// The one move that keeps the proved result.
    pub solution: String,
    /// The position's value from the mover's view, as the engines score a finished game.
    pub value: i32,
    /// What it proves for the mover: `win` or `draw`.
    pub outcome: Outcome,
    /// Every other move with the result steps it gives away (1 or 2), least first.
    pub others: Vec<OtherMove>,
    /// The most tempting wrong move, then best play after it.
    pub refutation: Vec<String>,
}

impl From<&ProvedPuzzle> for TablePuzzleReport {
    fn from(puzzle: &ProvedPuzzle) -> TablePuzzleReport {
        TablePuzzleReport {
            game: puzzle.game.clone(),
            solution: puzzle.solution.clone(),
            value: puzzle.value,
            outcome: puzzle.outcome,
            others: puzzle
                .others
                .iter()
                .map(|(mv, loss)| OtherMove {
                    cell: mv.clone(),
                    loss: i32::try_from(*loss).unwrap_or(i32::MAX),
                })
                .collect(),
            refutation: puzzle.refutation.clone(),
        }
    }
}

/// The answer of `queens puzzles --kind K`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TablePuzzlesReport {
    /// The game's tag.
    pub kind: &'static str,
    /// The puzzles found.
    pub puzzles: Vec<TablePuzzleReport>,
    /// Random games played.
    pub games: u64,
    /// Positions given to the solver.
    pub positions: u64,
    /// Positions left unproved (a stop came first).
    pub unproved: u64,
    /// Whole milliseconds of the run.
    pub time_ms: u64,
    /// Whether --count puzzles were found (false when stopped, or when the game's
    /// positions ran out first).
    pub complete: bool,
}

/// `queens puzzles --kind K`: puzzles from random games of the game, proved.
///
/// # Errors
/// A game without a solver; queens' options (`--size`, `--out`); a `--min-loss` other
/// than 1 or 2 (result steps).
pub(in crate::cli) fn puzzles(
    args: &PuzzlesArgs,
    interrupt: &Interrupt,
) -> Result<TablePuzzlesReport, CliError> {
    let start = Instant::now();
    let kind = args.kind;
    refuse_without_solver("puzzles", kind)?;
    for (option, given) in [
        ("--size", args.size.is_some()),
        ("--out", args.out.is_some()),
    ] {
        if given {
            return Err(CliError::Usage(format!(
                "puzzles {option} is for queens; {} puzzles start from its start position and are printed only",
                kind.name()
            )));
        }
    }
    let min_loss = match args.min_loss {
        None => 1,
        Some(steps @ 1..=2) => steps.unsigned_abs(),
        Some(other) => {
            return Err(CliError::Usage(format!(
                "puzzles --kind {} --min-loss {other}: a loss here is in result steps, 1 (a win to a draw, a draw to a loss) or 2 (a win to a loss)",
                kind.name()
            )));
        }
    };
    let game: Box<dyn AnyGame> = (kind.0.start)()?;
    let count = usize::try_from(args.count).unwrap_or(usize::MAX);
    let stop = || interrupt.requested();
    let (found, stats) =
        generate_proved(game.as_ref(), args.seed, min_loss, count, &stop, |_, _| {})
            .map_err(no_solver)?;
    Ok(TablePuzzlesReport {
        kind: kind.name(),
        complete: found.len() == count,
        puzzles: found.iter().map(TablePuzzleReport::from).collect(),
        games: stats.games,
        positions: stats.positions,
        unproved: stats.unproved,
        time_ms: u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX),
    })
}
