//! `queens analyse`: every move of a game judged against best play, as JSON, with a
//! progress bar on stderr and, with `--xlsx`, an Analysis sheet.

use super::args::AnalyseArgs;
use super::error::CliError;
use super::files::prepare_workbook;
use super::interrupt::Interrupt;
use crate::analysis::{Analysis, AnalysisSettings, MoveAnalysis, PlayerSummary, analyse};
use crate::board::Board;
use crate::games::seam::SolveError;
use crate::store::{export_analysis, load_from};
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;
use std::time::Duration;

/// The answer of `queens analyse`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AnalyseReport {
    /// The game string of the game analysed.
    pub game: String,
    /// One entry per move analysed, in play order.
    pub moves: Vec<MoveAnalysis>,
    /// P1's and P2's totals.
    pub players: [PlayerSummary; 2],
    /// Whether every move was analysed (false after Ctrl+C: the last moves are here).
    pub complete: bool,
    /// The time per position in milliseconds.
    pub time_ms: u64,
    /// The second look's time in milliseconds (0: none).
    pub retry_ms: u64,
    /// Threads used.
    pub threads: usize,
    /// The table's size in MiB.
    pub hash_mb: usize,
    /// The workbook written, if --xlsx was given.
    pub xlsx: Option<String>,
}

impl AnalyseReport {
    fn new(analysis: Analysis, settings: AnalysisSettings, xlsx: Option<String>) -> Self {
        AnalyseReport {
            game: analysis.game,
            moves: analysis.moves,
            players: analysis.players,
            complete: analysis.complete,
            time_ms: u64::try_from(settings.time.as_millis()).unwrap_or(u64::MAX),
            retry_ms: u64::try_from(settings.retry.as_millis()).unwrap_or(u64::MAX),
            threads: settings.threads,
            hash_mb: settings.hash_mb,
            xlsx,
        }
    }
}

/// The game of `args`: from --file, or the position options (every move must be legal).
fn game_of(args: &AnalyseArgs) -> Result<Board, CliError> {
    match &args.file {
        Some(path) => Ok(load_from(path)?.board),
        None => args.position.board(),
    }
}

fn bar(total: usize) -> ProgressBar {
    // indicatif draws nothing when stderr is not a terminal (pipes, tests).
    let bar = ProgressBar::new(total as u64);
    if let Ok(style) = ProgressStyle::with_template(
        "{bar:30} {pos}/{len} positions, {elapsed_precise} (eta {eta}; Ctrl+C stops)",
    ) {
        bar.set_style(style);
    }
    bar
}

/// Where a stopped analysis's workbook goes: `game.xlsx` -> `game.partial.xlsx`, beside it.
pub fn partial_name(path: &std::path::Path) -> std::path::PathBuf {
    let stem = path
        .file_stem()
        .map_or_else(|| "analysis".into(), |stem| stem.to_string_lossy());
    let extension = path
        .extension()
        .map_or_else(|| "xlsx".into(), |ext| ext.to_string_lossy());
    path.with_file_name(format!("{stem}.partial.{extension}"))
}

/// Runs `queens analyse` until done or `interrupt` is raised. The report of a stopped
/// analysis has `complete: false`; the caller prints it and exits 130.
///
/// # Errors
/// A [`CliError`] for a game that cannot be set up, holds an illegal move (named), or a
/// file that cannot be read; [`CliError::Target`] for an `--xlsx` path that cannot take a
/// workbook (checked first); the workbook's errors when it cannot be written.
pub fn analyse_until(args: &AnalyseArgs, interrupt: &Interrupt) -> Result<AnalyseReport, CliError> {
    // The workbook's path is checked before the game is even read: a bad one must not
    // throw an analysis away, and the saved game itself is never a place to write.
    let inputs: Vec<&std::path::Path> = args.file.iter().map(|p| p.as_path()).collect();
    if let Some(path) = &args.xlsx {
        prepare_workbook(path, &inputs)?;
    }
    let board = game_of(args)?;
    let (threads, note) =
        crate::ai::strong::thread_note(usize::try_from(args.threads).unwrap_or(usize::MAX));
    if let Some(note) = note {
        eprintln!("queens: note: {note}");
    }
    let settings = AnalysisSettings {
        time: Duration::from_millis(args.time_ms),
        retry: Duration::from_millis(args.retry_ms),
        threads,
        hash_mb: usize::try_from(args.hash).unwrap_or(usize::MAX),
    };
    let progress = bar(board.ply() + 1);
    let stop = || interrupt.requested();
    let analysis = analyse(&board, settings, &stop, &mut |done, _| {
        progress.set_position(done as u64);
    })
    .map_err(|err| match err {
        SolveError::NoSolver(none) => CliError::Usage(none.to_string()),
        SolveError::Memory(memory) => CliError::Memory(memory),
    })?;
    progress.finish_and_clear();
    let xlsx = match &args.xlsx {
        // A stopped analysis never replaces the workbook asked for (it may hold a
        // complete one): it goes beside it, under a name that says it is partial.
        Some(path) if !analysis.complete => {
            let partial = partial_name(path);
            prepare_workbook(&partial, &inputs)?;
            export_analysis(&analysis, &partial)?;
            Some(partial.display().to_string())
        }
        Some(path) => {
            export_analysis(&analysis, path)?;
            Some(path.display().to_string())
        }
        None => None,
    };
    Ok(AnalyseReport::new(analysis, settings, xlsx))
}
