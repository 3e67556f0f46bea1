//! `queens puzzles`: generates "find the move" puzzles proved by the solver, and writes
//! them as it finds them.

use super::args::values::{GameArg, parse_kind, solver_kind_help};
use super::error::CliError;
use super::files::refused_part_way;
use super::interrupt::{Interrupt, StopOnRequest};
use super::number::whole;
use crate::ai::puzzles::{GenerateStats, GeneratorSettings, Puzzle, generate};
use crate::ai::strong::{SolveSettings, thread_note};
use crate::ai::{MAX_THREADS, MAX_TIME_MS};
use crate::board::{MAX_CELLS, MAX_SIZE, MIN_SIZE};
use crate::store::{PUZZLES, write_output};
use clap::Args;
use serde::Serialize;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use thiserror::Error;

/// Queens' board sides when `--size` is not given.
pub const DEFAULT_SIZES: SizeRange = SizeRange { min: 5, max: 12 };

/// Queens' fewest cells a wrong move gives away when `--min-loss` is not given.
pub const DEFAULT_MIN_LOSS: i32 = 2;

/// The most puzzles one run is asked for.
pub const MAX_PUZZLES: u64 = 100_000;

/// Arguments of `queens puzzles`.
#[derive(Args, Debug)]
pub struct PuzzlesArgs {
    /// How many puzzles to find, 1 to 100000.
    #[arg(long, value_name = "N", default_value_t = 10, allow_negative_numbers = true, value_parser = whole::<u64>(1, MAX_PUZZLES))]
    pub count: u64,
    /// The game, as the games table names it: any game whose row has an exact solver
    /// (queens, the default, counts losses in cells; the others in result steps, from
    /// random games from their start). A game without one is refused.
    #[arg(long, value_name = "GAME", default_value = "queens", value_parser = parse_kind, help = solver_kind_help())]
    pub kind: GameArg,
    /// Queens' board sides: one (8) or a range A..B (6..8), each from 3 to 15 (default
    /// 5..12).
    #[arg(long, value_name = "A..B", allow_negative_numbers = true, value_parser = parse_sizes)]
    pub size: Option<SizeRange>,
    /// The seed: the same seed and options give the same puzzles (with --threads 1, and
    /// when no position runs out of --time-ms).
    #[arg(long, value_name = "S", default_value_t = 1, allow_negative_numbers = true, value_parser = whole::<u64>(0, u64::MAX))]
    pub seed: u64,
    /// The least every wrong move must give away: queens' cells, 1 to 225 (default 2);
    /// another game's result steps, 1 (a win to a draw, a draw to a loss; the default)
    /// or 2 (a win to a loss).
    #[arg(long, value_name = "K", allow_negative_numbers = true, value_parser = whole::<i32>(1, MAX_CELLS as u64))]
    pub min_loss: Option<i32>,
    /// The solver's time for each queens position in milliseconds; a position not
    /// proved in it is skipped (and counted in "unproved"). The other games' positions
    /// are solved to the end.
    #[arg(long, value_name = "T", default_value_t = 3000, allow_negative_numbers = true, value_parser = whole::<u64>(0, MAX_TIME_MS))]
    pub time_ms: u64,
    /// Solver threads, 0 to 1024; 0 means one per core. The default, 1, keeps the
    /// refutation lines the same from run to run.
    #[arg(long, value_name = "K", default_value_t = 1, allow_negative_numbers = true, value_parser = whole::<u64>(0, MAX_THREADS as u64))]
    pub threads: u64,
    /// Also write the queens puzzles to this file (.ron, the format of
    /// data/puzzles.ron), rewritten after each puzzle found.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// `--size`: a board side or a range of them, smaller first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SizeRange {
    /// The smallest side.
    pub min: u8,
    /// The largest side.
    pub max: u8,
}

/// A `--size` that is not a side or a range of sides.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("a board side from {MIN_SIZE} to {MAX_SIZE}, or a range of them like 6..8, is expected")]
pub struct SizeRangeError;

/// Parses `8` or `6..8` (sides 3 to 15, the first not larger).
///
/// # Errors
/// [`SizeRangeError`].
pub fn parse_sizes(text: &str) -> Result<SizeRange, SizeRangeError> {
    let side = |part: &str| whole::<u8>(u64::from(MIN_SIZE), u64::from(MAX_SIZE))(part).ok();
    let (min, max) = match text.split_once("..") {
        Some((low, high)) => (side(low), side(high)),
        None => (side(text), side(text)),
    };
    match (min, max) {
        (Some(min), Some(max)) if min <= max => Ok(SizeRange { min, max }),
        _ => Err(SizeRangeError),
    }
}

/// One wrong move of a puzzle in the answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OtherMove {
    /// The move.
    #[serde(rename = "move")]
    pub cell: String,
    /// The cells it gives away against the best.
    pub loss: i32,
}

/// One puzzle in the answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PuzzleReport {
    /// The position as a game string.
    pub game: String,
    /// The move that keeps the best margin (its mirror images are right too).
    pub solution: String,
    /// The margin (P1 - P2) with best play.
    pub margin: i32,
    /// Every other move with its loss, least first.
    pub others: Vec<OtherMove>,
    /// The most tempting wrong move, then best play after it.
    pub refutation: Vec<String>,
}

impl From<&Puzzle> for PuzzleReport {
    fn from(puzzle: &Puzzle) -> PuzzleReport {
        PuzzleReport {
            game: puzzle.game.clone(),
            solution: puzzle.solution.clone(),
            margin: puzzle.margin,
            others: puzzle
                .others
                .iter()
                .map(|(cell, loss)| OtherMove {
                    cell: cell.clone(),
                    loss: *loss,
                })
                .collect(),
            refutation: puzzle.refutation.clone(),
        }
    }
}

/// The answer of `queens puzzles`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PuzzlesReport {
    /// The puzzles found.
    pub puzzles: Vec<PuzzleReport>,
    /// Self-play games played.
    pub games: u64,
    /// Positions given to the solver.
    pub positions: u64,
    /// Positions skipped as not proved in --time-ms.
    pub unproved: u64,
    /// Whole milliseconds of the run.
    pub time_ms: u64,
    /// Whether --count puzzles were found (false when stopped).
    pub complete: bool,
}

/// How often `--out` is rewritten. Each rewrite writes the whole set, so rewriting after
/// every puzzle costs time quadratic in the puzzles (18,771 puzzles in 5 s without
/// `--out`, 1,522 with it). A rewrite instead waits until the run has gone on
/// [`Pacing::REST`] times as long as the last rewrite took: the file then takes at most
/// about a tenth of the run, however many puzzles it holds. The set is written once more
/// at the end (and after a stop), so the file ends with every puzzle found.
#[derive(Debug)]
struct Pacing {
    /// The last rewrite's cost.
    cost: Duration,
    /// When it ended (`None`: nothing written yet).
    at: Option<Instant>,
}

impl Default for Pacing {
    fn default() -> Pacing {
        Pacing {
            cost: Duration::ZERO,
            at: None,
        }
    }
}

impl Pacing {
    /// The run's time between rewrites, as a multiple of the last rewrite's cost.
    const REST: u32 = 9;

    /// The time since the last rewrite; `None` before the first.
    fn since_last(&self) -> Option<Duration> {
        self.at.map(|at| at.elapsed())
    }

    /// Whether a rewrite is due `since` the last one (the first is due at once).
    fn due(&self, since: Option<Duration>) -> bool {
        since.is_none_or(|since| since >= self.cost.saturating_mul(Self::REST))
    }

    /// Records a rewrite that took `cost`.
    fn wrote(&mut self, cost: Duration) {
        self.cost = cost;
        self.at = Some(Instant::now());
    }
}

/// What a file holding the first `written` puzzles of the run holds, in words; `None`
/// for none.
fn puzzles_held(written: usize) -> Option<String> {
    (written > 0).then(|| match written {
        1 => "the first puzzle found".to_string(),
        n => format!("the first {n} puzzles found"),
    })
}

/// Runs `queens puzzles` until --count puzzles are found or it is stopped; --out holds
/// every puzzle found.
///
/// # Errors
/// [`CliError::Target`] for an `--out` that cannot take the set (checked before any
/// work) or a write that fails (saying how many puzzles the file holds).
pub fn puzzles(args: &PuzzlesArgs, interrupt: &Interrupt) -> Result<PuzzlesReport, CliError> {
    let start = Instant::now();
    if !args.kind.is_queens() {
        return Err(CliError::Usage(format!(
            "puzzles --kind {}: this is the queens generator; the command line sends the other games to their own",
            args.kind.name()
        )));
    }
    let size = args.size.unwrap_or(DEFAULT_SIZES);
    if let Some(out) = &args.out {
        super::files::prepare_output(out, PUZZLES)?;
    }
    let (threads, note) = thread_note(usize::try_from(args.threads).unwrap_or(usize::MAX));
    if let Some(note) = note {
        eprintln!("queens: note: {note}");
    }
    let settings = GeneratorSettings {
        sizes: size.min..=size.max,
        seed: args.seed,
        min_loss: args.min_loss.unwrap_or(DEFAULT_MIN_LOSS),
        solve: SolveSettings {
            time: Some(Duration::from_millis(args.time_ms)),
            threads,
            ..SolveSettings::default()
        },
    };
    let count = usize::try_from(args.count).unwrap_or(usize::MAX);
    let mut failure = None;
    let mut pacing = Pacing::default();
    let mut written = 0;
    let (set, stats) = generate(
        &settings,
        count,
        &StopOnRequest(interrupt),
        |set, stats: &GenerateStats| {
            if failure.is_some() {
                return;
            }
            if let Some(out) = &args.out
                && pacing.due(pacing.since_last())
            {
                let started = Instant::now();
                if let Err(err) = write_output(out, PUZZLES, &[], set.to_ron().as_bytes()) {
                    failure = Some(refused_part_way(out, err, puzzles_held(written)));
                    interrupt.request();
                    return;
                }
                pacing.wrote(started.elapsed());
                written = set.puzzles.len();
            }
            // Progress for a person watching; scripts read the JSON.
            if std::io::stderr().is_terminal() {
                eprintln!(
                    "queens: {} of {count} puzzles ({} games, {} positions)",
                    set.puzzles.len(),
                    stats.games,
                    stats.positions
                );
            }
        },
    );
    if let Some(err) = failure {
        return Err(err);
    }
    if let Some(out) = &args.out {
        if written < set.puzzles.len() {
            // The puzzles found since the last rewrite: the file ends whole.
            write_output(out, PUZZLES, &[], set.to_ron().as_bytes())
                .map_err(|err| refused_part_way(out, err, puzzles_held(written)))?;
        } else if set.puzzles.is_empty() {
            eprintln!(
                "queens: note: no puzzle found, so nothing was written to {} (a file already there is left as it was)",
                out.display()
            );
        }
    }
    Ok(PuzzlesReport {
        complete: set.puzzles.len() == count,
        puzzles: set.puzzles.iter().map(PuzzleReport::from).collect(),
        games: stats.games,
        positions: stats.positions,
        unproved: stats.unproved,
        time_ms: u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_is_rewritten_when_the_run_has_gone_on_nine_times_the_last_rewrite() {
        let mut pacing = Pacing::default();
        assert!(pacing.due(None), "the first puzzle is written at once");
        pacing.wrote(Duration::from_millis(10));
        assert!(!pacing.due(Some(Duration::from_millis(89))));
        assert!(pacing.due(Some(Duration::from_millis(90))));
        // A cheap rewrite is due again soon; a file that got large waits longer.
        pacing.wrote(Duration::from_millis(200));
        assert!(!pacing.due(Some(Duration::from_millis(1000))));
        assert!(pacing.due(Some(Duration::from_millis(1800))));
    }

    #[test]
    fn sizes_are_one_side_or_an_ordered_range() {
        assert_eq!(parse_sizes("8"), Ok(SizeRange { min: 8, max: 8 }));
        assert_eq!(parse_sizes("6..8"), Ok(SizeRange { min: 6, max: 8 }));
        assert_eq!(parse_sizes("3..15"), Ok(SizeRange { min: 3, max: 15 }));
        for bad in [
            "", "2", "16", "8..6", "6..", "..8", "6...8", "6-8", "a..b", " 6..8",
        ] {
            assert_eq!(parse_sizes(bad), Err(SizeRangeError), "{bad:?}");
        }
    }
}
