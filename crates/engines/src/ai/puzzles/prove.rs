//! Deciding with the solver whether a position is a puzzle, and proving it.

use super::Puzzle;
use crate::ai::SearchHandler;
use crate::ai::strong::{
    MoveValue, SolveProgress, SolveSettings, Table, move_classes, solve, solve_every_move,
};
use queens_board::{Board, Cell, Player};
use std::sync::atomic::{AtomicBool, Ordering};
use web_time::Instant;

/// Why a position is not a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The game is over or every move is one class: nothing to choose.
    NoChoice,
    /// The solver did not prove every move in the time (or was stopped).
    Unproved,
    /// Two move classes or more keep the best margin.
    TwoBest,
    /// A move gives away some cells, but fewer than the minimum loss.
    CloseSecond,
}

/// Stops the solver when the caller asks or when the position is already refused, so a
/// position with a second best move costs only the solves up to that move.
struct StopEarly<'a> {
    outer: &'a dyn SearchHandler<Cell>,
    refused: &'a AtomicBool,
}

impl SearchHandler<Cell> for StopEarly<'_> {
    fn should_stop(&self) -> bool {
        self.refused.load(Ordering::Relaxed) || self.outer.should_stop()
    }
}

/// The cells a move of margin `margin` gives away against `best`, from `mover`'s view.
fn loss_of(mover: Player, best: i32, margin: i32) -> i32 {
    match mover {
        Player::One => best - margin,
        Player::Two => margin - best,
    }
}

/// `board` as a puzzle, if exactly one move class keeps the best margin and every other
/// move gives away at least `min_loss` cells (at least 1), all proved by the solver with
/// `table` (for `board`'s stones; it may hold this game's earlier work) within
/// `settings`, whose time limit covers the whole position. The position is solved first,
/// so the moves' solves can stop at the first move that refuses it.
///
/// # Errors
/// The [`Refusal`] that rules the position out.
pub(crate) fn puzzle_of(
    board: &Board,
    table: &Table,
    settings: SolveSettings,
    min_loss: i32,
    handler: &dyn SearchHandler<Cell>,
) -> Result<Puzzle, Refusal> {
    let min_loss = min_loss.max(1);
    let classes = move_classes(board);
    if classes.len() < 2 {
        return Err(Refusal::NoChoice);
    }
    let deadline = settings.time.map(|time| Instant::now() + time);
    let remaining = || deadline.map(|at| at.saturating_duration_since(Instant::now()));
    let root = solve(
        board,
        table,
        SolveSettings {
            time: remaining(),
            ..settings
        },
        handler,
        &SolveProgress::default(),
    );
    let best = root.margin.ok_or(Refusal::Unproved)?;
    let firsts: Vec<Cell> = classes
        .iter()
        .filter_map(|class| class.first().copied())
        .collect();
    let values = class_values(
        board,
        table,
        SolveSettings {
            time: remaining(),
            ..settings
        },
        handler,
        &firsts,
        best,
        min_loss,
    )?;
    let (solution, others) = solution_and_others(&classes, &values, board.side_to_move(), best)?;
    let &(tempting, _) = others.first().ok_or(Refusal::NoChoice)?;
    // One thread: the line is then the same from run to run.
    let refutation = refutation(
        board,
        tempting,
        table,
        SolveSettings {
            time: remaining(),
            threads: 1,
            ..settings
        },
        handler,
    )?;
    Ok(Puzzle {
        game: board.game_string(),
        solution: solution.first().map(Cell::to_string).unwrap_or_default(),
        margin: best,
        others: others
            .into_iter()
            .map(|(cell, loss)| (cell.to_string(), loss))
            .collect(),
        refutation,
    })
}

/// Every move's proved margin (the first of each class, `firsts`, is judged), the solves
/// stopped as soon as a second class keeps `best` or a move loses less than `min_loss`.
///
/// # Errors
/// [`Refusal::TwoBest`] or [`Refusal::CloseSecond`] for what ruled the position out,
/// [`Refusal::Unproved`] when a move was not proved within `settings`.
fn class_values(
    board: &Board,
    table: &Table,
    settings: SolveSettings,
    handler: &dyn SearchHandler<Cell>,
    firsts: &[Cell],
    best: i32,
    min_loss: i32,
) -> Result<Vec<MoveValue>, Refusal> {
    let mover = board.side_to_move();
    let refused = AtomicBool::new(false);
    let mut keeping = 0;
    let mut reason = None;
    let values = solve_every_move(
        board,
        table,
        settings,
        &StopEarly {
            outer: handler,
            refused: &refused,
        },
        |value: &MoveValue| {
            let (Some(margin), true) = (value.margin, firsts.contains(&value.cell)) else {
                return;
            };
            let loss = loss_of(mover, best, margin);
            if loss == 0 {
                keeping += 1;
            }
            if keeping > 1 {
                reason = reason.or(Some(Refusal::TwoBest));
            } else if loss > 0 && loss < min_loss {
                reason = reason.or(Some(Refusal::CloseSecond));
            }
            if reason.is_some() {
                refused.store(true, Ordering::Relaxed);
            }
        },
    );
    if let Some(reason) = reason {
        return Err(reason);
    }
    if values.iter().any(|value| !value.solved()) {
        return Err(Refusal::Unproved);
    }
    Ok(values)
}

/// Moves with the cells each gives away against the best.
type Losses = Vec<(Cell, i32)>;

/// The class of moves that keeps `best`, and every other move with its loss, the most
/// tempting (smallest loss, then the first cell) first.
///
/// # Errors
/// [`Refusal::Unproved`] when no class is proved to keep `best`.
fn solution_and_others<'a>(
    classes: &'a [Vec<Cell>],
    values: &[MoveValue],
    mover: Player,
    best: i32,
) -> Result<(&'a [Cell], Losses), Refusal> {
    let solution = classes
        .iter()
        .find(|class| {
            class.first().is_some_and(|first| {
                values
                    .iter()
                    .any(|v| v.cell == *first && v.margin == Some(best))
            })
        })
        .ok_or(Refusal::Unproved)?;
    let mut others: Losses = values
        .iter()
        .filter(|value| !solution.contains(&value.cell))
        .filter_map(|value| Some((value.cell, loss_of(mover, best, value.margin?))))
        .collect();
    others.sort_by_key(|&(cell, loss)| (loss, cell.index()));
    Ok((solution, others))
}

/// How `tempting` is punished: the move, then the solver's proved line after it.
///
/// # Errors
/// [`Refusal::Unproved`] when the position after it is not solved within `settings`.
fn refutation(
    board: &Board,
    tempting: Cell,
    table: &Table,
    settings: SolveSettings,
    handler: &dyn SearchHandler<Cell>,
) -> Result<Vec<String>, Refusal> {
    let mut child = board.clone();
    child.do_move(tempting);
    let line = solve(&child, table, settings, handler, &SolveProgress::default());
    if !line.solved {
        return Err(Refusal::Unproved);
    }
    let mut refutation = vec![tempting.to_string()];
    refutation.extend(line.pv.iter().map(Cell::to_string));
    Ok(refutation)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::NoHandler;

    #[test]
    fn a_finished_game_has_no_choice() {
        let board = queens_board::random_position(4, 0, 99, 1).unwrap_or_else(|e| panic!("{e}"));
        let table = Table::with_mb(1);
        let verdict = puzzle_of(&board, &table, SolveSettings::default(), 2, &NoHandler);
        assert_eq!(verdict, Err(Refusal::NoChoice));
    }

    #[test]
    fn losses_are_from_the_movers_view() {
        assert_eq!(loss_of(Player::One, 5, 1), 4);
        assert_eq!(loss_of(Player::Two, 5, 9), 4);
        assert_eq!(loss_of(Player::Two, -3, -3), 0);
    }
}
