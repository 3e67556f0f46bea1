//! The fields a save file must have, and the only ones it may have: the check that makes
//! a save (a `.ron` file opened, `analyse --file`, the autosave) strict, where the record
//! itself ([`SavedGame`], `#[serde(default)]`) reads whatever parses.
//!
//! Why a second description of the same file: the record stays lenient because the
//! history reads it too, and a history entry must load whatever version wrote it (it is
//! the user's past, and another field may be added to it at any time). A save is a file a
//! person can open, edit and hand to the program; there, a misspelled field (`gaineD:`)
//! that the record would silently replace by its default, or a file such as `()` that
//! would become an empty 8x8 game, is refused naming the field, as the evaluation files
//! (`--eval`) are. The shapes here hold no values (each leaf is [`IgnoredAny`]): the
//! record's own parse checks the values and says where one is wrong.
//!
//! Which fields are required is what every earlier version wrote: the first saves (commit
//! 3a9e01a) held `version`, `created`, `settings` (`size`, `stones`, `seed`, `players`),
//! `moves` (`cell`, `gained`, `at`, `search`), `score`, `result` and `game`. Later
//! versions added `kind`, `names`, `computer_paused` (written only when true),
//! `from_position` (written only for a game from a pasted position), `redo` (written
//! only when moves were undone and not replayed) and a
//! result's `resigned` (written only when someone resigned); these are optional. A search's
//! time was `time_ms` in the first version and `time_us` since bd534a3: a search may hold
//! either, and a `time_ms` is read and ignored (the record keeps only `time_us`). The
//! field lists are checked against the record's in the tests below, so a field added to
//! [`SavedGame`] without a word here fails them.
//!
//! [`SavedGame`]: super::SavedGame

use serde::Deserialize;
use serde::de::IgnoredAny;

/// A save's top level.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)] // Read for its shape only.
pub(super) struct SaveShape {
    version: IgnoredAny,
    /// Written since 41568be; a save without it is a queens game.
    #[serde(default)]
    kind: IgnoredAny,
    created: IgnoredAny,
    settings: SettingsShape,
    moves: Vec<MoveShape>,
    score: IgnoredAny,
    /// `None` (not finished) is written too; a missing one reads as not finished, which
    /// the replay checks against the board.
    result: Option<ResultShape>,
    /// Derived from the moves: a hand-written save may leave it out, and the replay
    /// checks any that is there.
    #[serde(default)]
    game: IgnoredAny,
    /// Written since ffea627.
    #[serde(default)]
    names: IgnoredAny,
    /// Written (only when true) since 6abe6d5.
    #[serde(default)]
    computer_paused: IgnoredAny,
    /// Written (only for a game started from a pasted or linked position with moves
    /// played) since issue 38's round five.
    #[serde(default)]
    from_position: IgnoredAny,
    /// Written (only when some moves were undone and not replayed) since issue 41.
    #[serde(default)]
    redo: IgnoredAny,
}

/// A save's `settings`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct SettingsShape {
    size: IgnoredAny,
    stones: IgnoredAny,
    /// `None` for stones placed by hand.
    seed: Option<IgnoredAny>,
    players: (SideShape, SideShape),
}

/// Who played a side.
#[derive(Deserialize)]
#[allow(dead_code)]
enum SideShape {
    Human,
    Computer(EngineShape),
}

/// A computer side's engine settings.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct EngineShape {
    algorithm: IgnoredAny,
    depth: IgnoredAny,
    time_ms: Option<IgnoredAny>,
    program: Option<IgnoredAny>,
}

/// One move.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct MoveShape {
    cell: IgnoredAny,
    gained: IgnoredAny,
    at: IgnoredAny,
    search: Option<SearchShape>,
}

/// A computer move's search statistics.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct SearchShape {
    depth: IgnoredAny,
    nodes: IgnoredAny,
    leaves: IgnoredAny,
    /// Since bd534a3.
    #[serde(default)]
    time_us: IgnoredAny,
    /// The first version's thinking time in milliseconds: accepted, not kept.
    #[serde(default)]
    time_ms: IgnoredAny,
    value: IgnoredAny,
}

/// A finished game's result.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct ResultShape {
    score: IgnoredAny,
    winner: IgnoredAny,
    ended: IgnoredAny,
    /// Written since 41568be, only for a resignation.
    #[serde(default)]
    resigned: IgnoredAny,
}

#[cfg(test)]
mod tests {
    use super::super::game::{
        EngineSettings, GameResult, GameSettings, SavedGame, SavedMove, SearchInfo,
    };
    use super::*;
    use serde::Deserializer;
    use serde::de::{Error, Visitor};

    /// The field names a `Deserialize` struct declares, as serde hands them to a
    /// deserializer: the record's own list, never a copy of it.
    fn fields_of<'de, T: Deserialize<'de>>() -> Vec<&'static str> {
        #[derive(Debug)]
        struct Found(Vec<&'static str>);
        impl std::fmt::Display for Found {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "{:?}", self.0)
            }
        }
        impl std::error::Error for Found {}
        impl Error for Found {
            fn custom<M: std::fmt::Display>(_: M) -> Self {
                Found(Vec::new())
            }
        }
        struct Probe;
        impl<'de> Deserializer<'de> for Probe {
            type Error = Found;
            fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Found> {
                Err(Found(Vec::new()))
            }
            fn deserialize_struct<V: Visitor<'de>>(
                self,
                _: &'static str,
                fields: &'static [&'static str],
                _: V,
            ) -> Result<V::Value, Found> {
                Err(Found(fields.to_vec()))
            }
            serde::forward_to_deserialize_any! {
                bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
                bytes byte_buf option unit unit_struct newtype_struct seq tuple
                tuple_struct map enum identifier ignored_any
            }
        }
        match T::deserialize(Probe) {
            Err(Found(mut fields)) => {
                fields.sort_unstable();
                fields
            }
            Ok(_) => Vec::new(),
        }
    }

    /// `fields_of::<Record>()` plus the obsolete names a shape also accepts.
    fn with(mut fields: Vec<&'static str>, obsolete: &[&'static str]) -> Vec<&'static str> {
        fields.extend_from_slice(obsolete);
        fields.sort_unstable();
        fields
    }

    #[test]
    fn every_field_of_the_record_is_a_field_of_the_shape() {
        assert_eq!(fields_of::<SaveShape>(), fields_of::<SavedGame>());
        assert_eq!(fields_of::<SettingsShape>(), fields_of::<GameSettings>());
        assert_eq!(fields_of::<EngineShape>(), fields_of::<EngineSettings>());
        assert_eq!(fields_of::<MoveShape>(), fields_of::<SavedMove>());
        assert_eq!(
            fields_of::<SearchShape>(),
            with(fields_of::<SearchInfo>(), &["time_ms"])
        );
        assert_eq!(fields_of::<ResultShape>(), fields_of::<GameResult>());
        assert!(fields_of::<SavedGame>().contains(&"settings"));
    }
}
