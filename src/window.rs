//! The window as the two desktop programs give it to the command line (`queens_cli` does
//! not depend on the window; `queens_app` is there only with the `gui` feature).

use queens_cli::{CliError, OpenWindow};

/// The window to open, or none in a build without it (`queens gui` then says so).
#[cfg(feature = "gui")]
pub(crate) const WINDOW: Option<OpenWindow> = Some(queens_app::open_window);
/// The window to open, or none in a build without it (`queens gui` then says so).
#[cfg(not(feature = "gui"))]
pub(crate) const WINDOW: Option<OpenWindow> = None;

/// Shows why the window could not open in the system's message box (Windows and macOS,
/// where a double-clicked program has no terminal); any other error only when
/// `every_error` (`queens-gui`, which never has a terminal).
pub(crate) fn show_in_a_box(err: &CliError, every_error: bool) {
    #[cfg(feature = "gui")]
    match err {
        CliError::Gui { detail } => {
            queens_app::show_error_box(&queens_cli::window_failure_text(detail));
        }
        _ if every_error => queens_app::show_error_box(&err.one_line()),
        _ => {}
    }
    #[cfg(not(feature = "gui"))]
    let _ = (err, every_error);
}
