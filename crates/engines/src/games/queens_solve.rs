//! Queens' solve within limits ([`Rules::solve_within`] for the board): the strong
//! engine's solver ([`crate::ai::strong`]) with one table for the position and all its
//! moves, a deadline that keeps the bounds proved by then, threads, and the shipped
//! opening book for the empty boards it holds.
//!
//! With every move asked for, the position is solved first (its margin V), then every
//! move is asked in rounds, "does it lose more than K cells against V?" for K in
//! [`LOSS_THRESHOLDS`] and then exactly (with `exact_within`, one round of K = that
//! only), one table for all (`value_every_move_in_rounds`, the window's way). Then the
//! position's own solve starts from what the list of moves proves.
//!
//! [`Rules::solve_within`]: super::seam::Rules::solve_within

use super::exact::Exact;
use super::solution::{MoveSolution, Solution, SolveAsk, SolveError, SolveWatch, sort_best_first};
use crate::ai::SearchHandler;
use crate::ai::strong::{
    LOSS_THRESHOLDS, ListProof, MoveRounds, MoveValue, OpeningBook, SolveProgress, SolveResult,
    SolveSettings, SolveStart, Table, margin_of, proof_of_list, solve_from, table_for_board,
};
use queens_board::{Board, Cell, MAX_CELLS, Player};
use std::sync::atomic::Ordering;
use web_time::Instant;

/// Queens' [`super::seam::Rules::solve_within`].
///
/// # Errors
/// [`SolveError::Memory`] for a table that does not fit in memory.
pub(super) fn solve_within(
    board: &Board,
    ask: &SolveAsk,
    stop: &(dyn Fn() -> bool + Sync),
    watch: &SolveWatch,
) -> Result<Solution, SolveError> {
    let table = table_for_board(board, ask.hash_mb)?;
    let hash_mb = table.bytes().div_ceil(1 << 20);
    let settings = SolveSettings {
        threads: ask.threads.max(1),
        ..SolveSettings::default()
    };
    let solver = Solver {
        board,
        table: &table,
        stop,
        watch,
        deadline: ask.deadline,
    };
    // Every move first (the position's own solve is its first step), then the position
    // unless that solve proved it already.
    let (moves, root) = match ask.all_moves {
        true => solver.every_move(settings, ask.exact_within),
        false => (None, None),
    };
    let (result, best_move) = solver.position(settings, moves.as_deref(), root);
    let mover = board.side_to_move();
    let mover_view = |margin: i32| match mover {
        Player::One => margin,
        Player::Two => -margin,
    };
    let ply = u32::try_from(board.ply()).unwrap_or(u32::MAX);
    let exact = result.margin.filter(|_| result.solved).map(|margin| Exact {
        value: mover_view(margin),
        ply,
        best_move: best_move.map(|cell| cell.to_string()),
        pv: result.pv.iter().map(Cell::to_string).collect(),
        nodes: result.nodes,
        margin: Some(mover_view(margin)),
    });
    let moves = moves.map(|values| {
        let mut moves: Vec<MoveSolution> = values
            .iter()
            .map(|value| move_solution(value, mover, ply + 1))
            .collect();
        sort_best_first(&mut moves, usize::from(mover == Player::Two));
        moves
    });
    Ok(Solution {
        bound_move: match exact {
            Some(_) => None,
            None => best_move.map(|cell| cell.to_string()),
        },
        exact,
        lower: result.lower,
        upper: result.upper,
        nodes: result.nodes,
        threads: settings.threads,
        hash_mb,
        moves,
    })
}

/// One move's value as the seam tells it: the position after it from its mover's
/// (the other player's) view.
fn move_solution(value: &MoveValue, mover: Player, ply: u32) -> MoveSolution {
    let next_view = |margin: i32| match mover {
        Player::One => -margin,
        Player::Two => margin,
    };
    MoveSolution {
        mv: value.cell.to_string(),
        after: value.margin.map(|margin| Exact {
            value: next_view(margin),
            ply,
            best_move: None,
            pv: Vec::new(),
            nodes: value.nodes,
            margin: Some(next_view(margin)),
        }),
        lower: value.lower,
        upper: value.upper,
    }
}

/// Asks the stop question and tells `watch` the nodes searched and, while a position
/// is solved, its bounds so far as margins.
struct Watch<'a> {
    stop: &'a (dyn Fn() -> bool + Sync),
    watch: &'a SolveWatch,
    /// The position solved and its solver's bounds (as gains), while one is.
    solving: Option<(&'a Board, &'a SolveProgress)>,
}

impl SearchHandler<Cell> for Watch<'_> {
    fn should_stop(&self) -> bool {
        (self.stop)()
    }

    fn on_nodes(&self, nodes: u64) {
        self.watch.nodes.store(nodes, Ordering::Relaxed);
        if let Some((board, progress)) = self.solving {
            let lower = margin_of(board, progress.lower.load(Ordering::Relaxed));
            let upper = margin_of(board, progress.upper.load(Ordering::Relaxed));
            self.watch.lower.store(lower.min(upper), Ordering::Relaxed);
            self.watch.upper.store(lower.max(upper), Ordering::Relaxed);
            self.watch.bounded.store(true, Ordering::Relaxed);
        }
    }
}

/// One position's solve: the board, its table, the stop question, the watch and the
/// deadline.
struct Solver<'a> {
    board: &'a Board,
    table: &'a Table,
    stop: &'a (dyn Fn() -> bool + Sync),
    watch: &'a SolveWatch,
    /// Every step's time is what is left of it when the step begins.
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

    /// The handler of a step, with the position solved when the step is one.
    fn handler<'s>(&'s self, solving: Option<&'s SolveProgress>) -> Watch<'s> {
        Watch {
            stop: self.stop,
            watch: self.watch,
            solving: solving.map(|progress| (self.board, progress)),
        }
    }

    /// Every legal move's value, and the position's solve (`None` from the book or when
    /// the game is over). The watch counts the distinct moves answered so far.
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
        let root = self.solve(self.in_time_left(settings), None);
        let thresholds = match within {
            Some(within) => vec![within],
            None => LOSS_THRESHOLDS.to_vec(),
        };
        let mut answered = Answered::new(self.board, &root, within);
        self.watch
            .moves_total
            .store(answered.total, Ordering::Relaxed);
        let values = rounds.value(
            self.table,
            self.in_time_left(settings),
            &self.handler(None),
            &root,
            &thresholds,
            |value| {
                if answered.hear(value) {
                    self.watch
                        .moves_answered
                        .store(answered.count, Ordering::Relaxed);
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
            None => self.solve(self.in_time_left(settings), listed),
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

    /// Solves the position from what the list proved.
    fn solve(&self, settings: SolveSettings, listed: Option<ListProof>) -> SolveResult {
        let progress = SolveProgress::default();
        let start_at = SolveStart {
            bounds: listed.map(|proof| (proof.lower, proof.upper)),
            beyond: None,
        };
        solve_from(
            self.board,
            self.table,
            settings,
            start_at,
            &self.handler(Some(&progress)),
            &progress,
        )
    }
}

/// How many distinct moves are answered (exact, or with `exact_within` K proved to lose
/// more than K), out of all. The rounds tell a move again whenever its bounds change, so
/// a count of what they tell would run past the number of moves.
struct Answered {
    /// Whether each cell (by index) is answered.
    done: Vec<bool>,
    count: usize,
    total: usize,
    /// The position's proved margin and mover, with `exact_within`'s K: what a loss is
    /// measured against.
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

    /// Takes in `value`; whether the count grew.
    fn hear(&mut self, value: &MoveValue) -> bool {
        let beyond = self.loss_against.is_some_and(|(best, mover, within)| {
            let loss = match mover {
                Player::One => best - value.upper,
                Player::Two => value.lower - best,
            };
            loss > within as i32
        });
        let Some(slot) = self.done.get_mut(value.cell.index()) else {
            return false;
        };
        if *slot || !(value.margin.is_some() || beyond) {
            return false;
        }
        *slot = true;
        self.count += 1;
        true
    }
}
