//! Game analysis: for every move of a finished (or unfinished) game, the margin with best
//! play before and after it, the best move, and the cells the move gave away.
//!
//! The values come from the exact solver where it finishes within the time given to a
//! position, and from the `pvs` engine's iterative deepening (an estimate, with its
//! depth) where it does not. The board does not know this module and the window does not
//! compute it: both front ends (`queens analyse`, the window) call [`analyse`].
//!
//! The analysis is one for every game whose row in the games table has an exact solver:
//! each position is asked of the game's prover through the seam (`Rules::prover`;
//! queens' proves bounds and estimates, the others' prove all or nothing), and every
//! game's result is a margin from the first player's view (queens' cells; 1, 0, -1 for
//! a game won, drawn or lost, whose moves also get their result's words).
//! [`proved`] values every legal move exactly and `proved_puzzles` is the one puzzle
//! generator, through the game seam and never naming a game (a game brings its own
//! games and proof where the generic ones do not fit it: `Rules::puzzle_finder`).
//!
//! [`table24`] is the thesis's table 2.4 measured on a position: nodes per depth of
//! minimax, alpha-beta and `pvs`.

mod model;
pub mod proved;
pub(crate) mod proved_puzzles;
mod run;
pub mod table24;
mod wire;

pub use crate::games::move_values::{KindCounts, MoveValue, MoveValues, ValueKind};

pub use model::{Analysis, Class, MoveAnalysis, PlayerSummary, PositionValue, class_of};
pub use proved::{Outcome, Proved, ProvedMove, ProvedMoves, proved_moves};
pub use proved_puzzles::{PuzzleStats, generate_puzzles, outcome_of};
pub use run::{AnalysisSettings, analyse, analyse_reporting};
pub use table24::{Table24, Table24Row, Table24Settings, run_table24};
