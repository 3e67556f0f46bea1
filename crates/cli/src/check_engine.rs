//! `queens check-engine`: a student's engine program (docs/protocol.md) asked on many
//! positions of a game, its answers compared with ours ([`queens_programs::check`]), one
//! JSON answer with the summary and the first disagreement, reduced.

use super::args::values::{GameArg, parse_kind};
use super::error::CliError;
use super::number::whole;
use clap::{Args, ValueEnum};
use queens_engines::games::game_string;
use queens_engines::games::seam::AnyGame;
use queens_programs::check::{CheckReport, CheckSettings, Counts, check, check_positions};
use queens_programs::{EngineError, EngineProcess, ProgramSpec, ProtocolLog};
use serde::Serialize;
use std::path::PathBuf;

/// The most positions one check asks about.
pub(crate) const MAX_CHECK_POSITIONS: u64 = 10_000;

/// Arguments of `queens check-engine`.
#[derive(Args, Debug)]
pub struct CheckEngineArgs {
    /// The engine program, as "cmd=COMMAND ARGS" after any settings, e.g. "cmd=python3
    /// my_engine.py" (docs/protocol.md); its depth= is not used: --depth is.
    #[arg(long, value_name = "SPEC", value_parser = parse_program)]
    pub engine: Box<ProgramSpec>,
    /// The game, as the games table names it.
    #[arg(long, value_name = "GAME", default_value = "tictactoe", value_parser = parse_kind)]
    pub kind: GameArg,
    /// The depth of every search, compared with our plain minimax at that depth; without
    /// it the engine searches to the end of the game and is compared with the exact
    /// solver (tictactoe, dodgem).
    #[arg(long, value_name = "D", allow_negative_numbers = true, value_parser = whole::<u32>(1, 64))]
    pub depth: Option<u32>,
    /// Positions to check, reached by random play from the start (the start first).
    #[arg(long, value_name = "N", default_value_t = 50, allow_negative_numbers = true, value_parser = whole::<u64>(1, MAX_CHECK_POSITIONS))]
    pub positions: u64,
    /// The random play's seed.
    #[arg(long, value_name = "S", default_value_t = 1, allow_negative_numbers = true, value_parser = whole::<u64>(0, u64::MAX))]
    pub seed: u64,
    /// Also require the reported node and leaf counts to equal our minimax's or our
    /// alpha-beta's (with our move order) at --depth.
    #[arg(long, value_name = "ALGO", requires = "depth")]
    pub counts: Option<CountsArg>,
    /// Check the positions of this file instead of random ones: one game string a line
    /// (as Copy position writes it, e.g. "game=tictactoe moves=b2,a1"); empty lines and
    /// lines starting with # are skipped, finished positions too.
    #[arg(long, value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// Write every protocol line both ways to this file.
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,
}

/// `--counts`.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum CountsArg {
    /// Our plain minimax's counts (any move order gives the same).
    Minimax,
    /// Our alpha-beta's counts, with our move order.
    Alphabeta,
}

fn parse_program(text: &str) -> Result<Box<ProgramSpec>, String> {
    text.parse()
        .map(Box::new)
        .map_err(|err: queens_programs::SpecError| err.to_string())
}

/// The positions of `--file`: one game string a line.
fn read_positions(path: &std::path::Path) -> Result<Vec<Box<dyn AnyGame>>, CliError> {
    let text = std::fs::read_to_string(path).map_err(|err| CliError::Target {
        path: PathBuf::from(queens_board::clip_token(&path.display().to_string())),
        reason: format!("cannot read the positions: {err}"),
    })?;
    let mut positions = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let game = game_string::read(line)
            .map_err(|err| CliError::Usage(format!("--file line {}: {err}", number + 1)))?;
        positions.push(game);
    }
    if positions.is_empty() {
        return Err(CliError::Usage("--file holds no position".to_string()));
    }
    Ok(positions)
}

/// The answer of `queens check-engine`.
#[derive(Debug, Serialize)]
pub(crate) struct CheckEngineReport {
    /// The game (a `--file`'s first position's).
    pub kind: &'static str,
    /// The engine's `id name`.
    pub engine: String,
    /// Its `id author`.
    pub author: String,
    /// Whether every answer agreed with ours (and the engine never failed).
    pub agree: bool,
    /// The summary and the first disagreement.
    #[serde(flatten)]
    pub report: CheckReport,
}

/// Runs `queens check-engine`: prints the answer, and fails (exit 1) after it when the
/// engine disagreed or failed.
///
/// # Errors
/// Bad settings, an engine that does not start ([`CliError::Usage`]); a disagreement or
/// an engine failure during the check ([`CliError::EngineCheck`]).
pub(crate) fn check_engine(args: &CheckEngineArgs) -> Result<(), CliError> {
    let log = match &args.log {
        Some(path) => {
            Some(ProtocolLog::create(path).map_err(|err| CliError::log_refused(path, &err))?)
        }
        None => None,
    };
    let start = (args.kind.0.start)().map_err(|err| CliError::Usage(err.to_string()))?;
    let given = match &args.file {
        Some(path) => Some(read_positions(path)?),
        None => None,
    };
    // A position set names its own games.
    let kind = given
        .as_ref()
        .and_then(|positions| positions.first())
        .map_or(args.kind.name(), |game| game.tag());
    let mut engine = EngineProcess::start(&args.engine, log.as_ref())
        .map_err(|err: EngineError| CliError::Usage(format!("the engine {err}")))?;
    let settings = CheckSettings {
        depth: args.depth,
        positions: usize::try_from(args.positions).unwrap_or(usize::MAX),
        seed: args.seed,
        counts: args.counts.map(|counts| match counts {
            CountsArg::Minimax => Counts::Minimax,
            CountsArg::Alphabeta => Counts::Alphabeta,
        }),
    };
    let report = match given {
        Some(positions) => check_positions(&mut engine, positions, &settings),
        None => check(&mut engine, start.as_ref(), &settings),
    }
    .map_err(|err| CliError::Usage(err.to_string()))?;
    let answer = CheckEngineReport {
        kind,
        engine: engine.id.name.clone(),
        author: engine.id.author.clone(),
        agree: report.first.is_none() && report.engine_error.is_none(),
        report,
    };
    engine.quit();
    super::print_json(&answer)?;
    let report = &answer.report;
    if let Some(err) = &report.engine_error {
        return Err(CliError::EngineCheck(format!("the engine failed: {err}")));
    }
    match report.reduced.as_ref().or(report.first.as_ref()) {
        Some(found) => Err(CliError::EngineCheck(format!(
            "the engine's {} differs from ours at depth {} in \"{}\" ({} of {} positions agreed)",
            found.what, found.depth, found.position, report.agreed, report.positions
        ))),
        None => Ok(()),
    }
}
