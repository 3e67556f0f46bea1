//! Playing tic-tac-toe and Dodgem in the window: starting one, clicks, undo / redo,
//! resigning, the computer's move on a background [`Job`], and the save record kept up
//! to date through the same [`crate::ui::session::saving::Files`] as a queens game (so
//! Save, Open, the autosave and the history need nothing of their own). The rules are
//! [`crate::games::play`]'s.

use super::App;
use super::replace::Replacement;
use crate::ai::{NotForThisGame, SearchHandler, SearchOutcome};
use crate::games::play::{SmallError, SmallKind, SmallMove, SmallPosition};
use crate::store::SearchInfo;
use crate::ui::jobs::job::{Job, Polled, Reporter, Task};
use crate::ui::session::game::Seat;
use crate::ui::session::messages::{Message, SmallNote};
use crate::ui::session::small::{ClickOutcome, SmallGame, SmallTarget};
use eframe::egui;
use std::time::Duration;

/// What a small game's search answers.
type Answer = Result<SearchOutcome<SmallMove>, NotForThisGame>;

/// The computer's search of a small game, for the game and position it started from.
pub struct SmallJob {
    /// The game it searches (a result for another is dropped).
    pub game_id: u64,
    /// The plies played when it started.
    pub ply: usize,
    /// The search; its progress is the nodes searched so far.
    pub job: Job<u64, Option<Answer>>,
}

/// Counts nodes into the job's progress and stops when asked.
struct Progress<'a>(&'a Reporter<u64>);

impl SearchHandler<SmallMove> for Progress<'_> {
    fn should_stop(&self) -> bool {
        self.0.should_stop()
    }

    fn on_nodes(&self, nodes: u64) {
        self.0.update_quietly(|shown| *shown = nodes);
    }
}

/// A small game's search as a [`Task`]: the game (its moves from the start), the
/// engine, its depth and time. Its progress is the nodes searched so far.
#[derive(serde::Serialize, serde::Deserialize)]
pub struct SmallSearchTask {
    kind: SmallKind,
    moves: Vec<String>,
    engine: crate::ai::EngineKind,
    depth: u32,
    time: Option<Duration>,
}

impl Task for SmallSearchTask {
    const NAME: &'static str = "small-search";
    type Progress = u64;
    /// `None` when the moves do not replay (they came from a position that played
    /// them, so they do; the window treats it as a lost search).
    type Output = Option<Answer>;

    fn run(self, reporter: &Reporter<u64>) -> Option<Answer> {
        let position = SmallPosition::replay(self.kind, &self.moves).ok()?;
        Some(position.think(self.engine, self.depth, self.time, &Progress(reporter)))
    }
}

impl App {
    /// Carries out `action` for the small game on screen when it is one of the actions
    /// the small game answers itself; `false` leaves it to the queens game's handling
    /// (new game, files, windows, review, which serve both).
    pub(super) fn apply_small(&mut self, ctx: &egui::Context, action: &super::Action) -> bool {
        use super::Action;
        match action {
            Action::Undo => self.small_step(true),
            Action::Redo => self.small_step(false),
            Action::MoveNow => {
                if let Some(job) = &self.small_job {
                    job.job.stop();
                }
            }
            Action::CancelSearch => {
                if self.small_job.is_some() {
                    self.stop_small_search();
                    self.paused = true;
                    self.message = Message::Cancelled;
                }
            }
            Action::CopyPosition => {
                if let Some(game) = &self.small {
                    ctx.copy_text(game.position.game_string());
                    self.message = Message::Copied;
                }
            }
            Action::CopyLink => {
                if let Some(game) = &self.small {
                    let link = crate::ui::session::link::link_to_game(&game.position.game_string());
                    ctx.copy_text(link);
                    self.message = Message::LinkCopied;
                }
            }
            Action::Rematch => self.small_rematch(),
            Action::SmallClicked(target) => self.small_clicked(*target),
            Action::OpenSmallInLab => {
                if let Some(game) = &self.small {
                    let shown = match self.review {
                        Some(ply) => game.at_ply(ply),
                        None => game.position.clone(),
                    };
                    let tree_game = match game.kind() {
                        SmallKind::TicTacToe => crate::games::grow::TreeGame::TicTacToe,
                        SmallKind::Dodgem => crate::games::grow::TreeGame::Dodgem,
                    };
                    self.windows
                        .tree_lab
                        .grow_from(tree_game, shown.to_string());
                }
            }
            Action::Hint | Action::Analyse | Action::ShowWorstMove(_) => {
                self.message = Message::Small(SmallNote::QueensOnly);
            }
            // No queens board is on screen to click (New game's stone editing aside).
            Action::CellClicked(_) if !self.show_new_game => {}
            _ => return false,
        }
        true
    }

    /// The same game again with the seats swapped.
    fn small_rematch(&mut self) {
        let Some(game) = &self.small else {
            return;
        };
        let [one, two] = game.seats.clone();
        // The players change seats, and their names with them.
        let [name_one, name_two] = self.files.record.names.clone();
        let replacement =
            Replacement::small_fresh(game.kind(), [two, one], [name_two, name_one], None);
        self.offer_replacement(replacement);
    }

    /// The tic-tac-toe or Dodgem game on screen, if one is.
    pub fn small_game(&self) -> Option<&SmallGame> {
        self.small.as_ref()
    }

    /// The last search the small game's computer finished (for the side panel).
    pub fn small_search(&self) -> Option<&SearchOutcome<SmallMove>> {
        self.small_search.as_ref().map(|(_, outcome)| outcome)
    }

    /// The seat whose computer made the last finished search (its value is from that
    /// seat's side).
    pub fn small_search_seat(&self) -> Option<usize> {
        self.small_search.as_ref().map(|(seat, _)| *seat)
    }

    /// Nodes searched so far by the small game's computer, while it thinks.
    pub fn small_thinking(&self) -> Option<u64> {
        self.small_job
            .as_ref()
            .map(|job| job.job.progress(|nodes| *nodes))
    }

    /// A click on the small board.
    pub(super) fn small_clicked(&mut self, target: SmallTarget) {
        let Some(game) = self.small.as_mut() else {
            return;
        };
        if self.review.is_some() {
            self.message = Message::ReviewReadOnly;
            return;
        }
        if game.is_over() {
            self.message = Message::Small(SmallNote::GameOver);
            return;
        }
        if game.computer_to_move() {
            self.message = if self.paused && self.small_job.is_none() {
                Message::ComputerPaused
            } else {
                Message::WaitForComputer
            };
            return;
        }
        match game.click(target) {
            ClickOutcome::Play(mv) => self.play_small(mv, None),
            ClickOutcome::Picked(Some(cell)) => {
                self.message = Message::Small(SmallNote::Picked(cell.to_string()));
            }
            ClickOutcome::Picked(None) => self.message = Message::Small(SmallNote::PutDown),
            ClickOutcome::PickFirst => self.message = Message::Small(SmallNote::PickCar),
            ClickOutcome::Nothing => {}
        }
    }

    /// Plays `mv` for the side to move; a refused move changes nothing and says why.
    fn play_small(&mut self, mv: SmallMove, search: Option<SearchInfo>) {
        let Some(game) = self.small.as_mut() else {
            return;
        };
        let seat = game.seat_to_move();
        match game.play(mv) {
            Ok(()) => {
                self.last_move_time = self.now;
                self.message = Message::Small(SmallNote::Played {
                    seat,
                    mv: mv.to_string(),
                });
                self.after_small_change(search);
            }
            Err(error) => {
                self.message = Message::Small(match error {
                    SmallError::TicTacToe(crate::games::tictactoe::TicTacToeError::GameOver)
                    | SmallError::Dodgem(crate::games::dodgem::DodgemError::GameOver) => {
                        SmallNote::GameOver
                    }
                    SmallError::TicTacToe(_) => SmallNote::Taken(mv.to_string()),
                    _ => SmallNote::BadCarMove(mv.to_string()),
                });
            }
        }
    }

    /// Undo (`true`) or redo on the small game, as the queens game does them.
    pub(super) fn small_step(&mut self, undo: bool) {
        self.stop_small_search();
        self.review = None;
        let Some(game) = self.small.as_mut() else {
            return;
        };
        let count = if undo { game.undo() } else { game.redo() };
        self.message = match (count, undo) {
            (0, true) => Message::NothingToUndo,
            (0, false) => Message::NothingToRedo,
            (count, true) => Message::Undone(count),
            (count, false) => Message::Redone(count),
        };
        if count > 0 {
            self.after_small_change(None);
        }
        if undo {
            self.paused = game_all_computers(self.small.as_ref());
        }
    }

    /// The side who may resign gives up the small game.
    pub(super) fn small_resign(&mut self) {
        let Some(game) = self.small.as_mut() else {
            return;
        };
        let Some(loser) = game.resigning_seat() else {
            return;
        };
        game.resign(loser);
        self.stop_small_search();
        self.review = None;
        let player = if loser == 0 {
            crate::board::Player::One
        } else {
            crate::board::Player::Two
        };
        let _ = self.files.record.resign(player);
        self.message = Message::Resigned(player);
        self.sync_files();
    }

    /// The record follows the small game after a move, an undo or a redo.
    fn after_small_change(&mut self, search: Option<SearchInfo>) {
        let Some(game) = self.small.as_ref() else {
            return;
        };
        self.files.record.update_small(&game.position, search);
        let ended = game.resigned().is_some();
        let failure = self.files.sync(ended);
        self.report(failure);
    }

    /// Drops the small game's search (its answer is no longer wanted).
    pub(super) fn stop_small_search(&mut self) {
        if let Some(job) = self.small_job.take() {
            job.job.stop();
        }
    }

    /// Takes the computer's answer, or starts its search when it is its turn (after the
    /// watching pause between two computers). Called once a frame.
    pub(in crate::ui) fn drive_small(&mut self, ctx: &egui::Context) {
        self.poll_small();
        let Some(game) = self.small.as_ref() else {
            return;
        };
        if self.small_job.is_some()
            || self.paused
            || self.review.is_some()
            || self.asking()
            || self.show_new_game
            || !game.computer_to_move()
        {
            return;
        }
        let Seat::Computer(engine) = &game.seats[game.seat_to_move()] else {
            return;
        };
        if game.seats.iter().all(Seat::is_computer) {
            let wait = self.settings.setup.watch_delay_ms as f64 / 1000.0;
            let left = self.last_move_time + wait - self.now;
            if left > 0.0 {
                ctx.request_repaint_after(Duration::from_secs_f64(left));
                return;
            }
        }
        let task = SmallSearchTask {
            kind: game.position.kind(),
            moves: game
                .position
                .moves()
                .iter()
                .map(ToString::to_string)
                .collect(),
            engine: engine.engine,
            depth: engine.depth,
            time: Some(Duration::from_millis(engine.time_ms.max(100))),
        };
        let repaint = ctx.clone();
        let job = Job::start(task, move || repaint.request_repaint());
        self.small_job = Some(SmallJob {
            game_id: game.id,
            ply: game.ply(),
            job,
        });
    }

    fn poll_small(&mut self) {
        let Some(running) = self.small_job.as_mut() else {
            return;
        };
        let answer = match running.job.poll() {
            Polled::Running => return,
            Polled::Done(answer) => answer,
            Polled::Lost => None,
        };
        let Some(SmallJob { game_id, ply, .. }) = self.small_job.take() else {
            return;
        };
        let current = self
            .small
            .as_ref()
            .is_some_and(|game| game.id == game_id && game.ply() == ply);
        if !current {
            return;
        }
        match answer {
            Some(Ok(outcome)) => {
                let info = SearchInfo::from_outcome(&outcome);
                let best = outcome.best_move;
                // The game is still at the position searched: its side to move searched.
                let seat = self.small.as_ref().map_or(0, SmallGame::seat_to_move);
                self.small_search = Some((seat, outcome));
                if let Some(mv) = best {
                    self.play_small(mv, Some(info));
                }
            }
            Some(Err(error)) => {
                self.paused = true;
                self.message = Message::UnknownEngine {
                    name: error.0.name().to_string(),
                    known: "minimax, alphabeta".to_string(),
                };
            }
            None => {
                self.paused = true;
                self.message = Message::Cancelled;
            }
        }
    }
}

fn game_all_computers(game: Option<&SmallGame>) -> bool {
    game.is_some_and(|game| game.seats.iter().all(Seat::is_computer))
}
