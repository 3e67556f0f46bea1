//! How a front end talks to a running search: limits going in, progress and "stop"
//! through a small handler (the search itself does no I/O and knows no threads).

use super::stats::Iteration;
#[cfg(test)]
use queens_board::Cell;
#[cfg(test)]
use std::sync::Mutex;
#[cfg(test)]
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

/// How far to search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Limits {
    /// The maximum depth in plies (at least 1).
    pub depth: u32,
    /// A thinking-time limit. With one, the search deepens iteratively from depth 1 and
    /// answers with the deepest completed depth; without, it searches `depth` directly.
    pub time: Option<Duration>,
}

impl Limits {
    /// A fixed-depth search without a time limit.
    pub fn depth(depth: u32) -> Limits {
        Limits { depth, time: None }
    }
}

/// The front end's side of a search: polled for "stop" every few thousand nodes and told
/// about progress. Every method has a do-nothing default.
pub trait SearchHandler<M>: Sync {
    /// Whether the search should stop now (e.g. the user pressed "Move now").
    fn should_stop(&self) -> bool {
        false
    }

    /// The number of nodes searched so far (all depths), reported at each poll.
    fn on_nodes(&self, _nodes: u64) {}

    /// A depth has been completed.
    fn on_iteration(&self, _iteration: &Iteration<M>) {}
}

/// A handler that never stops a search and ignores progress (the CLI's).
pub struct NoHandler;

impl<M> SearchHandler<M> for NoHandler {}

/// A handler shared between a search thread and a window: a stop flag another thread can
/// raise, and live progress it can read at any time. Generic over the game's move; the
/// default is the queens' [`Cell`], so `SharedProgress` alone still names theirs. The
/// tests' handler: the window has its own (`queens-app`'s jobs), the CLI [`NoHandler`].
#[cfg(test)]
#[derive(Debug)]
pub(crate) struct SharedProgress<M = Cell> {
    stop: AtomicBool,
    nodes: AtomicU64,
    last: Mutex<Option<Iteration<M>>>,
}

// By hand: a derived `Default` would ask `M: Default`, which a move type need not be.
#[cfg(test)]
impl<M> Default for SharedProgress<M> {
    fn default() -> Self {
        SharedProgress {
            stop: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            last: Mutex::new(None),
        }
    }
}

#[cfg(test)]
impl<M: Clone> SharedProgress<M> {
    /// Asks the search to stop; it answers with its deepest completed depth.
    pub(crate) fn request_stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether a stop was requested.
    pub(crate) fn stop_requested(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Nodes searched so far.
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// The deepest completed depth so far, with its best move and value.
    pub(crate) fn last_iteration(&self) -> Option<Iteration<M>> {
        match self.last.lock() {
            Ok(guard) => guard.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }
}

#[cfg(test)]
impl<M: Clone + Send> SearchHandler<M> for SharedProgress<M> {
    fn should_stop(&self) -> bool {
        self.stop_requested()
    }

    fn on_nodes(&self, nodes: u64) {
        self.nodes.store(nodes, Ordering::Relaxed);
    }

    fn on_iteration(&self, iteration: &Iteration<M>) {
        let mut guard = match self.last.lock() {
            Ok(guard) => guard,
            Err(poisoned) => poisoned.into_inner(),
        };
        *guard = Some(iteration.clone());
    }
}
