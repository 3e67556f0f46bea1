//! The game on screen in the address bar: `...#size=8 stones=b2,d5 moves=c3,f6` (the
//! game string, URL-encoded), replaced (not pushed: Back leaves the page, as on a game
//! site) whenever the game string changes. A link with such a fragment opens that
//! position ([`position_in_address`]), which is how a teacher hands a class a position.

use std::cell::RefCell;

thread_local! {
    /// The fragment last written, so the address is touched only when the game changes.
    static SHOWN: RefCell<String> = const { RefCell::new(String::new()) };
}

/// The page address's fragment (`#...`, still percent-encoded, with its `#`), for
/// [`crate::App::open_link`] to decode as Paste position decodes a link (a
/// malformed one is refused there, in words); `None` without one.
pub(crate) fn position_in_address() -> Option<String> {
    let hash = web_sys::window()?.location().hash().ok()?;
    let encoded = hash.strip_prefix('#').unwrap_or(&hash);
    if encoded.trim().is_empty() {
        return None;
    }
    // What the address shows, for `show` to compare with; a malformed fragment is
    // refused where it is opened (Paste position's decoder says why).
    if let Some(decoded) = js_sys::decode_uri_component(encoded)
        .ok()
        .and_then(|text| text.as_string())
    {
        SHOWN.with(|shown| *shown.borrow_mut() = decoded);
    }
    Some(format!("#{encoded}"))
}

/// Puts `position` (a game string) in the address bar if it is not there already.
pub(crate) fn show(position: &str) {
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
pub(crate) fn page_address() -> Option<String> {
    let href = web_sys::window()?.location().href().ok()?;
    Some(href.split('#').next().unwrap_or(&href).to_string())
}

thread_local! {
    /// A position the address changed to since the last frame (`hashchange`: the
    /// person edited the part after `#`, or followed a link to another position of the
    /// same page), for [`arrived`] to hand to the window.
    static ARRIVED: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Listens for the address changing to another position while the page is open
/// (`hashchange`), waking the window to open it: before this, a new link in the same tab
/// left the old board on screen while the address named the new one (issue 41.4). The
/// program's own address updates ([`show`]) replace the history entry and fire no
/// `hashchange`.
pub(crate) fn listen(ctx: eframe::egui::Context) {
    use wasm_bindgen::JsCast;
    use wasm_bindgen::closure::Closure;
    let Some(window) = web_sys::window() else {
        return;
    };
    let on_change = Closure::<dyn FnMut()>::new(move || {
        if let Some(position) = position_in_address() {
            ARRIVED.with(|arrived| *arrived.borrow_mut() = Some(position));
            ctx.request_repaint();
        }
    });
    if window
        .add_event_listener_with_callback("hashchange", on_change.as_ref().unchecked_ref())
        .is_ok()
    {
        // The page keeps the listener for its whole life.
        on_change.forget();
    }
}

/// The position the address changed to since the last call, if any (see [`listen`]).
pub(crate) fn arrived() -> Option<String> {
    ARRIVED.with(|arrived| arrived.borrow_mut().take())
}
