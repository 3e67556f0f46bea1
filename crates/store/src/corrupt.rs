//! What is wrong inside a save that does not parse, in the file's own words (its field
//! names and values, which a person editing it sees) and never in the program's: the RON
//! parser's messages name internal types ("Expected struct `GameSettings`", "in enum
//! `Side`") and are English only, so they are turned into [`CorruptReason`] here, data
//! that the CLI says in English and the window in the language of the moment.

use queens_board::clip_token;
use thiserror::Error;

/// Why a save's text is not a valid save, as data (the window translates it).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CorruptReason {
    /// A bracket, comma or colon is missing or out of place.
    #[error("a bracket, comma or colon is missing or out of place")]
    Punctuation,
    /// More text follows the end of the save.
    #[error("there is more text after the end of the save")]
    TrailingText,
    /// A whole number was expected (e.g. `size: "5"`).
    #[error("a whole number was expected here")]
    ExpectedNumber,
    /// A number is larger (or smaller) than the field can hold.
    #[error("a number here is out of range")]
    NumberOutOfRange,
    /// A text in double quotes was expected.
    #[error("a text in double quotes was expected here")]
    ExpectedText,
    /// `true` or `false` was expected.
    #[error("true or false was expected here")]
    ExpectedTrueFalse,
    /// A word that is none of the ones the field takes (e.g. `winner: P9`).
    #[error("'{found}' is not one of {allowed}")]
    UnknownChoice {
        /// The word found, clipped.
        found: String,
        /// The words the field takes, e.g. "P1, P2, Draw".
        allowed: String,
    },
    /// A group is named where the save has none (`settings: Foo(...)`).
    #[error("'{found}' is not a name the save uses here")]
    UnknownName {
        /// The name found, clipped.
        found: String,
    },
    /// A field the save must have is missing.
    #[error("the field '{field}' is missing")]
    MissingField {
        /// The field's name in the file.
        field: String,
    },
    /// A field a save does not have (a misspelled name, or another file's field).
    #[error("there is no field '{found}' here (the fields here are: {})", allowed.join(", "))]
    UnknownField {
        /// The name found, clipped.
        found: String,
        /// The fields the place takes, e.g. `cell`, `gained`, `at`, `search` (the
        /// parser's own static list: no text to keep, and the reason stays as small as
        /// the others).
        allowed: &'static [&'static str],
    },
    /// A field appears twice.
    #[error("the field '{field}' appears twice")]
    DuplicateField {
        /// The field's name in the file.
        field: String,
    },
    /// A list has the wrong number of entries (e.g. a score of three numbers).
    #[error(
        "a list here has {}, which is the wrong number",
        queens_board::counted(*found as u64, "entry", "entries")
    )]
    WrongLength {
        /// The entries found.
        found: usize,
    },
    /// A value of the wrong kind (a list where a number belongs, ...).
    #[error("a value here is of the wrong kind")]
    WrongKind,
    /// Brackets nested far deeper than any save.
    #[error("the data is nested far deeper than any save (too many brackets)")]
    TooDeep,
    /// A comment is never closed.
    #[error("a comment is never closed")]
    UnclosedComment,
}

/// The most words of a field's choices a message lists.
const MAX_LISTED_CHOICES: usize = 8;

impl CorruptReason {
    /// The reason for the parser's complaint `code`.
    pub(super) fn from_ron(code: &ron::Error) -> CorruptReason {
        use ron::Error as E;
        match code {
            E::TrailingCharacters => CorruptReason::TrailingText,
            E::ExpectedInteger
            | E::ExpectedFloat
            | E::FloatUnderscore
            | E::UnderscoreAtBeginning
            | E::InvalidIntegerDigit { .. } => CorruptReason::ExpectedNumber,
            E::IntegerOutOfBounds => CorruptReason::NumberOutOfRange,
            E::ExpectedString
            | E::ExpectedStringEnd
            | E::ExpectedChar
            | E::InvalidEscape(_)
            | E::ExpectedByteString
            | E::ExpectedByteLiteral
            | E::Utf8Error(_) => CorruptReason::ExpectedText,
            E::ExpectedBoolean => CorruptReason::ExpectedTrueFalse,
            E::NoSuchEnumVariant {
                expected, found, ..
            } => CorruptReason::UnknownChoice {
                found: clip_token(found),
                allowed: list_choices(expected),
            },
            E::ExpectedDifferentStructName { found, .. } => CorruptReason::UnknownName {
                found: clip_token(found),
            },
            E::MissingStructField { field, .. } => CorruptReason::MissingField {
                field: (*field).to_string(),
            },
            E::NoSuchStructField {
                expected, found, ..
            } => CorruptReason::UnknownField {
                found: clip_token(found),
                allowed: expected,
            },
            E::DuplicateStructField { field, .. } => CorruptReason::DuplicateField {
                field: (*field).to_string(),
            },
            E::ExpectedDifferentLength { found, .. } => {
                CorruptReason::WrongLength { found: *found }
            }
            E::ExceededRecursionLimit => CorruptReason::TooDeep,
            E::UnclosedBlockComment | E::UnclosedLineComment => CorruptReason::UnclosedComment,
            E::InvalidValueForType { .. } | E::Message(_) | E::ExpectedUnit => {
                CorruptReason::WrongKind
            }
            // Brackets, commas, colons, names and everything else about the text's shape.
            _ => CorruptReason::Punctuation,
        }
    }
}

/// `choices` as a message lists them ("P1, P2, Draw"), at most [`MAX_LISTED_CHOICES`].
fn list_choices(choices: &[&str]) -> String {
    let mut listed: Vec<&str> = choices.iter().take(MAX_LISTED_CHOICES).copied().collect();
    if choices.len() > MAX_LISTED_CHOICES {
        listed.push("…");
    }
    listed.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reason_of(text: &str) -> CorruptReason {
        #[derive(serde::Deserialize, Debug)]
        #[allow(dead_code)]
        enum Colour {
            Red,
            Blue,
        }
        #[derive(serde::Deserialize, Debug)]
        #[serde(deny_unknown_fields)]
        #[allow(dead_code)]
        struct Inner {
            size: u8,
            colour: Colour,
            pair: (u32, u32),
        }
        let err = ron::from_str::<Inner>(text).expect_err(text);
        CorruptReason::from_ron(&err.code)
    }

    #[test]
    fn the_parser_complaints_become_reasons_in_the_files_words() {
        let ok = "(size: 5, colour: Red, pair: (1, 2))";
        assert!(ron::from_str::<serde::de::IgnoredAny>(ok).is_ok());
        assert_eq!(
            reason_of("(size: 5, colour: Green, pair: (1, 2))"),
            CorruptReason::UnknownChoice {
                found: "Green".into(),
                allowed: "Red, Blue".into()
            }
        );
        assert_eq!(
            reason_of("(size: \"5\", colour: Red, pair: (1, 2))"),
            CorruptReason::ExpectedNumber
        );
        assert_eq!(
            reason_of("(size: 500, colour: Red, pair: (1, 2))"),
            CorruptReason::NumberOutOfRange
        );
        assert_eq!(
            reason_of("(size: 5, colour: Red)"),
            CorruptReason::MissingField {
                field: "pair".into()
            }
        );
        assert_eq!(
            reason_of("(size: 5, size: 5, colour: Red, pair: (1, 2))"),
            CorruptReason::DuplicateField {
                field: "size".into()
            }
        );
        assert_eq!(
            reason_of("(size: 5, colour: Red, pair: (1, 2), siez: 4)"),
            CorruptReason::UnknownField {
                found: "siez".into(),
                allowed: &["size", "colour", "pair"]
            }
        );
        assert_eq!(
            reason_of("(size: 5, colour: Red, pair: (1, 2)) x"),
            CorruptReason::TrailingText
        );
        assert_eq!(
            reason_of("(size: 5 colour: Red, pair: (1, 2))"),
            CorruptReason::Punctuation
        );
        assert_eq!(
            reason_of("Other(size: 5, colour: Red, pair: (1, 2))"),
            CorruptReason::UnknownName {
                found: "Other".into()
            }
        );
    }

    #[test]
    fn no_reason_names_a_type_of_the_program() {
        let reasons = [
            reason_of("(size: 5, colour: Green, pair: (1, 2))"),
            reason_of("Other(size: 5, colour: Red, pair: (1, 2))"),
            reason_of("(size: 5, colour: Red, pair: (1, 2, 3))"),
            reason_of("(size: [1], colour: Red, pair: (1, 2))"),
            reason_of("(size: 5, colour: Red, pair: (1, 2), siez: 4)"),
        ];
        for reason in reasons {
            let text = reason.to_string();
            for internal in ["Colour", "Inner", "enum", "struct", "`"] {
                assert!(!text.contains(internal), "{text}");
            }
        }
    }

    #[test]
    fn a_long_word_in_the_file_is_clipped() {
        let long = "G".repeat(5_000);
        let reason = reason_of(&format!("(size: 5, colour: {long}, pair: (1, 2))"));
        assert!(reason.to_string().chars().count() < 80, "{reason}");
    }
}
