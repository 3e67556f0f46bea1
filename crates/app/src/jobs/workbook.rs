//! A workbook written in the background (the Table 2.4 and Tree Lab exports): the
//! window hands the finished table to a [`Job`] and shows what it answered, so a slow
//! disk never holds a frame. The writing itself is the store's.

use super::job::{Job, Polled};
use std::path::PathBuf;

/// A workbook export under way: it answers the file written, or the error as a line.
pub struct WorkbookJob {
    job: Job<(), Result<PathBuf, String>>,
}

impl WorkbookJob {
    /// Runs `write` (the store's export of a table to `path`) on its own thread;
    /// `wake` is called when it ends (the window passes a repaint request).
    pub(crate) fn start<E: std::error::Error>(
        path: PathBuf,
        write: impl FnOnce(&std::path::Path) -> Result<(), E> + Send + 'static,
        wake: impl Fn() + Send + Sync + 'static,
    ) -> WorkbookJob {
        let job = Job::spawn("workbook", wake, move |_| {
            write(&path)
                .map(|()| path)
                .map_err(|error| crate::i18n::with_causes(&error))
        });
        WorkbookJob { job }
    }

    /// The answer once written: the file, or what went wrong; `lost` is what to say
    /// when the thread died without an answer (in the window's language).
    pub(crate) fn poll(&mut self, lost: &str) -> Option<Result<PathBuf, String>> {
        match self.job.poll() {
            Polled::Running => None,
            Polled::Done(answer) => Some(answer),
            Polled::Lost => Some(Err(lost.to_string())),
        }
    }
}
