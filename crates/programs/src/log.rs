//! The protocol log of `--log FILE`: every line both ways, with the engine's number and
//! the time since the log was opened, as cutechess-cli's debug output.

use std::fs::File;
use std::io::Write;
use std::path::Path;
use std::sync::{Arc, Mutex};
use web_time::Instant;

/// A shared, append-only log; clones write to the same file. A failed write is dropped:
/// the log is an aid, and losing a line must not lose a game.
#[derive(Clone)]
pub struct ProtocolLog {
    inner: Arc<Mutex<(File, Instant, u32)>>,
}

impl ProtocolLog {
    /// Creates (or truncates) the log at `path`.
    ///
    /// # Errors
    /// The file cannot be created.
    pub fn create(path: &Path) -> std::io::Result<ProtocolLog> {
        let file = File::create(path)?;
        Ok(ProtocolLog {
            inner: Arc::new(Mutex::new((file, Instant::now(), 0))),
        })
    }

    /// A new engine's number in the log (1, 2, ...).
    pub(super) fn next_engine(&self) -> u32 {
        match self.inner.lock() {
            Ok(mut inner) => {
                inner.2 += 1;
                inner.2
            }
            Err(_) => 0,
        }
    }

    /// Writes one line: `[engine 3 +0.125042s] > go depth 2` (microseconds: a move through
    /// the protocol takes well under a millisecond).
    pub(super) fn line(&self, engine: u32, arrow: char, text: &str) {
        if let Ok(mut inner) = self.inner.lock() {
            let seconds = inner.1.elapsed().as_secs_f64();
            let _ = writeln!(inner.0, "[engine {engine} +{seconds:.6}s] {arrow} {text}");
        }
    }
}

impl std::fmt::Debug for ProtocolLog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ProtocolLog")
    }
}

impl PartialEq for ProtocolLog {
    /// The same file (clones of one log).
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.inner, &other.inner)
    }
}

impl Eq for ProtocolLog {}
