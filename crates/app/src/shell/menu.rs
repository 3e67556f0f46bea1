//! The menu bar, the keyboard shortcuts and the Help windows.

use super::keys::{
    HINT, NEW, OPEN, REDO, REDO_SHIFT_Z, REDO_SHOWN, SAVE, SAVE_AS, TREE_LAB, UNDO, wanted,
};
use crate::app::{Action, App, ViewChoice, WindowChoice};
use crate::session::settings::Language;
use eframe::egui::{self, Key, KeyboardShortcut, Modifiers};

/// Turns shortcut keys into actions (H only when no text field has the keyboard).
pub(crate) fn shortcuts(ui: &mut egui::Ui, app: &App, actions: &mut Vec<Action>) {
    let typing = ui.ctx().text_edit_focused();
    ui.input_mut(|input| {
        if wanted(&NEW, typing) && input.consume_shortcut(&NEW) {
            actions.push(Action::OpenNewGame);
        }
        // Cmd+Shift+Z first: Cmd+Z would also match it.
        if input.consume_shortcut(&REDO_SHIFT_Z) {
            actions.push(Action::Redo);
        }
        if input.consume_shortcut(&UNDO) {
            actions.push(Action::Undo);
        }
        if input.consume_shortcut(&REDO) {
            actions.push(Action::Redo);
        }
        // Ctrl+Shift+S first: Ctrl+S would also match it.
        if input.consume_shortcut(&SAVE_AS) {
            actions.push(Action::SaveAs);
        }
        if input.consume_shortcut(&SAVE) {
            actions.push(Action::Save);
        }
        if input.consume_shortcut(&OPEN) {
            actions.push(Action::Open);
        }
        if wanted(&TREE_LAB, typing) && input.consume_shortcut(&TREE_LAB) {
            actions.push(Action::ToggleTreeLab);
        }
        if wanted(&HINT, typing) && input.consume_shortcut(&HINT) {
            actions.push(Action::Hint);
        }
        if app.reviewing().is_some() && input.consume_key(Modifiers::NONE, Key::Escape) {
            actions.push(Action::BackToGame);
        }
        // Ctrl+V arrives as a paste event (eframe reads the system clipboard); outside a
        // text field it loads the position, so a game string from a chat or a file can be
        // pasted straight onto the board. So does the answer to Paste position's request
        // for the clipboard.
        if (!typing || app.paste_waiting())
            && let Some(text) = input.events.iter().rev().find_map(|event| match event {
                egui::Event::Paste(text) if !text.trim().is_empty() => Some(text.clone()),
                _ => None,
            })
        {
            actions.push(Action::PasteText(text));
        }
    });
}

/// The Game, View, Learn and Help menus. They read the app and push actions; nothing
/// here changes it.
pub(crate) fn menu_bar_ui(app: &App, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
    let t = app.texts();
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button(t.menu_game, |ui| game_menu_ui(app, ui, actions));
        ui.menu_button(t.menu_view, |ui| view_menu_ui(app, ui, actions));
        let learn = crate::windows::puzzles::puzzle_texts(app.settings().language);
        // Everything a learner does: puzzles, the Tree Lab (with its exercises) and
        // Table 2.4 (with its prediction).
        ui.menu_button(learn.menu_learn, |ui| {
            if ui.button(learn.menu_item).clicked() {
                actions.push(Action::TogglePuzzles);
            }
            let lab = crate::windows::tree_lab::lab_texts(app.settings().language);
            let shortcut = ui.ctx().format_shortcut(&TREE_LAB);
            if ui
                .add(egui::Button::new(lab.menu_item).shortcut_text(shortcut))
                .clicked()
            {
                actions.push(Action::ToggleTreeLab);
            }
            if ui.button(t.table24_menu).clicked() {
                actions.push(Action::ShowWindow(WindowChoice::Table24));
            }
        });
        ui.menu_button(t.menu_help, |ui| {
            let items = [
                (t.rules, WindowChoice::Rules),
                (t.shortcuts_title, WindowChoice::Shortcuts),
                (t.about, WindowChoice::About),
            ];
            for (label, window) in items {
                if ui.button(label).clicked() {
                    actions.push(Action::ShowWindow(window));
                }
            }
        });
    });
}

/// Game: new, undo / redo, hint, analysis, the files, quit.
fn game_menu_ui(app: &App, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
    let t = app.texts();
    let ctx = ui.ctx().clone();
    let item = |ui: &mut egui::Ui, label: &str, shortcut: &KeyboardShortcut, enabled: bool| {
        ui.add_enabled(
            enabled,
            egui::Button::new(label).shortcut_text(ctx.format_shortcut(shortcut)),
        )
        .clicked()
    };
    if item(ui, t.new_game, &NEW, true) {
        actions.push(Action::OpenNewGame);
    }
    if item(ui, t.undo, &UNDO, app.can_undo()) {
        actions.push(Action::Undo);
    }
    if item(ui, t.redo, REDO_SHOWN, app.can_redo()) {
        actions.push(Action::Redo);
    }
    if item(ui, t.hint, &HINT, app.can_hint()) {
        actions.push(Action::Hint);
    }
    let analysing = app.is_analysing();
    if ui
        .add_enabled(app.can_analyse(), egui::Button::new(t.analyse_game))
        .clicked()
    {
        actions.push(Action::Analyse);
    }
    if analysing && ui.button(t.cancel_analysis).clicked() {
        actions.push(Action::CancelAnalysis);
    }
    ui.separator();
    let idle = !app.files_busy();
    if item(ui, t.save_game, &SAVE, idle) {
        actions.push(Action::Save);
    }
    if item(ui, t.save_as, &SAVE_AS, idle) {
        actions.push(Action::SaveAs);
    }
    if item(ui, t.open_game, &OPEN, idle) {
        actions.push(Action::Open);
    }
    ui.separator();
    if ui.button(t.history_menu).clicked() {
        actions.push(Action::ShowHistory);
    }
    if ui
        .add_enabled(idle, egui::Button::new(t.export_excel))
        .clicked()
    {
        actions.push(Action::ExportHistory);
    }
    // A browser tab is closed by the browser: no Quit there.
    #[cfg(not(target_arch = "wasm32"))]
    {
        ui.separator();
        if ui.button(t.quit).clicked() {
            actions.push(Action::Quit);
        }
    }
}

/// A View menu check box: whether it is on, its label, the choice it makes.
type Switch<'a> = (bool, &'a str, fn(bool) -> ViewChoice);

/// View: the language, the theme and what the board shows, each a [`ViewChoice`].
fn view_menu_ui(app: &App, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
    let t = app.texts();
    let settings = app.settings();
    ui.label(t.language);
    for language in Language::ALL {
        if ui
            .radio(settings.language == language, language.native_name())
            .clicked()
        {
            actions.push(Action::SetView(ViewChoice::Language(language)));
        }
    }
    ui.separator();
    for (dark, label) in [(false, t.light_theme), (true, t.dark_theme)] {
        if ui.radio(settings.dark == dark, label).clicked() {
            actions.push(Action::SetView(ViewChoice::Dark(dark)));
        }
    }
    ui.separator();
    let switches: [Switch<'_>; 3] = [
        (
            settings.show_coordinates,
            t.show_coordinates,
            ViewChoice::Coordinates,
        ),
        (settings.show_preview, t.claim_preview, ViewChoice::Preview),
        (settings.heat_map, t.heat_map, ViewChoice::HeatMap),
    ];
    for (on, label, choice) in switches {
        let mut shown = on;
        if ui.checkbox(&mut shown, label).changed() {
            actions.push(Action::SetView(choice(shown)));
        }
    }
}
