//! The engine's speed on fixed positions, measured by one function wherever the program
//! runs: natively (`cargo bench --bench speed`) and in a browser (the web build's
//! `bench.html`, scripts/web-bench.sh), so that the two compare as a ratio of times on
//! the same work (issue 29.5: the browser within 2x of native single-thread speed).
//!
//! The work: the search benchmark's fingerprint (alpha-beta depth 4 and minimax depth 3
//! on the 8x8 board with 6 stones, `crates/engines/benches/search.rs`), alpha-beta deeper on 8x8 and on
//! 15x15 with 20 stones, and four 15x15 boards with 8 stones solved from the first move
//! on one thread, their tables' setup timed apart (a browser sets up 64 MiB far slower
//! than a native program, whose pages are only touched by the search). Node counts are the same on every platform (a different count is a
//! different search, and is reported); only the times differ.

use super::strong::{SolveProgress, SolveSettings, solve, table_for_board};
use super::{Limits, Method, NoHandler, search_board};
use queens_board::{Board, random_stones};
use serde::Serialize;
use web_time::Instant;

/// One measured piece of work.
#[derive(Clone, Debug, Serialize)]
pub struct SpeedRow {
    /// What was searched.
    pub name: &'static str,
    /// Nodes visited (the same on every platform).
    pub nodes: u64,
    /// The value found (the same on every platform).
    pub value: i32,
    /// Wall time of one run, in milliseconds (a search: the fastest batch's time per run).
    pub millis: f64,
}

/// The fingerprint position of `crates/engines/benches/search.rs`.
const FINGERPRINT: &str = "size=8 stones=b1,g1,a2,b4,f5,e7";

/// The least time of one batch of a search's runs, in milliseconds.
const BATCH_MILLIS: f64 = 200.0;

/// The table of the solve, in MiB.
const SOLVE_HASH_MB: usize = 64;

/// Runs every piece of work (`repeats` times each for the searches, once for the
/// solve) and returns the rows. Takes a few seconds natively.
pub fn measure(repeats: usize) -> Vec<SpeedRow> {
    let mut rows = Vec::new();
    let Some(board_15) = board_15() else {
        return rows;
    };
    let searches: [(&'static str, String, Method, u32); 4] = [
        (
            "alpha-beta d4, 8x8 6 stones (fingerprint)",
            FINGERPRINT.to_owned(),
            Method::AlphaBeta,
            4,
        ),
        (
            "minimax d3, 8x8 6 stones (perft)",
            FINGERPRINT.to_owned(),
            Method::Minimax,
            3,
        ),
        (
            "alpha-beta d6, 8x8 6 stones",
            FINGERPRINT.to_owned(),
            Method::AlphaBeta,
            6,
        ),
        (
            "alpha-beta d3, 15x15 20 stones",
            board_15.game_string(),
            Method::AlphaBeta,
            3,
        ),
    ];
    for (name, position, method, depth) in searches {
        let Ok(board) = Board::from_game_string(&position) else {
            continue;
        };
        // A batch of runs long enough for a browser's coarse clock (its
        // performance.now() is rounded to 0.1 ms without cross-origin isolation):
        // `repeats` batches of at least BATCH_MILLIS each, the fastest batch's time per run.
        let mut best = f64::INFINITY;
        let mut nodes = 0;
        let mut value = 0;
        for _ in 0..repeats.max(1) {
            let start = Instant::now();
            let mut runs = 0u32;
            while runs == 0 || start.elapsed().as_secs_f64() * 1000.0 < BATCH_MILLIS {
                let outcome = search_board(&board, method, Limits::depth(depth));
                nodes = outcome.stats.nodes;
                value = outcome.value.0;
                runs += 1;
            }
            best = best.min(start.elapsed().as_secs_f64() * 1000.0 / f64::from(runs));
        }
        rows.push(SpeedRow {
            name,
            nodes,
            value,
            millis: best,
        });
    }
    rows.extend(solve_15());
    rows
}

/// The 15x15 board with 20 random stones of seed 1 (the search benchmark's).
fn board_15() -> Option<Board> {
    Board::new(15, &random_stones(15, 20, 1)).ok()
}

/// The seeds of the solved boards (15x15, [`SOLVE_STONES`] random stones each): the
/// solver proves one in about 0.1 s natively, so four measure the search rather than
/// the clock.
const SOLVE_SEEDS: std::ops::RangeInclusive<u64> = 1..=4;

/// The stones of each solved board.
const SOLVE_STONES: usize = 8;

/// The boards of [`SOLVE_SEEDS`] solved from the first move on one thread, each with a
/// table of its own: two rows, the solves (the table ready: the sum of their margins as
/// the value) and the tables' setup.
fn solve_15() -> [SpeedRow; 2] {
    let (mut setup, mut search) = (0.0, 0.0);
    let (mut nodes, mut value, mut tables) = (0, 0, 0);
    for seed in SOLVE_SEEDS {
        let Ok(board) = Board::new(15, &random_stones(15, SOLVE_STONES, seed)) else {
            continue;
        };
        let start = Instant::now();
        let Ok(table) = table_for_board(&board, SOLVE_HASH_MB) else {
            continue;
        };
        setup += start.elapsed().as_secs_f64() * 1000.0;
        tables += 1;
        let start = Instant::now();
        let result = solve(
            &board,
            &table,
            SolveSettings::default(),
            &NoHandler,
            &SolveProgress::default(),
        );
        search += start.elapsed().as_secs_f64() * 1000.0;
        nodes += result.nodes;
        value += result.margin.unwrap_or(i32::MIN / 8);
    }
    [
        SpeedRow {
            name: "solve 15x15 8 stones x4 (seeds 1-4), first move, 1 thread, table ready",
            nodes,
            value,
            millis: search,
        },
        SpeedRow {
            name: "the solves' tables: 4 x 64 MiB set up",
            nodes: 0,
            value: tables,
            millis: setup,
        },
    ]
}
