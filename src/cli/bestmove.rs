//! `queens bestmove`: search a position and report the move, value and counters as JSON.

use super::args::BestMoveArgs;
use super::error::CliError;
use super::interrupt::{Interrupt, StopOnRequest};
use crate::ai::strong::thread_note;
use crate::ai::{EngineConfig, Iteration, Limits, SearchOutcome};
use crate::board::MAX_CELLS;
use serde::Serialize;
use std::fmt::Display;
use std::time::{Duration, Instant};

/// One completed depth of the search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct IterationReport {
    /// The depth searched.
    pub depth: u32,
    /// Its value, from the side to move's view.
    pub value: i32,
    /// Its best move.
    #[serde(rename = "move")]
    pub best_move: Option<String>,
    /// Nodes of this depth alone.
    pub nodes: u64,
    /// Static evaluations of this depth alone.
    pub leaves: u64,
    /// Beta cutoffs of this depth alone.
    pub cutoffs: u64,
    /// Whole milliseconds spent on this depth.
    pub time_ms: u64,
    /// Microseconds spent on this depth.
    pub time_us: u64,
}

/// The answer of `queens bestmove`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BestMoveReport {
    /// The best move of the deepest completed depth; `null` when the game is over.
    #[serde(rename = "move")]
    pub best_move: Option<String>,
    /// Its value from the side to move's view (the final difference on a finished game).
    pub value: i32,
    /// The deepest completed depth (0 on a finished game).
    pub depth: u32,
    /// Positions visited over all depths, the root included.
    pub nodes: u64,
    /// Static evaluations over all depths (the perft count for minimax at a fixed depth).
    pub leaves: u64,
    /// Beta cutoffs over all depths.
    pub cutoffs: u64,
    /// Whole milliseconds of the whole search.
    pub time_ms: u64,
    /// Microseconds of the whole search.
    pub time_us: u64,
    /// The principal variation, starting with the move.
    pub pv: Vec<String>,
    /// The algorithm's name.
    pub algo: &'static str,
    /// Whether the time limit or a stop request (Ctrl+C, SIGTERM, SIGHUP) cut the search
    /// short; the answer is then the deepest completed depth.
    pub interrupted: bool,
    /// Whether `value` is the exact result with perfect play (the search reached the
    /// end of every line, or pvs solved the position), not a depth-limited estimate.
    pub exact: bool,
    /// Each completed depth, in order.
    pub iterations: Vec<IterationReport>,
}

fn millis(elapsed: Duration) -> u64 {
    u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX)
}

fn micros(elapsed: Duration) -> u64 {
    u64::try_from(elapsed.as_micros()).unwrap_or(u64::MAX)
}

fn names<M: Display>(moves: &[M]) -> Vec<String> {
    moves.iter().map(M::to_string).collect()
}

impl IterationReport {
    fn new<M: Display>(iteration: &Iteration<M>) -> IterationReport {
        IterationReport {
            depth: iteration.depth,
            value: iteration.value.0,
            best_move: iteration.best_move.as_ref().map(M::to_string),
            nodes: iteration.stats.nodes,
            leaves: iteration.stats.leaves,
            cutoffs: iteration.stats.cutoffs,
            time_ms: millis(iteration.elapsed),
            time_us: micros(iteration.elapsed),
        }
    }
}

impl BestMoveReport {
    /// The report of `outcome` (of any game), found by the engine named `algo`.
    pub fn new<M: Display>(outcome: &SearchOutcome<M>, algo: &'static str) -> BestMoveReport {
        BestMoveReport {
            best_move: outcome.best_move.as_ref().map(M::to_string),
            value: outcome.value.0,
            depth: outcome.depth,
            nodes: outcome.stats.nodes,
            leaves: outcome.stats.leaves,
            cutoffs: outcome.stats.cutoffs,
            time_ms: millis(outcome.elapsed),
            time_us: micros(outcome.elapsed),
            pv: names(&outcome.pv),
            algo,
            interrupted: outcome.interrupted,
            exact: outcome.exact,
            iterations: outcome
                .iterations
                .iter()
                .map(IterationReport::new)
                .collect(),
        }
    }
}

/// The search limits the options ask for: `--depth`, `--time-ms`, or both; with only a
/// time limit the depth is unbounded (225 plies, the longest possible game).
///
/// # Errors
/// [`CliError::MissingLimit`] when neither is given.
pub fn limits(args: &BestMoveArgs) -> Result<Limits, CliError> {
    let time = args.time_ms.map(Duration::from_millis);
    let depth = match (args.depth, time) {
        (Some(depth), _) => depth,
        (None, Some(_)) => MAX_CELLS as u32,
        (None, None) => return Err(CliError::MissingLimit),
    };
    Ok(Limits { depth, time })
}

/// Runs `queens bestmove`, which nothing interrupts but its time limit.
///
/// # Errors
/// A [`CliError`] for a position that cannot be set up or holds an illegal move, or
/// missing limits.
pub fn best_move(args: &BestMoveArgs) -> Result<BestMoveReport, CliError> {
    best_move_until(args, &Interrupt::new())
}

/// Runs `queens bestmove` until done or until `interrupt` is raised: the answer is then
/// the deepest completed depth, marked `"interrupted": true` (a search cut short without
/// a time limit answers its deepest completed depth too; depth 1 is never interrupted,
/// so a legal move is always given). The time limit counts from the start: building
/// the engine and its table is in it, and `time_ms` is the whole wall time.
///
/// # Errors
/// As [`best_move`]; [`CliError::Memory`] for a table that does not fit in memory.
pub fn best_move_until(
    args: &BestMoveArgs,
    interrupt: &Interrupt,
) -> Result<BestMoveReport, CliError> {
    let start = Instant::now();
    let board = args.position.board()?;
    let mut limits = limits(args)?;
    // clap caps it at MAX_THREADS; absent or 0, one thread per core.
    let requested = args
        .threads
        .map_or(0, |threads| usize::try_from(threads).unwrap_or(usize::MAX));
    let (threads, note) = thread_note(requested);
    if let Some(note) = note
        && args.algo.entry().uses_threads
    {
        eprintln!("queens: note: {note}");
    }
    let config = EngineConfig {
        time_ms: args.time_ms,
        threads,
        hash_mb: usize::try_from(args.hash).unwrap_or(usize::MAX),
        ..EngineConfig::new(args.algo, limits.depth)
    };
    let mut engine = config.build();
    engine
        .prepare(&board, limits.time)
        .map_err(CliError::Memory)?;
    let setup = start.elapsed();
    limits.time = limits.time.map(|time| time.saturating_sub(setup));
    let mut outcome = engine.think(&board, limits, &StopOnRequest(interrupt));
    outcome.elapsed = start.elapsed();
    Ok(BestMoveReport::new(&outcome, engine.name()))
}
