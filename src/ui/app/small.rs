//! What tic-tac-toe and Dodgem add to the one game path of the window: their moves,
//! the computer's move on a background [`Job`], and the save record kept up
//! to date through the same [`crate::ui::session::saving::Files`] as a queens game (so
//! Save, Open, the autosave and the history need nothing of their own). The rules are
//! [`crate::games::play`]'s.

use super::App;
use super::{GameJob, OnScreen};
use crate::ai::{NotForThisGame, SearchHandler, SearchOutcome};
use crate::games::play::{SmallError, SmallKind, SmallMove, SmallPosition};
use crate::store::SearchInfo;
use crate::ui::jobs::job::{Job, Polled, Reporter, Task};
use crate::ui::session::messages::{Message, SmallNote};
use crate::ui::session::settings::EngineSetup;
use crate::ui::session::small::SmallGame;
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
    /// Opens the Tree Lab on the small or table game's tree from the position on show.
    pub(super) fn open_small_in_lab(&mut self) {
        if let OnScreen::Grid(game) = &self.game {
            // A table game: its row of the table is the lab's game, its notation the position.
            let shown = match self.review {
                Some(ply) => game.at_ply(ply),
                None => game.game.clone(),
            };
            if let Some(entry) = crate::games::table::by_tag(game.tag()) {
                let tree_game = crate::games::grow::TreeGame(entry);
                self.windows
                    .tree_lab
                    .grow_from(tree_game, shown.to_string());
            }
            return;
        }
        let Some(game) = self.game.small() else {
            return;
        };
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

    /// The tic-tac-toe or Dodgem game on screen, if one is.
    pub fn small_game(&self) -> Option<&SmallGame> {
        self.game.small()
    }

    /// The last search the small game's computer finished (for the side panel).
    pub fn small_search(&self) -> Option<&SearchOutcome<SmallMove>> {
        let (_, outcome) = self.game.small()?.searched.as_ref()?;
        Some(outcome)
    }

    /// The seat whose computer made the last finished search (its value is from that
    /// seat's side).
    pub fn small_search_seat(&self) -> Option<usize> {
        self.game.small()?.searched.as_ref().map(|(seat, _)| *seat)
    }

    /// Nodes searched so far by the small game's computer, while it thinks.
    pub fn small_thinking(&self) -> Option<u64> {
        match &self.job {
            Some(GameJob::Small(job)) => Some(job.job.progress(|nodes| *nodes)),
            _ => None,
        }
    }

    /// Plays `mv` for the side to move; a refused move changes nothing and says why.
    pub(super) fn play_small(&mut self, mv: SmallMove, search: Option<SearchInfo>) {
        let OnScreen::Small(game) = &mut self.game else {
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
                self.after_change(search);
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

    /// Starts the small game's computer on the position on screen (not while an
    /// earlier position is reviewed: the small game's search waits for the player).
    pub(super) fn launch_small(&mut self, ctx: &egui::Context, engine: &EngineSetup) {
        let OnScreen::Small(game) = &self.game else {
            return;
        };
        if self.review.is_some() {
            return;
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
        self.job = Some(GameJob::Small(SmallJob {
            game_id: game.id,
            ply: game.ply(),
            job,
        }));
    }

    /// Takes the small game's computer's answer when it has come.
    pub(super) fn poll_small(&mut self) {
        let Some(GameJob::Small(running)) = self.job.as_mut() else {
            return;
        };
        let answer = match running.job.poll() {
            Polled::Running => return,
            Polled::Done(answer) => answer,
            Polled::Lost => None,
        };
        let Some(GameJob::Small(SmallJob { game_id, ply, .. })) = self.job.take() else {
            return;
        };
        let OnScreen::Small(game) = &mut self.game else {
            return;
        };
        if game.id != game_id || game.ply() != ply {
            return;
        }
        match answer {
            Some(Ok(outcome)) => {
                let info = SearchInfo::from_outcome(&outcome);
                let best = outcome.best_move;
                // The game is still at the position searched: its side to move searched.
                game.searched = Some((game.seat_to_move(), outcome));
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
