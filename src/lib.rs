//! Queens & Stones: a two-player queen placement game and a workbench for minimax and
//! alpha-beta search.
//!
//! The crate keeps the thesis program's split visible:
//! - [`board`] is its CBoard: rules and state, nothing else;
//! - [`ai`] is its gameAI: evaluation, move ordering and search, through the board's
//!   public API only;
//! - `ui` is its Form1: the egui window. Legality, claims, the end, the winner (a
//!   resignation too), the stones of a random setup and whether a value is exact come
//!   from `board`, `ai` and `analysis`; the window only tidies the stones typed by hand
//!   (off-board and repeated names dropped, cut at the board's own maximum);
//! - [`cli`] is the `queens` command line, a second front end to the same library.
//!
//! The window is behind the `gui` cargo feature (on by default): without it the library,
//! the solver and the CLI build with no eframe, egui or native dialogs.

pub mod ai;
pub mod analysis;
pub mod arena;
pub mod board;
#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
pub mod engines;
pub mod games;
pub mod store;
#[cfg(feature = "gui")]
pub mod ui;
