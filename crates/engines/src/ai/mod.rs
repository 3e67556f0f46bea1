//! The AI (the thesis's gameAI): evaluation, move ordering, minimax and alpha-beta behind
//! one engine trait. It sees the board only through the board's public API, does no I/O,
//! and reports progress and takes "stop" through a [`SearchHandler`].

mod control;
mod engine;
mod frontier;
mod game;
mod movelist;
mod negamax;
mod ordering;
pub mod puzzles;
mod registry;
mod score;
mod search;
#[cfg(test)]
pub(crate) mod shared_progress;
mod spec;
pub mod speed;
mod stats;
pub mod strong;
#[cfg(test)]
mod takeaway;
pub mod tree;

pub use control::{Limits, NoHandler, SearchHandler};
pub use engine::{Engine, search_board};
pub(crate) use game::FrontierGame;
pub use game::{GamePosition, SearchGame};
pub(crate) use movelist::MAX_MOVES;
pub use movelist::MoveList;
pub use negamax::{Method, Silent};
pub use ordering::{CentreOrder, evaluate, heuristic_moves};
pub use registry::{
    ConfigError, ENGINES, EngineConfig, EngineKind, EngineLimits, MAX_DEPTH, MAX_THREADS,
    MAX_TIME_MS, NotForThisGame, UnknownEngine, known_engines,
};
pub use score::Score;
pub use search::run_search;
pub use spec::SpecError;
pub use stats::{Iteration, SearchOutcome, Stats};
pub use strong::{DEFAULT_HASH_MB, MAX_HASH_MB};
