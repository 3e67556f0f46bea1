//! The window's files: saving and opening games, the autosave with its "Continue" offer,
//! the match history and the Excel export. The formats and their checks are the store's;
//! here the window decides when to call it and what to say.

use super::app::App;
use super::files::{DialogJob, DialogPoll, FileTask, PathPrompt};
use super::game::{Game, seat_from_side, side_from_seat};
use super::i18n::FileProblem;
use super::messages::Message;
use crate::store::{
    DEFAULT_SAVES_DIR, HistoryEntry, LoadedGame, SavedGame, SearchInfo, append_history, autosave,
    clear_autosave, export_workbook, load_autosave, load_from, load_history,
};
use eframe::egui;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, TryRecvError};

/// The environment variable that names the saves folder for one run (set by
/// `queens gui --saves-dir DIR`).
pub const SAVES_DIR_VAR: &str = "QUEENS_SAVES_DIR";

/// The saves folder: the environment's if given, else the setting's, else `saves/`.
pub fn saves_dir_from(setting: &str, env: Option<&str>) -> PathBuf {
    [env.unwrap_or(""), setting]
        .into_iter()
        .map(str::trim)
        .find(|dir| !dir.is_empty())
        .map_or_else(|| PathBuf::from(DEFAULT_SAVES_DIR), PathBuf::from)
}

/// What an export thread reports: the file and the game count, or the problem.
type ExportResult = Result<(PathBuf, usize), FileProblem>;

/// The History window's contents, loaded when it opens.
pub struct HistoryView {
    /// The finished games, oldest first.
    pub entries: Vec<HistoryEntry>,
    /// Files that could not be loaded, and why.
    pub skipped: Vec<FileProblem>,
    /// Show only this board size.
    pub size: Option<u8>,
    /// Show only games where a player's description contains this.
    pub player: String,
}

/// The file side of the app's state.
pub struct Files {
    /// The saves folder in use.
    pub dir: PathBuf,
    /// The saves folder as typed in the History window.
    pub folder_text: String,
    /// The current game as a save file sees it, kept up to date after every change.
    pub record: SavedGame,
    /// The file the game was last saved to or opened from (Ctrl+S writes there).
    pub path: Option<PathBuf>,
    /// The game string of the last finished game added to the history, so an undo and
    /// the same last move again do not add it twice.
    recorded_finish: Option<String>,
    /// An unfinished autosaved game offered at start; while it is offered nothing
    /// overwrites the autosave and the computer waits.
    pub offer: Option<LoadedGame>,
    /// A native dialog in progress.
    pub dialog: Option<DialogJob>,
    /// Our own path field, when no native dialog could be shown.
    pub prompt: Option<PathPrompt>,
    native_dialogs: bool,
    /// The History window, when open.
    pub history: Option<HistoryView>,
    export: Option<Receiver<ExportResult>>,
}

impl Files {
    /// The file state for `game` in the saves folder `dir`.
    pub fn new(dir: PathBuf, game: &Game, seed: Option<u64>) -> Files {
        Files {
            folder_text: dir.display().to_string(),
            dir,
            record: record_of(game, seed),
            path: None,
            recorded_finish: None,
            offer: None,
            dialog: None,
            prompt: None,
            native_dialogs: true,
            history: None,
            export: None,
        }
    }

    /// Whether a dialog, a path prompt or an export is under way.
    pub fn busy(&self) -> bool {
        self.dialog.is_some() || self.prompt.is_some() || self.export.is_some()
    }
}

/// A fresh record of `game` (its seats as sides).
pub fn record_of(game: &Game, seed: Option<u64>) -> SavedGame {
    SavedGame::new(
        &game.board,
        game.seats.clone().map(|s| side_from_seat(&s)),
        seed,
    )
}

impl App {
    /// The saves folder in use.
    pub fn saves_dir(&self) -> &Path {
        &self.files.dir
    }

    /// The file the game was last saved to or opened from.
    pub fn save_path(&self) -> Option<&Path> {
        self.files.path.as_deref()
    }

    /// Whether an unfinished autosaved game is offered for "Continue".
    pub fn continue_offered(&self) -> bool {
        self.files.offer.is_some()
    }

    /// Whether the Excel export is still running.
    pub fn is_exporting(&self) -> bool {
        self.files.export.is_some()
    }

    /// Native file dialogs on (the default) or off. Off, Save/Open/Export go straight to
    /// the window's own path field, as on a system without any dialog: tests use this so
    /// that they never wait on a dialog.
    pub fn set_native_dialogs(&mut self, on: bool) {
        self.files.native_dialogs = on;
    }

    /// Looks for an autosave at start: an unfinished game is offered, a damaged one is
    /// reported, a finished one is ignored.
    pub(super) fn check_autosave(&mut self) {
        match load_autosave(&self.files.dir) {
            Some(Ok(loaded)) if !loaded.saved.is_finished() && loaded.board.ply() > 0 => {
                self.files.offer = Some(loaded);
            }
            None | Some(Ok(_)) => {}
            Some(Err(error)) => self.message = Message::AutosaveDamaged(error.into()),
        }
    }

    /// Brings the record up to the board after a move, an undo or a redo, then writes
    /// the autosave or, for a game that just finished, the history.
    pub(super) fn after_change(&mut self, search: Option<SearchInfo>) {
        // A move in the game on screen means its autosave replaces the offered one.
        self.files.offer = None;
        self.files.record.update(&self.game.board, search);
        self.sync_files();
    }

    /// Makes `record` the record of the game now on screen (a new, pasted or loaded
    /// game). A game already finished is not added to the history again.
    pub(super) fn adopt_record(&mut self, record: SavedGame) {
        self.files.recorded_finish = record.is_finished().then(|| record.game.clone());
        self.files.record = record;
        self.files.offer = None;
        self.sync_files();
    }

    /// The autosave follows the game: written while it is unfinished, removed when it
    /// has no moves or is over (then it goes to the history once).
    pub(super) fn sync_files(&mut self) {
        if self.files.offer.is_some() {
            return;
        }
        let dir = &self.files.dir;
        let record = &self.files.record;
        let result = if record.is_finished() {
            if self.files.recorded_finish.as_deref() != Some(record.game.as_str()) {
                self.files.recorded_finish = Some(record.game.clone());
                if let Err(error) = append_history(dir, record) {
                    self.message = Message::HistoryFailed(error.into());
                }
            }
            clear_autosave(dir)
        } else if record.moves.is_empty() {
            clear_autosave(dir)
        } else {
            autosave(dir, record)
        };
        if let Err(error) = result {
            self.message = Message::AutosaveFailed(error.into());
        }
    }

    /// Ctrl+S: to the game's file if it has one, else like Save as.
    pub(super) fn save(&mut self, ctx: &egui::Context) {
        match self.files.path.clone() {
            Some(path) => self.save_to(path),
            None => self.ask_path(ctx, FileTask::SaveAs),
        }
    }

    /// Opens the native dialog for `task`, or the path field where there is none.
    pub(super) fn ask_path(&mut self, ctx: &egui::Context, task: FileTask) {
        if self.files.busy() {
            return;
        }
        if self.files.native_dialogs {
            let repaint = ctx.clone();
            self.files.dialog = Some(DialogJob::start(task, &self.files.dir, move || {
                repaint.request_repaint();
            }));
        } else {
            self.files.prompt = Some(PathPrompt::new(task, &self.files.dir));
        }
    }

    /// Carries out `task` on the path the dialog or the path field gave.
    pub(super) fn path_chosen(&mut self, ctx: &egui::Context, task: FileTask, path: PathBuf) {
        self.files.prompt = None;
        match task {
            FileTask::SaveAs => self.save_to(path),
            FileTask::Open => self.open(&path),
            FileTask::Export => self.start_export(ctx, path),
        }
    }

    fn save_to(&mut self, path: PathBuf) {
        self.message = match self.files.record.save_to(&path) {
            Ok(()) => {
                self.files.path = Some(path.clone());
                Message::Saved(path)
            }
            Err(error) => Message::SaveFailed(error.into()),
        };
    }

    /// Loads a save; a bad file leaves the game on screen untouched and says why.
    fn open(&mut self, path: &Path) {
        match load_from(path) {
            Ok(loaded) => {
                let moves = loaded.board.ply();
                self.install(loaded, Some(path.to_path_buf()));
                self.message = Message::Opened(path.to_path_buf(), moves);
            }
            Err(error) => self.message = Message::OpenFailed(error.into()),
        }
    }

    /// Takes up the autosaved game offered at start.
    pub(super) fn continue_autosave(&mut self) {
        if let Some(loaded) = self.files.offer.take() {
            let moves = loaded.board.ply();
            self.install(loaded, None);
            self.message = Message::Continued(moves);
        }
    }

    /// Declines the offered autosave, which is then removed.
    pub(super) fn discard_autosave(&mut self) {
        if self.files.offer.take().is_some()
            && let Err(error) = clear_autosave(&self.files.dir)
        {
            self.message = Message::AutosaveFailed(error.into());
        }
    }

    /// Shows a game of the history (finished: read-only until an undo).
    pub(super) fn open_history_entry(&mut self, index: usize) {
        let Some(entry) = self
            .files
            .history
            .as_ref()
            .and_then(|view| view.entries.get(index))
        else {
            return;
        };
        let (id, saved) = (entry.id.clone(), entry.game.clone());
        match saved.replay() {
            Ok(board) => {
                self.install(LoadedGame { saved, board }, None);
                self.message = Message::HistoryOpened(id);
            }
            Err(error) => {
                self.message = Message::OpenFailed(FileProblem::HistoryGame(id, error.to_string()))
            }
        }
    }

    /// Puts a loaded game on screen with the seats its file names.
    fn install(&mut self, loaded: LoadedGame, path: Option<PathBuf>) {
        let seats = loaded
            .saved
            .settings
            .players
            .clone()
            .map(|s| seat_from_side(&s));
        let id = self.new_game_id();
        self.replace_game(Game::new(id, loaded.board, seats));
        self.files.path = path;
        self.adopt_record(loaded.saved);
    }

    /// Loads the history of the saves folder into the History window.
    pub(super) fn show_history(&mut self) {
        let (entries, bad) = load_history(&self.files.dir);
        let skipped = bad.into_iter().map(|(_, error)| error.into()).collect();
        let (size, player) = self
            .files
            .history
            .take()
            .map_or((None, String::new()), |old| (old.size, old.player));
        self.files.history = Some(HistoryView {
            entries,
            skipped,
            size,
            player,
        });
    }

    /// Uses the folder typed in the History window (empty: the default) from now on.
    pub(super) fn set_saves_dir(&mut self) {
        let text = self.files.folder_text.trim().to_string();
        self.files.dir = saves_dir_from(&text, None);
        self.files.folder_text = self.files.dir.display().to_string();
        self.settings.saves_dir = text;
        self.message = Message::FolderSet(self.files.dir.clone());
        if self.files.history.is_some() {
            self.show_history();
        }
    }

    fn start_export(&mut self, ctx: &egui::Context, path: PathBuf) {
        let dir = self.files.dir.clone();
        let repaint = ctx.clone();
        let (sender, receiver) = mpsc::channel();
        // Reading and replaying every history file can take a moment: off the UI thread.
        std::thread::spawn(move || {
            let (entries, _skipped) = load_history(&dir);
            let result = export_workbook(&entries, &path)
                .map(|()| (path, entries.len()))
                .map_err(FileProblem::from);
            let _ = sender.send(result);
            repaint.request_repaint();
        });
        self.files.export = Some(receiver);
        self.message = Message::Exporting;
    }

    /// Takes a closed dialog's answer and a finished export's result (once per frame).
    pub(super) fn poll_files(&mut self, ctx: &egui::Context) {
        if let Some(job) = &self.files.dialog {
            let task = job.task;
            match job.poll() {
                DialogPoll::Open => {}
                DialogPoll::Cancelled => self.files.dialog = None,
                DialogPoll::Fallback => {
                    self.files.dialog = None;
                    self.files.prompt = Some(PathPrompt::new(task, &self.files.dir));
                }
                DialogPoll::Chosen(path) => {
                    self.files.dialog = None;
                    self.path_chosen(ctx, task, path);
                }
            }
        }
        if let Some(receiver) = &self.files.export {
            let result = match receiver.try_recv() {
                Err(TryRecvError::Empty) => return,
                Err(TryRecvError::Disconnected) => Err(FileProblem::ExportStopped),
                Ok(result) => result,
            };
            self.files.export = None;
            self.message = match result {
                Ok((path, count)) => Message::Exported(path, count),
                Err(error) => Message::ExportFailed(error),
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_environment_wins_over_the_setting_and_both_over_the_default() {
        assert_eq!(saves_dir_from("", None), PathBuf::from("saves"));
        assert_eq!(saves_dir_from(" mine ", None), PathBuf::from("mine"));
        assert_eq!(saves_dir_from("mine", Some("cli")), PathBuf::from("cli"));
        assert_eq!(saves_dir_from("mine", Some("")), PathBuf::from("mine"));
    }
}
