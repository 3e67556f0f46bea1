//! The AI (the thesis's gameAI): evaluation, move ordering, minimax and alpha-beta behind
//! one engine trait. It sees the board only through the board's public API, does no I/O,
//! and reports progress and takes "stop" through a [`SearchHandler`].

mod control;
mod frontier;
mod game;
mod movelist;
mod negamax;
mod ordering;
mod score;
mod search;
mod stats;
pub mod tree;

pub use control::{Limits, NoHandler, SearchHandler, SharedProgress};
pub use game::{FrontierGame, FrontierResult, SearchGame};
pub use movelist::{MAX_MOVES, MoveList};
pub use negamax::{MAX_PLY, Method, Observer, Searcher, Silent};
pub use ordering::{CentreOrder, QueensGame, evaluate, heuristic_moves};
pub use score::Score;
pub use search::{Algorithm, Engine, UnknownAlgorithm, run_search, search_board};
pub use stats::{Iteration, SearchOutcome, Stats};
