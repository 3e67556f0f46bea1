//! Lazy SMP: every thread runs the same search over the shared table; helpers walk equal
//! gains in their own order (their salt), so they fill the table ahead of the main thread,
//! whose answer is the one used.

use super::gain::Geometry;
use super::search::{Options, Shared, Worker};
use crate::ai::SearchHandler;
use queens_board::Cell;
use std::sync::atomic::Ordering;

/// The default number of threads: every core.
pub(crate) fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// The threads to run when `requested` are asked for: 0 means one per core, and more
/// than the cores are capped at them. Lazy SMP threads beyond the cores only take turns
/// with the main one, whose clock checks then wait behind them (1,024 threads turned a
/// 500 ms limit into 5.5 s on two cores).
pub(crate) fn threads_for(requested: usize) -> usize {
    let cores = default_threads();
    match requested {
        0 => cores,
        n => n.min(cores),
    }
}

/// Runs `main` on a main worker in this thread and `helper` on `threads - 1` helper
/// workers; once `main` returns the helpers are stopped and joined. Returns `main`'s
/// answer and the main worker (for follow-up work in one thread).
pub(super) fn run_threads<'a, T>(
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

/// `threads_for` and, when fewer threads than asked for will run, a one-line note
/// saying so (the commands print it on stderr).
pub fn thread_note(requested: usize) -> (usize, Option<String>) {
    let used = threads_for(requested);
    let note = (requested > used).then(|| {
        format!("--threads {requested} is more than this machine's {used} cores; using {used}")
    });
    (used, note)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zero_means_every_core_and_more_than_the_cores_are_capped() {
        let cores = default_threads();
        assert_eq!(threads_for(0), cores);
        assert_eq!(threads_for(1), 1);
        assert_eq!(threads_for(cores + 1000), cores);
        assert_eq!(thread_note(cores), (cores, None));
        let (used, note) = thread_note(cores + 1);
        assert_eq!(used, cores);
        assert!(note.is_some_and(|n| n.contains("using") && !n.contains('\n')));
    }
}
