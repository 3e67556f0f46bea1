//! `queens puzzles`: "find the only move that keeps the proved margin" puzzles of any
//! game whose row in the games table has an exact solver, from the one generator
//! ([`queens_engines::analysis::generate_puzzles`]), printed in one shape for every game and
//! written (`--out`) as they are found. What differs between games is the game's
//! (through the seam) or read off its row: a board of stones (queens) draws its boards
//! from `--size`; a loss is in the margin's units, queens' cells or a game's result
//! steps (a win to a draw is 1), which also sets `--min-loss`'s default and its most.

use super::args::values::{GameArg, parse_kind, solver_kind_help};
use super::error::CliError;
use super::files::refused_part_way;
use super::interrupt::Interrupt;
use super::number::whole;
use super::rows::{board_games, named, refuse_without_solver};
use clap::Args;
use queens_board::{MAX_CELLS, MAX_SIZE, MIN_SIZE};
use queens_engines::ai::puzzles::PuzzleSet;
use queens_engines::ai::strong::thread_note;
use queens_engines::ai::{MAX_THREADS, MAX_TIME_MS};
use queens_engines::analysis::{Outcome, PuzzleStats, generate_puzzles, outcome_of};
use queens_engines::games::seam::{AnyGame, PuzzleAsk, PuzzleProof};
use queens_store::{PUZZLES, write_output};
use serde::Serialize;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use thiserror::Error;

/// Queens' board sides when `--size` is not given.
pub(crate) const DEFAULT_SIZES: SizeRange = SizeRange { min: 5, max: 12 };

/// Queens' fewest cells a wrong move gives away when `--min-loss` is not given (a
/// game won, drawn or lost: 1 result step).
pub(crate) const DEFAULT_MIN_LOSS: i32 = 2;

/// The most result steps a move of a game won, drawn or lost gives away: a win turned
/// into a loss.
const MAX_STEPS: i32 = 2;

/// The most puzzles one run is asked for.
pub(crate) const MAX_PUZZLES: u64 = 100_000;

/// Arguments of `queens puzzles`.
#[derive(Args, Debug)]
pub struct PuzzlesArgs {
    /// How many puzzles to find, 1 to 100000.
    #[arg(long, value_name = "N", default_value_t = 10, allow_negative_numbers = true, value_parser = whole::<u64>(1, MAX_PUZZLES))]
    pub count: u64,
    /// The game, as the games table names it: any game whose row has an exact solver
    /// (queens, the default, draws boards of stones and counts losses in cells; the
    /// others play random games from their start and count losses in result steps). A
    /// game without one is refused.
    #[arg(long, value_name = "GAME", default_value = "queens", value_parser = parse_kind, help = solver_kind_help())]
    pub kind: GameArg,
    /// The board sides, for a game whose boards of stones are drawn: one (8) or a range
    /// A..B (6..8), each from 3 to 15 (default 5..12).
    #[arg(long, value_name = "A..B", allow_negative_numbers = true, value_parser = parse_sizes)]
    pub size: Option<SizeRange>,
    /// The seed: the same seed and options give the same puzzles (with --threads 1, and
    /// when no position runs out of --time-ms).
    #[arg(long, value_name = "S", default_value_t = 1, allow_negative_numbers = true, value_parser = whole::<u64>(0, u64::MAX))]
    pub seed: u64,
    /// The least every wrong move must give away: cells for a game whose result is a
    /// margin of cells, 1 to 225 (default 2); result steps for a game won, drawn or
    /// lost, 1 (a win to a draw, a draw to a loss; the default) or 2 (a win to a loss).
    #[arg(long, value_name = "K", allow_negative_numbers = true, value_parser = whole::<i32>(1, MAX_CELLS as u64))]
    pub min_loss: Option<i32>,
    /// The solver's time for each position in milliseconds; a position not proved in
    /// it is skipped (and counted in "unproved").
    #[arg(long, value_name = "T", default_value_t = 3000, allow_negative_numbers = true, value_parser = whole::<u64>(0, MAX_TIME_MS))]
    pub time_ms: u64,
    /// Solver threads, 0 to 1024; 0 means one per core. The default, 1, keeps the
    /// refutation lines the same from run to run.
    #[arg(long, value_name = "K", default_value_t = 1, allow_negative_numbers = true, value_parser = whole::<u64>(0, MAX_THREADS as u64))]
    pub threads: u64,
    /// Also write the puzzles to this file (.ron, the format of data/puzzles.ron),
    /// rewritten as puzzles are found.
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
pub(crate) struct SizeRangeError;

/// Parses `8` or `6..8` (sides 3 to 15, the first not larger).
///
/// # Errors
/// [`SizeRangeError`].
pub(crate) fn parse_sizes(text: &str) -> Result<SizeRange, SizeRangeError> {
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
pub(crate) struct OtherMove {
    /// The move.
    #[serde(rename = "move")]
    pub cell: String,
    /// The cells it gives away against the best.
    pub loss: i32,
}

/// One puzzle in the answer: queens' fields for every game, and a game won, drawn or
/// lost adds its own words (`value`, `outcome`), as `solve` and `analyse` do.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct PuzzleReport {
    /// The position as a game string.
    pub game: String,
    /// The move that keeps the best margin (for queens, its mirror images are right too).
    pub solution: String,
    /// The margin with best play from the first player's view: queens' cells (P1 - P2);
    /// 1, 0 or -1 for a game won, drawn or lost.
    pub margin: i32,
    /// For a game won, drawn or lost: the position's value from the mover's view, as its
    /// engines score a finished game (a quicker win is worth more).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<i32>,
    /// For such a game: what the value proves for the mover, `win` or `draw`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
    /// Every other move with its loss (queens' cells, or result steps), least first.
    pub others: Vec<OtherMove>,
    /// The most tempting wrong move, then best play after it.
    pub refutation: Vec<String>,
}

impl From<&PuzzleProof> for PuzzleReport {
    fn from(proof: &PuzzleProof) -> PuzzleReport {
        let puzzle = &proof.puzzle;
        PuzzleReport {
            game: puzzle.game.clone(),
            solution: puzzle.solution.clone(),
            margin: puzzle.margin,
            value: proof.value,
            outcome: outcome_of(proof),
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
pub(crate) struct PuzzlesReport {
    /// The game's tag; absent for queens, as its game strings leave it out.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<&'static str>,
    /// The puzzles found.
    pub puzzles: Vec<PuzzleReport>,
    /// Games played.
    pub games: u64,
    /// Positions given to the solver.
    pub positions: u64,
    /// Positions skipped as not proved in --time-ms.
    pub unproved: u64,
    /// Whole milliseconds of the run.
    pub time_ms: u64,
    /// Whether --count puzzles were found (false when stopped, or when the game's
    /// positions ran out first).
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

/// What `args` ask of the generator for `game`, refusing what the game does not take:
/// `--size` for a game that is not a board of stones, a `--min-loss` beyond the most a
/// move of a game won, drawn or lost gives away (2 result steps).
///
/// # Errors
/// [`CliError::Usage`] for those.
fn ask_of(args: &PuzzlesArgs, game: &dyn AnyGame, threads: usize) -> Result<PuzzleAsk, CliError> {
    let tools = game.tools();
    let kind = args.kind.name();
    if args.size.is_some() && !tools.board_of_stones {
        return Err(CliError::Usage(format!(
            "puzzles --size is for {}; {kind} puzzles start from its start position",
            board_games()
        )));
    }
    let min_loss = match (args.min_loss, tools.margin_result) {
        (Some(cells), true) => cells,
        (None, true) => DEFAULT_MIN_LOSS,
        (Some(steps @ 1..=MAX_STEPS), false) => steps,
        (None, false) => 1,
        (Some(other), false) => {
            return Err(CliError::Usage(format!(
                "puzzles --kind {kind} --min-loss {other}: a loss here is in result steps, 1 (a win to a draw, a draw to a loss) or 2 (a win to a loss)"
            )));
        }
    };
    let size = args.size.unwrap_or(DEFAULT_SIZES);
    Ok(PuzzleAsk {
        seed: args.seed,
        min_loss: min_loss.unsigned_abs(),
        time: Some(Duration::from_millis(args.time_ms)),
        threads,
        sizes: (size.min, size.max),
    })
}

/// `--out` kept up to date as puzzles are found: rewritten at [`Pacing`]'s pace, the
/// first write failure kept to be told (and the run stopped).
struct OutFile<'a> {
    path: &'a std::path::Path,
    pacing: Pacing,
    /// The puzzles the file holds.
    written: usize,
    failure: Option<CliError>,
}

impl OutFile<'_> {
    /// Writes `found` (every puzzle so far) when a rewrite is due, or `always`.
    fn write(&mut self, found: &[PuzzleProof], always: bool) -> Result<(), CliError> {
        if !always && !self.pacing.due(self.pacing.since_last()) {
            return Ok(());
        }
        let set = PuzzleSet {
            puzzles: found.iter().map(|proof| proof.puzzle.clone()).collect(),
        };
        let started = Instant::now();
        write_output(self.path, PUZZLES, &[], set.to_ron().as_bytes())
            .map_err(|err| refused_part_way(self.path, err, puzzles_held(self.written)))?;
        self.pacing.wrote(started.elapsed());
        self.written = found.len();
        Ok(())
    }
}

/// Runs `queens puzzles` until --count puzzles are found or it is stopped; --out holds
/// every puzzle found.
///
/// # Errors
/// [`CliError::Usage`] for a game without an exact solver or an option it does not
/// take; [`CliError::Target`] for an `--out` that cannot take the set (checked before
/// any work) or a write that fails (saying how many puzzles the file holds).
pub(crate) fn puzzles(
    args: &PuzzlesArgs,
    interrupt: &Interrupt,
) -> Result<PuzzlesReport, CliError> {
    let start = Instant::now();
    refuse_without_solver("puzzles", args.kind)?;
    let game: Box<dyn AnyGame> = (args.kind.0.start)()?;
    let (threads, note) = thread_note(usize::try_from(args.threads).unwrap_or(usize::MAX));
    let ask = ask_of(args, game.as_ref(), threads)?;
    if let Some(out) = &args.out {
        super::files::prepare_output(out, PUZZLES)?;
    }
    if let Some(note) = note {
        eprintln!("queens: note: {note}");
    }
    let count = usize::try_from(args.count).unwrap_or(usize::MAX);
    let mut out = args.out.as_deref().map(|path| OutFile {
        path,
        pacing: Pacing::default(),
        written: 0,
        failure: None,
    });
    let stop = || interrupt.requested();
    let (found, stats) = generate_puzzles(
        game.as_ref(),
        &ask,
        count,
        &stop,
        |found, stats: &PuzzleStats| {
            if let Some(out) = &mut out
                && out.failure.is_none()
                && let Err(err) = out.write(found, false)
            {
                out.failure = Some(err);
                interrupt.request();
                return;
            }
            // Progress for a person watching; scripts read the JSON.
            if std::io::stderr().is_terminal() {
                eprintln!(
                    "queens: {} of {count} puzzles ({} games, {} positions)",
                    found.len(),
                    stats.games,
                    stats.positions
                );
            }
        },
    )
    .map_err(|err| CliError::Usage(err.to_string()))?;
    if let Some(mut out) = out {
        if let Some(err) = out.failure.take() {
            return Err(err);
        }
        if out.written < found.len() {
            // The puzzles found since the last rewrite: the file ends whole.
            out.write(&found, true)?;
        } else if found.is_empty() {
            eprintln!(
                "queens: note: no puzzle found, so nothing was written to {} (a file already there is left as it was)",
                out.path.display()
            );
        }
    }
    Ok(PuzzlesReport {
        kind: named(game.as_ref()),
        complete: found.len() == count,
        puzzles: found.iter().map(PuzzleReport::from).collect(),
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
