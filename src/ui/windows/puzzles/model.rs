//! The puzzle window's state without drawing: the puzzle on show, what the player tried,
//! the line played out move by move, and the solver job that proves a line the set does
//! not hold.

use crate::ai::puzzles::{Puzzle, PuzzleSet};
use crate::ai::strong::{SolveProgress, SolveSettings, solve, table_for_board};
use crate::board::{Board, Cell};
use crate::ui::jobs::job::{Job, Polled, Reporter, Task};
use serde::{Deserialize, Serialize};

/// The hash table of a line's proof, in MiB: a puzzle has at most 40 free cells, whose
/// proof fills far less.
const LINE_HASH_MB: usize = 16;

/// Where the player is with the puzzle on show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Looking for the move.
    Solving,
    /// Played `played`, which gives nothing away.
    Right {
        /// The move tried.
        played: Cell,
    },
    /// Played `played`, which gives away `loss` cells.
    Wrong {
        /// The move tried.
        played: Cell,
        /// Cells given away against the best, from the mover's view.
        loss: i32,
    },
    /// Asked for the solution.
    Shown {
        /// The solution.
        solution: Cell,
    },
}

/// A line being proved: best play after `first`, from the puzzle's position.
pub struct LineJob {
    /// The move the line starts with.
    pub first: Cell,
    job: Job<(), Option<Vec<Cell>>>,
}

/// The proof of a puzzle's refutation line as a [`Task`]: the position after the
/// player's first move, solved to the end.
#[derive(Serialize, Deserialize)]
pub struct LineTask {
    #[serde(with = "crate::ui::jobs::game_string")]
    after: Board,
}

impl Task for LineTask {
    const NAME: &'static str = "puzzle-line";
    type Progress = ();
    type Output = Option<Vec<Cell>>;

    fn run(self, reporter: &Reporter<()>) -> Option<Vec<Cell>> {
        let table = table_for_board(&self.after, LINE_HASH_MB).ok()?;
        let result = solve(
            &self.after,
            &table,
            SolveSettings::default(),
            reporter,
            &SolveProgress::default(),
        );
        result.solved.then_some(result.pv)
    }
}

impl LineJob {
    /// Asks the proof to stop; the line is then not shown.
    pub fn stop(&self) {
        self.job.stop();
    }
}

/// The puzzle on show and what was done with it.
pub struct PuzzleSession {
    /// Its number in the set, from 0.
    pub number: usize,
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its position.
    pub board: Board,
    /// Where the player is.
    pub phase: Phase,
    /// Whether this puzzle's first try was recorded (a retry counts for nothing).
    pub rated: bool,
    /// The line played out: the move tried (or the solution), then best play.
    pub line: Vec<Cell>,
    /// How many moves of `line` are on the board.
    pub step: usize,
    /// The proof of a line the set does not hold, while it runs.
    pub proving: Option<LineJob>,
    /// The proof was stopped or failed: no line to show.
    pub unproved: bool,
}

impl PuzzleSession {
    /// Puzzle `number` of `set`, or `None` if there is none or its position does not
    /// replay (the shipped set is checked by tests).
    pub fn open(set: &PuzzleSet, number: usize) -> Option<PuzzleSession> {
        let puzzle = set.puzzles.get(number)?.clone();
        let board = puzzle.board().ok()?;
        Some(PuzzleSession {
            number,
            puzzle,
            board,
            phase: Phase::Solving,
            rated: false,
            line: Vec::new(),
            step: 0,
            proving: None,
            unproved: false,
        })
    }

    /// The player tries `cell`: the judgement (`None`: not a legal move, nothing
    /// changes). The line starts with the move; the rest comes from the set when it holds
    /// it (the most tempting wrong move's refutation), else from a proof on a job.
    pub fn try_move(
        &mut self,
        cell: Cell,
        wake: impl Fn() + Send + Sync + 'static,
    ) -> Option<Phase> {
        if self.phase != Phase::Solving {
            return None;
        }
        let loss = self.puzzle.judge(&self.board, cell)?;
        self.phase = if loss == 0 {
            Phase::Right { played: cell }
        } else {
            Phase::Wrong { played: cell, loss }
        };
        self.start_line(cell, wake);
        Some(self.phase.clone())
    }

    /// Shows the solution and proves its line.
    pub fn show_solution(&mut self, wake: impl Fn() + Send + Sync + 'static) {
        let Some(solution) = Cell::parse(&self.puzzle.solution) else {
            return;
        };
        self.phase = Phase::Shown { solution };
        self.start_line(solution, wake);
    }

    /// Back to looking for the move, on the same puzzle.
    pub fn retry(&mut self) {
        self.stop();
        self.phase = Phase::Solving;
        self.line.clear();
        self.step = 0;
        self.unproved = false;
    }

    /// Stops a proof that is running.
    pub fn stop(&mut self) {
        if let Some(job) = self.proving.take() {
            job.stop();
        }
    }

    fn start_line(&mut self, first: Cell, wake: impl Fn() + Send + Sync + 'static) {
        self.stop();
        self.unproved = false;
        self.line = vec![first];
        self.step = 1;
        let stored: Vec<Cell> = self
            .puzzle
            .refutation
            .iter()
            .filter_map(|text| Cell::parse(text))
            .collect();
        if stored.first() == Some(&first) && stored.len() == self.puzzle.refutation.len() {
            self.line = stored;
            return;
        }
        let mut after = self.board.clone();
        after.do_move(first);
        if after.is_over() {
            return;
        }
        let job = Job::start(LineTask { after }, wake);
        self.proving = Some(LineJob { first, job });
    }

    /// Takes a finished proof's line (once a frame).
    pub fn poll(&mut self) {
        let Some(proving) = self.proving.as_mut() else {
            return;
        };
        match proving.job.poll() {
            Polled::Running => {}
            Polled::Done(Some(rest)) => {
                self.line = std::iter::once(proving.first).chain(rest).collect();
                self.proving = None;
            }
            Polled::Done(None) | Polled::Lost => {
                self.proving = None;
                self.unproved = true;
            }
        }
    }

    /// The position after the first `step` moves of the line.
    pub fn shown_board(&self) -> Board {
        let mut board = self.board.clone();
        for &cell in self.line.iter().take(self.step) {
            if board.free().contains(cell) {
                board.do_move(cell);
            }
        }
        board
    }

    /// Shows `step` moves of the line (kept within it).
    pub fn set_step(&mut self, step: usize) {
        self.step = step.min(self.line.len());
    }

    /// P1's margin at the end of the line, when the line reaches the end of the game.
    pub fn line_margin(&self) -> Option<i32> {
        let mut board = self.board.clone();
        for &cell in &self.line {
            if !board.free().contains(cell) {
                return None;
            }
            board.do_move(cell);
        }
        board
            .is_over()
            .then(|| crate::ai::strong::score_diff(&board))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shipped(number: usize) -> PuzzleSession {
        PuzzleSession::open(PuzzleSet::shipped(), number)
            .unwrap_or_else(|| panic!("no puzzle {number}"))
    }

    /// Steps a session's proof to its end (a state, not a clock).
    fn finish(session: &mut PuzzleSession) {
        while session.proving.is_some() {
            std::thread::yield_now();
            session.poll();
        }
    }

    #[test]
    fn the_tempting_move_shows_the_stored_refutation_at_once() {
        let mut session = shipped(1);
        let tempting = session.puzzle.others[0].clone();
        let cell = Cell::parse(&tempting.0).unwrap_or_else(|| panic!("cell"));
        let phase = session.try_move(cell, || {});
        assert_eq!(
            phase,
            Some(Phase::Wrong {
                played: cell,
                loss: tempting.1
            })
        );
        assert!(session.proving.is_none());
        assert_eq!(session.line.len(), session.puzzle.refutation.len());
        let expected = match session.board.side_to_move() {
            crate::board::Player::One => session.puzzle.margin - tempting.1,
            crate::board::Player::Two => session.puzzle.margin + tempting.1,
        };
        assert_eq!(session.line_margin(), Some(expected));
        // A second try before Retry is refused.
        assert_eq!(session.try_move(cell, || {}), None);
    }

    #[test]
    fn the_solution_line_is_proved_on_a_job_and_keeps_the_margin() {
        let mut session = shipped(1);
        let solution = Cell::parse(&session.puzzle.solution).unwrap_or_else(|| panic!("cell"));
        assert_eq!(
            session.try_move(solution, || {}),
            Some(Phase::Right { played: solution })
        );
        finish(&mut session);
        assert!(!session.unproved);
        assert_eq!(session.line[0], solution);
        assert_eq!(session.line_margin(), Some(session.puzzle.margin));
        // Stepping through the line never leaves it.
        session.set_step(usize::MAX);
        assert_eq!(session.step, session.line.len());
        assert!(session.shown_board().is_over());
    }

    #[test]
    fn an_illegal_move_is_not_a_try_and_retry_starts_over() {
        let mut session = shipped(1);
        let stone = session.board.stones().into_iter().next();
        if let Some(stone) = stone {
            assert_eq!(session.try_move(stone, || {}), None);
            assert_eq!(session.phase, Phase::Solving);
        }
        session.show_solution(|| {});
        assert!(matches!(session.phase, Phase::Shown { .. }));
        session.retry();
        assert_eq!(session.phase, Phase::Solving);
        assert!(session.line.is_empty() && session.proving.is_none());
    }
}
