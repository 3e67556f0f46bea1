//! The store in a browser, where the page has no folders. This is the one place the
//! store touches the page:
//! - a file the program writes (a save, a workbook) is offered to the user as a download
//!   under its file name ([`download`]; the browser asks where, or puts it in Downloads);
//! - the autosave and the match history live in the page's localStorage, one key each
//!   (the autosave) and one key per finished game (the history), as the same RON text
//!   as their files on the desktop, read back through the same checks.
//!
//! A write the browser refuses (its storage full, or refused in private mode) is an
//! error the window reports; what was stored before stays as it was.

use super::{HistoryEntry, Loaded, SavedGame, StoreError};
use std::path::{Path, PathBuf};
use wasm_bindgen::JsCast;

/// The autosave's key.
pub(crate) const AUTOSAVE_KEY: &str = "queens.autosave.ron";

/// The history's keys: this, then the game's end time and a suffix.
pub(crate) const HISTORY_PREFIX: &str = "queens.history.";

/// The name a stored entry goes by in messages (where the desktop names a file).
pub fn label(key: &str) -> PathBuf {
    PathBuf::from(format!("browser storage: {key}"))
}

/// The page's localStorage.
///
/// # Errors
/// [`StoreError::StorageBlocked`] when the browser gives the page none.
fn local_storage() -> Result<web_sys::Storage, StoreError> {
    web_sys::window()
        .ok_or_else(|| StoreError::StorageBlocked("no window".to_owned()))?
        .local_storage()
        .map_err(|err| StoreError::StorageBlocked(describe(&err)))?
        .ok_or_else(|| StoreError::StorageBlocked("no localStorage".to_owned()))
}

/// The error for the browser's refusal `err` to write `key`: a `SecurityError` is the
/// whole storage blocked, anything else (a `QuotaExceededError`: full) this write.
fn refused(key: &str, err: &wasm_bindgen::JsValue) -> StoreError {
    let name = js_sys::Error::from(err.clone()).name().as_string();
    if name.as_deref() == Some("SecurityError") {
        StoreError::StorageBlocked(describe(err))
    } else {
        write_error(key, describe(err))
    }
}

/// A storage exception in words ("QuotaExceededError: ..." when full).
fn describe(err: &wasm_bindgen::JsValue) -> String {
    js_sys::Error::from(err.clone())
        .to_string()
        .as_string()
        .filter(|text| !text.is_empty())
        .unwrap_or_else(|| format!("{err:?}"))
}

fn write_error(key: &str, why: String) -> StoreError {
    StoreError::Write {
        path: label(key),
        source: std::io::Error::other(why),
    }
}

/// Stores `text` under `key` (all or nothing: a refused write leaves the old text).
fn set(key: &str, text: &str) -> Result<(), StoreError> {
    local_storage()?
        .set_item(key, text)
        .map_err(|err| refused(key, &err))
}

/// The text stored under `key`, if any.
fn get(key: &str) -> Option<String> {
    local_storage().ok()?.get_item(key).ok().flatten()
}

/// Stores `text` under `key` (the window's settings, under eframe's own key, so that
/// eframe reads them back at the next start).
///
/// # Errors
/// [`StoreError::Write`] when the browser refuses it.
pub fn store_text(key: &str, text: &str) -> Result<(), StoreError> {
    set(key, text)
}

/// Writes the autosave (after every move).
///
/// # Errors
/// [`StoreError::Write`] when the browser refuses it; [`StoreError::Encode`].
pub fn autosave(record: &SavedGame) -> Result<(), StoreError> {
    set(AUTOSAVE_KEY, &record.to_ron()?)
}

/// Removes the autosave (nothing stored is fine).
///
/// # Errors
/// [`StoreError::Write`] when the browser refuses it.
pub fn clear_autosave() -> Result<(), StoreError> {
    local_storage()?
        .remove_item(AUTOSAVE_KEY)
        .map_err(|err| refused(AUTOSAVE_KEY, &err))
}

/// The autosave, read and checked as a save file is (`None`: there is none).
pub fn read_autosave() -> Option<Result<Loaded, StoreError>> {
    let text = get(AUTOSAVE_KEY)?;
    Some(SavedGame::read_ron(&text, &label(AUTOSAVE_KEY)))
}

/// Adds the finished game `record` to the history.
///
/// # Errors
/// [`StoreError::NotFinished`] for a game in progress; [`StoreError::Write`] when the
/// browser refuses it.
pub fn append_history(record: &SavedGame) -> Result<(), StoreError> {
    let Some(result) = record.result else {
        return Err(StoreError::NotFinished {
            plies: record.moves.len(),
        });
    };
    let text = record.to_ron()?;
    // The end time sorts the keys; a suffix keeps two games of one second apart.
    let stamp = format!("{HISTORY_PREFIX}{:012}", result.ended);
    let key = (0..u32::MAX)
        .map(|n| format!("{stamp}-{n}"))
        .find(|key| get(key).is_none())
        .unwrap_or(stamp);
    set(&key, &text)
}

/// The history: the good entries sorted by the time the games ended (then by key), and
/// each entry that failed with its error (never removed).
pub fn load_history() -> (Vec<HistoryEntry>, Vec<(PathBuf, StoreError)>) {
    let Ok(storage) = local_storage() else {
        return (Vec::new(), Vec::new());
    };
    let count = storage.length().unwrap_or(0);
    let keys: Vec<String> = (0..count)
        .filter_map(|index| storage.key(index).ok().flatten())
        .filter(|key| key.starts_with(HISTORY_PREFIX))
        .collect();
    let mut good = Vec::new();
    let mut bad = Vec::new();
    for key in keys {
        let Some(text) = get(&key) else { continue };
        let id = key.trim_start_matches(HISTORY_PREFIX).to_owned();
        match SavedGame::read_ron(&text, &label(&key)) {
            Ok(loaded) => good.push(HistoryEntry::new(id, loaded.saved().clone())),
            Err(error) => bad.push((label(&key), error)),
        }
    }
    good.sort_by(|a, b| (a.game.sort_time(), &a.id).cmp(&(b.game.sort_time(), &b.id)));
    bad.sort_by(|a, b| a.0.cmp(&b.0));
    (good, bad)
}

/// Offers `bytes` as a download named after `path`'s file name.
///
/// # Errors
/// The page could not make the file or its link (no document, a refused blob).
pub fn download(path: &Path, bytes: &[u8], mime: &str) -> Result<(), String> {
    let name = path.file_name().map_or_else(
        || "queens".to_owned(),
        |name| name.to_string_lossy().into_owned(),
    );
    let error = |err: wasm_bindgen::JsValue| format!("{err:?}");
    let document = web_sys::window()
        .and_then(|window| window.document())
        .ok_or("no document")?;
    let array = js_sys::Uint8Array::from(bytes);
    let parts = js_sys::Array::of1(&array);
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob =
        web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options).map_err(error)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(error)?;
    let anchor: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(error)?
        .dyn_into()
        .map_err(|_| "not a link")?;
    anchor.set_href(&url);
    anchor.set_download(&name);
    anchor.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}
