//! Files in a browser: Open reads a save the user picks (the browser's own file chooser,
//! through rfd); writing one is a download ([`queens_store::browser::download`]). A picked file's text is held here
//! under its name until the window's open job takes it, so opening goes through the same
//! store check as on the desktop ([`queens_store::SavedGame::read_ron`]).

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

thread_local! {
    /// Picked files not yet opened: name -> bytes.
    static PICKED: RefCell<HashMap<PathBuf, Vec<u8>>> = RefCell::new(HashMap::new());
}

/// Asks the user for a save with the browser's file chooser; its name once read (`None`:
/// cancelled).
pub(crate) async fn pick_save() -> Option<PathBuf> {
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
pub(crate) fn take_picked(name: &Path) -> Option<Vec<u8>> {
    PICKED.with(|picked| picked.borrow_mut().remove(name))
}
