//! Measures the window's move values (`games::queens_values::value_board_moves`) on 15x15 boards with 20
//! stones (issue 33 goal 2), before and after the rounds of proofs, in one run: how many
//! of the moves are exact / bounded / estimated at 1, 2 and 4 s, and when every move was
//! at least bounded and when every move was exact.
//!
//! `cargo run --release --example live_values_15x15 -- [prove-seconds]` (default 30, the
//! window's); "before" is the method without rounds (`prove_time: None`, 4 s, the
//! window's budget before issue 33).
use queens_board::random_position;
use queens_engines::ai::NoHandler;
use queens_engines::analysis::KindCounts;
use queens_engines::games::move_values::ValuesAsk;
use queens_engines::games::queens_values::value_board_moves;
use std::time::{Duration, Instant};

/// The window's budget for estimates and the position's own solve.
const TIME: Duration = Duration::from_secs(4);
/// When the counts are read, in milliseconds from the start.
const CHECKPOINTS_MS: [u128; 3] = [1000, 2000, 4000];

fn main() {
    let prove_secs: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(30);
    println!(
        "seed method   | at 1 s (exact/bound/estimate) | at 2 s | at 4 s | all bounded | all exact | end"
    );
    for seed in [11, 12, 13] {
        let Ok(board) = random_position(15, 20, 0, seed) else {
            continue;
        };
        for (name, prove_time) in [
            ("before", None),
            ("after", Some(Duration::from_secs(prove_secs))),
        ] {
            let settings = ValuesAsk {
                time: TIME,
                hash_mb: 32,
                prove_time,
            };
            let run = measure(&board, settings);
            println!("{seed:>4} {name:<8} | {}", run.row());
        }
    }
}

/// The counts of each update and when it came.
struct Run {
    updates: Vec<(u128, KindCounts)>,
    ended_ms: u128,
}

fn measure(board: &queens_board::Board, settings: ValuesAsk) -> Run {
    let started = Instant::now();
    let mut updates = Vec::new();
    value_board_moves(board, settings, &NoHandler, &mut |v| {
        updates.push((started.elapsed().as_millis(), v.to_seam().counts()));
    });
    Run {
        updates,
        ended_ms: started.elapsed().as_millis(),
    }
}

impl Run {
    fn at(&self, ms: u128) -> String {
        self.updates
            .iter()
            .rev()
            .find(|(t, _)| *t <= ms)
            .map_or("-".to_string(), |(_, c)| {
                format!("{}/{}/{}", c.exact, c.bound, c.estimate)
            })
    }

    fn first(&self, wanted: impl Fn(&KindCounts) -> bool) -> String {
        self.updates
            .iter()
            .find(|(_, c)| wanted(c))
            .map_or("never".to_string(), |(t, _)| format!("{t} ms"))
    }

    fn row(&self) -> String {
        let cells: Vec<String> = CHECKPOINTS_MS.iter().map(|&ms| self.at(ms)).collect();
        format!(
            "{} | all bounded {} | all exact {} | end {} ms: {}",
            cells.join(" | "),
            self.first(|c| c.estimate == 0),
            self.first(|c| c.estimate == 0 && c.bound == 0),
            self.ended_ms,
            self.at(u128::MAX)
        )
    }
}
