//! `queens gui` (and no subcommand): the window, told where the saves folder is. In a
//! build without the `gui` feature there is no window to open, and saying so is an error
//! with its own exit code rather than a silent success.

use super::error::CliError;
use std::path::Path;

/// Opens the window, with its saves in `saves_dir` when one is given (otherwise
/// `QUEENS_SAVES_DIR`, the window's own setting, or `saves` in the platform's data folder),
/// and the saved game `file` in it when one is given.
///
/// When the window cannot open (no display, no OpenGL 2: a Windows remote desktop or a
/// virtual machine without a 3D driver), the reason is also shown in a message box on
/// Windows and macOS, where a program started by a double-click has no terminal to print
/// to.
///
/// # Errors
/// [`CliError::NoDisplay`] when no display is named (Linux, the BSDs), [`CliError::Gui`]
/// if the window cannot open otherwise.
#[cfg(feature = "gui")]
pub fn gui(saves_dir: Option<&Path>, file: Option<&Path>) -> Result<(), CliError> {
    if !display_named(|name| std::env::var_os(name)) {
        return Err(CliError::NoDisplay);
    }
    let result = crate::ui::run(
        saves_dir.map(Path::to_path_buf),
        file.map(Path::to_path_buf),
    )
    .map_err(|err| {
        let mut chain = err.to_string();
        let mut cause = std::error::Error::source(&err);
        while let Some(inner) = cause {
            chain.push_str(": ");
            chain.push_str(&inner.to_string());
            cause = inner.source();
        }
        CliError::Gui {
            detail: super::error::gui_detail(&chain),
        }
    });
    if let Err(err) = &result {
        show_error_box(&err.one_line());
    }
    result
}

/// Whether a display can be looked for: always on Windows and macOS (the system has
/// one), elsewhere when `DISPLAY`, `WAYLAND_DISPLAY` or `WAYLAND_SOCKET` is set and not
/// empty. Without one, winit would fail with an internal error naming its own source
/// file; this lets the window say "no display found" in one plain line instead.
#[cfg(feature = "gui")]
fn display_named(var: impl Fn(&str) -> Option<std::ffi::OsString>) -> bool {
    cfg!(any(
        windows,
        target_os = "macos",
        target_os = "ios",
        target_os = "android"
    )) || ["DISPLAY", "WAYLAND_DISPLAY", "WAYLAND_SOCKET"]
        .iter()
        .any(|name| var(name).is_some_and(|value| !value.is_empty()))
}

/// This build has no window (it was built without the `gui` feature).
///
/// # Errors
/// Always [`CliError::NoWindow`].
#[cfg(not(feature = "gui"))]
pub fn gui(saves_dir: Option<&Path>, file: Option<&Path>) -> Result<(), CliError> {
    let _ = (saves_dir, file);
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
