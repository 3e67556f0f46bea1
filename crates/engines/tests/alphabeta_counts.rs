//! The thesis alpha-beta visits exactly the tree it always did: value, principal
//! variation and the node, leaf and cutoff counters of `crates/engines/tests/data/alphabeta.txt`, pinned
//! from the engine before its speed work. The oracle tests (crates/engines/tests/differential.rs) check
//! values, moves, nodes and leaves against a plain implementation; this file adds the
//! cutoffs and the whole PV, on larger trees than the oracle can afford in CI.

use queens_board::Board;
use queens_engines::ai::{Limits, Method, search_board};

/// One pinned search.
struct Pinned {
    game: String,
    depth: u32,
    value: i32,
    pv: Vec<String>,
    nodes: u64,
    leaves: u64,
    cutoffs: u64,
}

fn number<T: std::str::FromStr>(line: &str, text: &str) -> T {
    text.parse()
        .unwrap_or_else(|_| panic!("bad number {text:?} in {line:?}"))
}

fn pinned() -> Vec<Pinned> {
    include_str!("data/alphabeta.txt")
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let parts: Vec<&str> = line.split('|').map(str::trim).collect();
            let [game, depth, value, pv, nodes, leaves, cutoffs] = parts[..] else {
                panic!("bad line {line:?}");
            };
            Pinned {
                game: game.to_string(),
                depth: number(line, depth),
                value: number(line, value),
                pv: pv.split_whitespace().map(str::to_string).collect(),
                nodes: number(line, nodes),
                leaves: number(line, leaves),
                cutoffs: number(line, cutoffs),
            }
        })
        .collect()
}

#[test]
fn alphabeta_reproduces_every_pinned_search() {
    let lines = pinned();
    assert!(lines.len() >= 500, "only {} pinned searches", lines.len());
    for line in lines {
        let board =
            Board::from_game_string(&line.game).unwrap_or_else(|e| panic!("{}: {e}", line.game));
        let outcome = search_board(&board, Method::AlphaBeta, Limits::depth(line.depth));
        let pv: Vec<String> = outcome.pv.iter().map(|cell| cell.to_string()).collect();
        let context = format!("{} | depth {}", line.game, line.depth);
        assert_eq!(outcome.value.0, line.value, "value: {context}");
        assert_eq!(pv, line.pv, "pv: {context}");
        assert_eq!(outcome.stats.nodes, line.nodes, "nodes: {context}");
        assert_eq!(outcome.stats.leaves, line.leaves, "leaves: {context}");
        assert_eq!(outcome.stats.cutoffs, line.cutoffs, "cutoffs: {context}");
    }
}
