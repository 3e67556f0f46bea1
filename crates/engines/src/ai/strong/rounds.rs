//! Every legal move's value once the position is solved (its margin V), by questions
//! rather than solves: "does this move lose more than K cells against V?", asked of each
//! move's child as a null-window probe that one good reply answers yes (the cheap kind).
//! A yes ends the move for that round with a proved bound (it loses more than K, often
//! more: the probe fails soft); a no goes on to the move's exact margin. So only the
//! moves near the best pay for an exact proof, and all of them share one table, across
//! moves and across rounds.
//!
//! `solve --all-moves --exact-within K` asks one round (K); the window's move values and
//! `solve --all-moves` ask rising ones ([`LOSS_THRESHOLDS`]: 3, 10, 20, 40, then exact),
//! so every move has a proved bound within a round and the bounds tighten into exact
//! values from the best moves outwards.

use super::every_move::{MoveValue, move_bounds, push_orbit, sort_best_first};
use super::gain::Geometry;
use super::solver::{
    SolveProgress, SolveResult, SolveSettings, SolveStart, solve, solve_or_settle,
};
use super::table::Table;
use crate::ai::SearchHandler;
use queens_board::{Board, Cell, Player};
use web_time::Instant;

/// A threshold this large asks for every move's exact margin (no board has more cells).
pub const EXACT: u32 = 1_000;

/// The rounds' questions, for the window's move values and `solve --all-moves` alike:
/// does a move lose more than 3 cells against the best? 10? 20? 40? Then every move's
/// exact margin. Small steps first, so every move has a bound within one round and the
/// best moves are exact; each later round is asked only of the moves not yet proved to
/// lose more.
pub(crate) const LOSS_THRESHOLDS: [u32; 5] = [3, 10, 20, 40, EXACT];

/// Every legal move of `board` valued as `solve --all-moves --exact-within K` asks: the
/// position is solved first (its margin V), then one round of questions with `within`
/// as K (see [`value_every_move_in_rounds`]).
///
/// Returns the moves best first (as [`super::solve_every_move`]) and the position's
/// solve (`None` when the game is over). When the position is not solved in time, the
/// moves keep the bounds every position has, tightened by the position's proved bounds.
pub fn value_every_move_within(
    board: &Board,
    table: &Table,
    settings: SolveSettings,
    handler: &dyn SearchHandler<Cell>,
    within: u32,
    on_move: impl FnMut(&MoveValue),
) -> (Vec<MoveValue>, Option<SolveResult>) {
    let deadline = settings.time.map(|time| Instant::now() + time);
    if board.free().is_empty() {
        return (Vec::new(), None);
    }
    let root = solve(board, table, settings, handler, &SolveProgress::default());
    let time = deadline.map(|deadline| deadline.saturating_duration_since(Instant::now()));
    let values = value_every_move_in_rounds(
        board,
        table,
        SolveSettings { time, ..settings },
        handler,
        &root,
        &[within],
        on_move,
    );
    (values, Some(root))
}

/// Every legal move of `board`, given `root`, the position's solve: for each threshold
/// K of `thresholds` in turn (rising; [`EXACT`] asks for exact margins), each move not
/// yet exact nor proved to lose more than K is asked "does it lose more than K?" (a yes
/// leaves a proved bound, a no the exact margin). `settings.time` covers all rounds.
///
/// `on_move` hears every move once in the first round (as it is valued, mirror images
/// at once), and again in later rounds whenever its value changed, so a caller can
/// show the values sharpen. Returns the moves best first. When `root` is not solved no
/// question can be asked: the moves keep the bounds every position has, tightened by
/// the root's.
pub fn value_every_move_in_rounds(
    board: &Board,
    table: &Table,
    settings: SolveSettings,
    handler: &dyn SearchHandler<Cell>,
    root: &SolveResult,
    thresholds: &[u32],
    on_move: impl FnMut(&MoveValue),
) -> Vec<MoveValue> {
    MoveRounds::new(board).value(table, settings, handler, root, thresholds, on_move)
}

/// Every legal move of a position made ready for [`value_every_move_in_rounds`]'s
/// questions: each class of mirror-image moves with its child position and the bounds
/// every position has. Making them costs some milliseconds on a 15x15 board (a board
/// copy and a move per class, 220 classes on a board without symmetry: 3.5-7.5 ms
/// measured), so a caller with a time limit makes them before the position's own solve
/// and that cost is inside the limit, not after it (`solve --all-moves`).
pub(crate) struct MoveRounds<'b> {
    board: &'b Board,
    orbits: Vec<Orbit>,
}

impl<'b> MoveRounds<'b> {
    /// The moves of `board`, ready to be asked.
    pub(crate) fn new(board: &'b Board) -> MoveRounds<'b> {
        let orbits = Geometry::of(board)
            .orbits(board.free())
            .into_iter()
            .map(|cells| Orbit::new(board, cells))
            .collect();
        MoveRounds { board, orbits }
    }

    /// [`value_every_move_in_rounds`] of the moves made ready: `root` is the position's
    /// solve, `settings.time` covers all rounds (from this call).
    pub(crate) fn value(
        self,
        table: &Table,
        settings: SolveSettings,
        handler: &dyn SearchHandler<Cell>,
        root: &SolveResult,
        thresholds: &[u32],
        mut on_move: impl FnMut(&MoveValue),
    ) -> Vec<MoveValue> {
        let deadline = settings.time.map(|time| Instant::now() + time);
        let board = self.board;
        let mut orbits = self.orbits;
        for orbit in &mut orbits {
            orbit.tighten(board, root);
        }
        asked_in_rounds(
            board,
            table,
            settings,
            handler,
            root,
            thresholds,
            deadline,
            &mut orbits,
            &mut on_move,
        );
        let mut values = Vec::with_capacity(board.free().count() as usize);
        for orbit in &orbits {
            push_orbit(&orbit.cells, orbit.value(), &mut |_| {}, &mut values);
        }
        sort_best_first(&mut values, board.side_to_move());
        values
    }
}

/// The rounds of questions over `orbits` (see [`value_every_move_in_rounds`]).
#[allow(clippy::too_many_arguments)]
fn asked_in_rounds(
    board: &Board,
    table: &Table,
    settings: SolveSettings,
    handler: &dyn SearchHandler<Cell>,
    root: &SolveResult,
    thresholds: &[u32],
    deadline: Option<Instant>,
    orbits: &mut [Orbit],
    on_move: &mut impl FnMut(&MoveValue),
) {
    for (round, &within) in thresholds.iter().enumerate() {
        for orbit in orbits.iter_mut() {
            let time = deadline.map(|d| d.saturating_duration_since(Instant::now()));
            let asking = Asking {
                board,
                root: root.margin,
                within,
                table,
                settings: SolveSettings { time, ..settings },
                handler,
            };
            let changed = orbit.ask(&asking);
            if round == 0 || changed {
                orbit.tell(on_move);
            }
        }
    }
}

/// One class of mirror-image moves and what is proved of their margin so far.
struct Orbit {
    cells: Vec<Cell>,
    /// The position after the first of `cells`.
    child: Board,
    lower: i32,
    upper: i32,
    /// Positions searched for it over all rounds.
    nodes: u64,
}

/// One round's question and what it is asked with.
struct Asking<'a> {
    board: &'a Board,
    /// The position's proved margin V (`None`: not solved, nothing can be asked).
    root: Option<i32>,
    within: u32,
    table: &'a Table,
    settings: SolveSettings,
    handler: &'a dyn SearchHandler<Cell>,
}

impl Orbit {
    /// The moves `cells` of `board`, with the bounds every position has.
    fn new(board: &Board, cells: Vec<Cell>) -> Orbit {
        let mut child = board.clone();
        if let Some(&first) = cells.first() {
            child.do_move(first);
        }
        let (lower, upper) = move_bounds(board, &child, None);
        Orbit {
            cells,
            child,
            lower,
            upper,
            nodes: 0,
        }
    }

    /// The bounds tightened by `root`'s, the solve of `board`; a move the root's solve
    /// names best is worth the root's margin.
    fn tighten(&mut self, board: &Board, root: &SolveResult) {
        (self.lower, self.upper) = move_bounds(board, &self.child, Some((root.lower, root.upper)));
        let best = root.solved
            && root
                .best_move
                .is_some_and(|best| self.cells.contains(&best));
        if let (true, Some(margin)) = (best, root.margin) {
            (self.lower, self.upper) = (margin, margin);
        }
    }

    /// (margin if exact, lower, upper, nodes), as [`push_orbit`] takes it.
    fn value(&self) -> (Option<i32>, i32, i32, u64) {
        let exact = (self.lower == self.upper).then_some(self.lower);
        (exact, self.lower, self.upper, self.nodes)
    }

    /// Tells `on_move` the value of every move of the orbit.
    fn tell(&self, on_move: &mut impl FnMut(&MoveValue)) {
        push_orbit(&self.cells, self.value(), on_move, &mut Vec::new());
    }

    /// Asks `asking`'s question of this move unless its answer is known (exact, or
    /// proved to lose more already) or there is no time; returns whether its bounds
    /// changed.
    fn ask(&mut self, asking: &Asking) -> bool {
        let Some(v) = asking.root else {
            return false;
        };
        let within = asking.within.min(EXACT) as i32;
        // The move loses more than `within` when its margin is beyond V -/+ within for
        // the other side (the child's side to move).
        let (beyond, settled) = match asking.board.side_to_move() {
            Player::One => (v - within, self.upper < v - within),
            Player::Two => (v + within, self.lower > v + within),
        };
        let out_of_time =
            asking.settings.time.is_some_and(|t| t.is_zero()) || asking.handler.should_stop();
        if self.lower == self.upper || settled || out_of_time {
            return false;
        }
        let result = solve_or_settle(
            &self.child,
            asking.table,
            asking.settings,
            SolveStart {
                bounds: Some((self.lower, self.upper)),
                beyond: Some(beyond),
            },
            true,
            asking.handler,
            &SolveProgress::default(),
        );
        self.nodes += result.nodes;
        let (lower, upper) = (self.lower.max(result.lower), self.upper.min(result.upper));
        let changed = (lower, upper) != (self.lower, self.upper) && lower <= upper;
        debug_assert!(lower <= upper, "contradicting proofs for {:?}", self.cells);
        if changed {
            (self.lower, self.upper) = (lower, upper);
        }
        changed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::NoHandler;
    use crate::ai::strong::solve_every_move;
    use std::time::Duration;

    fn board(size: u8, moves: &[&str]) -> Board {
        let mut board = Board::new(size, &[]).unwrap_or_else(|e| panic!("{e}"));
        for name in moves {
            let cell: Cell = name.parse().unwrap_or_else(|e| panic!("{e:?}"));
            board.play(cell).unwrap_or_else(|e| panic!("{e}"));
        }
        board
    }

    /// Issue 38.8: a solve given no time (the last step of `solve --all-moves` once the
    /// deadline is gone) started its threads and a probe, and ran to the probe's first
    /// clock check past the deadline (6-15 ms on 15x15). It answers at once now, with
    /// the bounds it started from.
    #[test]
    fn a_solve_given_no_time_searches_nothing() {
        let board = board(15, &["h8"]);
        let table = Table::with_mb(1);
        let settings = SolveSettings {
            time: Some(Duration::ZERO),
            threads: 2,
            ..SolveSettings::default()
        };
        let result = solve(
            &board,
            &table,
            settings,
            &NoHandler,
            &SolveProgress::default(),
        );
        assert_eq!(result.nodes, 0);
        assert!(!result.solved);
        assert!(result.lower <= result.upper);
    }

    /// Making the moves ready first (before the position's solve, inside its time) and
    /// asking them later gives what the one call gives, and every move exact when there
    /// is time.
    #[test]
    fn moves_made_ready_first_are_valued_as_by_the_one_call() {
        let board = board(5, &["c3"]);
        let table = Table::with_mb(4);
        let settings = SolveSettings::default();
        let ready = MoveRounds::new(&board);
        let root = solve(
            &board,
            &table,
            settings,
            &NoHandler,
            &SolveProgress::default(),
        );
        assert!(root.solved);
        let later = ready.value(
            &table,
            settings,
            &NoHandler,
            &root,
            &LOSS_THRESHOLDS,
            |_| {},
        );
        let table = Table::with_mb(4);
        let at_once = value_every_move_in_rounds(
            &board,
            &table,
            settings,
            &NoHandler,
            &root,
            &LOSS_THRESHOLDS,
            |_| {},
        );
        let margins = |values: &[MoveValue]| {
            values
                .iter()
                .map(|v| (v.cell, v.margin))
                .collect::<Vec<_>>()
        };
        assert_eq!(margins(&later), margins(&at_once));
        assert!(later.iter().all(|v| v.margin.is_some()));
        let alone = solve_every_move(&board, &Table::with_mb(4), settings, &NoHandler, |_| {});
        let mut exact: Vec<_> = alone.iter().map(|v| (v.cell, v.margin)).collect();
        let mut ours = margins(&later);
        exact.sort();
        ours.sort();
        assert_eq!(ours, exact);
    }
}
