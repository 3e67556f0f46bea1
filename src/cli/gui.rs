//! `queens gui` (and no subcommand): the window, told where the saves folder is.

use super::error::CliError;
use std::path::Path;

/// Opens the window, with its saves in `saves_dir` when one is given (otherwise the
/// window's own setting, `QUEENS_SAVES_DIR`, or `saves/`).
///
/// # Errors
/// [`CliError::Gui`] if the window cannot open (no display, no OpenGL).
pub fn gui(saves_dir: Option<&Path>) -> Result<(), CliError> {
    crate::ui::run(saves_dir.map(Path::to_path_buf)).map_err(CliError::Gui)
}
