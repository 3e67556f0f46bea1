//! The parts of a game string that every game shares and no game owns: the setup keys a
//! game reads ([`Setup`]), the typed refusals ([`GameStringError`], [`Refused`]). This
//! module knows no game; the seam and every game use it, and `game_string` reads whole
//! strings through the games table.

use super::words::Tongue;
use queens_board::clip_token;
use std::fmt;
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

/// A game's reason (a refused move or position) that says itself in each of the
/// program's languages, so that a front end speaking Vietnamese tells the whole sentence
/// in Vietnamese. Its `Display` is the English, which the command line prints; a game
/// writes its other languages beside its error, as it writes its words
/// ([`super::words`]).
pub trait Reason: std::error::Error + Send + Sync + 'static {
    /// The reason in Vietnamese.
    fn vietnamese(&self) -> String;

    /// The reason in `tongue`: the English is the error's `Display`.
    fn say(&self, tongue: Tongue) -> String {
        match tongue {
            Tongue::English => self.to_string(),
            Tongue::Vietnamese => self.vietnamese(),
        }
    }
}

/// How a refusal is told in a language, when its error can say it ([`Reason`]).
type Say = Arc<dyn Fn(Tongue) -> String + Send + Sync>;

/// Why a game refused a move or a position: the game's own typed error, kept whole so a
/// caller that knows the game can ask for it back ([`Refused::downcast_ref`]), and told
/// in the front end's language by [`Refused::say`].
#[derive(Clone)]
pub struct Refused {
    error: Arc<dyn std::error::Error + Send + Sync + 'static>,
    say: Option<Say>,
}

impl Refused {
    /// Wraps the game's own error, told in English in every language (an error no
    /// person reads in the window: an evaluation file's, queens's, whose board errors
    /// the window translates from the board's own types).
    pub fn new(error: impl std::error::Error + Send + Sync + 'static) -> Refused {
        Refused {
            error: Arc::new(error),
            say: None,
        }
    }

    /// Wraps the game's own error that says itself in each language.
    pub fn worded(error: impl Reason) -> Refused {
        let error = Arc::new(error);
        let words = Arc::clone(&error);
        Refused {
            error,
            say: Some(Arc::new(move |tongue| words.say(tongue))),
        }
    }

    /// The reason in `tongue` (English for an error wrapped by [`Refused::new`]).
    pub fn say(&self, tongue: Tongue) -> String {
        match &self.say {
            Some(say) => say(tongue),
            None => self.error.to_string(),
        }
    }

    /// The game's own error, if it is an `E`.
    pub fn downcast_ref<E: std::error::Error + 'static>(&self) -> Option<&E> {
        self.error.downcast_ref::<E>()
    }
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.error.fmt(f)
    }
}

impl fmt::Debug for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Refused").field(&self.error).finish()
    }
}

/// As `#[error(transparent)]`: the game's error is the refusal, its source is its own.
impl std::error::Error for Refused {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.error.source()
    }
}

impl Reason for GameStringError {
    fn vietnamese(&self) -> String {
        match self {
            GameStringError::Empty => "chuỗi ván cờ trống".to_string(),
            GameStringError::NotKeyValue(token) => {
                format!("'{token}' không có dạng khóa=giá trị")
            }
            GameStringError::DuplicateKey(key) => format!("khóa '{key}' được ghi hai lần"),
            GameStringError::UnknownGame { name, known } => {
                format!("'{name}' không phải là một trò chơi (các trò chơi là {known})")
            }
            GameStringError::UnknownKey { key, game } => {
                format!("khóa '{key}' không có nghĩa với {game}")
            }
            GameStringError::Setup(why) => why.say(Tongue::Vietnamese),
            GameStringError::EmptyMove => "danh sách nước đi có một mục trống".to_string(),
            GameStringError::Move { number, text, why } => {
                format!("nước {number} '{text}': {}", why.say(Tongue::Vietnamese))
            }
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::dodgem::{DodgemError, Side};
    use crate::games::othello::OthelloError;
    use crate::games::tictactoe::TicTacToeError;

    /// Every reason a game gives has its own Vietnamese: none is the English again.
    fn worded_apart(reasons: &[&dyn Reason]) {
        for reason in reasons {
            let english = reason.to_string();
            assert_eq!(reason.say(Tongue::English), english);
            let vietnamese = reason.say(Tongue::Vietnamese);
            assert!(!vietnamese.contains(&english), "{vietnamese}");
            assert!(!vietnamese.is_empty());
        }
    }

    #[test]
    fn every_games_reason_is_said_in_vietnamese_too() {
        worded_apart(&[
            &TicTacToeError::Shape,
            &TicTacToeError::BadCell('q'),
            &TicTacToeError::Counts { x: 3, o: 0 },
            &TicTacToeError::AfterTheEnd,
            &TicTacToeError::BadMove("b2".into()),
            &TicTacToeError::NotACell("z9".into()),
            &TicTacToeError::GameOver,
            &DodgemError::Shape,
            &DodgemError::BadCell('q'),
            &DodgemError::BadSide("x".into()),
            &DodgemError::BadPly("-1".into()),
            &DodgemError::TooManyCars(Side::White),
            &DodgemError::NoCarToMove,
            &DodgemError::BadMove("a3-a1".into()),
            &DodgemError::GameOver,
            &OthelloError::BadSize("7".into()),
            &OthelloError::NotAMove("z".into()),
            &OthelloError::OffBoard("h8".into(), 6),
            &OthelloError::Illegal("a1".into()),
            &OthelloError::NoPass,
            &OthelloError::GameOver,
            &OthelloError::Shape,
        ]);
        let why = Refused::worded(OthelloError::NoPass);
        worded_apart(&[
            &GameStringError::Empty,
            &GameStringError::NotKeyValue("x".into()),
            &GameStringError::DuplicateKey("size".into()),
            &GameStringError::UnknownGame {
                name: "chess".into(),
                known: "queens, othello".into(),
            },
            &GameStringError::UnknownKey {
                key: "colour".into(),
                game: "othello",
            },
            &GameStringError::Setup(why.clone()),
            &GameStringError::EmptyMove,
            &GameStringError::Move {
                number: 2,
                text: "pass".into(),
                why,
            },
        ]);
    }

    #[test]
    fn a_refusal_keeps_its_error_and_an_unworded_one_is_english_in_every_tongue() {
        let worded = Refused::worded(OthelloError::NoPass);
        assert_eq!(
            worded.downcast_ref::<OthelloError>(),
            Some(&OthelloError::NoPass)
        );
        assert_ne!(worded.say(Tongue::Vietnamese), worded.to_string());
        let plain = Refused::new(OthelloError::NoPass);
        assert_eq!(plain.say(Tongue::Vietnamese), plain.to_string());
        assert_eq!(plain, worded);
    }
}
