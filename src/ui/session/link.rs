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
pub fn desktop_web_page(env: Option<&str>, setting: &str) -> Option<String> {
    [env.unwrap_or(""), setting]
        .into_iter()
        .map(str::trim)
        .find(|page| !page.is_empty())
        .map(|page| page.split('#').next().unwrap_or(page).to_string())
}

/// The page Copy link points at: the page the browser build runs in, or from a desktop
/// window [`desktop_web_page`] (`None`: no page is known).
pub fn link_page(setting: &str) -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        crate::ui::web::link::page_address().or_else(|| desktop_web_page(None, setting))
    }
    #[cfg(not(target_arch = "wasm32"))]
    desktop_web_page(std::env::var("QUEENS_WEB_PAGE").ok().as_deref(), setting)
}

/// The link to `game_string` on `page` (an address without a fragment): the page, `#`,
/// and the game string percent-encoded as JavaScript's `encodeURIComponent` does, so the
/// browser build's address bar and a desktop window's Copy link give the same text.
pub fn link_to(page: &str, game_string: &str) -> String {
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

    #[test]
    fn a_link_encodes_as_the_browser_does_and_reads_back() {
        let game = "size=8 stones=b2,d5 moves=c3,f6";
        let link = link_to("http://127.0.0.1:8080/", game);
        // encodeURIComponent's answer for the same string.
        assert_eq!(
            link,
            "http://127.0.0.1:8080/#size%3D8%20stones%3Db2%2Cd5%20moves%3Dc3%2Cf6"
        );
        assert_eq!(game_string_in(&link), game);
        // Characters outside ASCII are encoded byte by byte, as UTF-8.
        let odd = "nước đi=1 # x/y";
        assert_eq!(game_string_in(&link_to("p", odd)), odd);
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
