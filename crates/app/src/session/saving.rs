//! The window's files: saving and opening games, the autosave with its "Continue" offer,
//! the match history and the Excel export. The formats and their checks are the store's;
//! here the window decides when to call it and what to say. [`Files`] knows nothing of
//! the app: its methods return the status line's [`Message`] and the app shows it.

use crate::jobs::dialogs::{DialogJob, DialogPoll, FileTask, PathPrompt, SaveItem};
use crate::jobs::job::{Job, Polled};
pub(crate) use crate::session::autosave_check::{AutosaveCheck, check_autosave_file};
use crate::session::game::Game;
use crate::session::history::{ExportJob, ExtraSheets, HistoryView};
use crate::session::messages::Message;
use crate::session::seats::side_from_seat;
use crate::session::writes::{Write, Writes, Written};
use eframe::egui;
use queens_store::location::{SavesLocation, SavesSource, choose_saves_dir, data_dir};
use queens_store::{DEFAULT_SAVES_DIR, Loaded, SavedGame, SearchInfo, new_save_path};
use std::ffi::OsStr;
use std::path::{Path, PathBuf};

/// The window's saves folder: `--saves-dir`, then `QUEENS_SAVES_DIR` (`env`), then the
/// setting, then `saves` in the platform's data folder ([`choose_saves_dir`]). Only when
/// the system names no home folder at all is it `saves` in the current folder, and the
/// About window says so.
pub(crate) fn window_saves(
    option: Option<&Path>,
    env: Option<&OsStr>,
    setting: &str,
) -> SavesLocation {
    choose_saves_dir(option, env, setting, data_dir().as_deref()).unwrap_or_else(|_| {
        SavesLocation {
            dir: PathBuf::from(DEFAULT_SAVES_DIR),
            source: SavesSource::CurrentFolder,
        }
    })
}

/// A save File > Open read: its path, and the replayed game or why it could not be.
pub(crate) type Opened = (PathBuf, Result<Loaded, Message>);

/// Who may write the autosave file of the saves folder.
pub(crate) enum AutosaveSlot {
    /// The look for an autosave at start is under way: nothing writes it meanwhile.
    Checking(Job<(), AutosaveCheck>),
    /// An unfinished game is offered: nothing writes the file until the player chose.
    Offered(Box<Loaded>),
    /// A damaged autosave could not be moved aside: this session never touches it.
    Kept,
    /// The game on screen was given at start (a link): the autosave (an earlier
    /// unfinished game, perhaps) is not written over until the player moves in it
    /// ([`Files::player_moved`]). Opening a link never costs a game.
    Held,
    /// An earlier unfinished game offered beside a link's game: as [`AutosaveSlot::Held`],
    /// and Continue is offered without blocking the window (the link's game plays on,
    /// its computer too) until the player answers or moves.
    Beside(Box<Loaded>),
    /// The autosave follows the game on screen.
    Ours,
}

/// The file side of the app's state.
pub(crate) struct Files {
    /// The saves folder in use.
    pub dir: PathBuf,
    /// Where [`Files::dir`] came from (the About window says it).
    pub source: SavesSource,
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
    /// The saves of the folder being read for the Open prompt.
    pub(super) listing: Option<Job<(), Vec<SaveItem>>>,
    /// Our own path field, when no native dialog could be shown.
    pub prompt: Option<PathPrompt>,
    native_dialogs: bool,
    /// The History window, when open.
    pub history: Option<HistoryView>,
    export: Option<ExportJob>,
    /// Saves, autosaves and history entries being written in the background, in order.
    pub writes: Writes,
    /// A save being read, checked and replayed (File > Open) in the background.
    pub(super) opening: Option<Job<(), Opened>>,
    /// The tag of the game on screen when the saves cannot hold it yet (a table game
    /// without a save record, such as Othello): its record is then a stand-in holding
    /// the players, their names and the game string, and is never written. Save says
    /// so, and the autosave and the history keep what they held.
    pub unsavable: Option<&'static str>,
    /// The game on screen was given at start (a link to a position, `QUEENS_POSITION`):
    /// the autosave check then offers an earlier unfinished game with "Stay on the link"
    /// in place of Discard, shows no finished one over it, and holds the autosave
    /// ([`AutosaveSlot::Held`]) until the player moves.
    pub given_at_start: bool,
}

impl Files {
    /// The file state for `game` in the saves folder `dir`.
    pub(crate) fn new(location: SavesLocation, record: SavedGame) -> Files {
        Files {
            folder_text: location.dir.display().to_string(),
            dir: location.dir,
            source: location.source,
            record,
            path: None,
            recorded_finish: None,
            saved_game: None,
            slot: AutosaveSlot::Ours,
            dialog: None,
            listing: None,
            prompt: None,
            native_dialogs: true,
            history: None,
            export: None,
            writes: Writes::default(),
            opening: None,
            unsavable: None,
            given_at_start: false,
        }
    }

    /// Whether a dialog, a path prompt or an export is under way.
    pub(crate) fn busy(&self) -> bool {
        self.dialog.is_some() || self.prompt.is_some() || self.export.is_some()
    }

    /// The unfinished autosaved game offered at start, if any.
    pub(crate) fn offer(&self) -> Option<&Loaded> {
        match &self.slot {
            AutosaveSlot::Offered(loaded) | AutosaveSlot::Beside(loaded) => Some(loaded),
            _ => None,
        }
    }

    /// Whether the offered autosave is offered beside a link's game (without blocking
    /// the window: [`AutosaveSlot::Beside`]).
    pub(crate) fn offered_beside_link(&self) -> bool {
        matches!(self.slot, AutosaveSlot::Beside(_))
    }

    /// Whether the autosave is still being looked for or is offered: the player has not
    /// chosen yet, so the game on screen must not start (or it would replace it).
    pub(crate) fn awaiting_choice(&self) -> bool {
        matches!(
            self.slot,
            AutosaveSlot::Checking(_) | AutosaveSlot::Offered(_)
        )
    }

    /// Records that the game as it is now equals its file (just opened or saved).
    pub(crate) fn mark_saved(&mut self) {
        self.saved_game = Some(self.record.game.clone());
    }

    /// Whether `game` differs from what was last saved to its file.
    pub(crate) fn unsaved(&self, game: &str) -> bool {
        self.saved_game.as_deref() != Some(game)
    }
}

/// A fresh record of `game` (its seats as sides; `seed` the seed of queens' random
/// stones). For a game the saves cannot hold (`Files::unsavable`), a stand-in the files
/// never write: the players and the game string.
pub(crate) fn record_of(game: &Game, seed: Option<u64>) -> SavedGame {
    let players = game.seats.clone().map(|s| side_from_seat(&s));
    SavedGame::of_game(game.game.as_ref(), players.clone(), seed).unwrap_or_else(|| SavedGame {
        game: game.game.game_string(),
        settings: queens_store::GameSettings {
            players,
            ..queens_store::GameSettings::default()
        },
        ..SavedGame::default()
    })
}

/// How the look for an autosave at start ended.
pub(crate) enum CheckEnded {
    /// Nothing to say: no autosave, or one offered for "Continue".
    Quietly,
    /// The game left on screen last time ended: it is to be shown again as it ended
    /// (unless the window was started on another game, such as a link's).
    ShowFinished(Box<Loaded>),
    /// The link given at start is the unfinished autosaved game itself: it is taken up
    /// as Continue would (its record keeps its times and searches).
    TakeUp(Box<Loaded>),
    /// A damaged autosave was found: this says where it is now.
    WithReport(Message),
}

impl Files {
    /// Whether the look for an autosave at start is still under way.
    pub(crate) fn checking(&self) -> bool {
        matches!(self.slot, AutosaveSlot::Checking(_))
    }

    /// Whether the History window is still loading.
    pub(crate) fn history_loading(&self) -> bool {
        self.history
            .as_ref()
            .is_some_and(|view| view.loading.is_some())
    }

    /// Whether the Excel export is still running.
    pub(crate) fn exporting(&self) -> bool {
        self.export.is_some()
    }

    /// Native file dialogs on (the default) or off (our own path field).
    pub(crate) fn set_native_dialogs(&mut self, on: bool) {
        self.native_dialogs = on;
    }

    /// Starts looking for an autosave on a background thread: an unfinished game will be
    /// offered, a damaged file moved aside and reported ([`check_autosave_file`]).
    pub(crate) fn start_autosave_check(&mut self) {
        let dir = self.dir.clone();
        // No context to wake the window: its poll looks again soon.
        let job = Job::spawn("autosave-check", || {}, move |_| check_autosave_file(&dir));
        self.slot = AutosaveSlot::Checking(job);
    }

    /// The game on screen was given at start (a link): see [`Files::given_at_start`].
    pub(crate) fn given_at_start(&mut self) {
        self.given_at_start = true;
    }

    /// The player moved in the game on screen: an autosave held for a link's game
    /// ([`AutosaveSlot::Held`]) follows it from now on.
    pub(crate) fn player_moved(&mut self) {
        if matches!(self.slot, AutosaveSlot::Held | AutosaveSlot::Beside(_)) {
            self.slot = AutosaveSlot::Ours;
        }
    }

    /// The player chose to stay on the link's game rather than continue the offered
    /// one: the offered game stays in the autosave until the player moves here.
    pub(crate) fn stay_on_link(&mut self) {
        if matches!(self.slot, AutosaveSlot::Beside(_)) {
            self.slot = AutosaveSlot::Held;
        }
    }

    /// Takes the autosave check's answer once it has arrived (`None` before, and when
    /// no check runs).
    pub(crate) fn poll_autosave_check(&mut self, ctx: &egui::Context) -> Option<CheckEnded> {
        let AutosaveSlot::Checking(job) = &mut self.slot else {
            return None;
        };
        let check = match job.poll() {
            Polled::Running => {
                // The thread has no context to wake the window: look again soon.
                ctx.request_repaint_after(std::time::Duration::from_millis(30));
                return None;
            }
            Polled::Lost => AutosaveCheck::Nothing,
            Polled::Done(check) => check,
        };
        // A link's game holds the autosave, whatever it holds, until the player moves.
        let free = if self.given_at_start {
            AutosaveSlot::Held
        } else {
            AutosaveSlot::Ours
        };
        let (slot, ended) = match check {
            AutosaveCheck::Nothing => (free, CheckEnded::Quietly),
            // The link is the autosaved game itself (a reload of the browser's page,
            // whose address follows the game): it is taken up, with its record.
            AutosaveCheck::Offer(loaded)
                if self.given_at_start && loaded.saved().game == self.record.game =>
            {
                (AutosaveSlot::Ours, CheckEnded::TakeUp(loaded))
            }
            AutosaveCheck::Offer(loaded) if self.given_at_start => {
                (AutosaveSlot::Beside(loaded), CheckEnded::Quietly)
            }
            AutosaveCheck::Offer(loaded) => (AutosaveSlot::Offered(loaded), CheckEnded::Quietly),
            AutosaveCheck::Finished(_) if self.given_at_start => (free, CheckEnded::Quietly),
            AutosaveCheck::Finished(loaded) => (free, CheckEnded::ShowFinished(loaded)),
            // No autosave can be written there: none is tried, move after move.
            AutosaveCheck::NotAFolder => (
                AutosaveSlot::Kept,
                CheckEnded::WithReport(Message::SavesFolderNotAFolder(self.dir.clone())),
            ),
            AutosaveCheck::Damaged { problem, moved_to } => {
                let slot = if moved_to.is_err() {
                    AutosaveSlot::Kept
                } else {
                    AutosaveSlot::Ours
                };
                let report = Message::AutosaveDamaged {
                    problem: Box::new(problem),
                    moved_to,
                };
                (slot, CheckEnded::WithReport(report))
            }
        };
        self.slot = slot;
        Some(ended)
    }

    /// Brings the record up to `game` (its moves and the moves it can redo) after a
    /// move, an undo or a redo, then follows it with the files ([`Files::sync`]). For a game the saves cannot hold
    /// ([`Files::unsavable`]) the stand-in record follows its game string only (so
    /// "replace the unfinished game?" counts its moves) and nothing is written.
    pub(crate) fn update(&mut self, game: &Game, search: Option<SearchInfo>) -> Option<Message> {
        if self.unsavable.is_some() {
            self.record.game = game.game.game_string();
        } else {
            self.record.follow(game.game.as_ref(), search);
            self.record.redo = game.redo_moves();
        }
        self.sync()
    }

    /// Makes `record` the record of the game now on screen (a new, pasted or loaded
    /// game). A game already finished is not added to the history again.
    pub(crate) fn adopt(&mut self, record: SavedGame) -> Option<Message> {
        self.recorded_finish = record.is_finished().then(|| record.game.clone());
        self.record = record;
        self.saved_game = None;
        self.sync()
    }

    /// The autosave follows the game: written while it has moves, finished or not (a
    /// finished game is shown again at the next start, never played again: the autosave
    /// check offers only an unfinished one for "Continue"), removed when it has none; a
    /// finished game goes to the history once. While the player has not chosen about an offered autosave, or
    /// a damaged one is stuck in place, the autosave file is not touched at all. The
    /// writes run in the background, in order; their failures come from
    /// [`Files::poll_writes`].
    pub(crate) fn sync(&mut self) -> Option<Message> {
        if self.unsavable.is_some() {
            return None;
        }
        let record = &self.record;
        if record.is_finished() && self.recorded_finish.as_deref() != Some(record.game.as_str()) {
            self.recorded_finish = Some(record.game.clone());
            self.writes.push(Write::History {
                dir: self.dir.clone(),
                record: Box::new(record.clone()),
            });
        }
        if !matches!(self.slot, AutosaveSlot::Ours) {
            return None;
        }
        let dir = self.dir.clone();
        let write = if record.moves.is_empty() {
            Write::ClearAutosave { dir }
        } else {
            Write::Autosave {
                dir,
                record: Box::new(record.clone()),
            }
        };
        self.writes.push(write);
        None
    }

    /// Starts writing the game as it is now to `path`, which becomes its file once
    /// written ([`Files::poll_writes`] says how it went). Returns the status line's
    /// "saving…".
    pub(crate) fn write_save(&mut self, path: PathBuf) -> Message {
        if let Some(tag) = self.unsavable {
            return Message::Grid(super::grid_note::GridNote::CannotSave(tag));
        }
        self.writes.push(Write::Save {
            path: path.clone(),
            record: Box::new(self.record.clone()),
        });
        Message::Saving(path)
    }

    /// Starts saving the game without asking where: to its file, else to a fresh file in
    /// the saves folder (for "Save it first" before a game is replaced). Returns the file.
    pub(crate) fn save_without_asking(&mut self) -> PathBuf {
        let path = self
            .path
            .clone()
            .unwrap_or_else(|| new_save_path(&self.dir));
        self.write_save(path.clone());
        path
    }

    /// Takes the writes finished since the last frame: a save makes its file the game's
    /// (and the game as it was then the saved one); each failure becomes a message.
    /// Returns the messages, in order.
    pub(crate) fn poll_writes(&mut self) -> Vec<Message> {
        let done = self.writes.poll();
        self.take_written(done)
    }

    /// Waits for every write asked for (the window is closing) and takes the results.
    pub(crate) fn finish_writes(&mut self) -> Vec<Message> {
        let done = self.writes.finish();
        self.take_written(done)
    }

    fn take_written(&mut self, done: Vec<Written>) -> Vec<Message> {
        done.into_iter()
            .filter_map(|Written { write, result }| match (write, result) {
                (Write::Save { path, record }, Ok(())) => {
                    self.path = Some(path.clone());
                    self.saved_game = Some(record.game);
                    Some(Message::Saved(path))
                }
                (Write::Save { .. }, Err(error)) => Some(Message::SaveFailed(error.into())),
                (Write::Autosave { .. } | Write::ClearAutosave { .. }, Err(error)) => {
                    Some(Message::AutosaveFailed(error.into()))
                }
                (Write::History { .. }, Err(error)) => Some(Message::HistoryFailed(error.into())),
                (Write::Settings { .. }, Err(error)) => Some(Message::SettingsFailed(error.into())),
                (_, Ok(())) => None,
            })
            .collect()
    }

    /// Whether the record differs from what was last saved to its file.
    pub(crate) fn record_unsaved(&self) -> bool {
        self.unsavable.is_some() || self.unsaved(&self.record.game)
    }

    /// Takes the offered autosave (the player chose Continue); the autosave then follows
    /// that game.
    pub(crate) fn take_offer(&mut self) -> Option<Loaded> {
        match std::mem::replace(&mut self.slot, AutosaveSlot::Ours) {
            AutosaveSlot::Offered(loaded) | AutosaveSlot::Beside(loaded) => Some(*loaded),
            other => {
                self.slot = other;
                None
            }
        }
    }

    /// Removes the offered autosave (the player chose Discard), then follows the game on
    /// screen. Returns the failure to report, if any.
    pub(crate) fn discard_offer(&mut self) -> Option<Message> {
        if !matches!(self.slot, AutosaveSlot::Offered(_)) {
            return None;
        }
        self.slot = AutosaveSlot::Ours;
        self.writes.push(Write::ClearAutosave {
            dir: self.dir.clone(),
        });
        self.sync()
    }

    /// Uses the folder typed in the History window (empty: the default) from now on,
    /// reloading the History window if open. Returns the text to remember as the setting.
    pub(crate) fn use_typed_folder(&mut self, ctx: &egui::Context) -> String {
        let text = self.folder_text.trim().to_string();
        let location = window_saves(None, None, &text);
        self.dir = location.dir;
        self.source = location.source;
        self.folder_text = self.dir.display().to_string();
        if self.history.is_some() {
            self.show_history(ctx);
        }
        text
    }

    /// Opens the native dialog for `task`, or the path field where there is none.
    pub(crate) fn ask_path(&mut self, ctx: &egui::Context, task: FileTask) {
        if self.busy() {
            return;
        }
        if self.native_dialogs {
            let repaint = ctx.clone();
            self.dialog = Some(DialogJob::start(task, &self.dir, move || {
                repaint.request_repaint();
            }));
        } else {
            self.show_prompt(task);
        }
    }

    /// The path a closed dialog gave, with its task; a dialog that could not be shown
    /// opens our own path field instead.
    pub(crate) fn poll_dialog(&mut self) -> Option<(FileTask, PathBuf)> {
        let job = self.dialog.as_mut()?;
        let task = job.task;
        match job.poll() {
            DialogPoll::Open => None,
            DialogPoll::Cancelled => {
                self.dialog = None;
                None
            }
            DialogPoll::Fallback => {
                self.dialog = None;
                self.show_prompt(task);
                None
            }
            DialogPoll::Chosen(path) => {
                self.dialog = None;
                Some((task, path))
            }
        }
    }
}

/// The History window and the export: thin calls on [`HistoryView`] and [`ExportJob`].
impl Files {
    /// The game of the History window at `index`, replayed, with its id.
    pub(crate) fn history_game(&self, index: usize) -> Option<Result<(Loaded, String), Message>> {
        self.history.as_ref()?.game(index)
    }

    /// Opens (or reloads) the History window; the filters typed before are kept.
    pub(crate) fn show_history(&mut self, ctx: &egui::Context) {
        self.history = Some(HistoryView::load(&self.dir, ctx, self.history.take()));
    }

    /// Takes the history when its loading job answers.
    pub(crate) fn poll_history(&mut self) {
        if let Some(view) = self.history.as_mut() {
            view.poll();
        }
    }

    /// Writes the history to the workbook `path` in the background, with `extra`.
    pub(crate) fn start_export(
        &mut self,
        ctx: &egui::Context,
        path: PathBuf,
        extra: ExtraSheets,
    ) -> Message {
        self.export = Some(ExportJob::start(ctx, &self.dir, path, extra));
        Message::Exporting
    }

    /// A finished export's result, once.
    pub(crate) fn poll_export(&mut self) -> Option<Message> {
        let message = self.export.as_mut()?.poll()?;
        self.export = None;
        Some(message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_environment_wins_over_the_setting_and_both_over_the_default() {
        let env = |text: &'static str| Some(OsStr::new(text));
        assert_eq!(
            window_saves(None, None, " mine ").dir,
            PathBuf::from("mine")
        );
        assert_eq!(
            window_saves(None, env("cli"), "mine").dir,
            PathBuf::from("cli")
        );
        assert_eq!(
            window_saves(None, env(""), "mine").dir,
            PathBuf::from("mine")
        );
        let option = Some(Path::new("opt"));
        assert_eq!(
            window_saves(option, env("cli"), "mine").dir,
            PathBuf::from("opt")
        );
        let default = window_saves(None, None, "");
        assert_ne!(
            default.dir,
            PathBuf::from("saves"),
            "not the current folder"
        );
        assert_eq!(default.source, SavesSource::DataFolder);
        assert_eq!(Some(default.dir), data_dir().map(|dir| dir.join("saves")));
    }
}
