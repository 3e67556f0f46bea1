//! Cells given away against perfect play: `cargo bench --bench perfect_play` prints one
//! markdown row per board and engine.
//!
//! Each engine plays both sides of a game (one thread, a fixed time per move) on boards
//! small enough for the exact solver to finish every position at once. Before and after
//! each move the solver gives the margin with best play; the mover gave away the drop of
//! that margin from its own side (0 for a best move). The row gives, per game, the cells
//! the engine gave away in all (both sides' moves) and the share of its moves that lost
//! nothing.
//!
//! `QUEENS_BENCH_QUICK=1` (or `cargo test --benches`) plays one small game per engine.

use queens_board::{Board, Player, random_stones};
use queens_engines::ai::strong::{SolveSettings, solve_board};
use queens_engines::ai::{Engine, EngineConfig, EngineKind, Limits, NoHandler};
use std::time::Duration;

/// The solver's table for each position (MiB): these boards store a few thousand entries.
const SOLVER_HASH_MB: usize = 16;

/// P1's final margin with perfect play from `board`.
fn perfect_margin(board: &Board) -> i32 {
    let result = solve_board(board, SolveSettings::default(), SOLVER_HASH_MB);
    match result.margin {
        Some(margin) if result.solved => margin,
        _ => panic!("the solver did not finish {board:?}"),
    }
}

/// What one self-played game cost its engine.
struct GameLoss {
    cells: u32,
    moves: u32,
    perfect_moves: u32,
}

/// Plays `board` to the end with `engine` on both sides, `time` per move, and measures
/// each move against the solver.
fn self_play(board: &Board, engine: &mut dyn Engine, time: Duration) -> GameLoss {
    let mut board = board.clone();
    let mut loss = GameLoss {
        cells: 0,
        moves: 0,
        perfect_moves: 0,
    };
    let mut before = perfect_margin(&board);
    while !board.is_over() {
        let mover = board.side_to_move();
        let limits = Limits {
            depth: 225,
            time: Some(time),
        };
        let Some(cell) = engine.think(&board, limits, &NoHandler).best_move else {
            panic!("no move in {board:?}");
        };
        if let Err(error) = board.play(cell) {
            panic!("illegal move {cell} in {board:?}: {error}");
        }
        let after = perfect_margin(&board);
        let drop = match mover {
            Player::One => before - after,
            Player::Two => after - before,
        };
        assert!(drop >= 0, "a move gained on perfect play: {board:?}");
        loss.cells += drop as u32;
        loss.moves += 1;
        loss.perfect_moves += u32::from(drop == 0);
        before = after;
    }
    loss
}

fn main() {
    let quick = std::env::var_os("QUEENS_BENCH_QUICK").is_some()
        || !std::env::args().any(|arg| arg == "--bench");
    // (size, stones, games) at each time per move.
    let (boards, times): (Vec<(u8, usize, u64)>, Vec<u64>) = if quick {
        (vec![(6, 3, 1)], vec![20])
    } else {
        (
            vec![
                (6, 4, 40),
                (8, 6, 40),
                (10, 0, 10),
                (10, 10, 40),
                (10, 20, 40),
            ],
            // 100 ms is the goal's setting; 10 ms shows what a tenth of it costs.
            vec![100, 10],
        )
    };
    println!(
        "| Board | Stones | ms/move | Engine | Games | Cells given away per game (mean, max) | Moves losing nothing |"
    );
    println!("|---|---:|---:|---|---:|---|---:|");
    for ms in times {
        let time = Duration::from_millis(ms);
        for &(size, stones, games) in &boards {
            for kind in [EngineKind::PVS, EngineKind::ALPHABETA] {
                let mut config = EngineConfig::new(kind, 225);
                config.threads = 1;
                config.hash_mb = 64;
                let (mut cells, mut worst, mut moves, mut perfect, mut played) = (0, 0, 0, 0, 0);
                for seed in 1..=games {
                    let Ok(board) = Board::new(size, &random_stones(size, stones, seed)) else {
                        continue;
                    };
                    // A fresh engine per game, as a new game in the window starts one.
                    let mut engine = config.build();
                    let game = self_play(&board, engine.as_mut(), time);
                    cells += game.cells;
                    worst = worst.max(game.cells);
                    moves += game.moves;
                    perfect += game.perfect_moves;
                    played += 1;
                }
                println!(
                    "| {size}x{size} | {stones} | {ms} | {} | {played} | {:.2}, {worst} | {:.1}% |",
                    kind.name(),
                    f64::from(cells) / f64::from(played.max(1)),
                    100.0 * f64::from(perfect) / f64::from(moves.max(1)),
                );
            }
        }
    }
}
