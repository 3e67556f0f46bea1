//! The search benchmark: `cargo bench --bench search` prints markdown tables to stdout.
//!
//! A plain harness (no criterion): on a shared 2-core machine criterion's warm-up and
//! sampling of every depth would take far longer than the 10-minute budget, and the
//! figures that matter here (nodes per second, node ratios, fast/oracle speed ratios)
//! come from a few long runs, timed directly, best of several for the short ones.
//!
//! Output, in order:
//! 1. the fingerprint: fixed-depth node counts on a fixed position (a change that alters
//!    them changes the search's behaviour);
//! 2. the positions and their game strings;
//! 3. per position, depths 1..6 for the fast minimax and alpha-beta and the readable
//!    oracle (`tests/oracle/mod.rs`), deepening until a depth is predicted to take more
//!    than the per-depth cap, with a check that fast and oracle agree;
//! 4. a summary of nodes per second, speed ratios and the targets.
//!
//! `QUEENS_BENCH_QUICK=1` (or running under `cargo test --benches`, which does not pass
//! `--bench`) is a smoke run of a few seconds with small depths.

#[path = "../tests/oracle/mod.rs"]
mod oracle;

use oracle::{RefBoard, cell_name, ref_alphabeta, ref_minimax};
use queens_board::Board;
use queens_engines::ai::{Limits, Method, search_board};
use std::time::Instant;

/// The deepest depth the issue asks about.
const MAX_DEPTH: u32 = 6;

/// The fingerprint position and depth: alpha-beta depth 4 on the 8x8 board with the
/// 6 random stones of seed 1 (`random_stones(8, 6, 1)`).
const FINGERPRINT: &str = "size=8 stones=b1,g1,a2,b4,f5,e7";
const FINGERPRINT_DEPTH: u32 = 4;

/// The 15x15 board with `random_stones(15, 20, 1)`, as a game string (a macro so that
/// `concat!` can extend it).
macro_rules! stones_15 {
    () => {
        "size=15 stones=d1,i1,d2,k2,a3,k4,o5,i7,c8,m8,g9,f10,m10,o11,k12,n13,o13,i15,m15,o15"
    };
}

/// The benchmark positions. Stones are `random_stones(N, m, 1)`. Later positions follow
/// the start by greedy moves (each the alpha-beta depth-1 best move), written out so that
/// the positions stay put if the engine ever changes: the "midgame" after N/4 moves, with
/// about 40% of the cells still free, and the "late" position after N/2 moves, which the
/// issue proposed as the midgame. Greedy queens claim so much that after N/2 moves only
/// 3..23 cells are free and the game ends within a few plies, so the late rows mostly
/// measure the fixed cost of starting a search.
const POSITIONS: [(&str, &str); 12] = [
    ("8x8 start", "size=8"),
    ("8x8 start, 6 stones", "size=8 stones=b1,g1,a2,b4,f5,e7"),
    ("8x8 midgame", "size=8 moves=d4,g6"),
    (
        "8x8 midgame, 6 stones",
        "size=8 stones=b1,g1,a2,b4,f5,e7 moves=c6,g3",
    ),
    ("8x8 late", "size=8 moves=d4,g6,b7,f1"),
    (
        "8x8 late, 6 stones",
        "size=8 stones=b1,g1,a2,b4,f5,e7 moves=c6,g3,h8,e2",
    ),
    ("15x15 start", "size=15"),
    ("15x15 start, 20 stones", stones_15!()),
    ("15x15 midgame", "size=15 moves=h8,g6,f9"),
    (
        "15x15 midgame, 20 stones",
        concat!(stones_15!(), " moves=h11,l6,e5"),
    ),
    ("15x15 late", "size=15 moves=h8,g6,f9,i10,j7,e3,l2"),
    (
        "15x15 late, 20 stones",
        concat!(stones_15!(), " moves=h11,l6,e5,b14,n3,f7,j2"),
    ),
];
/// How hard to measure: the full run or the quick smoke run.
struct Config {
    quick: bool,
    /// Deepest depth for the fast engine and for the oracle.
    fast_max_depth: u32,
    oracle_max_depth: u32,
    /// A depth predicted to take longer than this (seconds) is not run.
    fast_cap: f64,
    oracle_cap: f64,
    /// Short runs are repeated until they add up to this many seconds (best time kept).
    settle: f64,
    max_repeats: u32,
    /// Past this many seconds in total, every cap drops to `late_cap`.
    total_budget: f64,
    late_cap: f64,
}

impl Config {
    fn from_env() -> Config {
        let asked = std::env::var("QUEENS_BENCH_QUICK").is_ok_and(|v| !v.is_empty() && v != "0");
        // `cargo bench` passes `--bench`; `cargo test --benches` does not: smoke-test there.
        let under_test = !std::env::args().any(|arg| arg == "--bench");
        if asked || under_test {
            Config {
                quick: true,
                fast_max_depth: 3,
                oracle_max_depth: 2,
                fast_cap: 0.5,
                oracle_cap: 0.5,
                settle: 0.02,
                max_repeats: 3,
                total_budget: 30.0,
                late_cap: 0.1,
            }
        } else {
            Config {
                quick: false,
                fast_max_depth: MAX_DEPTH,
                oracle_max_depth: MAX_DEPTH,
                fast_cap: 20.0,
                oracle_cap: 10.0,
                settle: 0.5,
                max_repeats: 25,
                total_budget: 420.0,
                late_cap: 2.0,
            }
        }
    }
}

/// One of the four searches measured.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Engine {
    FastMinimax,
    FastAlphaBeta,
    RefMinimax,
    RefAlphaBeta,
}

impl Engine {
    const ALL: [Engine; 4] = [
        Engine::FastMinimax,
        Engine::FastAlphaBeta,
        Engine::RefMinimax,
        Engine::RefAlphaBeta,
    ];

    fn is_oracle(self) -> bool {
        matches!(self, Engine::RefMinimax | Engine::RefAlphaBeta)
    }

    fn name(self) -> &'static str {
        match self {
            Engine::FastMinimax => "minimax",
            Engine::FastAlphaBeta => "alpha-beta",
            Engine::RefMinimax => "oracle minimax",
            Engine::RefAlphaBeta => "oracle alpha-beta",
        }
    }

    /// Whether node counts grow by alternating factors with depth (odd-even effect).
    fn prunes(self) -> bool {
        matches!(self, Engine::FastAlphaBeta | Engine::RefAlphaBeta)
    }
}

/// What one search to one depth found, and how long it took.
#[derive(Clone, Debug)]
struct Run {
    depth: u32,
    value: i32,
    best: Option<String>,
    nodes: u64,
    leaves: u64,
    /// Best (smallest) wall time over `repeats` runs, in seconds.
    secs: f64,
    repeats: u32,
}

impl Run {
    fn nodes_per_sec(&self) -> f64 {
        self.nodes as f64 / self.secs.max(1e-9)
    }
}

/// Runs `engine` once on the position `text` to `depth`; the parsing is not timed.
fn run_once(engine: Engine, text: &str, depth: u32) -> Run {
    let (value, best, nodes, leaves, secs) = if engine.is_oracle() {
        let Some(mut board) = RefBoard::from_game_string(text) else {
            panic!("the oracle rejects the bench position {text}")
        };
        let start = Instant::now();
        let (value, best, stats) = if engine == Engine::RefMinimax {
            ref_minimax(&mut board, depth)
        } else {
            ref_alphabeta(&mut board, depth)
        };
        let secs = start.elapsed().as_secs_f64();
        (value, best.map(cell_name), stats.nodes, stats.leaves, secs)
    } else {
        let board = parse(text);
        let algorithm = if engine == Engine::FastMinimax {
            Method::Minimax
        } else {
            Method::AlphaBeta
        };
        let start = Instant::now();
        let outcome = search_board(&board, algorithm, Limits::depth(depth));
        let secs = start.elapsed().as_secs_f64();
        let best = outcome.best_move.map(|cell| cell.to_string());
        (
            outcome.value.0,
            best,
            outcome.stats.nodes,
            outcome.stats.leaves,
            secs,
        )
    };
    Run {
        depth,
        value,
        best,
        nodes,
        leaves,
        secs,
        repeats: 1,
    }
}

/// Runs `engine` to `depth`, repeating short runs until they add up to `settle` seconds,
/// and keeps the best time: on a shared machine, noise only ever adds time.
fn measure(engine: Engine, text: &str, depth: u32, config: &Config) -> Run {
    let mut run = run_once(engine, text, depth);
    let mut total = run.secs;
    while total < config.settle && run.repeats < config.max_repeats {
        let again = run_once(engine, text, depth);
        total += again.secs;
        run.secs = run.secs.min(again.secs);
        run.repeats += 1;
    }
    run
}

fn parse(text: &str) -> Board {
    match Board::from_game_string(text) {
        Ok(board) => board,
        Err(error) => panic!("bad bench position {text}: {error}"),
    }
}

/// The runs of one engine on one position, and why it stopped deepening.
struct Row {
    engine: Engine,
    runs: Vec<Run>,
    stopped: Option<String>,
}

impl Row {
    fn at(&self, depth: u32) -> Option<&Run> {
        self.runs.iter().find(|run| run.depth == depth)
    }

    /// The predicted time of the next depth: the last time times the node growth, the
    /// larger of the last two growth factors (alpha-beta alternates small and large).
    fn predicted_secs(&self) -> f64 {
        let mut nodes = vec![1.0];
        nodes.extend(self.runs.iter().map(|run| run.nodes as f64));
        let growth = |back: usize| {
            let k = nodes.len();
            (k > back + 1).then(|| nodes[k - 1 - back] / nodes[k - 2 - back])
        };
        let Some(last) = self.runs.last() else {
            return 0.0;
        };
        let mut factor = growth(0).unwrap_or(1.0);
        if self.engine.prunes() {
            factor = factor.max(growth(1).unwrap_or(1.0));
        }
        last.secs * factor.max(1.0)
    }
}

/// Measures every engine on one position, depth by depth, the engines interleaved so
/// that a burst of load from elsewhere hits them alike.
fn bench_position(text: &str, config: &Config, clock: &Instant) -> Vec<Row> {
    let mut rows: Vec<Row> = Engine::ALL
        .iter()
        .map(|&engine| Row {
            engine,
            runs: Vec::new(),
            stopped: None,
        })
        .collect();
    for depth in 1..=MAX_DEPTH {
        for row in &mut rows {
            if row.stopped.is_some() {
                continue;
            }
            let (max_depth, mut cap) = if row.engine.is_oracle() {
                (config.oracle_max_depth, config.oracle_cap)
            } else {
                (config.fast_max_depth, config.fast_cap)
            };
            if depth > max_depth {
                row.stopped = Some(format!("depth {depth} not run: depth limit {max_depth}"));
                continue;
            }
            if clock.elapsed().as_secs_f64() > config.total_budget {
                cap = cap.min(config.late_cap);
            }
            let predicted = row.predicted_secs();
            if predicted > cap {
                row.stopped = Some(format!(
                    "depth {depth} not run: predicted {} > cap {}",
                    seconds(predicted),
                    seconds(cap)
                ));
                continue;
            }
            row.runs.push(measure(row.engine, text, depth, config));
        }
    }
    rows
}

/// A duration in seconds, in a readable unit.
fn seconds(secs: f64) -> String {
    if secs >= 1.0 {
        format!("{secs:.2} s")
    } else if secs >= 1e-3 {
        format!("{:.2} ms", secs * 1e3)
    } else {
        format!("{:.1} µs", secs * 1e6)
    }
}

fn mega(rate: f64) -> String {
    if rate >= 10e6 {
        format!("{:.0}", rate / 1e6)
    } else {
        format!("{:.2}", rate / 1e6)
    }
}

/// Fast and oracle agree at a depth: same value, best move and counters.
fn agree(fast: &Run, oracle: &Run) -> bool {
    fast.value == oracle.value
        && fast.best == oracle.best
        && fast.nodes == oracle.nodes
        && fast.leaves == oracle.leaves
}

/// The per-depth table of one position.
fn print_depth_table(rows: &[Row]) {
    let [mm, ab, ref_mm, ref_ab] = rows else {
        panic!("four engines expected")
    };
    println!(
        "| depth | value | minimax nodes | minimax time | Mn/s | alpha-beta nodes | alpha-beta time \
         | Mn/s | nodes MM/AB | oracle MM time | oracle AB time | fast = oracle |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|:---|");
    let cell = |run: Option<&Run>, f: &dyn Fn(&Run) -> String| run.map_or("-".into(), f);
    for depth in 1..=MAX_DEPTH {
        let (m, a, rm, ra) = (
            mm.at(depth),
            ab.at(depth),
            ref_mm.at(depth),
            ref_ab.at(depth),
        );
        if m.is_none() && a.is_none() {
            continue;
        }
        let value = a
            .or(m)
            .map_or(String::from("-"), |run| run.value.to_string());
        let ratio = match (m, a) {
            (Some(m), Some(a)) => format!("{:.1}", m.nodes as f64 / a.nodes as f64),
            _ => "-".into(),
        };
        let checks: Vec<&str> = [(m, rm, "MM"), (a, ra, "AB")]
            .iter()
            .filter_map(|&(fast, oracle, name)| match (fast, oracle) {
                (Some(fast), Some(oracle)) => Some(if agree(fast, oracle) { name } else { "DIFF" }),
                _ => None,
            })
            .collect();
        let values_agree = m.zip(a).is_none_or(|(m, a)| m.value == a.value);
        println!(
            "| {depth} | {value}{} | {} | {} | {} | {} | {} | {} | {ratio} | {} | {} | {} |",
            if values_agree { "" } else { " (MM/AB DIFF)" },
            cell(m, &|r| r.nodes.to_string()),
            cell(m, &|r| seconds(r.secs)),
            cell(m, &|r| mega(r.nodes_per_sec())),
            cell(a, &|r| r.nodes.to_string()),
            cell(a, &|r| seconds(r.secs)),
            cell(a, &|r| mega(r.nodes_per_sec())),
            cell(rm, &|r| seconds(r.secs)),
            cell(ra, &|r| seconds(r.secs)),
            if checks.is_empty() {
                "-".into()
            } else {
                checks.join(" ")
            },
        );
    }
    for row in rows {
        if let Some(reason) = &row.stopped {
            println!("- {}: {reason}", row.engine.name());
        }
    }
    println!();
}

/// One position's summary figures: nodes per second at each engine's deepest depth, and
/// fast/oracle speed at the deepest depth both completed (equal node counts there).
struct Summary {
    name: &'static str,
    size: u8,
    deepest: [Option<Run>; 4],
    /// Per algorithm: (depth, oracle nodes, fast Mn/s over oracle Mn/s).
    speedup: [Option<(u32, u64, f64)>; 2],
}

fn summarise(name: &'static str, size: u8, rows: &[Row]) -> Summary {
    let deepest = std::array::from_fn(|i| rows[i].runs.last().cloned());
    let speedup = std::array::from_fn(|i| {
        let (fast, oracle) = (&rows[i], &rows[i + 2]);
        oracle.runs.iter().rev().find_map(|o| {
            let f = fast.at(o.depth)?;
            Some((o.depth, o.nodes, f.nodes_per_sec() / o.nodes_per_sec()))
        })
    });
    Summary {
        name,
        size,
        deepest,
        speedup,
    }
}

fn print_summary(summaries: &[Summary]) {
    println!("## Summary (one core; Mn/s at each engine's deepest completed depth)\n");
    println!(
        "| position | minimax Mn/s (d) | alpha-beta Mn/s (d) | oracle MM Mn/s (d) \
         | oracle AB Mn/s (d) | fast/oracle MM (d) | fast/oracle AB (d) |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for s in summaries {
        let rate = |run: &Option<Run>| {
            run.as_ref().map_or("-".into(), |r| {
                format!("{} ({})", mega(r.nodes_per_sec()), r.depth)
            })
        };
        let ratio = |x: &Option<(u32, u64, f64)>| {
            x.map_or("-".into(), |(d, _, r)| format!("{r:.0}x ({d})"))
        };
        println!(
            "| {} | {} | {} | {} | {} | {} | {} |",
            s.name,
            rate(&s.deepest[0]),
            rate(&s.deepest[1]),
            rate(&s.deepest[2]),
            rate(&s.deepest[3]),
            ratio(&s.speedup[0]),
            ratio(&s.speedup[1]),
        );
    }
    println!();
    print_targets(summaries);
}

/// Trees smaller than this mostly time the fixed cost of starting a search (copying the
/// board, building the order tables), not the search: they do not count for the targets.
const REAL_TREE: u64 = 100_000;

/// The targets: node rates on the N = 15 positions, speed-ups everywhere, each
/// judged only on trees of at least [`REAL_TREE`] nodes.
fn print_targets(summaries: &[Summary]) {
    println!("## Targets (trees of at least {REAL_TREE} nodes)\n");
    let lowest_rate = |engine: usize| {
        summaries
            .iter()
            .filter(|s| s.size == 15)
            .filter_map(|s| Some((s.name, s.deepest[engine].as_ref()?)))
            .filter(|(_, run)| run.nodes >= REAL_TREE)
            .map(|(name, run)| (name, run.nodes_per_sec()))
            .min_by(|a, b| a.1.total_cmp(&b.1))
    };
    let lowest_speedup = |algorithm: usize| {
        summaries
            .iter()
            .filter_map(|s| Some((s.name, s.speedup[algorithm]?)))
            .filter(|(_, (_, nodes, _))| *nodes >= REAL_TREE)
            .map(|(name, (_, _, ratio))| (name, ratio))
            .min_by(|a, b| a.1.total_cmp(&b.1))
    };
    let verdict = |got: Option<(&str, f64)>, want: f64, show: &dyn Fn(f64) -> String| match got {
        Some((name, got)) => format!(
            "lowest {} ({name}) -> {}",
            show(got),
            if got >= want { "met" } else { "MISSED" }
        ),
        None => String::from("not measured"),
    };
    let rate = |x: f64| format!("{} Mn/s", mega(x));
    let times = |x: f64| format!("{x:.0}x");
    println!(
        "- minimax >= 100 Mn/s on N = 15: {}",
        verdict(lowest_rate(0), 100e6, &rate)
    );
    println!(
        "- alpha-beta >= 20 Mn/s on N = 15: {}",
        verdict(lowest_rate(1), 20e6, &rate)
    );
    println!(
        "- minimax >= 50x the oracle: {}",
        verdict(lowest_speedup(0), 50.0, &times)
    );
    println!(
        "- alpha-beta >= 50x the oracle: {}",
        verdict(lowest_speedup(1), 50.0, &times)
    );
    println!();
}

fn print_fingerprint() {
    let board = parse(FINGERPRINT);
    let outcome = search_board(&board, Method::AlphaBeta, Limits::depth(FINGERPRINT_DEPTH));
    let perft = search_board(&board, Method::Minimax, Limits::depth(3));
    let best = outcome
        .best_move
        .map_or(String::from("-"), |c| c.to_string());
    println!(
        "bench fingerprint: alpha-beta depth {FINGERPRINT_DEPTH} on `{FINGERPRINT}`: \
         {} nodes, {} leaves, {} cutoffs, value {}, move {best}; minimax depth 3 leaves (perft) {}\n",
        outcome.stats.nodes,
        outcome.stats.leaves,
        outcome.stats.cutoffs,
        outcome.value,
        perft.stats.leaves
    );
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|text| {
            text.split_whitespace()
                .take(3)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_else(|_| String::from("unknown"))
}

/// `QUEENS_BENCH_PROFILE=minimax|alphabeta [QUEENS_BENCH_DEPTH=d] [QUEENS_BENCH_POSITION=i]`:
/// one fast search and nothing else, for `valgrind --tool=callgrind` (see BENCHMARKS.md).
/// Returns whether it ran.
fn profile_run() -> bool {
    let Ok(algorithm) = std::env::var("QUEENS_BENCH_PROFILE") else {
        return false;
    };
    let algorithm = match algorithm.as_str() {
        "minimax" => Method::Minimax,
        "alphabeta" => Method::AlphaBeta,
        _ => panic!("QUEENS_BENCH_PROFILE must be minimax or alphabeta, not {algorithm}"),
    };
    let number = |key: &str, default: usize| {
        std::env::var(key).map_or(default, |text| match text.parse() {
            Ok(n) => n,
            Err(_) => panic!("{key} must be a number, not {text}"),
        })
    };
    let depth = number("QUEENS_BENCH_DEPTH", 3) as u32;
    let Some(&(name, text)) = POSITIONS.get(number("QUEENS_BENCH_POSITION", 6)) else {
        panic!("QUEENS_BENCH_POSITION must be below {}", POSITIONS.len())
    };
    let outcome = search_board(&parse(text), algorithm, Limits::depth(depth));
    println!(
        "{algorithm:?} depth {depth} on {name}: {} nodes in {}",
        outcome.stats.nodes,
        seconds(outcome.elapsed.as_secs_f64())
    );
    true
}

fn main() {
    if profile_run() {
        return;
    }
    let config = Config::from_env();
    let clock = Instant::now();
    println!("# Queens & Stones search benchmark\n");
    print_fingerprint();
    println!(
        "mode: {}; load average at start: {}\n",
        if config.quick {
            "quick (smoke test)"
        } else {
            "full"
        },
        load_average()
    );
    println!("## Positions\n");
    println!("| position | free cells | game string |\n|---|---:|---|");
    for (name, text) in POSITIONS {
        println!("| {name} | {} | `{text}` |", parse(text).free().count());
    }
    println!();
    let mut summaries = Vec::new();
    for (name, text) in POSITIONS {
        println!("## {name}\n");
        let rows = bench_position(text, &config, &clock);
        print_depth_table(&rows);
        summaries.push(summarise(name, parse(text).size(), &rows));
    }
    print_summary(&summaries);
    println!(
        "total {:.0} s; load average at end: {}",
        clock.elapsed().as_secs_f64(),
        load_average()
    );
}
