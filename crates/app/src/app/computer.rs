//! The computer's searches: its moves when it is its turn (after the watching pause),
//! hints for the human, and what a search proved about the position.

use super::App;
use crate::jobs::search::{Failure, Poll, Purpose, SearchJob, SearchTag, Slot};
use crate::session::grid_note::GridNote;
use crate::session::known::KnownResult;
use crate::session::messages::Message;
use crate::session::seats::Seat;
use eframe::egui;
use queens_board::Cell;
use queens_store::SearchInfo;
use std::time::Duration;

/// The longest a hint thinks: a player asking for one waits for it, so it gets its own
/// short budget rather than the opponent's (up to 60 s).
pub(crate) const HINT_TIME_MS: u64 = 1_000;

/// The engine of a hint: the strong engine (`pvs`, which solves exactly when the end is
/// within reach), as deep as the window allows, thinking no longer than the opponent's
/// time and never more than [`HINT_TIME_MS`].
pub(super) fn hint_engine(
    opponent: crate::session::settings::EngineSetup,
) -> crate::session::settings::EngineSetup {
    crate::session::settings::EngineSetup {
        engine: queens_engines::ai::EngineKind::PVS,
        depth: crate::session::settings::WINDOW_LIMITS.depth.1,
        time_ms: opponent.time_ms.min(HINT_TIME_MS),
        program: None,
    }
}

/// The engine of a hint in a game of the games table: the opponent's engine (every
/// game has it), as deep as the window allows (a search deeper than the game's end is
/// cut there, so a small game's hint is exact), within [`HINT_TIME_MS`].
pub(super) fn grid_hint_engine(
    opponent: crate::session::settings::EngineSetup,
) -> crate::session::settings::EngineSetup {
    crate::session::settings::EngineSetup {
        engine: opponent.engine,
        depth: crate::session::settings::WINDOW_LIMITS.depth.1,
        time_ms: opponent.time_ms.min(HINT_TIME_MS),
        program: None,
    }
}

/// Why a browser plays no engine program (it cannot start one), in the window's words,
/// for the command `command`; `None` on the desktop.
fn browser_refusal(t: &crate::i18n::Texts, command: &str) -> Option<String> {
    cfg!(target_arch = "wasm32").then(|| crate::i18n::fill(t.program.browser_refused, &[&command]))
}

/// The table of a hint's engine, in MiB: a hint thinks at most [`HINT_TIME_MS`], which
/// fills only a few MiB of entries, so it need not hold (and fill) a seat's 256 MiB.
pub(crate) const HINT_HASH_MB: usize = 16;

impl App {
    /// Stops the search (its answer is no longer wanted); a queens engine comes back to
    /// its slot when the thread ends.
    pub(super) fn stop_search(&mut self) {
        if let Some(job) = self.search.job.take() {
            self.search.engines.retire(job);
        }
    }

    /// Stops the search; a computer's move (not a hint) pauses the computer.
    pub(super) fn cancel_search(&mut self) {
        let Some(job) = self.search.job.as_ref() else {
            return;
        };
        let hint = job.purpose == Purpose::Hint;
        self.stop_search();
        if !hint {
            self.paused = true;
            self.message = Message::Cancelled;
        }
    }

    /// Hint, for every game: the engine searches the position for the person to move;
    /// its move is ringed on the board and named on the status line.
    pub(super) fn start_hint(&mut self, ctx: &egui::Context) {
        if self.search.job.is_some() || self.game_ended() {
            return;
        }
        if self.seat(self.game.side_to_move()).is_computer() {
            self.message = Message::HintOnlyHuman;
            return;
        }
        self.review = None;
        let opponent = self.opponent_engine();
        let strong = hint_engine(opponent.clone());
        // The strong engine where the game has it (it solves exactly near the end),
        // else the opponent's own.
        let engine = if self.game.game.plays(strong.engine) {
            strong
        } else {
            grid_hint_engine(opponent)
        };
        self.launch(ctx, Purpose::Hint, &engine);
        self.message = Message::HintThinking;
    }

    /// The engine a hint uses: the computer opponent's, or the new-game default.
    pub(super) fn opponent_engine(&self) -> crate::session::settings::EngineSetup {
        self.game
            .seats()
            .iter()
            .find_map(|seat| match seat {
                Seat::Computer(engine) => Some(engine.clone()),
                Seat::Human => None,
            })
            .unwrap_or_else(|| self.settings.setup.engines[1].clone())
    }

    /// Starts the one search slot's search of the position on screen (not the one
    /// reviewed): the computer's move with its seat's kept engine, or a hint with the
    /// hints' engine (a small table: it thinks a second at most). A search deeper than
    /// the game can last is cut at its end.
    pub(super) fn launch(
        &mut self,
        ctx: &egui::Context,
        purpose: Purpose,
        engine: &crate::session::settings::EngineSetup,
    ) {
        let game = self.game.game.as_ref();
        let mut config = engine.config();
        config.depth = config.depth.clamp(1, game.plies_left().max(1));
        let slot = match purpose {
            Purpose::Move => Slot::Seat(self.game.seat_to_move()),
            Purpose::Hint => {
                config.hash_mb = config.hash_mb.min(HINT_HASH_MB);
                Slot::Hint
            }
        };
        // A hint is always ours; a seat's engine program searches in its place.
        let program = match purpose {
            Purpose::Move => engine.program.as_deref(),
            Purpose::Hint => None,
        };
        if let Some(refusal) = program.and_then(|command| browser_refusal(self.texts(), command)) {
            self.paused = true;
            self.message = Message::Grid(GridNote::SearchFailed(refusal));
            return;
        }
        let kept = self.search.engines.take(slot, config, program);
        let repaint = ctx.clone();
        self.search.job = Some(SearchJob::start(
            SearchTag::of(self.game.id, game),
            purpose,
            slot,
            kept,
            move || repaint.request_repaint(),
        ));
    }

    /// P1's final margin with best play from the position on screen (the one shown while
    /// reviewing), when anything has proven it: a search, the move values, the analysis.
    pub fn known_margin(&self) -> Option<i32> {
        self.known_margin_of(&self.shown_board())
    }

    /// P1's proven margin of `board`: what the window remembers, or what the move values
    /// on screen proved this frame.
    pub(crate) fn known_margin_of(&self, board: &queens_board::Board) -> Option<i32> {
        self.advice.known.margin_for(board).or_else(|| {
            self.move_values()
                .filter(|values| values.position == board.game_string())
                .and_then(|values| values.proved_margin())
        })
    }

    /// How many engines the window has built (one per computer seat unless its engine
    /// changes; for tests).
    pub fn engines_built(&self) -> u64 {
        self.search.engines.built()
    }

    /// Starts the computer's search when it is its turn (after the watching pause), for
    /// whichever game is on screen.
    pub(crate) fn drive_computer(&mut self, ctx: &egui::Context) {
        // While the autosaved game is offered, a computer move would overwrite it.
        if self.search.job.is_some()
            || self.paused
            || self.new_game.open
            || self.asking()
            || !self.game.computer_to_move()
        {
            return;
        }
        if self.game.seats().iter().all(Seat::is_computer) {
            let wait = self.settings.setup.watch_delay_ms as f64 / 1000.0;
            let left = self.clock.last_move + wait - self.clock.now;
            if left > 0.0 {
                ctx.request_repaint_after(Duration::from_secs_f64(left));
                return;
            }
        }
        let Seat::Computer(engine) = self.seat(self.game.side_to_move()).clone() else {
            return;
        };
        // A cancelled search of this seat is still handing its engine back (it stops
        // within a few thousand nodes): wait for it rather than build a second table.
        let slot = Slot::Seat(self.game.seat_to_move());
        if !self.search.engines.ready(slot) {
            ctx.request_repaint_after(Duration::from_millis(10));
            return;
        }
        self.launch(ctx, Purpose::Move, &engine);
    }

    /// Takes a finished search's answer; an answer for another game or position is
    /// dropped.
    pub(crate) fn poll_search(&mut self) {
        self.search.engines.collect();
        let Some(job) = self.search.job.as_mut() else {
            return;
        };
        let answer = match job.poll() {
            Poll::Running => return,
            Poll::Lost => None,
            Poll::Done(answer, engine) => {
                self.search.engines.give_back(job.slot, engine);
                Some(answer)
            }
        };
        let Some(job) = self.search.job.take() else {
            return;
        };
        if job.tag != SearchTag::of(self.game.id, self.game.game.as_ref()) {
            return;
        }
        let outcome = match answer {
            Some(Ok(outcome)) => outcome,
            Some(Err(Failure::Refused(why))) => {
                self.paused = job.purpose == Purpose::Move;
                self.message = Message::Grid(GridNote::SearchFailed(why));
                return;
            }
            Some(Err(Failure::Forfeit(why))) => {
                // An engine program that went wrong loses the game, as in the arena.
                let loser = self.game.side_to_move();
                self.game.forfeit = Some(why.clone());
                self.end_by_resignation(loser, Message::Forfeit(loser, why));
                return;
            }
            None => {
                self.paused = job.purpose == Purpose::Move;
                self.message = Message::Cancelled;
                return;
            }
        };
        let Some(best) = outcome.best_move.clone() else {
            return;
        };
        self.game.searched = Some((self.game.seat_to_move(), outcome.clone()));
        // What the search proved of a queens board: its proven margin, kept for the
        // panel, the heat map and the analysis (one value for one fact).
        let before = self.game.queens().cloned();
        match job.purpose {
            Purpose::Move => {
                self.play_move(&best, Some(SearchInfo::from_outcome(&outcome)));
                // Best play from the searched position goes through the move just played,
                // so what the search proved holds for the position after it.
                if let Some(before) = &before
                    && let Some(known) = KnownResult::proven(before, &outcome, self.board())
                {
                    self.advice.known.learn(known);
                }
            }
            Purpose::Hint => {
                self.message = match before.as_ref().zip(Cell::parse(&best)) {
                    Some((board, cell)) => {
                        if let Some(known) = KnownResult::proven(board, &outcome, board) {
                            self.advice.known.learn(known);
                        }
                        Message::HintResult {
                            cell,
                            claims: board.claims_of(cell).count(),
                        }
                    }
                    None => Message::Grid(GridNote::Hint(best.clone())),
                };
                self.game.hint = Some(best);
            }
        }
    }
}
