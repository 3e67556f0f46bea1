//! The window's writes (saves, the autosave, the history, the settings) on a background
//! [`Job`], one at a time and in the order they were asked for, so the window never waits
//! on a disk (an autosave is two fsyncs per move) and a later autosave is never
//! overwritten by an earlier one finishing late. Where they go is a [`WindowStore`]: the disk for the real
//! window ([`DiskStore`]), a store that blocks on purpose in the tests.

use crate::jobs::job::{Job, Polled};
use queens_store::{Loaded, SavedGame, StoreError, load_game};
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Where the window's writes go. Called on the writer's thread, never on the window's.
pub trait WindowStore: Send + Sync {
    /// Writes `record` to the save file `path`.
    ///
    /// # Errors
    /// The store's error when the file cannot be written.
    fn save(&self, record: &SavedGame, path: &Path) -> Result<(), StoreError>;
    /// Writes `record` as the autosave of the saves folder `dir`.
    ///
    /// # Errors
    /// The store's error when the autosave cannot be written.
    fn autosave(&self, dir: &Path, record: &SavedGame) -> Result<(), StoreError>;
    /// Removes the autosave of `dir` (the game has no moves, is over or was resigned).
    ///
    /// # Errors
    /// The store's error when the autosave cannot be removed.
    fn clear_autosave(&self, dir: &Path) -> Result<(), StoreError>;
    /// Adds the finished game `record` to the history of `dir`.
    ///
    /// # Errors
    /// The store's error when the history cannot be written.
    fn append_history(&self, dir: &Path, record: &SavedGame) -> Result<(), StoreError>;
    /// Writes the window's settings (`json`) to `path`, atomically; in a browser, to the
    /// page's storage under `STORAGE_KEY` (`path` names it).
    ///
    /// # Errors
    /// The store's error when the settings cannot be written.
    fn write_settings(&self, path: &Path, json: &str) -> Result<(), StoreError> {
        #[cfg(target_arch = "wasm32")]
        {
            let _ = path;
            queens_store::browser::store_text(crate::session::settings::STORAGE_KEY, json)
        }
        #[cfg(not(target_arch = "wasm32"))]
        queens_store::write_settings(path, json)
    }
    /// Reads, checks and replays the save `path` (File > Open).
    ///
    /// # Errors
    /// The store's error when the file is not a save that replays.
    fn load(&self, path: &Path) -> Result<Loaded, StoreError> {
        load_game(path)
    }
}

/// The real store: the files of [`queens_store`].
pub struct DiskStore;

impl WindowStore for DiskStore {
    fn save(&self, record: &SavedGame, path: &Path) -> Result<(), StoreError> {
        // In a browser a save is a download of the same text.
        #[cfg(target_arch = "wasm32")]
        {
            queens_store::browser::download(path, record.to_ron()?.as_bytes(), "text/plain")
                .map_err(|why| StoreError::Write {
                    path: path.to_path_buf(),
                    source: std::io::Error::other(why),
                })
        }
        #[cfg(not(target_arch = "wasm32"))]
        record.save_to(path)
    }

    /// In a browser: the file the user picked (its text, held by the page since).
    #[cfg(target_arch = "wasm32")]
    fn load(&self, path: &Path) -> Result<Loaded, StoreError> {
        let bytes = crate::web::files::take_picked(path).ok_or_else(|| StoreError::NotFound {
            path: path.to_path_buf(),
        })?;
        let text = String::from_utf8(bytes).map_err(|err| StoreError::NotText {
            path: path.to_path_buf(),
            offset: err.utf8_error().valid_up_to(),
        })?;
        SavedGame::read_ron(&text, path)
    }

    // In a browser the autosave and the history are in the page's storage
    // (queens_store::browser).
    fn autosave(&self, dir: &Path, record: &SavedGame) -> Result<(), StoreError> {
        #[cfg(target_arch = "wasm32")]
        {
            let _ = dir;
            queens_store::browser::autosave(record)
        }
        #[cfg(not(target_arch = "wasm32"))]
        queens_store::autosave(dir, record)
    }

    fn clear_autosave(&self, dir: &Path) -> Result<(), StoreError> {
        #[cfg(target_arch = "wasm32")]
        {
            let _ = dir;
            queens_store::browser::clear_autosave()
        }
        #[cfg(not(target_arch = "wasm32"))]
        queens_store::clear_autosave(dir)
    }

    fn append_history(&self, dir: &Path, record: &SavedGame) -> Result<(), StoreError> {
        #[cfg(target_arch = "wasm32")]
        {
            let _ = dir;
            queens_store::browser::append_history(record)
        }
        #[cfg(not(target_arch = "wasm32"))]
        queens_store::append_history(dir, record).map(|_| ())
    }
}

/// One write the window asked for (with its own copy of the game: the game on screen
/// may change while it waits).
#[derive(Clone, Debug)]
pub(crate) enum Write {
    /// Save the game to a file (Ctrl+S, Save as, "Save it first").
    Save {
        /// The file.
        path: PathBuf,
        /// The game as it was when the save was asked for.
        record: Box<SavedGame>,
    },
    /// Write the autosave of a saves folder.
    Autosave {
        /// The saves folder.
        dir: PathBuf,
        /// The game.
        record: Box<SavedGame>,
    },
    /// Remove the autosave of a saves folder.
    ClearAutosave {
        /// The saves folder.
        dir: PathBuf,
    },
    /// Add a finished game to the history.
    History {
        /// The saves folder.
        dir: PathBuf,
        /// The game.
        record: Box<SavedGame>,
    },
    /// Write the window's settings (they changed).
    Settings {
        /// The settings file.
        path: PathBuf,
        /// The settings as JSON.
        json: String,
    },
}

impl Write {
    /// Whether this write makes `earlier`, not yet started, unneeded: both only set what
    /// the autosave file holds, or both write the same settings file.
    fn replaces(&self, earlier: &Write) -> bool {
        let autosave =
            |write: &Write| matches!(write, Write::Autosave { .. } | Write::ClearAutosave { .. });
        match (self, earlier) {
            (Write::Settings { path, .. }, Write::Settings { path: before, .. }) => path == before,
            _ => autosave(self) && autosave(earlier),
        }
    }

    fn run(&self, store: &dyn WindowStore) -> Result<(), StoreError> {
        match self {
            Write::Save { path, record } => store.save(record, path),
            Write::Autosave { dir, record } => store.autosave(dir, record),
            Write::ClearAutosave { dir } => store.clear_autosave(dir),
            Write::History { dir, record } => store.append_history(dir, record),
            Write::Settings { path, json } => store.write_settings(path, json),
        }
    }
}

/// A write that has finished, with its result.
#[derive(Debug)]
pub(crate) struct Written {
    /// What was written.
    pub write: Write,
    /// How it went.
    pub result: Result<(), StoreError>,
}

/// The queue of writes and the one running. Writes run one after the other in the order
/// asked; an autosave waiting behind another autosave replaces it (only the newest game
/// matters), and so do settings behind settings, which keeps a burst of moves (or of
/// clicks on the View menu) to one write behind the running one.
pub(crate) struct Writes {
    store: Arc<dyn WindowStore>,
    queue: VecDeque<Write>,
    running: Option<Job<(), Written>>,
    /// Wakes the window when a write ends (a repaint request), once it is known.
    wake: Option<Arc<dyn Fn() + Send + Sync>>,
}

impl Default for Writes {
    fn default() -> Self {
        Writes::new(Arc::new(DiskStore))
    }
}

impl Writes {
    /// No writes yet, going to `store`.
    pub(crate) fn new(store: Arc<dyn WindowStore>) -> Writes {
        Writes {
            store,
            queue: VecDeque::new(),
            running: None,
            wake: None,
        }
    }

    /// Sends the writes asked from now on to `store` (tests pass one that blocks).
    pub(crate) fn set_store(&mut self, store: Arc<dyn WindowStore>) {
        self.store = store;
    }

    /// The store in use (File > Open reads through it too).
    pub(crate) fn store(&self) -> Arc<dyn WindowStore> {
        Arc::clone(&self.store)
    }

    /// Sets what wakes the window when a write ends.
    pub(crate) fn set_wake(&mut self, wake: Arc<dyn Fn() + Send + Sync>) {
        self.wake = Some(wake);
    }

    /// Whether a wake is set.
    pub(crate) fn has_wake(&self) -> bool {
        self.wake.is_some()
    }

    /// Asks for `write`, after every write asked before it.
    pub(crate) fn push(&mut self, write: Write) {
        if let Some(last) = self.queue.back_mut()
            && write.replaces(last)
        {
            *last = write;
        } else {
            self.queue.push_back(write);
        }
        self.start_next();
    }

    /// Whether a write is running or waiting.
    pub(crate) fn busy(&self) -> bool {
        self.running.is_some() || !self.queue.is_empty()
    }

    /// The writes that have finished since the last poll, in order, and starts the next.
    pub(crate) fn poll(&mut self) -> Vec<Written> {
        let mut done = Vec::new();
        while let Some(job) = self.running.as_mut() {
            match job.poll() {
                Polled::Running => break,
                Polled::Done(written) => done.push(written),
                // A writer that panicked: the window goes on; the next write still runs.
                Polled::Lost => {}
            }
            self.running = None;
            self.start_next();
        }
        done
    }

    /// Waits for the running write and then does every waiting one, in order: the
    /// window is closing, and nothing asked for may be lost. Returns them all.
    pub(crate) fn finish(&mut self) -> Vec<Written> {
        let mut done = Vec::new();
        // Each still on the writer's thread, one after the other, as while running.
        while let Some(job) = self.running.take() {
            if let Polled::Done(written) = job.wait() {
                done.push(written);
            }
            self.start_next();
        }
        done
    }

    fn start_next(&mut self) {
        if self.running.is_some() {
            return;
        }
        let Some(write) = self.queue.pop_front() else {
            return;
        };
        let store = Arc::clone(&self.store);
        let wake = self.wake.clone();
        self.running = Some(Job::spawn(
            "write",
            move || {
                if let Some(wake) = &wake {
                    wake();
                }
            },
            move |_| {
                let result = write.run(store.as_ref());
                Written { write, result }
            },
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens_board::Board;
    use queens_store::Side;
    use std::sync::Mutex;
    use std::sync::mpsc::{Receiver, channel};

    /// A store that records what it was asked, and holds its first write until the
    /// test lets it go.
    struct Held {
        seen: Mutex<Vec<(String, usize)>>,
        gate: Mutex<Option<Receiver<()>>>,
    }

    impl Held {
        fn note(&self, what: &str, record: Option<&SavedGame>) {
            if let Some(gate) = self.gate.lock().ok().and_then(|mut gate| gate.take()) {
                let _ = gate.recv();
            }
            let moves = record.map_or(0, |record| record.moves.len());
            if let Ok(mut seen) = self.seen.lock() {
                seen.push((what.to_string(), moves));
            }
        }
    }

    impl WindowStore for Held {
        fn save(&self, record: &SavedGame, _: &Path) -> Result<(), StoreError> {
            self.note("save", Some(record));
            Ok(())
        }
        fn autosave(&self, _: &Path, record: &SavedGame) -> Result<(), StoreError> {
            self.note("autosave", Some(record));
            Ok(())
        }
        fn clear_autosave(&self, _: &Path) -> Result<(), StoreError> {
            self.note("clear", None);
            Ok(())
        }
        fn append_history(&self, _: &Path, record: &SavedGame) -> Result<(), StoreError> {
            self.note("history", Some(record));
            Ok(())
        }
        fn write_settings(&self, _: &Path, json: &str) -> Result<(), StoreError> {
            self.note(&format!("settings {json}"), None);
            Ok(())
        }
    }

    /// A game of `moves` moves (each on the first free cell).
    fn record(moves: usize) -> Box<SavedGame> {
        let mut board = Board::new(6, &[]).unwrap_or_else(|e| panic!("{e}"));
        for _ in 0..moves {
            let cell = board.free().first().unwrap_or_else(|| panic!("board full"));
            board.play(cell).unwrap_or_else(|e| panic!("{e}"));
        }
        Box::new(SavedGame::new(&board, [Side::Human, Side::Human], None))
    }

    #[test]
    fn writes_keep_their_order_and_a_waiting_autosave_gives_way_to_a_newer_one() {
        let (open, gate) = channel();
        let store = Arc::new(Held {
            seen: Mutex::new(Vec::new()),
            gate: Mutex::new(Some(gate)),
        });
        let mut writes = Writes::new(store.clone());
        let dir = PathBuf::from("unused");
        let autosave = |moves: usize| Write::Autosave {
            dir: dir.clone(),
            record: record(moves),
        };
        // The first autosave is held; three more moves arrive meanwhile, then a save.
        writes.push(autosave(1));
        writes.push(autosave(2));
        writes.push(autosave(3));
        writes.push(Write::Save {
            path: PathBuf::from("game.ron"),
            record: record(3),
        });
        writes.push(autosave(4));
        assert!(writes.busy());
        open.send(()).unwrap_or_else(|e| panic!("{e}"));
        let done = writes.finish();
        assert!(!writes.busy());
        assert!(done.iter().all(|written| written.result.is_ok()));
        let seen = store
            .seen
            .lock()
            .map(|seen| seen.clone())
            .unwrap_or_default();
        // The autosave of two moves was overtaken while it waited; nothing ran out of
        // order, and the newest autosave came last.
        let expected = [
            ("autosave", 1),
            ("autosave", 3),
            ("save", 3),
            ("autosave", 4),
        ];
        let expected: Vec<_> = expected.iter().map(|(w, n)| (w.to_string(), *n)).collect();
        assert_eq!(seen, expected);
    }

    #[test]
    fn settings_waiting_behind_settings_give_way_to_the_newest() {
        let (open, gate) = channel();
        let store = Arc::new(Held {
            seen: Mutex::new(Vec::new()),
            gate: Mutex::new(Some(gate)),
        });
        let mut writes = Writes::new(store.clone());
        let settings = |json: &str| Write::Settings {
            path: PathBuf::from("settings.json"),
            json: json.to_string(),
        };
        // The first is held; two more clicks come meanwhile, then a move's autosave,
        // then one more click.
        writes.push(settings("1"));
        writes.push(settings("2"));
        writes.push(settings("3"));
        writes.push(Write::Autosave {
            dir: PathBuf::from("unused"),
            record: record(1),
        });
        writes.push(settings("4"));
        open.send(()).unwrap_or_else(|e| panic!("{e}"));
        let done = writes.finish();
        assert!(done.iter().all(|written| written.result.is_ok()));
        let seen = store
            .seen
            .lock()
            .map(|seen| seen.clone())
            .unwrap_or_default();
        let expected = [
            ("settings 1", 0),
            ("settings 3", 0),
            ("autosave", 1),
            ("settings 4", 0),
        ];
        let expected: Vec<_> = expected.iter().map(|(w, n)| (w.to_string(), *n)).collect();
        assert_eq!(seen, expected);
    }
}
