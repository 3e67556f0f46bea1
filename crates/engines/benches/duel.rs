//! `pvs` against the thesis alpha-beta at equal time per move: `cargo bench --bench duel`
//! prints one markdown row per setting. Every board (random stones of seed k) is played
//! twice with colours swapped; the pair margin is pvs's margin as P1 plus its margin as
//! P2 (each from pvs's side), reported as a mean with a 95% interval.
//!
//! `QUEENS_BENCH_QUICK=1` (or `cargo test --benches`) plays one small pair.

use queens_board::{Board, Player, random_stones};
use queens_engines::ai::strong::{Options, PvsEngine, Table};
use queens_engines::ai::{Engine, EngineConfig, EngineKind, Limits, NoHandler};
use std::time::Duration;

/// Plays one game; returns P1's margin and the mean depth each engine reached (a move
/// searched to the end counts as the free cells left).
fn play(
    board: &Board,
    p1: &mut dyn Engine,
    p2: &mut dyn Engine,
    time: Duration,
) -> (i32, f64, f64) {
    let mut board = board.clone();
    let mut depths = [(0u64, 0u64); 2];
    while !board.is_over() {
        let side = board.side_to_move();
        let engine: &mut dyn Engine = if side == Player::One { p1 } else { p2 };
        let outcome = engine.think(
            &board,
            Limits {
                depth: 225,
                time: Some(time),
            },
            &NoHandler,
        );
        let Some(cell) = outcome.best_move else { break };
        let slot = &mut depths[side.index()];
        slot.0 += u64::from(outcome.depth.min(board.free().count()));
        slot.1 += 1;
        if board.play(cell).is_err() {
            panic!("illegal move {cell} in {board:?}");
        }
    }
    let margin = board.score(Player::One) as i32 - board.score(Player::Two) as i32;
    let mean = |(sum, count): (u64, u64)| sum as f64 / count.max(1) as f64;
    (margin, mean(depths[0]), mean(depths[1]))
}

fn main() {
    let quick = std::env::var_os("QUEENS_BENCH_QUICK").is_some()
        || !std::env::args().any(|arg| arg == "--bench");
    let settings: Vec<(u8, usize, u64, usize)> = if quick {
        vec![(6, 2, 20, 1)]
    } else {
        vec![
            (8, 0, 100, 6),
            (8, 6, 100, 6),
            (11, 0, 100, 4),
            (11, 12, 100, 4),
            (15, 20, 100, 3),
            (8, 6, 1000, 3),
        ]
    };
    println!(
        "| Board | Stones | ms/move | Pairs | pvs pair margin (mean ± 95%) | pvs depth | alphabeta depth | "
    );
    println!("|---|---:|---:|---:|---|---:|---:|");
    for (size, stones, ms, pairs) in settings {
        let time = Duration::from_millis(ms);
        let mut pair_margins = Vec::new();
        let (mut pvs_depth, mut ab_depth) = (0.0, 0.0);
        for seed in 1..=pairs as u64 {
            let Ok(board) = Board::new(size, &random_stones(size, stones, seed)) else {
                continue;
            };
            let mut pvs = PvsEngine::with_table(Table::with_mb(64), 1, Options::default());
            let mut thesis = EngineConfig::new(EngineKind::ALPHABETA, 1).build();
            let (as_p1, d1, t1) = play(&board, &mut pvs, thesis.as_mut(), time);
            let mut pvs = PvsEngine::with_table(Table::with_mb(64), 1, Options::default());
            let (p1_margin, t2, d2) = play(&board, thesis.as_mut(), &mut pvs, time);
            pair_margins.push(f64::from(as_p1 - p1_margin));
            pvs_depth += (d1 + d2) / 2.0;
            ab_depth += (t1 + t2) / 2.0;
        }
        let count = pair_margins.len() as f64;
        let mean = pair_margins.iter().sum::<f64>() / count;
        let variance =
            pair_margins.iter().map(|m| (m - mean).powi(2)).sum::<f64>() / (count - 1.0).max(1.0);
        let half = 1.96 * (variance / count).sqrt();
        println!(
            "| {size}x{size} | {stones} | {ms} | {} | {mean:+.1} ± {half:.1} | {:.1} | {:.1} |",
            pair_margins.len(),
            pvs_depth / count,
            ab_depth / count
        );
    }
}
