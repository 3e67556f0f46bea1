//! `queens gui` (and no subcommand): the window, told where the saves folder is. In a
//! build without the `gui` feature there is no window to open, and saying so is an error
//! with its own exit code rather than a silent success.

use super::error::CliError;
use std::path::Path;

/// Opens the window, with its saves in `saves_dir` when one is given (otherwise
/// `QUEENS_SAVES_DIR`, the window's own setting, or `saves` in the platform's data folder).
///
/// When the window cannot open (no display, no OpenGL 2: a Windows remote desktop or a
/// virtual machine without a 3D driver), the reason is also shown in a message box on
/// Windows and macOS, where a program started by a double-click has no terminal to print
/// to.
///
/// # Errors
/// [`CliError::Gui`] if the window cannot open.
#[cfg(feature = "gui")]
pub fn gui(saves_dir: Option<&Path>) -> Result<(), CliError> {
    let result = crate::ui::run(saves_dir.map(Path::to_path_buf)).map_err(CliError::Gui);
    if let Err(err) = &result {
        show_error_box(&err.one_line());
    }
    result
}

/// This build has no window (it was built without the `gui` feature).
///
/// # Errors
/// Always [`CliError::NoWindow`].
#[cfg(not(feature = "gui"))]
pub fn gui(saves_dir: Option<&Path>) -> Result<(), CliError> {
    let _ = saves_dir;
    Err(CliError::NoWindow)
}

/// Shows `message` in the system's message box on Windows and macOS; elsewhere nothing
/// (the message is printed on stderr as always, and a Linux message box would need
/// zenity and a display, the very thing that may be missing).
#[cfg(feature = "gui")]
pub fn show_error_box(message: &str) {
    if cfg!(any(windows, target_os = "macos")) {
        rfd::MessageDialog::new()
            .set_level(rfd::MessageLevel::Error)
            .set_title("Queens & Stones")
            .set_description(message)
            .set_buttons(rfd::MessageButtons::Ok)
            .show();
    }
}
