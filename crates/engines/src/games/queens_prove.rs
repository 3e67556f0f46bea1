//! Queens' prover for the move-by-move analysis ([`Rules::prover`] for the board): one
//! `pvs` engine, and so one transposition table, for every position of the game, which
//! the analysis values from the end backwards. Each position gets a solve within the
//! solver's share of its time ([`SOLVE_SHARE_PERCENT`]), starting from what the position
//! after the move played proves and asking first "did the move lose anything?" (one
//! null-window probe); when it finishes with time to spare and the next position is not
//! proved, one more solve there asks the same from its side. A position left unproved
//! gets the engine's estimate from the rest of the time, inside the bounds proved.
//!
//! [`Rules::prover`]: super::seam::Rules::prover

use super::seam::StopWhen;
use super::solution::{PositionValue, Prover, ProverAsk, SolveError};
use crate::ai::strong::{
    PvsEngine, SOLVE_FREE_CELLS, SolveProgress, SolveResult, SolveSettings, SolveStart, margin_of,
    score_diff, solve_from,
};
use crate::ai::{Engine, Limits, Score, SearchHandler, SearchOutcome};
use queens_board::{Board, Cell, Player};
use std::time::Duration;
use web_time::Instant;

/// The share of a position's time the exact solver gets first (proving the position, and
/// the loss of the move played from it): a proof is worth most of the budget, and an
/// estimate from the remaining quarter is only a few plies shallower, since each depth
/// costs several times the one before.
pub(super) const SOLVE_SHARE_PERCENT: u32 = 75;

/// Queens' [`super::seam::Rules::prover`].
///
/// # Errors
/// None yet: the engine's table is made at its first search (a size that does not fit
/// falls back as the engine's does).
pub(super) fn prover(game: &Board, ask: &ProverAsk) -> Result<Box<dyn Prover>, SolveError> {
    Ok(Box::new(QueensProver {
        game: game.clone(),
        engine: PvsEngine::new(ask.threads, ask.hash_mb),
        threads: ask.threads,
    }))
}

/// The whole game and the engine whose table every position shares.
struct QueensProver {
    game: Board,
    engine: PvsEngine,
    /// Threads (0: one per core).
    threads: usize,
}

impl Prover for QueensProver {
    fn value(
        &mut self,
        ply: usize,
        next: Option<&mut PositionValue>,
        time: Duration,
        stop: &(dyn Fn() -> bool + Sync),
    ) -> PositionValue {
        let position = self.game.at_ply(ply);
        let child = next.is_some().then(|| self.game.at_ply(ply + 1));
        let next = child
            .as_ref()
            .zip(next)
            .map(|(board, value)| Next { board, value });
        evaluate_position(
            &position,
            next,
            &mut self.engine,
            time,
            self.threads,
            &StopWhen(stop),
        )
    }
}

/// The position after the move played from a position, and what is known of it.
struct Next<'a> {
    board: &'a Board,
    value: &'a mut PositionValue,
}

/// `cells` by name, as the analysis keeps its moves (in the game's notation).
fn names(cells: &[Cell]) -> Vec<String> {
    cells.iter().map(Cell::to_string).collect()
}

/// `margin` from `mover`'s side (more is better for the mover).
fn mover_view(mover: Player, margin: i32) -> i32 {
    match mover {
        Player::One => margin,
        Player::Two => -margin,
    }
}

/// The margins `board` can end with at all: its score difference plus or minus every
/// free cell.
fn possible(board: &Board) -> (i32, i32) {
    let (now, free) = (score_diff(board), board.free().count() as i32);
    (now - free, now + free)
}

/// The value of one position, and the proof of its next move's loss: a solve within the
/// solver's share of the time, starting from what the next position proves and asking
/// first "did the move lose anything?"; when it finishes with time to spare and the next
/// position is not proved, one more solve there asks the same from its side. A position
/// left unproved gets the `pvs` engine's estimate from the rest of the time, inside the
/// bounds proved.
fn evaluate_position(
    board: &Board,
    next: Option<Next<'_>>,
    engine: &mut PvsEngine,
    time: Duration,
    threads: usize,
    handler: &dyn SearchHandler<Cell>,
) -> PositionValue {
    let started = Instant::now();
    if board.free().count() == 0 {
        return PositionValue::proved(score_diff(board), None, Vec::new());
    }
    let mover = board.side_to_move();
    let proof_deadline = started + time * SOLVE_SHARE_PERCENT / 100;
    let result = first_solve(
        board,
        next.as_ref(),
        engine,
        SolveSettings {
            time: Some(proof_deadline.saturating_duration_since(started)),
            threads: engine_threads(threads),
            ..SolveSettings::default()
        },
        handler,
    );
    if let (true, Some(margin), Some(best)) = (result.solved, result.margin, result.best_move) {
        let value = PositionValue::proved(margin, Some(best.to_string()), names(&result.pv));
        if let Some(next) = next
            && !next.value.exact
        {
            prove_child(
                &value,
                next,
                mover,
                proof_deadline,
                engine,
                threads,
                handler,
            );
        }
        return value;
    }
    if handler.should_stop() {
        return PositionValue::estimate(0, (result.lower, result.upper), None, Vec::new(), 0);
    }
    let left = time.saturating_sub(started.elapsed());
    let mut value = estimate_position(board, engine, left, (result.lower, result.upper), handler);
    if !value.exact {
        prefer_proved_move(&mut value, &result, mover, next.as_ref());
    }
    value
}

/// The position's first solve: from the bounds the move played proves (the position is
/// worth at least what the move kept), asking first whether it is worth more, that is
/// whether the move lost.
fn first_solve(
    board: &Board,
    next: Option<&Next<'_>>,
    engine: &PvsEngine,
    solver: SolveSettings,
    handler: &dyn SearchHandler<Cell>,
) -> SolveResult {
    let mut bounds = possible(board);
    if let Some(next) = next {
        let (lower, upper) = (next.value.lower, next.value.upper);
        match board.side_to_move() {
            Player::One => bounds.0 = bounds.0.max(lower),
            Player::Two => bounds.1 = bounds.1.min(upper),
        }
    }
    let start = SolveStart {
        bounds: Some(bounds),
        // The move's proved margin (or its estimate, a good first guess).
        beyond: next.map(|next| next.value.margin),
    };
    solve_from(
        board,
        engine.table(),
        solver,
        start,
        handler,
        &SolveProgress::default(),
    )
}

/// The `pvs` engine's value of a position the solver did not prove, searched for `time`:
/// exact when the deepening reaches every line's end, else an estimate inside `bounds`
/// (the solver's proved bounds) at an even horizon.
fn estimate_position(
    board: &Board,
    engine: &mut PvsEngine,
    time: Duration,
    bounds: (i32, i32),
    handler: &dyn SearchHandler<Cell>,
) -> PositionValue {
    let free = board.free().count();
    // Where the solver already had its chance, depth free - 1 keeps the engine from a
    // second solve attempt (it solves only when allowed every remaining ply). Above
    // SOLVE_FREE_CELLS it never solves, and a completed depth `free` is exact: short
    // games on big boards (every line ends within a few plies) are then proved.
    let depth = if free <= SOLVE_FREE_CELLS {
        free.saturating_sub(1).max(1)
    } else {
        free
    };
    let outcome = engine.think(
        board,
        Limits {
            depth,
            time: Some(time),
        },
        handler,
    );
    let exact = outcome.exact;
    let (value, depth, best, pv) = if exact {
        (outcome.value, outcome.depth, outcome.best_move, outcome.pv)
    } else {
        even_horizon(board.ply() as u32, outcome)
    };
    // The engine's value is the final difference from the mover's side.
    let margin = mover_view(board.side_to_move(), value.0);
    debug_assert_eq!(
        margin_of(board, value.0 - crate::ai::evaluate(board).0),
        margin
    );
    if exact {
        return PositionValue::proved(margin, best.map(|cell| cell.to_string()), names(&pv));
    }
    PositionValue::estimate(
        margin,
        bounds,
        best.map(|cell| cell.to_string()),
        names(&pv),
        depth,
    )
}

/// The value, depth, best move and line of an estimate taken at a horizon after an even
/// number of plies from the start of the game (`ply` is the position's), the deepest
/// such iteration, else the outcome's own.
///
/// The odd-even effect: an estimate whose horizon ends after the mover's own move is
/// optimistic for the mover, so neighbouring positions searched to the same depth
/// disagree by the last move's gain (38 then 25 on a 15x15 opening). At an even horizon
/// both players moved equally often.
fn even_horizon(ply: u32, outcome: SearchOutcome<Cell>) -> (Score, u32, Option<Cell>, Vec<Cell>) {
    match outcome
        .iterations
        .iter()
        .rev()
        .find(|it| (ply + it.depth).is_multiple_of(2))
    {
        Some(it) => (it.value, it.depth, it.best_move, it.pv.clone()),
        None => (outcome.value, outcome.depth, outcome.best_move, outcome.pv),
    }
}

/// A move the solver proved to beat the move played is the better move to show beside
/// an estimate.
fn prefer_proved_move(
    estimate: &mut PositionValue,
    result: &SolveResult,
    mover: Player,
    next: Option<&Next<'_>>,
) {
    if let (Some(cell), Some(reaches), Some(next)) = (result.best_move, result.best_reaches, next) {
        let kept = match mover {
            Player::One => next.value.upper,
            Player::Two => -next.value.lower,
        };
        if mover_view(mover, reaches) > kept {
            estimate.best = Some(cell.to_string());
            estimate.best_reaches = Some(reaches);
            estimate.pv = vec![cell.to_string()];
        }
    }
}

/// With `before` proved, asks the position after the move whether the move kept all of
/// it, then bisects its margin with the solver's time left.
fn prove_child(
    before: &PositionValue,
    next: Next<'_>,
    mover: Player,
    deadline: Instant,
    engine: &PvsEngine,
    threads: usize,
    handler: &dyn SearchHandler<Cell>,
) {
    let time = deadline.saturating_duration_since(Instant::now());
    if time.is_zero() {
        return;
    }
    let after = next.value;
    // The move kept at most what the position was worth.
    let mut bounds = (after.lower, after.upper);
    match mover {
        Player::One => bounds.1 = bounds.1.min(before.upper),
        Player::Two => bounds.0 = bounds.0.max(before.lower),
    }
    if bounds.0 > bounds.1 {
        return;
    }
    let result = solve_from(
        next.board,
        engine.table(),
        SolveSettings {
            time: Some(time),
            threads: engine_threads(threads),
            ..SolveSettings::default()
        },
        // The child's side to move is the other player: "is the margin better for it
        // than the position was worth?" is "did the move lose anything?".
        SolveStart {
            bounds: Some(bounds),
            beyond: Some(before.margin),
        },
        handler,
        &SolveProgress::default(),
    );
    after.narrow(result.lower, result.upper);
    if after.exact
        && let (Some(best), true) = (result.best_move, result.solved)
    {
        after.best = Some(best.to_string());
        after.best_reaches = result.best_reaches;
        after.pv = names(&result.pv);
    }
}

/// The solver's thread count for `threads` (0 = every core).
fn engine_threads(threads: usize) -> usize {
    if threads == 0 {
        crate::ai::strong::default_threads()
    } else {
        threads
    }
}
