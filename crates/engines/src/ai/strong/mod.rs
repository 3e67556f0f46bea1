//! The strong engine (`pvs`) and the exact solver (`queens solve`).
//!
//! Both search the GAIN of a free set rather than the board: a move's claims depend only
//! on the free cells, and both players have the same moves, so the value of the rest of
//! the game depends only on the free set (see `gain`). Transpositions reached by
//! different move orders, or by different owners of the claimed cells, share one table
//! entry; the table is shared lock-free by Lazy SMP threads.

mod book;
mod engine;
mod every_move;
mod gain;
mod hash;
mod history;
mod rounds;
mod search;
mod sizing;
mod smp;
mod solver;
mod table;

pub use book::{OpeningBook, SHIPPED_BOOK};
pub use engine::PvsEngine;
pub(crate) use engine::SOLVE_FREE_CELLS;
pub(crate) use every_move::{ListProof, proof_of_list};
pub use every_move::{MoveValue, move_classes, solve_every_move, solve_every_move_with};
pub use gain::margin_of;
pub(crate) use gain::score_diff;
pub(crate) use hash::Symmetry;
pub use rounds::{EXACT, value_every_move_in_rounds, value_every_move_within};
pub(crate) use rounds::{LOSS_THRESHOLDS, MoveRounds};
pub use search::Options;
pub use sizing::table_for_board;
pub(crate) use smp::default_threads;
pub use smp::thread_note;
pub use solver::{SolveProgress, SolveResult, SolveSettings, solve, solve_board};
pub(crate) use solver::{SolveStart, solve_from};
pub use table::{DEFAULT_HASH_MB, MAX_HASH_MB, Table, TableError};
