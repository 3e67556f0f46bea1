//! The window's files: saving and opening games, the autosave with its "Continue" offer,
//! the match history and the Excel export. The formats and their checks are the store's;
//! here the window decides when to call it and what to say.

use super::app::{App, Replacement};
use super::files::{DialogJob, DialogPoll, FileTask, PathPrompt};
use super::game::{Game, side_from_seat};
use super::messages::Message;
use crate::store::quarantine::quarantine;
use crate::store::{
    DEFAULT_SAVES_DIR, HistoryEntry, LoadedGame, SavedGame, SearchInfo, StoreError, append_history,
    autosave, autosave_path, clear_autosave, export_workbook, load_from, load_history,
    new_save_path,
};
use eframe::egui;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, TryRecvError};

/// The environment variable that chooses the saves folder when no `--saves-dir` is
/// given (the window reads it at start; `queens gui --saves-dir` passes its folder
/// directly and wins over it).
pub const SAVES_DIR_VAR: &str = "QUEENS_SAVES_DIR";

/// The saves folder: the environment's if given, else the setting's, else `saves/`.
pub fn saves_dir_from(setting: &str, env: Option<&str>) -> PathBuf {
    [env.unwrap_or(""), setting]
        .into_iter()
        .map(str::trim)
        .find(|dir| !dir.is_empty())
        .map_or_else(|| PathBuf::from(DEFAULT_SAVES_DIR), PathBuf::from)
}

/// What an export thread reports: the file and the game count, or the store's message.
type ExportResult = Result<(PathBuf, usize), String>;

/// What the look for an autosave at start found (on a background thread, so a slow disk
/// or a FIFO named `autosave.ron` never freezes the window).
#[derive(Debug)]
pub enum AutosaveCheck {
    /// No autosave, or a finished one (whose game is in the history): nothing to offer.
    Nothing,
    /// An unfinished game to offer for "Continue".
    Offer(Box<LoadedGame>),
    /// The file could not be loaded. It is never deleted or overwritten: it was moved
    /// aside to `moved_to` (or, if even that failed, left where it was, with the reason).
    Damaged {
        /// Why it could not be loaded.
        detail: String,
        /// Where it is now, or why it could not be moved.
        moved_to: Result<PathBuf, String>,
    },
}

/// Looks at the autosave of `dir`: only a regular file is read; anything unreadable is
/// moved aside by [`quarantine`]. `not_regular` is the (translated) reason given for a
/// FIFO, a folder or a link in its place.
pub fn check_autosave_file(dir: &Path, not_regular: &str) -> AutosaveCheck {
    let path = autosave_path(dir);
    let detail = match std::fs::symlink_metadata(&path) {
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            return AutosaveCheck::Nothing;
        }
        Err(error) => format!("{}: {error}", path.display()),
        Ok(meta) if !meta.file_type().is_file() => format!("{}: {not_regular}", path.display()),
        Ok(_) => match load_from(&path) {
            Ok(loaded) if !loaded.saved.is_finished() && loaded.board.ply() > 0 => {
                return AutosaveCheck::Offer(Box::new(loaded));
            }
            Ok(_) | Err(StoreError::NotFound { .. }) => return AutosaveCheck::Nothing,
            Err(error) => error.to_string(),
        },
    };
    let moved_to = quarantine(&path).map_err(|error| error.to_string());
    AutosaveCheck::Damaged { detail, moved_to }
}

/// Who may write the autosave file of the saves folder.
pub enum AutosaveSlot {
    /// The look for an autosave at start is under way: nothing writes it meanwhile.
    Checking(Receiver<AutosaveCheck>),
    /// An unfinished game is offered: nothing writes the file until the player chose.
    Offered(Box<LoadedGame>),
    /// A damaged autosave could not be moved aside: this session never touches it.
    Kept,
    /// The autosave follows the game on screen.
    Ours,
}

/// What a history-loading thread reports: the entries and the skipped files' messages.
type HistoryResult = (Vec<HistoryEntry>, Vec<String>);

/// The History window's contents, loaded on a background thread when it opens.
pub struct HistoryView {
    /// The load under way (the window shows "Loading…" until it answers).
    pub loading: Option<Receiver<HistoryResult>>,
    /// The finished games, oldest first.
    pub entries: Vec<HistoryEntry>,
    /// Files that could not be loaded, with the store's message.
    pub skipped: Vec<String>,
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
    /// The game string last written to (or read from) [`Files::path`]: while the game
    /// still equals it, replacing the game loses nothing.
    saved_game: Option<String>,
    /// Whether the autosave may be written: not while it is looked for, offered, or
    /// damaged and stuck in place.
    pub slot: AutosaveSlot,
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
            saved_game: None,
            slot: AutosaveSlot::Ours,
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

    /// The unfinished autosaved game offered at start, if any.
    pub fn offer(&self) -> Option<&LoadedGame> {
        match &self.slot {
            AutosaveSlot::Offered(loaded) => Some(loaded),
            _ => None,
        }
    }

    /// Whether the autosave is still being looked for or is offered: the player has not
    /// chosen yet, so the game on screen must not start (or it would replace it).
    pub fn awaiting_choice(&self) -> bool {
        matches!(
            self.slot,
            AutosaveSlot::Checking(_) | AutosaveSlot::Offered(_)
        )
    }

    /// Records that the game as it is now equals its file (just opened or saved).
    pub fn mark_saved(&mut self) {
        self.saved_game = Some(self.record.game.clone());
    }

    /// Whether `game` differs from what was last saved to its file.
    pub fn unsaved(&self, game: &str) -> bool {
        self.saved_game.as_deref() != Some(game)
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
        self.files.offer().is_some()
    }

    /// Whether the look for an autosave at start is still under way.
    pub fn checking_autosave(&self) -> bool {
        matches!(self.files.slot, AutosaveSlot::Checking(_))
    }

    /// Whether the History window is still loading.
    pub fn history_loading(&self) -> bool {
        self.files
            .history
            .as_ref()
            .is_some_and(|view| view.loading.is_some())
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

    /// Starts looking for an autosave on a background thread: an unfinished game will be
    /// offered, a damaged file moved aside and reported ([`check_autosave_file`]).
    pub(super) fn check_autosave(&mut self) {
        let dir = self.files.dir.clone();
        let not_regular = self.texts().not_regular_file;
        let (sender, receiver) = mpsc::channel();
        std::thread::spawn(move || {
            // The window may be gone; then nobody needs the answer.
            let _ = sender.send(check_autosave_file(&dir, not_regular));
        });
        self.files.slot = AutosaveSlot::Checking(receiver);
        self.message = Message::CheckingAutosave;
    }

    /// Takes the autosave check's answer when it arrives.
    fn poll_autosave_check(&mut self, ctx: &egui::Context) {
        let AutosaveSlot::Checking(receiver) = &self.files.slot else {
            return;
        };
        let check = match receiver.try_recv() {
            Err(TryRecvError::Empty) => {
                // The thread has no context to wake the window: look again soon.
                ctx.request_repaint_after(std::time::Duration::from_millis(30));
                return;
            }
            Err(TryRecvError::Disconnected) => AutosaveCheck::Nothing,
            Ok(check) => check,
        };
        if self.message == Message::CheckingAutosave {
            self.message = self.started_message();
        }
        self.files.slot = match check {
            AutosaveCheck::Nothing => AutosaveSlot::Ours,
            AutosaveCheck::Offer(loaded) => AutosaveSlot::Offered(loaded),
            AutosaveCheck::Damaged { detail, moved_to } => {
                let kept = moved_to.is_err();
                self.message = Message::AutosaveDamaged { detail, moved_to };
                if kept {
                    AutosaveSlot::Kept
                } else {
                    AutosaveSlot::Ours
                }
            }
        };
        // A game played meanwhile (a position given at start) is autosaved now.
        self.sync_files();
    }

    /// Brings the record up to the board after a move, an undo or a redo, then writes
    /// the autosave or, for a game that just finished, the history.
    pub(super) fn after_change(&mut self, search: Option<SearchInfo>) {
        self.files.record.update(&self.game.board, search);
        self.sync_files();
    }

    /// Makes `record` the record of the game now on screen (a new, pasted or loaded
    /// game). A game already finished is not added to the history again.
    pub(super) fn adopt_record(&mut self, record: SavedGame) {
        self.files.recorded_finish = record.is_finished().then(|| record.game.clone());
        self.files.record = record;
        self.files.saved_game = None;
        self.sync_files();
    }

    /// The autosave follows the game: written while it is unfinished, removed when it
    /// has no moves or is over (then it goes to the history once). While the player has
    /// not chosen about an offered autosave, or a damaged one is stuck in place, the
    /// autosave file is not touched at all.
    pub(super) fn sync_files(&mut self) {
        let dir = &self.files.dir;
        let record = &self.files.record;
        if record.is_finished()
            && self.files.recorded_finish.as_deref() != Some(record.game.as_str())
        {
            self.files.recorded_finish = Some(record.game.clone());
            if let Err(error) = append_history(dir, record) {
                self.message = Message::HistoryFailed(error.to_string());
            }
        }
        if !matches!(self.files.slot, AutosaveSlot::Ours) {
            return;
        }
        // A resigned game is ended by the player: nothing to continue.
        let ended = record.is_finished() || self.resigned().is_some();
        let result = if ended || record.moves.is_empty() {
            clear_autosave(dir)
        } else {
            autosave(dir, record)
        };
        if let Err(error) = result {
            self.message = Message::AutosaveFailed(error.to_string());
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
        self.message = match self.write_save(path) {
            Ok(path) => Message::Saved(path),
            Err(message) => message,
        };
    }

    /// Writes the game to `path`, which becomes its file; the error is the status line.
    fn write_save(&mut self, path: PathBuf) -> Result<PathBuf, Message> {
        match self.files.record.save_to(&path) {
            Ok(()) => {
                self.files.path = Some(path.clone());
                self.files.saved_game = Some(self.files.record.game.clone());
                Ok(path)
            }
            Err(error) => Err(Message::SaveFailed(error.to_string())),
        }
    }

    /// Saves the game without asking where: to its file, else to a fresh file in the
    /// saves folder (for "Save it first" before a game is replaced).
    pub(super) fn save_without_asking(&mut self) -> Result<PathBuf, Message> {
        let path = self
            .files
            .path
            .clone()
            .unwrap_or_else(|| new_save_path(&self.files.dir));
        self.write_save(path)
    }

    /// Whether replacing the game on screen would lose moves the player has not saved:
    /// it is unfinished, has moves, and differs from its file.
    pub(super) fn unsaved_progress(&self) -> bool {
        let board = &self.game.board;
        !board.is_over() && board.ply() > 0 && self.files.unsaved(&self.files.record.game)
    }

    /// Loads a save; a bad file leaves the game on screen untouched and says why. Only a
    /// regular file is opened (a FIFO would block the window).
    fn open(&mut self, path: &Path) {
        let regular = std::fs::metadata(path).map_or(true, |meta| meta.file_type().is_file());
        if !regular {
            let detail = format!("{}: {}", path.display(), self.texts().not_regular_file);
            self.message = Message::OpenFailed(detail);
            return;
        }
        match load_from(path) {
            Ok(loaded) => {
                let moves = loaded.board.ply();
                let message = Message::Opened(path.to_path_buf(), moves);
                let mut replacement =
                    Replacement::loaded(loaded, Some(path.to_path_buf()), message);
                replacement.saved = true;
                self.offer_replacement(replacement);
            }
            Err(error) => self.message = Message::OpenFailed(error.to_string()),
        }
    }

    /// Takes up the autosaved game offered at start.
    pub(super) fn continue_autosave(&mut self) {
        let slot = std::mem::replace(&mut self.files.slot, AutosaveSlot::Ours);
        match slot {
            AutosaveSlot::Offered(loaded) => {
                let moves = loaded.board.ply();
                self.replace_with(Replacement::loaded(
                    *loaded,
                    None,
                    Message::Continued(moves),
                ));
            }
            other => self.files.slot = other,
        }
    }

    /// Declines the offered autosave, which is then removed: the player chose so.
    pub(super) fn discard_autosave(&mut self) {
        if !matches!(self.files.slot, AutosaveSlot::Offered(_)) {
            return;
        }
        self.files.slot = AutosaveSlot::Ours;
        if let Err(error) = clear_autosave(&self.files.dir) {
            self.message = Message::AutosaveFailed(error.to_string());
        }
        self.sync_files();
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
            Ok(board) => self.offer_replacement(Replacement::loaded(
                LoadedGame { saved, board },
                None,
                Message::HistoryOpened(id),
            )),
            Err(error) => self.message = Message::OpenFailed(format!("{id}: {error}")),
        }
    }

    /// Opens the History window and loads the history of the saves folder on a
    /// background thread (a large history, a slow disk or a FIFO must not freeze the
    /// window); the filters typed before are kept.
    pub(super) fn show_history(&mut self, ctx: &egui::Context) {
        let dir = self.files.dir.clone();
        let repaint = ctx.clone();
        let (sender, receiver) = mpsc::channel();
        std::thread::spawn(move || {
            let (entries, bad) = load_history(&dir);
            let skipped = bad
                .into_iter()
                .map(|(_, error)| error.to_string())
                .collect();
            let _ = sender.send((entries, skipped));
            repaint.request_repaint();
        });
        let (size, player) = self
            .files
            .history
            .take()
            .map_or((None, String::new()), |old| (old.size, old.player));
        self.files.history = Some(HistoryView {
            loading: Some(receiver),
            entries: Vec::new(),
            skipped: Vec::new(),
            size,
            player,
        });
    }

    /// Takes the history when its loading thread answers.
    fn poll_history(&mut self) {
        let Some(view) = self.files.history.as_mut() else {
            return;
        };
        let Some(receiver) = &view.loading else {
            return;
        };
        match receiver.try_recv() {
            Err(TryRecvError::Empty) => {}
            Err(TryRecvError::Disconnected) => view.loading = None,
            Ok((entries, skipped)) => {
                view.entries = entries;
                view.skipped = skipped;
                view.loading = None;
            }
        }
    }

    /// Uses the folder typed in the History window (empty: the default) from now on.
    pub(super) fn set_saves_dir(&mut self, ctx: &egui::Context) {
        let text = self.files.folder_text.trim().to_string();
        self.files.dir = saves_dir_from(&text, None);
        self.files.folder_text = self.files.dir.display().to_string();
        self.settings.saves_dir = text;
        self.message = Message::FolderSet(self.files.dir.clone());
        if self.files.history.is_some() {
            self.show_history(ctx);
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
                .map_err(|error| error.to_string());
            let _ = sender.send(result);
            repaint.request_repaint();
        });
        self.files.export = Some(receiver);
        self.message = Message::Exporting;
    }

    /// Takes a closed dialog's answer and a finished export's result (once per frame).
    pub(super) fn poll_files(&mut self, ctx: &egui::Context) {
        self.poll_autosave_check(ctx);
        self.poll_history();
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
                Err(TryRecvError::Disconnected) => Err(String::from("the export stopped")),
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
