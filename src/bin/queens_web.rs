//! `queens-web`: the browser build of the window (scripts/web.sh compiles it for
//! wasm32-unknown-unknown and wasm-bindgen makes `queens.js` of it). The same program
//! runs on the page, where it starts the window in the canvas, and in each Web Worker,
//! where `worker.js` calls `queens_worker_run` with the task the page posted.
//!
//! Built for any other target it is a stub that says where the browser build comes from.

#[cfg(target_arch = "wasm32")]
use wasm_bindgen::prelude::*;

/// On the page: starts the window. In a worker: nothing until a task is posted.
#[cfg(target_arch = "wasm32")]
fn main() {
    if !queens_app::web::in_worker() {
        queens_app::web::start_page();
    }
}

/// The worker's entry (see `scripts/web/worker.js`).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
pub fn queens_worker_run(name: &str, input: &str, flag: &str) {
    queens_app::web::worker::run_posted(name, input, flag);
}

/// The engine's speed on fixed work, as JSON (`bench.html`; crates/engines/src/ai/speed.rs): the same
/// function the native `cargo bench --bench speed` runs.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
pub fn queens_speed(repeats: usize) -> String {
    serde_json::to_string(&queens_engines::ai::speed::measure(repeats))
        .unwrap_or_else(|err| format!("{{\"error\":{:?}}}", err.to_string()))
}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    eprintln!(
        "queens-web is the browser build: `bash scripts/web.sh serve` builds it and serves \
         the page on http://127.0.0.1:8080"
    );
    std::process::ExitCode::from(2)
}
