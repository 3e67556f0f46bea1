//! The native "save as" dialog for the step table's workbook, on its own thread (rfd
//! blocks its caller on Linux) and polled each frame. Where no dialog can be shown, rfd
//! answers `None` at once and the path field beside the button stays the way to choose.

use eframe::egui;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, TryRecvError};

/// What became of the dialog.
pub enum Poll {
    /// Still open.
    Open,
    /// Closed, with the chosen path (`None`: cancelled, or no dialog exists).
    Closed(Option<PathBuf>),
}

/// An open dialog.
pub struct SaveDialog {
    receiver: Receiver<Option<PathBuf>>,
}

impl SaveDialog {
    /// Opens the dialog at `suggested` (its folder and file name); the window repaints
    /// when it closes.
    pub fn start(suggested: &Path, ctx: egui::Context) -> SaveDialog {
        let folder = suggested.parent().map(Path::to_path_buf);
        let name = suggested.file_name().map_or_else(
            || "tree-steps.xlsx".to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        let (sender, receiver) = mpsc::channel();
        std::thread::spawn(move || {
            let mut dialog = rfd::FileDialog::new()
                .add_filter("*.xlsx", &["xlsx"])
                .set_file_name(name);
            if let Some(folder) = folder.filter(|f| f.is_dir()) {
                dialog = dialog.set_directory(folder);
            }
            // The window may have closed meanwhile; then nobody needs the answer.
            let _ = sender.send(dialog.save_file());
            ctx.request_repaint();
        });
        SaveDialog { receiver }
    }

    /// The dialog's state.
    pub fn poll(&self) -> Poll {
        match self.receiver.try_recv() {
            Err(TryRecvError::Empty) => Poll::Open,
            Err(TryRecvError::Disconnected) => Poll::Closed(None),
            Ok(path) => Poll::Closed(path),
        }
    }
}
