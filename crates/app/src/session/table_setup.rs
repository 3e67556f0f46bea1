//! The table games' new-game choices: which game New game starts (queens, or the
//! setup of a games-table game) and those games' computers ([`TableSetup`]), kept in
//! the settings file.

use super::engine_setup::EngineSetup;
use queens_engines::ai::EngineKind;
use serde::{Deserialize, Serialize};

/// The new-game choices of the games table: which game New game starts (queens, or the
/// setup of a games-table game) and the computers of those games. The settings file
/// holds it as a [`TableSetupFile`], which reads the game names older versions wrote.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(from = "TableSetupFile", into = "TableSetupFile")]
pub struct TableSetup {
    /// The computer of each seat (P1, P2): minimax or alpha-beta, a depth and a time.
    pub engines: [EngineSetup; 2],
    /// The game of the games table New game starts, played through the seam: the game
    /// string of its setup (`game=othello size=6`); `None` for queens. Its computers are
    /// `engines`.
    pub table: Option<String>,
}

impl Default for TableSetup {
    fn default() -> Self {
        let engine = EngineSetup {
            engine: EngineKind::ALPHABETA,
            depth: 9,
            time_ms: 5_000,
            program: None,
        };
        TableSetup {
            engines: [engine.clone(), engine],
            table: None,
        }
    }
}

impl TableSetup {
    /// The game string of the table game chosen (`game=othello size=6`), if not queens.
    pub(crate) fn table_setup(&self) -> Option<&str> {
        self.table.as_deref()
    }
}

/// [`TableSetup`] as the settings file holds it. `game` is what versions before the
/// games table named the game New game starts (`"Queens"`, `"TicTacToe"`, `"Dodgem"`);
/// a name that is a table tag but queens's, read in any case, is read as that game's
/// start when `table` names none. It is always written `"Queens"`, so that an older
/// version reading a newer file starts queens rather than refusing the value.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
struct TableSetupFile {
    game: String,
    engines: [EngineSetup; 2],
    table: Option<String>,
}

impl Default for TableSetupFile {
    fn default() -> Self {
        TableSetup::default().into()
    }
}

/// The name the file's `game` has always had for queens.
const QUEENS_CHOICE: &str = "Queens";

impl From<TableSetupFile> for TableSetup {
    fn from(file: TableSetupFile) -> TableSetup {
        let old_game = queens_engines::games::table::by_tag(&file.game)
            .filter(|entry| entry.tag != queens_engines::games::table::DEFAULT_TAG)
            .map(|entry| format!("game={}", entry.tag));
        TableSetup {
            engines: file.engines,
            table: file.table.or(old_game),
        }
    }
}

impl From<TableSetup> for TableSetupFile {
    fn from(setup: TableSetup) -> TableSetupFile {
        TableSetupFile {
            game: QUEENS_CHOICE.to_string(),
            engines: setup.engines,
            table: setup.table,
        }
    }
}

/// The engines a table game can be played by (the thesis's two).
pub(crate) const SMALL_ENGINES: [EngineKind; 2] = [EngineKind::MINIMAX, EngineKind::ALPHABETA];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::settings::Settings;

    /// The `small` part of a settings file an older version wrote, choosing `game`.
    fn old_settings(game: &str) -> String {
        format!(
            r#"{{"setup":{{"small":{{"game":"{game}","engines":[{{"algorithm":"alphabeta","depth":4,"time_ms":1000}},{{"algorithm":"minimax","depth":3,"time_ms":2000}}]}}}}}}"#
        )
    }

    #[test]
    fn an_older_settings_file_naming_tic_tac_toe_or_dodgem_starts_that_table_game() {
        for (old, setup) in [
            ("TicTacToe", Some("game=tictactoe")),
            ("Dodgem", Some("game=dodgem")),
            ("Queens", None),
        ] {
            let (settings, notes) = Settings::from_json_with_notes(&old_settings(old));
            assert_eq!(notes, Vec::<String>::new(), "{old}");
            let small = &settings.setup.table;
            assert_eq!(small.table_setup(), setup, "{old}");
            assert_eq!(small.engines[1].depth, 3, "{old}");
        }
    }

    #[test]
    fn a_chosen_table_game_wins_over_an_old_name_and_the_file_writes_queens() {
        let text = r#"{"setup":{"small":{"game":"Dodgem","table":"game=othello size=6"}}}"#;
        let settings = Settings::from_json(text);
        assert_eq!(
            settings.setup.table.table_setup(),
            Some("game=othello size=6")
        );
        let written = serde_json::to_value(&settings.setup.table).unwrap_or_default();
        assert_eq!(written["game"], "Queens");
        assert_eq!(written["table"], "game=othello size=6");
        let back: TableSetup = serde_json::from_value(written).unwrap_or_default();
        assert_eq!(back, settings.setup.table);
    }
}
