//! Work the window does off its own thread: the computer's searches, the game analysis,
//! the move values (one job for every game with an exact solver), the other games'
//! puzzles, Table 2.4's measurements and the native file dialogs. The window
//! polls each job once a frame and never waits on one.

pub mod analysis;
pub mod dialogs;
pub mod game_puzzles;
#[cfg(target_arch = "wasm32")]
pub mod in_worker;
pub mod job;
pub mod move_values;
pub mod program;
pub mod search;
pub mod table24;
pub mod workbook;
