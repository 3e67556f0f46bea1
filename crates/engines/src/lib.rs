//! Queens & Stones' games and their search: the thesis's gameAI, and every game behind
//! one seam.
//!
//! - [`ai`]: evaluation, move ordering and search (the thesis's minimax and alpha-beta,
//!   the strong engine, the exact solver, game trees, queens' puzzles), through the
//!   board's public API only ([`queens_board`]);
//! - [`games`]: every game (queens, tic-tac-toe, Dodgem, Othello) through one seam, the
//!   games table the front ends list, and the jobs the seam runs over any game (move
//!   values, trees, proofs);
//! - [`analysis`]: a whole game analysed move by move, Table 2.4, proved positions.
//!
//! No files, no window, no command line: the crate builds for wasm32-unknown-unknown
//! with serde, ron, thiserror, bytemuck and web-time only. What reads or writes files is
//! in `queens-store`; the window is `queens-app`.

pub mod ai;
pub mod analysis;
pub mod games;
