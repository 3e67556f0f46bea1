//! Measures the window's move values (`analysis::value_moves`) on 15x15 boards with 20
//! stones: when each update came and how many moves were proved in it (issue 33 goal 2).
//! `cargo run --release --example live_values_15x15 -- [seconds]`.
use queens::ai::NoHandler;
use queens::analysis::{LiveSettings, value_moves};
use queens::board::random_position;
use std::time::{Duration, Instant};

fn main() {
    let secs: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(4);
    for seed in [11, 12, 13] {
        let Ok(board) = random_position(15, 20, 0, seed) else {
            continue;
        };
        let started = Instant::now();
        let settings = LiveSettings {
            time: Duration::from_secs(secs),
            hash_mb: 32,
        };
        let answer = value_moves(&board, settings, &NoHandler, &mut |v| {
            let proved = v.moves.iter().filter(|m| m.exact).count();
            println!(
                "seed {seed} {:>6} ms: {proved} of {} moves proved, depth {:?}, position {:?}",
                started.elapsed().as_millis(),
                v.moves.len(),
                v.depth,
                v.proved.as_ref().map(|p| p.margin)
            );
        });
        let proved = answer
            .as_ref()
            .map_or(0, |a| a.moves.iter().filter(|m| m.exact).count());
        println!(
            "seed {seed} done {} ms, {proved} proved",
            started.elapsed().as_millis()
        );
    }
}
