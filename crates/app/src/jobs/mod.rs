//! Work the window does off its own thread: the computer's searches, the game analysis,
//! the move values (one job for every game with an exact solver), the other games'
//! puzzles, Table 2.4's measurements and the native file dialogs. The window
//! polls each job once a frame and never waits on one.

pub(crate) mod analysis;
pub(crate) mod dialogs;
pub(crate) mod game_puzzles;
#[cfg(target_arch = "wasm32")]
pub(crate) mod in_worker;
pub(crate) mod job;
pub(crate) mod move_values;
pub(crate) mod program;
pub(crate) mod search;
pub(crate) mod table24;
pub(crate) mod workbook;
