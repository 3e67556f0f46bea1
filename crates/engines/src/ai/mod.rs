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
mod spec;
pub mod speed;
mod stats;
pub mod strong;
#[cfg(test)]
mod takeaway;
pub mod tree;

pub use control::{Limits, NoHandler, SearchHandler, SharedProgress};
pub use engine::{Engine, ThesisEngine, search_board};
pub use game::{ChildFrontier, FrontierGame, FrontierResult, GamePosition, SearchGame};
pub use movelist::{MAX_MOVES, MoveList};
pub use negamax::{MAX_PLY, Method, Observer, Searcher, Silent};
pub use ordering::{CentreOrder, QueensGame, evaluate, heuristic_moves};
pub use registry::{
    ConfigError, ENGINES, EngineConfig, EngineEntry, EngineKind, EngineLimits, MAX_DEPTH,
    MAX_THREADS, MAX_TIME_MS, NotForThisGame, UnknownEngine, known_engines,
};
pub use score::Score;
pub use search::run_search;
pub use spec::SpecError;
pub use stats::{Iteration, SearchOutcome, Stats};
pub use strong::{DEFAULT_HASH_MB, MAX_HASH_MB};
