//! Files in a browser: Save downloads the game as a `.ron` file, Open reads one the user
//! picks (the browser's own file chooser, through rfd). A picked file's text is held here
//! under its name until the window's open job takes it, so opening goes through the same
//! store check as on the desktop ([`crate::store::SavedGame::read_ron`]).

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use wasm_bindgen::JsCast;

thread_local! {
    /// Picked files not yet opened: name -> bytes.
    static PICKED: RefCell<HashMap<PathBuf, Vec<u8>>> = RefCell::new(HashMap::new());
}

/// Asks the user for a save with the browser's file chooser; its name once read (`None`:
/// cancelled).
pub async fn pick_save() -> Option<PathBuf> {
    let handle = rfd::AsyncFileDialog::new()
        .add_filter("*.ron", &["ron"])
        .pick_file()
        .await?;
    let name = PathBuf::from(handle.file_name());
    let bytes = handle.read().await;
    PICKED.with(|picked| picked.borrow_mut().insert(name.clone(), bytes));
    Some(name)
}

/// The bytes of the picked file `name`, taken (once).
pub fn take_picked(name: &Path) -> Option<Vec<u8>> {
    PICKED.with(|picked| picked.borrow_mut().remove(name))
}

/// Offers `bytes` to the user as a download called `name`.
///
/// # Errors
/// The page could not make the file or the link (no document, a refused blob).
pub fn download(name: &str, bytes: &[u8], mime: &str) -> Result<(), String> {
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
    anchor.set_download(name);
    anchor.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}
