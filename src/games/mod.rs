//! The lecture's two exercises (000: "4.3 Bài tập"): tic-tac-toe and Dodgem, as game
//! states the thesis's search walks through the same [`crate::ai::SearchGame`] trait as
//! the queens board. Rules only and their evaluation; no window, no command line, no I/O
//! beyond reading an evaluation table the caller names.
//!
//! The names the rest of the program will use for them (saves' `kind`, the CLI's
//! `--kind`) are [`tictactoe::KIND`] and [`dodgem::KIND`].

pub mod cells;
pub mod dodgem;
pub mod dodgem_eval;
pub mod dodgem_solve;
pub mod grow;
pub mod play;
pub mod tictactoe;
