//! The games table: every game of the program, once, in the order menus list them. The
//! saves' `kind`, the CLI's `--kind` values, the game string's `game=`, the New game list
//! and the Tree Lab's list are all views of [`GAMES`]; none of them lists games itself.
//!
//! Adding a game is one line here, `GameEntry::of::<YourGame>()`, once the game's type
//! implements [`Rules`] (see [`super::seam`]).

use super::seam::{AnyGame, Refused, Rules};
use super::setup::{GameStringError, Setup};
use super::words::{GameWords, Tongue};
use crate::games::dodgem::Dodgem;
use crate::games::tictactoe::TicTacToe;
use queens_board::Board;

/// Every game, in the order the New game menu, `--help` and the Tree Lab list them.
pub static GAMES: &[GameEntry] = &[
    GameEntry::of::<Board>(),
    GameEntry::of::<TicTacToe>(),
    GameEntry::of::<Dodgem>(),
    GameEntry::of::<crate::games::othello::Othello>(),
];

pub use super::seam::Tools;
pub use super::setup::DEFAULT_TAG;

/// One game: its tag, its tools, and how to make its positions without naming its type.
#[derive(Clone, Copy)]
pub struct GameEntry {
    /// The saves' `kind`, `--kind`, the game string's `game=`.
    pub tag: &'static str,
    /// What the front ends may ask of it.
    pub tools: Tools,
    /// The start position (the default setup).
    pub start: fn() -> Result<Box<dyn AnyGame>, GameStringError>,
    /// The position a game string's setup keys describe, before any move.
    pub setup: fn(&Setup) -> Result<Box<dyn AnyGame>, GameStringError>,
    /// A position in the game's own notation (`--position`).
    pub from_notation: fn(&str) -> Result<Box<dyn AnyGame>, Refused>,
    /// Its name, rules and pieces in a language ([`Rules::words`]).
    pub words: fn(Tongue) -> GameWords,
    /// Where the Tree Lab starts it ([`Rules::LAB_START`]).
    pub lab_start: Option<&'static str>,
}

impl std::fmt::Debug for GameEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameEntry")
            .field("tag", &self.tag)
            .field("tools", &self.tools)
            .finish_non_exhaustive()
    }
}

impl PartialEq for GameEntry {
    /// Rows are the same row when their tags are: tags are unique (a test holds them).
    fn eq(&self, other: &GameEntry) -> bool {
        self.tag == other.tag
    }
}

impl Eq for GameEntry {}

impl GameEntry {
    /// The row of the game `G`.
    pub const fn of<G: Rules + AnyGame>() -> GameEntry {
        GameEntry {
            tag: G::TAG,
            tools: G::TOOLS,
            start: start_of::<G>,
            setup: setup_of::<G>,
            from_notation: notation_of::<G>,
            words: <G as Rules>::words,
            lab_start: G::LAB_START,
        }
    }
}

fn start_of<G: Rules + AnyGame>() -> Result<Box<dyn AnyGame>, GameStringError> {
    setup_of::<G>(&Setup::default())
}

fn setup_of<G: Rules + AnyGame>(keys: &Setup) -> Result<Box<dyn AnyGame>, GameStringError> {
    Ok(Box::new(G::setup(keys)?))
}

fn notation_of<G: Rules + AnyGame>(text: &str) -> Result<Box<dyn AnyGame>, Refused> {
    Ok(Box::new(G::from_notation(text)?))
}

/// The row whose tag is `tag` (case-insensitive).
pub fn by_tag(tag: &str) -> Option<&'static GameEntry> {
    GAMES
        .iter()
        .find(|entry| entry.tag.eq_ignore_ascii_case(tag))
}

/// Every tag, in table order.
pub fn tags() -> Vec<&'static str> {
    GAMES.iter().map(|entry| entry.tag).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn tags_are_unique_lower_case_and_name_their_own_games() {
        let mut seen = HashSet::new();
        for entry in GAMES {
            assert!(seen.insert(entry.tag), "{} twice", entry.tag);
            assert_eq!(entry.tag, entry.tag.to_ascii_lowercase());
            let game = (entry.start)().unwrap_or_else(|e| panic!("{}: {e}", entry.tag));
            assert_eq!(game.tag(), entry.tag);
            assert_eq!(by_tag(&entry.tag.to_uppercase()), Some(entry));
        }
        assert_eq!(by_tag("chess"), None);
        assert_eq!(by_tag(DEFAULT_TAG).map(|e| e.tag), Some("queens"));
    }

    #[test]
    fn every_games_start_string_reads_back_as_the_same_position() {
        for entry in GAMES {
            let mut game = (entry.start)().unwrap_or_else(|e| panic!("{}: {e}", entry.tag));
            for _ in 0..3 {
                let Some(first) = game.legal_moves().into_iter().next() else {
                    break;
                };
                game.play_text(&first)
                    .unwrap_or_else(|e| panic!("{}: {first}: {e}", entry.tag));
            }
            let text = game.game_string();
            let back =
                crate::games::game_string::read(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(back.game_string(), text);
            assert_eq!(back.tag(), entry.tag);
            assert_eq!(back.moves(), game.moves());
            assert_eq!(back.to_string(), game.to_string(), "{text}");
        }
    }

    #[test]
    fn every_game_brings_its_name_rules_and_notation_in_both_languages() {
        for entry in GAMES {
            let english = (entry.words)(Tongue::English);
            let vietnamese = (entry.words)(Tongue::Vietnamese);
            for (tongue, said) in [("English", &english), ("Vietnamese", &vietnamese)] {
                assert!(!said.name.is_empty(), "{}: no {tongue} name", entry.tag);
                assert!(
                    said.rules.is_some_and(|text| text.len() > 40),
                    "{}: no {tongue} rules (Help > Rules shows them)",
                    entry.tag
                );
                assert!(
                    said.notation.is_some_and(|text| !text.is_empty()),
                    "{}: no {tongue} notation help",
                    entry.tag
                );
            }
            // A Vietnamese text left in English is a missing translation.
            assert_ne!(english.rules, vietnamese.rules, "{}: rules", entry.tag);
            assert_ne!(english.notation, vietnamese.notation, "{}", entry.tag);
        }
    }
}
