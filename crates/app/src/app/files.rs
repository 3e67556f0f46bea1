//! The file side of the app: thin calls on [`Files`], which does the work and returns
//! what the status line says: saving, opening, the autosave, the history, the export
//! and the offer to copy an older version's saves.

use super::App;
use crate::i18n::texts;
use crate::jobs::dialogs::FileTask;
use crate::session::messages::Message;
use crate::session::saving::CheckEnded;
use crate::session::writes::{WindowStore, Write};
use eframe::egui;
use queens_store::location::{SavesSource, legacy_saves_in};
use queens_store::{SavedGame, SearchInfo};
use std::path::{Path, PathBuf};

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
        self.files.checking()
    }

    /// Whether the History window is still loading.
    pub fn history_loading(&self) -> bool {
        self.files.history_loading()
    }

    /// Whether the Excel export is still running.
    pub fn is_exporting(&self) -> bool {
        self.files.exporting()
    }

    /// Native file dialogs on (the default) or off. Off, Save/Open/Export go straight to
    /// the window's own path field, as on a system without any dialog: tests use this so
    /// that they never wait on a dialog.
    pub fn set_native_dialogs(&mut self, on: bool) {
        self.files.set_native_dialogs(on);
    }

    /// Writes the settings to `path` whenever they change from now on (the real window
    /// uses the platform's data folder; tests a temporary one).
    pub fn set_settings_file(&mut self, path: PathBuf) {
        self.settings_store.file = Some(path);
    }

    /// Asks for the settings to be written (in the background, atomically) when they
    /// differ from the last written: called after every frame, so a View choice or a
    /// puzzle's result is on disk moments after the click, not only on Quit or eframe's
    /// 30-second timer, and a killed window loses none of it.
    pub(crate) fn write_changed_settings(&mut self) {
        let Some(path) = &self.settings_store.file else {
            return;
        };
        if self.settings == self.settings_store.written {
            return;
        }
        self.files.writes.push(Write::Settings {
            path: path.clone(),
            json: self.settings.to_json(),
        });
        self.settings_store.written = self.settings.clone();
    }

    /// Shows `message` in the status line, if there is one.
    pub(super) fn report(&mut self, message: Option<Message>) {
        if let Some(message) = message {
            self.message = message;
        }
    }

    pub(super) fn check_autosave(&mut self) {
        self.files.start_autosave_check();
        self.message = Message::CheckingAutosave;
    }

    /// Brings the files up to the board after a move, an undo or a redo.
    pub(super) fn after_change(&mut self, search: Option<SearchInfo>) {
        let failure = self.files.update(&self.game, search);
        self.report(failure);
    }

    /// Makes `record` the record of the game now on screen.
    pub(super) fn adopt_record(&mut self, record: SavedGame) {
        let failure = self.files.adopt(record);
        self.report(failure);
    }

    /// The autosave and the history follow the game ([`Files::sync`]).
    pub(super) fn sync_files(&mut self) {
        let failure = self.files.sync();
        self.report(failure);
    }

    /// The record follows the computer's pause, and the autosave with it, so Continue
    /// keeps a paused computer paused. Called once a frame, after the actions: pausing
    /// has several doors (Pause, Cancel, an undo, a lost search).
    pub(crate) fn follow_pause(&mut self) {
        let paused = self.paused && !self.game_ended();
        if self.files.record.computer_paused != paused {
            self.files.record.computer_paused = paused;
            self.sync_files();
        }
    }

    /// Ctrl+S: to the game's file if it has one, else like Save as.
    pub(super) fn save(&mut self, ctx: &egui::Context) {
        if self.refuse_unsavable() {
            return;
        }
        match self.files.path.clone() {
            Some(path) => self.save_to(path),
            None => self.files.ask_path(ctx, FileTask::SaveAs),
        }
    }

    /// Says so and answers `true` when the game on screen cannot be saved yet (see
    /// [`crate::session::saving::Files::unsavable`]): no dialog is opened for it.
    pub(super) fn refuse_unsavable(&mut self) -> bool {
        let Some(tag) = self.files.unsavable else {
            return false;
        };
        self.message = Message::Grid(crate::session::grid_note::GridNote::CannotSave(tag));
        true
    }

    /// A path typed or picked in our own path field: a Save as or an Export onto a file
    /// that exists asks first, in the field ("Replace the file?"), as every platform's
    /// save dialog does (a native dialog asks by itself: its path goes straight to
    /// [`App::path_chosen`]).
    pub(super) fn path_typed(&mut self, ctx: &egui::Context, task: FileTask, path: PathBuf) {
        let writes = matches!(task, FileTask::SaveAs | FileTask::Export);
        if writes
            && std::fs::symlink_metadata(&path).is_ok()
            && let Some(prompt) = self.files.prompt.as_mut()
        {
            prompt.replacing = Some(path);
            return;
        }
        self.path_chosen(ctx, task, path);
    }

    /// Carries out `task` on the path the dialog or the path field gave.
    pub(super) fn path_chosen(&mut self, ctx: &egui::Context, task: FileTask, path: PathBuf) {
        self.files.prompt = None;
        match task {
            FileTask::SaveAs => self.save_to(path),
            FileTask::Open => self.open(ctx, &path),
            FileTask::Program(seat) => {
                let command = crate::session::engine_setup::command_for_file(&path);
                self.new_game.draft.program.clone_from(&command);
                self.new_game.draft.computer_mut(seat).program = Some(command);
            }
            FileTask::Export => {
                let extra = crate::session::history::ExtraSheets {
                    names: self.texts().sheet_names,
                    table24: self.windows.table24.table.clone(),
                    analysis: self.analysis().cloned(),
                };
                self.message = self.files.start_export(ctx, path, extra);
            }
        }
    }

    /// Starts saving the game to `path` in the background; the status line says
    /// "saving…" until it is written.
    pub(super) fn save_to(&mut self, path: PathBuf) {
        self.message = self.files.write_save(path);
    }

    /// Sends the window's writes (saves, autosave, history) to `store` from now on: tests
    /// pass a store that blocks on purpose, to show the window still draws meanwhile.
    pub fn set_store(&mut self, store: std::sync::Arc<dyn WindowStore>) {
        self.files.writes.set_store(store);
    }

    /// Whether a save, an autosave or a history entry is still being written, a save is
    /// being opened, or a Table 2.4 or Tree Lab workbook is being written.
    pub fn is_writing(&self) -> bool {
        self.files.writes.busy()
            || self.files.opening()
            || self.files.listing()
            || self.windows.table24.export_job.is_some()
            || self.windows.tree_lab.export_job.is_some()
    }

    /// Takes the finished writes' results: each message is shown, and a save the
    /// player asked for before replacing the game ("Save it first") lets the
    /// replacement go ahead once written, or keeps the game if it failed.
    fn take_writes(&mut self, messages: Vec<Message>) {
        for message in messages {
            let first = self.asked.save_first.take();
            match (&message, first) {
                (Message::Saved(path), Some((wanted, replacement))) if *path == wanted => {
                    // Moves made while the save ran would be lost: keep the game then.
                    if self.files.record_unsaved() {
                        self.message = message;
                    } else {
                        self.replace_with(replacement);
                        let then = std::mem::replace(&mut self.message, Message::NothingToUndo);
                        self.message = Message::Both(Box::new(message), Box::new(then));
                    }
                }
                // Not saved: the game stays, and the status line says why.
                (Message::SaveFailed(_), Some(_)) => self.message = message,
                (_, first) => {
                    self.asked.save_first = first;
                    self.message = message;
                }
            }
        }
    }

    /// The window is closing: waits for every write asked for, so no save is cut short.
    pub(super) fn finish_writes(&mut self) {
        let messages = self.files.finish_writes();
        self.take_writes(messages);
    }

    /// Offers, once per folder, to copy the `saves/` an older version left in the current
    /// folder, when the saves now live in the data folder.
    pub(super) fn offer_old_saves(&mut self) {
        if self.files.source != SavesSource::DataFolder {
            return;
        }
        if let Ok(current) = std::env::current_dir() {
            self.offer_old_saves_in(&current);
        }
    }

    /// Offers to copy the games of `current`'s `saves/` into the saves folder in use, if
    /// it has any and was not offered before; returns whether the offer is now shown.
    /// (The real window calls it with the folder it started in; tests with their own.)
    pub fn offer_old_saves_in(&mut self, current: &Path) -> bool {
        if let Some(old) = legacy_saves_in(current, &self.files.dir) {
            let offer = crate::windows::about::OldSavesOffer::new(old);
            if !self.settings.old_saves_offered.contains(&offer.key()) {
                self.old_saves = Some(offer);
            }
        }
        self.old_saves.is_some()
    }

    /// Whether the offer to copy an older version's saves is on screen.
    pub fn offering_old_saves(&self) -> bool {
        self.old_saves.is_some()
    }

    /// Shows the old-saves offer, if any, and acts on the answer.
    pub(crate) fn old_saves_ui(&mut self, ctx: &egui::Context) {
        use crate::windows::about::{OfferAnswer, old_saves_ui};
        let Some(offer) = &mut self.old_saves else {
            return;
        };
        offer.poll();
        match old_saves_ui(offer, &self.files.dir, texts(self.settings.language), ctx) {
            OfferAnswer::None => {}
            OfferAnswer::Copy => {
                self.settings.old_saves_offered.push(offer.key());
                offer.start_copy(&self.files.dir, ctx);
            }
            OfferAnswer::Decline => {
                self.settings.old_saves_offered.push(offer.key());
                self.old_saves = None;
            }
            OfferAnswer::Closed => self.old_saves = None,
        }
    }

    /// Uses the folder typed in the History window from now on.
    pub(super) fn set_saves_dir(&mut self, ctx: &egui::Context) {
        self.settings.saves_dir = self.files.use_typed_folder(ctx);
        self.message = Message::FolderSet(self.files.dir.clone());
    }

    /// Takes the autosave check's answer, a closed dialog's path, the history and a
    /// finished export's result (once per frame).
    pub(crate) fn poll_files(&mut self, ctx: &egui::Context) {
        if !self.files.writes.has_wake() {
            let repaint = ctx.clone();
            self.files
                .writes
                .set_wake(std::sync::Arc::new(move || repaint.request_repaint()));
        }
        if self.files.poll_listing() {
            // The listing job has no context to wake the window: look again soon.
            ctx.request_repaint_after(std::time::Duration::from_millis(30));
        }
        if let Some((path, loaded)) = self.files.poll_open() {
            self.opened(&path, loaded);
        }
        let written = self.files.poll_writes();
        self.take_writes(written);
        if self.files.writes.busy() {
            // A write started before the wake was set cannot wake the window: look again.
            ctx.request_repaint_after(std::time::Duration::from_millis(50));
        }
        if let Some(ended) = self.files.poll_autosave_check(ctx) {
            if self.message == Message::CheckingAutosave {
                self.message = self.started_message();
            }
            match ended {
                CheckEnded::WithReport(report) => self.message = report,
                CheckEnded::ShowFinished(loaded) => self.show_finished(*loaded),
                CheckEnded::TakeUp(loaded) => {
                    let message = Message::Continued(loaded.ply());
                    self.replace_with(super::Replacement::loaded(*loaded, None, message));
                }
                CheckEnded::Quietly => {}
            }
            // A game given at start (a position) is autosaved now.
            self.sync_files();
        }
        self.files.poll_history();
        if let Some((task, path)) = self.files.poll_dialog() {
            self.path_chosen(ctx, task, path);
        }
        let exported = self.files.poll_export();
        self.report(exported);
    }

    /// The current game as its save file would hold it.
    pub fn record(&self) -> &SavedGame {
        &self.files.record
    }

    /// Shows the finished game left on screen last time, as it ended: it is in the
    /// history already and is not added again, and nothing in it moves (issue 38: a
    /// finished computer-vs-computer game was played again at every start).
    fn show_finished(&mut self, loaded: queens_store::Loaded) {
        let message = Message::ShownAgain(loaded.ply());
        self.replace_with(super::Replacement::loaded(loaded, None, message));
    }

    /// Stays on the link's game: the offered autosave is kept, untouched until the
    /// player moves here.
    pub(super) fn stay_on_link(&mut self) {
        self.files.stay_on_link();
    }

    /// Declines the offered autosave, which is then removed: the player chose so.
    pub(super) fn discard_autosave(&mut self) {
        let failure = self.files.discard_offer();
        self.report(failure);
    }
}
