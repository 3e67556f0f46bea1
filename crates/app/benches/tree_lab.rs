//! The Tree Lab's costs on its largest trees: `cargo bench --bench tree_lab` prints a
//! markdown table to stdout.
//!
//! What must stay fast for the window to feel instant: tracing a whole tree (done on every
//! load, option change and leaf edit) and replaying the trace to a cursor (done on every
//! step, forwards or backwards). Timed directly, best of several runs, as the search bench
//! does (no criterion: the machine is shared and the figures are large).

use queens_app::tree_lab::LabModel;
use queens_engines::ai::tree::lab::{ChildOrder, LabAlgorithm, LabOptions, trace};
use queens_engines::ai::tree::random::{RandomSpec, random_tree};
use queens_engines::ai::tree::{RootKind, Tree};
use std::hint::black_box;
use std::time::Instant;

/// Best wall time of `runs` calls of `work`, in microseconds.
fn best_us(runs: u32, mut work: impl FnMut()) -> f64 {
    (0..runs)
        .map(|_| {
            let start = Instant::now();
            work();
            start.elapsed().as_secs_f64() * 1e6
        })
        .fold(f64::INFINITY, f64::min)
}

fn main() {
    let quick = std::env::var_os("QUEENS_BENCH_QUICK").is_some()
        || !std::env::args().any(|arg| arg == "--bench");
    let runs = if quick { 2 } else { 20 };
    let specs = [(3, 3), (5, 4), (4, 8), (6, 4), (12, 2), (3, 16)];
    println!(
        "| tree | leaves | algorithm | steps | evaluations | trace (µs) | replay to end (µs) | back then forward at the end (µs) |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for (depth, branching) in specs {
        let spec = RandomSpec {
            depth,
            branching,
            low: -99,
            high: 99,
            seed: 7,
        };
        let Ok(tree) = random_tree(spec) else {
            eprintln!("{depth}x{branching}: not a valid random tree");
            continue;
        };
        for algorithm in LabAlgorithm::ALL {
            let options = LabOptions {
                root: RootKind::Max,
                algorithm,
                order: ChildOrder::LeftToRight,
            };
            let traced = trace(&tree, options);
            let trace_us = best_us(runs, || {
                black_box(trace(black_box(&tree), options));
            });
            let mut model = LabModel::new(Tree::clone(&tree), options);
            let end = model.steps();
            let replay_us = best_us(runs, || {
                model.go_to(0);
                model.go_to(end);
            });
            let back_us = best_us(runs, || {
                // Two replays: one step back, one forward.
                model.go_to(end - 1);
                model.go_to(end);
            });
            println!(
                "| depth {depth}, branching {branching} | {} | {algorithm:?} | {} | {} | {trace_us:.0} | {replay_us:.0} | {back_us:.0} |",
                tree.leaf_count(),
                traced.steps.len(),
                traced.evaluations,
            );
        }
    }
}
