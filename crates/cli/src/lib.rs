//! The `queens` command line: a second front end to the engines and the store, beside the
//! window.
//!
//! Each subcommand prints one JSON object on one line and exits 0; bad input of any kind
//! is a [`CliError`] with exit code 2 and a one-line message. The programs only call
//! [`run`] and turn its result into an exit code. The window is not a dependency: `queens
//! gui` opens the [`OpenWindow`] the program passes in, if it has one.

mod analyse;
mod arena;
mod args;
mod beside;
mod bestmove;
mod book;
mod check_engine;
mod engine;
mod error;
mod export;
mod files;
mod game_text;
mod gui;
mod interrupt;
mod number;
mod perft;
mod position;
mod puzzles;
mod replay;
mod rows;
mod solve;
mod table_game;
mod tree;
mod usage;

pub(crate) use analyse::analyse_until;
pub(crate) use arena::arena;
pub use args::Cli;
pub(crate) use args::Command;
pub(crate) use bestmove::best_move_until;
pub(crate) use book::book;
pub(crate) use check_engine::check_engine;
pub use error::{CliError, one_line};
pub(crate) use export::export;
pub(crate) use gui::gui;
pub use gui::{OpenWindow, window_failure_text};
pub(crate) use interrupt::Interrupt;
pub(crate) use perft::perft;
pub(crate) use puzzles::puzzles;
pub(crate) use replay::replay;
pub(crate) use solve::solve_until;
pub use solve::{SolveReport, solution_of};
pub(crate) use tree::tree;

use clap::Parser;
use clap::error::ErrorKind;
use serde::Serialize;
use std::ffi::OsString;
use std::io::Write;

/// Parses `args` (the program name first) and does what they ask: opens the window
/// through `window` (none in a program built without it), or prints one JSON line on
/// stdout. `--help` and `--version` print and succeed.
///
/// # Errors
/// A [`CliError`]: bad arguments or input (exit code 2), no window or no stdout (1).
pub fn run<I, T>(args: I, window: Option<OpenWindow>) -> Result<(), CliError>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(err)
            if matches!(
                err.kind(),
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
            ) =>
        {
            return match err.print() {
                // As for the JSON: a reader that went away (`| head`) is not a failure.
                Err(err) if err.kind() != std::io::ErrorKind::BrokenPipe => {
                    Err(CliError::Output(err))
                }
                _ => Ok(()),
            };
        }
        Err(err) => return Err(err.into()),
    };
    if let (Some(_), Some(command)) = (&cli.saves_dir, &cli.command)
        && let Some(message) = misplaced_saves_dir(command)
    {
        return Err(CliError::Usage(message));
    }
    match cli.command {
        None => gui(window, cli.saves_dir.as_deref(), None),
        Some(command) => run_command(command, cli.saves_dir.as_deref(), window),
    }
}

/// Does what `command` asks; `saves_dir` is the window's `--saves-dir` given before it.
fn run_command(
    command: Command,
    saves_dir: Option<&std::path::Path>,
    window: Option<OpenWindow>,
) -> Result<(), CliError> {
    match command {
        Command::Gui(args) => gui(
            window,
            args.saves_dir.as_deref().or(saves_dir),
            args.file.as_deref(),
        ),
        Command::Arena(args) => arena(&args, &Interrupt::install()),
        Command::CheckEngine(args) => check_engine(&args),
        Command::Engine(args) => engine::engine(&args),
        Command::Export(args) => print_json(&export(&args)?),
        Command::Book(args) => print_json(&book(&args, &Interrupt::install())?),
        Command::Puzzles(args) => print_json(&puzzles(&args, &Interrupt::install())?),
        Command::Replay(mut args) => {
            args.position.settle_kind()?;
            print_json(&replay(&args)?)
        }
        Command::BestMove(mut args) => {
            args.position.settle_kind()?;
            print_json(&best_move_until(&args, &Interrupt::install())?)
        }
        Command::Tree(args) => print_json(&tree(&args)?),
        Command::Perft(args) => print_json(&perft(&args, &Interrupt::install())?),
        Command::Analyse(mut args) => {
            args.position.settle_kind()?;
            let answer = analyse_until(&args, &Interrupt::install())?;
            print_json(&answer)?;
            let report = &answer.report;
            if report.complete {
                Ok(())
            } else {
                Err(CliError::AnalysisStopped {
                    moves: report.moves.len(),
                })
            }
        }
        Command::Solve(mut args) => {
            args.position.settle_kind()?;
            solve_command(&args)
        }
    }
}

/// `queens solve` for every game with an exact solver, or the refusal of a game without
/// one.
fn solve_command(args: &args::SolveArgs) -> Result<(), CliError> {
    let kind = args.position.kind;
    if !kind.0.tools.solver {
        return Err(no_solver(kind.name(), args.all_moves));
    }
    let answer = solve_until(args, &Interrupt::install())?;
    print_json(&answer)?;
    let report = &answer.report;
    if report.complete() {
        Ok(())
    } else {
        Err(CliError::Unsolved {
            stopped: report.stopped,
            position_solved: report.solved,
        })
    }
}

/// The refusal of `queens solve` for a game whose row in the games table has no exact
/// solver: its game is too long to search to the end here.
fn no_solver(tag: &str, all_moves: bool) -> CliError {
    let command = if all_moves {
        "solve --all-moves"
    } else {
        "solve"
    };
    CliError::Usage(format!(
        "{command} --kind {tag}: {tag} has no exact solver; queens bestmove searches it to a depth; {command} takes {}",
        table_game::games_with_solver()
    ))
}

/// What to say when `--saves-dir` comes before `command` (where it is the window's
/// option): where it belongs for the subcommands that read or write a saves folder, that
/// it has no use for the others; `None` for `gui`, which takes it there too.
fn misplaced_saves_dir(command: &Command) -> Option<String> {
    let name = match command {
        Command::Gui(_) => return None,
        Command::Arena(_) => "arena",
        Command::CheckEngine(_) => "check-engine",
        Command::Engine(_) => "engine",
        Command::Export(_) => "export",
        Command::Book(_) => "book",
        Command::Puzzles(_) => "puzzles",
        Command::Replay(_) => "replay",
        Command::BestMove(_) => "bestmove",
        Command::Tree(_) => "tree",
        Command::Perft(_) => "perft",
        Command::Solve(_) => "solve",
        Command::Analyse(_) => "analyse",
    };
    Some(
        if matches!(command, Command::Arena(_) | Command::Export(_)) {
            format!(
                "--saves-dir before a subcommand is for the window only; put it after the subcommand (queens {name} --saves-dir DIR)"
            )
        } else {
            format!(
                "--saves-dir is for the window, arena and export; queens {name} reads and writes no saves folder, so leave it out"
            )
        },
    )
}

/// Writes `value` as one line of JSON on stdout. A reader that went away (a closed pipe,
/// as with `| head`) is not a failure: nobody is left to tell.
fn print_json<T: Serialize>(value: &T) -> Result<(), CliError> {
    let json = serde_json::to_string(value).map_err(|err| CliError::Output(err.into()))?;
    let mut out = std::io::stdout().lock();
    match writeln!(out, "{json}").and_then(|()| out.flush()) {
        Err(err) if err.kind() != std::io::ErrorKind::BrokenPipe => Err(CliError::Output(err)),
        _ => Ok(()),
    }
}
