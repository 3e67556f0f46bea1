//! Negamax minimax and negamax alpha-beta, exactly as the thesis's gameAI runs them: to a
//! fixed depth, on one game state with do/undo, moves in the game's heuristic order.
//!
//! No allocation per node: move lists, the current path and the triangular PV table are
//! allocated once per search and indexed by ply.

use super::control::SearchHandler;
use super::game::{ChildFrontier, FrontierGame, FrontierResult};
use super::movelist::{MAX_MOVES, MoveList};
use super::score::Score;
use super::stats::Stats;
use web_time::Instant;

/// The deepest ply a search can reach: one move per cell plus the root.
pub(crate) const MAX_PLY: usize = MAX_MOVES + 1;

/// How often (in nodes) the search looks at the clock and the stop flag: rare enough to
/// cost nothing, often enough to stop within well under a millisecond.
const POLL_INTERVAL: u64 = 4096;

/// Which search to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// Plain negamax minimax: visits every node to the depth.
    Minimax,
    /// Negamax alpha-beta in the thesis's fail-soft form: same value, fewer nodes.
    AlphaBeta,
}

/// Watches a search step by step: the Tree Lab and `queens tree --trace` use it; the game
/// search uses [`Silent`], which compiles to nothing.
pub trait Observer<M> {
    /// `true` only for observers that ignore every event; it lets the search take the
    /// game's frontier fast paths, which do not report single leaves.
    const SILENT: bool = false;

    /// A static evaluation at the end of `path`, from the point of view of the side to
    /// move there.
    fn leaf(&mut self, _path: &[M], _value: Score) {}

    /// At the node `path`, alpha (for the side to move there) rose to `alpha`.
    fn alpha_raised(&mut self, _path: &[M], _alpha: Score) {}

    /// At the node `path`, a beta cutoff left `skipped` children unsearched.
    fn cutoff(&mut self, _path: &[M], _skipped: usize) {}
}

/// The observer that watches nothing.
pub struct Silent;

impl<M> Observer<M> for Silent {
    const SILENT: bool = true;
}

/// One search to one depth, with its reusable buffers.
pub(crate) struct Searcher<'a, G: FrontierGame, O: Observer<G::Move>> {
    game: &'a mut G,
    observer: &'a mut O,
    handler: &'a dyn SearchHandler<G::Move>,
    deadline: Option<Instant>,
    /// Whether this depth may be interrupted (the first depth of a search never is, so
    /// there is always a move to play).
    interruptible: bool,
    stats: Stats,
    /// Nodes of earlier depths, so progress reports a running total.
    nodes_before: u64,
    next_poll: u64,
    aborted: bool,
    lists: Vec<MoveList<G::Move>>,
    path: Vec<G::Move>,
    /// Triangular PV table: row `ply` starts at `ply * width`.
    pv: Vec<G::Move>,
    pv_len: Vec<usize>,
    width: usize,
}

impl<'a, G: FrontierGame, O: Observer<G::Move>> Searcher<'a, G, O> {
    /// A searcher for depths up to `max_depth` (clamped to [`MAX_PLY`] - 1).
    pub(crate) fn new(
        game: &'a mut G,
        observer: &'a mut O,
        handler: &'a dyn SearchHandler<G::Move>,
        max_depth: u32,
    ) -> Self {
        let width = (max_depth as usize).min(MAX_PLY - 1) + 1;
        Searcher {
            game,
            observer,
            handler,
            deadline: None,
            interruptible: false,
            stats: Stats::default(),
            nodes_before: 0,
            next_poll: POLL_INTERVAL,
            aborted: false,
            lists: vec![MoveList::default(); width],
            path: vec![G::Move::default(); width],
            pv: vec![G::Move::default(); width * width],
            pv_len: vec![0; width],
            width,
        }
    }

    /// Searches the root to `depth` with `method`. Returns the value, or `None` if the
    /// search was interrupted (then nothing of this depth should be used).
    pub(crate) fn search_root(
        &mut self,
        method: Method,
        depth: u32,
        interruptible: bool,
        deadline: Option<Instant>,
        nodes_before: u64,
    ) -> Option<Score> {
        let depth = depth.min(self.width as u32 - 1);
        self.stats = Stats::default();
        self.nodes_before = nodes_before;
        self.next_poll = POLL_INTERVAL;
        self.aborted = false;
        self.interruptible = interruptible;
        self.deadline = deadline;
        let value = match method {
            Method::Minimax => self.minimax(depth, 0),
            Method::AlphaBeta => self.alphabeta(-Score::INFINITY, Score::INFINITY, depth, 0),
        };
        (!self.aborted).then_some(value)
    }

    /// Counters of the last [`Searcher::search_root`] call (complete or not).
    pub(crate) fn stats(&self) -> Stats {
        self.stats
    }

    /// The principal variation of the last completed root search.
    pub(crate) fn pv(&self) -> &[G::Move] {
        &self.pv[..self.pv_len[0]]
    }

    /// Checks the clock and the stop flag every [`POLL_INTERVAL`] nodes.
    #[inline]
    fn should_abort(&mut self) -> bool {
        if self.stats.nodes < self.next_poll {
            return false;
        }
        self.next_poll = self.stats.nodes + POLL_INTERVAL;
        self.handler.on_nodes(self.nodes_before + self.stats.nodes);
        if self.interruptible
            && (self.handler.should_stop() || self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.aborted = true;
        }
        self.aborted
    }

    #[inline]
    fn leaf(&mut self, ply: usize) -> Score {
        self.stats.leaves += 1;
        let value = self.game.evaluate();
        self.observer.leaf(&self.path[..ply], value);
        value
    }

    /// Records `mv` followed by the child's PV as the PV of `ply`.
    #[inline]
    fn update_pv(&mut self, ply: usize, mv: G::Move) {
        let row = ply * self.width;
        self.pv[row] = mv;
        let child_len = if ply + 1 < self.width {
            self.pv_len[ply + 1]
        } else {
            0
        };
        let child_row = row + self.width;
        self.pv
            .copy_within(child_row..child_row + child_len, row + 1);
        self.pv_len[ply] = child_len + 1;
    }

    #[inline]
    fn take_frontier(&mut self, ply: usize, result: FrontierResult<G::Move>) -> Score {
        let visited = result.visited as u64;
        self.stats.nodes += visited;
        self.stats.leaves += visited;
        if result.cutoff {
            self.stats.cutoffs += 1;
        }
        self.pv[ply * self.width] = result.best_move;
        self.pv_len[ply] = 1;
        result.best
    }

    fn minimax(&mut self, depth: u32, ply: usize) -> Score {
        self.stats.nodes += 1;
        self.pv_len[ply] = 0;
        if self.should_abort() {
            return Score::ZERO;
        }
        if depth == 0 || self.game.is_terminal() {
            return self.leaf(ply);
        }
        if depth == 1
            && O::SILENT
            && let Some(result) = self.game.minimax_frontier()
        {
            return self.take_frontier(ply, result);
        }
        // Minimax visits every child whatever the order, so a silent search takes them
        // in the cheapest order and breaks ties by the heuristic order: same value, same
        // move, same PV and same counts as walking the ordered list.
        if O::SILENT {
            self.game.unordered_moves(&mut self.lists[ply]);
        } else {
            self.game.ordered_moves(&mut self.lists[ply]);
        }
        let mut best = -Score::INFINITY;
        let mut best_move = None;
        for index in 0..self.lists[ply].len() {
            let mv = self.lists[ply].as_slice()[index];
            self.path[ply] = mv;
            self.game.do_move(mv);
            let value = -self.minimax(depth - 1, ply + 1);
            self.game.undo_move();
            if self.aborted {
                return Score::ZERO;
            }
            let better = value > best
                || (O::SILENT
                    && value == best
                    && best_move.is_some_and(|best_move| self.game.precedes(mv, best_move)));
            if better {
                best = value;
                best_move = Some(mv);
                self.update_pv(ply, mv);
            }
        }
        best
    }

    fn alphabeta(&mut self, mut alpha: Score, beta: Score, depth: u32, ply: usize) -> Score {
        self.stats.nodes += 1;
        self.pv_len[ply] = 0;
        if self.should_abort() {
            return Score::ZERO;
        }
        if depth == 0 || self.game.is_terminal() {
            return self.leaf(ply);
        }
        if depth == 1
            && O::SILENT
            && let Some(result) = self.game.alphabeta_frontier(beta)
        {
            return self.take_frontier(ply, result);
        }
        let mut best = -Score::INFINITY;
        // Staged ordering, as chess move pickers do: most cut nodes cut on their first
        // child, so try the game's first move before building the whole ordered list.
        // The order, and so every count, is the same as walking the list.
        let first = if O::SILENT {
            self.game.first_ordered_move()
        } else {
            None
        };
        if let Some(mv) = first {
            match self.alphabeta_child(mv, &mut alpha, beta, &mut best, depth, ply) {
                Child::Aborted => return Score::ZERO,
                Child::Cut => {
                    self.note_cutoff(ply, self.game.move_count() - 1);
                    return best;
                }
                Child::Searched => {}
            }
        }
        self.game.ordered_moves(&mut self.lists[ply]);
        let count = self.lists[ply].len();
        debug_assert!(first.is_none() || self.lists[ply].as_slice().first() == first.as_ref());
        for index in usize::from(first.is_some())..count {
            let mv = self.lists[ply].as_slice()[index];
            match self.alphabeta_child(mv, &mut alpha, beta, &mut best, depth, ply) {
                Child::Aborted => return Score::ZERO,
                Child::Cut => {
                    self.note_cutoff(ply, count - index - 1);
                    break;
                }
                Child::Searched => {}
            }
        }
        best
    }

    /// Searches one child of an alpha-beta node and folds its value into `best` and
    /// `alpha` (the thesis loops `while best < beta`: a child at or above beta ends the
    /// node).
    #[inline]
    fn alphabeta_child(
        &mut self,
        mv: G::Move,
        alpha: &mut Score,
        beta: Score,
        best: &mut Score,
        depth: u32,
        ply: usize,
    ) -> Child {
        self.path[ply] = mv;
        let child = if depth == 2 && O::SILENT {
            self.game.alphabeta_frontier_after(mv, -*alpha)
        } else {
            None
        };
        let value = if let Some(child) = child {
            // The child node exactly as `alphabeta` would count it, without do/undo.
            self.stats.nodes += 1;
            self.pv_len[ply + 1] = 0;
            if self.should_abort() {
                return Child::Aborted;
            }
            match child {
                ChildFrontier::Leaf(value) => {
                    self.stats.leaves += 1;
                    -value
                }
                ChildFrontier::Node(result) => -self.take_frontier(ply + 1, result),
            }
        } else {
            self.game.do_move(mv);
            let value = -self.alphabeta(-beta, -*alpha, depth - 1, ply + 1);
            self.game.undo_move();
            if self.aborted {
                return Child::Aborted;
            }
            value
        };
        if value > *best {
            *best = value;
            self.update_pv(ply, mv);
            if *best > *alpha {
                *alpha = *best;
                self.observer.alpha_raised(&self.path[..ply], *alpha);
            }
            if *best >= beta {
                return Child::Cut;
            }
        }
        Child::Searched
    }

    /// A beta cutoff at `ply`, counted only when it really skips children.
    #[inline]
    fn note_cutoff(&mut self, ply: usize, skipped: usize) {
        if skipped > 0 {
            self.stats.cutoffs += 1;
            self.observer.cutoff(&self.path[..ply], skipped);
        }
    }
}

/// What searching one child of an alpha-beta node led to.
enum Child {
    /// The search was interrupted; nothing of this depth counts.
    Aborted,
    /// The child reached beta: the node is done.
    Cut,
    /// Go on with the next child.
    Searched,
}
