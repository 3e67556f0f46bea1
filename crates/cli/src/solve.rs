//! `queens solve`: the exact result of a position with best play, for every game whose
//! row in the games table has an exact solver, as JSON, with a progress line on stderr.
//! One path for every game: the game solves through the seam
//! ([`AnyGame::solve_within`]), and the answer tells every game's result as a margin
//! from the first player's view (queens' cells; 1, 0 or -1 for a game won, drawn or
//! lost, whose answer also says who wins and in how many plies).

use super::args::SolveArgs;
use super::beside::with_reporter;
use super::error::CliError;
use super::interrupt::Interrupt;
use super::table_game::{KindReport, legal_position, named, own_notation};
use indicatif::{ProgressBar, ProgressStyle};
use queens_engines::ai::strong::thread_note;
use queens_engines::games::seam::{AnyGame, Exact, MoveSolution, SolveAsk, SolveError, SolveWatch};
use serde::Serialize;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// The answer of `queens solve`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SolveReport {
    /// The final margin with best play from the first player's view: queens' P1 cells
    /// less P2's; for a game won, drawn or lost, 1 (the first player wins), 0 or -1;
    /// `null` when not solved.
    pub margin: Option<i32>,
    /// For a game won, drawn or lost: who wins with best play in the game's notation
    /// (`x`/`o`, `b`/`w`) or `draw`, `null` when not solved; absent for queens.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Option<&'static str>>,
    /// The value from the side to move's view as the game's engines score it: queens'
    /// cells still to gain; tic-tac-toe ±(100 + empty cells left), Dodgem ±(100000 -
    /// plies played), 0 a draw; `null` when not solved.
    pub value: Option<i32>,
    /// For a game won, drawn or lost: plies to the end with best play (the winner as
    /// quick, the loser as slow as it can; `null` for a draw or when not solved); absent
    /// for queens.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plies: Option<Option<u32>>,
    /// A best move (`null` on a finished game); when not solved, a move proved to reach
    /// the side to move's bound, if one was found.
    #[serde(rename = "move")]
    pub best_move: Option<String>,
    /// Best moves to the end of the game (empty when not solved).
    pub pv: Vec<String>,
    /// Positions the position's solve searched, all threads (Dodgem: distinct positions
    /// solved); the moves' solves are not counted.
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
    /// never fill that much; 0 for a game whose solver keeps none.
    pub hash_mb: usize,
    /// With `--all-moves`: every legal move's margin, best first for the side to move;
    /// absent without it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<MoveReport>>,
    /// `--exact-within K`: only moves losing at most K of the margin were solved
    /// exactly; absent without it.
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
    /// The exact final margin (from the first player's view) after it with best play;
    /// `null` when not proved in the time.
    pub margin: Option<i32>,
    /// A proved lower bound on that margin (the margin when proved).
    pub lower: i32,
    /// A proved upper bound on that margin (the margin when proved).
    pub upper: i32,
    /// With `--exact-within`, on a move whose margin was not sought or not found: how
    /// much of the margin it is proved to lose at least against the position's (absent
    /// when the position is not solved, or nothing beyond 0 is proved).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub loss_at_least: Option<i32>,
    /// For a game won, drawn or lost: the move's value from the mover's view, as the
    /// position's `value`; absent for queens and when not proved.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<i32>,
    /// For a game won, drawn or lost: what the move proves for the mover, `win`, `draw`
    /// or `loss`; absent for queens and when not proved.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome: Option<&'static str>,
    /// For a game won, drawn or lost: plies from the position to the end with best play
    /// after the move (`null` for a draw); absent for queens and when not proved.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plies: Option<Option<u32>>,
}

/// What an exact value of `game` (from its side to move's view) tells a won, drawn or
/// lost game's answer: who wins (the mover's view word and the seat), and at which ply
/// the game ends; `None` for a game whose result is a margin.
struct Decision {
    /// The mover wins (`Some(true)`), loses (`Some(false)`), or it is a draw.
    mover_wins: Option<bool>,
    /// The ply the game ends at with best play, when someone wins.
    ends_at_ply: Option<u32>,
}

fn decision(game: &dyn AnyGame, exact: &Exact) -> Option<Decision> {
    if exact.margin.is_some() {
        return None;
    }
    let decided = game.decided(exact.value);
    Some(Decision {
        mover_wins: decided.map(|d| d.searcher_wins),
        ends_at_ply: decided.map(|d| d.ends_at_ply),
    })
}

impl MoveReport {
    /// `entry` of `game`'s list; `loss_against`: the position's margin and whether the
    /// first player moves, when `--exact-within` asks for losses.
    fn new(game: &dyn AnyGame, entry: &MoveSolution, loss_against: Option<(i32, bool)>) -> Self {
        let proved = entry.after.as_ref().filter(|_| entry.lower == entry.upper);
        let margin = proved.map(|_| entry.lower);
        let loss_at_least = loss_against
            .filter(|_| margin.is_none())
            .map(|(best, first_moves)| match first_moves {
                true => best - entry.upper,
                false => entry.lower - best,
            })
            .filter(|&loss| loss > 0);
        // The position after the move is the other side's: its decision, turned.
        let decided = proved.and_then(|after| Some((after, decision(game, after)?)));
        // The position's ply: the one before the position after the move.
        let ply = proved.map_or(0, |after| after.ply.saturating_sub(1));
        MoveReport {
            cell: entry.mv.clone(),
            margin,
            lower: entry.lower,
            upper: entry.upper,
            loss_at_least,
            value: decided.as_ref().map(|(after, _)| -after.value),
            outcome: decided.as_ref().map(|(_, d)| match d.mover_wins {
                Some(true) => "loss",
                Some(false) => "win",
                None => "draw",
            }),
            plies: decided.map(|(_, d)| d.ends_at_ply.map(|end| end.saturating_sub(ply))),
        }
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

/// The progress line: the moves answered, or the position's bounds so far.
fn progress_line(watch: &SolveWatch) -> String {
    let nodes = watch.nodes.load(Ordering::Relaxed);
    let total = watch.moves_total.load(Ordering::Relaxed);
    if total > 0 {
        let answered = watch.moves_answered.load(Ordering::Relaxed);
        return format!("{answered} of {total} moves proved, {nodes} nodes");
    }
    if watch.bounded.load(Ordering::Relaxed) {
        let lower = watch.lower.load(Ordering::Relaxed);
        let upper = watch.upper.load(Ordering::Relaxed);
        return format!("margin in [{lower}, {upper}], {nodes} nodes");
    }
    format!("{nodes} nodes")
}

/// Runs `queens solve` until done, out of time, or `interrupt` is raised. The time
/// limit counts from the start: one deadline, `start + --time-ms`, from which each step
/// takes the time left when it begins, so the table's allocation, the threads' start,
/// the progress line, the opening book and the answer's own making are all in it.
///
/// # Errors
/// A [`CliError`] for a position that cannot be set up or holds an illegal move, or a
/// game without an exact solver; [`CliError::Memory`] for a table that does not fit in
/// memory.
pub(crate) fn solve_until(
    args: &SolveArgs,
    interrupt: &Interrupt,
) -> Result<KindReport<SolveReport>, CliError> {
    let start = Instant::now();
    let game = legal_position(&args.position)?;
    let (threads, note) = thread_note(usize::try_from(args.threads).unwrap_or(usize::MAX));
    if let Some(note) = note {
        eprintln!("queens: note: {note}");
    }
    let ask = SolveAsk {
        deadline: args
            .time_ms
            .map(|ms| web_time::Instant::now() + Duration::from_millis(ms)),
        threads,
        hash_mb: usize::try_from(args.hash).unwrap_or(usize::MAX),
        all_moves: args.all_moves,
        exact_within: args.exact_within,
    };
    let bar = spinner();
    let report = solve_game(game.as_ref(), &ask, interrupt, start, &bar)?;
    Ok(KindReport {
        kind: named(game.as_ref()),
        position: own_notation(game.as_ref()),
        report,
    })
}

/// What `queens solve` (with `all_moves`, `--all-moves`) answers for `game` with no
/// time limit, one thread and the default table (nothing stops it); `None` for a game
/// without an exact solver.
pub fn solution_of(game: &dyn AnyGame, all_moves: bool) -> Option<SolveReport> {
    let ask = SolveAsk {
        deadline: None,
        threads: 1,
        hash_mb: queens_engines::ai::DEFAULT_HASH_MB,
        all_moves,
        exact_within: None,
    };
    let bar = ProgressBar::hidden();
    solve_game(game, &ask, &Interrupt::new(), Instant::now(), &bar).ok()
}

/// Solves `game` as `ask` says, with `bar` showing how far it got, until done, out of
/// time, or `interrupt` is raised; `start` is the command's start, for `time_ms`.
fn solve_game(
    game: &dyn AnyGame,
    ask: &SolveAsk,
    interrupt: &Interrupt,
    start: Instant,
    bar: &ProgressBar,
) -> Result<SolveReport, CliError> {
    let watch = SolveWatch::default();
    let stop = || interrupt.requested();
    let solution = with_reporter(
        || game.solve_within(ask, &stop, &watch),
        || bar.set_message(progress_line(&watch)),
        || bar.finish_and_clear(),
        Duration::from_millis(100),
    )
    .map_err(|err| match err {
        SolveError::NoSolver(none) => CliError::Usage(none.to_string()),
        SolveError::Memory(why) => CliError::Memory(why),
    })?;
    let margin = solution.margin();
    let first_moves = game.seat_to_move() == 0;
    let loss_against = ask.exact_within.and(margin).map(|m| (m, first_moves));
    let moves = solution.moves.as_ref().map(|moves| {
        moves
            .iter()
            .map(|entry| MoveReport::new(game, entry, loss_against))
            .collect::<Vec<_>>()
    });
    let exact = solution.exact.as_ref();
    let decided = exact.and_then(|exact| decision(game, exact));
    let won_drawn_or_lost = !game.tools().margin_result;
    let sides = game.sides();
    let mover = game.seat_to_move().min(1);
    let mut report = SolveReport {
        margin,
        outcome: won_drawn_or_lost.then(|| {
            decided.as_ref().map(|d| match d.mover_wins {
                Some(true) => sides[mover],
                Some(false) => sides[1 - mover],
                None => "draw",
            })
        }),
        value: exact.map(|exact| value_of(game, exact)),
        plies: won_drawn_or_lost.then(|| {
            decided
                .as_ref()
                .zip(exact)
                .and_then(|(d, exact)| d.ends_at_ply.map(|end| end.saturating_sub(exact.ply)))
        }),
        best_move: exact.map_or(solution.bound_move.clone(), |exact| exact.best_move.clone()),
        pv: exact.map_or_else(Vec::new, |exact| exact.pv.clone()),
        nodes: solution.nodes,
        time_ms: u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX),
        solved: margin.is_some(),
        lower: solution.lower,
        upper: solution.upper,
        threads: solution.threads,
        hash_mb: solution.hash_mb,
        stopped: false,
        moves,
        exact_within: ask.exact_within,
    };
    report.stopped = interrupt.requested() && !report.complete();
    Ok(report)
}

/// The answer's `value`: the engines' value from the side to move's view; for a game
/// whose result is a margin, the part of it still to be won (the final margin less the
/// score now, both from the side to move's view), as queens' engines count it.
fn value_of(game: &dyn AnyGame, exact: &Exact) -> i32 {
    match exact.margin {
        Some(margin) => {
            let score = game.score();
            let mover = game.seat_to_move().min(1);
            let now = i64::from(score[mover]) - i64::from(score[1 - mover]);
            i32::try_from(i64::from(margin) - now).unwrap_or(margin)
        }
        None => exact.value,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens_engines::games::table::by_tag;

    fn start(tag: &str) -> Box<dyn AnyGame> {
        let entry = by_tag(tag).unwrap_or_else(|| panic!("{tag}"));
        (entry.start)().unwrap_or_else(|e| panic!("{e}"))
    }

    fn ask() -> SolveAsk {
        SolveAsk {
            deadline: None,
            threads: 1,
            hash_mb: 1,
            all_moves: false,
            exact_within: None,
        }
    }

    #[test]
    fn a_stopped_solve_proves_nothing_and_says_so() {
        let interrupt = Interrupt::new();
        interrupt.request();
        let dodgem = start("dodgem");
        let bar = ProgressBar::hidden();
        let stopped = solve_game(dodgem.as_ref(), &ask(), &interrupt, Instant::now(), &bar)
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(!stopped.solved && stopped.stopped);
        assert_eq!((stopped.margin, stopped.value), (None, None));
        // A won, drawn or lost game says who wins, here nobody yet; queens says nothing.
        assert_eq!((stopped.outcome, stopped.plies), (Some(None), Some(None)));
        // Nothing asked it to stop: proved, Black wins in 19 plies (1 for a first
        // player's win).
        let solved = solution_of(dodgem.as_ref(), false).unwrap_or_else(|| panic!("no solver"));
        assert!(solved.solved);
        assert_eq!(
            (solved.outcome, solved.plies, solved.margin),
            (Some(Some("b")), Some(Some(19)), Some(1))
        );
        assert_eq!((solved.lower, solved.upper), (1, 1));
    }

    #[test]
    fn a_game_without_an_exact_solver_says_so_by_name() {
        let othello = start("othello");
        let bar = ProgressBar::hidden();
        let refused = solve_game(
            othello.as_ref(),
            &ask(),
            &Interrupt::new(),
            Instant::now(),
            &bar,
        );
        assert_eq!(
            refused.map_err(|e| e.to_string()).err(),
            Some("othello has no exact solver".to_string())
        );
        assert_eq!(solution_of(othello.as_ref(), false), None);
    }

    #[test]
    fn queens_and_tictactoe_answer_in_one_shape() {
        let queens = queens_engines::games::game_string::read("size=4 stones=b2")
            .unwrap_or_else(|e| panic!("{e}"));
        let tictactoe = start("tictactoe");
        let keys = |report: &SolveReport| -> Vec<String> {
            let json = serde_json::to_value(report).unwrap_or_else(|e| panic!("{e}"));
            json.as_object()
                .map(|o| o.keys().cloned().collect())
                .unwrap_or_default()
        };
        let q = solution_of(queens.as_ref(), true).unwrap_or_else(|| panic!("queens"));
        let t = solution_of(tictactoe.as_ref(), true).unwrap_or_else(|| panic!("tictactoe"));
        // Every field of queens' answer is in tic-tac-toe's, which adds who wins and when.
        let (qk, tk) = (keys(&q), keys(&t));
        assert!(qk.iter().all(|k| tk.contains(k)), "{qk:?} against {tk:?}");
        assert_eq!(
            tk.iter().filter(|k| !qk.contains(k)).collect::<Vec<_>>(),
            ["outcome", "plies"]
        );
        // Tic-tac-toe is a draw: margin 0; every corner and the centre keep it.
        assert_eq!((t.margin, t.outcome), (Some(0), Some(Some("draw"))));
        let moves = t.moves.unwrap_or_default();
        assert_eq!(moves.len(), 9);
        assert!(moves.iter().all(|m| m.margin == Some(0)), "{moves:?}");
        // The queens margin is P1's cells less P2's, and the best move keeps it.
        let listed = q.moves.unwrap_or_default();
        assert!(q.solved && !listed.is_empty());
        assert_eq!(listed[0].margin, q.margin);
        assert!(
            listed
                .iter()
                .all(|m| m.outcome.is_none() && m.value.is_none())
        );
    }
}
