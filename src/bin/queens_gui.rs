//! `queens-gui`: the game window alone, for double-clicking. On Windows it is a
//! GUI-subsystem program, so no console window opens behind the game (`queens.exe` is a
//! console program: the command line keeps its output and exit codes there). It takes
//! the options of `queens gui` (`--saves-dir DIR`); with no console to print to, a
//! failure is shown in a message box.

#![cfg_attr(windows, windows_subsystem = "windows")]

#[path = "../window.rs"]
mod window;

use std::ffi::OsString;
use std::process::ExitCode;

fn main() -> ExitCode {
    // macOS's Finder may pass a process serial number (-psn_0_1234) to an app bundle.
    let mut args: Vec<OsString> = std::env::args_os()
        .filter(|arg| !arg.to_string_lossy().starts_with("-psn_"))
        .collect();
    // `queens-gui ARGS` is `queens gui ARGS`.
    args.insert(1.min(args.len()), OsString::from("gui"));
    match queens_cli::run(args, window::WINDOW) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("queens: {}", err.one_line());
            window::show_in_a_box(&err, true);
            ExitCode::from(err.exit_code())
        }
    }
}
