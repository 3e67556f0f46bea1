//! The `queens` binary: the window with no arguments, the engine CLI otherwise. All the
//! work is in the library; here one result becomes one exit code and at most one message.

use std::process::ExitCode;

fn main() -> ExitCode {
    match queens::cli::run(std::env::args_os()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("queens: {}", err.one_line());
            ExitCode::from(err.exit_code())
        }
    }
}
