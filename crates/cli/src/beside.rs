//! A reporter thread beside a piece of work (the progress line of `queens solve`) that
//! ends when the work ends, however it ends: returned, stopped, or panicked. A reporter
//! waiting for a flag nobody sets after a panic kept the process alive for ever, deaf to
//! SIGTERM.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Sets its flag and wakes the reporter when dropped, so unwinding from a panic does too.
struct SetOnDrop<'a>(&'a AtomicBool, std::thread::Thread);

impl Drop for SetOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
        self.1.unpark();
    }
}

/// Runs `work` on this thread and `report` every `every` on another, until `work` ends;
/// then `finish` once. A panic in `work` ends the reporter and is passed on.
pub(crate) fn with_reporter<T>(
    work: impl FnOnce() -> T,
    report: impl Fn() + Sync,
    finish: impl FnOnce() + Send,
    every: Duration,
) -> T {
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let reporter = scope.spawn(|| {
            while !done.load(Ordering::Relaxed) {
                report();
                // Woken early when the work ends: a sleep here added up to `every` to
                // each command's wall time (the solve times were whole tenths).
                std::thread::park_timeout(every);
            }
            finish();
        });
        let _done_when_dropped = SetOnDrop(&done, reporter.thread().clone());
        work()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicU32;

    #[test]
    fn the_reporter_ends_with_the_work() {
        let finished = AtomicBool::new(false);
        let value = with_reporter(
            || 42,
            || {},
            || finished.store(true, Ordering::Relaxed),
            Duration::from_millis(1),
        );
        assert_eq!(value, 42);
        assert!(finished.load(Ordering::Relaxed));
    }

    /// Before the fix the reporter waited for a flag the panicking work never set, and
    /// this test never returned.
    #[test]
    fn a_panic_in_the_work_ends_the_reporter_and_is_passed_on() {
        let reports = AtomicU32::new(0);
        let finished = AtomicBool::new(false);
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            with_reporter(
                || -> u32 { panic!("the work failed") },
                || {
                    reports.fetch_add(1, Ordering::Relaxed);
                },
                || finished.store(true, Ordering::Relaxed),
                Duration::from_millis(1),
            )
        }));
        assert!(outcome.is_err(), "the panic is passed on");
        assert!(finished.load(Ordering::Relaxed), "the reporter ended");
    }
}
