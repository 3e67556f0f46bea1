//! The look for an autosave at start, on a background thread (a slow disk or a FIFO
//! named `autosave.ron` never freezes the window): what it found ([`AutosaveCheck`]),
//! in the saves folder on the desktop or in the browser's storage. A damaged autosave
//! is moved aside (never deleted), or left untouched when it cannot be moved.

use crate::i18n::FileProblem;
use queens_store::Loaded;
use std::path::{Path, PathBuf};

/// What the look for an autosave at start found (on a background thread, so a slow disk
/// or a FIFO named `autosave.ron` never freezes the window).
#[derive(Debug)]
pub(crate) enum AutosaveCheck {
    /// No autosave, or one without a move: nothing to offer or show.
    Nothing,
    /// An unfinished game to offer for "Continue".
    Offer(Box<Loaded>),
    /// The game left on screen last time was finished (its game is in the history):
    /// it is shown again as it ended, never played again.
    Finished(Box<Loaded>),
    /// The saves folder is not a folder (a file, or a pipe, has its name): nothing can
    /// be saved in it, and that is the problem to name, not an unreadable autosave.
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    NotAFolder,
    /// The file could not be loaded. It is never deleted or overwritten: it was moved
    /// aside to `moved_to` (or, if even that failed, left where it was, with the reason).
    Damaged {
        /// Why it could not be loaded.
        problem: FileProblem,
        /// Where it is now, or why it could not be moved.
        moved_to: Result<PathBuf, String>,
    },
}

/// Looks at the autosave of `dir`: only a regular file is read (the store's one check:
/// a FIFO, a folder or a broken link in its place is refused unread); anything that does
/// not load is moved aside by [`quarantine`].
pub(crate) fn check_autosave_file(dir: &Path) -> AutosaveCheck {
    #[cfg(target_arch = "wasm32")]
    {
        let _ = dir;
        check_stored_autosave()
    }
    #[cfg(not(target_arch = "wasm32"))]
    check_autosave_in(dir)
}

/// In a browser: the autosave in the page's storage. One that does not load is reported
/// and left where it is (the next autosave replaces it, as a moved-aside file would be).
#[cfg(target_arch = "wasm32")]
fn check_stored_autosave() -> AutosaveCheck {
    let Some(read) = queens_store::browser::read_autosave() else {
        return AutosaveCheck::Nothing;
    };
    match read {
        Ok(loaded) => found(loaded),
        Err(error) => AutosaveCheck::Damaged {
            problem: error.into(),
            moved_to: Err("it stays in the browser's storage".to_owned()),
        },
    }
}

/// On the desktop: the autosave file of `dir`.
#[cfg(not(target_arch = "wasm32"))]
fn check_autosave_in(dir: &Path) -> AutosaveCheck {
    use queens_store::quarantine::quarantine;
    use queens_store::{StoreError, autosave_path, load_game};
    if std::fs::metadata(dir).is_ok_and(|meta| !meta.is_dir()) {
        return AutosaveCheck::NotAFolder;
    }
    let path = autosave_path(dir);
    let problem: FileProblem = match load_game(&path) {
        Ok(loaded) => return found(loaded),
        Err(StoreError::NotFound { .. }) => return AutosaveCheck::Nothing,
        Err(error) => error.into(),
    };
    let moved_to = quarantine(&path).map_err(|error| error.to_string());
    AutosaveCheck::Damaged { problem, moved_to }
}

/// What an autosave that loaded holds for the start: an unfinished game is offered, a
/// finished one shown again, one without a move is nothing.
fn found(loaded: Loaded) -> AutosaveCheck {
    if loaded.ply() == 0 {
        AutosaveCheck::Nothing
    } else if loaded.saved().is_finished() {
        AutosaveCheck::Finished(Box::new(loaded))
    } else {
        AutosaveCheck::Offer(Box::new(loaded))
    }
}
