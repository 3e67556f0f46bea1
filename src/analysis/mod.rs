//! Game analysis: for every move of a finished (or unfinished) game, the margin with best
//! play before and after it, the best move, and the cells the move gave away.
//!
//! The values come from the exact solver where it finishes within the time given to a
//! position, and from the `pvs` engine's iterative deepening (an estimate, with its
//! depth) where it does not. The board does not know this module and the window does not
//! compute it: both front ends (`queens analyse`, the window) call [`analyse`].
//!
//! [`table24`] is the thesis's table 2.4 measured on a position: nodes per depth of
//! minimax, alpha-beta and `pvs`.

mod live;
mod model;
mod run;
pub mod table24;
mod values;
mod wire;

pub use live::{LiveSettings, value_moves};
pub use values::{KindCounts, MoveValue, MoveValues, ProvedValue, ValueKind};

pub use model::{
    Analysis, Class, MoveAnalysis, PlayerSummary, PositionValue, class_of, class_of_bounds,
    summarize_players,
};
pub use run::{AnalysisSettings, analyse, analyse_reporting};
pub use table24::{Table24, Table24Row, Table24Settings, run_table24};
