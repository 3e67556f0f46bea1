//! File > Open without holding the window: the Open prompt's saves are listed, and the
//! chosen save is read, checked and replayed, on jobs (a slow disk, a large folder or
//! file never holds a frame).

use crate::jobs::dialogs::{FileTask, PathPrompt, list_save_items};
use crate::jobs::job::{Job, Polled};
use crate::session::messages::Message;
use crate::session::saving::{Files, Opened};
use std::path::PathBuf;

impl Files {
    /// Shows our own path field for `task`; for Open, the folder's saves are read on a
    /// job and listed when they arrive ([`Files::poll_listing`]).
    pub(super) fn show_prompt(&mut self, task: FileTask) {
        self.prompt = Some(PathPrompt::unlisted(task, &self.dir));
        if task == FileTask::Open {
            let dir = self.dir.clone();
            self.listing = Some(Job::spawn(
                "list-saves",
                || {},
                move |_| list_save_items(&dir),
            ));
        }
    }

    /// Lists the saves in the Open prompt once read; returns whether still reading.
    pub(crate) fn poll_listing(&mut self) -> bool {
        let Some(job) = self.listing.as_mut() else {
            return false;
        };
        let saves = match job.poll() {
            Polled::Running => return true,
            Polled::Done(saves) => saves,
            Polled::Lost => Vec::new(),
        };
        self.listing = None;
        if let Some(prompt) = self.prompt.as_mut() {
            prompt.listed(&self.dir, saves);
        }
        false
    }
}

/// File > Open in the background: reading, checking and replaying a save never holds
/// the window (a slow disk, a large file).
impl Files {
    /// Starts reading the save at `path` through the store; `wake` is called when done.
    /// Only a regular file is opened (the store's one check: a FIFO would block).
    pub(crate) fn start_open(&mut self, path: PathBuf, wake: impl Fn() + Send + Sync + 'static) {
        let store = self.writes.store();
        self.opening = Some(Job::spawn("open", wake, move |_| {
            let loaded = store
                .load(&path)
                .map_err(|error| Message::OpenFailed(error.into()));
            (path, loaded)
        }));
    }

    /// Whether the Open prompt's saves are still being read.
    pub(crate) fn listing(&self) -> bool {
        self.listing.is_some()
    }

    /// Whether a save is being opened.
    pub(crate) fn opening(&self) -> bool {
        self.opening.is_some()
    }

    /// The opened save (or why it could not be), once.
    pub(crate) fn poll_open(&mut self) -> Option<Opened> {
        let polled = self.opening.as_mut()?.poll();
        match polled {
            Polled::Running => None,
            Polled::Done(opened) => {
                self.opening = None;
                Some(opened)
            }
            Polled::Lost => {
                self.opening = None;
                None
            }
        }
    }
}
