//! Where a game's puzzles come from when the program ships none: a run of the generator
//! on a background job ([`crate::jobs::game_puzzles`]), the puzzles it has found so
//! far, and the one on show as a [`PuzzleSession`] (the same session as the shipped
//! set's; only where its puzzles come from differs). Nothing here names a game.

use super::session::{PuzzleSession, Stakes};
use crate::jobs::game_puzzles::{GamePuzzle, GamePuzzlesJob, PUZZLES_PER_RUN};
use queens_engines::games::seam::AnyGame;

/// The puzzles of one game made as the window goes.
pub(crate) struct GamePuzzles {
    /// The game's tag in the games table.
    pub tag: &'static str,
    /// The puzzles found so far.
    pub puzzles: Vec<GamePuzzle>,
    /// The one on show (an index of `puzzles`; may wait for the run to find it).
    pub index: usize,
    /// The puzzle on show, once found.
    pub session: Option<PuzzleSession>,
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
    pub(crate) fn new(
        start: &dyn AnyGame,
        seed: u64,
        wake: impl Fn() + Send + Sync + 'static,
    ) -> GamePuzzles {
        let mut puzzles = GamePuzzles {
            tag: start.tag(),
            puzzles: Vec::new(),
            index: 0,
            session: None,
            run: None,
            taken: 0,
            seed,
        };
        puzzles.look_for_more(start, wake);
        puzzles
    }

    /// Starts a run for more puzzles from `start` (with the next seed); the puzzles
    /// found stay.
    pub(crate) fn look_for_more(
        &mut self,
        start: &dyn AnyGame,
        wake: impl Fn() + Send + Sync + 'static,
    ) {
        self.stop_run();
        self.run = Some(GamePuzzlesJob::start(
            start,
            self.seed,
            PUZZLES_PER_RUN,
            wake,
        ));
        self.taken = 0;
        self.seed = self.seed.wrapping_add(1);
    }

    /// Takes the puzzles the run has found since the last frame, and the session's
    /// proof; opens the puzzle on show once it is found.
    pub(crate) fn poll(&mut self) {
        if let Some(run) = self.run.as_mut() {
            run.poll();
            let new = run.found_after(self.taken);
            self.taken += new.len();
            for puzzle in new {
                // Another run's random games may meet a position an earlier run offered.
                if !self
                    .puzzles
                    .iter()
                    .any(|known| known.puzzle.game == puzzle.puzzle.game)
                {
                    self.puzzles.push(puzzle);
                }
            }
        }
        if self.session.is_none() {
            self.session = self.puzzles.get(self.index).and_then(|found| {
                let stakes = if found.value.margin.is_some() {
                    Stakes::Cells
                } else {
                    Stakes::Result
                };
                let known = found
                    .moves
                    .iter()
                    .map(|proved| (proved.mv.clone(), proved.line.clone()))
                    .collect();
                PuzzleSession::open(self.index, found.puzzle.clone(), stakes, known)
            });
        }
        if let Some(session) = &mut self.session {
            session.poll();
        }
    }

    /// Whether the run is still looking, with the random games played so far.
    pub(crate) fn looking(&self) -> Option<u64> {
        self.run
            .as_ref()
            .filter(|run| run.running())
            .map(GamePuzzlesJob::games)
    }

    /// Why the run failed, if it did.
    pub(crate) fn failed(&self) -> Option<&str> {
        self.run.as_ref().and_then(GamePuzzlesJob::failed)
    }

    /// Whether the last run was stopped before it found all it looked for (a stop
    /// asked of a run that had found them all is no stop).
    pub(crate) fn stopped(&self) -> bool {
        self.run
            .as_ref()
            .is_some_and(|run| run.stopped() && !run.running() && self.taken < PUZZLES_PER_RUN)
    }

    /// Stops the run (the puzzles found stay).
    pub(crate) fn stop_run(&self) {
        if let Some(run) = &self.run {
            run.stop();
        }
    }

    /// Stops all work in the background: the run and the session's proof.
    pub(crate) fn stop(&mut self) {
        self.stop_run();
        if let Some(session) = &mut self.session {
            session.stop();
        }
    }

    /// The next puzzle: one found already, else the one the run finds next; once the
    /// run has ended with none left, a new run from `start` looks for more.
    pub(crate) fn next(&mut self, start: &dyn AnyGame, wake: impl Fn() + Send + Sync + 'static) {
        if let Some(session) = &mut self.session {
            session.stop();
        }
        self.session = None;
        self.index = (self.index + 1).min(self.puzzles.len());
        if self.index == self.puzzles.len() && self.looking().is_none() {
            self.look_for_more(start, wake);
        }
        self.poll();
    }
}
