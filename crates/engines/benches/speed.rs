//! The engine's speed on the work the browser build is measured on (crates/engines/src/ai/speed.rs),
//! natively: `cargo bench --bench speed` prints the rows as JSON, to compare with the
//! browser's (`bash scripts/web-bench.sh`) as ratios of times (BENCHMARKS.md, "The
//! browser").

fn main() {
    // `cargo test --benches` runs benchmarks without `--bench`: a smoke run then.
    let repeats = if std::env::args().any(|arg| arg == "--bench") {
        5
    } else {
        1
    };
    let rows = queens_engines::ai::speed::measure(repeats);
    match serde_json::to_string_pretty(&rows) {
        Ok(json) => println!("{json}"),
        Err(err) => eprintln!("speed: {err}"),
    }
}
