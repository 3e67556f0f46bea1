//! Running an analysis: every position of the game from the end backwards, through one
//! engine (one transposition table) for the whole game.

use super::model::{Analysis, PositionValue};
use crate::ai::strong::{
    PvsEngine, SOLVE_FREE_CELLS, SolveProgress, SolveSettings, margin_of, score_diff, solve,
};
use crate::ai::{Engine, Limits, SearchHandler};
use crate::board::{Board, Cell, Player};
use std::time::Duration;

/// How hard to look at each position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnalysisSettings {
    /// The time for one position: the solver gets [`SOLVE_SHARE_PERCENT`] of it, the
    /// engine's deepening the rest when the solver does not finish.
    pub time: Duration,
    /// Search threads (0 = every core).
    pub threads: usize,
    /// The transposition table in MiB, shared by all the positions of the game.
    pub hash_mb: usize,
}

/// The share of a position's time the exact solver gets first (when the position has at
/// most [`SOLVE_FREE_CELLS`] free cells): an exact answer is worth most of the budget,
/// and an estimate from the remaining quarter is only a few plies shallower, since each
/// depth costs several times the one before.
pub const SOLVE_SHARE_PERCENT: u32 = 75;

/// Analyses the game `board` holds (its moves in `board.history()`), calling
/// `on_progress(done, total)` after each position (total = moves + 1), and stopping
/// early when `handler` says so. The last position is analysed first: its solve is the
/// easiest, and its entries in the shared table help every earlier one.
///
/// A stopped analysis keeps the positions finished before the stop (the last ones of the
/// game) and judges the moves between them; [`Analysis::complete`] is then false.
pub fn analyse(
    board: &Board,
    settings: AnalysisSettings,
    handler: &dyn SearchHandler<Cell>,
    on_progress: &mut dyn FnMut(usize, usize),
) -> Analysis {
    let cells: Vec<Cell> = board.moves().collect();
    let total = cells.len() + 1;
    let mut positions: Vec<Option<PositionValue>> = vec![None; total];
    let mut engine = PvsEngine::new(settings.threads, settings.hash_mb);
    let mut position = board.clone();
    for k in (0..total).rev() {
        if handler.should_stop() {
            break;
        }
        // `position` holds the first k moves.
        let value = evaluate_position(&position, &mut engine, settings, handler);
        if handler.should_stop() {
            // Cut short: this position's answer is not what the settings promise.
            break;
        }
        positions[k] = Some(value);
        on_progress(total - k, total);
        position.undo();
    }
    promote_exact(&cells, &mut positions);
    Analysis::from_positions(board.game_string(), &cells, positions)
}

/// After a proved best move, the next position's margin is the same proved margin: an
/// estimate there (its own solve ran out of time) is replaced by it.
fn promote_exact(cells: &[Cell], positions: &mut [Option<PositionValue>]) {
    for (k, &cell) in cells.iter().enumerate() {
        let (done, rest) = positions.split_at_mut(k + 1);
        let (Some(Some(before)), Some(Some(after))) = (done.last(), rest.first_mut()) else {
            continue;
        };
        if before.exact && !after.exact && before.best == Some(cell) {
            after.margin = before.margin;
            after.exact = true;
            after.depth = None;
        }
    }
}

/// The margin with best play of one position: solved if the solver finishes in its
/// share of the time, else the `pvs` engine's deepest completed depth.
fn evaluate_position(
    board: &Board,
    engine: &mut PvsEngine,
    settings: AnalysisSettings,
    handler: &dyn SearchHandler<Cell>,
) -> PositionValue {
    let free = board.free().count();
    if free == 0 {
        return PositionValue {
            margin: score_diff(board),
            best: None,
            pv: Vec::new(),
            exact: true,
            depth: None,
        };
    }
    let mut left = settings.time;
    if free <= SOLVE_FREE_CELLS {
        let share = settings.time * SOLVE_SHARE_PERCENT / 100;
        let result = solve(
            board,
            engine.table(),
            SolveSettings {
                time: Some(share),
                threads: engine_threads(settings.threads),
                ..SolveSettings::default()
            },
            handler,
            &SolveProgress::default(),
        );
        if let (true, Some(margin), Some(best)) = (result.solved, result.margin, result.best_move) {
            return PositionValue {
                margin,
                best: Some(best),
                pv: result.pv,
                exact: true,
                depth: None,
            };
        }
        left = left.saturating_sub(result.elapsed);
    }
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
            time: Some(left),
        },
        handler,
    );
    let (value, depth, best, pv) = if outcome.exact {
        (outcome.value, outcome.depth, outcome.best_move, outcome.pv)
    } else {
        // The odd-even effect: an estimate whose horizon ends after the mover's own move
        // is optimistic for the mover, so neighbouring positions searched to the same
        // depth disagree by the last move's gain (38 then 25 on a 15x15 opening). Every
        // estimate is taken at a horizon after an even number of plies from the start
        // of the game (both players moved equally often), the deepest such iteration.
        let ply = board.ply() as u32;
        match outcome
            .iterations
            .iter()
            .rev()
            .find(|it| (ply + it.depth).is_multiple_of(2))
        {
            Some(it) => (it.value, it.depth, it.best_move, it.pv.clone()),
            None => (outcome.value, outcome.depth, outcome.best_move, outcome.pv),
        }
    };
    // The engine's value is the final difference from the mover's side.
    let margin = match board.side_to_move() {
        Player::One => value.0,
        Player::Two => -value.0,
    };
    debug_assert_eq!(
        margin_of(board, value.0 - crate::ai::evaluate(board).0),
        margin
    );
    PositionValue {
        margin,
        best,
        pv,
        exact: outcome.exact,
        depth: (!outcome.exact).then_some(depth),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::NoHandler;
    use crate::board::random_position;
    use std::sync::atomic::{AtomicUsize, Ordering};

    fn settings(ms: u64) -> AnalysisSettings {
        AnalysisSettings {
            time: Duration::from_millis(ms),
            threads: 1,
            hash_mb: 4,
        }
    }

    /// Stops once `after` positions have been reported.
    struct StopAfter {
        after: usize,
        done: AtomicUsize,
    }

    impl SearchHandler<Cell> for StopAfter {
        fn should_stop(&self) -> bool {
            self.done.load(Ordering::Relaxed) >= self.after
        }
    }

    #[test]
    fn positions_the_solver_cannot_finish_are_estimates_with_a_depth() {
        // 13x13 after two moves: far too big to solve in a few milliseconds.
        let board = random_position(13, 0, 2, 5).unwrap_or_else(|e| panic!("{e}"));
        let analysis = analyse(&board, settings(30), &NoHandler, &mut |_, _| {});
        assert!(analysis.complete);
        assert_eq!(analysis.moves.len(), 2);
        for m in &analysis.moves {
            assert!(!m.exact, "{m:?}");
            assert!(m.depth.is_some_and(|d| d >= 1), "{m:?}");
            assert!(m.best.is_some());
        }
    }

    #[test]
    fn a_stopped_analysis_keeps_the_last_moves_only() {
        let board = random_position(5, 2, 225, 3).unwrap_or_else(|e| panic!("{e}"));
        let plies = board.ply();
        assert!(plies >= 3);
        let stop = StopAfter {
            after: 3,
            done: AtomicUsize::new(0),
        };
        let mut reported = Vec::new();
        let analysis = analyse(&board, settings(1000), &stop, &mut |done, total| {
            reported.push((done, total));
            stop.done.store(done, Ordering::Relaxed);
        });
        assert!(!analysis.complete);
        assert_eq!(reported, [(1, plies + 1), (2, plies + 1), (3, plies + 1)]);
        // Three positions (the last three) judge the last two moves.
        let judged: Vec<usize> = analysis.moves.iter().map(|m| m.ply).collect();
        assert_eq!(judged, [plies - 1, plies]);
        assert!(analysis.positions[..plies - 2].iter().all(Option::is_none));
    }
}
