//! `queens gui` (and no subcommand): the window, told where the saves folder is.

use super::error::{CliError, EXIT_FAILURE};
use std::path::Path;
use std::process::Command;

/// The environment variable through which the window learns the saves folder.
pub const SAVES_DIR_ENV: &str = "QUEENS_SAVES_DIR";

/// Opens the window, with its saves in `saves_dir` when one is given.
///
/// The window reads the folder from [`SAVES_DIR_ENV`]. Edition 2024 makes
/// `std::env::set_var` unsafe (another thread may be reading the environment) and the
/// crate forbids unsafe code, so with a folder the window runs as a child process of this
/// same binary, with the variable in its environment and this process's streams.
///
/// # Errors
/// [`CliError::Gui`] if the window cannot open; [`CliError::Window`] with the child's
/// exit code when the child window failed (it has printed its own message);
/// [`CliError::Spawn`] if the child cannot be started.
pub fn gui(saves_dir: Option<&Path>) -> Result<(), CliError> {
    let Some(dir) = saves_dir else {
        return crate::ui::run().map_err(CliError::Gui);
    };
    let exe = std::env::current_exe().map_err(CliError::Spawn)?;
    let status = Command::new(exe)
        .arg("gui")
        .env(SAVES_DIR_ENV, dir)
        .status()
        .map_err(CliError::Spawn)?;
    if status.success() {
        return Ok(());
    }
    let code = status
        .code()
        .and_then(|code| u8::try_from(code).ok())
        .filter(|&code| code != 0)
        .unwrap_or(EXIT_FAILURE);
    Err(CliError::Window(code))
}
