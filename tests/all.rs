//! Every integration test of the `queens` program, in one test program.
//!
//! Each file of tests/ is a module here, not a program of its own, so the test build
//! links one program instead of one per file (BENCHMARKS.md, "CI in half the time",
//! has the times). The files' tests run side by side, so a test that needs a file, a
//! folder or a port makes its own; a test that must be alone in its process keeps a
//! program of its own, as crates/arena/tests/arena_memory.rs does.
//! One file's tests: `cargo test -p queens --test all cli_solve::`.

mod common;
#[path = "../crates/engines/tests/oracle/mod.rs"]
mod oracle;
#[cfg(feature = "gui")]
#[path = "../crates/app/tests/ui_support/mod.rs"]
mod ui_support;

mod book;
mod cli_analyse;
mod cli_arena_kinds;
mod cli_arena_stop;
mod cli_engines;
mod cli_game_strings;
mod cli_kinds;
mod cli_limits;
mod cli_messages;
mod cli_one_path;
mod cli_othello;
mod cli_outputs;
mod cli_places;
mod cli_proved_kinds;
mod cli_puzzles;
mod cli_refusals;
mod cli_replay;
mod cli_search;
mod cli_solve;
mod cli_store;
mod cli_sweep;
mod store_reading;
mod store_small;
mod tree_cli;
#[cfg(feature = "gui")]
mod ui_fits;
#[cfg(feature = "gui")]
mod ui_places;
#[cfg(feature = "gui")]
mod ui_table24;
