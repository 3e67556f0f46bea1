//! The one shape of background work in the window: a named thread running a closure,
//! a stop flag it polls, progress it reports and the window reads at any frame, a
//! repaint request after each report and at the end, and the result taken once the
//! thread has finished. Every job of the window (searches, analysis, move values,
//! Table 2.4, file dialogs, autosave check, history, export, copying old saves) is a
//! [`Job`], so stopping, progress and "the thread died" work the same everywhere.

use crate::ai::SearchHandler;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Wakes the window (a repaint request); tests pass a closure that does nothing.
type Wake = Box<dyn Fn() + Send + Sync>;

/// What the worker and the window share.
struct Shared<P> {
    stop: AtomicBool,
    progress: Mutex<P>,
    wake: Wake,
}

impl<P> Shared<P> {
    fn progress(&self) -> MutexGuard<'_, P> {
        // A worker that panicked mid-report leaves its last progress readable.
        self.progress.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The worker's side of a job: whether to stop, and where to report progress.
pub struct Reporter<P> {
    shared: Arc<Shared<P>>,
}

impl<P> Reporter<P> {
    /// Whether the window asked the work to stop.
    pub fn should_stop(&self) -> bool {
        self.shared.stop.load(Ordering::Relaxed)
    }

    /// Replaces the progress and wakes the window.
    pub fn report(&self, progress: P) {
        *self.shared.progress() = progress;
        (self.shared.wake)();
    }

    /// Changes the progress in place (and wakes the window).
    pub fn update(&self, change: impl FnOnce(&mut P)) {
        change(&mut self.shared.progress());
        (self.shared.wake)();
    }

    /// Changes the progress in place without waking the window (counters updated many
    /// times a second, which the window reads when it draws anyway).
    pub fn update_quietly(&self, change: impl FnOnce(&mut P)) {
        change(&mut self.shared.progress());
    }
}

/// Any job's reporter is a search handler that stops the search when the window asks.
impl<P: Send, M> SearchHandler<M> for Reporter<P> {
    fn should_stop(&self) -> bool {
        Reporter::should_stop(self)
    }
}

/// What polling a job found.
#[derive(Debug, PartialEq, Eq)]
pub enum Polled<R> {
    /// Still working.
    Running,
    /// Finished with this result (given once).
    Done(R),
    /// The thread ended without a result (it panicked, or was never started), or the
    /// result was already taken.
    Lost,
}

/// Work running on its own thread, with progress `P` and result `R`.
pub struct Job<P, R> {
    shared: Arc<Shared<P>>,
    handle: Option<JoinHandle<R>>,
    started: Instant,
}

impl<P: Default + Send + 'static, R: Send + 'static> Job<P, R> {
    /// Starts `work` on a thread called `name`; `wake` is called after each report and
    /// when the work ends (the window passes a repaint request).
    pub fn spawn(
        name: &str,
        wake: impl Fn() + Send + Sync + 'static,
        work: impl FnOnce(&Reporter<P>) -> R + Send + 'static,
    ) -> Job<P, R> {
        let shared = Arc::new(Shared {
            stop: AtomicBool::new(false),
            progress: Mutex::new(P::default()),
            wake: Box::new(wake),
        });
        let reporter = Reporter {
            shared: Arc::clone(&shared),
        };
        let handle = std::thread::Builder::new()
            .name(format!("queens-{name}"))
            .spawn(move || {
                let result = work(&reporter);
                (reporter.shared.wake)();
                result
            })
            // No thread could be made: the job polls as lost, and the window says so.
            .ok();
        Job {
            shared,
            handle,
            started: Instant::now(),
        }
    }
}

impl<P, R> Job<P, R> {
    /// Asks the work to stop at its next poll; it still answers (with what it has).
    pub fn stop(&self) {
        self.shared.stop.store(true, Ordering::Relaxed);
    }

    /// Whether a stop was asked for.
    pub fn stop_requested(&self) -> bool {
        self.shared.stop.load(Ordering::Relaxed)
    }

    /// Reads the progress so far.
    pub fn progress<T>(&self, read: impl FnOnce(&P) -> T) -> T {
        read(&self.shared.progress())
    }

    /// Whether the thread is still working.
    pub fn running(&self) -> bool {
        self.handle
            .as_ref()
            .is_some_and(|handle| !handle.is_finished())
    }

    /// Time since the job started.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// The result once the thread has finished, without blocking.
    pub fn poll(&mut self) -> Polled<R> {
        match &self.handle {
            Some(handle) if !handle.is_finished() => Polled::Running,
            _ => self.join(),
        }
    }

    /// Asks the work to stop and waits for its result (the window is closing).
    pub fn stop_and_join(mut self) -> Polled<R> {
        self.stop();
        self.join()
    }

    /// Waits for the result without asking the work to stop (a write the window must
    /// see finished before it closes).
    pub fn wait(mut self) -> Polled<R> {
        self.join()
    }

    fn join(&mut self) -> Polled<R> {
        match self.handle.take().map(JoinHandle::join) {
            Some(Ok(result)) => Polled::Done(result),
            // A panicked worker has nothing more to give; the window goes on.
            Some(Err(_)) | None => Polled::Lost,
        }
    }
}

impl<P, R> std::fmt::Debug for Job<P, R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Job")
            .field("running", &self.running())
            .field("stop_requested", &self.stop_requested())
            .finish_non_exhaustive()
    }
}

impl<P, R> Drop for Job<P, R> {
    /// A dropped job is never waited for, but it is told to stop so its thread ends.
    fn drop(&mut self) {
        self.stop();
    }
}

/// Polls `job` until it is no longer running, a bounded number of times, for tests:
/// they wait on the job's state, never on a deadline.
#[cfg(test)]
pub fn wait_for<P, R>(job: &mut Job<P, R>) -> Polled<R> {
    for _ in 0..40_000 {
        match job.poll() {
            Polled::Running => std::thread::sleep(Duration::from_millis(5)),
            other => return other,
        }
    }
    Polled::Running
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    #[test]
    fn progress_is_readable_while_running_and_the_result_comes_once() {
        let (go_tx, go_rx) = std::sync::mpsc::channel::<()>();
        let wakes = Arc::new(AtomicUsize::new(0));
        let counted = Arc::clone(&wakes);
        let mut job: Job<usize, &str> = Job::spawn(
            "test",
            move || {
                counted.fetch_add(1, Ordering::Relaxed);
            },
            move |reporter| {
                reporter.report(1);
                reporter.update(|n| *n += 1);
                // Hold until the test has seen the progress.
                let _ = go_rx.recv();
                "done"
            },
        );
        for _ in 0..40_000 {
            if job.progress(|n| *n) == 2 {
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        assert_eq!(job.progress(|n| *n), 2);
        assert_eq!(job.poll(), Polled::Running);
        assert!(job.running());
        go_tx.send(()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(wait_for(&mut job), Polled::Done("done"));
        // Two reports and the end each woke the window.
        assert_eq!(wakes.load(Ordering::Relaxed), 3);
        assert_eq!(job.poll(), Polled::Lost, "a result is given once");
    }

    #[test]
    fn a_stop_reaches_the_worker_and_it_still_answers() {
        let mut job: Job<(), u64> = Job::spawn(
            "test",
            || {},
            |reporter| {
                let mut spins = 0;
                while !reporter.should_stop() {
                    spins += 1;
                    std::thread::yield_now();
                }
                spins
            },
        );
        assert!(!job.stop_requested());
        job.stop();
        assert!(job.stop_requested());
        assert!(matches!(wait_for(&mut job), Polled::Done(_)));
    }

    #[test]
    fn a_panicking_worker_is_lost_not_a_crash() {
        let mut job: Job<(), ()> = Job::spawn("test", || {}, |_| panic!("worker failed"));
        assert_eq!(wait_for(&mut job), Polled::Lost);
    }

    #[test]
    fn dropping_a_job_stops_its_worker() {
        let stopped = Arc::new(AtomicBool::new(false));
        let seen = Arc::clone(&stopped);
        let job: Job<(), ()> = Job::spawn(
            "test",
            || {},
            move |reporter| {
                while !reporter.should_stop() {
                    std::thread::yield_now();
                }
                seen.store(true, Ordering::Relaxed);
            },
        );
        drop(job);
        for _ in 0..40_000 {
            if stopped.load(Ordering::Relaxed) {
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        assert!(
            stopped.load(Ordering::Relaxed),
            "the worker never saw the stop"
        );
    }
}
