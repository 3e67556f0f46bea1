//! A solve within limits, for every game with an exact solver: what `queens solve` asks
//! of a game through the seam (`Rules::solve_within`) and what it answers
//! ([`Solution`]), proved or bounded.
//!
//! Every game's result is told as a **margin** from the first player's view, so that
//! one answer fits every game: queens' margin is P1's final cells less P2's; a game whose
//! result is a win, a draw or a loss (tic-tac-toe, Dodgem) has the margin 1 for a first
//! player's win, 0 for a draw and -1 for a second player's win, and its [`Exact`] value
//! says how quickly too. A solve that does not finish in its time keeps the bounds it
//! proved on that margin.
//!
//! A game's default (`Rules::solve_within`'s) is its `Rules::solve_exact`, position and
//! moves one by one: proved or stopped, nothing in between. A game whose solver proves
//! bounds and keeps a table between positions (queens) gives its own.

use super::exact::{Exact, NoExactSolver};
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, AtomicUsize};
use thiserror::Error;
use web_time::Instant;

/// What a solve may use and what it is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveAsk {
    /// When to give up, keeping the bounds proved by then; `None` runs to the end (or to
    /// a stop request).
    pub deadline: Option<Instant>,
    /// Threads, at least 1 (a game whose solver has one thread ignores it).
    pub threads: usize,
    /// The table's size in MiB, for a game whose solver keeps one.
    pub hash_mb: usize,
    /// Every legal move's margin too (`Solution::moves`).
    pub all_moves: bool,
    /// With `all_moves`: the exact margin only of the moves that give away at most this
    /// much of the margin; each other move is only proved to give away more. A game that
    /// solves every move exactly anyway gives every margin.
    pub exact_within: Option<u32>,
}

/// How far a solve got, for a progress line read by another thread while it runs.
#[derive(Debug, Default)]
pub struct SolveWatch {
    /// Positions searched so far.
    pub nodes: AtomicU64,
    /// With `all_moves`: the moves answered so far (exact, or proved to give away more
    /// than `exact_within`).
    pub moves_answered: AtomicUsize,
    /// With `all_moves`: the moves to answer.
    pub moves_total: AtomicUsize,
    /// Whether `lower` and `upper` hold the position's bounds proved so far (a solver
    /// that proves bounds as it goes sets them; one that only proves or not does not).
    pub bounded: AtomicBool,
    /// A proved lower bound so far on the margin from the first player's view.
    pub lower: AtomicI32,
    /// A proved upper bound so far on that margin.
    pub upper: AtomicI32,
}

/// A position's solve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The exact answer, when the position is proved.
    pub exact: Option<Exact>,
    /// A proved lower bound on the margin from the first player's view (the margin when
    /// proved).
    pub lower: i32,
    /// A proved upper bound on that margin.
    pub upper: i32,
    /// When not proved: a move proved to reach the side to move's bound, if one was found
    /// (the proved answer's best move is in `exact`).
    pub bound_move: Option<String>,
    /// Positions the position's own solve searched, every thread (the moves' solves
    /// are not counted).
    pub nodes: u64,
    /// Threads used.
    pub threads: usize,
    /// The table's size in MiB (0 for a solver with none).
    pub hash_mb: usize,
    /// With [`SolveAsk::all_moves`]: every legal move, best first for the side to move.
    pub moves: Option<Vec<MoveSolution>>,
}

impl Solution {
    /// The proved margin from the first player's view.
    pub fn margin(&self) -> Option<i32> {
        (self.lower == self.upper && self.exact.is_some()).then_some(self.lower)
    }
}

/// One legal move's solve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveSolution {
    /// The move, in the game's notation.
    pub mv: String,
    /// The position after it solved, from that position's side to move's view; `None`
    /// when not proved (or only proved to give away more than `exact_within`).
    pub after: Option<Exact>,
    /// A proved lower bound on the margin after it, from the first player's view.
    pub lower: i32,
    /// A proved upper bound on that margin.
    pub upper: i32,
}

/// Why a solve could not be asked.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SolveError {
    /// The game has no exact solver.
    #[error(transparent)]
    NoSolver(#[from] NoExactSolver),
    /// The solver's table does not fit in memory.
    #[error(transparent)]
    Memory(#[from] crate::ai::strong::TableError),
}

/// Sorts `moves` best first for `mover` (by the margin's bound the mover is sure of,
/// then the other bound; ties keep their order), the quicker win first among equal
/// margins of a game whose value tells it.
pub(crate) fn sort_best_first(moves: &mut [MoveSolution], mover: usize) {
    let sign = if mover == 0 { 1 } else { -1 };
    moves.sort_by_key(|m| {
        let quickness = m.after.as_ref().map_or(0, |after| after.value);
        (
            std::cmp::Reverse(sign * if sign > 0 { m.lower } else { m.upper }),
            std::cmp::Reverse(sign * if sign > 0 { m.upper } else { m.lower }),
            // The value after the move is the other side's: lower is better for the mover.
            quickness,
        )
    });
}

/// The value of one position of the game with best play from there.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PositionValue {
    /// The final margin with best play from this position, from the first player's view
    /// (queens: P1's final cells minus P2's; a game won, drawn or lost: 1, 0, -1): proved when
    /// `exact`, else an estimate (always inside `lower..=upper`).
    pub margin: i32,
    /// A proved lower bound on the margin (equal to it when exact).
    pub lower: i32,
    /// A proved upper bound on the margin (equal to it when exact).
    pub upper: i32,
    /// A best move (none on a finished board), or when not proved the engine's choice
    /// (see `best_reaches`).
    pub best: Option<String>,
    /// The margin `best` is proved to reach from the mover's side (at least this when
    /// P1 moves, at most this when P2 does); `None` when nothing about it is proved.
    pub best_reaches: Option<i32>,
    /// Best moves from here (the solver's line to the end, or the engine's line).
    pub pv: Vec<String>,
    /// Whether `margin` is proved (solved) rather than estimated.
    pub exact: bool,
    /// The depth of the estimate (`None` when exact).
    pub depth: Option<u32>,
    /// For a game whose value tells how quickly it is won (not a margin): the exact
    /// value from the side to move's view, as its engines score a finished game, when
    /// proved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exact_value: Option<i32>,
    /// For such a game: the ply (from the game's start) of the winning move with best
    /// play, when proved and someone wins.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ends_at_ply: Option<u32>,
}

impl PositionValue {
    /// A proved margin.
    pub fn proved(margin: i32, best: Option<String>, pv: Vec<String>) -> PositionValue {
        PositionValue {
            margin,
            lower: margin,
            upper: margin,
            best_reaches: best.as_ref().map(|_| margin),
            best,
            pv,
            exact: true,
            depth: None,
            exact_value: None,
            ends_at_ply: None,
        }
    }

    /// An estimate `margin` at `depth` within the proved bounds `lower..=upper` (the
    /// estimate is moved inside them; equal bounds make it proved).
    pub fn estimate(
        margin: i32,
        (lower, upper): (i32, i32),
        best: Option<String>,
        pv: Vec<String>,
        depth: u32,
    ) -> PositionValue {
        let mut value = PositionValue {
            margin,
            lower: i32::MIN,
            upper: i32::MAX,
            best,
            best_reaches: None,
            pv,
            exact: false,
            depth: Some(depth),
            exact_value: None,
            ends_at_ply: None,
        };
        value.narrow(lower, upper);
        value
    }

    /// Takes in the proved bounds `lower..=upper` (kept where they are tighter than the
    /// ones known); returns whether anything changed. Bounds that meet prove the margin.
    pub fn narrow(&mut self, lower: i32, upper: i32) -> bool {
        let (old_lower, old_upper) = (self.lower, self.upper);
        self.lower = self.lower.max(lower);
        self.upper = self.upper.min(upper);
        debug_assert!(self.lower <= self.upper, "contradicting proofs: {self:?}");
        if self.lower > self.upper {
            // Cannot happen with correct proofs; keep the older, wider knowledge.
            (self.lower, self.upper) = (old_lower, old_upper);
            return false;
        }
        if self.lower == self.upper && !self.exact {
            self.exact = true;
            self.depth = None;
        }
        self.margin = self.margin.clamp(self.lower, self.upper);
        (self.lower, self.upper) != (old_lower, old_upper)
    }
}

/// What a [`Prover`] may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProverAsk {
    /// Threads (0: one per core), for a game whose solver has more than one.
    pub threads: usize,
    /// The table's size in MiB, shared by all the positions, for a game whose solver
    /// keeps one.
    pub hash_mb: usize,
}

/// Values the positions of one game, one at a time, for an analysis that goes from the
/// end of the game backwards and keeps what it learns (a table) from one position to
/// the next (`Rules::prover`).
pub trait Prover: Send {
    /// The value of the position after the game's first `ply` moves, within `time`,
    /// asking `stop` as it goes; `next` is the value known of the position after the
    /// move played there (absent at the game's end), which a proof of this one may
    /// narrow. A game whose solver only proves or not gives an unproved value with the
    /// widest bounds when it runs out of time.
    fn value(
        &mut self,
        ply: usize,
        next: Option<&mut PositionValue>,
        time: std::time::Duration,
        stop: &(dyn Fn() -> bool + Sync),
    ) -> PositionValue;
}
