//! Time limits are limits: `cargo bench --bench time_limits` runs the real `queens`
//! binary (`bestmove --algo pvs` on the empty 15x15 board) with time limits from 100 ms
//! to 10 s, with a large table and with far more threads than cores, and prints a
//! markdown table of the wall time of the whole process against the limit.
//!
//! The setup (the table, the threads) is part of the limit since issue 18.7: before,
//! `--time-ms 100 --hash 3072` took 8.8 s of wall time and `--threads 1024` turned
//! 500 ms into 5.5 s. `QUEENS_BENCH_QUICK=1` (or `cargo test --benches`) runs 100 ms only.

use std::process::Command;
use std::time::Instant;

fn main() {
    let quick = std::env::var_os("QUEENS_BENCH_QUICK").is_some()
        || !std::env::args().any(|arg| arg == "--bench");
    let limits: &[u64] = if quick {
        &[100]
    } else {
        &[100, 300, 1000, 3000, 10_000]
    };
    let setups: [(&str, &[&str]); 3] = [
        ("default (256 MiB, one thread per core)", &[]),
        ("--hash 3072", &["--hash", "3072"]),
        ("--threads 1024", &["--threads", "1024"]),
    ];
    println!("| Setup | Limit (ms) | Wall (ms) | Wall / limit | Reported time_ms | Depth |");
    println!("|---|---:|---:|---:|---:|---:|");
    for (name, extra) in setups {
        for &limit in limits {
            let limit_text = limit.to_string();
            let mut args = vec![
                "bestmove",
                "--size",
                "15",
                "--algo",
                "pvs",
                "--time-ms",
                &limit_text,
            ];
            args.extend_from_slice(extra);
            let start = Instant::now();
            let output = Command::new(env!("CARGO_BIN_EXE_queens"))
                .args(&args)
                .output()
                .unwrap_or_else(|e| panic!("queens: {e}"));
            let wall = start.elapsed().as_millis();
            assert!(output.status.success(), "{args:?}: {output:?}");
            let answer: serde_json::Value =
                serde_json::from_slice(&output.stdout).unwrap_or_else(|e| panic!("{args:?}: {e}"));
            println!(
                "| {name} | {limit} | {wall} | {:.2} | {} | {} |",
                wall as f64 / limit as f64,
                answer["time_ms"],
                answer["depth"]
            );
        }
    }
}
