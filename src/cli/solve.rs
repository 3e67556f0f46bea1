//! `queens solve`: the exact margin of a position with perfect play, as JSON, with a
//! progress line on stderr.

use super::args::SolveArgs;
use super::beside::with_reporter;
use super::error::CliError;
use super::interrupt::Interrupt;
use crate::ai::SearchHandler;
use crate::ai::strong::{
    LOSS_THRESHOLDS, ListProof, MoveRounds, MoveValue, OpeningBook, SolveProgress, SolveResult,
    SolveSettings, SolveStart, Table, margin_of, proof_of_list, solve_from, table_for_board,
    thread_note,
};
use crate::board::{Board, Cell, MAX_CELLS, Player};
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
    /// `--exact-within K`: only moves losing at most K cells were solved exactly; absent
    /// without it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact_within: Option<u32>,
    /// Whether a stop request (Ctrl+C, SIGTERM, SIGHUP) ended an unfinished solve.
    #[serde(skip)]
    pub stopped: bool,
}

impl SolveReport {
    /// Whether everything asked for is proved: the position's margin, and with
    /// `--all-moves` every move's (with `--exact-within K`, or that it loses more than
    /// K); else the exit code is 3.
    pub fn complete(&self) -> bool {
        self.solved
            && self
                .moves
                .as_ref()
                .is_none_or(|moves| moves.iter().all(|m| self.settled(m)))
    }

    /// Whether `entry` has what was asked of it: its margin, or a proof that it loses
    /// more than `exact_within`.
    fn settled(&self, entry: &MoveReport) -> bool {
        entry.margin.is_some()
            || entry
                .loss_at_least
                .zip(self.exact_within)
                .is_some_and(|(loss, within)| loss > within as i32)
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
    /// With `--exact-within`, on a move whose margin was not sought or not found: the
    /// cells it is proved to lose at least against the position's margin (absent when
    /// the position is not solved, or nothing beyond 0 is proved).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub loss_at_least: Option<i32>,
}

impl MoveReport {
    /// `value` as listed; `loss_against`: the position's margin and its mover, when
    /// `--exact-within` asks for losses.
    fn new(value: &MoveValue, loss_against: Option<(i32, Player)>) -> MoveReport {
        let loss_at_least = loss_against
            .filter(|_| value.margin.is_none())
            .map(|(best, mover)| match mover {
                Player::One => best - value.upper,
                Player::Two => value.lower - best,
            })
            .filter(|&loss| loss > 0);
        MoveReport {
            cell: value.cell.to_string(),
            margin: value.margin,
            lower: value.lower,
            upper: value.upper,
            loss_at_least,
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
/// limit counts from the start: one deadline, `start + --time-ms`, from which each step
/// takes the time left when it begins, so the table's allocation, the threads' start,
/// the progress line, the opening book and the answer's own making are all in it.
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
    let deadline = args.time_ms.map(|ms| start + Duration::from_millis(ms));
    let table = table_for_board(&board, usize::try_from(args.hash).unwrap_or(usize::MAX))
        .map_err(CliError::Memory)?;
    let hash_mb = table.bytes().div_ceil(1 << 20);
    let watch = Watch {
        interrupt,
        nodes: AtomicU64::new(0),
    };
    let settings = SolveSettings {
        threads,
        ..SolveSettings::default()
    };
    let bar = spinner();
    let solver = Solver {
        board: &board,
        table: &table,
        watch: &watch,
        bar: &bar,
        deadline,
    };
    // Every move first (the position's own solve is its first step), then the position
    // unless that solve proved it already.
    let (moves, root) = match args.all_moves {
        true => solver.every_move(settings, args.exact_within),
        false => (None, None),
    };
    let (result, best_move) = solver.position(settings, moves.as_deref(), root);
    let loss_against = args
        .exact_within
        .and(result.margin)
        .map(|margin| (margin, board.side_to_move()));
    let moves = moves.map(|values| {
        values
            .iter()
            .map(|value| MoveReport::new(value, loss_against))
            .collect::<Vec<_>>()
    });
    let mut report = SolveReport {
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
        stopped: false,
        moves,
        exact_within: args.exact_within,
    };
    report.stopped = interrupt.requested() && !report.complete();
    Ok(report)
}

/// One position's solve for `queens solve`: the board, its table, the stop flag, the
/// progress line and the command's deadline.
struct Solver<'a> {
    board: &'a Board,
    table: &'a Table,
    watch: &'a Watch<'a>,
    bar: &'a ProgressBar,
    /// `start + --time-ms`, the command's start being the process's work's first step:
    /// every step's time is what is left of it when the step begins.
    deadline: Option<Instant>,
}

impl Solver<'_> {
    /// `settings` with the time left before the deadline, now.
    fn in_time_left(&self, settings: SolveSettings) -> SolveSettings {
        SolveSettings {
            time: self
                .deadline
                .map(|deadline| deadline.saturating_duration_since(Instant::now())),
            ..settings
        }
    }

    /// Every legal move's value (`--all-moves`): the position is solved first (its
    /// margin V), then every move is asked in rounds, "does it lose more than K cells
    /// against V?" for K in [`LOSS_THRESHOLDS`] and then exactly (with `within`, one
    /// round of K = `within` only), one table for all (`value_every_move_in_rounds`, the
    /// window's way). The progress line counts the distinct moves answered so far.
    /// Returns the moves and the position's solve (`None` from the book or when the game
    /// is over).
    fn every_move(
        &self,
        settings: SolveSettings,
        within: Option<u32>,
    ) -> (Option<Vec<MoveValue>>, Option<SolveResult>) {
        // An empty board the opening book holds is answered from it at once.
        if let Some(values) = OpeningBook::shipped().every_move(self.board) {
            return (Some(values), None);
        }
        if self.board.free().is_empty() {
            return (Some(Vec::new()), None);
        }
        // The moves are made ready before the position's solve, so their cost comes out
        // of the time the solve is given rather than after the deadline.
        let rounds = MoveRounds::new(self.board);
        let root = self.solve(self.in_time_left(settings), None, false);
        let thresholds = match within {
            Some(within) => vec![within],
            None => LOSS_THRESHOLDS.to_vec(),
        };
        let mut progress = Answered::new(self.board, &root, within);
        let values = rounds.value(
            self.table,
            self.in_time_left(settings),
            self.watch,
            &root,
            &thresholds,
            |value| {
                if let Some(message) = progress.hear(value) {
                    self.bar.set_message(message);
                }
            },
        );
        (Some(values), Some(root))
    }

    /// The position's own solve, and the move to name: the position is worth its best
    /// move, so what the list of `moves` proves is where the solve starts (a `root`
    /// solved already is kept), and an unfinished answer names the list's best move when
    /// it is proved to reach more.
    fn position(
        &self,
        settings: SolveSettings,
        moves: Option<&[MoveValue]>,
        root: Option<SolveResult>,
    ) -> (SolveResult, Option<Cell>) {
        let listed = moves.and_then(|values| proof_of_list(self.board, values));
        let result = match root.filter(|root| root.solved) {
            Some(root) => root,
            None => self.solve(self.in_time_left(settings), listed, true),
        };
        let mut best_move = result.best_move;
        if !result.solved
            && let Some(proof) = listed
        {
            let p1 = self.board.side_to_move() == Player::One;
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
        (result, best_move)
    }

    /// Solves the position from what the list proved, with the progress line (cleared at
    /// the end when `clear`: nothing comes after it).
    fn solve(
        &self,
        settings: SolveSettings,
        listed: Option<ListProof>,
        clear: bool,
    ) -> SolveResult {
        let progress = SolveProgress::default();
        let start_at = SolveStart {
            bounds: listed.map(|proof| (proof.lower, proof.upper)),
            beyond: None,
        };
        with_reporter(
            || {
                solve_from(
                    self.board, self.table, settings, start_at, self.watch, &progress,
                )
            },
            || {
                let lower = progress.lower.load(Ordering::Relaxed);
                let upper = progress.upper.load(Ordering::Relaxed);
                let (a, b) = (margin_of(self.board, lower), margin_of(self.board, upper));
                self.bar.set_message(format!(
                    "margin in [{}, {}], {} nodes",
                    a.min(b),
                    a.max(b),
                    self.watch.nodes.load(Ordering::Relaxed)
                ));
            },
            || {
                if clear {
                    self.bar.finish_and_clear();
                }
            },
            Duration::from_millis(100),
        )
    }
}

/// The progress line of `--all-moves`: how many distinct moves are answered (exact, or
/// with `--exact-within K` proved to lose more than K), out of all. The rounds tell a
/// move again whenever its bounds change, so a count of what they tell would run past
/// the number of moves.
struct Answered {
    /// Whether each cell (by index) is answered.
    done: Vec<bool>,
    count: usize,
    total: usize,
    /// The position's proved margin and mover, with `--exact-within`'s K: what a loss
    /// is measured against.
    loss_against: Option<(i32, Player, u32)>,
}

impl Answered {
    fn new(board: &Board, root: &SolveResult, within: Option<u32>) -> Answered {
        Answered {
            done: vec![false; MAX_CELLS],
            count: 0,
            total: board.free().count() as usize,
            loss_against: root
                .margin
                .filter(|_| root.solved)
                .zip(within)
                .map(|(margin, within)| (margin, board.side_to_move(), within)),
        }
    }

    /// Takes in `value`; returns the progress line when the count grew.
    fn hear(&mut self, value: &MoveValue) -> Option<String> {
        let beyond = self.loss_against.is_some_and(|(best, mover, within)| {
            let loss = match mover {
                Player::One => best - value.upper,
                Player::Two => value.lower - best,
            };
            loss > within as i32
        });
        let slot = self.done.get_mut(value.cell.index())?;
        if *slot || !(value.margin.is_some() || beyond) {
            return None;
        }
        *slot = true;
        self.count += 1;
        Some(format!(
            "{} of {} moves proved, the last {} ({})",
            self.count,
            self.total,
            value.cell,
            value.margin.map_or_else(
                || format!("margin in [{}, {}]", value.lower, value.upper),
                |m| format!("margin {m}")
            )
        ))
    }
}
