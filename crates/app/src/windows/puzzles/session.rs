//! One puzzle on show and what the player did with it, for every game's puzzle, without
//! drawing: the puzzle in the puzzle files' shape ([`Puzzle`]: the one keeping move,
//! every other move's loss in the margin's units), its position over the seam
//! ([`AnyGame`], moves as text), the player's try judged, and the line played out move by
//! move. Nothing here names a game: where the puzzle came from (queens' shipped set, a
//! run of the generator) is the caller's, and so is the board's painter.
//!
//! The line after a move comes from what the source already proved (the set's
//! refutation; a generated puzzle's every move), else from a proof on a job
//! ([`LineTask`]: the game's exact solver through the seam).

use crate::jobs::job::{Job, Polled, Reporter, Task};
use crate::session::game::{GridClick, GridTarget, click_on};
use queens_engines::ai::puzzles::Puzzle;
use queens_engines::analysis::Outcome;
use queens_engines::games::seam::AnyGame;
use serde::{Deserialize, Serialize};

/// What a puzzle's margin measures, which decides how its verdicts are said.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stakes {
    /// A margin of the score (queens' cells): a wrong move gives cells away.
    Cells,
    /// A win, a draw or a loss (1, 0, -1): a wrong move turns one into another.
    Result,
}

/// Where the player is with the puzzle on show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Looking for the move.
    Solving,
    /// Played `played`, which gives nothing away.
    Right {
        /// The move tried, in the game's notation.
        played: String,
    },
    /// Played `played`, which gives away `loss` of the margin.
    Wrong {
        /// The move tried.
        played: String,
        /// What it gives away against the best, from the mover's view, in the margin's
        /// units (cells, or result steps).
        loss: i32,
    },
    /// Asked for the solution.
    Shown {
        /// The solution.
        solution: String,
    },
}

/// What a click on the puzzle's board came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Click {
    /// Nothing (not looking for the move).
    Nothing,
    /// A piece picked up (its square's name) or put down (`None`).
    Picked(Option<String>),
    /// A click where only a piece picked up first could go.
    PickFirst,
    /// A move no rule allows (its name, or the square's).
    Illegal(String),
    /// A move tried, judged.
    Tried(Phase),
}

/// A line being proved: best play after `first`.
pub struct LineJob {
    /// The move the line starts with.
    pub first: String,
    job: Job<(), Option<Vec<String>>>,
}

impl LineJob {
    /// Asks the proof to stop; the line is then not shown.
    pub(crate) fn stop(&self) {
        self.job.stop();
    }
}

/// The proof of a puzzle's line as a [`Task`]: the position after the line's first move
/// (a game string), solved to the end by its game's exact solver.
#[derive(Serialize, Deserialize)]
pub(crate) struct LineTask {
    after: String,
}

impl Task for LineTask {
    const NAME: &'static str = "puzzle-line";
    type Progress = ();
    type Output = Option<Vec<String>>;

    fn run(self, reporter: &Reporter<()>) -> Option<Vec<String>> {
        let game = queens_engines::games::game_string::read(&self.after).ok()?;
        let stop = || reporter.should_stop();
        let exact = game.solve_exact(&stop).ok()??;
        Some(exact.pv)
    }
}

/// The puzzle on show and what was done with it.
pub struct PuzzleSession {
    /// Its number in its source, from 0.
    pub number: usize,
    /// The puzzle.
    pub puzzle: Puzzle,
    /// What its margin measures.
    pub stakes: Stakes,
    /// Its position.
    pub position: Box<dyn AnyGame>,
    /// Where the player is.
    pub phase: Phase,
    /// Whether this puzzle's first try was recorded (a retry counts for nothing).
    pub rated: bool,
    /// The line played out: the move tried (or the solution), then best play.
    pub line: Vec<String>,
    /// How many moves of `line` are on the board.
    pub step: usize,
    /// The proof of a line no one proved before, while it runs.
    pub proving: Option<LineJob>,
    /// The proof was stopped or failed: no line to show.
    pub unproved: bool,
    /// The square of the piece picked up by a first click (a move of two squares).
    pub picked: Option<usize>,
    /// What the last click on the board came to (the window words it).
    pub last_click: Click,
    /// Best play after moves, proved with the puzzle: (move, the line after it).
    known: Vec<(String, Vec<String>)>,
}

impl PuzzleSession {
    /// Puzzle `number` of its source, whose margin measures `stakes`, with the lines
    /// after moves its source proved already (`known`); `None` when its position does
    /// not replay (the shipped set and the generator are checked by tests).
    pub fn open(
        number: usize,
        puzzle: Puzzle,
        stakes: Stakes,
        known: Vec<(String, Vec<String>)>,
    ) -> Option<PuzzleSession> {
        let position = queens_engines::games::game_string::read(&puzzle.game).ok()?;
        Some(PuzzleSession {
            number,
            puzzle,
            stakes,
            position,
            phase: Phase::Solving,
            rated: false,
            line: Vec::new(),
            step: 0,
            proving: None,
            unproved: false,
            picked: None,
            last_click: Click::Nothing,
            known,
        })
    }

    /// The seat to move in the puzzle's position.
    pub fn mover(&self) -> usize {
        self.position.seat_to_move()
    }

    /// What `mv` gives away against the best: 0 for the solution (and for queens its
    /// mirror images, which the puzzle does not list), the listed loss for the others,
    /// `None` for a move that is not legal here.
    pub fn judge(&self, mv: &str) -> Option<i32> {
        if !self.position.legal_moves().iter().any(|legal| legal == mv) {
            return None;
        }
        Some(
            self.puzzle
                .others
                .iter()
                .find(|(other, _)| other == mv)
                .map_or(0, |&(_, loss)| loss),
        )
    }

    /// For a puzzle of a result: the result the position holds with best play and the
    /// one a move giving away `loss` steps leaves, from the mover's view.
    pub fn outcomes(&self, loss: i32) -> (Outcome, Outcome) {
        let mine = if self.mover() == 0 {
            self.puzzle.margin
        } else {
            -self.puzzle.margin
        };
        (outcome_of(mine), outcome_of(mine - loss))
    }

    /// What a click on `target` of a grid board means, as the main board takes it
    /// (`click_on`): a square a move begins on plays it; the first click of a
    /// two-square move picks the piece up (a second on it puts it down) and the second,
    /// on a square or the exit, plays it.
    pub fn click(&mut self, target: GridTarget, wake: impl Fn() + Send + Sync + 'static) -> Click {
        let answer = if self.phase == Phase::Solving {
            match click_on(self.position.as_ref(), &mut self.picked, target) {
                GridClick::Play(mv) => self.try_move(&mv, wake),
                GridClick::Picked(square) => Click::Picked(square),
                GridClick::PickFirst => Click::PickFirst,
                GridClick::Illegal(name) => Click::Illegal(name),
            }
        } else {
            Click::Nothing
        };
        self.last_click = answer.clone();
        answer
    }

    /// The player tries `mv` (in notation): the judgement (`Click::Illegal` for a move
    /// that is not legal, and nothing changes; `Click::Nothing` unless looking for the
    /// move). The line starts with the move.
    pub(crate) fn try_move(&mut self, mv: &str, wake: impl Fn() + Send + Sync + 'static) -> Click {
        if self.phase != Phase::Solving {
            return Click::Nothing;
        }
        self.picked = None;
        let Some(loss) = self.judge(mv) else {
            return Click::Illegal(mv.to_string());
        };
        self.phase = if loss == 0 {
            Phase::Right {
                played: mv.to_string(),
            }
        } else {
            Phase::Wrong {
                played: mv.to_string(),
                loss,
            }
        };
        self.start_line(mv, wake);
        Click::Tried(self.phase.clone())
    }

    /// Shows the solution and best play after it.
    pub(crate) fn show_solution(&mut self, wake: impl Fn() + Send + Sync + 'static) {
        let solution = self.puzzle.solution.clone();
        self.picked = None;
        self.last_click = Click::Nothing;
        self.phase = Phase::Shown {
            solution: solution.clone(),
        };
        self.start_line(&solution, wake);
    }

    /// Back to looking for the move, on the same puzzle.
    pub fn retry(&mut self) {
        self.stop();
        self.phase = Phase::Solving;
        self.line.clear();
        self.step = 0;
        self.unproved = false;
        self.picked = None;
        self.last_click = Click::Nothing;
    }

    /// Stops a proof that is running.
    pub fn stop(&mut self) {
        if let Some(job) = self.proving.take() {
            job.stop();
        }
    }

    /// The line after `first`: the stored refutation when it starts so, a line proved
    /// with the puzzle, else a proof on a job.
    fn start_line(&mut self, first: &str, wake: impl Fn() + Send + Sync + 'static) {
        self.stop();
        self.unproved = false;
        self.step = 1;
        if self.puzzle.refutation.first().map(String::as_str) == Some(first) {
            self.line = self.puzzle.refutation.clone();
            return;
        }
        self.line = vec![first.to_string()];
        if let Some((_, rest)) = self.known.iter().find(|(mv, _)| mv == first) {
            self.line.extend(rest.iter().cloned());
            return;
        }
        let mut after = self.position.clone_box();
        if after.play_text(first).is_err() || after.result().is_some() {
            return;
        }
        let task = LineTask {
            after: after.game_string(),
        };
        let job = Job::start(task, wake);
        self.proving = Some(LineJob {
            first: first.to_string(),
            job,
        });
    }

    /// Takes a finished proof's line (once a frame).
    pub fn poll(&mut self) {
        let Some(proving) = self.proving.as_mut() else {
            return;
        };
        match proving.job.poll() {
            Polled::Running => {}
            Polled::Done(Some(rest)) => {
                self.line = std::iter::once(proving.first.clone()).chain(rest).collect();
                self.proving = None;
            }
            Polled::Done(None) | Polled::Lost => {
                self.proving = None;
                self.unproved = true;
            }
        }
    }

    /// The position after the first `step` moves of the line.
    pub fn shown(&self) -> Box<dyn AnyGame> {
        let mut game = self.position.clone_box();
        for mv in self.line.iter().take(self.step) {
            if game.play_text(mv).is_err() {
                break;
            }
        }
        game
    }

    /// Shows `step` moves of the line (kept within it).
    pub(crate) fn set_step(&mut self, step: usize) {
        self.step = step.min(self.line.len());
    }

    /// The position at the end of the line, when the line reaches the end of the game.
    pub(crate) fn line_end(&self) -> Option<Box<dyn AnyGame>> {
        let mut game = self.position.clone_box();
        for mv in &self.line {
            game.play_text(mv).ok()?;
        }
        game.result().is_some().then_some(game)
    }

    /// The first player's score margin at the end of the line, when the line reaches
    /// the end of the game.
    pub fn line_margin(&self) -> Option<i32> {
        let end = self.line_end()?;
        let [first, second] = end.score();
        Some(i32::try_from(first).ok()? - i32::try_from(second).ok()?)
    }
}

/// The outcome a margin from the mover's view is.
fn outcome_of(mine: i32) -> Outcome {
    match mine.signum() {
        1 => Outcome::Win,
        0 => Outcome::Draw,
        _ => Outcome::Loss,
    }
}

#[cfg(test)]
mod tests;
