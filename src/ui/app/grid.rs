//! What a games-table game played through the seam (Othello, and the next game added
//! to the table) adds to the one game path of the window: its moves (text in the
//! game's notation), and the computer's move on a background [`Job`] through
//! [`crate::games::seam::AnyGame::think`], named for the browser's worker as
//! [`GridSearchTask::NAME`]. Nothing here names a game.

use super::App;
use super::GameJob;
use crate::ai::{EngineConfig, SearchHandler, SearchOutcome};
use crate::store::SearchInfo;
use crate::ui::jobs::job::{Job, Polled, Reporter, Task};
use crate::ui::jobs::search::Purpose;
use crate::ui::session::game::Game;
use crate::ui::session::grid_note::GridNote;
use crate::ui::session::messages::Message;
use crate::ui::session::settings::EngineSetup;
use eframe::egui;

/// What a table game's search answers: the engine's outcome, or why it gave none (the
/// game string did not read back, the engine is not for this game), in words.
type Answer = Result<SearchOutcome<String>, String>;

/// The computer's search of a table game, for the game and position it started from.
pub struct GridJob {
    /// The game it searches (a result for another is dropped).
    pub game_id: u64,
    /// The plies played when it started.
    pub ply: usize,
    /// The computer's move, or a hint.
    pub purpose: Purpose,
    /// The search; its progress is the nodes searched so far.
    pub job: Job<u64, Answer>,
}

/// Counts nodes into the job's progress and stops when asked.
struct Progress<'a>(&'a Reporter<u64>);

impl SearchHandler<String> for Progress<'_> {
    fn should_stop(&self) -> bool {
        self.0.should_stop()
    }

    fn on_nodes(&self, nodes: u64) {
        self.0.update_quietly(|shown| *shown = nodes);
    }
}

/// A table game's search as a [`Task`]: the game string of the position (it names the
/// game, so the worker needs nothing else), the engine, its depth and time.
#[derive(serde::Serialize, serde::Deserialize)]
pub struct GridSearchTask {
    game: String,
    engine: crate::ai::EngineKind,
    depth: u32,
    time_ms: u64,
}

impl Task for GridSearchTask {
    const NAME: &'static str = "grid-search";
    type Progress = u64;
    type Output = Answer;

    fn run(self, reporter: &Reporter<u64>) -> Answer {
        let game = crate::games::game_string::read(&self.game).map_err(|e| e.to_string())?;
        let mut config =
            EngineConfig::new(self.engine, self.depth.clamp(1, game.plies_left().max(1)));
        config.time_ms = Some(self.time_ms);
        // One thread: the window's other jobs and the person's clicks share the cores.
        config.threads = 1;
        game.think(&config, &Progress(reporter))
            .map_err(|e| e.to_string())
    }
}

impl App {
    /// Opens the Tree Lab on the table game's tree from the position on show: its row
    /// of the games table is the lab's game, its notation the position.
    pub(super) fn open_in_lab(&mut self) {
        let game = &self.game;
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
    }

    /// The game on screen when the grid painter draws it (every game but queens, whose
    /// board has a painter of its own: claims and the hover preview).
    pub fn grid_game(&self) -> Option<&Game> {
        Some(&self.game).filter(|game| game.queens().is_none())
    }

    /// Nodes searched so far by the table game's computer, while it thinks.
    pub fn grid_thinking(&self) -> Option<u64> {
        match &self.search.job {
            Some(GameJob::Grid(job)) => Some(job.job.progress(|nodes| *nodes)),
            _ => None,
        }
    }

    /// Starts the table game's computer (its move, or a hint) on the position on
    /// screen (not while an earlier position is reviewed).
    pub(super) fn launch_grid(
        &mut self,
        ctx: &egui::Context,
        engine: &EngineSetup,
        purpose: Purpose,
    ) {
        let game = &self.game;
        if self.review.is_some() {
            return;
        }
        let task = GridSearchTask {
            game: game.game.game_string(),
            engine: engine.engine,
            depth: engine.depth,
            time_ms: engine.time_ms.max(100),
        };
        let repaint = ctx.clone();
        let job = Job::start(task, move || repaint.request_repaint());
        self.search.job = Some(GameJob::Grid(GridJob {
            game_id: game.id,
            ply: game.ply(),
            purpose,
            job,
        }));
    }

    /// Takes the table game's computer's answer when it has come.
    pub(super) fn poll_grid(&mut self) {
        let Some(GameJob::Grid(running)) = self.search.job.as_mut() else {
            return;
        };
        let answer = match running.job.poll() {
            Polled::Running => return,
            Polled::Done(answer) => Some(answer),
            Polled::Lost => None,
        };
        let Some(GameJob::Grid(GridJob {
            game_id,
            ply,
            purpose,
            ..
        })) = self.search.job.take()
        else {
            return;
        };
        let game = &mut self.game;
        if game.id != game_id || game.ply() != ply {
            return;
        }
        match answer {
            Some(Ok(outcome)) => {
                let info = SearchInfo::from_outcome(&outcome);
                let best = outcome.best_move.clone();
                game.searched = Some((game.seat_to_move(), outcome));
                match (purpose, best) {
                    (Purpose::Move, Some(mv)) => self.play_move(&mv, Some(info)),
                    (Purpose::Hint, Some(mv)) => {
                        game.hint = Some(mv.clone());
                        self.message = Message::Grid(GridNote::Hint(mv));
                    }
                    (_, None) => {}
                }
            }
            Some(Err(why)) => {
                self.paused = purpose == Purpose::Move;
                self.message = Message::Grid(GridNote::SearchFailed(why));
            }
            None => {
                self.paused = purpose == Purpose::Move;
                self.message = Message::Cancelled;
            }
        }
    }
}
