//! The solver benchmark: `cargo bench --bench solve` prints markdown tables to stdout.
//!
//! 1. the solved-board table: every empty board 3x3..15x15 and the 15x15 board with 20
//!    stones, one thread, the default table;
//! 2. one line per technique: the same positions solved with one switch changed, as
//!    time and node ratios against the default from the same run;
//! 3. the thread speed-up: time to solve with 1 and 2 threads.
//!
//! `QUEENS_BENCH_QUICK=1` (or `cargo test --benches`) is a smoke run on small boards.
//! `QUEENS_BENCH_VARIANTS=TEXT` runs only section 2, with the default row and the rows
//! whose label contains TEXT (e.g. `history`): one technique re-measured in minutes.
//! `QUEENS_BENCH_PROOF=1` runs only the proof section (issue 21.1): ten 15x15 boards
//! with 20 random stones (seeds 1..10) solved from the first move on two threads: the
//! default, without the gain bounds, and with plain bisection of the whole range.
//! `QUEENS_BENCH_GRID=1` runs only the dense-board grid (issue 33.1): sizes 11..15, stone
//! counts 0, 20, ..., 160 up to (N-2)^2, seeds 11, 12, 13, each solved from the first move
//! on one thread with a time limit per solve (`QUEENS_BENCH_GRID_MS`, default 5000), by
//! the default and by the solver before the greedy bounds and shapes (8f9e99f's
//! switches), in one run.
//! `QUEENS_BENCH_GRID_SIZES=15` and `QUEENS_BENCH_GRID_STONES=40,80` (comma lists) keep
//! only those sizes and stone counts; `QUEENS_BENCH_GRID_VS=before33` puts the solver
//! before issue 33 (no tokens) in the second column, `noshapes` or `nogreedy` the
//! default without that switch, `QUEENS_BENCH_GRID_VS=etcK` the
//! default with enhanced transposition cutoffs at nodes of at least K free cells,
//! `QUEENS_BENCH_GRID_TOKENS_BELOW=K` the default with tokens only at nodes of at most K
//! free cells.
//! `QUEENS_BENCH_ALL_MOVES=1` runs only the every-move section (issue 33.2): `solve
//! --all-moves` on 15x15 boards with 20 random stones (seeds `QUEENS_BENCH_ALL_MOVES_SEEDS`,
//! a comma list, default 11), one thread: `--exact-within K` (`QUEENS_BENCH_ALL_MOVES_WITHIN`,
//! default 0; the position's solve counted in) against every move solved exactly, in one
//! run; moves within K must agree, the others be proved to lose more than K.
//! The machine is shared: compare ratios from one run, not figures across runs.

use queens_board::Board;
use queens_engines::ai::strong::{
    DEFAULT_HASH_MB, MoveValue, Options, PvsEngine, SolveProgress, SolveResult, SolveSettings,
    Table, solve, solve_every_move, value_every_move_within,
};
use queens_engines::ai::{Engine, Limits, NoHandler};

/// `random_stones(15, 20, 1)`, the stones of the search benchmark.
const STONES_15: &str = "d1,i1,d2,k2,a3,k4,o5,i7,c8,m8,g9,f10,m10,o11,k12,n13,o13,i15,m15,o15";

fn board(text: &str) -> Board {
    Board::from_game_string(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn run(board: &Board, settings: SolveSettings, hash_mb: usize) -> (SolveResult, usize) {
    let table = Table::with_mb(hash_mb);
    let result = solve(
        board,
        &table,
        settings,
        &NoHandler,
        &SolveProgress::default(),
    );
    assert!(result.solved, "{board:?} not solved");
    (result, table.bytes())
}

fn secs(result: &SolveResult) -> f64 {
    result.elapsed.as_secs_f64()
}

fn main() {
    let quick = std::env::var_os("QUEENS_BENCH_QUICK").is_some()
        || !std::env::args().any(|arg| arg == "--bench");
    let sizes: Vec<u8> = if quick {
        (3..=9).collect()
    } else {
        (3..=15).collect()
    };
    let base = SolveSettings::default();
    if std::env::var_os("QUEENS_BENCH_PROOF").is_some() {
        proof_boards(quick);
        return;
    }
    if std::env::var_os("QUEENS_BENCH_ALL_MOVES").is_some() {
        all_moves(quick);
        return;
    }
    if std::env::var_os("QUEENS_BENCH_GRID").is_some() {
        grid(quick);
        return;
    }
    let only = std::env::var("QUEENS_BENCH_VARIANTS").ok();
    if only.is_none() {
        solved_boards(&sizes, quick, base);
    }
    techniques(quick, base, only.as_deref());
    if only.is_none() {
        threads_section(quick);
    }
}

/// Section 1: the solved boards.
fn solved_boards(sizes: &[u8], quick: bool, base: SolveSettings) {
    println!("## Solved boards (1 thread, {DEFAULT_HASH_MB} MiB table)\n");
    println!("| Board | Margin | Best first move | Nodes | Time (s) | Threads | Table (MiB) |");
    println!("|---|---:|---|---:|---:|---:|---:|");
    let mut positions: Vec<(String, String)> = sizes
        .iter()
        .map(|n| (format!("{n}x{n} empty"), format!("size={n}")))
        .collect();
    if !quick {
        positions.push((
            "15x15, 20 stones".into(),
            format!("size=15 stones={STONES_15}"),
        ));
        positions.push((
            "15x15, 20 stones, after h11".into(),
            format!("size=15 stones={STONES_15} moves=h11"),
        ));
    }
    for (name, text) in &positions {
        let (result, bytes) = run(&board(text), base, DEFAULT_HASH_MB);
        println!(
            "| {name} | {} | {} | {} | {:.3} | 1 | {} |",
            result.margin.unwrap_or_default(),
            result.best_move.map_or("-".to_string(), |c| c.to_string()),
            result.nodes,
            secs(&result),
            bytes >> 20
        );
    }
}

/// Section 2: one line per technique (only the default and the rows matching `only`).
fn techniques(quick: bool, base: SolveSettings, only: Option<&str>) {
    let probes: Vec<(String, String)> = if quick {
        vec![
            ("8x8 empty".into(), "size=8".into()),
            ("9x9 empty".into(), "size=9".into()),
        ]
    } else {
        vec![
            ("13x13 empty".into(), "size=13".into()),
            ("14x14 empty".into(), "size=14".into()),
            (
                "15x15, 20 stones, after h11".into(),
                format!("size=15 stones={STONES_15} moves=h11"),
            ),
        ]
    };
    let with = |options: Options| SolveSettings { options, ..base };
    let o = base.options;
    let variants: Vec<(&str, SolveSettings, usize)> = vec![
        (
            "default (history, staged table move, symmetry to ply 2, estimate depth 4)",
            base,
            DEFAULT_HASH_MB,
        ),
        (
            "no history/killers (gain, then cell order)",
            with(Options {
                history: false,
                ..o
            }),
            DEFAULT_HASH_MB,
        ),
        (
            "no gain bounds (2*max_gain - n and the reply bound, before the table)",
            with(Options {
                gain_bound: false,
                ..o
            }),
            DEFAULT_HASH_MB,
        ),
        (
            "no PVS (full windows inside the null-window probes)",
            with(Options { pvs: false, ..o }),
            DEFAULT_HASH_MB,
        ),
        (
            "ETC at nodes with >= 40 free cells",
            with(Options {
                etc_min_free: 40,
                ..o
            }),
            DEFAULT_HASH_MB,
        ),
        (
            "table move not staged (generate all first)",
            with(Options { staged: false, ..o }),
            DEFAULT_HASH_MB,
        ),
        (
            "symmetry at the root only",
            with(Options { sym_plies: 0, ..o }),
            DEFAULT_HASH_MB,
        ),
        (
            "symmetry to ply 1",
            with(Options { sym_plies: 1, ..o }),
            DEFAULT_HASH_MB,
        ),
        (
            "symmetry to ply 4",
            with(Options { sym_plies: 4, ..o }),
            DEFAULT_HASH_MB,
        ),
        (
            "no symmetry at all",
            SolveSettings {
                root_symmetry: false,
                options: Options { sym_plies: 0, ..o },
                ..base
            },
            DEFAULT_HASH_MB,
        ),
        (
            "estimate: none (bisection of the whole range)",
            SolveSettings {
                guess_depth: 0,
                ..base
            },
            DEFAULT_HASH_MB,
        ),
        (
            "estimate: depth 2",
            SolveSettings {
                guess_depth: 2,
                ..base
            },
            DEFAULT_HASH_MB,
        ),
        (
            "estimate: depth 6",
            SolveSettings {
                guess_depth: 6,
                ..base
            },
            DEFAULT_HASH_MB,
        ),
        ("table 16 MiB", base, 16),
        ("table 1024 MiB", base, 1024),
        (
            "2 threads (Lazy SMP)",
            SolveSettings { threads: 2, ..base },
            DEFAULT_HASH_MB,
        ),
    ];
    let variants: Vec<_> = variants
        .into_iter()
        .enumerate()
        .filter(|(index, (label, _, _))| {
            *index == 0 || only.is_none_or(|text| label.contains(text))
        })
        .map(|(_, variant)| variant)
        .collect();
    println!("\n## Solver techniques (time and nodes relative to the default, same run)\n");
    print!("| Variant |");
    for (name, _) in &probes {
        print!(" {name}: time (s), x default, nodes x |");
    }
    println!();
    println!("|---|{}", "---|".repeat(probes.len()));
    let mut defaults = Vec::new();
    for (label, settings, hash) in &variants {
        print!("| {label} |");
        for (index, (_, text)) in probes.iter().enumerate() {
            let (result, _) = run(&board(text), *settings, *hash);
            if defaults.len() <= index {
                defaults.push((secs(&result), result.nodes as f64));
            }
            let (time0, nodes0) = defaults[index];
            print!(
                " {:.2}, {:.2}, {:.2} |",
                secs(&result),
                secs(&result) / time0,
                result.nodes as f64 / nodes0
            );
        }
        println!();
    }
}

/// Time to solve and `pvs` time to depth with 1 and 2 threads.
fn threads_section(quick: bool) {
    println!("\n## Threads (Lazy SMP): 1 vs 2\n");
    println!("| Task | 1 thread (s) | 2 threads (s) | Speed-up | Nodes 1 | Nodes 2 |");
    println!("|---|---:|---:|---:|---:|---:|");
    let solves: Vec<(&str, String)> = if quick {
        vec![("solve 9x9 empty", "size=9".into())]
    } else {
        vec![
            ("solve 14x14 empty", "size=14".into()),
            ("solve 15x15 empty", "size=15".into()),
            (
                "solve 15x15, 20 stones, after h11",
                format!("size=15 stones={STONES_15} moves=h11"),
            ),
        ]
    };
    for (name, text) in &solves {
        let one = run(&board(text), SolveSettings::default(), DEFAULT_HASH_MB).0;
        let two = run(
            &board(text),
            SolveSettings {
                threads: 2,
                ..SolveSettings::default()
            },
            DEFAULT_HASH_MB,
        )
        .0;
        println!(
            "| {name} | {:.2} | {:.2} | {:.2} | {} | {} |",
            secs(&one),
            secs(&two),
            secs(&one) / secs(&two),
            one.nodes,
            two.nodes
        );
    }
    let depth = if quick { 4 } else { 6 };
    for (name, text) in [
        ("15x15 empty", "size=15".to_string()),
        ("15x15, 20 stones", format!("size=15 stones={STONES_15}")),
    ] {
        let mut times = Vec::new();
        for threads in [1, 2] {
            let mut engine =
                PvsEngine::with_table(Table::with_mb(DEFAULT_HASH_MB), threads, Options::default());
            let start = std::time::Instant::now();
            let outcome = engine.think(&board(&text), Limits::depth(depth), &NoHandler);
            times.push((start.elapsed().as_secs_f64(), outcome.stats.nodes));
        }
        println!(
            "| pvs to depth {depth}, {name} | {:.2} | {:.2} | {:.2} | {} | {} |",
            times[0].0,
            times[1].0,
            times[0].0 / times[1].0,
            times[0].1,
            times[1].1
        );
    }
}

/// The proof section: 15x15 boards with 20 random stones from the first move, 2 threads.
fn proof_boards(quick: bool) {
    let (size, stones, seeds) = if quick {
        (9, 8, 1..=3)
    } else {
        (15, 20, 1..=10)
    };
    println!("## Proof from the first move ({size}x{size}, {stones} random stones, 2 threads)\n");
    println!(
        "| Seed | Margin | Nodes | Time (s) | No gain bounds: nodes | time (s) | Bisection: nodes | time (s) |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|");
    let mut totals = [0.0; 3];
    for seed in seeds {
        // As `queens solve --size 15 --random-stones 20 --seed S` sets it up.
        let Ok(board) = Board::new(size, &queens_board::random_stones(size, stones, seed)) else {
            continue;
        };
        let two = SolveSettings {
            threads: 2,
            ..SolveSettings::default()
        };
        let unbounded = SolveSettings {
            options: Options {
                gain_bound: false,
                ..two.options
            },
            ..two
        };
        let bisection = SolveSettings {
            guess_depth: 0,
            ..two
        };
        let results: Vec<SolveResult> = [two, unbounded, bisection]
            .into_iter()
            .map(|settings| run(&board, settings, DEFAULT_HASH_MB).0)
            .collect();
        for (total, result) in totals.iter_mut().zip(&results) {
            assert_eq!(result.margin, results[0].margin, "seed {seed}");
            *total += secs(result);
        }
        println!(
            "| {seed} | {} | {} |",
            results[0].margin.unwrap_or_default(),
            results
                .iter()
                .map(|r| format!("{} | {:.2}", r.nodes, secs(r)))
                .collect::<Vec<_>>()
                .join(" | ")
        );
    }
    println!(
        "\nTotal: {:.1} s; without the gain bounds {:.1} s; with bisection {:.1} s.",
        totals[0], totals[1], totals[2]
    );
}

/// The switches of the solver before issue 33: the "before" column of the grid.
fn before_33() -> SolveSettings {
    SolveSettings {
        options: Options {
            tokens: false,
            shapes: false,
            greedy_bound: false,
            ..Options::default()
        },
        ..SolveSettings::default()
    }
}

/// The default without shapes and the greedy bounds: the solver before them (issue
/// 33.1, main at 8f9e99f), the grid's "before" column.
fn before_greedy() -> SolveSettings {
    SolveSettings {
        options: Options {
            shapes: false,
            greedy_bound: false,
            ..Options::default()
        },
        ..SolveSettings::default()
    }
}

/// A comma list of numbers from the environment variable `name`, if set.
fn env_list<T: std::str::FromStr>(name: &str) -> Option<Vec<T>> {
    std::env::var(name).ok().map(|text| {
        text.split(',')
            .filter_map(|s| s.trim().parse().ok())
            .collect()
    })
}

/// The grid's second column and its label, from `QUEENS_BENCH_GRID_VS` and
/// `QUEENS_BENCH_GRID_TOKENS_BELOW` (the solver before the greedy bounds and shapes when
/// neither is set).
fn grid_other() -> (SolveSettings, String) {
    let vs = std::env::var("QUEENS_BENCH_GRID_VS").unwrap_or_default();
    let below: Option<u32> = std::env::var("QUEENS_BENCH_GRID_TOKENS_BELOW")
        .ok()
        .and_then(|text| text.parse().ok());
    let with = |options: Options| SolveSettings {
        options,
        ..SolveSettings::default()
    };
    if let Some(below) = below {
        let other = with(Options {
            tokens_below: below,
            ..Options::default()
        });
        return (other, format!("Tokens below {below} free cells"));
    }
    if vs == "before33" {
        return (before_33(), "Before issue 33".to_string());
    }
    if vs == "noshapes" {
        let other = with(Options {
            shapes: false,
            ..Options::default()
        });
        return (other, "Without shapes".to_string());
    }
    if vs == "nogreedy" {
        let other = with(Options {
            greedy_bound: false,
            ..Options::default()
        });
        return (other, "Without the greedy bounds".to_string());
    }
    if let Some(k) = vs.strip_prefix("etc").and_then(|k| k.parse().ok()) {
        let other = with(Options {
            etc_min_free: k,
            ..Options::default()
        });
        return (other, format!("ETC from {k} free cells"));
    }
    (before_greedy(), "Before (8f9e99f)".to_string())
}

/// One grid solve, within `limit`: its cell of the table (time and nodes when solved,
/// else the margin's bounds), its time and nodes, and whether it solved.
fn grid_solve(board: &Board, settings: SolveSettings, limit: std::time::Duration) -> SolveResult {
    let table = Table::with_mb(DEFAULT_HASH_MB);
    solve(
        board,
        &table,
        SolveSettings {
            time: Some(limit),
            ..settings
        },
        &NoHandler,
        &SolveProgress::default(),
    )
}

fn grid_cell(result: &SolveResult) -> String {
    if result.solved {
        format!("{:.2} s, {} nodes", secs(result), result.nodes)
    } else {
        format!(
            "not solved ({}..{}), {} nodes",
            result.lower, result.upper, result.nodes
        )
    }
}

/// The dense-board grid (issue 33.1): every size and stone count, three seeds, the
/// default against another solver ([`grid_other`]), one thread, a time limit per solve.
fn grid(quick: bool) {
    let limit_ms: u64 = std::env::var("QUEENS_BENCH_GRID_MS")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(if quick { 500 } else { 5000 });
    let limit = std::time::Duration::from_millis(limit_ms);
    let only: Option<Vec<u8>> = env_list("QUEENS_BENCH_GRID_SIZES");
    let only_stones: Option<Vec<usize>> = env_list("QUEENS_BENCH_GRID_STONES");
    let (sizes, step) = if quick { (7..=9, 10) } else { (11..=15, 20) };
    let (other, label) = grid_other();
    println!(
        "## Dense boards from the first move (1 thread, {DEFAULT_HASH_MB} MiB table, {limit_ms} ms per solve)\n"
    );
    println!("| Board | Seed | Free | Margin | Default | {label} | Time x | Nodes x |");
    println!("|---|---:|---:|---:|---|---|---:|---:|");
    let (mut solved, mut solved_before, mut total) = (0, 0, 0);
    let (mut worst, mut worst_before) = (0.0f64, 0.0f64);
    for size in sizes {
        if only.as_ref().is_some_and(|sizes| !sizes.contains(&size)) {
            continue;
        }
        let most = usize::from(size - 2).pow(2);
        let stone_counts = (0..=160).step_by(step).filter(|&m| m <= most);
        for stones in stone_counts.filter(|m| only_stones.as_ref().is_none_or(|o| o.contains(m))) {
            for seed in 11..=13u64 {
                let Ok(board) = Board::new(size, &queens_board::random_stones(size, stones, seed))
                else {
                    continue;
                };
                let now = grid_solve(&board, SolveSettings::default(), limit);
                let before = grid_solve(&board, other, limit);
                if now.solved && before.solved {
                    assert_eq!(now.margin, before.margin, "{size}x{size} {stones} {seed}");
                }
                total += 1;
                solved += usize::from(now.solved);
                solved_before += usize::from(before.solved);
                worst = worst.max(secs(&now));
                worst_before = worst_before.max(secs(&before));
                let margin = now.margin.or(before.margin);
                println!(
                    "| {size}x{size}, {stones} stones | {seed} | {} | {} | {} | {} | {:.2} | {:.2} |",
                    board.free().count(),
                    margin.map_or("-".to_string(), |m| m.to_string()),
                    grid_cell(&now),
                    grid_cell(&before),
                    secs(&now) / secs(&before).max(1e-6),
                    now.nodes as f64 / (before.nodes as f64).max(1.0),
                );
            }
        }
    }
    println!(
        "\nSolved within {limit_ms} ms: {solved} of {total} ({label}: {solved_before}); \
         longest solve or limit {worst:.2} s ({label}: {worst_before:.2} s)."
    );
}

/// Every move's exact value, timed: (values, nodes, seconds).
fn every_move_run(board: &Board) -> (Vec<MoveValue>, u64, f64) {
    let table = Table::with_mb(DEFAULT_HASH_MB);
    let start = std::time::Instant::now();
    let values = solve_every_move(board, &table, SolveSettings::default(), &NoHandler, |_| {});
    let secs = start.elapsed().as_secs_f64();
    assert!(values.iter().all(MoveValue::solved), "{board:?} not solved");
    (values.clone(), values.iter().map(|v| v.nodes).sum(), secs)
}

/// Every move valued within `k` cells of the best (the position's solve first), timed:
/// (values, position's margin, nodes with the position's solve, seconds).
fn within_run(board: &Board, k: u32) -> (Vec<MoveValue>, i32, u64, f64) {
    let table = Table::with_mb(DEFAULT_HASH_MB);
    let start = std::time::Instant::now();
    let (values, root) = value_every_move_within(
        board,
        &table,
        SolveSettings::default(),
        &NoHandler,
        k,
        |_| {},
    );
    let secs = start.elapsed().as_secs_f64();
    let root = root.unwrap_or_else(|| panic!("{board:?}: no position"));
    let margin = root
        .margin
        .unwrap_or_else(|| panic!("{board:?} not solved"));
    let nodes = root.nodes + values.iter().map(|v| v.nodes).sum::<u64>();
    (values, margin, nodes, secs)
}

/// The every-move section (issue 33.2): see the file's head.
fn all_moves(quick: bool) {
    let (size, stones) = if quick { (8, 6) } else { (15, 20) };
    let seeds: Vec<u64> = std::env::var("QUEENS_BENCH_ALL_MOVES_SEEDS")
        .ok()
        .map(|text| {
            text.split(',')
                .filter_map(|s| s.trim().parse().ok())
                .collect()
        })
        .unwrap_or_else(|| vec![11]);
    let k: u32 = std::env::var("QUEENS_BENCH_ALL_MOVES_WITHIN")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(0);
    println!("## Every move's value ({size}x{size}, {stones} random stones, 1 thread)\n");
    println!(
        "| Seed | Moves | Exact within {k}: nodes (with the position) | time (s) | exact | Every move exact: nodes | time (s) | Time ratio | Node ratio |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for seed in seeds {
        let Ok(board) = Board::new(size, &queens_board::random_stones(size, stones, seed)) else {
            continue;
        };
        let (new, best, new_nodes, new_secs) = within_run(&board, k);
        let (old, old_nodes, old_secs) = every_move_run(&board);
        // Each move within k is exact and equal; every other is bounded around its
        // exact margin and proved to lose more than k.
        let mover = board.side_to_move();
        for value in &new {
            let exact = old
                .iter()
                .find(|o| o.cell == value.cell)
                .and_then(|o| o.margin)
                .unwrap_or_else(|| panic!("seed {seed}: {} missing", value.cell));
            let loss = |margin: i32| match mover {
                queens_board::Player::One => best - margin,
                queens_board::Player::Two => margin - best,
            };
            assert!(
                value.lower <= exact && exact <= value.upper,
                "seed {seed}: {value:?}"
            );
            if loss(exact) <= k as i32 {
                assert_eq!(value.margin, Some(exact), "seed {seed}: {value:?}");
            } else {
                let bound = match mover {
                    queens_board::Player::One => value.upper,
                    queens_board::Player::Two => value.lower,
                };
                assert!(loss(bound) > k as i32, "seed {seed}: {value:?}");
            }
        }
        println!(
            "| {seed} | {} | {new_nodes} | {new_secs:.2} | {} | {old_nodes} | {old_secs:.2} | {:.3} | {:.3} |",
            new.len(),
            new.iter().filter(|v| v.solved()).count(),
            new_secs / old_secs,
            new_nodes as f64 / old_nodes as f64
        );
    }
}
