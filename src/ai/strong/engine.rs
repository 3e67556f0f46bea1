//! The `pvs` engine: iterative deepening with aspiration windows over the gain search,
//! a transposition table kept between moves, Lazy SMP threads, and exact solving when
//! the end is within reach.

use super::gain::Geometry;
use super::hash::key_of;
use super::search::{Options, Shared, Worker};
use super::sizing::{buckets_for, table_for};
use super::smp::{run_threads, threads_for};
use super::solver::{SolveProgress, SolveSettings, solve};
use super::table::{DEFAULT_HASH_MB, Table, TableError};
use crate::ai::{Engine, Iteration, Limits, Score, SearchHandler, SearchOutcome, Stats, evaluate};
use crate::board::{Bitboard, Board, Cell};
use std::sync::OnceLock;
use std::sync::atomic::Ordering;
use std::time::Duration;
use web_time::Instant;

/// The half-width of the first aspiration window around the last depth's value.
const ASPIRATION: i32 = 2;

/// The share of a move's time spent trying to solve the position exactly before
/// deepening, when it has at most [`SOLVE_FREE_CELLS`] free cells: half.
const SOLVE_SHARE: f64 = 0.5;

/// The same share for the `perfect` engine, which stakes nearly all of its time on the
/// proof: on 15x15 with 20 stones a position after the first move takes 0.5-1 s to solve
/// on two threads, and at 1 s a move half the time lost cells there (issue 21.5).
const PERFECT_SOLVE_SHARE: f64 = 0.875;

/// Positions with at most this many free cells are tried exactly first (larger ones go
/// straight to deepening; their solve would rarely finish in a move's time).
pub const SOLVE_FREE_CELLS: u32 = 100;

/// A finished solve: the best move, the value (the side to move's remaining gain) and
/// the principal variation.
type Proved = (Cell, i32, Vec<Cell>);

/// What a stopped solve proved: a move and the value it reaches at least.
type Floor = (Cell, i32);

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

/// The strong engine. Keep one alive between moves: its table carries over.
pub struct PvsEngine {
    /// Made at the first search, sized to its position (at most `hash_mb`), so that
    /// building an engine costs nothing and the allocation is inside the time limit.
    table: OnceLock<Table>,
    /// The table size asked for; `None` for a table given by the caller.
    hash_mb: Option<usize>,
    threads: usize,
    options: Options,
    /// Try to solve every position first, whatever its size and the depth limit (the
    /// `perfect` engine); otherwise only positions within [`SOLVE_FREE_CELLS`] and depth.
    solve_always: bool,
}

impl PvsEngine {
    /// An engine with `threads` threads (0 = every core; more than the cores are
    /// capped at them) and a table of at most `hash_mb` MiB, made at the first search.
    pub fn new(threads: usize, hash_mb: usize) -> PvsEngine {
        PvsEngine {
            table: OnceLock::new(),
            hash_mb: Some(hash_mb),
            threads: threads_for(threads),
            options: Options::default(),
            solve_always: false,
        }
    }

    /// The `perfect` engine: like [`PvsEngine::new`], but with a time limit every move
    /// first tries an exact solve with half the time, from any position, and plays a
    /// proven best move whenever that solve finishes; otherwise it deepens as `pvs` does
    /// with the rest of the time (and the table the solve filled).
    pub fn perfect(threads: usize, hash_mb: usize) -> PvsEngine {
        PvsEngine {
            solve_always: true,
            ..PvsEngine::new(threads, hash_mb)
        }
    }

    /// An engine over a given table (tests use tiny ones) with the given switches.
    pub fn with_table(table: Table, threads: usize, options: Options) -> PvsEngine {
        PvsEngine {
            table: OnceLock::from(table),
            hash_mb: None,
            threads: threads.max(1),
            options,
            solve_always: false,
        }
    }

    /// Forgets the table (a new game on another board).
    pub fn clear(&self) {
        if let Some(table) = self.table.get() {
            table.clear();
        }
    }

    /// The table, e.g. for a solve over it; made now at the size asked for if no search
    /// has made it yet (with less memory, the largest half, quarter... that fits).
    pub fn table(&self) -> &Table {
        self.table
            .get_or_init(|| Table::with_mb(self.hash_mb.unwrap_or(DEFAULT_HASH_MB)))
    }

    /// Makes the table for `board` now, sized to it (at most the size asked for), unless
    /// the one there is large enough: a caller that wants an allocation failure as an
    /// answer calls this first; [`Engine::think`] otherwise makes what fits.
    ///
    /// # Errors
    /// [`TableError`] when the memory cannot be had.
    pub fn prepare(&mut self, board: &Board) -> Result<(), TableError> {
        let Some(mb) = self.hash_mb else {
            return Ok(());
        };
        let geometry = Geometry::of(board);
        let wanted = buckets_for(&geometry, board.free(), mb);
        if self
            .table
            .get()
            .is_some_and(|table| table.bytes() >= wanted * Table::BUCKET_BYTES)
        {
            return Ok(());
        }
        // The old table goes first: both at once may not fit.
        self.table = OnceLock::new();
        let table = table_for(&geometry, board.free(), mb)?;
        self.table = OnceLock::from(table);
        Ok(())
    }

    /// As [`PvsEngine::prepare`], but taking the largest table that fits.
    fn prepare_any(&mut self, board: &Board) {
        if self.prepare(board).is_err()
            && let Some(mb) = self.hash_mb
        {
            let wanted = buckets_for(&Geometry::of(board), board.free(), mb);
            self.table = OnceLock::from(Table::with_buckets(wanted / 2));
        }
    }
}

impl Default for PvsEngine {
    /// Every core, the default table size.
    fn default() -> PvsEngine {
        PvsEngine::new(0, DEFAULT_HASH_MB)
    }
}

/// The depth-1 answer, found without a search: the move that claims the most (the first
/// such in cell order). Always legal, so every search has a move to fall back on.
fn greedy(geometry: &Geometry, free: Bitboard) -> (Cell, i32) {
    let mut best = (Cell::default(), -1);
    for cell in free {
        let gain = (geometry.reach(cell.index()) & free).count() as i32;
        if gain > best.1 {
            best = (cell, gain);
        }
    }
    best
}

/// The table's moves from `free`, as far as they go (at most `limit`).
fn table_line(
    table: &Table,
    geometry: &Geometry,
    mut free: Bitboard,
    first: Cell,
    limit: usize,
) -> Vec<Cell> {
    let mut line = vec![first];
    free = free ^ (geometry.reach(first.index()) & free);
    while line.len() < limit && !free.is_empty() {
        let Some(entry) = table.probe(key_of(free)) else {
            break;
        };
        let cell = Cell::from_index(entry.mv as usize);
        if entry.mv == super::table::NO_MOVE || !free.contains(cell) {
            break;
        }
        line.push(cell);
        free = free ^ (geometry.reach(cell.index()) & free);
    }
    line
}

/// One depth with an aspiration window around `guess`, widened on failure.
fn aspirated(
    worker: &mut Worker<'_>,
    free: Bitboard,
    depth: u32,
    guess: Option<i32>,
) -> Option<i32> {
    let n = free.count() as i32;
    if let Some(guess) = guess {
        let (alpha, beta) = (guess - ASPIRATION, guess + ASPIRATION);
        let value = worker.search_root(free, alpha, beta, depth)?;
        if value > alpha && value < beta {
            return Some(value);
        }
        if value <= alpha {
            return worker
                .search_root(free, -n - 1, value + 1, depth)
                .and_then(|v| {
                    if v <= value {
                        Some(v)
                    } else {
                        worker.search_root(free, -n - 1, n + 1, depth)
                    }
                });
        }
        return worker
            .search_root(free, value - 1, n + 1, depth)
            .and_then(|v| {
                if v >= value {
                    Some(v)
                } else {
                    worker.search_root(free, -n - 1, n + 1, depth)
                }
            });
    }
    worker.search_root(free, -n - 1, n + 1, depth)
}

impl Engine for PvsEngine {
    fn name(&self) -> &'static str {
        if self.solve_always { "perfect" } else { "pvs" }
    }

    fn prepare(&mut self, board: &Board) -> Result<(), TableError> {
        PvsEngine::prepare(self, board)
    }

    /// In stages: the greedy move as a fallback, an exact solve first when the end is
    /// within reach ([`PvsEngine::solve_first`]), iterative deepening ([`deepen`]), an
    /// exact solve with the time left over ([`PvsEngine::solve_last`]), and the choice
    /// between a proved floor and the deepening's estimate ([`prefer_floor`]).
    fn think(
        &mut self,
        board: &Board,
        limits: Limits,
        handler: &dyn SearchHandler<Cell>,
    ) -> SearchOutcome<Cell> {
        let start = Instant::now();
        self.prepare_any(board);
        let free = board.free();
        let n = free.count();
        let base = evaluate(board);
        let root = Stats {
            nodes: 1,
            leaves: 0,
            cutoffs: 0,
        };
        let mut outcome = SearchOutcome::start(base, root, true);
        if n == 0 {
            outcome.elapsed = start.elapsed();
            return outcome;
        }
        let geometry = Geometry::of(board);
        let greedy_gain = fall_back_on_greedy(&mut outcome, &geometry, free, base);
        let max_depth = limits.depth.max(1);
        let deadline = limits.time.map(|time| start + time);

        // The move with the best value a stopped solve proved, if any (see `prefer_floor`).
        let mut proved_floor: Option<Floor> =
            match self.solve_first(board, limits, handler, &mut outcome) {
                First::Done => {
                    outcome.elapsed = start.elapsed();
                    return outcome;
                }
                First::Deepen(floor) => floor,
            };
        if outcome.exact || max_depth == 1 {
            outcome.elapsed = start.elapsed();
            return outcome;
        }

        let table = self.table();
        let shared = Shared::new(table, deadline);
        let top = max_depth.min(n);
        let plan = Deepening {
            free,
            top,
            deadline,
            greedy_gain,
            base,
        };
        let (iterations, _worker) = run_threads(
            &geometry,
            &shared,
            handler,
            self.options,
            self.threads,
            |worker| deepen(worker, &plan, handler),
            |worker| deepen_helper(worker, &plan),
        );
        outcome.stats.nodes += shared.nodes.load(Ordering::Relaxed);
        outcome.interrupted = shared.is_interrupted() && top > iterations.last().map_or(1, |i| i.0);
        take_iterations(&mut outcome, iterations, table, &geometry, free, base);
        if !shared.is_interrupted() {
            let floor = self.solve_last(board, limits, deadline, handler, &mut outcome);
            if floor.is_some_and(|(_, v)| proved_floor.is_none_or(|(_, w)| v > w)) {
                proved_floor = floor;
            }
        }
        prefer_floor(&mut outcome, proved_floor, base);
        outcome.elapsed = start.elapsed();
        outcome
    }
}

/// What the first stage left to do.
enum First {
    /// The outcome is final (proved, or the search was told to stop).
    Done,
    /// Deepen next; a stopped solve's proved floor, if any.
    Deepen(Option<Floor>),
}

/// A completed depth: depth, value, best move, time, nodes.
type Done = (u32, i32, Cell, Duration, u64);

/// What the deepening threads share: the position, the deepest depth, the deadline, the
/// first guess (the greedy gain) and the score difference the values add to.
struct Deepening {
    free: Bitboard,
    top: u32,
    deadline: Option<Instant>,
    greedy_gain: i32,
    base: Score,
}

/// Puts the depth-1 answer into `outcome` (always legal, so every search has a move to
/// fall back on) and returns its gain.
fn fall_back_on_greedy(
    outcome: &mut SearchOutcome<Cell>,
    geometry: &Geometry,
    free: Bitboard,
    base: Score,
) -> i32 {
    let n = free.count();
    let (greedy_move, greedy_gain) = greedy(geometry, free);
    outcome.best_move = Some(greedy_move);
    outcome.pv = vec![greedy_move];
    outcome.value = Score(base.0 + greedy_gain);
    outcome.depth = 1;
    outcome.exact = n == 1 || greedy_gain as u32 == n;
    greedy_gain
}

/// The main thread's deepening: depth 2 up to `plan.top` with aspiration windows, each
/// reported to `handler`; a depth is not started when it looks hopeless in the time left.
fn deepen(
    worker: &mut Worker<'_>,
    plan: &Deepening,
    handler: &dyn SearchHandler<Cell>,
) -> Vec<Done> {
    let mut done: Vec<Done> = Vec::new();
    let mut guess = Some(plan.greedy_gain);
    let mut last_time = Duration::ZERO;
    let mut growth = 4.0f64;
    for depth in 2..=plan.top {
        if let Some(deadline) = plan.deadline {
            // Start a depth unless it is hopeless (predicted over four times the time
            // left): the next depth's cost varies widely, a depth cut at the deadline
            // loses nothing the last one found, and its entries stay in the table for
            // the next move. (Refusing every depth predicted to overrun left two thirds
            // of the time unused and lost to the thesis alpha-beta at 100 ms per move.)
            let now = Instant::now();
            let left = deadline.saturating_duration_since(now);
            let predicted = last_time.mul_f64(growth);
            if left.is_zero() || (depth > 2 && predicted > left * 4) {
                break;
            }
        }
        let iteration_start = Instant::now();
        let before = worker.nodes;
        worker.age_history();
        let Some(value) = aspirated(worker, plan.free, depth, guess) else {
            break;
        };
        let Some(best) = worker.root_best() else {
            break;
        };
        let elapsed = iteration_start.elapsed();
        if last_time > Duration::ZERO {
            growth = (elapsed.as_secs_f64() / last_time.as_secs_f64()).clamp(1.5, 16.0);
        }
        last_time = elapsed;
        guess = Some(value);
        done.push((depth, value, best, elapsed, worker.nodes - before));
        handler.on_iteration(&iteration_of(
            plan.base,
            (depth, value, best, elapsed, worker.nodes - before),
        ));
    }
    done
}

/// A helper thread's deepening (Lazy SMP): the same depths, no reports, no clock of
/// its own (the main thread's end stops it).
fn deepen_helper(worker: &mut Worker<'_>, plan: &Deepening) {
    let mut guess = Some(plan.greedy_gain);
    for depth in 2..=plan.top {
        match aspirated(worker, plan.free, depth, guess) {
            Some(value) => guess = Some(value),
            None => break,
        }
    }
}

/// A completed depth as the front ends hear it.
fn iteration_of(base: Score, (depth, value, best, elapsed, nodes): Done) -> Iteration<Cell> {
    Iteration {
        depth,
        value: Score(base.0 + value),
        best_move: Some(best),
        pv: vec![best],
        stats: Stats {
            nodes,
            leaves: 0,
            cutoffs: 0,
        },
        elapsed,
    }
}

/// Puts the deepest completed depth (and its line from the table) into `outcome`, and
/// every depth into its iterations.
fn take_iterations(
    outcome: &mut SearchOutcome<Cell>,
    iterations: Vec<Done>,
    table: &Table,
    geometry: &Geometry,
    free: Bitboard,
    base: Score,
) {
    let n = free.count();
    if let Some(&(depth, value, best, _, _)) = iterations.last() {
        outcome.best_move = Some(best);
        outcome.value = Score(base.0 + value);
        outcome.depth = depth;
        outcome.exact = depth >= n;
        outcome.pv = table_line(table, geometry, free, best, depth as usize);
    }
    for done in iterations {
        outcome.iterations.push(iteration_of(base, done));
    }
}

/// A solve that ran out of time has still proved that its move reaches at least `floor`.
/// When that is at least what the deepening estimates for its own best move, the proved
/// move is as good as the estimate's, with a proof: it is played (issue 21.5). A floor
/// below the estimate is not trusted over it: played always, it gave away 4 cells in 20
/// games where the estimate's move gave away 2.
fn prefer_floor(outcome: &mut SearchOutcome<Cell>, proved_floor: Option<Floor>, base: Score) {
    if !outcome.exact
        && let Some((cell, floor)) = proved_floor
        && base.0 + floor >= outcome.value.0
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
    fn solve_first(
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
    fn solve_last(
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
    fn try_solve(
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
                        crate::board::Player::One => margin,
                        crate::board::Player::Two => -margin,
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
        let engine = PvsEngine::new(1, 16);
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
}
