//! The `pvs` engine: iterative deepening with aspiration windows over the gain search,
//! a transposition table kept between moves, Lazy SMP threads, and exact solving when
//! the end is within reach.

use super::gain::Geometry;
use super::hash::key_of;
use super::search::{Options, Shared, Worker};
use super::sizing::buckets_for;
use super::smp::{run_threads, threads_for};
use super::table::{DEFAULT_HASH_MB, Table, TableError};
use crate::ai::{Engine, Iteration, Limits, Score, SearchHandler, SearchOutcome, Stats, evaluate};
use queens_board::{Bitboard, Board, Cell};
use std::sync::OnceLock;
use std::sync::atomic::Ordering;
use std::time::Duration;
use web_time::Instant;

mod proof;

/// The half-width of the first aspiration window around the last depth's value.
const ASPIRATION: i32 = 2;

/// Positions with at most this many free cells are tried exactly first (larger ones go
/// straight to deepening; their solve would rarely finish in a move's time).
pub(crate) const SOLVE_FREE_CELLS: u32 = 100;

/// A finished solve: the best move, the value (the side to move's remaining gain) and
/// the principal variation.
type Proved = (Cell, i32, Vec<Cell>);

/// What a stopped solve proved: a move and the value it reaches at least.
type Floor = (Cell, i32);

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

    /// Makes the table for `board` now, sized to it (at most the size asked for, and
    /// with a time limit no bigger than the search can fill in it:
    /// `buckets_for_time`), unless the one there is large enough: a caller that wants
    /// an allocation failure as an answer calls this first; [`Engine::think`] otherwise
    /// makes what fits.
    ///
    /// # Errors
    /// [`TableError`] when the memory cannot be had.
    pub(crate) fn prepare(
        &mut self,
        board: &Board,
        time: Option<Duration>,
    ) -> Result<(), TableError> {
        let Some(wanted) = self.buckets_wanted(board, time) else {
            return Ok(());
        };
        if self.has_table_of(wanted) {
            return Ok(());
        }
        // The old table goes first: both at once may not fit.
        self.table = OnceLock::new();
        let table = Table::try_with_buckets(wanted)?;
        self.table = OnceLock::from(table);
        Ok(())
    }

    /// The buckets a search of `board` within `time` can use: the position's need, at
    /// most the size asked for and what `time` can fill; `None` for an engine without a
    /// table size of its own.
    fn buckets_wanted(&self, board: &Board, time: Option<Duration>) -> Option<usize> {
        let mb = self.hash_mb?;
        let wanted = buckets_for(&Geometry::of(board), board.free(), mb);
        Some(match time {
            Some(time) => wanted.min(buckets_for_time(time, self.threads)),
            None => wanted,
        })
    }

    /// Whether the table there already has `buckets` buckets or more (a bigger table
    /// kept from an earlier move stays, with what it has learnt).
    fn has_table_of(&self, buckets: usize) -> bool {
        self.table
            .get()
            .is_some_and(|table| table.bytes() >= buckets * Table::BUCKET_BYTES)
    }

    /// As [`PvsEngine::prepare`], but taking the largest table that fits.
    fn prepare_any(&mut self, board: &Board, time: Option<Duration>) {
        let Some(wanted) = self.buckets_wanted(board, time) else {
            return;
        };
        if self.has_table_of(wanted) {
            return;
        }
        // The old table goes first: both at once may not fit.
        self.table = OnceLock::new();
        let table =
            Table::try_with_buckets(wanted).unwrap_or_else(|_| Table::with_buckets(wanted / 2));
        self.table = OnceLock::from(table);
    }
}

/// The most positions one search thread stores per second, with headroom (this 2-core
/// machine: about 1.5 million). A search with a time limit gets a table no bigger than
/// twice what it can store in that time: every first touch of a page of a fresh table
/// costs a page fault, and 70,000 positions stored across a 256 MiB table touched as
/// many pages, 40-50 ms of a 100 ms move (issue 33.3, BENCHMARKS.md).
const STORES_PER_SECOND: f64 = 4_000_000.0;

/// The buckets a search of `time` on `threads` threads can fill (see
/// [`STORES_PER_SECOND`]): two entries per position stored, as the table's sizing gives
/// a position it can count.
fn buckets_for_time(time: Duration, threads: usize) -> usize {
    let stores = time.as_secs_f64() * STORES_PER_SECOND * threads.max(1) as f64;
    ((2.0 * stores) as usize).div_ceil(Table::WAYS).max(1)
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

    fn prepare(&mut self, board: &Board, time: Option<Duration>) -> Result<(), TableError> {
        PvsEngine::prepare(self, board, time)
    }

    /// In stages: the greedy move as a fallback, an exact solve first when the end is
    /// within reach (`PvsEngine::solve_first`), iterative deepening (`deepen`), an
    /// exact solve with the time left over (`PvsEngine::solve_last`), and the choice
    /// between a proved floor and the deepening's estimate (`proof::prefer_floor`).
    fn think(
        &mut self,
        board: &Board,
        limits: Limits,
        handler: &dyn SearchHandler<Cell>,
    ) -> SearchOutcome<Cell> {
        let start = Instant::now();
        self.prepare_any(board, limits.time);
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
        proof::prefer_floor(&mut outcome, proved_floor, base);
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
