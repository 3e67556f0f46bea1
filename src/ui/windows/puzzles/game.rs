//! The puzzles of a game whose result is a win, a draw or a loss (tic-tac-toe, Dodgem),
//! without drawing: the puzzles found so far by the background run
//! ([`crate::ui::jobs::game_puzzles`]), the one on show, what the player clicked (a
//! square, or two for a move of two squares: a Dodgem car and where it goes), the proved
//! verdict in result steps, and the line played out move by move. Nothing here names a
//! game: moves are text in the game's notation and the board is its
//! [`crate::games::grid::GridView`].

use crate::analysis::Outcome;
use crate::games::seam::AnyGame;
use crate::ui::jobs::game_puzzles::{GamePuzzle, GamePuzzlesJob, PUZZLES_PER_RUN};
use crate::ui::session::game::GridTarget;

/// Where the player is with the puzzle on show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GamePhase {
    /// Looking for the move.
    Solving,
    /// Played `played`, the one move that keeps the result.
    Right {
        /// The move tried.
        played: String,
    },
    /// Played `played`, which turns the result `from` into `to` (from the mover's view).
    Wrong {
        /// The move tried.
        played: String,
        /// The result the position holds with best play.
        from: Outcome,
        /// The result after the move, with best play.
        to: Outcome,
    },
    /// Asked for the solution.
    Shown {
        /// The solution.
        solution: String,
    },
}

/// What a click on the puzzle's board came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameClick {
    /// Nothing (no puzzle, or not looking for the move).
    Nothing,
    /// A piece picked up (its square's name) or put down (`None`).
    Picked(Option<String>),
    /// A click where only a piece picked up first could go.
    PickFirst,
    /// A move no rule allows (its name, or the square's).
    Illegal(String),
    /// A move tried, judged.
    Tried(GamePhase),
}

/// The puzzles of one game in the window.
pub struct GamePuzzles {
    /// The game's tag in the games table.
    pub tag: &'static str,
    /// The puzzles found so far.
    pub puzzles: Vec<GamePuzzle>,
    /// The one on show (an index of `puzzles`; may wait for the run to find it).
    pub index: usize,
    /// Where the player is.
    pub phase: GamePhase,
    /// The line played out: the move tried (or the solution), then best play.
    pub line: Vec<String>,
    /// How many moves of `line` are on the board.
    pub step: usize,
    /// The square of the piece picked up by a first click.
    pub picked: Option<usize>,
    /// What the last click on the board came to (the window words it).
    pub last_click: GameClick,
    /// The run looking for more, while it runs (and its answer, once it came).
    run: Option<GamePuzzlesJob>,
    /// The puzzles taken from the current run.
    taken: usize,
    /// The seed of the next run (each run draws other games).
    seed: u64,
}

impl GamePuzzles {
    /// The puzzles of the game `start` is the start of, looked for from random games
    /// drawn from `seed`; `wake` is called as each is found.
    pub fn new(
        start: &dyn AnyGame,
        seed: u64,
        wake: impl Fn() + Send + Sync + 'static,
    ) -> GamePuzzles {
        let mut puzzles = GamePuzzles {
            tag: start.tag(),
            puzzles: Vec::new(),
            index: 0,
            phase: GamePhase::Solving,
            line: Vec::new(),
            step: 0,
            picked: None,
            last_click: GameClick::Nothing,
            run: None,
            taken: 0,
            seed,
        };
        puzzles.look_for_more(start, wake);
        puzzles
    }

    /// Starts a run for more puzzles from `start` (with the next seed); the puzzles
    /// found stay.
    pub fn look_for_more(&mut self, start: &dyn AnyGame, wake: impl Fn() + Send + Sync + 'static) {
        self.stop();
        self.run = Some(GamePuzzlesJob::start(
            start,
            self.seed,
            PUZZLES_PER_RUN,
            wake,
        ));
        self.taken = 0;
        self.seed = self.seed.wrapping_add(1);
    }

    /// Takes the puzzles the run has found since the last frame.
    pub fn poll(&mut self) {
        let Some(run) = self.run.as_mut() else {
            return;
        };
        run.poll();
        let new = run.found_after(self.taken);
        self.taken += new.len();
        for puzzle in new {
            // Another run's random games may meet a position an earlier run offered.
            if !self.puzzles.iter().any(|known| known.game == puzzle.game) {
                self.puzzles.push(puzzle);
            }
        }
    }

    /// Whether the run is still looking, with the random games played so far.
    pub fn looking(&self) -> Option<u64> {
        self.run
            .as_ref()
            .filter(|run| run.running())
            .map(GamePuzzlesJob::games)
    }

    /// Why the run failed, if it did.
    pub fn failed(&self) -> Option<&str> {
        self.run.as_ref().and_then(GamePuzzlesJob::failed)
    }

    /// Whether the last run was stopped before it found all it looked for (a stop
    /// asked of a run that had found them all is no stop).
    pub fn stopped(&self) -> bool {
        self.run
            .as_ref()
            .is_some_and(|run| run.stopped() && !run.running() && self.taken < PUZZLES_PER_RUN)
    }

    /// Stops the run (the puzzles found stay).
    pub fn stop(&mut self) {
        if let Some(run) = &self.run {
            run.stop();
        }
    }

    /// The puzzle on show, once found.
    pub fn current(&self) -> Option<&GamePuzzle> {
        self.puzzles.get(self.index)
    }

    /// The puzzle's position.
    pub fn position(&self) -> Option<Box<dyn AnyGame>> {
        let puzzle = self.current()?;
        crate::games::game_string::read(&puzzle.game).ok()
    }

    /// The position after the first `step` moves of the line.
    pub fn shown(&self) -> Option<Box<dyn AnyGame>> {
        let mut game = self.position()?;
        for mv in self.line.iter().take(self.step) {
            if game.play_text(mv).is_err() {
                break;
            }
        }
        Some(game)
    }

    /// The result at the end of the line (`Some(seat)` a win, `None` a draw) and the
    /// move of the game it comes on, once the line reaches the end.
    pub fn line_end(&self) -> Option<(Option<usize>, usize)> {
        let mut game = self.position()?;
        for mv in &self.line {
            game.play_text(mv).ok()?;
        }
        game.result().map(|winner| (winner, game.moves().len()))
    }

    /// What a click on `target` of the puzzle's board means, as the main board takes
    /// it ([`crate::ui::session::game::Game::click`]): a square a move begins
    /// on plays it; the first click of a two-square move picks the piece up (a second
    /// on it puts it down) and the second, on a square or the exit, plays it.
    pub fn click(&mut self, target: GridTarget) -> GameClick {
        let answer = self.judge_click(target);
        self.last_click = answer.clone();
        answer
    }

    fn judge_click(&mut self, target: GridTarget) -> GameClick {
        use crate::ui::session::game::{GridClick, click_on};
        if self.phase != GamePhase::Solving {
            return GameClick::Nothing;
        }
        let Some(position) = self.position() else {
            return GameClick::Nothing;
        };
        match click_on(position.as_ref(), &mut self.picked, target) {
            GridClick::Play(mv) => self.try_move(&mv),
            GridClick::Picked(square) => GameClick::Picked(square),
            GridClick::PickFirst => GameClick::PickFirst,
            GridClick::Illegal(name) => GameClick::Illegal(name),
        }
    }

    /// The player tries `mv` (in notation): the proved verdict, and the line after it.
    pub fn try_move(&mut self, mv: &str) -> GameClick {
        if self.phase != GamePhase::Solving {
            return GameClick::Nothing;
        }
        let Some(puzzle) = self.current() else {
            return GameClick::Nothing;
        };
        let Some(proved) = puzzle.judge(mv) else {
            self.picked = None;
            return GameClick::Illegal(mv.to_string());
        };
        let phase = if proved.value.steps_below(puzzle.value) == 0 {
            GamePhase::Right {
                played: proved.mv.clone(),
            }
        } else {
            GamePhase::Wrong {
                played: proved.mv.clone(),
                from: puzzle.value.outcome,
                to: proved.value.outcome,
            }
        };
        let line = std::iter::once(proved.mv.clone())
            .chain(proved.line.iter().cloned())
            .collect();
        self.phase = phase.clone();
        self.line = line;
        self.step = 1;
        self.picked = None;
        GameClick::Tried(phase)
    }

    /// Shows the solution and best play after it.
    pub fn show_solution(&mut self) {
        let Some(puzzle) = self.current() else {
            return;
        };
        let solution = puzzle.solution.clone();
        let line = puzzle
            .judge(&solution)
            .map(|proved| proved.line.clone())
            .unwrap_or_default();
        self.line = std::iter::once(solution.clone()).chain(line).collect();
        self.step = 1;
        self.picked = None;
        self.last_click = GameClick::Nothing;
        self.phase = GamePhase::Shown { solution };
    }

    /// Back to looking for the move, on the same puzzle.
    pub fn retry(&mut self) {
        self.last_click = GameClick::Nothing;
        self.phase = GamePhase::Solving;
        self.line.clear();
        self.step = 0;
        self.picked = None;
    }

    /// The next puzzle: one found already, else the one the run finds next; once the
    /// run has ended with none left, a new run from `start` looks for more.
    pub fn next(&mut self, start: &dyn AnyGame, wake: impl Fn() + Send + Sync + 'static) {
        self.retry();
        self.index = (self.index + 1).min(self.puzzles.len());
        if self.index == self.puzzles.len() && self.looking().is_none() {
            self.look_for_more(start, wake);
        }
    }

    /// Shows `step` moves of the line (kept within it).
    pub fn set_step(&mut self, step: usize) {
        self.step = step.min(self.line.len());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::table::by_tag;

    fn start(tag: &str) -> Box<dyn AnyGame> {
        let entry = by_tag(tag).unwrap_or_else(|| panic!("{tag}"));
        (entry.start)().unwrap_or_else(|e| panic!("{e}"))
    }

    /// Polls until `count` puzzles are in (a state, not a clock).
    fn found(tag: &str, count: usize) -> GamePuzzles {
        let mut puzzles = GamePuzzles::new(start(tag).as_ref(), 11, || {});
        while puzzles.puzzles.len() < count {
            assert!(puzzles.failed().is_none());
            std::thread::yield_now();
            puzzles.poll();
        }
        puzzles
    }

    /// Clicks `mv` as a player would: its squares one after the other.
    fn click_move(puzzles: &mut GamePuzzles, mv: &str) -> GameClick {
        let view = puzzles
            .position()
            .and_then(|p| p.grid())
            .unwrap_or_else(|| panic!("no view"));
        let mut answer = GameClick::Nothing;
        for part in mv.split('-') {
            let target = match view.names.iter().position(|name| name == part) {
                Some(index) => GridTarget::Square(index),
                None => GridTarget::Exit,
            };
            answer = puzzles.click(target);
        }
        answer
    }

    #[test]
    fn the_right_move_keeps_the_result_and_a_wrong_one_says_what_it_becomes() {
        for tag in ["tictactoe", "dodgem"] {
            let mut puzzles = found(tag, 1);
            let puzzle = puzzles.current().cloned().unwrap_or_else(|| panic!("none"));
            let wrong = puzzle
                .moves
                .iter()
                .find(|m| m.mv != puzzle.solution)
                .cloned()
                .unwrap_or_else(|| panic!("{tag}: one move only"));
            let answer = click_move(&mut puzzles, &wrong.mv);
            assert_eq!(
                answer,
                GameClick::Tried(GamePhase::Wrong {
                    played: wrong.mv.clone(),
                    from: puzzle.value.outcome,
                    to: wrong.value.outcome,
                }),
                "{tag}"
            );
            assert!(wrong.value.outcome.rank() < puzzle.value.outcome.rank());
            // The refutation is played out to the end, at the result it proved.
            assert_eq!(puzzles.line[0], wrong.mv);
            let (winner, _) = puzzles.line_end().unwrap_or_else(|| panic!("no end"));
            let mover = puzzles.position().map(|p| p.seat_to_move());
            match wrong.value.outcome {
                Outcome::Loss => assert_eq!(winner, mover.map(|m| 1 - m)),
                Outcome::Draw => assert_eq!(winner, None),
                Outcome::Win => panic!("a wrong move kept a win"),
            }
            // No second try before Retry.
            assert_eq!(
                click_move(&mut puzzles, &puzzle.solution),
                GameClick::Nothing
            );
            puzzles.retry();
            assert_eq!(
                click_move(&mut puzzles, &puzzle.solution),
                GameClick::Tried(GamePhase::Right {
                    played: puzzle.solution.clone()
                })
            );
            puzzles.set_step(usize::MAX);
            assert_eq!(puzzles.step, puzzles.line.len());
            assert!(puzzles.shown().is_some_and(|g| g.result().is_some()));
            puzzles.stop();
        }
    }

    #[test]
    fn stop_ends_the_run_and_keeps_the_puzzles_found() {
        let mut puzzles = found("dodgem", 1);
        puzzles.stop();
        while puzzles.looking().is_some() {
            std::thread::yield_now();
            puzzles.poll();
        }
        // Stopped, unless the run had found them all before the stop came.
        let all = puzzles.puzzles.len() == PUZZLES_PER_RUN;
        assert_eq!(puzzles.stopped(), !all);
        assert!(!puzzles.puzzles.is_empty() && puzzles.puzzles.len() <= PUZZLES_PER_RUN);
        assert!(puzzles.current().is_some());
        // More puzzles starts a new run after them.
        let kept = puzzles.puzzles.clone();
        puzzles.look_for_more(start("dodgem").as_ref(), || {});
        assert!(puzzles.looking().is_some());
        while puzzles.puzzles.len() <= kept.len() {
            std::thread::yield_now();
            puzzles.poll();
        }
        assert_eq!(puzzles.puzzles[..kept.len()], kept[..]);
        puzzles.stop();
    }

    #[test]
    fn show_solution_next_and_an_illegal_move() {
        let mut puzzles = found("tictactoe", 2);
        let first = puzzles.current().cloned().unwrap_or_else(|| panic!("none"));
        let played = first.game.split("moves=").nth(1).unwrap_or_default();
        let taken = played.split(',').next().unwrap_or_default().to_string();
        assert!(matches!(
            click_move(&mut puzzles, &taken),
            GameClick::Illegal(_)
        ));
        assert_eq!(puzzles.phase, GamePhase::Solving);
        puzzles.show_solution();
        assert_eq!(
            puzzles.phase,
            GamePhase::Shown {
                solution: first.solution.clone()
            }
        );
        puzzles.next(start("tictactoe").as_ref(), || {});
        assert_eq!(puzzles.index, 1);
        assert_eq!(puzzles.phase, GamePhase::Solving);
        assert_ne!(puzzles.current().map(|p| &p.game), Some(&first.game));
        puzzles.stop();
    }
}
