//! The `queens` binary: the window with no arguments, the engine CLI otherwise.

fn main() {
    if let Err(err) = queens::ui::run() {
        eprintln!("queens: {err}");
        std::process::exit(1);
    }
}
