//! The native "save as" dialog for the step table's workbook, on its own thread (rfd
//! blocks its caller on Linux) and polled each frame. Where no dialog can be shown, rfd
//! answers `None` at once and the path field beside the button stays the way to choose.

use crate::jobs::job::{Job, Polled};
use eframe::egui;
use std::path::{Path, PathBuf};

/// What became of the dialog.
pub(crate) enum Poll {
    /// Still open.
    Open,
    /// Closed, with the chosen path (`None`: cancelled, or no dialog exists).
    Closed(Option<PathBuf>),
}

/// An open dialog.
pub(crate) struct SaveDialog {
    job: Job<(), Option<PathBuf>>,
}

impl SaveDialog {
    /// Opens the dialog at `suggested` (its folder and file name); the window repaints
    /// when it closes.
    pub(crate) fn start(suggested: &Path, ctx: egui::Context) -> SaveDialog {
        let folder = suggested.parent().map(Path::to_path_buf);
        let name = suggested.file_name().map_or_else(
            || "tree-steps.xlsx".to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        let job = Job::spawn(
            "tree-lab-dialog",
            move || ctx.request_repaint(),
            move |_| pick_workbook(name, folder),
        );
        SaveDialog { job }
    }

    /// The dialog's state.
    pub(crate) fn poll(&mut self) -> Poll {
        match self.job.poll() {
            Polled::Running => Poll::Open,
            Polled::Lost => Poll::Closed(None),
            Polled::Done(path) => Poll::Closed(path),
        }
    }
}

/// The native dialog's answer: where to write the workbook named `name`.
#[cfg(not(target_arch = "wasm32"))]
fn pick_workbook(name: String, folder: Option<PathBuf>) -> Option<PathBuf> {
    let mut dialog = rfd::FileDialog::new()
        .add_filter("*.xlsx", &["xlsx"])
        .set_file_name(name);
    if let Some(folder) = folder.filter(|f| f.is_dir()) {
        dialog = dialog.set_directory(folder);
    }
    dialog.save_file()
}

/// A browser has no native save dialog: the workbook is downloaded instead.
#[cfg(target_arch = "wasm32")]
fn pick_workbook(_name: String, _folder: Option<PathBuf>) -> Option<PathBuf> {
    None
}
