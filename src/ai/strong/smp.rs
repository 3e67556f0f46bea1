//! Lazy SMP: every thread runs the same search over the shared table; helpers walk equal
//! gains in their own order (their salt), so they fill the table ahead of the main thread,
//! whose answer is the one used.

use super::gain::Geometry;
use super::search::{Options, Shared, Worker};
use crate::ai::SearchHandler;
use crate::board::Cell;
use std::sync::atomic::Ordering;

/// The default number of threads: every core.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// Runs `main` on a main worker in this thread and `helper` on `threads - 1` helper
/// workers; once `main` returns the helpers are stopped and joined. Returns `main`'s
/// answer and the main worker (for follow-up work in one thread).
pub fn run_threads<'a, T>(
    geometry: &'a Geometry,
    shared: &'a Shared<'a>,
    handler: &'a dyn SearchHandler<Cell>,
    options: Options,
    threads: usize,
    main: impl FnOnce(&mut Worker<'a>) -> T,
    helper: impl Fn(&mut Worker<'a>) + Sync,
) -> (T, Worker<'a>) {
    let mut worker = Worker::new(geometry, shared, Some(handler), options, 0);
    let answer = std::thread::scope(|scope| {
        for salt in 1..threads.max(1) {
            let helper = &helper;
            scope.spawn(move || {
                let mut worker = Worker::new(geometry, shared, None, options, salt as u32);
                helper(&mut worker);
                worker.flush_nodes();
            });
        }
        let answer = main(&mut worker);
        shared.stop.store(true, Ordering::Relaxed);
        answer
    });
    (answer, worker)
}
