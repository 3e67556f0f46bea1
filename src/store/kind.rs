//! Which game a save holds: Queens & Stones, or one of the lectures' two small games
//! (tic-tac-toe, Dodgem). A save names its game by a lowercase word (`kind: "queens"`,
//! `"tictactoe"`, `"dodgem"`); a save from before the tag has none and is a queens game.
//! Every other game of the games table (`crate::games::table::GAMES`, Othello) is a
//! [`GameKind::Table`] named by its table tag, so a game added to the table is saved
//! with no new variant here.

use crate::games::play::SmallKind;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// The game a save holds.
///
/// Written as its [`GameKind::name`] (a string, not a RON enum variant), so that a file
/// naming a game this version does not know still parses far enough to be refused with
/// [`UnknownGame`], naming the game, rather than with a parser's message about types.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(into = "String")]
pub enum GameKind {
    /// Queens & Stones (GAME.md).
    #[default]
    Queens,
    /// Tic-tac-toe (docs/rules.md), a [`SmallKind`].
    TicTacToe,
    /// Dodgem (docs/rules.md), a [`SmallKind`].
    Dodgem,
    /// Any other game of the games table, by its tag (`othello`): saved and replayed
    /// through the seam (`crate::games::seam::AnyGame`; the store's table-game saves). Only
    /// tags read from the table are built (see [`GameKind::table`]).
    Table(&'static str),
}

impl GameKind {
    /// The three games with records of their own, in the order menus list them; the
    /// games table's other games follow in [`GameKind::all`].
    pub const ALL: [GameKind; 3] = [GameKind::Queens, GameKind::TicTacToe, GameKind::Dodgem];

    /// Every game this version saves: [`GameKind::ALL`], then the games table's others.
    pub fn all() -> Vec<GameKind> {
        let mut kinds = GameKind::ALL.to_vec();
        kinds.extend(
            crate::games::table::GAMES
                .iter()
                .filter_map(|entry| GameKind::table(entry.tag)),
        );
        kinds
    }

    /// The games-table game whose tag is exactly `tag`, when it is none of
    /// [`GameKind::ALL`] (those keep their own records); `None` otherwise.
    pub fn table(tag: &str) -> Option<GameKind> {
        if GameKind::ALL.iter().any(|kind| kind.name() == tag) {
            return None;
        }
        crate::games::table::GAMES
            .iter()
            .find(|entry| entry.tag == tag)
            .map(|entry| GameKind::Table(entry.tag))
    }

    /// The name a save file uses (`queens`, `tictactoe`, `dodgem`): for the small games
    /// the games' own names ([`SmallKind::name`]), so a save and `--kind` agree.
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Queens => "queens",
            GameKind::TicTacToe => SmallKind::TicTacToe.name(),
            GameKind::Dodgem => SmallKind::Dodgem.name(),
            GameKind::Table(tag) => tag,
        }
    }

    /// The game as a sentence names it ("Queens & Stones", "tic-tac-toe", "Dodgem"), for
    /// messages such as "holds a tic-tac-toe game, not a queens game".
    pub const fn title(self) -> &'static str {
        match self {
            GameKind::Queens => "Queens & Stones",
            GameKind::TicTacToe => "tic-tac-toe",
            GameKind::Dodgem => "Dodgem",
            GameKind::Table(tag) => tag,
        }
    }

    /// The small game this is, `None` for queens: the saves of small games are replayed
    /// through [`crate::games::play::SmallPosition`], not the queens board.
    pub const fn small(self) -> Option<SmallKind> {
        match self {
            GameKind::Queens => None,
            GameKind::TicTacToe => Some(SmallKind::TicTacToe),
            GameKind::Dodgem => Some(SmallKind::Dodgem),
            GameKind::Table(_) => None,
        }
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

impl From<SmallKind> for GameKind {
    fn from(kind: SmallKind) -> GameKind {
        match kind {
            SmallKind::TicTacToe => GameKind::TicTacToe,
            SmallKind::Dodgem => GameKind::Dodgem,
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
        GameKind::ALL
            .into_iter()
            .find(|kind| kind.name() == text)
            .or_else(|| GameKind::table(text))
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
    fn the_small_kinds_convert_both_ways_and_queens_is_not_small() {
        for small in SmallKind::ALL {
            let kind = GameKind::from(small);
            assert_eq!(kind.small(), Some(small));
            assert_eq!(kind.name(), small.name());
        }
        assert_eq!(GameKind::Queens.small(), None);
        assert_eq!("tictactoe".parse::<GameKind>(), Ok(GameKind::TicTacToe));
        assert_eq!("dodgem".parse::<GameKind>(), Ok(GameKind::Dodgem));
    }

    #[test]
    fn only_small_games_qualify_a_label() {
        assert_eq!(GameKind::Queens.qualify("human".into()), "human");
        assert_eq!(
            GameKind::Dodgem.qualify("alphabeta depth 4".into()),
            "alphabeta depth 4 (dodgem)"
        );
    }

    #[test]
    fn an_unknown_name_is_refused_by_name() {
        let err = "chess".parse::<GameKind>().err();
        assert_eq!(
            err.map(|e| e.to_string()),
            Some(
                "'chess' is not a game this version knows (it knows: queens, tictactoe, dodgem, othello)"
                    .to_string()
            )
        );
        // Names are exact: a save writes them in lowercase.
        assert!("Queens".parse::<GameKind>().is_err());
    }
}
