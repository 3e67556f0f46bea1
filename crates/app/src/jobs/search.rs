//! The one search slot's search, for every game of the games table: the computer's move
//! or a hint, on its own thread (a Web Worker in a browser), through the seam
//! ([`AnyGame::think_kept`]), with a shared progress/stop handle and a channel for the
//! answer. Each request is tagged with the game id and the exact position, and the
//! window drops any answer whose tag no longer matches.
//!
//! The engine travels with the job: it is moved onto the search thread and handed back
//! with the answer, so the window keeps one engine per seat between moves (and what a
//! transposition table learnt survives from one move to the next), in every game.

use super::job::{Job, Polled, Reporter, Task};
use super::program::ProgramPlayer;
use queens_engines::ai::{EngineConfig, Iteration, SearchHandler, SearchOutcome};
use queens_engines::games::seam::{AnyGame, KeptBox};
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// What a search answers: the engine's outcome (moves in the game's notation), or why
/// it gave none.
pub(crate) type Answer = Result<SearchOutcome<String>, Failure>;

/// Why a search gave no move, in words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub(crate) enum Failure {
    #[error("{0}")]
    /// Our engine could not search (the game string did not read back, the engine is
    /// not for this game): the computer pauses.
    Refused(String),
    #[error("{0}")]
    /// An engine program went wrong (did not start, crashed, hung, answered late, played
    /// an illegal move...): it loses the game, as in the arena.
    Forfeit(String),
}

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Purpose {
    /// A computer player's move: played when it arrives.
    Move,
    /// A suggestion for the human: shown on the board.
    Hint,
}

/// Which game and position a search was started on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SearchTag {
    /// The game id ([`crate::session::seats::Game::id`]).
    pub game_id: u64,
    /// The position's game string.
    pub position: String,
}

impl SearchTag {
    /// The tag of `game`'s position in game `game_id`.
    pub(crate) fn of(game_id: u64, game: &dyn AnyGame) -> SearchTag {
        SearchTag {
            game_id,
            position: game.game_string(),
        }
    }
}

/// A search running on its own thread.
pub(crate) struct SearchJob {
    /// Where the search was started.
    pub tag: SearchTag,
    /// Why.
    pub purpose: Purpose,
    /// Where its engine goes back to.
    pub slot: Slot,
    /// The engine's configuration (its kind, table size and limits), for tests.
    #[cfg(test)]
    pub config: EngineConfig,
    job: Job<SearchProgress, (Answer, KeptEngine)>,
}

/// What a running search has reported.
#[derive(Default, Serialize, Deserialize)]
pub(crate) struct SearchProgress {
    /// Nodes searched so far (all depths).
    nodes: u64,
    /// The deepest completed depth so far.
    last: Option<Iteration<String>>,
}

/// The search's handler: the job's stop flag, and its progress kept for the window.
struct SearchReport<'a>(&'a Reporter<SearchProgress>);

impl SearchHandler<String> for SearchReport<'_> {
    fn should_stop(&self) -> bool {
        self.0.should_stop()
    }

    fn on_nodes(&self, nodes: u64) {
        // Many times a second: the window reads it when it draws anyway.
        self.0.update_quietly(|progress| progress.nodes = nodes);
    }

    fn on_iteration(&self, iteration: &Iteration<String>) {
        self.0
            .update(|progress| progress.last = Some(iteration.clone()));
    }
}

/// An engine with the configuration it was built from, kept between searches. Only the
/// configuration crosses to a browser's worker (the engine is built there, and its table
/// does not come back).
#[derive(Serialize, Deserialize)]
pub(crate) struct KeptEngine {
    /// What it was built from.
    pub config: EngineConfig,
    /// The engine, once built (a `Box<dyn Engine<G>>` of the game it searched: see
    /// [`queens_engines::games::seam::think_kept`]). Building a strong engine allocates and fills
    /// its table (hundreds of MiB, a noticeable time), so it is built on the search's
    /// thread on its first search, never on the window's.
    #[serde(skip)]
    engine: Option<KeptBox>,
    /// The engine program that searches instead, with its process once started (the
    /// desktop's only: a browser's worker never gets one).
    #[serde(skip)]
    program: Option<Box<ProgramPlayer>>,
}

impl KeptEngine {
    /// An engine of `config`, to be built on its first search.
    pub(crate) fn later(config: EngineConfig) -> KeptEngine {
        KeptEngine {
            config,
            engine: None,
            program: None,
        }
    }

    /// The engine program of `command`, asked within `config`'s depth and time; started
    /// on its first search.
    pub(crate) fn program(config: EngineConfig, command: &str) -> KeptEngine {
        KeptEngine {
            program: Some(Box::new(ProgramPlayer::new(command))),
            ..KeptEngine::later(config)
        }
    }

    /// The engine program's command, if a program searches.
    fn program_command(&self) -> Option<&str> {
        self.program.as_deref().map(ProgramPlayer::command)
    }

    /// Whether the engine was built (its first search ran).
    #[cfg(test)]
    pub(crate) fn is_built(&self) -> bool {
        self.engine.is_some()
    }
}

/// Which kept engine a search uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Slot {
    /// The computer of seat P1 (0) or P2 (1).
    Seat(usize),
    /// The hints' engine.
    Hint,
}

/// The engines the window keeps between searches: one per computer seat and one for
/// hints, each rebuilt only when its seat asks for another engine
/// ([`EngineConfig::same_engine`]); a new depth or time limit keeps it. A search that is
/// cancelled or dropped is stopped and kept here ([`EngineSlots::retire`]) until its
/// thread hands the engine back, so a cancel does not cost a new table.
#[derive(Default)]
pub(crate) struct EngineSlots {
    seats: [Option<KeptEngine>; 2],
    hint: Option<KeptEngine>,
    built: u64,
    /// Stopped searches whose engines have not come back yet.
    returning: Vec<SearchJob>,
}

impl EngineSlots {
    fn slot_mut(&mut self, slot: Slot) -> &mut Option<KeptEngine> {
        match slot {
            Slot::Seat(index) => &mut self.seats[index.min(1)],
            Slot::Hint => &mut self.hint,
        }
    }

    /// The engine of `slot` for a search with `config`, or the engine program of
    /// `program`: the kept one if it is the same engine or program (with `config`'s
    /// depth and time), else a new one.
    pub(crate) fn take(
        &mut self,
        slot: Slot,
        config: EngineConfig,
        program: Option<&str>,
    ) -> KeptEngine {
        let kept = self.slot_mut(slot).take();
        let (same, other) = match kept {
            Some(kept)
                if kept.program_command() == program
                    && (program.is_some() || kept.config.same_engine(&config)) =>
            {
                (Some(kept), None)
            }
            other => (None, other),
        };
        if let Some(other) = other {
            end_quietly(other);
        }
        match same {
            Some(kept) => KeptEngine { config, ..kept },
            None => {
                self.built += 1;
                match program {
                    Some(command) => KeptEngine::program(config, command),
                    None => KeptEngine::later(config),
                }
            }
        }
    }

    /// Stops `job` (its answer is no longer wanted) and keeps it until its engine comes
    /// back to its slot.
    pub(crate) fn retire(&mut self, job: SearchJob) {
        job.request_stop();
        self.returning.push(job);
    }

    /// Whether `slot`'s engine is at home (not still with a stopped search): a search
    /// for that slot waits until it is, rather than building a second table.
    pub(crate) fn ready(&mut self, slot: Slot) -> bool {
        self.collect();
        !self.returning.iter().any(|job| job.slot == slot)
    }

    /// Takes back the engines of stopped searches that have ended.
    pub(crate) fn collect(&mut self) {
        let mut still = Vec::new();
        for mut job in std::mem::take(&mut self.returning) {
            match job.poll() {
                Poll::Running => still.push(job),
                Poll::Done(_, engine) => self.give_back(job.slot, engine),
                Poll::Lost => {}
            }
        }
        self.returning = still;
    }

    /// Keeps `engine` in `slot` for the next search.
    pub(crate) fn give_back(&mut self, slot: Slot, engine: KeptEngine) {
        *self.slot_mut(slot) = Some(engine);
    }

    /// How many engines were built so far (tests check that moves reuse them).
    pub(crate) fn built(&self) -> u64 {
        self.built
    }
}

/// Lets go of an engine no longer wanted. An engine program is told to quit and given
/// its margin before it is killed: that wait is done on a thread of its own, never on
/// the window's.
fn end_quietly(engine: KeptEngine) {
    if engine.program.is_some() && !cfg!(target_arch = "wasm32") {
        std::thread::spawn(move || drop(engine));
    }
}

/// A search as a [`Task`]: the position's game string (it names the game, so a
/// browser's worker needs nothing else) and the engine that searches it, with its
/// depth and time.
#[derive(Serialize, Deserialize)]
pub(crate) struct SearchTask {
    game: String,
    engine: KeptEngine,
    /// The engine slot searching: in a browser, each slot's searches go to one kept
    /// worker, which keeps the slot's engine (and its table) between them, as the
    /// desktop keeps it in [`EngineSlots`].
    #[serde(skip)]
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    slot: Option<Slot>,
}

#[cfg(target_arch = "wasm32")]
thread_local! {
    /// In a browser's worker: the engine of its last search, for the next one of the
    /// same configuration (a worker serves one slot, so that is the slot's engine).
    static WORKER_ENGINE: std::cell::RefCell<Option<KeptEngine>> =
        const { std::cell::RefCell::new(None) };
}

impl Task for SearchTask {
    const NAME: &'static str = "search";
    type Progress = SearchProgress;
    type Output = (Answer, KeptEngine);

    fn run(mut self, reporter: &Reporter<SearchProgress>) -> Self::Output {
        #[cfg(target_arch = "wasm32")]
        if self.engine.engine.is_none()
            && let Some(kept) = WORKER_ENGINE.with(|kept| kept.borrow_mut().take())
            && kept.config == self.engine.config
        {
            self.engine = kept;
        }
        let config = self.engine.config;
        let outcome = match queens_engines::games::game_string::read(&self.game) {
            Err(error) => Err(Failure::Refused(error.to_string())),
            Ok(game) => match self.engine.program.as_mut() {
                Some(program) => {
                    let go = program_go(&config);
                    let stop = || reporter.should_stop();
                    program
                        .search(game.as_ref(), &go, &stop, &mut |depth, nodes| {
                            reporter.update(|progress| {
                                progress.nodes = nodes;
                                progress.last = Some(depth);
                            });
                        })
                        .map_err(|error| Failure::Forfeit(error.to_string()))
                }
                None => game
                    .think_kept(&mut self.engine.engine, &config, &SearchReport(reporter))
                    .map_err(|error| Failure::Refused(error.to_string())),
            },
        };
        #[cfg(target_arch = "wasm32")]
        {
            // The engine stays in this worker; only its configuration goes to the page.
            let config = self.engine.config;
            let kept = std::mem::replace(&mut self.engine, KeptEngine::later(config));
            WORKER_ENGINE.with(|slot| *slot.borrow_mut() = Some(kept));
        }
        (outcome, self.engine)
    }

    fn home(&self) -> Option<String> {
        self.slot.map(|slot| format!("search {slot:?}"))
    }
}

/// The `go` an engine program is asked with: the seat's depth and time.
fn program_go(config: &EngineConfig) -> queens_programs::Go {
    super::program::go_of(config.depth, config.time_ms.unwrap_or(60_000))
}

/// What polling a job found.
pub(crate) enum Poll {
    /// Still thinking.
    Running,
    /// Finished with this answer; the engine comes back to be kept.
    Done(Answer, KeptEngine),
    /// The thread ended without an answer (it panicked).
    Lost,
}

impl SearchJob {
    /// Starts searching `game` (the position its tag names) with `engine`, within its
    /// configuration's depth and time, on a new thread; `wake` is called when the
    /// answer is ready (the window passes a repaint request).
    pub(crate) fn start(
        tag: SearchTag,
        purpose: Purpose,
        slot: Slot,
        engine: KeptEngine,
        wake: impl Fn() + Send + Sync + 'static,
    ) -> SearchJob {
        #[cfg(test)]
        let config = engine.config;
        let task = SearchTask {
            game: tag.position.clone(),
            engine,
            slot: Some(slot),
        };
        let job = Job::start(task, wake);
        SearchJob {
            tag,
            purpose,
            slot,
            #[cfg(test)]
            config,
            job,
        }
    }

    /// Checks for the answer without blocking.
    pub(crate) fn poll(&mut self) -> Poll {
        match self.job.poll() {
            Polled::Running => Poll::Running,
            Polled::Done((outcome, engine)) => Poll::Done(outcome, engine),
            Polled::Lost => Poll::Lost,
        }
    }

    /// Asks the search to answer now with its deepest completed depth.
    pub(crate) fn request_stop(&self) {
        self.job.stop();
    }

    /// Whether a stop was asked for.
    pub(crate) fn stop_requested(&self) -> bool {
        self.job.stop_requested()
    }

    /// Nodes searched so far.
    pub(crate) fn nodes(&self) -> u64 {
        self.job.progress(|progress| progress.nodes)
    }

    /// The deepest completed depth so far.
    pub(crate) fn last_iteration(&self) -> Option<Iteration<String>> {
        self.job.progress(|progress| progress.last.clone())
    }

    /// Time since the search started.
    pub(crate) fn elapsed(&self) -> Duration {
        self.job.elapsed()
    }

    /// Stops the search and waits for its thread (it polls the stop flag every few
    /// thousand nodes, so this is quick).
    pub(crate) fn stop_and_join(self) {
        // The answer is of no use any more: the window is closing.
        let _ = self.job.stop_and_join();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Polls until the job answers; a bounded number of polls, not a deadline.
    fn wait(job: &mut SearchJob) -> SearchOutcome<String> {
        for _ in 0..4_000 {
            match job.poll() {
                Poll::Done(answer, _) => return answer.unwrap_or_else(|e| panic!("{e}")),
                Poll::Lost => panic!("search thread lost"),
                Poll::Running => std::thread::sleep(Duration::from_millis(5)),
            }
        }
        panic!("search did not finish");
    }

    /// A search that would take a minute (depth 30 on an empty board, 60 s).
    fn long_search(game: &dyn AnyGame) -> SearchJob {
        let mut config = EngineConfig::new(queens_engines::ai::EngineKind::ALPHABETA, 30);
        config.time_ms = Some(60_000);
        let tag = SearchTag::of(7, game);
        SearchJob::start(
            tag,
            Purpose::Move,
            Slot::Seat(0),
            KeptEngine::later(config),
            || {},
        )
    }

    #[test]
    fn a_stopped_long_search_still_answers_with_a_legal_move_in_every_game() {
        for entry in queens_engines::games::table::GAMES {
            let game = queens_engines::games::game_string::read(&format!("game={}", entry.tag))
                .unwrap_or_else(|e| panic!("{}: {e}", entry.tag));
            let mut job = long_search(game.as_ref());
            // Stop once a depth is complete (a state, not a sleep).
            for _ in 0..4_000 {
                if job.last_iteration().is_some() {
                    break;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
            assert!(
                job.last_iteration().is_some(),
                "{}: no depth completed",
                entry.tag
            );
            job.request_stop();
            let outcome = wait(&mut job);
            let best = outcome.best_move.unwrap_or_else(|| panic!("no move"));
            assert!(game.legal_moves().contains(&best), "{}: {best}", entry.tag);
            if entry.tag == "queens" {
                // Tic-tac-toe and Dodgem may end every line before the stop comes.
                assert!(outcome.interrupted && outcome.depth < 30);
            }
            assert_eq!(job.tag, SearchTag::of(7, game.as_ref()));
        }
    }

    #[test]
    fn slots_keep_an_engine_until_another_is_asked_for() {
        use queens_engines::ai::EngineKind;
        let mut slots = EngineSlots::default();
        let config = EngineConfig::new(EngineKind::ALPHABETA, 3);
        let first = slots.take(Slot::Seat(1), config, None);
        slots.give_back(Slot::Seat(1), first);
        // Another depth and time: the same engine, with the new limits.
        let deeper = EngineConfig {
            depth: 5,
            time_ms: Some(100),
            ..config
        };
        let again = slots.take(Slot::Seat(1), deeper, None);
        assert_eq!((slots.built(), again.config), (1, deeper));
        slots.give_back(Slot::Seat(1), again);
        // Another seat, or another engine, builds.
        let other = slots.take(Slot::Seat(0), config, None);
        assert_eq!(slots.built(), 2);
        slots.give_back(Slot::Seat(0), other);
        let minimax = slots.take(
            Slot::Seat(1),
            EngineConfig::new(EngineKind::MINIMAX, 3),
            None,
        );
        assert!(
            !minimax.is_built(),
            "built on the search's thread, not here"
        );
        assert_eq!(
            (slots.built(), minimax.config.engine),
            (3, EngineKind::MINIMAX)
        );
    }

    #[test]
    fn a_seat_keeps_its_engine_program_until_it_asks_for_another_or_for_ours() {
        use queens_engines::ai::EngineKind;
        let mut slots = EngineSlots::default();
        let config = EngineConfig::new(EngineKind::ALPHABETA, 3);
        let program = slots.take(Slot::Seat(0), config, Some("python3 mine.py"));
        assert_eq!(program.program_command(), Some("python3 mine.py"));
        slots.give_back(Slot::Seat(0), program);
        // Another depth: the same program (its process is kept).
        let deeper = EngineConfig { depth: 5, ..config };
        let again = slots.take(Slot::Seat(0), deeper, Some("python3 mine.py"));
        assert_eq!((slots.built(), again.config.depth), (1, 5));
        slots.give_back(Slot::Seat(0), again);
        // Another command, or our engine: a new one.
        let other = slots.take(Slot::Seat(0), config, Some("python3 theirs.py"));
        assert_eq!(
            (slots.built(), other.program_command()),
            (2, Some("python3 theirs.py"))
        );
        slots.give_back(Slot::Seat(0), other);
        let ours = slots.take(Slot::Seat(0), config, None);
        assert_eq!((slots.built(), ours.program_command()), (3, None));
    }
}
