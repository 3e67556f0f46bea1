//! What a search reports: counters, iterations and the final outcome.

use super::score::Score;
use std::time::Duration;

/// Work counters, defined as in docs/rules.md.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Stats {
    /// Every position the search visited, the root included.
    pub nodes: u64,
    /// Static evaluations: positions reached at depth 0 or where the game is over. For
    /// minimax to depth D this is the perft count of length-D move sequences.
    pub leaves: u64,
    /// Beta cutoffs: nodes left before all their children were searched.
    pub cutoffs: u64,
}

impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, other: Stats) {
        self.nodes += other.nodes;
        self.leaves += other.leaves;
        self.cutoffs += other.cutoffs;
    }
}

/// One completed depth of a search.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Iteration<M> {
    /// The depth searched.
    pub depth: u32,
    /// The value from the side to move's point of view.
    pub value: Score,
    /// The best move found (the first in search order with the best value); `None` only
    /// when the game is already over.
    pub best_move: Option<M>,
    /// The principal variation, starting with `best_move`.
    pub pv: Vec<M>,
    /// The counters of this depth alone.
    pub stats: Stats,
    /// Time spent on this depth alone.
    pub elapsed: Duration,
}

/// The result of a whole search: the deepest completed depth's answer plus totals.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SearchOutcome<M> {
    /// Best move of the deepest completed depth; `None` only when the game is over.
    pub best_move: Option<M>,
    /// Its value, from the side to move's point of view.
    pub value: Score,
    /// The deepest completed depth (0 if the game was already over).
    pub depth: u32,
    /// Its principal variation.
    pub pv: Vec<M>,
    /// Counters over all depths searched, including an unfinished last one.
    pub stats: Stats,
    /// Wall time of the whole search.
    pub elapsed: Duration,
    /// Each completed depth, in order.
    pub iterations: Vec<Iteration<M>>,
    /// Whether a time limit or a stop request cut the search short.
    pub interrupted: bool,
    /// Whether `value` is the exact result with perfect play (the search reached the end
    /// of every line, or an exact solver proved it), not a depth-limited estimate.
    pub exact: bool,
}

impl<M> Iteration<M> {
    /// The same depth with its moves turned into another game's move type (a front end
    /// holding several games names them with one type).
    pub(crate) fn map_moves<N>(&self, map: impl Fn(M) -> N) -> Iteration<N>
    where
        M: Copy,
    {
        Iteration {
            depth: self.depth,
            value: self.value,
            best_move: self.best_move.map(&map),
            pv: self.pv.iter().copied().map(&map).collect(),
            stats: self.stats,
            elapsed: self.elapsed,
        }
    }
}

impl<M> SearchOutcome<M> {
    /// The same answer with its moves turned into another game's move type.
    pub(crate) fn map_moves<N>(&self, map: impl Fn(M) -> N) -> SearchOutcome<N>
    where
        M: Copy,
    {
        SearchOutcome {
            best_move: self.best_move.map(&map),
            value: self.value,
            depth: self.depth,
            pv: self.pv.iter().copied().map(&map).collect(),
            stats: self.stats,
            elapsed: self.elapsed,
            iterations: self
                .iterations
                .iter()
                .map(|it| it.map_moves(&map))
                .collect(),
            interrupted: self.interrupted,
            exact: self.exact,
        }
    }

    /// The answer before any depth is searched: no move, depth 0, the root's static
    /// `value`, the counters spent so far, and whether that value is already exact (the
    /// game is over, or an engine knows it). Every engine starts from this one and fills
    /// in what its search finds, so a new field has one place to get its default.
    pub fn start(value: Score, stats: Stats, exact: bool) -> SearchOutcome<M> {
        SearchOutcome {
            best_move: None,
            value,
            depth: 0,
            pv: Vec::new(),
            stats,
            elapsed: Duration::ZERO,
            iterations: Vec::new(),
            interrupted: false,
            exact,
        }
    }
}
