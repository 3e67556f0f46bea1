//! Players' names as the program keeps them, from a keyboard or from a file alike: no
//! control characters (a newline or ESC would split or colour the status line), no
//! bidirectional controls (U+202E would reverse the text after it), trimmed, at most
//! [`MAX_NAME_CHARS`] characters.

/// The longest name kept, in characters (a longer one is cut).
pub const MAX_NAME_CHARS: usize = 24;

/// `name` as the program keeps it (see the module's text).
pub fn clean_name(name: &str) -> String {
    let shown: String = name
        .chars()
        .filter(|&c| !c.is_control() && !is_bidi_control(c))
        .collect();
    shown.trim().chars().take(MAX_NAME_CHARS).collect()
}

/// The characters that change the direction of the text around them (embeddings,
/// overrides, isolates and marks).
fn is_bidi_control(c: char) -> bool {
    matches!(
        c,
        '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_and_direction_characters_go_and_the_rest_is_cut() {
        assert_eq!(clean_name("  Ann\nBob\u{1b}[31m  "), "AnnBob[31m");
        assert_eq!(clean_name("\u{202E}evil\u{2066}x\u{2069}"), "evilx");
        assert_eq!(clean_name("Nguyễn Văn A"), "Nguyễn Văn A");
        let long = "é".repeat(40);
        assert_eq!(clean_name(&long).chars().count(), MAX_NAME_CHARS);
        assert_eq!(clean_name("\t\r\n"), "");
    }
}
