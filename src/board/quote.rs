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

#[cfg(test)]
mod tests {
    use super::*;

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
