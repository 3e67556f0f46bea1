//! How an error message quotes a bad token and counts things. A leaf module: the cell
//! parser, the board's error types and the command line all use it, and none should
//! depend on another for it.

/// The most characters of a bad token an error message quotes: enough to recognise it,
/// while a 100 KB pasted token cannot flood a terminal or a dialog.
pub const MAX_QUOTED_CHARS: usize = 40;

/// `text` as an error message quotes it: whole up to [`MAX_QUOTED_CHARS`] characters,
/// else its first ones followed by "…".
pub fn clip_token(text: &str) -> String {
    match text.char_indices().nth(MAX_QUOTED_CHARS) {
        None => text.to_string(),
        Some((end, _)) => format!("{}…", &text[..end]),
    }
}

/// `count` with its noun, singular for exactly one: "1 move", "2 moves", "0 moves".
pub fn counted(count: u64, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

/// The English indefinite article for `word`, by how it is said: "an" before a vowel
/// sound ("an Othello", "an 8x8", "an 11x11"), else "a" ("a Dodgem", "a tic-tac-toe",
/// "a 15x15"). The one place a message picks it: game names and board sizes are filled
/// into sentences at run time, and a fixed "a" read "holds a Othello game".
///
/// By spelling, with the cases our words meet: a number by how it is read (8, 11, 18
/// and 80..89 start with a vowel sound), a word by its first letter, except "u" said
/// "you" ("a unit") and "one"; an unvoiced "h" ("an hour") is not looked for.
pub fn article(word: &str) -> &'static str {
    let word = word.trim_start();
    let digits: String = word.chars().take_while(char::is_ascii_digit).collect();
    let vowel_sound = if digits.is_empty() {
        let lower = word.to_lowercase();
        let said_you = ["uni", "use", "usu", "uti", "eu"]
            .iter()
            .any(|start| lower.starts_with(start));
        lower.starts_with(['a', 'e', 'i', 'o', 'u']) && !said_you && !lower.starts_with("one")
    } else {
        // "eight", "eleven", "eighteen", "eighty-..": every number whose spoken form
        // starts with a vowel sound, as read in groups of three digits.
        let lead = digits.len() % 3;
        let head = &digits[..if lead == 0 { 3.min(digits.len()) } else { lead }];
        head.starts_with('8') || head == "11" || head == "18"
    };
    if vowel_sound { "an" } else { "a" }
}

/// `word` after its article: "an Othello", "a Dodgem".
pub fn with_article(word: &str) -> String {
    format!("{} {word}", article(word))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_article_follows_the_sound_of_the_word() {
        for word in [
            "Othello", "othello", "8x8", "11x11", "18", "80", "8000", "11000",
        ] {
            assert_eq!(article(word), "an", "{word}");
        }
        let a = [
            "Dodgem",
            "tic-tac-toe",
            "Queens & Stones",
            "queens",
            "15x15",
            "3x3",
        ];
        for word in a
            .into_iter()
            .chain(["1x1", "110", "unit", "one", "European"])
        {
            assert_eq!(article(word), "a", "{word}");
        }
        assert_eq!(with_article("Othello"), "an Othello");
    }

    #[test]
    fn one_of_a_thing_is_singular() {
        assert_eq!(counted(1, "move", "moves"), "1 move");
        assert_eq!(counted(0, "move", "moves"), "0 moves");
        assert_eq!(counted(2, "cell", "cells"), "2 cells");
    }

    #[test]
    fn long_tokens_are_clipped_on_a_character_boundary() {
        assert_eq!(clip_token("c3"), "c3");
        let exact = "x".repeat(MAX_QUOTED_CHARS);
        assert_eq!(clip_token(&exact), exact);
        let long = "é".repeat(120_000);
        let clipped = clip_token(&long);
        assert_eq!(clipped.chars().count(), MAX_QUOTED_CHARS + 1);
        assert!(clipped.ends_with("é…"), "{clipped}");
    }
}
