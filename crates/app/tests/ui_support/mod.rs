//! The kittest harness and helpers shared by the window's test files (`crates/app/tests/ui.rs`,
//! `crates/app/tests/ui_look.rs`). Each test binary uses a different subset of them.
#![allow(dead_code)]

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use queens_app::{App, Mode, Settings, StoneMode};
use queens_board::Board;
use std::path::Path;
use std::time::Duration;
use tempfile::TempDir;

/// The window size of most tests.
pub(crate) const DEFAULT_SIZE: [f32; 2] = [1100.0, 760.0];

/// The window with its saves folder in a fresh temporary folder (dropped with the test),
/// so no test touches the real `saves/` or another test's files.
pub(crate) fn harness(settings: Settings) -> (Harness<'static, App>, TempDir) {
    harness_sized(settings, DEFAULT_SIZE)
}

/// As [`harness`], with a window of `size`.
pub(crate) fn harness_sized(
    settings: Settings,
    size: [f32; 2],
) -> (Harness<'static, App>, TempDir) {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let harness = harness_sized_in(settings, dir.path(), size);
    (harness, dir)
}

/// The window with `dir` as its saves folder.
pub(crate) fn harness_in(settings: Settings, dir: &Path) -> Harness<'static, App> {
    harness_sized_in(settings, dir, DEFAULT_SIZE)
}

/// The window of `size` with `dir` as its saves folder and no native file dialogs (the
/// window's own path field appears instead, as on a system without any dialog). Returns
/// once the background look for an autosave has finished, as the game waits for it.
pub(crate) fn harness_sized_in(
    mut settings: Settings,
    dir: &Path,
    size: [f32; 2],
) -> Harness<'static, App> {
    settings.saves_dir = dir.display().to_string();
    let mut harness = Harness::builder().with_size(size).build_eframe(move |_cc| {
        let mut app = App::with_settings(settings);
        app.set_native_dialogs(false);
        app
    });
    step_until(&mut harness, "the autosave check", |app| {
        !app.checking_autosave()
    });
    harness
}

/// Steps (pausing a little between frames, for background threads) until `done` holds;
/// fails after a bounded number of frames rather than after a wall-clock time.
pub(crate) fn step_until(harness: &mut Harness<'_, App>, what: &str, done: impl Fn(&App) -> bool) {
    for _ in 0..4_000 {
        if done(harness.state()) {
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
        harness.step();
    }
    panic!(
        "{what} did not happen: ply {} paused {} status {:?}",
        harness.state().board().ply(),
        harness.state().is_paused(),
        harness.state().status_text()
    );
}

/// New-game settings with random stones.
pub(crate) fn settings(mode: Mode, size: u8, stones: usize) -> Settings {
    let mut settings = Settings::default();
    settings.setup.mode = mode;
    settings.setup.size = size;
    settings.setup.stones = stones;
    settings.setup.stone_mode = StoneMode::Random;
    settings
}

/// Runs a few frames (the app repaints continuously while it animates or thinks, so
/// `Harness::run` would never settle).
/// If the window's files are still busy then (saves, autosave and history written, a
/// save opened: in the background), waits until they are done and runs `count` frames
/// more, so a test can read the files and see what the answer put on screen.
pub(crate) fn frames(harness: &mut Harness<'_, App>, count: usize) {
    for _ in 0..count {
        harness.step();
    }
    if harness.state().is_writing() {
        step_until(harness, "the window's files", |app| !app.is_writing());
        for _ in 0..count {
            harness.step();
        }
    }
}

/// Steps until the computer (or a hint) has answered.
pub(crate) fn wait_for_computer(harness: &mut Harness<'_, App>) {
    frames(harness, 2);
    step_until(harness, "the computer's answer", |app| !app.is_thinking());
    frames(harness, 2);
}

/// Opens Game > History… and waits until its games are loaded.
pub(crate) fn open_history(harness: &mut Harness<'_, App>) {
    click(harness, "Game");
    click(harness, "History…");
    step_until(harness, "the history to load", |app| !app.history_loading());
    frames(harness, 2);
}

/// Steps until a widget labelled `label` is on screen: what a background job brings (the
/// saves listed by Open, the question after a read) comes some frames later on a loaded
/// machine. Fails after a bounded number of frames, not after a wall-clock time.
pub(crate) fn wait_for_label(harness: &mut Harness<'_, App>, label: &str) {
    for _ in 0..4_000 {
        if harness.query_by_label(label).is_some() {
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
        harness.step();
    }
    panic!(
        "no widget labelled {label:?} appeared (status: {:?})",
        harness.state().status_text()
    );
}

/// Clicks the widget labelled `label` (once it is there), then lets the app answer.
pub(crate) fn click(harness: &mut Harness<'_, App>, label: &str) {
    wait_for_label(harness, label);
    harness.get_by_label(label).click();
    frames(harness, 3);
}

/// Double-clicks the widget labelled `label` within one frame (kittest's clicks take a
/// frame per event, a quarter second each: too slow for a double click), then lets the
/// app answer.
pub(crate) fn double_click(harness: &mut Harness<'_, App>, label: &str) {
    double_click_now(harness, label);
    frames(harness, 3);
}

/// The double click of [`double_click`], in one frame, with no frames after it.
pub(crate) fn double_click_now(harness: &mut Harness<'_, App>, label: &str) {
    wait_for_label(harness, label);
    let pos = harness.get_by_label(label).rect().center();
    let events = &mut harness.input_mut().events;
    events.push(egui::Event::PointerMoved(pos));
    for pressed in [true, false, true, false] {
        events.push(egui::Event::PointerButton {
            pos,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::default(),
        });
    }
    harness.step();
}

/// The label of the first free cell ("cell a1").
pub(crate) fn first_free(board: &Board) -> String {
    let cell = board
        .free()
        .first()
        .unwrap_or_else(|| panic!("no free cell"));
    format!("cell {cell}")
}

/// A computer whose search on a 15x15 board runs for a minute: PVS to depth 30 within
/// 60 s never proves a board that size, so a test can cancel it, hover, or start a new
/// game while it thinks. (The perfect engine proves a 15x15 board with stones in 50-160
/// ms, which tests racing it with a few frames sometimes lost on a loaded machine.)
pub(crate) fn minute_long_engine() -> queens_app::EngineSetup {
    let mut engine = queens_app::Preset::Hard.engine();
    engine.depth = 30;
    engine.time_ms = 60_000;
    engine
}
