//! Issue 18.16: a series holds no list of its games. A 1,000,000-game `--no-history` run
//! once kept every game (1.17 GB); now each game is handed over, counted and dropped, so
//! the game records alive at once stay within the worker threads plus the short queue of
//! finished games, however long the series. The count is per process, so this test has
//! a test program of its own.

use queens_arena::{ArenaConfig, FINISHED_QUEUE, live_games, run_arena};
use queens_engines::ai::{EngineConfig, EngineKind};
use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;

#[test]
fn a_long_series_holds_only_a_few_games_at_once() {
    let workers = 2;
    let config = ArenaConfig {
        a: EngineConfig::new(EngineKind::MINIMAX, 1),
        b: EngineConfig::new(EngineKind::MINIMAX, 1),
        games: 600,
        size: 3,
        stones: 0,
        seed: 1,
        time_ms: None,
        threads: workers,
        ..ArenaConfig::default()
    };
    let mut peak = 0;
    let mut calls = 0;
    let report = run_arena(
        &config,
        &mut |_, _, _| {
            calls += 1;
            peak = peak.max(live_games());
            ControlFlow::Continue(())
        },
        &AtomicBool::new(false),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((report.games, calls), (600, 600));
    assert_eq!(report.wins + report.draws + report.losses, 600);
    assert_eq!(report.pairs.len(), 300);
    // One game in the caller's hands, the queue full, and one finished per worker
    // waiting to join it.
    let bound = 1 + FINISHED_QUEUE + workers;
    assert!(
        peak <= bound,
        "{peak} games alive at once, at most {bound} expected"
    );
    assert_eq!(live_games(), 0, "every game is dropped once counted");
}
