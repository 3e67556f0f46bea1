//! Every integration test of the engines (queens-engines), in one test program.
//!
//! Each file of tests/ is a module here, not a program of its own, so the test build
//! links one program instead of one per file (BENCHMARKS.md, "CI in half the time",
//! has the times). The files' tests run side by side, so a test that needs a file, a
//! folder or a port makes its own; a test that must be alone in its process keeps a
//! program of its own, as crates/arena/tests/arena_memory.rs does.
//! One file's tests: `cargo test -p queens-engines --test all tree_lab::`.

#[path = "support/minimax.rs"]
mod minimax;
mod oracle;

mod alphabeta_counts;
mod analysis_proofs;
mod differential;
mod dodgem;
mod exact;
mod properties;
mod puzzles;
mod seam_analysis;
mod solve;
mod tictactoe;
mod tree_lab;
