//! The `pvs` engine's exact stages: a solve before deepening (with a share of the move's
//! time, nearly all of it for `perfect`), a solve with the time left after it, and the
//! choice between a stopped solve's proved floor and the deepening's estimate.

use super::{First, Floor, Proved, PvsEngine, SOLVE_FREE_CELLS};
use crate::ai::strong::solver::{SolveProgress, SolveSettings, solve};
use crate::ai::{Limits, Score, SearchHandler, SearchOutcome, Stats, evaluate};
use queens_board::{Board, Cell};
use std::time::Duration;
use web_time::Instant;

/// The share of a move's time spent trying to solve the position exactly before
/// deepening, when it has at most [`SOLVE_FREE_CELLS`] free cells: half.
const SOLVE_SHARE: f64 = 0.5;

/// The same share for the `perfect` engine, which stakes nearly all of its time on the
/// proof: on 15x15 with 20 stones a position after the first move takes 0.5-1 s to solve
/// on two threads, and at 1 s a move half the time lost cells there (issue 21.5).
const PERFECT_SOLVE_SHARE: f64 = 0.875;

/// Puts a finished solve into `outcome`: the proved best move, value (on top of the
/// score difference `base`), PV, and the whole game's depth `n`.
fn take_proof(outcome: &mut SearchOutcome<Cell>, base: Score, n: u32, proved: Proved) {
    let (best, value, pv) = proved;
    outcome.best_move = Some(best);
    outcome.value = Score(base.0 + value);
    outcome.depth = n;
    outcome.pv = pv;
    outcome.exact = true;
}

/// A solve that ran out of time has still proved that its move reaches at least `floor`.
/// When that is at least what the deepening estimates for its own best move, the proved
/// move is as good as the estimate's, with a proof: it is played (issue 21.5). A floor
/// below the estimate is not trusted over it: played always, it gave away 4 cells in 20
/// games where the estimate's move gave away 2 (at 1 s a move, estimates of depth 4-6).
/// But a depth-1 answer (no depth of the deepening completed) is the greedy move's gain
/// with no reply counted, no estimate at all: any proved floor is played over it (issue
/// 33.3: at 100 ms a move on 15x15 with 20 stones the first move's solve had proved the
/// best margin with its move, and the greedy move, 4 cells worse, was played).
pub(super) fn prefer_floor(
    outcome: &mut SearchOutcome<Cell>,
    proved_floor: Option<Floor>,
    base: Score,
) {
    if !outcome.exact
        && let Some((cell, floor)) = proved_floor
        && (outcome.depth <= 1 || base.0 + floor >= outcome.value.0)
    {
        outcome.best_move = Some(cell);
        outcome.pv = vec![cell];
        outcome.value = Score(base.0 + floor);
    }
}

impl PvsEngine {
    /// The first stage: an exact solve with a share of the time, when the end is within
    /// reach (or always, for `perfect`) and the clock allows. [`First::Done`] when it
    /// proved the position or the search was told to stop.
    pub(super) fn solve_first(
        &self,
        board: &Board,
        limits: Limits,
        handler: &dyn SearchHandler<Cell>,
        outcome: &mut SearchOutcome<Cell>,
    ) -> First {
        let n = board.free().count();
        let max_depth = limits.depth.max(1);
        let Some(time) = limits.time else {
            return First::Deepen(None);
        };
        if outcome.exact || !(self.solve_always || (n <= SOLVE_FREE_CELLS && max_depth >= n)) {
            return First::Deepen(None);
        }
        let share = if self.solve_always {
            PERFECT_SOLVE_SHARE
        } else {
            SOLVE_SHARE
        };
        let base = evaluate(board);
        match self.try_solve(board, time.mul_f64(share), handler, &mut outcome.stats) {
            Ok(proved) => {
                take_proof(outcome, base, n, proved);
                First::Done
            }
            Err(_) if handler.should_stop() => {
                outcome.interrupted = true;
                First::Done
            }
            Err(floor) => First::Deepen(floor),
        }
    }

    /// The last stage: with time left over (the next depth would not have fitted), try
    /// to prove the result, keeping the deepening's answer if the proof does not
    /// finish; returns that solve's proved floor, if any.
    pub(super) fn solve_last(
        &self,
        board: &Board,
        limits: Limits,
        deadline: Option<Instant>,
        handler: &dyn SearchHandler<Cell>,
        outcome: &mut SearchOutcome<Cell>,
    ) -> Option<Floor> {
        let n = board.free().count();
        let (Some(time), Some(deadline)) = (limits.time, deadline) else {
            return None;
        };
        if outcome.exact || limits.depth.max(1) < n {
            return None;
        }
        let left = deadline.saturating_duration_since(Instant::now());
        if left < time / 4 {
            return None;
        }
        match self.try_solve(board, left, handler, &mut outcome.stats) {
            Ok(proved) => {
                take_proof(outcome, evaluate(board), n, proved);
                None
            }
            Err(floor) => floor,
        }
    }
}

impl PvsEngine {
    /// An exact solve within `time` over the engine's table: the best move, the value
    /// and the PV; if it did not finish, the move with the best proved lower bound and
    /// that bound (as a value: the side to move's remaining gain), if any.
    pub(super) fn try_solve(
        &self,
        board: &Board,
        time: Duration,
        handler: &dyn SearchHandler<Cell>,
        stats: &mut Stats,
    ) -> Result<Proved, Option<Floor>> {
        let result = solve(
            board,
            self.table(),
            SolveSettings {
                time: Some(time),
                threads: self.threads,
                options: self.options,
                ..SolveSettings::default()
            },
            handler,
            &SolveProgress::default(),
        );
        stats.nodes += result.nodes;
        match (result.solved, result.value, result.best_move) {
            (true, Some(value), Some(best)) => Ok((best, value, result.pv)),
            _ => Err(result
                .best_move
                .zip(result.best_reaches)
                .map(|(cell, margin)| {
                    // The side to move's final margin, less what it has now.
                    let own = match board.side_to_move() {
                        queens_board::Player::One => margin,
                        queens_board::Player::Two => -margin,
                    };
                    (cell, own - evaluate(board).0)
                })),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::strong::solve_board;
    use std::sync::atomic::AtomicU64;
    use std::sync::atomic::Ordering;

    /// Stops once the search has counted `after` nodes (deterministic on one thread).
    struct StopAfterNodes {
        after: u64,
        seen: AtomicU64,
    }

    impl SearchHandler<Cell> for StopAfterNodes {
        fn should_stop(&self) -> bool {
            self.seen.load(Ordering::Relaxed) >= self.after
        }

        fn on_nodes(&self, nodes: u64) {
            self.seen.store(nodes, Ordering::Relaxed);
        }
    }

    #[test]
    fn a_stopped_solve_names_a_move_that_reaches_its_proved_floor() {
        let board = Board::new(13, &[]).unwrap_or_else(|e| panic!("{e}"));
        // Without the greedy bounds and the tokens: with them the board is solved in
        // fewer nodes than the stop allows.
        let slow = crate::ai::strong::Options {
            greedy_bound: false,
            tokens: false,
            ..crate::ai::strong::Options::default()
        };
        let engine = PvsEngine::with_table(crate::ai::strong::Table::with_mb(16), 1, slow);
        let stop = StopAfterNodes {
            after: 12_000,
            seen: AtomicU64::new(0),
        };
        let mut stats = Stats::default();
        let attempt = engine.try_solve(&board, Duration::from_secs(60), &stop, &mut stats);
        let Err(Some((cell, floor))) = attempt else {
            panic!("expected a stopped solve with a proved move: {attempt:?}");
        };
        // The move's own exact value: its gain minus the rest of the game after it.
        let mut after = board.clone();
        let gain = after.play(cell).map(|claimed| claimed.count() as i32);
        let gain = gain.unwrap_or_else(|e| panic!("{e}"));
        let rest = solve_board(&after, SolveSettings::default(), 16);
        let rest = rest.value.unwrap_or_else(|| panic!("{after:?} not solved"));
        assert!(gain - rest >= floor, "{cell}: {gain} - {rest} < {floor}");
        // The whole position's value (31 for 13x13) is at least the floor too.
        let whole = solve_board(&board, SolveSettings::default(), 16);
        assert!(whole.value.is_some_and(|value| value >= floor));
    }

    /// Issue 33.3: a stopped solve's proved floor is played over a depth-1 answer (the
    /// greedy move's gain, no reply counted), however much higher that answer looks; a
    /// deeper estimate above the floor keeps its move (issue 21.5).
    #[test]
    fn a_proved_floor_beats_a_depth_1_answer_but_not_a_deeper_estimate_above_it() {
        let cell = |name| Cell::parse(name).unwrap_or_else(|| panic!("{name}"));
        let base = Score(3);
        let answer = |depth: u32, value: i32| {
            let mut outcome = SearchOutcome::start(Score(value), Stats::default(), false);
            outcome.depth = depth;
            outcome.best_move = Some(cell("e5"));
            outcome
        };
        let floor = Some((cell("i9"), 29));
        // Depth 1, the greedy gain 50 on top of the base: the floor is played.
        let mut greedy = answer(1, 53);
        prefer_floor(&mut greedy, floor, base);
        assert_eq!(greedy.best_move, Some(cell("i9")));
        assert_eq!(greedy.value, Score(32));
        // Depth 4 estimating more than the floor: its move stays.
        let mut deeper = answer(4, 40);
        prefer_floor(&mut deeper, floor, base);
        assert_eq!(deeper.best_move, Some(cell("e5")));
        // No floor: nothing changes.
        let mut none = answer(1, 53);
        prefer_floor(&mut none, None, base);
        assert_eq!(none.best_move, Some(cell("e5")));
    }

    /// Issue 33.3: with a time limit the table is no bigger than the search can fill in
    /// it (a 256 MiB table cost a 100 ms move 40-50 ms of page faults); without one it is
    /// the size asked for. Sizes, not times.
    #[test]
    fn a_time_limit_caps_the_table_at_what_the_search_can_fill() {
        use crate::ai::{Engine, Limits, NoHandler};
        let board = queens_board::random_position(15, 20, 0, 11).unwrap_or_else(|e| panic!("{e}"));
        let time = Duration::from_millis(100);
        let mut timed = PvsEngine::perfect(1, 256);
        timed.think(
            &board,
            Limits {
                depth: 1,
                time: Some(time),
            },
            &NoHandler,
        );
        let cap = super::super::buckets_for_time(time, 1) * crate::ai::strong::Table::BUCKET_BYTES;
        assert!(
            timed.table().bytes() <= cap,
            "{} > {cap}",
            timed.table().bytes()
        );
        assert!(cap < 64 << 20, "{cap}");
        let mut untimed = PvsEngine::perfect(1, 256);
        untimed.think(
            &board,
            Limits {
                depth: 1,
                time: None,
            },
            &NoHandler,
        );
        assert_eq!(untimed.table().bytes(), 256 << 20);
    }

    /// `prepare`, which `queens bestmove` calls before thinking to answer a table that
    /// does not fit, sizes the table for the move's time as `think` does: it made the
    /// whole table first, and `think` then kept it.
    #[test]
    fn prepare_caps_the_table_at_what_the_time_can_fill_too() {
        use crate::ai::Engine;
        let board = queens_board::random_position(15, 20, 0, 11).unwrap_or_else(|e| panic!("{e}"));
        let time = Duration::from_millis(100);
        let cap = super::super::buckets_for_time(time, 1) * crate::ai::strong::Table::BUCKET_BYTES;
        let mut timed = PvsEngine::perfect(1, 256);
        Engine::prepare(&mut timed, &board, Some(time)).unwrap_or_else(|e| panic!("{e}"));
        assert!(timed.table().bytes() <= cap, "{}", timed.table().bytes());
        let mut untimed = PvsEngine::perfect(1, 256);
        Engine::prepare(&mut untimed, &board, None).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(untimed.table().bytes(), 256 << 20);
    }
}
