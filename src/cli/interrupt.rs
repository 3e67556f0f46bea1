//! Ctrl+C, SIGTERM and SIGHUP as a value the long commands (`arena`, `bestmove`) poll,
//! instead of a process-wide static and an `exit` in a signal handler: the work stops at
//! its next check, and the command still prints what it finished.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// The stop requests (Ctrl+C, SIGTERM or SIGHUP) received since [`Interrupt::install`].
#[derive(Clone, Debug, Default)]
pub struct Interrupt {
    /// Raised by the first request; searches poll it.
    stop: Arc<AtomicBool>,
    /// Requests received so far (a second one means "stop even the saving").
    presses: Arc<AtomicUsize>,
}

impl Interrupt {
    /// A flag nothing raises but [`Interrupt::request`] (tests, or a caller of the library
    /// that handles signals itself).
    pub fn new() -> Interrupt {
        Interrupt::default()
    }

    /// Routes Ctrl+C, SIGTERM and SIGHUP of this process to a new flag. Signals are
    /// process-wide, so only the first call in a process gets them: a later call (a second
    /// command run in one test process) returns a flag only [`Interrupt::request`] raises,
    /// and the signals keep going to the first one.
    pub fn install() -> Interrupt {
        let interrupt = Interrupt::new();
        let handler = interrupt.clone();
        // Fails only when a handler is already installed in this process (see above).
        let _ = ctrlc::try_set_handler(move || handler.request());
        interrupt
    }

    /// Records a stop request, as a signal does.
    pub fn request(&self) {
        self.presses.fetch_add(1, Ordering::SeqCst);
        self.stop.store(true, Ordering::SeqCst);
    }

    /// The flag raised by the first request, for the search's stop checks.
    pub fn flag(&self) -> &AtomicBool {
        &self.stop
    }

    /// Requests received so far.
    pub fn presses(&self) -> usize {
        self.presses.load(Ordering::SeqCst)
    }

    /// Whether a stop was requested.
    pub fn requested(&self) -> bool {
        self.presses() > 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_raise_the_flag_and_are_counted() {
        let interrupt = Interrupt::new();
        assert!(!interrupt.requested() && !interrupt.flag().load(Ordering::SeqCst));
        let seen_by_a_handler = interrupt.clone();
        seen_by_a_handler.request();
        assert!(interrupt.flag().load(Ordering::SeqCst));
        seen_by_a_handler.request();
        assert_eq!(interrupt.presses(), 2);
    }
}
