//! The `queens` binary: the window with no arguments, the engine CLI otherwise. All the
//! work is in the crates; here one result becomes one exit code and at most one message.

mod window;

use std::process::ExitCode;

fn main() -> ExitCode {
    match queens_cli::run(std::env::args_os(), window::WINDOW) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("queens: {}", err.one_line());
            window::show_in_a_box(&err, false);
            ExitCode::from(err.exit_code())
        }
    }
}
