//! Which game a save holds. Queens & Stones is the only one today; the next games
//! (tic-tac-toe, Dodgem) add a variant each. A save names its game by a lowercase word
//! (`kind: "queens"`); a save from before the tag has none and is a queens game.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// The game a save holds.
///
/// Written as its [`GameKind::name`] (a string, not a RON enum variant), so that a file
/// naming a game this version does not know still parses far enough to be refused with
/// [`UnknownGame`], naming the game, rather than with a parser's message about types.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum GameKind {
    /// Queens & Stones (GAME.md).
    #[default]
    Queens,
}

impl GameKind {
    /// Every game this version knows, in the order menus list them.
    pub const ALL: [GameKind; 1] = [GameKind::Queens];

    /// The name a save file uses (`queens`).
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Queens => "queens",
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A game name this version does not know (a save from a newer version, or a typo).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("'{name}' is not a game this version knows (it knows: {known})", known = known_names())]
pub struct UnknownGame {
    /// The name as found, clipped if long.
    pub name: String,
}

fn known_names() -> String {
    GameKind::ALL.map(GameKind::name).join(", ")
}

impl FromStr for GameKind {
    type Err = UnknownGame;

    /// The game named `text` exactly (lowercase, as saves write it).
    fn from_str(text: &str) -> Result<GameKind, UnknownGame> {
        GameKind::ALL
            .into_iter()
            .find(|kind| kind.name() == text)
            .ok_or_else(|| UnknownGame {
                name: crate::board::clip_token(text),
            })
    }
}

impl TryFrom<String> for GameKind {
    type Error = UnknownGame;

    fn try_from(text: String) -> Result<GameKind, UnknownGame> {
        text.parse()
    }
}

impl From<GameKind> for String {
    fn from(kind: GameKind) -> String {
        kind.name().to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_reads_back_its_own_name() {
        for kind in GameKind::ALL {
            assert_eq!(kind.name().parse::<GameKind>(), Ok(kind));
        }
        assert_eq!(GameKind::default(), GameKind::Queens);
    }

    #[test]
    fn an_unknown_name_is_refused_by_name() {
        let err = "dodgem".parse::<GameKind>().err();
        assert_eq!(
            err.map(|e| e.to_string()),
            Some("'dodgem' is not a game this version knows (it knows: queens)".to_string())
        );
        // Names are exact: a save writes them in lowercase.
        assert!("Queens".parse::<GameKind>().is_err());
    }
}
