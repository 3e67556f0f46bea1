//! The tests' search handler: a stop flag another thread can raise and live progress it
//! can read. The window has its own handler (`queens-app`'s jobs), the CLI
//! [`NoHandler`](super::NoHandler); only the tests that stop a search from another thread
//! need this one.

use super::control::SearchHandler;
use super::stats::Iteration;
use queens_board::Cell;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// A handler shared between a search thread and the test that watches it: a stop flag the
/// test can raise, and live progress it can read at any time. Generic over the game's
/// move; the default is the queens' [`Cell`], so `SharedProgress` alone names theirs.
#[derive(Debug)]
pub(crate) struct SharedProgress<M = Cell> {
    stop: AtomicBool,
    nodes: AtomicU64,
    last: Mutex<Option<Iteration<M>>>,
}

// By hand: a derived `Default` would ask `M: Default`, which a move type need not be.
impl<M> Default for SharedProgress<M> {
    fn default() -> Self {
        SharedProgress {
            stop: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            last: Mutex::new(None),
        }
    }
}

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
