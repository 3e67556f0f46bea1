//! Help > Keyboard shortcuts: every shortcut of the window, shown as this system writes
//! it (Ctrl+Z, or ⌘Z on a Mac), from the same list the keys are read with.

use super::{View, Window};
use crate::ui::app::action::Action;
use crate::ui::shell::menu::shortcut_list;
use crate::ui::windows::tree_lab::lab_texts;
use eframe::egui;

/// The window listing the shortcuts.
#[derive(Default)]
pub struct ShortcutsWindow {
    /// Whether it is shown.
    pub open: bool,
}

impl Window for ShortcutsWindow {
    fn show(&mut self, ctx: &egui::Context, view: &View<'_>, _actions: &mut Vec<Action>) {
        let t = view.texts;
        let lab = lab_texts(view.language).menu_item;
        egui::Window::new(t.shortcuts_title)
            .open(&mut self.open)
            .collapsible(false)
            .resizable(false)
            .show(ctx, |ui| {
                egui::Grid::new("shortcuts_grid")
                    .num_columns(2)
                    .striped(true)
                    .show(ui, |ui| {
                        for (shortcut, text) in shortcut_list(t, lab) {
                            let keys = shortcut.map(|s| ctx.format_shortcut(&s));
                            ui.label(egui::RichText::new(keys.unwrap_or_default()).monospace());
                            ui.label(text);
                            ui.end_row();
                        }
                    });
            });
    }
}
