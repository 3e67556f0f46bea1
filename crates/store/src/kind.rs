//! Which game a save holds: Queens & Stones, or another game of the games table
//! (`queens_engines::games::table::GAMES`). A save names its game by its table tag (`kind:
//! "queens"`, `"tictactoe"`, ...); a save
//! from before the tag has none and is a queens game. Every game but queens is a
//! [`GameKind::Table`], saved and replayed through the seam, so a game added to the
//! table is saved with no new variant here.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// The game a save holds.
///
/// Written as its [`GameKind::name`] (a string, not a RON enum variant), so that a file
/// naming a game this version does not know still parses far enough to be refused with
/// `UnknownGame`, naming the game, rather than with a parser's message about types.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(into = "String")]
pub enum GameKind {
    /// Queens & Stones (GAME.md), with a record of its own (claims, stones, seed).
    #[default]
    Queens,
    /// Any other game of the games table, by its tag (`tictactoe`, `othello`): saved
    /// and replayed through the seam (`queens_engines::games::seam::AnyGame`; the store's
    /// table-game saves). Only tags read from the table are built (see
    /// [`GameKind::table`]).
    Table(&'static str),
}

impl GameKind {
    /// Every game this version saves, in the games table's order.
    pub fn all() -> Vec<GameKind> {
        queens_engines::games::table::GAMES
            .iter()
            .map(|entry| GameKind::table(entry.tag).unwrap_or(GameKind::Queens))
            .collect()
    }

    /// The games-table game whose tag is exactly `tag`, when it is not queens (which
    /// keeps its own record); `None` otherwise.
    pub fn table(tag: &str) -> Option<GameKind> {
        queens_engines::games::table::GAMES
            .iter()
            .filter(|entry| entry.tag != queens_engines::games::table::DEFAULT_TAG)
            .find(|entry| entry.tag == tag)
            .map(|entry| GameKind::Table(entry.tag))
    }

    /// The name a save file uses: the game's table tag, so a save and `--kind` agree.
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Queens => queens_engines::games::table::DEFAULT_TAG,
            GameKind::Table(tag) => tag,
        }
    }

    /// The game as an English sentence names it ("Queens & Stones", "tic-tac-toe",
    /// "Dodgem"), for messages such as "holds a tic-tac-toe game, not a queens game":
    /// the game's own words ([`queens_engines::games::words::GameWords::title`]).
    pub fn title(self) -> &'static str {
        let tongue = queens_engines::games::words::Tongue::English;
        queens_engines::games::table::by_tag(self.name())
            .map_or(self.name(), |entry| (entry.words)(tongue).title)
    }

    /// `label` (a player's name or side) as the workbook and the records show it for a
    /// game of this kind: unchanged for queens, followed by the game's name otherwise
    /// (`alphabeta depth 4 (tictactoe)`), so that a setting's or a player's results in one
    /// game are never added up with their results in another.
    pub fn qualify(self, label: String) -> String {
        match self {
            GameKind::Queens => label,
            kind => format!("{label} ({})", kind.name()),
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
    GameKind::all()
        .into_iter()
        .map(GameKind::name)
        .collect::<Vec<_>>()
        .join(", ")
}

impl FromStr for GameKind {
    type Err = UnknownGame;

    /// The game named `text` exactly (lowercase, as saves write it).
    fn from_str(text: &str) -> Result<GameKind, UnknownGame> {
        (text == GameKind::Queens.name())
            .then_some(GameKind::Queens)
            .or_else(|| GameKind::table(text))
            .ok_or_else(|| UnknownGame {
                name: queens_board::clip_token(text),
            })
    }
}

impl TryFrom<String> for GameKind {
    type Error = UnknownGame;

    fn try_from(text: String) -> Result<GameKind, UnknownGame> {
        text.parse()
    }
}

/// Read as a string by hand: serde's derive would borrow the `&'static str` of
/// [`GameKind::Table`] from the input, which only `'static` input could lend.
impl<'de> Deserialize<'de> for GameKind {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<GameKind, D::Error> {
        let text = String::deserialize(deserializer)?;
        GameKind::try_from(text).map_err(serde::de::Error::custom)
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
        for kind in GameKind::all() {
            assert_eq!(kind.name().parse::<GameKind>(), Ok(kind));
        }
        assert_eq!(
            "othello".parse::<GameKind>(),
            Ok(GameKind::Table("othello"))
        );
        assert_eq!(GameKind::table("queens"), None);
        assert_eq!(GameKind::default(), GameKind::Queens);
    }

    #[test]
    fn the_small_games_keep_the_names_their_saves_were_written_with() {
        assert_eq!(
            "tictactoe".parse::<GameKind>(),
            Ok(GameKind::Table("tictactoe"))
        );
        assert_eq!("dodgem".parse::<GameKind>(), Ok(GameKind::Table("dodgem")));
        assert_eq!(GameKind::Table("tictactoe").title(), "tic-tac-toe");
        assert_eq!(GameKind::Queens.title(), "Queens & Stones");
    }

    #[test]
    fn only_small_games_qualify_a_label() {
        assert_eq!(GameKind::Queens.qualify("human".into()), "human");
        assert_eq!(
            GameKind::Table("dodgem").qualify("alphabeta depth 4".into()),
            "alphabeta depth 4 (dodgem)"
        );
    }

    /// Issue 38.10: "holds a Othello game".
    #[test]
    fn a_message_names_a_game_with_its_article() {
        use crate::{CheckError, StoreError};
        let othello = GameKind::Table("othello");
        let wrong = CheckError::WrongGame { found: othello }.to_string();
        assert!(wrong.contains("holds an Othello game"), "{wrong}");
        let not_queens = StoreError::NotQueens {
            path: "g.ron".into(),
            kind: othello,
        }
        .to_string();
        assert_eq!(
            not_queens,
            "g.ron: holds an Othello game, not a queens game"
        );
        let dodgem = StoreError::NotQueens {
            path: "g.ron".into(),
            kind: GameKind::Table("dodgem"),
        }
        .to_string();
        assert!(dodgem.contains("holds a Dodgem game"), "{dodgem}");
        let setup = CheckError::TableSetup {
            kind: othello,
            board: [8, 8],
            size: 3,
            stones: 0,
            seeded: false,
        }
        .to_string();
        assert!(
            setup.starts_with("an Othello game is played on its own 8x8 board"),
            "{setup}"
        );
        let seed = CheckError::SeedMismatch {
            seed: 1,
            count: 2,
            size: 8,
        }
        .to_string();
        assert!(seed.contains("draws on an 8x8 board"), "{seed}");
    }

    #[test]
    fn an_unknown_name_is_refused_by_name() {
        let err = "chess".parse::<GameKind>().err();
        assert_eq!(
            err.map(|e| e.to_string()),
            Some(format!(
                "'chess' is not a game this version knows (it knows: {})",
                queens_engines::games::table::tags().join(", ")
            ))
        );
        // Names are exact: a save writes them in lowercase.
        assert!("Queens".parse::<GameKind>().is_err());
    }
}
