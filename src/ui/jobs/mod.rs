//! Work the window does off its own thread: the computer's searches, the game analysis,
//! the move values, Table 2.4's measurements and the native file dialogs. The window
//! polls each job once a frame and never waits on one.

pub mod analysis;
pub mod dialogs;
pub mod job;
pub mod live;
pub mod search;
pub mod table24;
pub mod workbook;
