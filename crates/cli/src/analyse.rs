//! `queens analyse`: every move of a game judged against best play, as JSON, with a
//! progress bar on stderr and, with `--xlsx`, an Analysis sheet.

use super::args::AnalyseArgs;
use super::args::GameArg;
use super::error::CliError;
use super::files::prepare_workbook;
use super::interrupt::Interrupt;
use super::table_game::{KindReport, legal_position, named, refuse_without_solver};
use indicatif::{ProgressBar, ProgressStyle};
use queens_engines::analysis::{Analysis, AnalysisSettings, MoveAnalysis, PlayerSummary, analyse};
use queens_engines::games::seam::{AnyGame, SolveError};
use queens_store::{Loaded, export_analysis, load_game};
use serde::Serialize;
use std::time::Duration;

/// The answer of `queens analyse`, for every game with an exact solver (a game other
/// than queens adds its `kind` before it).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct AnalyseReport {
    /// The game string of the game analysed.
    pub game: String,
    /// One entry per move analysed, in play order.
    pub moves: Vec<MoveAnalysis>,
    /// P1's and P2's totals.
    pub players: [PlayerSummary; 2],
    /// Each player's costliest moves (P1's list first) as ply numbers: the moves proved
    /// to give some of the result away, most first, then (a game won, drawn or lost) the
    /// slower wins by the plies they lost; at most 3.
    pub worst_moves: [Vec<usize>; 2],
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

/// How many worst moves each player's list holds.
pub(crate) const WORST_KEPT: usize = 3;

impl AnalyseReport {
    fn new(analysis: Analysis, settings: AnalysisSettings, xlsx: Option<String>) -> Self {
        let worst = |player: u8| -> Vec<usize> {
            analysis
                .worst_moves(player, WORST_KEPT)
                .iter()
                .map(|m| m.ply)
                .collect()
        };
        let worst_moves = [worst(1), worst(2)];
        AnalyseReport {
            game: analysis.game,
            moves: analysis.moves,
            players: analysis.players,
            worst_moves,
            complete: analysis.complete,
            time_ms: u64::try_from(settings.time.as_millis()).unwrap_or(u64::MAX),
            retry_ms: u64::try_from(settings.retry.as_millis()).unwrap_or(u64::MAX),
            threads: settings.threads,
            hash_mb: settings.hash_mb,
            xlsx,
        }
    }
}

/// The game of `args`: from --file (any game's save; a `--kind` given beside it must be
/// the file's), or the position options (every move must be legal).
fn game_of(args: &AnalyseArgs) -> Result<Box<dyn AnyGame>, CliError> {
    let Some(path) = &args.file else {
        return legal_position(&args.position);
    };
    let game: Box<dyn AnyGame> = match load_game(path)? {
        Loaded::Queens(loaded) => Box::new(loaded.board),
        Loaded::Table(table) => table.game,
    };
    let kind = args.position.kind;
    if !kind.is_default() && game.tag() != kind.name() {
        return Err(CliError::Usage(format!(
            "analyse --file {}: the file holds {} game, not {}; leave out --kind {}",
            path.display(),
            queens_board::with_article(game.tag()),
            kind.name(),
            kind.name()
        )));
    }
    Ok(game)
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
pub(crate) fn partial_name(path: &std::path::Path) -> std::path::PathBuf {
    let stem = path
        .file_stem()
        .map_or_else(|| "analysis".into(), |stem| stem.to_string_lossy());
    let extension = path
        .extension()
        .map_or_else(|| "xlsx".into(), |ext| ext.to_string_lossy());
    path.with_file_name(format!("{stem}.partial.{extension}"))
}

/// Runs `queens analyse` until done or `interrupt` is raised, for every game with an
/// exact solver. The report of a stopped analysis has `complete: false`; the caller
/// prints it and exits 130.
///
/// # Errors
/// A [`CliError`] for a game that cannot be set up, holds an illegal move (named), or a
/// file that cannot be read or holds another game than `--kind`; [`CliError::Target`]
/// for an `--xlsx` path that cannot take a workbook (checked first); the workbook's
/// errors when it cannot be written.
pub(crate) fn analyse_until(
    args: &AnalyseArgs,
    interrupt: &Interrupt,
) -> Result<KindReport<AnalyseReport>, CliError> {
    // The workbook's path is checked before the game is even read: a bad one must not
    // throw an analysis away, and the saved game itself is never a place to write.
    let inputs: Vec<&std::path::Path> = args.file.iter().map(|p| p.as_path()).collect();
    if let Some(path) = &args.xlsx {
        prepare_workbook(path, &inputs)?;
    }
    let game = game_of(args)?;
    refuse_without_solver("analyse", GameArg(game_entry(game.as_ref())?))?;
    let (threads, note) = queens_engines::ai::strong::thread_note(
        usize::try_from(args.threads).unwrap_or(usize::MAX),
    );
    if let Some(note) = note {
        eprintln!("queens: note: {note}");
    }
    let settings = AnalysisSettings {
        time: Duration::from_millis(args.time_ms),
        retry: Duration::from_millis(args.retry_ms),
        threads,
        hash_mb: usize::try_from(args.hash).unwrap_or(usize::MAX),
    };
    let progress = bar(game.moves().len() + 1);
    let stop = || interrupt.requested();
    let analysis = analyse(game.as_ref(), settings, &stop, &mut |done, _| {
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
    Ok(KindReport {
        kind: named(game.as_ref()),
        position: None,
        report: AnalyseReport::new(analysis, settings, xlsx),
    })
}

/// The games table's row of `game`.
fn game_entry(
    game: &dyn AnyGame,
) -> Result<&'static queens_engines::games::table::GameEntry, CliError> {
    queens_engines::games::table::by_tag(game.tag())
        .ok_or_else(|| CliError::Usage(format!("{} is no game of the games table", game.tag())))
}
