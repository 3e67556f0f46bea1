//! `queens bestmove`: search a position of any game of the games table, by one path for
//! all, and report the move, value and counters as JSON.

use super::args::BestMoveArgs;
use super::error::CliError;
use super::interrupt::{Interrupt, StopOnRequest};
use super::table_game::{KindReport, eval_refused, eval_text, legal_position, named, own_notation};
use queens_engines::ai::strong::thread_note;
use queens_engines::ai::{EngineConfig, Iteration, SearchOutcome};
use queens_engines::games::seam::AnyGame;
use queens_engines::games::think::ThinkError;
use serde::Serialize;
use std::fmt::Display;
use std::time::{Duration, Instant};

/// One completed depth of the search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct IterationReport {
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
pub(crate) struct BestMoveReport {
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
    pub(crate) fn new<M: Display>(
        outcome: &SearchOutcome<M>,
        algo: &'static str,
    ) -> BestMoveReport {
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

/// The depth to search: `--depth`; with only `--time-ms` the game's end (the search
/// deepens until the time is up); with neither, the end of a game whose row sets
/// `search_to_end` (tic-tac-toe), none for a board of stones (queens, whose boards run
/// from 9 to 225 cells: no one depth suits them all), the engine's default depth in the
/// others.
///
/// # Errors
/// [`CliError::MissingLimit`] for a board of stones without a limit.
fn depth(args: &BestMoveArgs, game: &dyn AnyGame) -> Result<u32, CliError> {
    let tools = args.position.kind.0.tools;
    let to_end = game.plies_left().max(1);
    Ok(match (args.depth, args.time_ms) {
        (Some(depth), _) => depth,
        (None, Some(_)) => to_end,
        (None, None) if tools.board_of_stones => return Err(CliError::MissingLimit),
        (None, None) if tools.search_to_end => to_end,
        (None, None) => args.algo.entry().default_depth,
    })
}

/// Runs `queens bestmove` for any game of the games table, one path for all, through
/// the game seam ([`AnyGame::think`]), until done or until `interrupt` is raised: the
/// answer is then the deepest completed depth, marked `"interrupted": true` (depth 1 is
/// never interrupted, so a legal move is always given). The time limit counts from the
/// start: building the engine and its table is in it, and `time_ms` is the whole wall
/// time.
///
/// # Errors
/// A [`CliError`] for a position that cannot be set up or holds an illegal move,
/// missing limits (a board of stones), an engine the game has not, `--eval` for a game
/// without an evaluation table or a table that does not fit it, and
/// [`CliError::Memory`] for a transposition table that does not fit in memory.
pub(crate) fn best_move_until(
    args: &BestMoveArgs,
    interrupt: &Interrupt,
) -> Result<KindReport<BestMoveReport>, CliError> {
    let start = Instant::now();
    let entry = args.position.kind.0;
    if args.eval.is_some() && !entry.tools.eval_file {
        return Err(eval_refused());
    }
    let mut game = legal_position(&args.position)?;
    if let Some(path) = &args.eval {
        game.set_eval(&eval_text(path)?)
            .map_err(|err| CliError::Usage(format!("--eval {}: {err}", path.display())))?;
    }
    let depth = depth(args, game.as_ref())?;
    // clap caps it at MAX_THREADS; absent or 0, one thread per core.
    let requested = args
        .threads
        .map_or(0, |threads| usize::try_from(threads).unwrap_or(usize::MAX));
    let (threads, note) = thread_note(requested);
    let config = EngineConfig {
        time_ms: args.time_ms,
        threads,
        hash_mb: usize::try_from(args.hash).unwrap_or(usize::MAX),
        ..EngineConfig::new(args.algo, depth)
    };
    let mut outcome = game
        .think(&config, &StopOnRequest(interrupt))
        .map_err(|err| match err {
            ThinkError::NotForThisGame(err) => {
                CliError::Usage(format!("{err}; {} takes minimax or alphabeta", entry.tag))
            }
            ThinkError::Table(err) => CliError::Memory(err),
        })?;
    // Told once the engine is known to play this game: a refusal stays one line.
    if let Some(note) = note
        && args.algo.entry().uses_threads
    {
        eprintln!("queens: note: {note}");
    }
    outcome.elapsed = start.elapsed();
    Ok(KindReport {
        kind: named(game.as_ref()),
        position: own_notation(game.as_ref()),
        report: BestMoveReport::new(&outcome, args.algo.name()),
    })
}
