//! The thesis's table 2.4, live: how many nodes minimax, alpha-beta (and `pvs`) visit at
//! each depth 1..d on a real position, side by side with the thesis's own figures.
//!
//! Each (algorithm, depth) is a fresh engine from the registry searching that depth
//! directly (no time limit), exactly as `queens bestmove --algo A --depth k` does, so the
//! counts here are the counts `bestmove` prints. The window and the workbook only show
//! what [`run_table24`] measured.

use crate::ai::{EngineConfig, EngineKind, Limits, SearchHandler};
use crate::board::{Board, Cell};
use std::time::Duration;

/// One row of the thesis's table 2.4 ("So sánh giải thuật Minimax và giải thuật
/// Alpha-beta", section 2.4): a uniform tree of branching factor b = 40, minimax visiting
/// b^d leaves and alpha-beta, with perfect ordering, b^⌈d/2⌉ + b^(d/2) - 1 from depth 2
/// (the thesis takes the half power literally on odd depths: 40^1.5 ≈ 253). The thesis
/// counts the positions it evaluates (leaves); its ratio column is as printed (it rounds
/// 102400000 / 74118 down to 1381 in the table and up to 1382 in the text).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ThesisRow {
    /// The depth.
    pub depth: u32,
    /// Minimax's nodes (b^d).
    pub minimax: u64,
    /// Alpha-beta's nodes in the best case.
    pub alphabeta: u64,
    /// The thesis's minimax / alpha-beta ratio.
    pub ratio: f64,
}

/// The thesis's table 2.4 for b = 40, depths 1 to 8: the one place these numbers live.
pub const THESIS_B40: [ThesisRow; 8] = [
    thesis(1, 40, 40, 1.0),
    thesis(2, 1_600, 79, 20.0),
    thesis(3, 64_000, 1_852, 34.0),
    thesis(4, 2_560_000, 3_199, 800.0),
    thesis(5, 102_400_000, 74_118, 1_381.0),
    thesis(6, 4_096_000_000, 127_999, 32_000.0),
    thesis(7, 163_840_000_000, 2_964_770, 55_262.0),
    thesis(8, 6_553_600_000_000, 5_120_000, 1_280_000.0),
];

const fn thesis(depth: u32, minimax: u64, alphabeta: u64, ratio: f64) -> ThesisRow {
    ThesisRow {
        depth,
        minimax,
        alphabeta,
        ratio,
    }
}

/// The thesis's row for `depth`, if its table goes that deep.
pub fn thesis_row(depth: u32) -> Option<&'static ThesisRow> {
    THESIS_B40.iter().find(|row| row.depth == depth)
}

/// The largest search the table starts: about a minute of minimax on this machine. A
/// depth predicted above it is skipped (and said so), and so are the deeper ones.
pub const DEFAULT_NODE_CAP: u64 = 2_000_000_000;

/// The deepest depth the table offers: beyond it even alpha-beta takes minutes on a big
/// board, and the thesis's own table stops at 8.
pub const MAX_TABLE_DEPTH: u32 = 8;

/// What to run.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Table24Settings {
    /// Depths 1..=max_depth.
    pub max_depth: u32,
    /// The algorithms, in the table's column order.
    pub algorithms: Vec<EngineKind>,
    /// A search predicted to visit more nodes than this is not started.
    pub node_cap: u64,
}

impl Table24Settings {
    /// Depths 1..=`max_depth` for `algorithms`, with [`DEFAULT_NODE_CAP`].
    pub fn new(max_depth: u32, algorithms: Vec<EngineKind>) -> Table24Settings {
        Table24Settings {
            max_depth,
            algorithms,
            node_cap: DEFAULT_NODE_CAP,
        }
    }
}

/// One search measured.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Measure {
    /// Positions visited, the root included (`bestmove`'s `nodes`).
    pub nodes: u64,
    /// Static evaluations (`bestmove`'s `leaves`; what the thesis counts).
    pub leaves: u64,
    /// Wall time.
    pub elapsed: Duration,
    /// The value, from the side to move's view.
    pub value: i32,
    /// The best move found.
    pub best: Option<Cell>,
}

/// One cell of the table: measured, or why not.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Entry {
    /// Searched to the end.
    Done(Measure),
    /// Not started: predicted to visit `predicted` nodes, above the cap.
    Skipped {
        /// The prediction from the shallower depths.
        predicted: u64,
    },
    /// Cut short by a stop request.
    Stopped,
}

impl Entry {
    /// The measure, when the search finished.
    pub fn measure(&self) -> Option<&Measure> {
        match self {
            Entry::Done(measure) => Some(measure),
            _ => None,
        }
    }
}

/// One depth: an entry per algorithm, in [`Table24::algorithms`] order.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Table24Row {
    /// The depth.
    pub depth: u32,
    /// One entry per algorithm.
    pub entries: Vec<Entry>,
}

impl Table24Row {
    /// The entry of `kind`, given the table's algorithm order.
    pub fn entry(&self, algorithms: &[EngineKind], kind: EngineKind) -> Option<&Entry> {
        let index = algorithms.iter().position(|&k| k == kind)?;
        self.entries.get(index)
    }

    /// Minimax's nodes over alpha-beta's at this depth, when both were measured.
    pub fn ratio(&self, algorithms: &[EngineKind]) -> Option<f64> {
        let nodes = |kind| {
            self.entry(algorithms, kind)
                .and_then(Entry::measure)
                .map(|m| m.nodes)
        };
        match (nodes(EngineKind::MINIMAX)?, nodes(EngineKind::ALPHABETA)?) {
            (_, 0) => None,
            (minimax, alphabeta) => Some(minimax as f64 / alphabeta as f64),
        }
    }
}

/// The whole table.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Table24 {
    /// The position's game string (`replay` reads it back).
    pub game: String,
    /// The legal moves at the root (the real position's b at depth 1).
    pub moves: u32,
    /// The column order.
    pub algorithms: Vec<EngineKind>,
    /// Depth 1 first; a stopped run ends with its unfinished depth.
    pub rows: Vec<Table24Row>,
    /// Whether every depth asked for was reached (none stopped).
    pub complete: bool,
}

/// Passes the caller's stop request on to each engine.
struct Forward<'a>(&'a dyn SearchHandler<Cell>);

impl SearchHandler<Cell> for Forward<'_> {
    fn should_stop(&self) -> bool {
        self.0.should_stop()
    }
}

/// The engine `bestmove` builds for `kind` at `depth` with `--threads 1`: one thread,
/// so that `pvs`'s counts do not depend on thread timing.
pub fn table_engine(kind: EngineKind, depth: u32) -> EngineConfig {
    EngineConfig {
        threads: 1,
        hash_mb: 16,
        ..EngineConfig::new(kind, depth)
    }
}

/// Nodes the next depth will visit, from the measured ones (`nodes[i]` is depth i + 1).
/// Alpha-beta's growth alternates between odd and even depths (about b, then about 1
/// with perfect ordering), so the growth two depths back is the one that repeats;
/// before there are three depths, the root's moves are the growth (minimax's own).
fn predict_next(nodes: &[u64], moves: u32) -> u64 {
    match nodes {
        [] => 1,
        [.., before, last, current] if *before > 0 => {
            let growth = *current as f64 / *before as f64;
            ((*last as f64 * growth) as u64).max(*current)
        }
        [.., current] => current.saturating_mul(u64::from(moves.max(1))),
    }
}

/// Runs every algorithm of `settings` at depths 1..=max_depth on `board`, depth by depth
/// (every algorithm at depth 1, then at depth 2, ...), calling `on_row` with each depth's
/// row once its searches are done (rows appear as they are made). Stops early when
/// `handler` says so: the unfinished searches are [`Entry::Stopped`].
pub fn run_table24(
    board: &Board,
    settings: &Table24Settings,
    handler: &dyn SearchHandler<Cell>,
    on_row: &mut dyn FnMut(&Table24Row),
) -> Table24 {
    let moves = board.free().count();
    let mut measured: Vec<Vec<u64>> = vec![Vec::new(); settings.algorithms.len()];
    let mut capped = vec![false; settings.algorithms.len()];
    let mut rows = Vec::new();
    let mut complete = true;
    for depth in 1..=settings.max_depth.max(1) {
        let mut entries = Vec::with_capacity(settings.algorithms.len());
        for (index, &kind) in settings.algorithms.iter().enumerate() {
            let predicted = predict_next(&measured[index], moves);
            let entry = if handler.should_stop() {
                Entry::Stopped
            } else if capped[index] || predicted > settings.node_cap {
                capped[index] = true;
                Entry::Skipped { predicted }
            } else {
                search(board, kind, depth, handler)
            };
            if let Entry::Done(measure) = &entry {
                measured[index].push(measure.nodes);
            }
            entries.push(entry);
        }
        let stopped = entries.contains(&Entry::Stopped);
        let row = Table24Row { depth, entries };
        on_row(&row);
        rows.push(row);
        if stopped {
            complete = false;
            break;
        }
    }
    Table24 {
        game: board.game_string(),
        moves,
        algorithms: settings.algorithms.clone(),
        rows,
        complete,
    }
}

/// One fixed-depth search, as `bestmove` runs it.
fn search(board: &Board, kind: EngineKind, depth: u32, handler: &dyn SearchHandler<Cell>) -> Entry {
    let config = table_engine(kind, depth);
    let mut engine = config.build();
    let outcome = engine.think(board, Limits { depth, time: None }, &Forward(handler));
    if outcome.interrupted {
        return Entry::Stopped;
    }
    Entry::Done(Measure {
        nodes: outcome.stats.nodes,
        leaves: outcome.stats.leaves,
        elapsed: outcome.elapsed,
        value: outcome.value.0,
        best: outcome.best_move,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::NoHandler;
    use crate::board::random_position;
    use std::sync::atomic::{AtomicBool, Ordering};

    fn kinds() -> Vec<EngineKind> {
        vec![EngineKind::MINIMAX, EngineKind::ALPHABETA, EngineKind::PVS]
    }

    #[test]
    fn the_thesis_figures_follow_its_formulas() {
        for row in THESIS_B40 {
            let d = row.depth;
            assert_eq!(row.minimax, 40u64.pow(d), "depth {d}");
            if d >= 2 {
                let half = 40f64.powf(f64::from(d) / 2.0);
                // The thesis rounds 1851.98 up, truncates 2964770.54 and prints 5120000
                // for 5119999: within 1.
                let best = 40f64.powi(d.div_ceil(2) as i32) + half - 1.0;
                assert!(
                    (row.alphabeta as f64 - best).abs() <= 1.0,
                    "depth {d}: {best}"
                );
            }
            let ratio = row.minimax as f64 / row.alphabeta as f64;
            assert!((ratio - row.ratio).abs() <= 1.0, "depth {d}: {ratio}");
        }
        assert_eq!(thesis_row(4).map(|r| r.ratio), Some(800.0));
        assert!(thesis_row(9).is_none());
    }

    #[test]
    fn each_count_is_the_engines_own_at_that_depth() {
        let board = random_position(6, 3, 2, 11).unwrap_or_else(|e| panic!("{e}"));
        let settings = Table24Settings::new(3, kinds());
        let mut seen = Vec::new();
        let table = run_table24(&board, &settings, &NoHandler, &mut |row| {
            seen.push(row.depth);
        });
        assert!(table.complete);
        assert_eq!(seen, [1, 2, 3]);
        for row in &table.rows {
            for (&kind, entry) in table.algorithms.iter().zip(&row.entries) {
                let config = table_engine(kind, row.depth);
                let outcome = config.build().think(&board, config.limits(), &NoHandler);
                let measure = entry.measure().unwrap_or_else(|| panic!("{entry:?}"));
                assert_eq!(measure.nodes, outcome.stats.nodes, "{kind} d{}", row.depth);
                assert_eq!(measure.leaves, outcome.stats.leaves);
                assert_eq!(measure.value, outcome.value.0);
            }
            // Minimax and alpha-beta agree on the value and alpha-beta never visits more.
            let ratio = row.ratio(&table.algorithms).unwrap_or(0.0);
            assert!(ratio >= 1.0, "depth {}: {ratio}", row.depth);
        }
        // Depth 1: both visit the root and every move.
        let first = &table.rows[0];
        let mm = first.entries[0].measure().map(|m| m.nodes);
        assert_eq!(mm, Some(u64::from(table.moves) + 1));
    }

    #[test]
    fn a_depth_predicted_over_the_cap_is_skipped_and_so_are_deeper_ones() {
        let board = Board::new(8, &[]).unwrap_or_else(|e| panic!("{e}"));
        let settings = Table24Settings {
            node_cap: 100_000,
            ..Table24Settings::new(4, vec![EngineKind::MINIMAX, EngineKind::ALPHABETA])
        };
        let table = run_table24(&board, &settings, &NoHandler, &mut |_| {});
        assert!(table.complete);
        let minimax: Vec<&Entry> = table.rows.iter().map(|r| &r.entries[0]).collect();
        // 65 nodes at depth 1, 2641 at depth 2, then about 2641 * 64 predicted.
        assert!(minimax[1].measure().is_some());
        assert!(
            matches!(minimax[2], Entry::Skipped { predicted } if *predicted > 100_000),
            "{:?}",
            minimax[2]
        );
        assert!(matches!(minimax[3], Entry::Skipped { .. }));
        // Alpha-beta goes on: its own counts stay under the cap.
        assert!(table.rows[3].entries[1].measure().is_some());
        assert_eq!(table.rows[2].ratio(&table.algorithms), None);
    }

    #[test]
    fn the_prediction_uses_the_growth_of_the_same_parity() {
        assert_eq!(predict_next(&[], 40), 1);
        assert_eq!(predict_next(&[41], 40), 41 * 40);
        assert_eq!(predict_next(&[41, 100], 40), 100 * 40);
        // 41 -> 1000 two depths on: 100 * (1000 / 41).
        assert_eq!(predict_next(&[41, 100, 1000], 40), 2439);
    }

    /// Stops at its first poll.
    struct StopNow(AtomicBool);

    impl SearchHandler<Cell> for StopNow {
        fn should_stop(&self) -> bool {
            self.0.load(Ordering::Relaxed)
        }
    }

    #[test]
    fn a_stop_ends_the_table_with_the_unfinished_depth() {
        let board = Board::new(6, &[]).unwrap_or_else(|e| panic!("{e}"));
        let stop = StopNow(AtomicBool::new(false));
        let settings = Table24Settings::new(5, kinds());
        let table = run_table24(&board, &settings, &stop, &mut |row| {
            if row.depth == 2 {
                stop.0.store(true, Ordering::Relaxed);
            }
        });
        assert!(!table.complete);
        assert_eq!(table.rows.len(), 3);
        assert!(table.rows[2].entries.iter().all(|e| *e == Entry::Stopped));
    }
}
