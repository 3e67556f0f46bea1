//! The browser's storage for what the desktop keeps in files: the autosave (Continue
//! after closing the tab) lives under one key of the page's localStorage. Settings are
//! eframe's own (also localStorage). A write the browser refuses (full, or private
//! mode) is an error the window reports; what was stored before stays as it was.

/// The autosave's key.
pub const AUTOSAVE_KEY: &str = "queens.autosave.ron";

/// The name a stored entry goes by in messages (where the desktop names a file).
pub fn label(key: &str) -> std::path::PathBuf {
    std::path::PathBuf::from(format!("browser storage: {key}"))
}

fn local_storage() -> Result<web_sys::Storage, String> {
    web_sys::window()
        .ok_or("no window")?
        .local_storage()
        .map_err(|err| format!("{err:?}"))?
        .ok_or_else(|| "this browser refuses the page its storage (private mode?)".to_owned())
}

/// The text stored under `key`, if any.
///
/// # Errors
/// The browser gives the page no storage.
pub fn get(key: &str) -> Result<Option<String>, String> {
    local_storage()?
        .get_item(key)
        .map_err(|err| format!("{err:?}"))
}

/// Stores `text` under `key` (all or nothing: a refused write leaves the old text).
///
/// # Errors
/// The storage is full or refused.
pub fn set(key: &str, text: &str) -> Result<(), String> {
    local_storage()?
        .set_item(key, text)
        .map_err(|err| describe(&err))
}

/// Removes what is stored under `key` (nothing stored is fine).
///
/// # Errors
/// The browser gives the page no storage.
pub fn remove(key: &str) -> Result<(), String> {
    local_storage()?
        .remove_item(key)
        .map_err(|err| describe(&err))
}

/// A storage exception in words ("QuotaExceededError: ..." when full).
fn describe(err: &wasm_bindgen::JsValue) -> String {
    let text = js_sys::Error::from(err.clone()).to_string();
    text.as_string()
        .filter(|text| !text.is_empty())
        .unwrap_or_else(|| format!("{err:?}"))
}
