//! The table games' new-game choices: which game New game starts (queens, or the
//! setup of a games-table game) and those games' computers ([`SmallSetup`]), kept in
//! the settings file.

use super::engine_setup::EngineSetup;
use crate::ai::EngineKind;
use serde::{Deserialize, Serialize};

/// The game New game starts, as settings files name it: queens, or (in settings an
/// older version wrote, before tic-tac-toe and Dodgem went through the games table)
/// one of the two small games. New game now keeps every game but queens in
/// [`SmallSetup::table`]; the two old names are still read, as that game's setup.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameChoice {
    /// Queens & Stones (or the game [`SmallSetup::table`] names).
    #[default]
    Queens,
    /// Tic-tac-toe, as an older version's settings named it.
    TicTacToe,
    /// Dodgem, as an older version's settings named it.
    Dodgem,
}

impl GameChoice {
    /// The setup of the table game an older version's choice names (its game string).
    fn old_setup(self) -> Option<&'static str> {
        match self {
            GameChoice::Queens => None,
            GameChoice::TicTacToe => Some("game=tictactoe"),
            GameChoice::Dodgem => Some("game=dodgem"),
        }
    }
}

/// The small games' own new-game choices (their computers are the thesis's minimax and
/// alpha-beta with a depth, apart from the queens computers and their presets).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SmallSetup {
    /// The game New game starts.
    pub game: GameChoice,
    /// The computer of each seat (P1, P2): minimax or alpha-beta, a depth and a time.
    pub engines: [EngineSetup; 2],
    /// A game of the games table played through the seam, chosen instead of `game`:
    /// the game string of its setup (`game=othello size=6`). Its computers are
    /// `engines`.
    pub table: Option<String>,
}

impl Default for SmallSetup {
    fn default() -> Self {
        let engine = EngineSetup {
            engine: EngineKind::ALPHABETA,
            depth: 9,
            time_ms: 5_000,
        };
        SmallSetup {
            game: GameChoice::Queens,
            engines: [engine.clone(), engine],
            table: None,
        }
    }
}

impl SmallSetup {
    /// The game string of the table game chosen (`game=othello size=6`), if not queens:
    /// [`SmallSetup::table`], or the game an older version's [`SmallSetup::game`] names.
    pub fn table_setup(&self) -> Option<&str> {
        self.table.as_deref().or(self.game.old_setup())
    }

    /// Reads an older version's choice of a small game as the table game it is.
    pub fn upgrade(&mut self) {
        if let Some(setup) = self.game.old_setup() {
            self.table.get_or_insert_with(|| setup.to_string());
            self.game = GameChoice::Queens;
        }
    }
}

/// The engines a table game can be played by (the thesis's two).
pub const SMALL_ENGINES: [EngineKind; 2] = [EngineKind::MINIMAX, EngineKind::ALPHABETA];
