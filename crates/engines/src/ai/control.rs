//! How a front end talks to a running search: limits going in, progress and "stop"
//! through a small handler (the search itself does no I/O and knows no threads).

use super::stats::Iteration;
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
