//! Learn > Puzzles for a game of the games table whose result is a win, a draw or a
//! loss (tic-tac-toe, Dodgem): puzzles made from random games and proved through the
//! seam ([`queens_engines::analysis::generate_puzzles`]), off the window's thread (in a Web Worker
//! in the browser), each in the puzzle files' shape the shipped set has, so the window's
//! one puzzle session takes both. Each puzzle found is proved once more move by move
//! ([`queens_engines::analysis::proved_moves`]) so the window holds every move's proved value and
//! best play after it: playing out a move's line then needs no proof of its own. The puzzles cross to the window as the job's progress, one by one, so the
//! first can be tried while the next are looked for; Stop keeps those found.

use super::job::{Job, Polled, Reporter, Task};
use queens_engines::ai::puzzles::Puzzle;
use queens_engines::analysis::{Proved, ProvedMove, generate_puzzles, proved_moves};
use queens_engines::games::seam::AnyGame;
use queens_engines::games::seam::PuzzleAsk;
use serde::{Deserialize, Serialize};

/// Puzzles one run looks for: a sitting's worth, found in a second or two (tic-tac-toe
/// far quicker), before More puzzles starts the next run.
pub(crate) const PUZZLES_PER_RUN: usize = 10;

/// The least result steps every wrong move gives away: 1, a win to a draw or a draw to
/// a loss (the command line's default).
const MIN_LOSS: u32 = 1;

/// One puzzle as the window holds it: the puzzle in the puzzle files' shape (the one
/// move that keeps its proved result, every other move's loss in result steps) and every
/// legal move's proved value with best play after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct GamePuzzle {
    /// The puzzle, as `queens puzzles --out` writes it.
    pub puzzle: Puzzle,
    /// The position's proved value from the mover's view (a win or a draw).
    pub value: Proved,
    /// Every legal move, in the game's move order, with its proved value and line.
    pub moves: Vec<ProvedMove>,
}

/// What a run has found so far (the job's progress, and its answer).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Found {
    /// The puzzles, in the order found.
    pub puzzles: Vec<GamePuzzle>,
    /// Random games played.
    pub games: u64,
    /// Positions proved.
    pub positions: u64,
}

/// The run's answer: what it found (all it was asked for, or fewer after Stop), or why
/// it could not run.
type Answer = Result<Found, String>;

/// A run as a [`Task`]: random games from `start` (a game string), drawn from `seed`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct GamePuzzlesTask {
    start: String,
    seed: u64,
    count: usize,
}

impl Task for GamePuzzlesTask {
    const NAME: &'static str = "game-puzzles";
    type Progress = Found;
    type Output = Answer;

    fn run(self, reporter: &Reporter<Found>) -> Answer {
        let start =
            queens_engines::games::game_string::read(&self.start).map_err(|e| e.to_string())?;
        let stop = || reporter.should_stop();
        let mut found = Found::default();
        let ask = PuzzleAsk {
            seed: self.seed,
            min_loss: MIN_LOSS,
            ..PuzzleAsk::default()
        };
        let (_, stats) =
            generate_puzzles(start.as_ref(), &ask, self.count, &stop, |puzzles, stats| {
                found.games = stats.games;
                found.positions = stats.positions;
                let Some(newest) = puzzles.last() else {
                    return;
                };
                if let Some(puzzle) = with_every_move(&newest.puzzle, &stop) {
                    found.puzzles.push(puzzle);
                    reporter.report(found.clone());
                }
            })
            .map_err(|e| e.to_string())?;
        found.games = stats.games;
        found.positions = stats.positions;
        Ok(found)
    }
}

/// `puzzle` with every move of its position proved; `None` once `stop` says so (or if
/// the proof disagrees, which the tests rule out).
fn with_every_move(puzzle: &Puzzle, stop: &(dyn Fn() -> bool + Sync)) -> Option<GamePuzzle> {
    let position = queens_engines::games::game_string::read(&puzzle.game).ok()?;
    let values = proved_moves(position.as_ref(), stop).ok()??;
    let keeping: Vec<&str> = values.keeping().map(|m| m.mv.as_str()).collect();
    if keeping != [puzzle.solution.as_str()] {
        return None;
    }
    Some(GamePuzzle {
        puzzle: puzzle.clone(),
        value: values.value,
        moves: values.moves,
    })
}

/// A run of the puzzle generator for the window.
pub(crate) struct GamePuzzlesJob {
    job: Job<Found, Answer>,
    answer: Option<Answer>,
}

impl GamePuzzlesJob {
    /// Starts looking for up to `count` puzzles of `start`'s game from random games
    /// drawn from `seed`; `wake` is called as each is found and at the end.
    pub(crate) fn start(
        start: &dyn AnyGame,
        seed: u64,
        count: usize,
        wake: impl Fn() + Send + Sync + 'static,
    ) -> GamePuzzlesJob {
        let task = GamePuzzlesTask {
            start: start.game_string(),
            seed,
            count,
        };
        GamePuzzlesJob {
            job: Job::start(task, wake),
            answer: None,
        }
    }

    /// Takes the answer when it has come.
    pub(crate) fn poll(&mut self) {
        if self.answer.is_some() {
            return;
        }
        match self.job.poll() {
            Polled::Running => {}
            Polled::Done(answer) => self.answer = Some(answer),
            Polled::Lost => self.answer = Some(Err("the puzzle search was lost".to_string())),
        }
    }

    /// The puzzles found after the first `known` (from the answer once it came, else
    /// from the progress).
    pub(crate) fn found_after(&self, known: usize) -> Vec<GamePuzzle> {
        let tail = |found: &Found| found.puzzles.get(known..).unwrap_or_default().to_vec();
        match &self.answer {
            Some(Ok(found)) => tail(found),
            Some(Err(_)) => Vec::new(),
            None => self.job.progress(tail),
        }
    }

    /// Random games played so far.
    pub(crate) fn games(&self) -> u64 {
        match &self.answer {
            Some(Ok(found)) => found.games,
            _ => self.job.progress(|found| found.games),
        }
    }

    /// Why the run failed, if it did.
    pub(crate) fn failed(&self) -> Option<&str> {
        match &self.answer {
            Some(Err(why)) => Some(why),
            _ => None,
        }
    }

    /// Whether it is still looking.
    pub(crate) fn running(&self) -> bool {
        self.answer.is_none()
    }

    /// Asks it to stop; it answers with the puzzles found.
    pub(crate) fn stop(&self) {
        self.job.stop();
    }

    /// Whether a stop was asked for.
    pub(crate) fn stopped(&self) -> bool {
        self.job.stop_requested()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens_engines::analysis::Outcome;
    use queens_engines::games::table::by_tag;

    fn start(tag: &str) -> Box<dyn AnyGame> {
        let entry = by_tag(tag).unwrap_or_else(|| panic!("{tag}"));
        (entry.start)().unwrap_or_else(|e| panic!("{e}"))
    }

    fn run(tag: &str, seed: u64, count: usize) -> GamePuzzlesJob {
        let mut job = GamePuzzlesJob::start(start(tag).as_ref(), seed, count, || {});
        while job.running() {
            std::thread::yield_now();
            job.poll();
        }
        job
    }

    #[test]
    fn every_puzzle_found_holds_one_keeping_move_and_every_moves_line() {
        for tag in ["tictactoe", "dodgem"] {
            let job = run(tag, 3, 3);
            assert_eq!(job.failed(), None);
            let puzzles = job.found_after(0);
            assert_eq!(puzzles.len(), 3, "{tag}");
            for puzzle in &puzzles {
                let position = queens_engines::games::game_string::read(&puzzle.puzzle.game)
                    .unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(puzzle.moves.len(), position.legal_moves().len());
                assert_ne!(puzzle.value.outcome, Outcome::Loss);
                let keeping: Vec<&str> = puzzle
                    .moves
                    .iter()
                    .filter(|m| m.value.outcome == puzzle.value.outcome)
                    .map(|m| m.mv.as_str())
                    .collect();
                assert_eq!(keeping, [puzzle.puzzle.solution.as_str()]);
                // Each move's line plays out to the end of the game.
                for proved in &puzzle.moves {
                    let mut line = position.clone();
                    line.play_text(&proved.mv).unwrap_or_else(|e| panic!("{e}"));
                    for mv in &proved.line {
                        line.play_text(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
                    }
                    assert!(
                        line.result().is_some(),
                        "{}: {}",
                        puzzle.puzzle.game,
                        proved.mv
                    );
                }
            }
            assert_eq!(job.found_after(2).len(), 1);
            assert!(job.games() >= 3);
        }
    }

    #[test]
    fn a_stop_answers_with_the_puzzles_found_and_a_game_without_a_solver_is_refused() {
        let mut job = GamePuzzlesJob::start(start("dodgem").as_ref(), 8, 1_000, || {});
        job.stop();
        while job.running() {
            std::thread::yield_now();
            job.poll();
        }
        assert!(job.stopped());
        assert_eq!(job.failed(), None);
        assert!(job.found_after(0).len() < 1_000);
        let refused = run("othello", 1, 1);
        assert!(refused.failed().is_some_and(|why| why.contains("othello")));
    }
}
