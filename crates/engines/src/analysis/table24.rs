//! The thesis's table 2.4, live: how many nodes minimax, alpha-beta (and `pvs`, where the
//! game has it) visit at each depth 1..d on a real position of any game of the games
//! table, side by side with the thesis's own figures where they apply (a queens position:
//! the thesis's table is about its queens game, [`thesis_applies`]).
//!
//! Each (algorithm, depth) is a fresh engine from the registry searching that depth
//! directly (no time limit) through the game seam (`AnyGame::think`), exactly as
//! `queens bestmove --algo A --depth k` does, so the counts here are the counts
//! `bestmove` prints. Minimax and alpha-beta search with the same move ordering, so they
//! must agree on the value at every depth ([`Table24Row::values_agree`]); the table says
//! whether they did. The window and the workbook only show what [`run_table24`] measured.

use crate::ai::{EngineConfig, EngineKind, SearchHandler};
use crate::games::seam::{AnyGame, Rules};
use queens_board::Board;
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

/// Whether the thesis's b = 40 figures are a comparison for `game`: its table 2.4 is
/// about the queens game (b = 40 is a queens board's branching), so only a queens
/// position is shown beside them; for another game they would compare nothing.
pub fn thesis_applies(game: &dyn AnyGame) -> bool {
    game.tag() == <Board as Rules>::TAG
}

/// The largest search the table starts: about a minute of minimax on this machine. A
/// depth predicted above it is skipped (and said so), and so are the deeper ones.
pub(crate) const DEFAULT_NODE_CAP: u64 = 2_000_000_000;

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
    /// Depths 1..=`max_depth` for `algorithms`, with `DEFAULT_NODE_CAP`.
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
    /// The best move found, in the game's notation.
    pub best: Option<String>,
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
    /// The game has not this engine (the strong engines play only queens), or its table
    /// did not fit: `reason` says which, in English (the sheet's words).
    NotPlayed {
        /// Why, as the seam's error says it.
        reason: String,
    },
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

    /// Whether minimax and alpha-beta found the same value at this depth, when both were
    /// measured: they search with the same move ordering, so anything but `Some(true)`
    /// there is a defect the table shows rather than hides.
    pub fn values_agree(&self, algorithms: &[EngineKind]) -> Option<bool> {
        let value = |kind| {
            self.entry(algorithms, kind)
                .and_then(Entry::measure)
                .map(|m| m.value)
        };
        Some(value(EngineKind::MINIMAX)? == value(EngineKind::ALPHABETA)?)
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
    /// The position's game string (`replay` reads it back; it names the game).
    pub game: String,
    /// The legal moves at the root (the real position's b at depth 1).
    pub moves: u32,
    /// Whether the thesis's b = 40 figures are shown beside this table
    /// ([`thesis_applies`]: a queens position).
    #[serde(default)]
    pub thesis: bool,
    /// The column order.
    pub algorithms: Vec<EngineKind>,
    /// Depth 1 first; a stopped run ends with its unfinished depth.
    pub rows: Vec<Table24Row>,
    /// Whether every depth asked for was reached (none stopped).
    pub complete: bool,
}

/// Passes the caller's stop request on to each engine, and nothing else: the table's
/// progress is its rows, not each search's node count.
struct Forward<'a>(&'a dyn SearchHandler<String>);

impl SearchHandler<String> for Forward<'_> {
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

/// Runs every algorithm of `settings` at depths 1..=max_depth on `game` (any game of the
/// games table), depth by depth (every algorithm at depth 1, then at depth 2, ...),
/// calling `on_row` with each depth's row once its searches are done (rows appear as
/// they are made). Stops early when `handler` says so: the unfinished searches are
/// [`Entry::Stopped`]. An engine the game has not is [`Entry::NotPlayed`] at every depth.
pub fn run_table24(
    game: &dyn AnyGame,
    settings: &Table24Settings,
    handler: &dyn SearchHandler<String>,
    on_row: &mut dyn FnMut(&Table24Row),
) -> Table24 {
    let moves = u32::try_from(game.legal_moves().len()).unwrap_or(u32::MAX);
    let mut measured: Vec<Vec<u64>> = vec![Vec::new(); settings.algorithms.len()];
    let mut capped = vec![false; settings.algorithms.len()];
    let mut refused: Vec<Option<String>> = vec![None; settings.algorithms.len()];
    let mut rows = Vec::new();
    let mut complete = true;
    for depth in 1..=settings.max_depth.max(1) {
        let mut entries = Vec::with_capacity(settings.algorithms.len());
        for (index, &kind) in settings.algorithms.iter().enumerate() {
            let predicted = predict_next(&measured[index], moves);
            let entry = if let Some(reason) = &refused[index] {
                Entry::NotPlayed {
                    reason: reason.clone(),
                }
            } else if handler.should_stop() {
                Entry::Stopped
            } else if capped[index] || predicted > settings.node_cap {
                capped[index] = true;
                Entry::Skipped { predicted }
            } else {
                search(game, kind, depth, &Forward(handler))
            };
            match &entry {
                Entry::Done(measure) => measured[index].push(measure.nodes),
                Entry::NotPlayed { reason } => refused[index] = Some(reason.clone()),
                Entry::Skipped { .. } | Entry::Stopped => {}
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
        game: game.game_string(),
        moves,
        thesis: thesis_applies(game),
        algorithms: settings.algorithms.clone(),
        rows,
        complete,
    }
}

/// One fixed-depth search through the seam, as `bestmove` runs it.
fn search(
    game: &dyn AnyGame,
    kind: EngineKind,
    depth: u32,
    handler: &dyn SearchHandler<String>,
) -> Entry {
    let config = table_engine(kind, depth);
    match game.think(&config, handler) {
        Err(error) => Entry::NotPlayed {
            reason: error.to_string(),
        },
        Ok(outcome) if outcome.interrupted => Entry::Stopped,
        Ok(outcome) => Entry::Done(Measure {
            nodes: outcome.stats.nodes,
            leaves: outcome.stats.leaves,
            elapsed: outcome.elapsed,
            value: outcome.value.0,
            best: outcome.best_move,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::NoHandler;
    use queens_board::random_position;
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

    impl SearchHandler<String> for StopNow {
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

    /// Counts measured with the queens-only table before it ran through the seam (the
    /// commit before issue 39's), as (depth, [minimax, alpha-beta, pvs] nodes, minimax
    /// leaves, value): the seam must not change a queens count.
    const OLD_QUEENS: [(&str, u32, [u64; 3], u64, i32); 9] = [
        ("size=5", 1, [26, 26, 1], 25, 17),
        ("size=5", 2, [306, 58, 53], 280, 12),
        ("size=5", 3, [1530, 152, 80], 1224, 13),
        ("size=5", 4, [3498, 350, 107], 2064, 12),
        (
            "size=7 stones=f3,f4,g6,d7 moves=c1,d3,g4",
            2,
            [110, 38, 29],
            96,
            -9,
        ),
        (
            "size=7 stones=f3,f4,g6,d7 moves=c1,d3,g4",
            4,
            [788, 111, 75],
            458,
            -9,
        ),
        ("size=8", 2, [2641, 164, 131], 2576, 12),
        ("size=8", 3, [64561, 1885, 270], 61920, 22),
        ("size=4 stones=d2,c3 moves=b4", 8, [33, 17, 36], 16, -4),
    ];

    #[test]
    fn queens_counts_are_the_ones_the_queens_only_table_measured() {
        for (game_string, depth, nodes, leaves, value) in OLD_QUEENS {
            let board = Board::from_game_string(game_string).unwrap_or_else(|e| panic!("{e}"));
            let settings = Table24Settings::new(depth, kinds());
            let table = run_table24(&board, &settings, &NoHandler, &mut |_| {});
            assert!(table.thesis, "{game_string}");
            let row = table.rows.last().unwrap_or_else(|| panic!("{game_string}"));
            let measured: Vec<Option<u64>> = row
                .entries
                .iter()
                .map(|e| e.measure().map(|m| m.nodes))
                .collect();
            assert_eq!(measured, nodes.map(Some), "{game_string} d{depth}");
            let minimax = row.entries[0].measure();
            assert_eq!(minimax.map(|m| m.leaves), Some(leaves), "{game_string}");
            assert_eq!(minimax.map(|m| m.value), Some(value), "{game_string}");
            assert_eq!(row.values_agree(&table.algorithms), Some(true));
        }
    }

    fn start(tag: &str) -> Box<dyn AnyGame> {
        let entry = crate::games::table::by_tag(tag).unwrap_or_else(|| panic!("{tag}"));
        (entry.start)().unwrap_or_else(|e| panic!("{tag}: {e}"))
    }

    /// Minimax visits every node, so on tic-tac-toe its counts are perft's: its leaves at
    /// depth d are the move sequences of d plies (a game over sooner ends its own), and
    /// until the first game can end (ply 5) its nodes are the sum of perft over 0..=d. To
    /// depth 9 it walks the whole game tree: 549,946 positions, 255,168 games.
    #[test]
    fn tic_tac_toe_to_depth_9_is_minimaxs_whole_tree() {
        let mut game = start("tictactoe");
        let settings = Table24Settings::new(9, kinds());
        let table = run_table24(game.as_ref(), &settings, &NoHandler, &mut |_| {});
        assert!(table.complete);
        assert!(!table.thesis);
        assert_eq!(table.moves, 9);
        assert_eq!(table.rows.len(), 9);
        let mut perft_sum = 1;
        for row in &table.rows {
            let perft = game
                .perft(row.depth, &|| false)
                .unwrap_or_else(|| panic!("perft {}", row.depth));
            perft_sum += perft;
            let minimax = row.entries[0]
                .measure()
                .unwrap_or_else(|| panic!("{:?}", row.entries[0]));
            assert_eq!(minimax.leaves, perft, "depth {}", row.depth);
            if row.depth <= 5 {
                assert_eq!(minimax.nodes, perft_sum, "depth {}", row.depth);
            }
            assert_eq!(row.values_agree(&table.algorithms), Some(true));
            assert!(row.ratio(&table.algorithms).unwrap_or(0.0) >= 1.0);
            // The strong engine plays queens only: said so, never measured.
            assert!(
                matches!(&row.entries[2], Entry::NotPlayed { reason } if reason.contains("pvs")),
                "{:?}",
                row.entries[2]
            );
        }
        let last = table.rows[8].entries[0]
            .measure()
            .map(|m| (m.nodes, m.leaves));
        assert_eq!(last, Some((549_946, 255_168)));
        // Perfect play draws.
        assert_eq!(table.rows[8].entries[0].measure().map(|m| m.value), Some(0));
    }

    #[test]
    fn minimax_and_alpha_beta_agree_on_every_game_of_the_table() {
        for entry in crate::games::table::GAMES {
            let game = (entry.start)().unwrap_or_else(|e| panic!("{}: {e}", entry.tag));
            let settings =
                Table24Settings::new(3, vec![EngineKind::MINIMAX, EngineKind::ALPHABETA]);
            let table = run_table24(game.as_ref(), &settings, &NoHandler, &mut |_| {});
            assert!(table.complete, "{}", entry.tag);
            assert_eq!(table.game, game.game_string());
            assert_eq!(table.thesis, entry.tag == "queens");
            for row in &table.rows {
                assert_eq!(
                    row.values_agree(&table.algorithms),
                    Some(true),
                    "{} depth {}: {:?}",
                    entry.tag,
                    row.depth,
                    row.entries
                );
                let best = row.entries[0].measure().and_then(|m| m.best.clone());
                let best = best.unwrap_or_else(|| panic!("{}: no move", entry.tag));
                assert!(game.legal_moves().contains(&best), "{}: {best}", entry.tag);
            }
        }
    }
}
