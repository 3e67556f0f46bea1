//! Every integration test of the store (queens-store), in one test program.
//!
//! Each file of tests/ is a module here, not a program of its own, so the test build
//! links one program instead of one per file (BENCHMARKS.md, "CI in half the time",
//! has the times). The files' tests run side by side, so a test that needs a file, a
//! folder or a port makes its own; a test that must be alone in its process keeps a
//! program of its own, as crates/arena/tests/arena_memory.rs does.
//! One file's tests: `cargo test -p queens-store --test all store_othello::`.

mod store_games;
mod store_old_saves;
mod store_othello;
