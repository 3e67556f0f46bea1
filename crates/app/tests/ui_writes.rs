//! The window never waits on a disk or an allocation (issue 18.8), and names a saves
//! folder that is a file (18.11). Saves, the autosave and the history are written, and
//! Open reads, on background jobs: a store that blocks on purpose holds a save (or a
//! read) while the window goes on drawing and playing, and a window closed during the
//! save still leaves the file complete. A cancelled search hands its engine back.

use crate::ui_support;

use eframe::egui;
use egui_kittest::Harness;
use queens_app::{App, DiskStore, Mode, WindowStore};
use queens_store::{Loaded, SavedGame, StoreError};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::thread::ThreadId;
use ui_support::{click, frames, harness, harness_in, settings, step_until};

/// Writes to the disk, but holds every save until the test lets it go, and counts the
/// writes called on the window's own thread (which must be none).
struct GateStore {
    window_thread: ThreadId,
    on_window_thread: AtomicUsize,
    entered: Mutex<Sender<()>>,
    gate: Mutex<Receiver<()>>,
}

impl GateStore {
    /// Whether this call came on the window's thread (counted; such a call must not
    /// block, or the old code would hang the test instead of failing it).
    fn on_window(&self) -> bool {
        let here = std::thread::current().id() == self.window_thread;
        if here {
            self.on_window_thread.fetch_add(1, Ordering::SeqCst);
        }
        here
    }
}

impl GateStore {
    fn new() -> (Arc<GateStore>, Receiver<()>, Sender<()>) {
        let (entered_tx, entered) = channel();
        let (open, gate) = channel();
        let store = Arc::new(GateStore {
            window_thread: std::thread::current().id(),
            on_window_thread: AtomicUsize::new(0),
            entered: Mutex::new(entered_tx),
            gate: Mutex::new(gate),
        });
        (store, entered, open)
    }

    /// Says it was called, then waits until the test opens the gate (off the window's
    /// thread only).
    fn hold(&self) {
        if !self.on_window() {
            let _ = self.entered.lock().map(|entered| entered.send(()));
            let _ = self.gate.lock().map(|gate| gate.recv());
        }
    }
}

impl WindowStore for GateStore {
    fn save(&self, record: &SavedGame, path: &Path) -> Result<(), StoreError> {
        self.hold();
        DiskStore.save(record, path)
    }

    fn load(&self, path: &Path) -> Result<Loaded, StoreError> {
        self.hold();
        DiskStore.load(path)
    }

    fn autosave(&self, dir: &Path, record: &SavedGame) -> Result<(), StoreError> {
        self.on_window();
        DiskStore.autosave(dir, record)
    }

    fn clear_autosave(&self, dir: &Path) -> Result<(), StoreError> {
        self.on_window();
        DiskStore.clear_autosave(dir)
    }

    fn append_history(&self, dir: &Path, record: &SavedGame) -> Result<(), StoreError> {
        self.on_window();
        DiskStore.append_history(dir, record)
    }
}

/// Frames without waiting for the writes (the helpers' `frames` waits for them).
fn raw_frames(harness: &mut Harness<'_, App>, count: usize) {
    for _ in 0..count {
        harness.step();
    }
}

fn raw_click(harness: &mut Harness<'_, App>, label: &str) {
    use egui_kittest::kittest::Queryable;
    harness.get_by_label(label).click();
    raw_frames(harness, 3);
}

#[test]
fn the_window_draws_and_plays_while_a_save_is_held_and_a_close_finishes_it() {
    let (mut harness, dir) = harness(settings(Mode::HumanVsHuman, 6, 0));
    ui_support::frames(&mut harness, 2);
    raw_click(&mut harness, "cell c3");
    ui_support::frames(&mut harness, 1);
    let (store, entered, open) = GateStore::new();
    harness.state_mut().set_store(store.clone());
    // Save as: the window's own path field, then OK.
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::S);
    raw_frames(&mut harness, 2);
    raw_click(&mut harness, "OK");
    assert_eq!(
        store.on_window_thread.load(Ordering::SeqCst),
        0,
        "a write ran on the window's thread"
    );
    // The save is on its way and held: the window keeps drawing and says so.
    entered.recv().unwrap_or_else(|e| panic!("{e}"));
    raw_frames(&mut harness, 5);
    assert!(harness.state().is_writing());
    let status = harness.state().status_text();
    assert!(status.starts_with("Saving the game to"), "{status}");
    assert_eq!(harness.state().save_path(), None, "not saved yet");
    // A move meanwhile: played at once, its autosave waits behind the save.
    let free = ui_support::first_free(harness.state().board());
    raw_click(&mut harness, &free);
    assert_eq!(harness.state().board().ply(), 2);
    assert_eq!(store.on_window_thread.load(Ordering::SeqCst), 0);
    // The window closes while the save is held: the close waits for it.
    let opener = std::thread::spawn(move || open.send(()));
    harness.state_mut().shut_down();
    let _ = opener.join();
    assert!(!harness.state().is_writing());
    assert_eq!(store.on_window_thread.load(Ordering::SeqCst), 0);
    let path = harness
        .state()
        .save_path()
        .unwrap_or_else(|| panic!("no file: {}", harness.state().status_text()))
        .to_path_buf();
    // The save is complete (the game as it was when saved), and the autosave holds the
    // later move: it was written after the save, not lost and not overtaken.
    let saved = queens_store::load_from(&path).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(saved.board.ply(), 1);
    let autosave = queens_store::load_from(&queens_store::autosave_path(dir.path()))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(autosave.board.ply(), 2);
}

#[test]
fn a_save_is_opened_in_the_background_while_the_window_draws() {
    let (mut harness, dir) = harness(settings(Mode::HumanVsHuman, 6, 0));
    ui_support::frames(&mut harness, 2);
    // A two-move game in a file of the saves folder.
    let mut board = queens_board::Board::new(6, &[]).unwrap_or_else(|e| panic!("{e}"));
    for _ in 0..2 {
        let cell = board.free().first().unwrap_or_else(|| panic!("full"));
        board.play(cell).unwrap_or_else(|e| panic!("{e}"));
    }
    let saved = SavedGame::new(
        &board,
        [queens_store::Side::Human, queens_store::Side::Human],
        None,
    );
    let path = dir.path().join("two.ron");
    saved.save_to(&path).unwrap_or_else(|e| panic!("{e}"));
    let (store, entered, open) = GateStore::new();
    harness.state_mut().set_store(store.clone());
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::O);
    // The prompt lists the saves on a job: wait for the list (nothing is held yet; the
    // store only holds the read of the file chosen).
    ui_support::frames(&mut harness, 2);
    // A double click opens a listed save (one click selects it).
    ui_support::double_click_now(&mut harness, "two.ron");
    raw_frames(&mut harness, 3);
    assert_eq!(
        store.on_window_thread.load(Ordering::SeqCst),
        0,
        "read on the window's thread"
    );
    // The read is held: frames go on, the status says so, the board is unchanged.
    entered.recv().unwrap_or_else(|e| panic!("{e}"));
    raw_frames(&mut harness, 5);
    let status = harness.state().status_text();
    assert!(status.starts_with("Opening"), "{status}");
    assert_eq!(harness.state().board().ply(), 0);
    open.send(()).unwrap_or_else(|e| panic!("{e}"));
    ui_support::step_until(&mut harness, "the game to open", |app| {
        app.board().ply() == 2
    });
    assert_eq!(*harness.state().board(), board);
    assert_eq!(harness.state().save_path(), Some(path.as_path()));
}

/// A cancelled search hands its engine back to its seat (issue 18.8): Cancel, then
/// Resume computer, builds no second engine (and no second 256 MiB table).
#[test]
fn cancel_then_resume_keeps_the_seats_engine() {
    // A 15x15 board and a minute a move with PVS (its 256 MiB table is what a second
    // engine would double): it never proves a board that size, so the search is still
    // running when Cancel is clicked. The perfect engine proves a 15x15 board with stones
    // in 50-160 ms, and lost that race in CI once.
    let mut settings = settings(Mode::HumanVsComputer, 15, 20);
    settings.setup.human_first = false;
    settings.setup.engines[0] = ui_support::minute_long_engine();
    let (mut harness, _dir) = harness(settings);
    step_until(&mut harness, "the first search", App::is_thinking);
    // The search may start after that frame drew its buttons: one frame more shows
    // Cancel (under wine the test clicked before it was drawn).
    frames(&mut harness, 1);
    click(&mut harness, "Cancel");
    assert!(harness.state().is_paused());
    assert_eq!(harness.state().board().ply(), 0);
    click(&mut harness, "Resume computer");
    step_until(&mut harness, "the search again", App::is_thinking);
    assert_eq!(harness.state().board().ply(), 0);
    assert_eq!(harness.state().engines_built(), 1);
}

/// A saves folder that is a file (issue 18.11) is named as such, not reported as an
/// unreadable autosave, and no autosave is tried after each move.
#[test]
fn a_saves_folder_that_is_a_file_is_named_as_such() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let file = dir.path().join("saves");
    std::fs::write(&file, "not a folder").unwrap_or_else(|e| panic!("{e}"));
    let mut harness = harness_in(settings(Mode::HumanVsHuman, 6, 0), &file);
    frames(&mut harness, 2);
    let status = harness.state().status_text();
    assert!(
        status.contains("is a file, not a folder") && !status.contains("autosaved game"),
        "{status}"
    );
    click(&mut harness, "cell c3");
    let status = harness.state().status_text();
    assert!(!status.to_lowercase().contains("autosave"), "{status}");
    assert_eq!(
        std::fs::read_to_string(&file).ok().as_deref(),
        Some("not a folder")
    );
}

/// The settings file as written, once it holds what `holds` asks (the write runs in the
/// background: bounded frames, not a clock).
fn written_settings(
    harness: &mut Harness<'_, App>,
    file: &Path,
    what: &str,
    holds: impl Fn(&queens_app::Settings) -> bool,
) -> queens_app::Settings {
    for _ in 0..2_000 {
        if let Ok(text) = std::fs::read_to_string(file) {
            let settings = queens_app::Settings::from_json(&text);
            if holds(&settings) {
                return settings;
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
        harness.step();
    }
    panic!(
        "{what} was not written to {} while the window ran (it holds {:?})",
        file.display(),
        std::fs::read_to_string(file).ok()
    );
}

/// Issue 32 (3): what the person does is written when they do it (a View toggle, a
/// puzzle's result), not only when the window closes or on eframe's 30-second timer:
/// a kill afterwards loses nothing, and the next start shows it.
#[test]
fn settings_and_puzzle_results_are_written_when_they_change() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let file = dir.path().join("settings.json");
    let mut harness = harness_in(settings(Mode::HumanVsHuman, 6, 0), dir.path());
    harness.state_mut().set_settings_file(file.clone());
    frames(&mut harness, 2);
    click(&mut harness, "View");
    click(&mut harness, "Dark theme");
    assert!(harness.state().settings().dark);
    written_settings(&mut harness, &file, "the dark theme", |s| s.dark);
    click(&mut harness, "Learn");
    click(&mut harness, "Puzzles…");
    click(&mut harness, "Show solution");
    let rating = harness.state().settings().puzzles.rating;
    assert_eq!(harness.state().settings().puzzles.attempts, 1);
    let written = written_settings(&mut harness, &file, "the puzzle's result", |s| {
        s.puzzles.attempts == 1
    });
    assert_eq!(written.puzzles.rating, rating);
    assert!(written.dark);
    // Killed here (no Quit, no on_exit): the next start reads what was written.
    std::mem::forget(harness);
    let read = queens_app::Settings::from_file(&file)
        .unwrap_or_else(|| panic!("no settings in {}", file.display()));
    let restarted = harness_in(read, dir.path());
    assert!(restarted.state().settings().dark);
    assert_eq!(restarted.state().settings().puzzles.attempts, 1);
    assert_eq!(restarted.state().settings().puzzles.rating, rating);
}

/// Issue 32 (3): settings that cannot be written are said once in the status line (and
/// stay in effect for this run).
#[test]
fn settings_that_cannot_be_written_are_said() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let blocker = dir.path().join("not-a-folder");
    std::fs::write(&blocker, "a file where the settings' folder should be")
        .unwrap_or_else(|e| panic!("{e}"));
    let mut harness = harness_in(settings(Mode::HumanVsHuman, 6, 0), dir.path());
    harness
        .state_mut()
        .set_settings_file(blocker.join("settings.json"));
    frames(&mut harness, 2);
    click(&mut harness, "View");
    click(&mut harness, "Dark theme");
    step_until(&mut harness, "the failed write to be said", |app| {
        app.status_text()
            .starts_with("Could not save the settings.")
    });
    assert!(harness.state().settings().dark);
}
