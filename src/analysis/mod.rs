//! Game analysis: for every move of a finished (or unfinished) game, the margin with best
//! play before and after it, the best move, and the cells the move gave away.
//!
//! The values come from the exact solver where it finishes within the time given to a
//! position, and from the `pvs` engine's iterative deepening (an estimate, with its
//! depth) where it does not. The board does not know this module and the window does not
//! compute it: both front ends (`queens analyse`, the window) call [`analyse`].

mod live;
mod model;
mod run;

pub use live::{LiveSettings, MoveValue, MoveValues, value_moves};

pub use model::{
    Analysis, Class, MoveAnalysis, PlayerSummary, PositionValue, class_of, summarize_players,
};
pub use run::{AnalysisSettings, analyse};
