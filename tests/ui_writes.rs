//! The window never waits on a disk (issue 18.8): saves, the autosave and the history
//! are written on a background job. A store that blocks on purpose holds a save while
//! the window goes on drawing and playing, and a window closed during the save still
//! leaves the file complete.

mod ui_support;

use eframe::egui;
use egui_kittest::Harness;
use queens::store::{SavedGame, StoreError};
use queens::ui::{App, DiskStore, Mode, WindowStore};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::thread::ThreadId;
use ui_support::{harness, settings};

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

impl WindowStore for GateStore {
    fn save(&self, record: &SavedGame, path: &Path) -> Result<(), StoreError> {
        if !self.on_window() {
            let _ = self.entered.lock().map(|entered| entered.send(()));
            let _ = self.gate.lock().map(|gate| gate.recv());
        }
        DiskStore.save(record, path)
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
    let (entered_tx, entered) = channel();
    let (open, gate) = channel();
    let store = Arc::new(GateStore {
        window_thread: std::thread::current().id(),
        on_window_thread: AtomicUsize::new(0),
        entered: Mutex::new(entered_tx),
        gate: Mutex::new(gate),
    });
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
    let saved = queens::store::load_from(&path).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(saved.board.ply(), 1);
    let autosave = queens::store::load_from(&queens::store::autosave_path(dir.path()))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(autosave.board.ply(), 2);
}
