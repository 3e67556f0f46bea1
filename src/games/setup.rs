//! The parts of a game string that every game shares and no game owns: the setup keys a
//! game reads ([`Setup`]), the typed refusals ([`GameStringError`], [`Refused`]). This
//! module knows no game; the seam and every game use it, and `game_string` reads whole
//! strings through the games table.

use crate::board::clip_token;
use std::sync::Arc;
use thiserror::Error;

/// The game a game string without `game=` is: queens, whose strings never named it.
pub const DEFAULT_TAG: &str = "queens";

/// Why a game string is not a position.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum GameStringError {
    /// Nothing but white space.
    #[error("the game string is empty")]
    Empty,
    /// A token without `=`.
    #[error("'{0}' is not key=value")]
    NotKeyValue(String),
    /// A key given twice.
    #[error("the key '{0}' is given twice")]
    DuplicateKey(String),
    /// A `game=` no table row names.
    #[error("'{name}' is not a game (the games are {known})")]
    UnknownGame {
        /// The name written.
        name: String,
        /// The games there are, comma-separated.
        known: String,
    },
    /// A key the game does not read.
    #[error("the key '{key}' means nothing to {game}")]
    UnknownKey {
        /// The key written.
        key: String,
        /// The game's tag.
        game: &'static str,
    },
    /// A setup key's value the game refuses (a size outside its range, a bad stone).
    #[error("{0}")]
    Setup(Refused),
    /// An empty entry in the moves list (`a1,,b2`).
    #[error("the moves list has an empty entry")]
    EmptyMove,
    /// A move that is not one, or not legal where it is played: its 1-based number.
    #[error("move {number} '{text}': {why}")]
    Move {
        /// Which move, from 1.
        number: usize,
        /// The move as written.
        text: String,
        /// The game's reason.
        why: Refused,
    },
}

/// A game string's setup keys (everything but `game=` and `moves=`), lower-cased keys in
/// the order written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    pub(super) keys: Vec<(String, String)>,
}

impl Setup {
    /// Setup keys from pairs (for a caller building one by hand).
    pub fn from_pairs<K: Into<String>, V: Into<String>>(pairs: Vec<(K, V)>) -> Setup {
        Setup {
            keys: pairs
                .into_iter()
                .map(|(key, value)| (key.into().to_ascii_lowercase(), value.into()))
                .collect(),
        }
    }

    /// The value of `key`, if given.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.keys
            .iter()
            .find(|(name, _)| name == key)
            .map(|(_, value)| value.as_str())
    }

    /// Refuses any key outside `known`, naming `game`.
    ///
    /// # Errors
    /// [`GameStringError::UnknownKey`] for the first such key.
    pub fn only(&self, known: &[&str], game: &'static str) -> Result<(), GameStringError> {
        match self
            .keys
            .iter()
            .find(|(key, _)| !known.contains(&key.as_str()))
        {
            Some((key, _)) => Err(GameStringError::UnknownKey {
                key: clip_token(key),
                game,
            }),
            None => Ok(()),
        }
    }

    /// The keys written back as `key=value` tokens.
    pub fn to_text(&self) -> String {
        self.keys
            .iter()
            .map(|(key, value)| format!("{key}={value}"))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// Why a game refused a move or a position: the game's own typed error, kept whole so a
/// caller that knows the game can ask for it back ([`Refused::downcast_ref`]).
#[derive(Clone, Debug, Error)]
#[error(transparent)]
pub struct Refused(Arc<dyn std::error::Error + Send + Sync + 'static>);

impl Refused {
    /// Wraps the game's own error.
    pub fn new(error: impl std::error::Error + Send + Sync + 'static) -> Refused {
        Refused(Arc::new(error))
    }

    /// The game's own error, if it is an `E`.
    pub fn downcast_ref<E: std::error::Error + 'static>(&self) -> Option<&E> {
        self.0.downcast_ref::<E>()
    }
}

impl PartialEq for Refused {
    /// Two refusals are the same when they read the same (the errors behind are the
    /// games' own, which compare by value but not across types).
    fn eq(&self, other: &Refused) -> bool {
        self.to_string() == other.to_string()
    }
}

/// Equal texts are an equivalence, so the comparison is a full one.
impl Eq for Refused {}
