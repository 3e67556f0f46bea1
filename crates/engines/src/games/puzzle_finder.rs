//! What a game brings to the one puzzle generator (`analysis::generate_puzzles`), when
//! the generic way does not fit it: the generator plays games, offers their positions
//! to a proof and keeps those where exactly one move keeps the proved margin; the
//! games, the positions worth a proof and the proof itself are asked of a
//! [`PuzzleFinder`]. A game gives its own through `Rules::puzzle_finder` (queens: boards
//! of stones drawn from the seed, self-play of the thesis's alpha-beta, its solver
//! with mirror images as one move); every other game with an exact solver gets the
//! generic one (games from its start with uniformly random moves, each position proved
//! move by move through `Rules::solve_exact`).
//!
//! A puzzle is told in the one shape of the puzzle files (`ai::puzzles::Puzzle`):
//! margins from the first player's view (queens' cells; 1, 0 or -1 for a game won,
//! drawn or lost) and losses in the margin's units, so a win turned into a draw is a
//! loss of 1.

use crate::ai::puzzles::{Puzzle, Refusal};
use queens_board::SplitMix64;
use std::time::Duration;

/// What a run of the puzzle generator asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleAsk {
    /// The seed of the whole run: the same seed and ask give the same puzzles (on one
    /// thread, when no position runs out of `time`).
    pub seed: u64,
    /// The least every wrong move must give away, in the margin's units (at least 1).
    pub min_loss: u32,
    /// The proof's time for each position offered; `None` proves to the end.
    pub time: Option<Duration>,
    /// Solver threads, at least 1 (a game whose solver has one thread ignores it).
    pub threads: usize,
    /// The board sides to draw from, smaller first, for a game whose start is drawn
    /// (queens' boards of stones); a game with one start ignores it.
    pub sizes: (u8, u8),
}

impl Default for PuzzleAsk {
    /// Seed 1, wrong moves giving away at least 1, proved to the end on one thread,
    /// boards of 5 to 12 (queens' sides when none are asked for).
    fn default() -> PuzzleAsk {
        PuzzleAsk {
            seed: 1,
            min_loss: 1,
            time: None,
            threads: 1,
            sizes: (5, 12),
        }
    }
}

/// One puzzle proved, as a `PuzzleFinder` gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleProof {
    /// The puzzle in the puzzle files' shape.
    pub puzzle: Puzzle,
    /// For a game won, drawn or lost: the position's exact value from the mover's view,
    /// as the game's engines score a finished game (it tells how quickly); `None` for a
    /// game whose result is a margin.
    pub value: Option<i32>,
}

/// The games a puzzle run plays and how their positions are proved (see the module
/// doc). The generator calls [`PuzzleFinder::next_game`], then for each position
/// [`PuzzleFinder::worth_proving`], [`PuzzleFinder::prove`] when it is, and
/// [`PuzzleFinder::advance`], until a puzzle is found or the game ends.
pub trait PuzzleFinder: Send {
    /// Starts the next game with draws from the run's `stream`, a fixed number of them
    /// per game, so that game k is the same whatever happened in the games before it;
    /// false when the ask gives no game (a size range that is empty).
    fn next_game(&mut self, stream: &mut SplitMix64) -> bool;

    /// Whether the position is one to prove: enough moves to choose from and not one
    /// already offered or made a puzzle (as the game tells positions apart).
    fn worth_proving(&mut self) -> bool;

    /// The position as a puzzle, proved within the ask's time (the [`PuzzleAsk`] the
    /// finder was made with), asking `stop` as it goes.
    ///
    /// # Errors
    /// The [`Refusal`] that rules it out; [`Refusal::Unproved`] when time ran out or
    /// `stop` said so.
    fn prove(&mut self, stop: &(dyn Fn() -> bool + Sync)) -> Result<PuzzleProof, Refusal>;

    /// Records that the position was made a puzzle, so no later game offers it again.
    fn found(&mut self);

    /// Plays the game's next move; false once there is nothing more to look at.
    fn advance(&mut self) -> bool;
}
