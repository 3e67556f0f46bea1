//! Every legal move's exact value, each move's own solve (the opening book's builder, the
//! puzzles' proofs; `queens solve --all-moves` and the window ask in rounds instead, see
//! `rounds`): each move's child is solved with one table shared by all of them, so what
//! one child's proof learnt speeds up the next; moves a symmetry of the board maps onto
//! each other are solved once. A time limit covers the whole list: moves not proved in
//! it keep the bounds their solve reached.

use super::gain::{Geometry, margin_of};
use super::solver::{SolveProgress, SolveSettings, SolveStart, solve, solve_from};
use super::table::Table;
use crate::ai::SearchHandler;
use queens_board::{Board, Cell, Player};
use web_time::Instant;

/// One move's value: the final margin (P1's cells minus P2's) after it, with perfect play
/// by both sides from then on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveValue {
    /// The move.
    pub cell: Cell,
    /// The exact margin after it; `None` when not proved in time.
    pub margin: Option<i32>,
    /// A proved lower bound on the margin (the margin when proved).
    pub lower: i32,
    /// A proved upper bound on the margin (the margin when proved).
    pub upper: i32,
    /// Positions searched for this move (0 for a mirror image of a move already solved).
    pub nodes: u64,
}

impl MoveValue {
    /// Whether the margin is proved.
    pub fn solved(&self) -> bool {
        self.margin.is_some()
    }
}

/// Solves every legal move of `board` with `table`, within `settings` (its time limit is
/// for the whole list), best first for the side to move: proved moves by margin, then the
/// unproved by their bounds. `on_move` hears each move as it is valued (mirror images at
/// once), so a caller can show the list growing.
///
/// Each move is solved alone (with the shared table): solving the position first and
/// starting every move's solve from its proved bound (`solve_every_move_with(.., true)`)
/// saved 2% of the moves' nodes and cost the position's own solve on a 15x15 board with
/// 20 stones (BENCHMARKS.md, "Every move's value"), so it is not the default.
pub fn solve_every_move(
    board: &Board,
    table: &Table,
    settings: SolveSettings,
    handler: &dyn SearchHandler<Cell>,
    on_move: impl FnMut(&MoveValue),
) -> Vec<MoveValue> {
    solve_every_move_with(board, table, settings, handler, on_move, false)
}

/// As [`solve_every_move`]; `root_first: true` solves the position first: a position is
/// worth its best move, so its proved margin bounds every move's (no move is better for
/// the side to move), and each move's solve starts from that bound instead of proving it
/// again. Every value stays exact: the bound only saves probes. Kept for the solver
/// bench's comparison and the differential test.
pub fn solve_every_move_with(
    board: &Board,
    table: &Table,
    settings: SolveSettings,
    handler: &dyn SearchHandler<Cell>,
    mut on_move: impl FnMut(&MoveValue),
    root_first: bool,
) -> Vec<MoveValue> {
    let start = Instant::now();
    let deadline = settings.time.map(|time| start + time);
    let root = root_first.then(|| root_bound(board, table, settings, handler));
    let orbits = Geometry::of(board).orbits(board.free());
    let mut values = Vec::with_capacity(board.free().count() as usize);
    for orbit in orbits {
        let Some(&first) = orbit.first() else {
            continue;
        };
        let mut child = board.clone();
        child.do_move(first);
        let time = deadline.map(|deadline| deadline.saturating_duration_since(Instant::now()));
        // Out of time or stopped: the moves left keep the bounds every position has,
        // without starting a solve each (its table and threads cost milliseconds, and a
        // 15x15 board has over 200 moves).
        let (margin, lower, upper, nodes) =
            if time.is_some_and(|t| t.is_zero()) || handler.should_stop() {
                let (lower, upper) = move_bounds(board, &child, root.flatten());
                let exact = (lower == upper).then_some(lower);
                (exact, lower, upper, 0)
            } else {
                let result = solve_from(
                    &child,
                    table,
                    SolveSettings { time, ..settings },
                    SolveStart {
                        bounds: Some(move_bounds(board, &child, root.flatten())),
                        beyond: None,
                    },
                    handler,
                    &SolveProgress::default(),
                );
                (result.margin, result.lower, result.upper, result.nodes)
            };
        push_orbit(
            &orbit,
            (margin, lower, upper, nodes),
            &mut on_move,
            &mut values,
        );
    }
    sort_best_first(&mut values, board.side_to_move());
    values
}

/// Lists every move of `orbit` (mirror images, one value) with the value (margin if
/// exact, lower, upper, nodes) and tells `on_move` of each; the first carries the nodes.
pub(super) fn push_orbit(
    orbit: &[Cell],
    (margin, lower, upper, nodes): (Option<i32>, i32, i32, u64),
    on_move: &mut impl FnMut(&MoveValue),
    values: &mut Vec<MoveValue>,
) {
    for (index, &cell) in orbit.iter().enumerate() {
        let value = MoveValue {
            cell,
            margin,
            lower,
            upper,
            nodes: if index == 0 { nodes } else { 0 },
        };
        on_move(&value);
        values.push(value);
    }
}

/// The position's proved margin bounds (lower, upper), from a solve within `settings`
/// (`None` when stopped or out of time before any bound).
fn root_bound(
    board: &Board,
    table: &Table,
    settings: SolveSettings,
    handler: &dyn SearchHandler<Cell>,
) -> Option<(i32, i32)> {
    if board.free().is_empty() || settings.time.is_some_and(|t| t.is_zero()) {
        return None;
    }
    let result = solve(board, table, settings, handler, &SolveProgress::default());
    Some((result.lower, result.upper))
}

/// Proved margin bounds (lower, upper) on the move that led from `board` to `child`:
/// every position's (its free cells, each won or lost), tightened by `root`, the proved
/// bounds of `board` itself: no move is better for the side to move than the position
/// (P1's moves reach at most its upper bound, P2's at least its lower bound).
pub(super) fn move_bounds(board: &Board, child: &Board, root: Option<(i32, i32)>) -> (i32, i32) {
    let n = child.free().count() as i32;
    let (a, b) = (margin_of(child, -n), margin_of(child, n));
    let (mut lower, mut upper) = (a.min(b), a.max(b));
    if let Some((root_lower, root_upper)) = root {
        match board.side_to_move() {
            Player::One => upper = upper.min(root_upper).max(lower),
            Player::Two => lower = lower.max(root_lower).min(upper),
        }
    }
    (lower, upper)
}

/// What a list of every legal move's value proves of the position itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ListProof {
    /// A proved lower bound on the position's margin.
    pub lower: i32,
    /// A proved upper bound on the position's margin.
    pub upper: i32,
    /// The move proved to reach the most for the side to move.
    pub best: Cell,
    /// The margin `best` is proved to reach: at least this for P1, at most this for P2.
    pub reaches: i32,
}

/// What `values`, the values of every legal move of `board` (as [`solve_every_move`]
/// gives them, proved or not), prove of `board`: a position is worth its best move, so
/// its bounds are the best of the moves' bounds for the side to move (P1 the highest,
/// P2 the lowest). `None` when the list is not every legal move (a position is worth no
/// less than a move left out).
pub(crate) fn proof_of_list(board: &Board, values: &[MoveValue]) -> Option<ListProof> {
    if values.is_empty() || values.len() != board.free().count() as usize {
        return None;
    }
    let p1 = board.side_to_move() == Player::One;
    let pick = |a: i32, b: i32| if p1 { a.max(b) } else { a.min(b) };
    let lower = values.iter().map(|v| v.lower).reduce(pick)?;
    let upper = values.iter().map(|v| v.upper).reduce(pick)?;
    // The move whose guaranteed end is best: P1's highest lower bound, P2's lowest upper.
    let guarantee = |v: &MoveValue| if p1 { v.lower } else { -v.upper };
    let best = values
        .iter()
        .reduce(|a, b| if guarantee(b) > guarantee(a) { b } else { a })?;
    Some(ListProof {
        lower,
        upper,
        best: best.cell,
        reaches: if p1 { best.lower } else { best.upper },
    })
}

/// The legal moves of `board` in classes of mirror images: moves a symmetry of the board
/// (stones and free cells alike) maps onto each other lead to positions of equal value, so
/// they are one answer. Each class lists its first cell (in cell order) first; classes in
/// the order of their first cells. The classes [`solve_every_move`] solves once each.
pub fn move_classes(board: &Board) -> Vec<Vec<Cell>> {
    Geometry::of(board).orbits(board.free())
}

/// Best first for `mover`: P1 wants the margin high, P2 low. Proved moves first by margin;
/// then the unproved by the bound the mover hopes for, then the one it can count on;
/// ties in cell order.
pub(crate) fn sort_best_first(values: &mut [MoveValue], mover: Player) {
    let sign = match mover {
        Player::One => 1,
        Player::Two => -1,
    };
    values.sort_by_key(|value| {
        let (hope, floor) = match mover {
            Player::One => (value.upper, value.lower),
            Player::Two => (value.lower, value.upper),
        };
        (
            !value.solved(),
            -sign * value.margin.unwrap_or(hope),
            -sign * floor,
            value.cell.index(),
        )
    });
}
