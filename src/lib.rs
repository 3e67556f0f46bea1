//! Queens & Stones: a two-player queen placement game and a workbench for minimax and
//! alpha-beta search.
//!
//! The crate keeps the thesis program's split visible:
//! - [`board`] is its CBoard: rules and state, nothing else;
//! - [`ai`] is its gameAI: evaluation, move ordering and search, through the board's
//!   public API only;
//! - [`ui`] is its Form1: the egui window, which decides no rule;
//! - [`cli`] is the `queens` command line, a second front end to the same library.

pub mod ai;
pub mod analysis;
pub mod arena;
pub mod board;
pub mod cli;
pub mod store;
pub mod ui;
