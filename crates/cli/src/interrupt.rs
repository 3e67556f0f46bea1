//! Ctrl+C, SIGTERM and SIGHUP as a value the long commands (`arena`, `bestmove`,
//! `solve`, `analyse`) poll, instead of a process-wide static and an `exit` in a signal
//! handler: the work stops at its next check, and the command still prints what it
//! finished.
//!
//! On Unix, SIGTERM is always ours; SIGINT and SIGHUP only when the caller did not leave
//! them ignored (a shell ignores SIGINT for `cmd &` in a script, `nohup` ignores SIGHUP):
//! what the caller chose to ignore stays ignored. On Windows, Ctrl+C and closing the
//! console (ctrlc).

use queens_engines::ai::SearchHandler;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// The stop requests (Ctrl+C, SIGTERM or SIGHUP) received since [`Interrupt::install`].
#[derive(Clone, Debug, Default)]
pub(crate) struct Interrupt {
    /// Raised by the first request; searches poll it.
    stop: Arc<AtomicBool>,
    /// Requests received so far (a second one means "stop even the saving").
    presses: Arc<AtomicUsize>,
}

impl Interrupt {
    /// A flag nothing raises but [`Interrupt::request`] (tests, or a caller of the library
    /// that handles signals itself).
    pub(crate) fn new() -> Interrupt {
        Interrupt::default()
    }

    /// Routes Ctrl+C, SIGTERM and SIGHUP of this process to a new flag. Signals are
    /// process-wide, so only the first call in a process gets them: a later call (a second
    /// command run in one test process) returns a flag only [`Interrupt::request`] raises,
    /// and the signals keep going to the first one.
    pub(crate) fn install() -> Interrupt {
        let interrupt = Interrupt::new();
        if !INSTALLED.swap(true, Ordering::SeqCst) {
            route_signals(&interrupt);
        }
        interrupt
    }

    /// Records a stop request, as a signal does.
    pub(crate) fn request(&self) {
        self.presses.fetch_add(1, Ordering::SeqCst);
        self.stop.store(true, Ordering::SeqCst);
    }

    /// The flag raised by the first request, for the search's stop checks.
    pub(crate) fn flag(&self) -> &AtomicBool {
        &self.stop
    }

    /// Requests received so far.
    pub(crate) fn presses(&self) -> usize {
        self.presses.load(Ordering::SeqCst)
    }

    /// Whether a stop was requested.
    pub(crate) fn requested(&self) -> bool {
        self.presses() > 0
    }
}

/// Whether a process's signals already go to an [`Interrupt`].
static INSTALLED: AtomicBool = AtomicBool::new(false);

/// Sends this process's stop signals to `interrupt` from a thread of their own (signal
/// handlers may only set flags; the thread counts each request). If nothing can be
/// installed the command still runs, and a signal ends it as it would any program.
#[cfg(unix)]
fn route_signals(interrupt: &Interrupt) {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let ignored = inherited_ignored();
    let wanted: Vec<i32> = [SIGINT, SIGTERM, SIGHUP]
        .into_iter()
        .filter(|&signal| signal == SIGTERM || !ignored.contains(&signal))
        .collect();
    let Ok(mut signals) = signal_hook::iterator::Signals::new(&wanted) else {
        return;
    };
    let handler = interrupt.clone();
    let _ = std::thread::Builder::new()
        .name("queens-signals".into())
        .spawn(move || {
            for _ in signals.forever() {
                handler.request();
            }
        });
}

/// The signals this process was started with ignored, read from `/proc/self/status`
/// (Linux). Elsewhere none are known, so SIGINT and SIGHUP are taken even if ignored.
#[cfg(unix)]
fn inherited_ignored() -> Vec<i32> {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    ignored_in_status(&status)
}

/// The signals of a `/proc/<pid>/status` text's `SigIgn:` mask (bit n-1 is signal n).
#[cfg(unix)]
fn ignored_in_status(status: &str) -> Vec<i32> {
    let mask = status
        .lines()
        .find_map(|line| line.strip_prefix("SigIgn:"))
        .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
        .unwrap_or(0);
    (1..=64)
        .filter(|signal| mask & (1 << (signal - 1)) != 0)
        .collect()
}

/// Ctrl+C, Ctrl+Break and closing the console.
#[cfg(windows)]
fn route_signals(interrupt: &Interrupt) {
    let handler = interrupt.clone();
    // Fails only when a handler is already installed in this process.
    let _ = ctrlc::try_set_handler(move || handler.request());
}

/// A system with neither (the browser's wasm32, which runs no command line): nothing to
/// route, so `cargo check --target wasm32-unknown-unknown` of the whole workspace holds.
#[cfg(not(any(unix, windows)))]
fn route_signals(interrupt: &Interrupt) {
    let _ = interrupt;
}

/// Stops the search when a stop request arrives, as the window's "Move now" does.
pub(crate) struct StopOnRequest<'a>(pub &'a Interrupt);

impl<M> SearchHandler<M> for StopOnRequest<'_> {
    fn should_stop(&self) -> bool {
        self.0.flag().load(Ordering::Relaxed)
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

    #[cfg(unix)]
    #[test]
    fn the_ignored_mask_of_a_status_text_names_its_signals() {
        // SIGHUP (1) and SIGINT (2) ignored, as `nohup cmd &` from a script leaves them.
        let status = "Name:\tqueens\nSigBlk:\t0000000000000000\nSigIgn:\t0000000000000003\n";
        assert_eq!(ignored_in_status(status), vec![1, 2]);
        assert_eq!(ignored_in_status("SigIgn:\t0000000000004000\n"), vec![15]);
        assert!(ignored_in_status("no mask here").is_empty());
    }
}
