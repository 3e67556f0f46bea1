//! clap's complaints as one plain line: every value a user typed is quoted with at most
//! [`MAX_QUOTED_CHARS`](queens_board::MAX_QUOTED_CHARS) characters (a 131,000-digit
//! `--size` must not become a 131 KB line), and the Rust wording of number parsing
//! ("invalid digit found in string", "0 is not in 1..=225") becomes plain English.

use clap::error::{ContextKind, ContextValue};
use queens_board::clip_token;

/// clap's message for `err`: its first paragraph (the complaint, with the argument it
/// names) on one line, without the usage block and tips that follow, every quoted value
/// clipped, and no Rust wording.
pub(crate) fn usage_message(mut err: clap::Error) -> String {
    // The context holds the values clap quotes (the rejected value, an unknown argument,
    // a subcommand typed wrong): clip each before clap renders its message.
    let clipped: Vec<(ContextKind, ContextValue)> = err
        .context()
        .filter_map(|(kind, value)| clip_value(value).map(|value| (kind, value)))
        .collect();
    for (kind, value) in clipped {
        err.insert(kind, value);
    }
    let rendered = err.render().to_string();
    let first_paragraph: Vec<&str> = rendered
        .lines()
        .take_while(|line| !line.trim().is_empty())
        .map(str::trim)
        .collect();
    let text = first_paragraph.join(" ");
    let text = text.strip_prefix("error: ").unwrap_or(&text);
    if text.is_empty() {
        "the arguments are not understood (queens --help lists them)".to_string()
    } else {
        plain_words(text)
    }
}

/// `value` with every text in it clipped, or `None` when it holds no text to clip.
fn clip_value(value: &ContextValue) -> Option<ContextValue> {
    match value {
        ContextValue::String(text) => Some(ContextValue::String(clip_token(text))),
        ContextValue::Strings(texts) => Some(ContextValue::Strings(
            texts.iter().map(|text| clip_token(text)).collect(),
        )),
        _ => None,
    }
}

/// The phrases of Rust's integer parsing and clap's range checks, in plain English. Our
/// own number parsers ([`super::number`]) never produce them; this is the net under any
/// option that still uses a standard parser.
fn plain_words(text: &str) -> String {
    let mut line = text
        .replace(
            "cannot parse integer from empty string",
            "a whole number is expected",
        )
        .replace("invalid digit found in string", "not a whole number")
        .replace("number too large to fit in target type", "too large")
        .replace("number too small to fit in target type", "too small");
    // clap's "0 is not in 1..=225": the range as "1 to 225".
    while let Some(at) = line.find("..=") {
        let start = line[..at]
            .rfind(|c: char| !(c.is_ascii_digit() || c == '-'))
            .map_or(0, |i| i + 1);
        let end = line[at + 3..]
            .find(|c: char| !(c.is_ascii_digit() || c == '-'))
            .map_or(line.len(), |i| at + 3 + i);
        let range = format!("{} to {}", &line[start..at], &line[at + 3..end]);
        line.replace_range(start..end, &range);
    }
    line.replace(" is not in ", " is not from ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rust_wording_becomes_plain() {
        assert_eq!(
            plain_words("invalid value '0' for '--depth <D>': 0 is not in 1..=225"),
            "invalid value '0' for '--depth <D>': 0 is not from 1 to 225"
        );
        assert_eq!(
            plain_words("x: invalid digit found in string"),
            "x: not a whole number"
        );
        assert_eq!(plain_words("a ..= b"), "a  to  b");
    }
}
