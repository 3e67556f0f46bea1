//! `queens solve`: the exact margin of a position with perfect play, as JSON, with a
//! progress line on stderr.

use super::args::SolveArgs;
use super::beside::with_reporter;
use super::error::CliError;
use super::interrupt::Interrupt;
use crate::ai::SearchHandler;
use crate::ai::strong::{
    MoveValue, OpeningBook, SolveProgress, SolveSettings, SolveStart, margin_of, proof_of_list,
    solve_every_move, solve_from, table_for_board, thread_note,
};
use crate::board::{Board, Cell};
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The answer of `queens solve`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SolveReport {
    /// P1's final cells minus P2's with perfect play; `null` when not solved.
    pub margin: Option<i32>,
    /// The remaining gain from the side to move's view; `null` when not solved.
    pub value: Option<i32>,
    /// A best move (`null` on a finished game); when not solved, a move proved to reach
    /// at least `lower`, if one was found.
    #[serde(rename = "move")]
    pub best_move: Option<String>,
    /// Best moves to the end of the game (empty when not solved).
    pub pv: Vec<String>,
    /// Positions searched, all threads.
    pub nodes: u64,
    /// Whole milliseconds.
    pub time_ms: u64,
    /// Whether the margin is proved.
    pub solved: bool,
    /// A proved lower bound on the margin (the margin when solved).
    pub lower: i32,
    /// A proved upper bound on the margin (the margin when solved).
    pub upper: i32,
    /// Threads used.
    pub threads: usize,
    /// The table's size in MiB (rounded up): `--hash`, or less when the position can
    /// never fill that much.
    pub hash_mb: usize,
    /// With `--all-moves`: every legal move's margin, best first for the side to move;
    /// absent without it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<MoveReport>>,
    /// Whether a stop request (Ctrl+C, SIGTERM, SIGHUP) ended an unfinished solve.
    #[serde(skip)]
    pub stopped: bool,
}

impl SolveReport {
    /// Whether everything asked for is proved: the position's margin, and with
    /// `--all-moves` every move's (else the exit code is 3).
    pub fn complete(&self) -> bool {
        self.solved
            && self
                .moves
                .as_ref()
                .is_none_or(|moves| moves.iter().all(|m| m.margin.is_some()))
    }
}

/// One move of `solve --all-moves`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveReport {
    /// The move.
    #[serde(rename = "move")]
    pub cell: String,
    /// The exact final margin (P1 - P2) after it with perfect play; `null` when not
    /// proved in the time.
    pub margin: Option<i32>,
    /// A proved lower bound on that margin (the margin when proved).
    pub lower: i32,
    /// A proved upper bound on that margin (the margin when proved).
    pub upper: i32,
}

impl MoveReport {
    fn new(value: &MoveValue) -> MoveReport {
        MoveReport {
            cell: value.cell.to_string(),
            margin: value.margin,
            lower: value.lower,
            upper: value.upper,
        }
    }
}

/// Polls the interrupt flag and keeps the node count for the progress line.
struct Watch<'a> {
    interrupt: &'a Interrupt,
    nodes: AtomicU64,
}

impl SearchHandler<Cell> for Watch<'_> {
    fn should_stop(&self) -> bool {
        self.interrupt.flag().load(Ordering::Relaxed)
    }

    fn on_nodes(&self, nodes: u64) {
        self.nodes.store(nodes, Ordering::Relaxed);
    }
}

fn spinner() -> ProgressBar {
    // indicatif draws nothing when stderr is not a terminal (pipes, tests).
    let bar = ProgressBar::new_spinner();
    if let Ok(style) =
        ProgressStyle::with_template("{spinner} {elapsed_precise} {msg} (Ctrl+C stops)")
    {
        bar.set_style(style);
    }
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// Runs `queens solve` until done, out of time, or `interrupt` is raised. The time
/// limit counts from the start: the table's allocation and the threads' start are in it.
///
/// # Errors
/// A [`CliError`] for a position that cannot be set up or holds an illegal move;
/// [`CliError::Memory`] for a table that does not fit in memory.
pub fn solve_until(args: &SolveArgs, interrupt: &Interrupt) -> Result<SolveReport, CliError> {
    let start = Instant::now();
    let board: Board = args.position.board()?;
    let (threads, note) = thread_note(usize::try_from(args.threads).unwrap_or(usize::MAX));
    if let Some(note) = note {
        eprintln!("queens: note: {note}");
    }
    let table = table_for_board(&board, usize::try_from(args.hash).unwrap_or(usize::MAX))
        .map_err(CliError::Memory)?;
    let hash_mb = table.bytes().div_ceil(1 << 20);
    let setup = start.elapsed();
    let watch = Watch {
        interrupt,
        nodes: AtomicU64::new(0),
    };
    let progress = SolveProgress::default();
    let settings = SolveSettings {
        time: args
            .time_ms
            .map(|ms| Duration::from_millis(ms).saturating_sub(setup)),
        threads,
        ..SolveSettings::default()
    };
    let bar = spinner();
    let deadline = settings.time.map(|time| Instant::now() + time);
    // Every move first: the root's solve then finds most of its positions in the table.
    let moves = args.all_moves.then(|| {
        let total = board.free().count();
        let mut done = 0;
        // An empty board the opening book holds is answered from it at once.
        if let Some(values) = OpeningBook::shipped().every_move(&board) {
            return values;
        }
        solve_every_move(&board, &table, settings, &watch, |value| {
            done += 1;
            bar.set_message(format!(
                "{done} of {total} moves valued, the last {} ({})",
                value.cell,
                value.margin.map_or_else(
                    || format!("margin in [{}, {}]", value.lower, value.upper),
                    |m| format!("margin {m}")
                )
            ));
        })
    });
    // The position is worth its best move: what the list proves, the root's solve
    // starts from, and an unfinished answer keeps.
    let listed = moves
        .as_deref()
        .and_then(|values| proof_of_list(&board, values));
    let start_at = SolveStart {
        bounds: listed.map(|proof| (proof.lower, proof.upper)),
        beyond: None,
    };
    let settings = SolveSettings {
        time: deadline.map(|deadline| deadline.saturating_duration_since(Instant::now())),
        ..settings
    };
    let result = with_reporter(
        || solve_from(&board, &table, settings, start_at, &watch, &progress),
        || {
            let lower = progress.lower.load(Ordering::Relaxed);
            let upper = progress.upper.load(Ordering::Relaxed);
            let (a, b) = (margin_of(&board, lower), margin_of(&board, upper));
            bar.set_message(format!(
                "margin in [{}, {}], {} nodes",
                a.min(b),
                a.max(b),
                watch.nodes.load(Ordering::Relaxed)
            ));
        },
        || bar.finish_and_clear(),
        Duration::from_millis(100),
    );
    let mut best_move = result.best_move;
    if !result.solved
        && let Some(proof) = listed
    {
        let p1 = board.side_to_move() == crate::board::Player::One;
        let better = |reaches: i32| {
            if p1 {
                proof.reaches > reaches
            } else {
                proof.reaches < reaches
            }
        };
        if result.best_reaches.is_none_or(better) {
            best_move = Some(proof.best);
        }
    }
    let moves = moves.map(|values| values.iter().map(MoveReport::new).collect::<Vec<_>>());
    Ok(SolveReport {
        margin: result.margin,
        value: result.value,
        best_move: best_move.map(|cell| cell.to_string()),
        pv: result.pv.iter().map(Cell::to_string).collect(),
        nodes: result.nodes,
        time_ms: u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX),
        solved: result.solved,
        lower: result.lower,
        upper: result.upper,
        threads,
        hash_mb,
        stopped: interrupt.requested()
            && (!result.solved
                || moves
                    .as_ref()
                    .is_some_and(|moves| moves.iter().any(|m| m.margin.is_none()))),
        moves,
    })
}
