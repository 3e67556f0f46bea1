//! A link to a position, as the browser build's address bar carries it
//! (`https://host/page/#size%3D8%20stones%3Db2%20moves%3Dc3`): Paste position takes such a
//! link as well as a bare game string, so a position handed out as a link opens in the
//! desktop window too, and Copy link makes one ([`link_to`]) in both builds.

use std::borrow::Cow;

/// The page a desktop window's Copy link points at: `QUEENS_WEB_PAGE` (`env`), else
/// the setting `web_page` (`setting`), without any fragment (the link's fragment is the
/// game); `None` when neither names one. The program has no public address of its own:
/// a link to the local test server (`scripts/web.sh serve`) would open for nobody else,
/// so no page is guessed, and Copy link says how to name one.
pub(crate) fn desktop_web_page(env: Option<&str>, setting: &str) -> Option<String> {
    [env.unwrap_or(""), setting]
        .into_iter()
        .map(str::trim)
        .find(|page| !page.is_empty())
        .map(|page| page.split('#').next().unwrap_or(page).to_string())
}

/// The page Copy link points at: the page the browser build runs in, or from a desktop
/// window [`desktop_web_page`] (`None`: no page is known).
pub(crate) fn link_page(setting: &str) -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        crate::web::link::page_address().or_else(|| desktop_web_page(None, setting))
    }
    #[cfg(not(target_arch = "wasm32"))]
    desktop_web_page(std::env::var("QUEENS_WEB_PAGE").ok().as_deref(), setting)
}

/// The link to `game_string` on `page` (an address without a fragment): the page, `#`,
/// and the game string percent-encoded as JavaScript's `encodeURIComponent` does, so the
/// browser build's address bar and a desktop window's Copy link give the same text.
pub(crate) fn link_to(page: &str, game_string: &str) -> String {
    let mut link = String::with_capacity(page.len() + 1 + game_string.len() * 2);
    link.push_str(page);
    link.push('#');
    for byte in game_string.bytes() {
        let kept = byte.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&byte);
        if kept {
            link.push(char::from(byte));
        } else {
            link.push_str(&format!("%{byte:02X}"));
        }
    }
    link
}

/// The game string in `text`: the fragment of a link (after its `#`), percent-decoded,
/// or `text` itself when it is no link.
///
/// # Errors
/// [`MalformedLink`] for a fragment that is not valid percent-encoding: a `%` without
/// two hex digits after it, or escapes that are not UTF-8. Such a link was cut or
/// mangled on its way, so it is refused as a link rather than read as a game string
/// whose parser would then blame the position ("size '8%20moves=c3%zz' is not allowed").
pub(crate) fn game_string_in(text: &str) -> Result<Cow<'_, str>, MalformedLink> {
    match text.rsplit_once('#') {
        Some((_, fragment)) => percent_decoded(fragment).map(Cow::Owned),
        None => Ok(Cow::Borrowed(text)),
    }
}

/// A link whose fragment is not valid percent-encoding (see [`game_string_in`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum MalformedLink {
    /// A `%` not followed by two hex digits: the escape as written (at most three
    /// characters) and its place in the fragment, counted in characters from 1.
    #[error("“{escape}” at character {at} is not a percent-escape (% and two hex digits)")]
    BadEscape {
        /// The `%` and what follows it, up to two characters.
        escape: String,
        /// Its place in the fragment, counted in characters from 1.
        at: usize,
    },
    /// The escapes decode to bytes that are not UTF-8 text.
    #[error("its escapes are not UTF-8 text")]
    NotUtf8,
}

/// `text` with each `%XX` turned back into its byte, as JavaScript's
/// `decodeURIComponent` does.
///
/// # Errors
/// As [`game_string_in`].
pub(crate) fn percent_decoded(text: &str) -> Result<String, MalformedLink> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&byte) = bytes.get(i) {
        if byte != b'%' {
            out.push(byte);
            i += 1;
            continue;
        }
        let hex = |at: usize| bytes.get(at).and_then(|&b| char::from(b).to_digit(16));
        let (Some(high), Some(low)) = (hex(i + 1), hex(i + 2)) else {
            let escape: String = text.get(i..).unwrap_or_default().chars().take(3).collect();
            let at = text.get(..i).map_or(0, |before| before.chars().count()) + 1;
            return Err(MalformedLink::BadEscape { escape, at });
        };
        // Two hex digits make at most 255: one byte.
        out.push(u8::try_from(high * 16 + low).unwrap_or(u8::MAX));
        i += 3;
    }
    String::from_utf8(out).map_err(|_| MalformedLink::NotUtf8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_gives_its_decoded_fragment_and_a_game_string_stays() {
        assert_eq!(
            game_string_in("http://127.0.0.1:8080/#size%3D8%20stones%3Db2%2Cd5%20moves%3Dc3"),
            Ok("size=8 stones=b2,d5 moves=c3".into())
        );
        assert_eq!(
            game_string_in("size=8 moves=c3"),
            Ok("size=8 moves=c3".into())
        );
        assert_eq!(game_string_in("#size=5"), Ok("size=5".into()));
    }

    #[test]
    fn a_broken_escape_makes_the_link_malformed_and_names_the_escape() {
        // Issue 41.9: this link was read as the game string "size=8%20moves=c3%zz".
        assert_eq!(
            game_string_in("#size=8%20moves=c3%zz"),
            Err(MalformedLink::BadEscape {
                escape: "%zz".into(),
                at: 18
            })
        );
        assert_eq!(
            game_string_in("x#size%3"),
            Err(MalformedLink::BadEscape {
                escape: "%3".into(),
                at: 5
            })
        );
        // Characters are counted, not bytes; a lone % at the end is named alone.
        assert_eq!(
            percent_decoded("nước%"),
            Err(MalformedLink::BadEscape {
                escape: "%".into(),
                at: 5
            })
        );
        // Valid escapes of bytes that are no UTF-8 text.
        assert_eq!(percent_decoded("a%FFb"), Err(MalformedLink::NotUtf8));
        assert_eq!(percent_decoded("%25zz"), Ok("%zz".into()));
    }

    #[test]
    fn a_link_encodes_as_the_browser_does_and_reads_back() {
        let game = "size=8 stones=b2,d5 moves=c3,f6";
        let link = link_to("http://127.0.0.1:8080/", game);
        // encodeURIComponent's answer for the same string.
        assert_eq!(
            link,
            "http://127.0.0.1:8080/#size%3D8%20stones%3Db2%2Cd5%20moves%3Dc3%2Cf6"
        );
        assert_eq!(game_string_in(&link), Ok(game.into()));
        // Characters outside ASCII are encoded byte by byte, as UTF-8.
        let odd = "nước đi=1 # x/y";
        assert_eq!(game_string_in(&link_to("p", odd)), Ok(odd.into()));
    }

    #[test]
    fn the_desktop_page_is_the_environment_s_then_the_setting_s_and_never_guessed() {
        assert_eq!(desktop_web_page(None, ""), None);
        assert_eq!(desktop_web_page(Some("  "), " "), None);
        assert_eq!(
            desktop_web_page(None, "https://school.example/queens/#old").as_deref(),
            Some("https://school.example/queens/")
        );
        assert_eq!(
            desktop_web_page(Some("https://a.example/"), "https://b.example/").as_deref(),
            Some("https://a.example/")
        );
        assert_eq!(
            desktop_web_page(Some(""), "https://b.example/").as_deref(),
            Some("https://b.example/")
        );
    }
}
