//! The small games' new-game choices: which game New game starts ([`GameChoice`]) and
//! the tic-tac-toe / Dodgem computers ([`SmallSetup`]), kept in the settings file.

use super::engine_setup::EngineSetup;
use crate::ai::EngineKind;
use crate::games::play::SmallKind;
use serde::{Deserialize, Serialize};

/// The game New game starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameChoice {
    /// Queens & Stones.
    #[default]
    Queens,
    /// Tic-tac-toe.
    TicTacToe,
    /// Dodgem.
    Dodgem,
}

impl GameChoice {
    /// Every game, in the order New game lists them.
    pub const ALL: [GameChoice; 3] = [
        GameChoice::Queens,
        GameChoice::TicTacToe,
        GameChoice::Dodgem,
    ];

    /// The small game this is, if it is one.
    pub fn small(self) -> Option<SmallKind> {
        match self {
            GameChoice::Queens => None,
            GameChoice::TicTacToe => Some(SmallKind::TicTacToe),
            GameChoice::Dodgem => Some(SmallKind::Dodgem),
        }
    }
}

impl From<SmallKind> for GameChoice {
    fn from(kind: SmallKind) -> GameChoice {
        match kind {
            SmallKind::TicTacToe => GameChoice::TicTacToe,
            SmallKind::Dodgem => GameChoice::Dodgem,
        }
    }
}

/// The deepest a small game's computer may be set to search: the whole tic-tac-toe
/// tree (9 plies); for Dodgem, the depth its computer finishes in about a second on a
/// slow machine (alpha-beta; minimax stops at its time limit).
pub fn max_depth(kind: SmallKind) -> u32 {
    match kind {
        SmallKind::TicTacToe => 9,
        SmallKind::Dodgem => 14,
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

/// The engines a small game can be played by (the thesis's two).
pub const SMALL_ENGINES: [EngineKind; 2] = [EngineKind::MINIMAX, EngineKind::ALPHABETA];
