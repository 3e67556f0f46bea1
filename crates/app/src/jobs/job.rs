//! The one shape of background work in the window: work running away from the window's
//! thread, a stop flag it polls, progress it reports and the window reads at any frame, a
//! repaint request after each report and at the end, and the result taken once the work
//! has finished. Every job of the window (searches, analysis, move values, Table 2.4,
//! file dialogs, autosave check, history, export, copying old saves) is a [`Job`], so
//! stopping, progress and "the work died" work the same everywhere.
//!
//! Two kinds of work, one type:
//! - [`Job::spawn`] runs a closure on a named thread: files, dialogs, small reads. In the
//!   browser, which has no threads, the closure runs at once on the page's thread (these
//!   are quick there: the browser's storage answers in memory).
//! - [`Job::start`] runs a [`Task`]: the searches and every other computation that can
//!   take seconds. On the desktop it is a thread like any other; in the browser it runs
//!   in a Web Worker ([`super::in_worker`]): the task, its progress and its answer
//!   cross as messages, and a stop reaches the worker as on the desktop, at its next poll.
//!   The window's code is the same on both.

use queens_engines::ai::SearchHandler;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;
use web_time::Instant;

/// How urgently a report should reach the window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Urgency {
    /// Now (a new depth, a position analysed, the end).
    Now,
    /// Whenever the window next draws (counters changed many times a second).
    Quiet,
}

/// Called with the progress after each report: wakes the window (a repaint request; in
/// a Web Worker, the message that carries the progress to the page). Tests pass a
/// closure that does nothing.
pub(crate) type Wake<P> = Box<dyn Fn(&P, Urgency) + Send + Sync>;

/// Asked at each poll whether a stop came from outside the flag (a Web Worker's page).
pub(crate) type Asked = Box<dyn Fn() -> bool + Send + Sync>;

/// What the worker and the window share.
pub(crate) struct Shared<P> {
    stop: AtomicBool,
    progress: Mutex<P>,
    wake: Wake<P>,
    asked: Option<Asked>,
}

impl<P> Shared<P> {
    pub(crate) fn new(progress: P, wake: Wake<P>, asked: Option<Asked>) -> Shared<P> {
        Shared {
            stop: AtomicBool::new(false),
            progress: Mutex::new(progress),
            wake,
            asked,
        }
    }

    pub(crate) fn progress(&self) -> MutexGuard<'_, P> {
        // A worker that panicked mid-report leaves its last progress readable.
        self.progress.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Replaces the progress with what a Web Worker reported, and wakes the window.
    #[cfg(target_arch = "wasm32")]
    pub(crate) fn set_progress(&self, progress: P) {
        let mut held = self.progress();
        *held = progress;
        (self.wake)(&held, Urgency::Now);
    }

    /// Wakes the window (a Web Worker's answer came).
    #[cfg(target_arch = "wasm32")]
    pub(crate) fn wake_now(&self) {
        self.wake(Urgency::Now);
    }

    fn wake(&self, urgency: Urgency) {
        (self.wake)(&self.progress(), urgency);
    }
}

/// The worker's side of a job: whether to stop, and where to report progress.
pub(crate) struct Reporter<P> {
    shared: Arc<Shared<P>>,
}

impl<P> Reporter<P> {
    /// The reporter of work whose progress and stop are `shared`.
    pub(crate) fn of(shared: Arc<Shared<P>>) -> Reporter<P> {
        Reporter { shared }
    }

    /// Whether the window asked the work to stop.
    pub(crate) fn should_stop(&self) -> bool {
        if self.shared.stop.load(Ordering::Relaxed) {
            return true;
        }
        let asked = self.shared.asked.as_ref().is_some_and(|asked| asked());
        if asked {
            self.shared.stop.store(true, Ordering::Relaxed);
        }
        asked
    }

    /// Replaces the progress and wakes the window.
    pub(crate) fn report(&self, progress: P) {
        *self.shared.progress() = progress;
        self.shared.wake(Urgency::Now);
    }

    /// Changes the progress in place (and wakes the window).
    pub(crate) fn update(&self, change: impl FnOnce(&mut P)) {
        change(&mut self.shared.progress());
        self.shared.wake(Urgency::Now);
    }

    /// Changes the progress in place without waking the window (counters updated many
    /// times a second, which the window reads when it draws anyway).
    pub(crate) fn update_quietly(&self, change: impl FnOnce(&mut P)) {
        change(&mut self.shared.progress());
        self.shared.wake(Urgency::Quiet);
    }
}

/// Any job's reporter is a search handler that stops the search when the window asks.
impl<P: Send, M> SearchHandler<M> for Reporter<P> {
    fn should_stop(&self) -> bool {
        Reporter::should_stop(self)
    }
}

/// Work that may run in another thread or in a Web Worker: everything it needs is in
/// the task itself, and its progress and answer are plain data, so in the browser they
/// cross to the worker and back as messages. The window starts one with [`Job::start`].
///
/// A new task is also named in `run_named` (crates/app/src/web/worker.rs), the list the
/// browser's worker runs from.
pub(crate) trait Task: Serialize + DeserializeOwned + Send + 'static {
    /// The name the browser's worker knows the task by.
    const NAME: &'static str;
    /// What the work reports while it runs.
    type Progress: Default + Serialize + DeserializeOwned + Send + 'static;
    /// Its answer.
    type Output: Serialize + DeserializeOwned + Send + 'static;
    /// Does the work, polling `reporter` for a stop and reporting progress to it.
    fn run(self, reporter: &Reporter<Self::Progress>) -> Self::Output;

    /// In a browser, the name of the worker this task goes to when that worker is free
    /// (kept after its answer, with what it built, such as an engine's table); `None`
    /// (most tasks): a new worker, ended after its answer. The desktop's threads keep
    /// what they built in the task's answer instead.
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    fn home(&self) -> Option<String> {
        None
    }
}

/// What polling a job found.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Polled<R> {
    /// Still working.
    Running,
    /// Finished with this result (given once).
    Done(R),
    /// The work ended without a result (it panicked, or was never started), or the
    /// result was already taken.
    Lost,
}

/// Where the work runs.
enum Handle<R> {
    /// A thread of this process.
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    Thread(JoinHandle<R>),
    /// A Web Worker of this page.
    #[cfg(target_arch = "wasm32")]
    Worker(super::in_worker::Running<R>),
    /// The browser's work that waits on the page (a file chooser): the answer once set.
    #[cfg(target_arch = "wasm32")]
    Future(std::rc::Rc<std::cell::RefCell<Option<R>>>),
    /// Work that ran to its end on the caller's thread (the browser's file work).
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    Finished(R),
}

/// Work running away from the window, with progress `P` and result `R`.
pub(crate) struct Job<P, R> {
    shared: Arc<Shared<P>>,
    handle: Option<Handle<R>>,
    started: Instant,
}

/// The shared state of a new job whose reports call `wake`.
fn shared_for<P: Default>(wake: impl Fn() + Send + Sync + 'static) -> Arc<Shared<P>> {
    Arc::new(Shared::new(
        P::default(),
        Box::new(move |_: &P, urgency| {
            if urgency == Urgency::Now {
                wake();
            }
        }),
        None,
    ))
}

impl<P: Default + Send + 'static, R: Send + 'static> Job<P, R> {
    /// Starts `work` on a thread called `name` (in the browser: runs it now); `wake` is
    /// called after each report and when the work ends (the window passes a repaint
    /// request).
    pub(crate) fn spawn(
        name: &str,
        wake: impl Fn() + Send + Sync + 'static,
        work: impl FnOnce(&Reporter<P>) -> R + Send + 'static,
    ) -> Job<P, R> {
        let shared = shared_for(wake);
        let reporter = Reporter::of(Arc::clone(&shared));
        #[cfg(target_arch = "wasm32")]
        let handle = {
            let _ = name;
            let result = work(&reporter);
            Some(Handle::Finished(result))
        };
        #[cfg(not(target_arch = "wasm32"))]
        let handle = std::thread::Builder::new()
            .name(format!("queens-{name}"))
            .spawn(move || {
                let result = work(&reporter);
                reporter.shared.wake(Urgency::Now);
                result
            })
            // No thread could be made: the job polls as lost, and the window says so.
            .ok()
            .map(Handle::Thread);
        Job {
            shared,
            handle,
            started: Instant::now(),
        }
    }
}

impl<P: Default + Send + 'static, R: Send + 'static> Job<P, R> {
    /// Starts `task` away from the window: on its own thread on the desktop, in a Web
    /// Worker in the browser. `wake` is called after each report and at the end.
    pub(crate) fn start<T: Task<Progress = P, Output = R>>(
        task: T,
        wake: impl Fn() + Send + Sync + 'static,
    ) -> Self
    where
        P: DeserializeOwned,
        R: DeserializeOwned,
    {
        #[cfg(target_arch = "wasm32")]
        {
            let shared = shared_for(wake);
            let reports = Arc::clone(&shared);
            let ends = Arc::clone(&shared);
            let handle = serde_json::to_string(&task)
                .ok()
                .and_then(|input| {
                    super::in_worker::Running::start(
                        T::NAME,
                        &input,
                        task.home(),
                        move |progress| reports.set_progress(progress),
                        move || ends.wake_now(),
                    )
                })
                .map(Handle::Worker);
            Job {
                shared,
                handle,
                started: Instant::now(),
            }
        }
        #[cfg(not(target_arch = "wasm32"))]
        Job::spawn(T::NAME, wake, move |reporter| task.run(reporter))
    }
}

#[cfg(target_arch = "wasm32")]
impl<P: Default + Send + 'static, R: 'static> Job<P, R> {
    /// In the browser: waits for `work` on the page (a file chooser), without holding it;
    /// `wake` is called when it answers.
    pub(crate) fn later(
        work: impl std::future::Future<Output = R> + 'static,
        wake: impl Fn() + Send + Sync + 'static,
    ) -> Self {
        let shared: Arc<Shared<P>> = shared_for(wake);
        let answer = std::rc::Rc::new(std::cell::RefCell::new(None));
        let filled = std::rc::Rc::clone(&answer);
        let woken = Arc::clone(&shared);
        wasm_bindgen_futures::spawn_local(async move {
            let result = work.await;
            *filled.borrow_mut() = Some(result);
            woken.wake_now();
        });
        Job {
            shared,
            handle: Some(Handle::Future(answer)),
            started: Instant::now(),
        }
    }
}

impl<P, R> Job<P, R> {
    /// Asks the work to stop at its next poll; it still answers (with what it has).
    pub(crate) fn stop(&self) {
        self.shared.stop.store(true, Ordering::Relaxed);
        #[cfg(target_arch = "wasm32")]
        if let Some(Handle::Worker(running)) = &self.handle {
            running.stop();
        }
    }

    /// Whether a stop was asked for.
    pub(crate) fn stop_requested(&self) -> bool {
        self.shared.stop.load(Ordering::Relaxed)
    }

    /// Reads the progress so far.
    pub(crate) fn progress<T>(&self, read: impl FnOnce(&P) -> T) -> T {
        read(&self.shared.progress())
    }

    /// Whether the work is still going.
    pub(crate) fn running(&self) -> bool {
        match &self.handle {
            Some(Handle::Thread(handle)) => !handle.is_finished(),
            #[cfg(target_arch = "wasm32")]
            Some(Handle::Worker(running)) => running.is_running(),
            #[cfg(target_arch = "wasm32")]
            Some(Handle::Future(answer)) => answer.borrow().is_none(),
            Some(Handle::Finished(_)) | None => false,
        }
    }

    /// Time since the job started.
    pub(crate) fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// The result once the work has finished, without blocking.
    pub(crate) fn poll(&mut self) -> Polled<R> {
        if self.running() {
            Polled::Running
        } else {
            self.join()
        }
    }

    /// Asks the work to stop and waits for its result (the window is closing). In the
    /// browser nothing can wait: an unfinished worker is ended and its answer lost.
    pub(crate) fn stop_and_join(mut self) -> Polled<R> {
        self.stop();
        self.join()
    }

    /// Waits for the result without asking the work to stop (a write the window must
    /// see finished before it closes).
    pub(crate) fn wait(mut self) -> Polled<R> {
        self.join()
    }

    fn join(&mut self) -> Polled<R> {
        match self.handle.take() {
            Some(Handle::Thread(handle)) => match handle.join() {
                Ok(result) => Polled::Done(result),
                // A panicked worker has nothing more to give; the window goes on.
                Err(_) => Polled::Lost,
            },
            #[cfg(target_arch = "wasm32")]
            Some(Handle::Worker(running)) => match running.take() {
                Some(result) => Polled::Done(result),
                None => Polled::Lost,
            },
            #[cfg(target_arch = "wasm32")]
            Some(Handle::Future(answer)) => match answer.borrow_mut().take() {
                Some(result) => Polled::Done(result),
                None => Polled::Lost,
            },
            Some(Handle::Finished(result)) => Polled::Done(result),
            None => Polled::Lost,
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
    /// A dropped job is never waited for, but it is told to stop so its work ends.
    fn drop(&mut self) {
        self.stop();
    }
}

/// Polls `job` until it is no longer running, a bounded number of times, for tests:
/// they wait on the job's state, never on a deadline.
#[cfg(test)]
pub(crate) fn wait_for<P, R>(job: &mut Job<P, R>) -> Polled<R> {
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
