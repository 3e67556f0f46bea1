//! The game on screen in the address bar: `...#size=8 stones=b2,d5 moves=c3,f6` (the
//! game string, URL-encoded), replaced (not pushed: Back leaves the page, as on a game
//! site) whenever the game string changes. A link with such a fragment opens that
//! position ([`position_in_address`]), which is how a teacher hands a class a position.

use std::cell::RefCell;

thread_local! {
    /// The fragment last written, so the address is touched only when the game changes.
    static SHOWN: RefCell<String> = const { RefCell::new(String::new()) };
}

/// The game string in the page's address (`#...`), decoded; `None` without one.
pub fn position_in_address() -> Option<String> {
    let hash = web_sys::window()?.location().hash().ok()?;
    let encoded = hash.strip_prefix('#').unwrap_or(&hash);
    if encoded.trim().is_empty() {
        return None;
    }
    let decoded = js_sys::decode_uri_component(encoded)
        .ok()
        .and_then(|text| text.as_string())
        // A fragment that is not valid percent-encoding is read as typed; the game
        // string's parser then says what is wrong with it.
        .unwrap_or_else(|| encoded.to_owned());
    SHOWN.with(|shown| *shown.borrow_mut() = decoded.clone());
    Some(decoded)
}

/// Puts `position` (a game string) in the address bar if it is not there already.
pub fn show(position: &str) {
    let changed = SHOWN.with(|shown| {
        let mut shown = shown.borrow_mut();
        if *shown == position {
            return false;
        }
        position.clone_into(&mut shown);
        true
    });
    if !changed {
        return;
    }
    let Some(window) = web_sys::window() else {
        return;
    };
    let address = if position.is_empty() {
        // No fragment at all (not a bare '#').
        let location = window.location();
        let path = location.pathname().unwrap_or_default();
        let query = location.search().unwrap_or_default();
        format!("{path}{query}")
    } else {
        let encoded: String = js_sys::encode_uri_component(position).into();
        format!("#{encoded}")
    };
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&address));
    }
}

/// The address of the page without its fragment: what Copy link puts before the game.
pub fn page_address() -> Option<String> {
    let href = web_sys::window()?.location().href().ok()?;
    Some(href.split('#').next().unwrap_or(&href).to_string())
}
