//! A link to a position, as the browser build's address bar carries it
//! (`https://host/page/#size%3D8%20stones%3Db2%20moves%3Dc3`): Paste position takes such a
//! link as well as a bare game string, so a position handed out as a link opens in the
//! desktop window too.

use std::borrow::Cow;

/// The game string in `text`: the fragment of a link (after its `#`), percent-decoded,
/// or `text` itself when it is no link.
pub fn game_string_in(text: &str) -> Cow<'_, str> {
    match text.rsplit_once('#') {
        Some((_, fragment)) => Cow::Owned(percent_decoded(fragment)),
        None => Cow::Borrowed(text),
    }
}

/// `text` with each `%XX` turned back into its byte; a `%` not followed by two hex digits
/// stays as it is, and bytes that are not UTF-8 are replaced (the game string's parser
/// then names what is wrong).
fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |at: usize| bytes.get(at).and_then(|&b| char::from(b).to_digit(16));
        match (bytes[i], hex(i + 1), hex(i + 2)) {
            (b'%', Some(high), Some(low)) => {
                out.push((high * 16 + low) as u8);
                i += 3;
            }
            (byte, _, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_gives_its_decoded_fragment_and_a_game_string_stays() {
        assert_eq!(
            game_string_in("http://127.0.0.1:8080/#size%3D8%20stones%3Db2%2Cd5%20moves%3Dc3"),
            "size=8 stones=b2,d5 moves=c3"
        );
        assert_eq!(game_string_in("size=8 moves=c3"), "size=8 moves=c3");
        assert_eq!(game_string_in("#size=5"), "size=5");
        // A broken escape is kept as typed, for the parser to refuse.
        assert_eq!(game_string_in("x#size%3"), "size%3");
        assert_eq!(game_string_in("x#%zz"), "%zz");
    }
}
