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

pub use book::{BookBoard, BookError, OpeningBook, SHIPPED_BOOK};
pub use engine::{PvsEngine, SOLVE_FREE_CELLS};
pub use every_move::{
    ListProof, MoveValue, move_classes, proof_of_list, solve_every_move, solve_every_move_with,
    sort_best_first,
};
pub use gain::{margin_of, score_diff};
pub use hash::Symmetry;
pub use rounds::{
    EXACT, LOSS_THRESHOLDS, MoveRounds, value_every_move_in_rounds, value_every_move_within,
};
pub use search::Options;
pub use sizing::table_for_board;
pub use smp::{default_threads, thread_note, threads_for};
pub use solver::{
    SolveProgress, SolveResult, SolveSettings, SolveStart, solve, solve_board, solve_from,
    solve_or_settle, symmetric_duplicates,
};
pub use table::{DEFAULT_HASH_MB, MAX_HASH_MB, Table, TableError};
