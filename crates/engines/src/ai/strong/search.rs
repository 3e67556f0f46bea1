//! The core: fail-soft negamax alpha-beta with PVS over free sets, a depth limit (a depth
//! of at least the free cells left is the exact game), the shared table, gain-first move
//! ordering with the table's move, killers and history, and enhanced transposition
//! cutoffs. No allocation per node: one move buffer per ply, made once per worker.

use super::gain::{Geometry, Tokens};
use super::hash::key_of;
use super::history::History;
use super::table::{EXACT, NO_MOVE, Table};
use crate::ai::SearchHandler;
use queens_board::{Bitboard, Cell, MAX_CELLS};
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering};
use web_time::Instant;

mod steps;

/// The deepest ply: one move per cell plus the root.
const MAX_PLY: usize = MAX_CELLS + 1;

/// How often (in nodes) a worker looks at the clock and the stop flag.
const POLL_INTERVAL: u64 = 4096;

/// The depth meaning "to the end of the game".
pub(super) const INFINITE_DEPTH: u32 = MAX_CELLS as u32;

/// Switches for the search's techniques, so each can be measured on and off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Break gain ties by killer moves and the history table (else by cell order).
    pub history: bool,
    /// Enhanced transposition cutoffs: probe every child's entry before searching any,
    /// at nodes with at least this many free cells (0 = off).
    pub etc_min_free: u32,
    /// Principal variation search: null windows for all children after the first.
    pub pvs: bool,
    /// Search the table's move before generating the other moves.
    pub staged: bool,
    /// Below the root, down to this ply, leave out moves that a symmetry of the free
    /// set maps onto others (0 = off; the root is the caller's, see `set_root_skip`).
    pub sym_plies: u8,
    /// Below the root, before the table: end a node whose best single gain minus every
    /// other free cell (`2 * max_gain - n`, a lower bound) already reaches beta, or where
    /// every move leaves the other side a gain that keeps the value at or below alpha.
    pub gain_bound: bool,
    /// At exact nodes, find the free set's tokens (clique components, see
    /// `super::gain::Tokens`): search one move per token size, key the table by the
    /// rest and the token sizes, and value a free set of tokens alone at once.
    pub tokens: bool,
    /// Look for tokens only at nodes with at most this many free cells (0: at every
    /// exact node). Tokens appear deep in the tree; above, the test costs time per node.
    pub tokens_below: u32,
    /// With `tokens`: treat the free set's components of 3 or 4 cells that are not
    /// cliques (shapes, `super::gain::Tokens::shape_cells`) as tokens are: one move
    /// per shape and degree, the table keyed by the rest and the shape counts.
    pub shapes: bool,
    /// With `gain_bound`, at exact nodes: `n mod 2 <= V <= max_gain` (of n's parity),
    /// from the greedy strategy (see `Worker::before_table`'s proof).
    pub greedy_bound: bool,
}

impl Default for Options {
    /// The measured best (BENCHMARKS.md, "Solver techniques").
    fn default() -> Options {
        Options {
            history: true,
            etc_min_free: 0,
            pvs: true,
            staged: true,
            sym_plies: 2,
            gain_bound: true,
            tokens: true,
            tokens_below: 0,
            shapes: true,
            greedy_bound: true,
        }
    }
}

/// What every worker of one search shares: the table, the stop flag, the node counter.
pub(super) struct Shared<'a> {
    /// The transposition table.
    pub table: &'a Table,
    /// Raised to stop every worker (a deadline, a stop request, or the answer is in).
    pub stop: AtomicBool,
    /// Raised with `stop` when the stop came from outside (the deadline or the handler),
    /// not from the search having its answer.
    pub interrupted: AtomicBool,
    /// Nodes of all workers, updated at each poll (for progress displays).
    pub nodes: AtomicU64,
    /// The deadline, if any.
    pub deadline: Option<Instant>,
}

impl<'a> Shared<'a> {
    /// A fresh search over `table`.
    pub(super) fn new(table: &'a Table, deadline: Option<Instant>) -> Shared<'a> {
        Shared {
            table,
            stop: AtomicBool::new(false),
            interrupted: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            deadline,
        }
    }
}

impl Shared<'_> {
    /// Stops every worker because of the deadline or a stop request.
    pub(super) fn interrupt(&self) {
        self.interrupted.store(true, Ordering::Relaxed);
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether the deadline passed or a stop was requested.
    pub(super) fn is_interrupted(&self) -> bool {
        self.interrupted.load(Ordering::Relaxed)
    }

    /// Lets the workers run again after an internal stop (not after an interruption).
    pub(super) fn resume(&self) {
        if !self.is_interrupted() {
            self.stop.store(false, Ordering::Relaxed);
        }
    }
}

/// The table key of a node: the free set's, or at exact nodes with tokens, the rest's
/// mixed with the token sizes (positions that differ only in which tokens are left are
/// the same game).
#[inline]
pub(super) fn node_key(free: Bitboard, tokens: &Tokens) -> u64 {
    if tokens.cells.is_empty() {
        key_of(free)
    } else {
        key_of(free & !tokens.cells) ^ tokens.hash()
    }
}

/// A move of a free set of tokens alone: one on a largest token.
fn tokens_first(tokens: &Tokens, free: Bitboard, geometry: &Geometry) -> Option<Cell> {
    let top = free
        .into_iter()
        .map(|cell| (geometry.reach(cell.index()) & free).count())
        .max()?;
    Some(Cell::from_index(tokens.searched(top)))
}

/// The running result of a node.
struct Node {
    best: i32,
    best_move: u8,
    alpha: i32,
}

/// What searching one move led to.
enum Step {
    /// Stopped: nothing of this search counts.
    Aborted,
    /// The move reached beta: the node is done.
    Cut,
    /// Go on with the next move.
    Next,
}

/// One thread's search state.
pub(super) struct Worker<'a> {
    geometry: &'a Geometry,
    shared: &'a Shared<'a>,
    /// The front end, polled by the main worker only.
    handler: Option<&'a dyn SearchHandler<Cell>>,
    options: Options,
    /// 0 for the main worker; helpers perturb their move order with it (Lazy SMP).
    salt: u32,
    /// Nodes searched by this worker since it was made.
    pub nodes: u64,
    reported: u64,
    next_poll: u64,
    aborted: bool,
    lists: Vec<[u32; MAX_CELLS]>,
    killers: Vec<[u8; 2]>,
    history: History,
    /// Root moves to leave out (symmetric images of other root moves).
    root_skip: Bitboard,
    /// The best move of the last root search (for a fail high: the move that proved it).
    root_best: Option<Cell>,
    /// The solver's question the running search answers, if it is a probe.
    question: Option<Question<'a>>,
}

/// A solver probe's question, "is the value at least `target`?", beside the bounds that
/// every worker proves into: once they answer it, the probe has no more to do.
#[derive(Clone, Copy)]
pub(super) struct Question<'a> {
    /// The proved lower bound, shared.
    pub lower: &'a AtomicI32,
    /// The proved upper bound, shared.
    pub upper: &'a AtomicI32,
    /// The probe's target.
    pub target: i32,
}

impl Question<'_> {
    /// Whether the shared bounds answer the question.
    fn answered(&self) -> bool {
        self.lower.load(Ordering::Relaxed) >= self.target
            || self.upper.load(Ordering::Relaxed) < self.target
    }
}

impl<'a> Worker<'a> {
    /// A worker; `salt` 0 is the main one.
    pub(super) fn new(
        geometry: &'a Geometry,
        shared: &'a Shared<'a>,
        handler: Option<&'a dyn SearchHandler<Cell>>,
        options: Options,
        salt: u32,
    ) -> Worker<'a> {
        Worker {
            geometry,
            shared,
            handler,
            options,
            salt,
            nodes: 0,
            reported: 0,
            next_poll: POLL_INTERVAL,
            aborted: false,
            lists: vec![[0; MAX_CELLS]; MAX_PLY],
            killers: vec![[NO_MOVE; 2]; MAX_PLY],
            history: History::default(),
            root_skip: Bitboard::EMPTY,
            root_best: None,
            question: None,
        }
    }

    /// Ties the searches that follow to a probe's question: once another worker's
    /// probe answers it, they stop, and [`Worker::search_root`] returns `None` without
    /// the shared stop flag being raised. `None` unties them.
    pub(super) fn set_question(&mut self, question: Option<Question<'a>>) {
        self.question = question;
    }

    /// Whether every worker was told to stop (not only this one's probe).
    pub(super) fn stop_raised(&self) -> bool {
        self.shared.stop.load(Ordering::Relaxed)
    }

    /// Leaves these root moves out (each is a symmetric image of a move that stays).
    pub(super) fn set_root_skip(&mut self, skip: Bitboard) {
        self.root_skip = skip;
    }

    /// The best root move of the last search.
    pub(super) fn root_best(&self) -> Option<Cell> {
        self.root_best
    }

    /// Halves the history so that old searches weigh less (between iterations and
    /// between the solver's probes).
    pub(super) fn age_history(&mut self) {
        self.history.age();
    }

    /// Searches `free` to `depth` within the window (`alpha`, `beta`), fail-soft: the
    /// result is exact inside the window, an upper bound at or below `alpha`, a lower
    /// bound at or above `beta`. `None` if stopped.
    pub(super) fn search_root(
        &mut self,
        free: Bitboard,
        alpha: i32,
        beta: i32,
        depth: u32,
    ) -> Option<i32> {
        self.aborted = false;
        self.root_best = None;
        let value = self.search(free, alpha, beta, depth, 0);
        self.flush_nodes();
        (!self.aborted).then_some(value)
    }

    /// Adds this worker's unreported nodes to the shared counter.
    pub(super) fn flush_nodes(&mut self) {
        self.shared
            .nodes
            .fetch_add(self.nodes - self.reported, Ordering::Relaxed);
        self.reported = self.nodes;
    }

    #[inline]
    fn poll(&mut self) -> bool {
        if self.nodes < self.next_poll {
            return self.aborted;
        }
        self.next_poll = self.nodes + POLL_INTERVAL;
        self.flush_nodes();
        if let Some(handler) = self.handler {
            handler.on_nodes(self.shared.nodes.load(Ordering::Relaxed));
            if handler.should_stop() {
                self.shared.interrupt();
            }
        }
        if self.shared.deadline.is_some_and(|d| Instant::now() >= d) {
            self.shared.interrupt();
        }
        if self.shared.stop.load(Ordering::Relaxed)
            || self.question.is_some_and(|question| question.answered())
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// The tie-break of a move among equal gains (12 bits; larger first).
    #[inline]
    fn tie(&self, index: usize, ply: usize) -> u32 {
        if self.salt != 0 {
            // Helpers walk equal gains in their own order, so they fill different parts
            // of the shared table.
            let mixed = (index as u32 ^ self.salt.wrapping_mul(0x9E37)).wrapping_mul(0x2C1B_3C6D);
            return mixed >> 20;
        }
        if !self.options.history {
            return 0;
        }
        let killers = self.killers[ply];
        if killers[0] as usize == index {
            0xFFF
        } else if killers[1] as usize == index {
            0xFFE
        } else {
            self.history.tie(index)
        }
    }

    /// One node, in stages: values known without the table ([`Worker::before_table`]),
    /// tokens, the table ([`Worker::probe_table`]), the table's move before any
    /// generation, then the move picker over the other moves ([`Worker::generate`],
    /// [`Worker::pick`]).
    fn search(&mut self, free: Bitboard, alpha: i32, beta: i32, depth: u32, ply: usize) -> i32 {
        self.nodes += 1;
        if self.poll() {
            return 0;
        }
        let n = free.count() as i32;
        if let Some(value) = self.before_table(free, alpha, beta, depth, ply) {
            return value;
        }
        let exact = depth as i32 >= n;
        let draft = if exact { EXACT } else { depth as u8 };
        let tokens = self.tokens_of(free, exact);
        if tokens.cells == free && tokens.only_tokens() {
            // Nothing but tokens: both sides take the largest left.
            if ply == 0 {
                self.root_best = tokens_first(&tokens, free, self.geometry);
            }
            return tokens.value_alone();
        }
        let key = node_key(free, &tokens);
        let tt_move = match self.probe_table(key, free, &tokens, draft, alpha, beta, ply) {
            Ok(tt_move) => tt_move,
            Err(value) => return value,
        };
        let start_nodes = self.nodes;
        let skip = self.skip_of(free, ply);
        let mut node = Node {
            best: -i32::MAX,
            best_move: NO_MOVE,
            alpha,
        };

        // Stage 1: the table's move before generating anything; most nodes of a
        // null-window probe end on it.
        let mut searched_first = false;
        if self.options.staged && tt_move != NO_MOVE {
            let cell = Cell::from_index(tt_move as usize);
            if free.contains(cell) && !skip.contains(cell) {
                match self.child(free, tt_move as usize, &mut node, beta, depth, ply, true) {
                    Step::Aborted => return 0,
                    Step::Cut => {
                        self.store(key, &node, alpha, beta, n, draft, start_nodes);
                        return node.best;
                    }
                    Step::Next => searched_first = true,
                }
            }
        }

        // Stage 2: every other move, picked best first.
        let done = searched_first.then_some(tt_move);
        let (count, max_gain) = self.generate(free, skip, &tokens, done, tt_move, ply);
        if max_gain as i32 == n {
            // One move takes everything: nothing beats n.
            if ply == 0 {
                self.root_best = self.best_of(ply, count);
            }
            return n;
        }
        if max_gain == 1 && ply > 0 && !searched_first {
            // No two free cells see each other: every move takes one cell, to the horizon.
            return (n.min(depth as i32)) & 1;
        }

        if let Some(value) = self.etc(free, beta, depth, count, ply) {
            return value;
        }

        for i in 0..count {
            let index = self.pick(ply, i, count);
            let first = i == 0 && !searched_first;
            match self.child(free, index, &mut node, beta, depth, ply, first) {
                Step::Aborted => return 0,
                Step::Cut => break,
                Step::Next => {}
            }
        }
        self.store(key, &node, alpha, beta, n, draft, start_nodes);
        node.best
    }
}
