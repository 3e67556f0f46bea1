//! `queens arena`: an AI-vs-AI series of any game of the games table (`--kind`) on all
//! cores, with a progress bar and a results table on stderr and one JSON object on
//! stdout; every game goes to the history and the workbook as its saves keep it. The
//! board options (`--size`, `--stones`, `--seed`) are queens': another game plays every
//! pair from its start.

mod summary;

pub(crate) use summary::{ArenaSummary, SideReport};

use summary::ForfeitReport;

use super::args::{
    ArenaArgs, Contestant, DEFAULT_ARENA_SEED, DEFAULT_ARENA_SIZE, DEFAULT_ARENA_STONES,
};
use super::error::CliError;
use super::files::{prepare_history, prepare_workbook, saves_dir};
use super::interrupt::Interrupt;
use indicatif::{ProgressBar, ProgressStyle};
use queens_arena::pairs::t_975;
use queens_arena::sprt::Sprt;
use queens_arena::{ArenaConfig, ArenaError, ArenaGame, ArenaReport, run_arena};
use queens_board::{ParseError, counted};
use queens_engines::ai::{EngineConfig, EngineKind};
use queens_programs::{ProgramSpec, ProtocolLog};
use queens_store::{
    ExportOptions, HISTORY_DIR, PairRow, PairsSheet, WorkbookWriter, append_history,
};
use std::ops::ControlFlow;
use std::path::Path;
use std::time::Duration;

/// The library's settings from the options.
///
/// # Errors
/// [`CliError::Arena`] if they cannot be played (an odd game count, too many stones).
pub(crate) fn config(args: &ArenaArgs) -> Result<ArenaConfig, CliError> {
    refuse_board_options(args)?;
    let search_threads = usize::try_from(args.search_threads).unwrap_or(usize::MAX);
    let (a, program_a) = contestant(&args.a);
    let (b, program_b) = contestant(&args.b);
    let config = ArenaConfig {
        game: args.kind.0,
        a: EngineConfig {
            threads: search_threads,
            ..a
        },
        b: EngineConfig {
            threads: search_threads,
            ..b
        },
        programs: [program_a, program_b],
        log: None,
        sprt: match args.sprt.as_deref() {
            Some(&[elo0, elo1, alpha, beta]) => Some(
                Sprt::new(elo0, elo1, alpha, beta)
                    .map_err(|err| CliError::Usage(err.to_string()))?,
            ),
            _ => None,
        },
        // clap caps these far below usize::MAX.
        games: usize::try_from(args.games).unwrap_or(usize::MAX),
        size: args.size.unwrap_or(DEFAULT_ARENA_SIZE),
        stones: usize::try_from(args.stones.unwrap_or(DEFAULT_ARENA_STONES)).unwrap_or(usize::MAX),
        seed: args.seed.unwrap_or(DEFAULT_ARENA_SEED),
        time_ms: args.time_ms,
        threads: usize::try_from(args.threads).unwrap_or(usize::MAX),
    };
    match config.validate() {
        // The user did not choose that count: name the option that sets it.
        Err(ArenaError::BadBoard(ParseError::TooManyStones { size, max, .. }))
            if args.stones.is_none() =>
        {
            Err(CliError::Usage(format!(
                "--stones defaults to {DEFAULT_ARENA_STONES}, too many for {}x{size} board (at most {max}): give --stones {max} or fewer",
                queens_board::with_article(&size.to_string())
            )))
        }
        Err(err) => Err(err.into()),
        Ok(()) => Ok(config),
    }
}

/// A contestant as the library takes it: our engine's settings, and the program that
/// plays instead of that engine (whose settings then only carry its depth).
fn contestant(contestant: &Contestant) -> (EngineConfig, Option<ProgramSpec>) {
    match contestant {
        Contestant::Ours(config) => (*config, None),
        Contestant::Program(program) => (
            EngineConfig::new(EngineKind::MINIMAX, program.depth().max(1)),
            Some(ProgramSpec::clone(program)),
        ),
    }
}

/// Refuses the board options beside a game that is not a board of stones (its row's
/// `tools.board_of_stones`): it plays from its start.
fn refuse_board_options(args: &ArenaArgs) -> Result<(), CliError> {
    if args.kind.0.tools.board_of_stones {
        return Ok(());
    }
    let kind = args.kind.name();
    let board = [
        ("--size", args.size.is_some()),
        ("--stones", args.stones.is_some()),
        ("--seed", args.seed.is_some()),
    ];
    match board.iter().find(|(_, given)| *given) {
        Some((option, _)) => Err(CliError::Usage(format!(
            "{option} is for {}; arena --kind {kind} plays from {kind}'s start position",
            super::table_game::board_games()
        ))),
        None => Ok(()),
    }
}

fn progress_bar(total: usize) -> ProgressBar {
    // The default target is stderr, and indicatif draws nothing when stderr is not a
    // terminal, so pipes and tests get no escape codes.
    let bar = ProgressBar::new(total as u64);
    if let Ok(style) = ProgressStyle::with_template(
        "{elapsed_precise} [{wide_bar:.cyan/blue}] {pos}/{len} games, eta {eta} (Ctrl+C stops)",
    ) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.enable_steady_tick(Duration::from_millis(250));
    bar
}

/// Adds each game to the history of `saves` and to the workbook of `--xlsx` as soon as
/// it finishes, so no game waits in memory; the first failure ends the series (the next
/// game would fail the same way) and is kept for the report. A second stop request drops
/// the finished games still waiting to be written, so the run ends at once.
struct HistoryWriter<'a> {
    saves: Option<&'a Path>,
    interrupt: &'a Interrupt,
    /// The workbook being written, rows added as the games come.
    workbook: Option<WorkbookWriter>,
    /// The first board's seed, for the games' history ids.
    seed: u64,
    written: usize,
    failure: Option<CliError>,
    abandoned: bool,
    /// Whether the user was told that finished games are still being written.
    told: bool,
}

impl<'a> HistoryWriter<'a> {
    fn new(saves: Option<&'a Path>, interrupt: &'a Interrupt, seed: u64) -> HistoryWriter<'a> {
        HistoryWriter {
            saves,
            interrupt,
            workbook: None,
            seed,
            written: 0,
            failure: None,
            abandoned: false,
            told: false,
        }
    }

    fn add(&mut self, game: &ArenaGame) -> ControlFlow<()> {
        if self.interrupt.presses() >= 2 {
            self.abandoned = true;
            return ControlFlow::Break(());
        }
        if self.interrupt.requested() && !self.told {
            // Games finished before the stop may still be queued: say why we go on.
            self.told = true;
            eprintln!(
                "queens: stopping; writing the games already finished (Ctrl+C again drops them)"
            );
        }
        if let Some(saves) = self.saves {
            match append_history(saves, &game.game) {
                Ok(_) => self.written += 1,
                Err(err) => {
                    self.failure = Some(err.into());
                    return ControlFlow::Break(());
                }
            }
        }
        if let Some(workbook) = &mut self.workbook
            && let Err(err) = workbook.add(&game.entry(self.seed))
        {
            self.failure = Some(err.into());
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }
}

/// The workbook's Pairs sheet for `report`, its sides named as `summary` names them (a
/// program by its name, ours by its settings).
fn pairs_sheet(config: &ArenaConfig, report: &ArenaReport, summary: &ArenaSummary) -> PairsSheet {
    let stat = &report.pair_margin;
    let name = |side: &SideReport, ours: &EngineConfig| {
        side.program.clone().unwrap_or_else(|| ours.to_string())
    };
    PairsSheet {
        a: name(&summary.a, &config.a),
        b: name(&summary.b, &config.b),
        rows: report
            .pairs
            .iter()
            .map(|pair| PairRow {
                pair: pair.pair,
                seed: config.seed.wrapping_add(pair.pair as u64),
                a_as_p1: pair.a_as_p1,
                a_as_p2: pair.a_as_p2,
            })
            .collect(),
        unpaired: stat.unpaired,
        mean: stat.mean,
        stdev: stat.stdev,
        t: stat.stdev.map(|_| t_975(stat.pairs.saturating_sub(1))),
        low: stat.low,
        high: stat.high,
    }
}

/// Finishes the workbook of `--xlsx` (its rows were added as the games finished) with
/// the Pairs sheet, unless a second stop request came first: the history already holds
/// every game, so only the workbook is given up.
fn finish_workbook(
    path: &Path,
    workbook: WorkbookWriter,
    config: &ArenaConfig,
    report: &ArenaReport,
    summary: &mut ArenaSummary,
    interrupt: &Interrupt,
) -> Result<(), CliError> {
    if interrupt.presses() >= 2 {
        return Err(CliError::Interrupted {
            skipped: format!("the workbook {} was not written", path.display()),
        });
    }
    if interrupt.requested() {
        // After a stop request the user waits for this step alone: say what it is.
        eprintln!(
            "queens: writing the workbook {} (Ctrl+C again abandons it)",
            path.display()
        );
    }
    let mut workbook = workbook;
    workbook.set_pairs(pairs_sheet(config, report, summary));
    workbook.finish(path)?;
    summary.xlsx = Some(path.to_path_buf());
    Ok(())
}

/// Runs `queens arena` for the game of `--kind`: checks the settings and the output paths, plays, adds each game to
/// the history as it finishes, writes the workbook, prints the table on stderr and the
/// JSON on stdout. A stop request (Ctrl+C, SIGTERM, SIGHUP) through `interrupt` ends the
/// series early; a second one also skips the workbook.
///
/// # Errors
/// Bad settings or unusable paths before anything is played; a failed save, or a second
/// stop request that skipped the workbook, once the table and the JSON (saying what was
/// saved) are printed.
pub(crate) fn arena(args: &ArenaArgs, interrupt: &Interrupt) -> Result<(), CliError> {
    let mut config = config(args)?;
    if let Some(path) = &args.log {
        let log = ProtocolLog::create(path).map_err(|err| CliError::log_refused(path, &err))?;
        config.log = Some(log);
    }
    // The workbook first: its checks are mostly about the name, and a wrong name should
    // not leave a new saves folder behind.
    if let Some(path) = &args.xlsx {
        prepare_workbook(path, &[])?;
    }
    let saves = if args.no_history {
        None
    } else {
        Some(saves_dir(args.saves_dir.as_deref())?)
    };
    if let Some(saves) = &saves {
        prepare_history(saves)?;
    }
    let bar = progress_bar(config.games);
    let mut history = HistoryWriter::new(saves.as_deref(), interrupt, config.seed);
    history.workbook = args
        .xlsx
        .as_ref()
        .map(|_| WorkbookWriter::new(ExportOptions::default()));
    let mut programs = ProgramNotes::default();
    let mut on_game = |game: &ArenaGame, done: usize, _total: usize| {
        programs.note(game, &bar);
        let flow = history.add(game);
        bar.set_position(done as u64);
        flow
    };
    let report = run_arena(&config, &mut on_game, interrupt.flag());
    bar.finish_and_clear();
    let report = report?;
    let mut summary = ArenaSummary::new(&config, &report, &programs.names);
    summary.stopped = interrupt.requested() && report.games < report.planned;
    summary.history = saves.as_ref().map(|dir| dir.join(HISTORY_DIR));
    summary.history_files = history.written;
    summary.forfeits = programs.forfeits;
    let saved = match (history.failure, history.abandoned, history.workbook) {
        (Some(err), _, _) => Err(err),
        (None, true, _) => Err(CliError::Interrupted {
            skipped:
                "finished games not yet in the history were dropped, and no workbook was written"
                    .to_string(),
        }),
        (None, false, Some(workbook)) => match &args.xlsx {
            Some(path) => {
                finish_workbook(path, workbook, &config, &report, &mut summary, interrupt)
            }
            None => Ok(()),
        },
        (None, false, None) => Ok(()),
    };
    print_summary(&summary)?;
    saved
}

/// What the engine programs did in the games so far: the first name each played under
/// and the games they forfeited, each forfeit said on stderr as it comes.
#[derive(Default)]
struct ProgramNotes {
    /// A's and B's program names ([`ArenaGame::programs`]); the `id name` can only
    /// change between games if the program does.
    names: [Option<String>; 2],
    /// The forfeits, in the order the games finished.
    forfeits: Vec<ForfeitReport>,
}

impl ProgramNotes {
    /// Notes a finished game; `bar` is hidden while a forfeit is said.
    fn note(&mut self, game: &ArenaGame, bar: &ProgressBar) {
        for (kept, named) in self.names.iter_mut().zip(&game.programs) {
            if kept.is_none() {
                kept.clone_from(named);
            }
        }
        if let Some(forfeit) = &game.forfeit {
            bar.suspend(|| {
                eprintln!(
                    "queens: game {}: {} forfeits at move {}: {}",
                    game.index,
                    if forfeit.a { "A" } else { "B" },
                    forfeit.ply,
                    forfeit.message
                );
            });
            self.forfeits.push(ForfeitReport::new(game.index, forfeit));
        }
    }
}

/// The table and where the games went on stderr, the JSON on stdout.
fn print_summary(summary: &ArenaSummary) -> Result<(), CliError> {
    eprint!("{}", summary.table());
    if let Some(dir) = &summary.history {
        eprintln!(
            "  {} added to the history in {}",
            counted(summary.history_files as u64, "game", "games"),
            dir.display()
        );
    }
    if let Some(path) = &summary.xlsx {
        eprintln!("  workbook written to {}", path.display());
    }
    super::print_json(summary)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Cli, Command};
    use clap::Parser;

    fn arena_args(words: &[&str]) -> ArenaArgs {
        let line = ["queens", "arena"].iter().chain(words);
        match Cli::try_parse_from(line).map(|cli| cli.command) {
            Ok(Some(Command::Arena(args))) => args,
            other => panic!("{other:?}"),
        }
    }

    /// A second stop request gives up the workbook (exit 130) but not the report.
    #[test]
    fn a_second_stop_request_skips_the_workbook() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let out = dir.path().join("out.xlsx");
        let saves = dir.path().join("saves");
        std::fs::create_dir(&saves).unwrap_or_else(|e| panic!("{e}"));
        let (out_text, saves_text) = (out.display().to_string(), saves.display().to_string());
        let args = arena_args(&[
            "--games",
            "2",
            "--size",
            "4",
            "--xlsx",
            &out_text,
            "--saves-dir",
            &saves_text,
        ]);
        let interrupt = Interrupt::new();
        interrupt.request();
        interrupt.request();
        let err = arena(&args, &interrupt).err();
        assert!(matches!(err, Some(CliError::Interrupted { .. })), "{err:?}");
        assert_eq!(err.map(|e| e.exit_code()), Some(130));
        assert!(!out.exists());
        // One request alone stops the series but still writes the workbook.
        let once = Interrupt::new();
        once.request();
        assert!(arena(&args, &once).is_ok());
        assert!(out.is_file());
    }

    /// Games can finish faster than their files are synced: a second request drops the
    /// ones still waiting instead of writing them all first.
    #[test]
    fn a_second_stop_request_stops_writing_the_history() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let config = ArenaConfig {
            games: 2,
            size: 4,
            stones: 0,
            ..ArenaConfig::default()
        };
        let mut games = Vec::new();
        run_arena(
            &config,
            &mut |game: &ArenaGame, _, _| {
                games.push(game.clone());
                ControlFlow::Continue(())
            },
            &std::sync::atomic::AtomicBool::new(false),
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let interrupt = Interrupt::new();
        let mut history = HistoryWriter::new(Some(dir.path()), &interrupt, 1);
        assert!(history.add(&games[0]).is_continue());
        interrupt.request();
        assert!(history.add(&games[1]).is_continue());
        interrupt.request();
        assert!(history.add(&games[1]).is_break());
        assert!(history.abandoned);
        assert_eq!(history.written, 2);
    }
}
