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

/// Runs the task called `name`, given as JSON, in this Web Worker: the list of every
/// [`job::Task`] the window starts (a new task is added here).
///
/// # Errors
/// No task has that name, or the input is not one.
#[cfg(target_arch = "wasm32")]
pub(crate) fn run_named(name: &str, input: &str, flag: &str) -> Result<(), String> {
    use crate::ui::web::worker::run;
    use job::Task;
    match name {
        search::SearchTask::NAME => run::<search::SearchTask>(input, flag),
        analysis::AnalysisTask::NAME => run::<analysis::AnalysisTask>(input, flag),
        live::LiveTask::NAME => run::<live::LiveTask>(input, flag),
        table24::Table24Task::NAME => run::<table24::Table24Task>(input, flag),
        crate::ui::app::SmallSearchTask::NAME => {
            run::<crate::ui::app::SmallSearchTask>(input, flag)
        }
        crate::ui::windows::puzzles::LineTask::NAME => {
            run::<crate::ui::windows::puzzles::LineTask>(input, flag)
        }
        _ => Err(format!("the worker has no task called {name}")),
    }
}

/// A board as its game string in a task's message (`#[serde(with = "game_string")]`):
/// the string is the board's own exact text form, and reading it back checks it.
pub(crate) mod game_string {
    use crate::board::Board;
    use serde::{Deserialize, Deserializer, Serializer};

    /// Writes `board` as its game string.
    ///
    /// # Errors
    /// The serializer's.
    pub fn serialize<S: Serializer>(board: &Board, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&board.game_string())
    }

    /// Reads a board from its game string.
    ///
    /// # Errors
    /// The text is not a game string that replays.
    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Board, D::Error> {
        let text = String::deserialize(deserializer)?;
        Board::from_game_string(&text).map_err(serde::de::Error::custom)
    }
}
