//! The background search: one thread per request, a shared progress/stop handle, and a
//! channel for the answer. Each request is tagged with the game id and the exact
//! position, and the window drops any answer whose tag no longer matches.

use crate::ai::{Algorithm, Iteration, Limits, SearchOutcome, SharedProgress};
use crate::board::{Board, Cell};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// A computer player's move: played when it arrives.
    Move,
    /// A suggestion for the human: shown on the board.
    Hint,
}

/// Which game and position a search was started on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchTag {
    /// The game id ([`super::game::Game::id`]).
    pub game_id: u64,
    /// The position's game string.
    pub position: String,
}

impl SearchTag {
    /// The tag of `board` in game `game_id`.
    pub fn of(game_id: u64, board: &Board) -> SearchTag {
        SearchTag {
            game_id,
            position: board.game_string(),
        }
    }
}

/// A search running on its own thread.
pub struct SearchJob {
    /// Where the search was started.
    pub tag: SearchTag,
    /// Why.
    pub purpose: Purpose,
    progress: Arc<SharedProgress>,
    receiver: Receiver<SearchOutcome<Cell>>,
    handle: Option<JoinHandle<()>>,
    started: Instant,
}

/// What polling a job found.
pub enum Poll {
    /// Still thinking.
    Running,
    /// Finished with this outcome.
    Done(SearchOutcome<Cell>),
    /// The thread ended without an answer (it panicked).
    Lost,
}

impl SearchJob {
    /// Starts searching `board` on a new thread; `wake` is called when the answer is
    /// ready (the window passes a repaint request).
    pub fn start(
        tag: SearchTag,
        purpose: Purpose,
        board: &Board,
        algorithm: Algorithm,
        limits: Limits,
        wake: impl Fn() + Send + 'static,
    ) -> SearchJob {
        let progress = Arc::new(SharedProgress::default());
        let (sender, receiver) = channel();
        let board = board.clone();
        let thread_progress = Arc::clone(&progress);
        let handle = std::thread::Builder::new()
            .name("queens-search".into())
            .spawn(move || {
                let outcome = algorithm.engine().think(&board, limits, &*thread_progress);
                // The window may have gone: then nobody wants the answer.
                let _ = sender.send(outcome);
                wake();
            })
            .ok();
        SearchJob {
            tag,
            purpose,
            progress,
            receiver,
            handle,
            started: Instant::now(),
        }
    }

    /// Checks for the answer without blocking.
    pub fn poll(&mut self) -> Poll {
        match self.receiver.try_recv() {
            Ok(outcome) => {
                self.join();
                Poll::Done(outcome)
            }
            Err(TryRecvError::Empty) if self.handle.is_some() => Poll::Running,
            Err(_) => Poll::Lost,
        }
    }

    /// Asks the search to answer now with its deepest completed depth.
    pub fn request_stop(&self) {
        self.progress.request_stop();
    }

    /// Whether a stop was asked for.
    pub fn stop_requested(&self) -> bool {
        self.progress.stop_requested()
    }

    /// Nodes searched so far.
    pub fn nodes(&self) -> u64 {
        self.progress.nodes()
    }

    /// The deepest completed depth so far.
    pub fn last_iteration(&self) -> Option<Iteration<Cell>> {
        self.progress.last_iteration()
    }

    /// Time since the search started.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Stops the search and waits for its thread (it polls the stop flag every few
    /// thousand nodes, so this is quick).
    pub fn stop_and_join(mut self) {
        self.request_stop();
        self.join();
    }

    fn join(&mut self) {
        if let Some(handle) = self.handle.take() {
            // A panicked search thread has nothing more to give; the window goes on.
            let _ = handle.join();
        }
    }
}

impl Drop for SearchJob {
    /// A dropped job is never waited for, but it is told to stop so its thread ends.
    fn drop(&mut self) {
        self.progress.request_stop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Polls until the job answers; a bounded number of polls, not a deadline.
    fn wait(job: &mut SearchJob) -> SearchOutcome<Cell> {
        for _ in 0..4_000 {
            match job.poll() {
                Poll::Done(outcome) => return outcome,
                Poll::Lost => panic!("search thread lost"),
                Poll::Running => std::thread::sleep(Duration::from_millis(5)),
            }
        }
        panic!("search did not finish");
    }

    #[test]
    fn a_stopped_long_search_still_answers_with_a_legal_move() {
        let board = Board::new(15, &[]).unwrap_or_else(|e| panic!("{e}"));
        // A search that would take a minute: only the stop can end it within the polls.
        let limits = Limits {
            depth: 30,
            time: Some(Duration::from_secs(60)),
        };
        let tag = SearchTag::of(7, &board);
        let mut job = SearchJob::start(
            tag,
            Purpose::Move,
            &board,
            Algorithm::AlphaBeta,
            limits,
            || {},
        );
        // Stop once a depth is complete (a state, not a sleep).
        for _ in 0..4_000 {
            if job.last_iteration().is_some() {
                break;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(job.last_iteration().is_some(), "no depth completed");
        job.request_stop();
        let outcome = wait(&mut job);
        let best = outcome.best_move.unwrap_or_else(|| panic!("no move"));
        assert!(board.free().contains(best));
        assert!(outcome.interrupted && outcome.depth < 30);
        assert_eq!(job.tag, SearchTag::of(7, &board));
    }
}
