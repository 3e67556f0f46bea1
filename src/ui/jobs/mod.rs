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
