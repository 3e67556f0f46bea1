//! The panels beside the board: the status panel with the move list, the new-game
//! choices and the analysis chart. They draw what they are given and return actions.

pub mod chart;
pub mod grid;
pub mod moves;
pub mod new_game;
pub mod side;
