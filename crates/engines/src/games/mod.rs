//! The lecture's two exercises (000: "4.3 Bài tập"): tic-tac-toe and Dodgem, as game
//! states the thesis's search walks through the same [`crate::ai::SearchGame`] trait as
//! the queens board. Rules only and their evaluation; no window, no command line, no I/O
//! beyond reading an evaluation table the caller names.
//!
//! Every game of the program, queens included, goes through one seam: [`seam::Rules`],
//! implemented once per game, and one games table, [`table::GAMES`], whose rows the
//! saves' `kind`, the CLI's `--kind`, the game string's `game=` and the New game list
//! read. To add a game, read [`seam`] (whose parts are `rules`, `ending`, `exact`,
//! `tree`, `perft` and [`think`]) and follow [`tictactoe`]'s `Rules` impl: its
//! setup, notation and moves are one line each through the helpers in `rules`, and its
//! errors say themselves in Vietnamese too ([`setup::Reason`]; wrap them with
//! `Refused::worded`).

pub mod cells;
pub mod dodgem;
pub mod dodgem_eval;
mod dodgem_rules;
pub mod dodgem_solve;
pub(crate) mod ending;
pub(crate) mod exact;
pub mod game_string;
pub mod grid;
pub mod grow;
pub mod move_values;
pub(crate) mod othello;
pub(crate) mod othello_eval;
pub(crate) mod perft;
pub(crate) mod puzzle_finder;
pub(crate) mod queens;
mod queens_prove;
mod queens_puzzles;
mod queens_solve;
pub mod queens_values;
pub(crate) mod rules;
pub mod seam;
pub mod setup;
pub(crate) mod solution;
pub mod table;
pub mod think;
pub mod tictactoe;
pub(crate) mod tree;
pub mod words;
