//! The exact solver: null-window probes that narrow the value down, as strong Connect-4
//! solvers do. V(F) has the parity of |F| (mine + yours = |F|), so the bounds move in
//! steps of 2. The probes climb from a shallow estimate ([`probe::Prober`]: a probe that holds
//! is cheap, one that fails is dear); plain bisection of the whole range (at most 8
//! probes on 225 cells) is the fallback without an estimate.

mod probe;

use super::gain::{Geometry, margin_of};
use super::search::{INFINITE_DEPTH, Options, Question, Shared, Worker};
use super::smp::run_threads;
use super::table::Table;
use crate::ai::SearchHandler;
use probe::Prober;
use queens_board::{Bitboard, Board, Cell};
use std::sync::Mutex;
use std::sync::atomic::{AtomicI32, Ordering};
use std::time::Duration;
use web_time::Instant;

/// How to solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveSettings {
    /// A time limit; without one the solve runs to the end (or to a stop request).
    pub time: Option<Duration>,
    /// Threads (at least 1).
    pub threads: usize,
    /// The search's switches.
    pub options: Options,
    /// Leave out root moves that a board symmetry maps onto earlier ones.
    pub root_symmetry: bool,
    /// The depth of the estimate the probes start from (0: plain bisection of the whole
    /// range). The first probe tests the estimate; see `Prober` for the ones after it.
    pub guess_depth: u32,
}

impl Default for SolveSettings {
    fn default() -> SolveSettings {
        SolveSettings {
            time: None,
            threads: 1,
            options: Options::default(),
            root_symmetry: true,
            guess_depth: DEFAULT_GUESS_DEPTH,
        }
    }
}

/// The value bounds proved so far, from the side to move's view; a progress display may
/// read them while the solve runs.
#[derive(Debug)]
pub struct SolveProgress {
    /// A proved lower bound on the value.
    pub lower: AtomicI32,
    /// A proved upper bound on the value.
    pub upper: AtomicI32,
}

impl Default for SolveProgress {
    fn default() -> SolveProgress {
        SolveProgress {
            lower: AtomicI32::new(-(queens_board::MAX_CELLS as i32)),
            upper: AtomicI32::new(queens_board::MAX_CELLS as i32),
        }
    }
}

/// What a solve found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveResult {
    /// Whether the value is proved.
    pub solved: bool,
    /// P1's final cells minus P2's with perfect play (when solved).
    pub margin: Option<i32>,
    /// The remaining gain from the side to move's view (when solved).
    pub value: Option<i32>,
    /// A best move (when solved); when not, the move of the best proved lower bound
    /// from the side to move's view, if any (see `best_reaches`).
    pub best_move: Option<Cell>,
    /// The margin `best_move` is proved to reach: at least this for P1 to move, at most
    /// this for P2 (the margin when solved).
    pub best_reaches: Option<i32>,
    /// A principal variation of proved best moves, starting with `best_move`.
    pub pv: Vec<Cell>,
    /// Proved bounds on the margin (equal when solved).
    pub lower: i32,
    /// See `lower`.
    pub upper: i32,
    /// Positions searched by all threads.
    pub nodes: u64,
    /// Wall time.
    pub elapsed: Duration,
}

/// The default [`SolveSettings::guess_depth`] (BENCHMARKS.md, "Solver techniques").
pub(super) const DEFAULT_GUESS_DEPTH: u32 = 4;

/// Where a solve starts: what is proved about the position already, and the first
/// question to ask it. All in margins (P1's final cells minus P2's), as the answers are.
///
/// A caller that knows a bound (the value of a move's child bounds the value before it)
/// saves the probes that would prove it again, and a caller with one question in mind
/// ("did the played move lose anything?") gets its answer from the first probe, before
/// the time runs out, instead of from a bisection that starts in the middle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct SolveStart {
    /// Proved bounds on the margin, lower then upper (`None`: nothing is known).
    pub bounds: Option<(i32, i32)>,
    /// The first probe asks whether the side to move's margin is strictly better than
    /// this one (above it for P1, below it for P2); the bisection follows.
    pub beyond: Option<i32>,
}

/// The side to move's value (its remaining gain) of `board` when the margin is `margin`;
/// the inverse of [`margin_of`].
fn value_of(board: &Board, margin: i32) -> i32 {
    match board.side_to_move() {
        queens_board::Player::One => margin - super::gain::score_diff(board),
        queens_board::Player::Two => super::gain::score_diff(board) - margin,
    }
}

/// The first value of `n`'s parity at or above `value`.
fn parity_up(value: i32, n: i32) -> i32 {
    if (value - n).rem_euclid(2) == 0 {
        value
    } else {
        value + 1
    }
}

/// The value bounds and first target of `start` for `board` with `n` free cells, from
/// the side to move's view: the bounds clamped to [-n, n] and rounded inwards to the
/// value's parity; the target (the test "V >= target") kept only strictly inside them.
fn start_values(board: &Board, n: i32, start: SolveStart) -> (i32, i32, Option<i32>) {
    let (mut lower, mut upper) = (-n, n);
    if let Some((a, b)) = start.bounds {
        let (x, y) = (value_of(board, a), value_of(board, b));
        let (low, high) = (x.min(y), x.max(y));
        let low = parity_up(low.max(-n), n);
        let high = -parity_up((-high).max(-n), n);
        debug_assert!(low <= high, "the bounds {a}..{b} of {board:?} are empty");
        if low <= high {
            (lower, upper) = (low, high);
        }
    }
    let first = start
        .beyond
        .map(|margin| parity_up(value_of(board, margin) + 1, n))
        .filter(|&target| lower < target && target <= upper);
    (lower, upper, first)
}

/// Bisects the value with null-window probes until the shared bounds meet or the search
/// stops, asking `first` first if it still lies inside them, else starting from a
/// depth-`guess_depth` estimate ([`Prober`]); records in `best` the move with the highest
/// proved lower bound.
///
/// With `settle`, it stops as soon as the bounds answer `first` with yes (the value is
/// at least `first`): the caller wants no more than that answer.
fn bisect<'a>(
    worker: &mut Worker<'a>,
    free: Bitboard,
    progress: &'a SolveProgress,
    best: &Mutex<Option<(i32, Cell)>>,
    (mut first, settle): (Option<i32>, bool),
    guess_depth: u32,
) {
    let enough = first.filter(|_| settle);
    // A caller's own first question takes the estimate's place.
    let guess = if guess_depth == 0 || first.is_some() {
        None
    } else {
        let n = free.count() as i32;
        match worker.search_root(free, -n - 1, n + 1, guess_depth.min(n as u32)) {
            Some(value) => Some(value),
            None => return,
        }
    };
    let mut prober = Prober::new(guess);
    loop {
        let lower = progress.lower.load(Ordering::Relaxed);
        let upper = progress.upper.load(Ordering::Relaxed);
        if lower >= upper || enough.is_some_and(|t| lower >= t) {
            return;
        }
        let target = match first.take() {
            Some(target) if lower < target && target <= upper => target,
            _ => prober.target(lower, upper),
        };
        // Each probe asks another question: the last probe's cutoffs weigh half.
        worker.age_history();
        worker.set_question(Some(Question {
            lower: &progress.lower,
            upper: &progress.upper,
            target,
        }));
        let answer = worker.search_root(free, target - 1, target, INFINITE_DEPTH);
        worker.set_question(None);
        let Some(value) = answer else {
            if worker.stop_raised() {
                return;
            }
            // Another worker's probe answered this one's question: go on from the
            // bounds it proved.
            prober.heard(
                progress.lower.load(Ordering::Relaxed) >= target,
                progress.lower.load(Ordering::Relaxed),
                progress.upper.load(Ordering::Relaxed),
            );
            continue;
        };
        let high = value >= target;
        if high {
            progress.lower.fetch_max(value, Ordering::Relaxed);
            if let Some(cell) = worker.root_best() {
                let mut guard = match best.lock() {
                    Ok(guard) => guard,
                    Err(poisoned) => poisoned.into_inner(),
                };
                if guard.is_none_or(|(proved, _)| value > proved) {
                    *guard = Some((value, cell));
                }
            }
        } else {
            progress.upper.fetch_min(value, Ordering::Relaxed);
        }
        prober.heard(
            high,
            progress.lower.load(Ordering::Relaxed),
            progress.upper.load(Ordering::Relaxed),
        );
    }
}

/// A move of `free` reaching exactly `value` (the known value of `free`), table move and
/// large gains first, each checked by one null-window probe of its child. `None` if
/// stopped.
fn proved_move(worker: &mut Worker<'_>, free: Bitboard, value: i32) -> Option<Cell> {
    // The root probe at `value` fails high with a move reaching at least `value`.
    let found = worker.search_root(free, value - 1, value, INFINITE_DEPTH)?;
    debug_assert!(found >= value, "the value {value} of {free:?} did not hold");
    worker.root_best()
}

/// Solves `board` exactly with `table`, within `settings`, polling `handler` for "stop"
/// and publishing bounds in `progress`.
pub fn solve(
    board: &Board,
    table: &Table,
    settings: SolveSettings,
    handler: &dyn SearchHandler<Cell>,
    progress: &SolveProgress,
) -> SolveResult {
    solve_from(
        board,
        table,
        settings,
        SolveStart::default(),
        handler,
        progress,
    )
}

/// As [`solve`], from what `start` says is proved already and with its question first.
/// The answer's bounds are proved (they include `start`'s), whether or not it solves:
/// a first probe that finishes answers its question even when the time runs out after.
///
/// In three stages: the probes narrow the value (`run_probes`), a solved value gets a
/// best move and a principal variation (`name_the_line`), and the bounds become
/// margins (`answer`).
pub(crate) fn solve_from(
    board: &Board,
    table: &Table,
    settings: SolveSettings,
    start_at: SolveStart,
    handler: &dyn SearchHandler<Cell>,
    progress: &SolveProgress,
) -> SolveResult {
    solve_or_settle(board, table, settings, start_at, false, handler, progress)
}

/// As [`solve_from`] with `start_at.beyond` set, but it stops as soon as that question
/// is answered yes (the side to move's margin is proved strictly better than `beyond`):
/// the answer is then not solved and its bounds say so, usually from one null-window
/// probe, the cheap kind (one good move proves it). A no goes on to the exact margin.
/// `solve --all-moves --exact-within` asks each move "does it lose more than K?" so.
pub(crate) fn solve_or_settle(
    board: &Board,
    table: &Table,
    settings: SolveSettings,
    start_at: SolveStart,
    settle: bool,
    handler: &dyn SearchHandler<Cell>,
    progress: &SolveProgress,
) -> SolveResult {
    let start = Instant::now();
    let free = board.free();
    let n = free.count() as i32;
    let (lower, upper, first) = start_values(board, n, start_at);
    progress.lower.store(lower, Ordering::Relaxed);
    progress.upper.store(upper, Ordering::Relaxed);
    if n == 0 {
        return game_over(board, start);
    }
    // A solve given no time searches nothing: its answer is the bounds it starts from,
    // at once. Starting the threads and a first probe would run to the probe's first
    // clock check past a deadline already gone (6-15 ms on 15x15, measured in
    // `solve --all-moves`'s last step).
    if settings.time.is_some_and(|time| time.is_zero()) {
        let line = Line {
            best_move: None,
            reaches: None,
            pv: Vec::new(),
        };
        return answer(board, (lower, upper), line, 0, start);
    }
    let geometry = Geometry::of(board);
    let deadline = settings.time.map(|time| start + time);
    let shared = Shared::new(table, deadline);
    let best = Mutex::new(None);
    let probes = Probes {
        free,
        settings,
        first: (first, settle),
        progress,
        best: &best,
    };
    let mut worker = run_probes(&geometry, &shared, handler, &probes);
    shared.resume();
    let lower = progress.lower.load(Ordering::Relaxed);
    let upper = progress.upper.load(Ordering::Relaxed);
    let recorded = match best.lock() {
        Ok(guard) => *guard,
        Err(poisoned) => *poisoned.into_inner(),
    };
    let line = if lower >= upper {
        name_the_line(&mut worker, &geometry, free, lower, recorded)
    } else {
        Line {
            best_move: recorded.map(|(_, cell)| cell),
            reaches: recorded.map(|(proved, _)| proved),
            pv: Vec::new(),
        }
    };
    worker.flush_nodes();
    answer(
        board,
        (lower, upper),
        line,
        shared.nodes.load(Ordering::Relaxed),
        start,
    )
}

/// The answer on a finished game: nothing left to win.
fn game_over(board: &Board, start: Instant) -> SolveResult {
    let margin = margin_of(board, 0);
    SolveResult {
        solved: true,
        margin: Some(margin),
        value: Some(0),
        best_move: None,
        best_reaches: None,
        pv: Vec::new(),
        lower: margin,
        upper: margin,
        nodes: 1,
        elapsed: start.elapsed(),
    }
}

/// What every thread's probes share: the position, the settings, the caller's first
/// question, the proved bounds and the move of the best proved lower bound.
struct Probes<'p> {
    free: Bitboard,
    settings: SolveSettings,
    /// The caller's first question, and whether a yes to it is all the caller wants.
    first: (Option<i32>, bool),
    progress: &'p SolveProgress,
    best: &'p Mutex<Option<(i32, Cell)>>,
}

/// Runs the probes on every thread until the bounds meet or the search stops; returns
/// the main worker (its table and history serve the principal variation).
fn run_probes<'a>(
    geometry: &'a Geometry,
    shared: &'a Shared<'a>,
    handler: &'a dyn SearchHandler<Cell>,
    probes: &'a Probes<'a>,
) -> Worker<'a> {
    let settings = probes.settings;
    let skip = if settings.root_symmetry {
        geometry.duplicates(probes.free)
    } else {
        Bitboard::EMPTY
    };
    let probe = |worker: &mut Worker<'a>| {
        worker.set_root_skip(skip);
        bisect(
            worker,
            probes.free,
            probes.progress,
            probes.best,
            probes.first,
            settings.guess_depth,
        );
    };
    let ((), worker) = run_threads(
        geometry,
        shared,
        handler,
        settings.options,
        settings.threads,
        |worker| probe(worker),
        |worker| {
            probe(worker);
            // This helper's probes proved the value: stop the others.
            shared.stop.store(true, Ordering::Relaxed);
        },
    );
    worker
}

/// A best move, the value it is proved to reach, and the principal variation after it.
struct Line {
    best_move: Option<Cell>,
    reaches: Option<i32>,
    pv: Vec<Cell>,
}

/// The best move of a position of proved value `value` (the probes' move if it was
/// proved to reach it, else one proved now) and its principal variation: each move
/// reaches the value of its position, so the child's value is the move's gain minus it.
fn name_the_line(
    worker: &mut Worker<'_>,
    geometry: &Geometry,
    free: Bitboard,
    value: i32,
    recorded: Option<(i32, Cell)>,
) -> Line {
    worker.set_root_skip(Bitboard::EMPTY);
    let mut best_move = recorded.map(|(_, cell)| cell);
    if recorded.is_none_or(|(proved, _)| proved < value) {
        best_move = proved_move(worker, free, value);
    }
    let reaches = best_move.map(|_| value);
    let mut pv = Vec::new();
    if let Some(first) = best_move {
        pv.push(first);
        let mut position = free;
        let mut value = value;
        let mut cell = first;
        loop {
            let claims = geometry.reach(cell.index()) & position;
            position = position ^ claims;
            value = claims.count() as i32 - value;
            if position.is_empty() {
                break;
            }
            match proved_move(worker, position, value) {
                Some(next) => {
                    pv.push(next);
                    cell = next;
                }
                None => break,
            }
        }
    }
    Line {
        best_move,
        reaches,
        pv,
    }
}

/// The result of a solve whose value bounds are `(lower, upper)` (the side to move's
/// view; solved when they meet and a best move was named).
fn answer(
    board: &Board,
    (lower, upper): (i32, i32),
    line: Line,
    nodes: u64,
    start: Instant,
) -> SolveResult {
    let solved = lower >= upper;
    let (margin_lower, margin_upper) = {
        let a = margin_of(board, lower);
        let b = margin_of(board, upper);
        (a.min(b), a.max(b))
    };
    SolveResult {
        solved: solved && line.best_move.is_some(),
        margin: solved.then_some(margin_lower),
        value: solved.then_some(lower),
        best_move: line.best_move,
        best_reaches: line
            .best_move
            .and(line.reaches)
            .map(|value| margin_of(board, value)),
        pv: line.pv,
        lower: margin_lower,
        upper: margin_upper,
        nodes,
        elapsed: start.elapsed(),
    }
}

/// Solves `board` with a fresh table of `hash_mb` MiB and no stop requests.
pub fn solve_board(board: &Board, settings: SolveSettings, hash_mb: usize) -> SolveResult {
    let table = Table::with_mb(hash_mb);
    solve(
        board,
        &table,
        settings,
        &crate::ai::NoHandler,
        &SolveProgress::default(),
    )
}
