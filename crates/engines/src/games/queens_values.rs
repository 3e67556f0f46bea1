//! The value of every legal move of one position, for the window's heat map while
//! playing: for each move, the margin with best play after it, and the best line; and
//! the position's own margin, proved when a solve of it finishes.
//!
//! All moves are valued the same way at once, so their values compare: first the exact
//! solver on every move (a small board is proved in a blink), then the `pvs` engine one
//! depth at a time over every move not proved, keeping only completed depths. Mixing a
//! depth-3 estimate of one move with a depth-4 estimate of another would paint the
//! odd-even effect (the side that moved last at the horizon looks better), not the
//! moves. After the first depth the position itself gets a share of the time for an
//! exact solve: its proved margin and line are what every line of the window shows
//! (an empty 15x15 board is proved in seconds, where depth 6 said 20 for 35).
//!
//! Once the position is proved (margin V), with [`ValuesAsk::prove_time`] the moves
//! are asked in rounds of rising thresholds instead ("does it lose more than 3 cells
//! against V? 10? 20? 40?", then exact; `ai::strong::value_every_move_in_rounds`), one
//! table for all: every move soon has a proved bound (a [`ValueKind::Bound`]), the
//! moves near the best become exact, and each answer is published as it comes.

use self::cells::{CellValue, CellValues, ProvedCells};
use super::move_values::{MoveValues, ValueKind, ValuesAsk};
use super::solution::SolveError;
use crate::ai::strong::{
    OpeningBook, PvsEngine, SOLVE_FREE_CELLS, SolveProgress, SolveResult, SolveSettings, solve,
};
use crate::ai::{Engine, Limits, SearchHandler};
use queens_board::{Board, Cell, Player};
use std::time::Duration;
use web_time::Instant;

pub(crate) mod cells;
mod rounds;

/// The rounds' questions, defined beside the rounds (`solve --all-moves` asks the same).
pub(crate) use crate::ai::strong::LOSS_THRESHOLDS;

/// The share of the budget the solver gets first, on boards it may prove.
const SOLVE_SHARE_PERCENT: u32 = 50;

/// The share of the budget a solve of the position itself may take, after the first
/// depth of every move is on screen.
const ROOT_SHARE_PERCENT: u32 = 60;

/// Stops on the caller's request or at the deadline.
struct Deadline<'a> {
    handler: &'a dyn SearchHandler<Cell>,
    deadline: Instant,
}

impl SearchHandler<Cell> for Deadline<'_> {
    fn should_stop(&self) -> bool {
        self.handler.should_stop() || Instant::now() >= self.deadline
    }
}

/// Queens' `Rules::value_moves`: [`value_board_moves`] told in the seam's words (moves
/// in notation, the margin from P1's view as it is).
///
/// # Errors
/// None today (the engine's table is made whatever its size); the seam's signature.
pub(super) fn value_moves(
    board: &Board,
    ask: &ValuesAsk,
    stop: &(dyn Fn() -> bool + Sync),
    on_update: &mut dyn FnMut(&MoveValues),
) -> Result<Option<MoveValues>, SolveError> {
    let handler = super::exact::StopWhen(stop);
    let answer = value_board_moves(board, *ask, &handler, &mut |values| {
        on_update(&values.to_seam());
    });
    Ok(answer.map(|values| values.to_seam()))
}

/// Values every legal move of `board`, calling `on_update` with each better answer (all
/// moves proved, then after each completed depth); returns the last one. `None` when the
/// game is over, or stopped before the first answer.
pub fn value_board_moves(
    board: &Board,
    settings: ValuesAsk,
    handler: &dyn SearchHandler<Cell>,
    on_update: &mut dyn FnMut(&CellValues),
) -> Option<CellValues> {
    let started = Instant::now();
    let children: Vec<(Cell, Board)> = board
        .free()
        .into_iter()
        .map(|cell| {
            let mut child = board.clone();
            child.do_move(cell);
            (cell, child)
        })
        .collect();
    if children.is_empty() {
        return None;
    }
    // An empty board of the opening book: every move is proved already.
    if let Some(known) = from_book(board) {
        on_update(&known);
        return Some(known);
    }
    let mut valuing = Valuing {
        board,
        children,
        engine: PvsEngine::new(1, settings.hash_mb),
        stop: Deadline {
            handler,
            deadline: started + settings.time,
        },
        settings,
        started,
    };
    let values = valuing.solve_every_move()?;
    if let Some(all) = gather(board, &values, None, None) {
        on_update(&all);
        return Some(all);
    }
    let (answer, proved) = valuing.deepen(values, on_update);
    match (proved, settings.prove_time, answer) {
        (false, Some(until), Some(answer)) => valuing.late_rounds(answer, until, on_update),
        (_, _, answer) => answer,
    }
}

/// One position's moves being valued: the positions after them, the one engine (one
/// table) for all of them, and the clock.
struct Valuing<'a> {
    board: &'a Board,
    /// Each legal move and the position after it, in the board's cell order.
    children: Vec<(Cell, Board)>,
    engine: PvsEngine,
    stop: Deadline<'a>,
    settings: ValuesAsk,
    started: Instant,
}

impl Valuing<'_> {
    /// Every move the solver proves within its share of the time (on boards it may
    /// prove; nothing elsewhere). `None` on a stop request.
    fn solve_every_move(&self) -> Option<Vec<Option<CellValue>>> {
        let mut values: Vec<Option<CellValue>> = vec![None; self.children.len()];
        if self.board.free().count() > SOLVE_FREE_CELLS + 1 {
            return Some(values);
        }
        let share = self.settings.time * SOLVE_SHARE_PERCENT / 100 / self.children.len() as u32;
        for ((cell, child), slot) in self.children.iter().zip(values.iter_mut()) {
            *slot = solved_value(*cell, child, &self.engine, share, &self.stop);
            if self.stop.handler.should_stop() {
                return None;
            }
        }
        Some(values)
    }

    /// The engine one depth at a time over every move not proved, publishing each
    /// completed depth; after the first, a solve of the position itself, and when it
    /// proves it and [`ValuesAsk::prove_time`] asks, the rounds of proofs instead of
    /// deeper estimates. Returns the last answer published, and whether the position was
    /// proved.
    fn deepen(
        &mut self,
        mut values: Vec<Option<CellValue>>,
        on_update: &mut dyn FnMut(&CellValues),
    ) -> (Option<CellValues>, bool) {
        let mut answer = None;
        let mut proved: Option<ProvedCells> = None;
        for depth in 1..self.board.free().count().max(2) {
            let Some(pass) = self.pass(&values, depth) else {
                return (answer, proved.is_some());
            };
            values = pass;
            let all_exact = values.iter().flatten().all(CellValue::exact);
            let depth_shown = (!all_exact).then_some(depth);
            if let Some(update) = gather(self.board, &values, depth_shown, proved.as_ref()) {
                on_update(&update);
                answer = Some(update);
            }
            if all_exact {
                break;
            }
            if depth == 1 {
                // The first depth is on screen: now the position itself, once.
                let time = (self.settings.time * ROOT_SHARE_PERCENT / 100)
                    .saturating_sub(self.started.elapsed());
                let root = solved_position(self.board, &self.engine, time, &self.stop);
                if self.stop.handler.should_stop() {
                    return (answer, false);
                }
                proved = root.as_ref().and_then(proved_value);
                if let (Some(root), Some(until)) = (&root, self.settings.prove_time) {
                    return (
                        self.in_rounds(values, root, until, on_update).or(answer),
                        true,
                    );
                }
                if proved.is_some()
                    && let Some(update) = gather(self.board, &values, Some(depth), proved.as_ref())
                {
                    on_update(&update);
                    answer = Some(update);
                }
            }
        }
        (answer, proved.is_some())
    }

    /// One depth of the engine on every move not proved yet; `None` when the deadline or
    /// a stop request cut it short (an unfinished depth is never shown).
    fn pass(&mut self, values: &[Option<CellValue>], depth: u32) -> Option<Vec<Option<CellValue>>> {
        let mut pass = values.to_vec();
        for ((cell, child), slot) in self.children.iter().zip(pass.iter_mut()) {
            if slot.as_ref().is_some_and(CellValue::exact) {
                continue;
            }
            let outcome = self
                .engine
                .think(child, Limits { depth, time: None }, &self.stop);
            if self.stop.should_stop() {
                return None;
            }
            let mover = match child.side_to_move() {
                Player::One => outcome.value.0,
                Player::Two => -outcome.value.0,
            };
            *slot = Some(CellValue {
                cell: *cell,
                margin: mover,
                kind: match outcome.exact {
                    true => ValueKind::Exact,
                    false => ValueKind::Estimate,
                },
                line: outcome.pv,
            });
        }
        Some(pass)
    }
}

/// The answer to show once every move has a value (`None` while one has none): the
/// estimates' `depth`, and the position's `proved` value taken in.
fn gather(
    board: &Board,
    values: &[Option<CellValue>],
    depth: Option<u32>,
    proved: Option<&ProvedCells>,
) -> Option<CellValues> {
    let moves: Vec<CellValue> = values.iter().cloned().collect::<Option<_>>()?;
    let mut values = CellValues {
        position: board.game_string(),
        mover: board.side_to_move(),
        moves,
        depth,
        proved: None,
    };
    if let Some(proved) = proved {
        values.take_proved(proved.clone());
    }
    Some(values)
}

/// Every move's exact value from the opening book, if `board` is an empty board it
/// holds (the book stores margins, not lines: each move's line is left empty).
fn from_book(board: &Board) -> Option<CellValues> {
    let book = OpeningBook::shipped().every_move(board)?;
    let moves = board
        .free()
        .into_iter()
        .map(|cell| {
            let value = book.iter().find(|value| value.cell == cell)?;
            Some(CellValue {
                cell,
                margin: value.margin?,
                kind: ValueKind::Exact,
                line: Vec::new(),
            })
        })
        .collect::<Option<Vec<_>>>()?;
    Some(CellValues {
        position: board.game_string(),
        mover: board.side_to_move(),
        moves,
        depth: None,
        proved: None,
    })
}

/// The solve of `board`, if the solver proves its margin in `time`.
fn solved_position(
    board: &Board,
    engine: &PvsEngine,
    time: Duration,
    stop: &dyn SearchHandler<Cell>,
) -> Option<SolveResult> {
    if time.is_zero() {
        return None;
    }
    let result = solve(
        board,
        engine.table(),
        SolveSettings {
            time: Some(time),
            ..SolveSettings::default()
        },
        stop,
        &SolveProgress::default(),
    );
    (result.solved && result.margin.is_some()).then_some(result)
}

/// The proved margin and line of a solve, when it proved them.
fn proved_value(result: &SolveResult) -> Option<ProvedCells> {
    Some(ProvedCells {
        margin: result.margin.filter(|_| result.solved)?,
        line: result.pv.clone(),
    })
}

/// The proved value of `child` (the position after `cell`), if the solver finishes in
/// `time`.
fn solved_value(
    cell: Cell,
    child: &Board,
    engine: &PvsEngine,
    time: Duration,
    stop: &dyn SearchHandler<Cell>,
) -> Option<CellValue> {
    if child.free().count() == 0 {
        return Some(CellValue {
            cell,
            margin: crate::ai::strong::score_diff(child),
            kind: ValueKind::Exact,
            line: Vec::new(),
        });
    }
    let result = solve(
        child,
        engine.table(),
        SolveSettings {
            time: Some(time),
            ..SolveSettings::default()
        },
        stop,
        &SolveProgress::default(),
    );
    match (result.solved, result.margin) {
        (true, Some(margin)) => Some(CellValue {
            cell,
            margin,
            kind: ValueKind::Exact,
            line: result.pv,
        }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::NoHandler;
    use crate::ai::strong::solve_board;
    use queens_board::random_position;

    fn settings(ms: u64) -> ValuesAsk {
        ValuesAsk {
            time: Duration::from_millis(ms),
            hash_mb: 4,
            prove_time: None,
        }
    }

    #[test]
    fn every_move_of_a_small_board_is_valued_exactly_as_the_solver_does() {
        for seed in 1..4 {
            let board = random_position(5, 2, 1, seed).unwrap_or_else(|e| panic!("{e}"));
            assert!(!board.is_over(), "seed {seed}");
            let answer = value_board_moves(&board, settings(20_000), &NoHandler, &mut |_| {})
                .unwrap_or_else(|| panic!("no answer"));
            let seam = answer.to_seam();
            assert!(seam.solved(), "seed {seed}");
            assert_eq!(answer.moves.len(), board.free().count() as usize);
            for value in &answer.moves {
                let mut child = board.clone();
                child.do_move(value.cell);
                let proved = solve_board(&child, SolveSettings::default(), 4);
                assert_eq!(Some(value.margin), proved.margin, "{seed} {}", value.cell);
            }
            let pv = seam.principal_variation();
            assert_eq!(pv.first(), seam.best().map(|b| &b.mv));
        }
    }

    #[test]
    fn a_big_board_gets_estimates_of_one_depth_for_every_move() {
        // A 15x15 board after one move (an empty one is the opening book's): above the
        // solver's reach for every move, and no line ends soon.
        let board = random_position(15, 0, 1, 5).unwrap_or_else(|e| panic!("{e}"));
        let mut updates = 0;
        let answer = value_board_moves(&board, settings(3000), &NoHandler, &mut |_| updates += 1)
            .unwrap_or_else(|| panic!("no answer"));
        assert!(updates >= 1);
        assert!(answer.depth.is_some_and(|d| d >= 1));
        assert!(!answer.to_seam().solved());
        assert_eq!(answer.moves.len(), board.free().count() as usize);
    }

    /// Issue 19: the heat map's "best play" figure was a depth-6 estimate beside a
    /// proved one. A position the solver proves within the budget gets its proved
    /// margin and line, and no move's estimate claims more than it.
    #[test]
    fn a_position_the_solver_proves_gets_its_proved_margin_and_line() {
        // A 12x12 board after one move (an empty one is the opening book's): too many
        // moves to solve each, the position itself proved in a fraction of a second.
        let board = random_position(12, 0, 1, 3).unwrap_or_else(|e| panic!("{e}"));
        let exact = solve_board(&board, SolveSettings::default(), 16);
        assert!(exact.solved);
        let answer = value_board_moves(&board, settings(4000), &NoHandler, &mut |_| {})
            .unwrap_or_else(|| panic!("no answer"));
        let seam = answer.to_seam();
        assert!(!seam.solved());
        assert_eq!(seam.proved_margin(), exact.margin);
        assert_eq!(seam.margin(), exact.margin);
        let line = seam.principal_variation();
        let first = line.first().cloned().unwrap_or_else(|| panic!("no line"));
        // The line's first move is a proved best move: its child has the same margin.
        let mut child = board.clone();
        child.do_move(Cell::parse(&first).unwrap_or_else(|| panic!("{first}")));
        let after = solve_board(&child, SolveSettings::default(), 16);
        assert_eq!(after.margin, exact.margin);
        let margin = exact.margin.unwrap_or_default();
        let view = |m: i32| match board.side_to_move() {
            Player::One => m,
            Player::Two => -m,
        };
        for value in &answer.moves {
            assert!(
                view(value.margin) <= view(margin),
                "{value:?} over {margin}"
            );
        }
        assert_eq!(seam.loss(&first), Some(0));
    }

    /// Issue 21.3: on an empty board the heat map is the opening book's, every move
    /// proved at once (a millisecond's budget is enough), equal to the solver's values.
    #[test]
    fn an_empty_board_is_valued_from_the_opening_book_at_once() {
        let board = Board::new(15, &[]).unwrap_or_else(|e| panic!("{e}"));
        let answer = value_board_moves(&board, settings(1), &NoHandler, &mut |_| {})
            .unwrap_or_else(|| panic!("no answer"));
        let seam = answer.to_seam();
        assert!(seam.solved());
        assert_eq!(seam.moves.len(), 225);
        assert_eq!(seam.margin(), Some(35));
        assert_eq!(seam.proved_margin(), Some(35));
        // Mirror images share their value; a corner gives away 18 against the centre.
        assert_eq!(seam.loss("h8"), Some(0));
        assert_eq!(seam.loss("a1"), seam.loss("o15"));
        assert_eq!(seam.loss("a1"), Some(18));
        // A small board checked against the solver move by move.
        let small = Board::new(6, &[]).unwrap_or_else(|e| panic!("{e}"));
        let answer = value_board_moves(&small, settings(1), &NoHandler, &mut |_| {})
            .unwrap_or_else(|| panic!("no answer"));
        for value in &answer.moves {
            let mut child = small.clone();
            child.do_move(value.cell);
            let proved = solve_board(&child, SolveSettings::default(), 4);
            assert_eq!(Some(value.margin), proved.margin, "{}", value.cell);
        }
    }

    #[test]
    fn a_finished_game_has_no_moves_to_value() {
        let board = random_position(4, 0, 200, 1).unwrap_or_else(|e| panic!("{e}"));
        assert!(board.is_over());
        assert!(value_board_moves(&board, settings(100), &NoHandler, &mut |_| {}).is_none());
    }
}
