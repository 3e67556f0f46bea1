//! A count of the [`ArenaGame`](super::ArenaGame) records alive in the process: the
//! measure of the arena's memory bound. A 1,000,000-game series once held every game
//! (1.17 GB); now each game is handed to the caller and dropped, so the count stays near
//! the number of worker threads however long the series is, and a test can check that.

use std::sync::atomic::{AtomicUsize, Ordering};

static LIVE_GAMES: AtomicUsize = AtomicUsize::new(0);

/// How many arena game records exist right now in this process.
pub fn live_games() -> usize {
    LIVE_GAMES.load(Ordering::Relaxed)
}

/// A token inside each game record: counted while it lives.
#[derive(Debug)]
pub(super) struct Live(());

impl Live {
    pub(super) fn new() -> Live {
        LIVE_GAMES.fetch_add(1, Ordering::Relaxed);
        Live(())
    }
}

impl Clone for Live {
    fn clone(&self) -> Live {
        Live::new()
    }
}

impl Drop for Live {
    fn drop(&mut self) {
        LIVE_GAMES.fetch_sub(1, Ordering::Relaxed);
    }
}

impl PartialEq for Live {
    /// Tokens carry no data: two records are equal by their games alone.
    fn eq(&self, _: &Live) -> bool {
        true
    }
}

impl Eq for Live {}
