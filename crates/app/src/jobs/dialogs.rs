//! File dialogs without a frozen window, and the path field we show when there is no
//! dialog at all. No egui here.
//!
//! rfd's dialog blocks its caller on Linux, so it runs on its own thread and the window
//! polls it each frame. Where no xdg portal and no zenity exist, rfd returns `None`,
//! which looks exactly like Cancel, but it first logs an error ("Failed to pick file
//! with zenity"). The dialog's thread listens for that report ([`watch`]) and says
//! whether a dialog could be shown, so the window asks for a path itself on that state,
//! never on how long the dialog took (see [`needs_fallback`]).
//!
//! The limit: a zenity that starts but cannot show its window exits like a Cancel and
//! logs nothing, so that case reads as Cancel (the next Save or Open tries again).

use super::job::{Job, Polled};
use queens_store::{list_saves, new_save_path};
use std::path::{Path, PathBuf};

/// What a chosen path is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileTask {
    /// Write the current game to a new file.
    SaveAs,
    /// Load a game from a file.
    Open,
    /// Write the match history as an Excel workbook.
    Export,
    /// Choose the engine program (docs/protocol.md) of New game's computer in seat P1
    /// (0) or P2 (1). Only read (run), never written.
    Program(usize),
}

impl FileTask {
    /// The path the dialog or the path field proposes in the saves folder `dir`.
    pub(crate) fn suggested_path(self, dir: &Path) -> PathBuf {
        match self {
            FileTask::SaveAs => new_save_path(dir),
            FileTask::Open | FileTask::Program(_) => dir.to_path_buf(),
            FileTask::Export => dir.join("history.xlsx"),
        }
    }

    /// The file-name extension the task filters on (none for a program: any file may
    /// be one).
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    fn extension(self) -> Option<&'static str> {
        match self {
            FileTask::SaveAs | FileTask::Open => Some("ron"),
            FileTask::Export => Some("xlsx"),
            FileTask::Program(_) => None,
        }
    }
}

/// Whether a dialog that returned `result` failed to appear (so our own path field must
/// be shown) rather than being cancelled by the user: `failed` is whether rfd reported
/// that it could not show one.
pub(crate) fn needs_fallback(result: Option<&Path>, failed: bool) -> bool {
    result.is_none() && failed
}

/// Listens for rfd's error reports on the thread that shows a dialog.
#[cfg(not(target_arch = "wasm32"))]
mod watch {
    use std::cell::Cell;

    thread_local! {
        /// Whether rfd reported an error on this thread.
        static FAILED: Cell<bool> = const { Cell::new(false) };
    }

    /// The logger: it keeps nothing but the flag of rfd's errors (the window prints no
    /// log, so nothing else is lost).
    struct RfdErrors;

    impl log::Log for RfdErrors {
        fn enabled(&self, metadata: &log::Metadata<'_>) -> bool {
            metadata.level() <= log::Level::Error && metadata.target().starts_with("rfd")
        }

        fn log(&self, record: &log::Record<'_>) {
            if self.enabled(record.metadata()) {
                FAILED.with(|failed| failed.set(true));
            }
        }

        fn flush(&self) {}
    }

    static LOGGER: RfdErrors = RfdErrors;

    /// Runs `show` and tells whether rfd reported an error meanwhile (on this thread).
    pub(crate) fn run<T>(show: impl FnOnce() -> T) -> (T, bool) {
        // Installed once; if another logger was installed first, no failure is seen and
        // a `None` reads as Cancel.
        if log::set_logger(&LOGGER).is_ok() {
            log::set_max_level(log::LevelFilter::Error);
        }
        FAILED.with(|failed| failed.set(false));
        let result = show();
        (result, FAILED.with(Cell::get))
    }
}

/// What became of a dialog, polled once per frame.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum DialogPoll {
    /// Still open.
    Open,
    /// The user chose this path.
    Chosen(PathBuf),
    /// The user cancelled: do nothing.
    Cancelled,
    /// No dialog could be shown: ask for the path in the window.
    Fallback,
}

/// A native file dialog running on its own thread.
pub(crate) struct DialogJob {
    /// What the path is for.
    pub task: FileTask,
    /// The dialog's answer, and whether rfd reported that it could not show one.
    job: Job<(), (Option<PathBuf>, bool)>,
}

impl DialogJob {
    /// Opens the dialog for `task`, starting in the saves folder `dir` (created if
    /// missing, so the dialog does not start somewhere else). `repaint` is called when
    /// the dialog closes.
    pub(crate) fn start(
        task: FileTask,
        dir: &Path,
        repaint: impl Fn() + Send + Sync + 'static,
    ) -> Self {
        // A folder that cannot be created is reported when the file is written.
        let _ = queens_store::ensure_dir(dir);
        let folder = std::path::absolute(dir).unwrap_or_else(|_| dir.to_path_buf());
        let suggested = task.suggested_path(dir);
        let name = suggested
            .file_name()
            .map(|name| name.to_string_lossy().into_owned());
        // In a browser: Open asks with the browser's file chooser; Save and Export
        // download the file under the suggested name (the browser asks where, or puts
        // it in Downloads).
        #[cfg(target_arch = "wasm32")]
        {
            let _ = folder;
            let job = match task {
                FileTask::Open => Job::later(
                    async { (crate::web::files::pick_save().await, false) },
                    repaint,
                ),
                FileTask::SaveAs | FileTask::Export => {
                    let chosen = name.map(PathBuf::from);
                    Job::spawn("dialog", repaint, move |_| (chosen, false))
                }
                // A browser runs no program: New game never asks for one there.
                FileTask::Program(_) => Job::spawn("dialog", repaint, |_| (None, false)),
            };
            DialogJob { task, job }
        }
        #[cfg(not(target_arch = "wasm32"))]
        let show = move || {
            let mut dialog = rfd::FileDialog::new().set_directory(&folder);
            if let Some(extension) = task.extension() {
                dialog = dialog.add_filter(format!("*.{extension}"), &[extension]);
            }
            match task {
                FileTask::Open | FileTask::Program(_) => dialog.pick_file(),
                FileTask::SaveAs | FileTask::Export => {
                    if let Some(name) = name {
                        dialog = dialog.set_file_name(name);
                    }
                    dialog.save_file()
                }
            }
        };
        #[cfg(not(target_arch = "wasm32"))]
        Self::spawn(task, show, repaint)
    }

    /// Runs `show` (a dialog) on its own thread, listening there for rfd's errors.
    #[cfg(not(target_arch = "wasm32"))]
    fn spawn(
        task: FileTask,
        show: impl FnOnce() -> Option<PathBuf> + Send + 'static,
        repaint: impl Fn() + Send + Sync + 'static,
    ) -> Self {
        let job = Job::spawn("dialog", repaint, move |_| watch::run(show));
        DialogJob { task, job }
    }

    /// The dialog's state; once it is not [`DialogPoll::Open`] the job is finished.
    pub(crate) fn poll(&mut self) -> DialogPoll {
        match self.job.poll() {
            Polled::Running => DialogPoll::Open,
            Polled::Lost => DialogPoll::Fallback,
            Polled::Done((result, failed)) => {
                if needs_fallback(result.as_deref(), failed) {
                    DialogPoll::Fallback
                } else {
                    result.map_or(DialogPoll::Cancelled, DialogPoll::Chosen)
                }
            }
        }
    }
}

/// The window's own "which file?" box, shown when no native dialog exists.
#[derive(Clone, Debug)]
pub(crate) struct PathPrompt {
    /// What the path is for.
    pub task: FileTask,
    /// The path being typed.
    pub text: String,
    /// For Open: the saves in the folder, newest first (by modification time), to click.
    pub saves: Vec<SaveItem>,
    /// A file that exists was chosen to be written: "Replace the file?" is asked.
    pub replacing: Option<PathBuf>,
}

/// The saves of `dir`, newest first, each with its modification time (one look at
/// the folder and one per file: run on a job, never on the window's thread).
pub(crate) fn list_save_items(dir: &Path) -> Vec<SaveItem> {
    list_saves(dir)
        .unwrap_or_default()
        .into_iter()
        .map(SaveItem::of)
        .collect()
}

/// A save listed in the Open prompt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SaveItem {
    /// The file.
    pub path: PathBuf,
    /// When it was last written (unix seconds), if the system says.
    pub modified: Option<u64>,
}

impl SaveItem {
    /// The item for `path`, with its modification time read now (once, not per frame).
    fn of(path: PathBuf) -> SaveItem {
        let modified = std::fs::metadata(&path)
            .and_then(|meta| meta.modified())
            .ok()
            .and_then(|time| time.duration_since(std::time::UNIX_EPOCH).ok())
            .map(|age| age.as_secs());
        SaveItem { path, modified }
    }
}

impl PathPrompt {
    /// The prompt for `task` in the saves folder `dir`, prefilled with a fresh file name
    /// (save, export) or listing the folder's saves (open; read here, so tests only: the
    /// window lists them in the background with [`PathPrompt::unlisted`] and
    /// [`list_save_items`]).
    #[cfg(test)]
    pub(crate) fn new(task: FileTask, dir: &Path) -> PathPrompt {
        let mut prompt = PathPrompt::unlisted(task, dir);
        if task == FileTask::Open {
            prompt.listed(dir, list_save_items(dir));
        }
        prompt
    }

    /// The prompt for `task` without the folder's saves yet (they are read on a job and
    /// given by [`PathPrompt::listed`]); prefilled with a fresh file name (save, export)
    /// or `game.ron` in the folder (open).
    pub(crate) fn unlisted(task: FileTask, dir: &Path) -> PathPrompt {
        let text = match task {
            FileTask::Open => dir.join("game.ron").display().to_string(),
            // A program is anywhere but in the saves folder: its whole path is typed.
            FileTask::Program(_) => String::new(),
            _ => task.suggested_path(dir).display().to_string(),
        };
        PathPrompt {
            task,
            text,
            saves: Vec::new(),
            replacing: None,
        }
    }

    /// Shows the saves of `dir` once read; the newest becomes the proposed path unless
    /// the player has typed another meanwhile.
    pub(crate) fn listed(&mut self, dir: &Path, saves: Vec<SaveItem>) {
        let untouched = self.text == dir.join("game.ron").display().to_string();
        if untouched && let Some(newest) = saves.first() {
            self.text = newest.path.display().to_string();
        }
        self.saves = saves;
    }

    /// The typed path, if any.
    pub(crate) fn path(&self) -> Option<PathBuf> {
        let text = self.text.trim();
        (!text.is_empty()).then(|| PathBuf::from(text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// Polls `job` until the dialog is no longer open (a bounded number of polls).
    fn closed(job: &mut DialogJob) -> DialogPoll {
        for _ in 0..40_000 {
            match job.poll() {
                DialogPoll::Open => std::thread::sleep(Duration::from_millis(1)),
                other => return other,
            }
        }
        DialogPoll::Open
    }

    #[test]
    fn a_dialog_rfd_could_not_show_falls_back_and_a_cancel_does_not() {
        // As rfd does when neither a portal nor zenity can show a dialog.
        let failed = || {
            log::error!(target: "rfd::backend", "Failed to pick file with zenity: not found");
            None
        };
        let mut job = DialogJob::spawn(FileTask::Open, failed, || {});
        assert_eq!(closed(&mut job), DialogPoll::Fallback);
        // A person who cancels: rfd reports nothing, however fast it came back.
        let mut job = DialogJob::spawn(FileTask::Open, || None, || {});
        assert_eq!(closed(&mut job), DialogPoll::Cancelled);
        // Another crate's error is not a failed dialog.
        let other = || {
            log::error!(target: "zbus", "something else");
            None
        };
        let mut job = DialogJob::spawn(FileTask::Open, other, || {});
        assert_eq!(closed(&mut job), DialogPoll::Cancelled);
    }

    #[test]
    fn the_open_prompt_lists_the_newest_save_first() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let day = Duration::from_secs(86_400);
        let now = std::time::SystemTime::now();
        // Names in the opposite order of age, so a sort by name would fail.
        for (name, age) in [("a-old.ron", 3), ("b-new.ron", 1), ("c-mid.ron", 2)] {
            let path = dir.path().join(name);
            std::fs::write(&path, "x").unwrap_or_else(|e| panic!("{e}"));
            let file = std::fs::File::options()
                .write(true)
                .open(&path)
                .unwrap_or_else(|e| panic!("{e}"));
            file.set_modified(now - day * age)
                .unwrap_or_else(|e| panic!("{e}"));
        }
        let open = PathPrompt::new(FileTask::Open, dir.path());
        let names: Vec<_> = open
            .saves
            .iter()
            .filter_map(|item| item.path.file_name())
            .map(|name| name.to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, ["b-new.ron", "c-mid.ron", "a-old.ron"]);
        assert!(open.saves.windows(2).all(|w| w[0].modified > w[1].modified));
        assert!(open.text.ends_with("b-new.ron"));
    }

    #[test]
    fn only_a_reported_failure_without_a_path_falls_back() {
        assert!(needs_fallback(None, true));
        assert!(!needs_fallback(None, false));
        let path = Path::new("x.ron");
        assert!(!needs_fallback(Some(path), true));
        assert!(!needs_fallback(Some(path), false));
    }

    #[test]
    fn prompts_propose_a_fresh_save_and_list_the_saves() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let save = PathPrompt::new(FileTask::SaveAs, dir.path());
        let path = save.path().unwrap_or_else(|| panic!("no path"));
        assert!(path.starts_with(dir.path()) && path.extension() == Some("ron".as_ref()));
        std::fs::write(dir.path().join("a.ron"), "x").unwrap_or_else(|e| panic!("{e}"));
        let open = PathPrompt::new(FileTask::Open, dir.path());
        let paths: Vec<_> = open.saves.iter().map(|item| item.path.clone()).collect();
        assert_eq!(paths, vec![dir.path().join("a.ron")]);
        let export = PathPrompt::new(FileTask::Export, dir.path());
        assert!(export.text.ends_with("history.xlsx"));
        let blank = PathPrompt {
            text: "  ".into(),
            ..export
        };
        assert_eq!(blank.path(), None);
    }
}
