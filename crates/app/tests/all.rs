//! Every integration test of the window (queens-app), in one test program.
//!
//! Each file of tests/ is a module here, not a program of its own, so the test build
//! links one program instead of one per file (BENCHMARKS.md, "CI in half the time",
//! has the times). The files' tests run side by side, so a test that needs a file, a
//! folder or a port makes its own; a test that must be alone in its process keeps a
//! program of its own, as crates/arena/tests/arena_memory.rs does.
//! One file's tests: `cargo test -p queens-app --test all ui_writes::`.

mod ui_support;

mod ui;
mod ui_actions;
mod ui_analysis;
mod ui_engine_program;
mod ui_game_tree;
mod ui_keyboard;
mod ui_lab_exercises;
mod ui_live;
mod ui_look;
mod ui_nothing_lost;
mod ui_one_game;
mod ui_one_path;
mod ui_othello;
mod ui_puzzles;
mod ui_puzzles_games;
mod ui_small_games;
mod ui_tree_lab;
mod ui_writes;
