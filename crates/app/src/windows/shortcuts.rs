//! Help > Keyboard shortcuts: every shortcut of the window, shown as this system writes
//! it (Ctrl+Z, or ⌘Z on a Mac), from the same list the keys are read with.

use super::{View, Window};
use crate::app::action::Action;
use crate::shell::keys::shortcut_list;
use crate::windows::tree_lab::lab_texts;
use eframe::egui::{self, Key, KeyboardShortcut, Modifiers};

/// Redo's other keys (Cmd+Shift+Z beside Cmd+Y), read by the menu's shortcuts too.
const REDO_SHIFT_Z: KeyboardShortcut =
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::Z);

/// Every row of the window: the keys as this system writes them, and what they do. The
/// review's rows get their keys (Home, Left, Right, End: their key column was empty),
/// Redo its second shortcut, and the board its own keys (issue 32.11).
pub(crate) fn shortcut_rows(
    ctx: &egui::Context,
    t: &crate::i18n::Texts,
    lab: &str,
) -> Vec<(String, String)> {
    let keys = |key: Key| ctx.format_shortcut(&KeyboardShortcut::new(Modifiers::NONE, key));
    let mut review = [Key::Home, Key::ArrowLeft, Key::ArrowRight, Key::End].into_iter();
    let mut rows = Vec::new();
    for (shortcut, text) in shortcut_list(t, lab) {
        let written = match shortcut {
            Some(shortcut) => ctx.format_shortcut(&shortcut),
            None => review.next().map(keys).unwrap_or_default(),
        };
        rows.push((written, text));
    }
    let redo = ctx.format_shortcut(&REDO_SHIFT_Z);
    if !rows.iter().any(|(written, _)| *written == redo) {
        rows.push((redo, t.redo.to_string()));
    }
    let board = crate::board::keys::FOCUS_KEY;
    let arrows = [
        Key::ArrowLeft,
        Key::ArrowUp,
        Key::ArrowRight,
        Key::ArrowDown,
    ]
    .map(keys);
    let board_keys = [
        keys(board),
        keys(Key::Tab),
        arrows.join(" "),
        format!("{} / {}", keys(Key::Enter), keys(Key::Space)),
    ];
    rows.extend(
        board_keys
            .into_iter()
            .zip(t.shortcut_board.iter().map(|text| text.to_string())),
    );
    rows
}

/// The window listing the shortcuts.
#[derive(Default)]
pub(crate) struct ShortcutsWindow {
    /// Whether it is shown.
    pub open: bool,
}

impl Window for ShortcutsWindow {
    fn show(&mut self, ctx: &egui::Context, view: &View<'_>, _actions: &mut Vec<Action>) {
        let t = view.texts;
        let lab = lab_texts(view.language).menu_item;
        egui::Window::new(t.shortcuts_title)
            .open(&mut self.open)
            .constrain_to(super::area(ctx))
            // The list is taller than a 640x480 screen: it scrolls inside it.
            .max_height(super::room(ctx).y)
            .vscroll(true)
            .collapsible(false)
            .resizable(false)
            .show(ctx, |ui| {
                egui::Grid::new("shortcuts_grid")
                    .num_columns(2)
                    .striped(true)
                    .show(ui, |ui| {
                        for (keys, text) in shortcut_rows(ctx, t, lab) {
                            ui.label(egui::RichText::new(keys).monospace());
                            ui.label(text);
                            ui.end_row();
                        }
                    });
            });
    }
}

#[cfg(test)]
mod tests {
    use crate::i18n::texts;
    use crate::session::settings::Language;

    /// Issue 38.15: the Tab row ended "..., the first Tab goes to the board, one stop",
    /// which reads as cut off. It says in one whole sentence what Tab and Shift+Tab do
    /// and that the board is a single stop the first Tab reaches.
    #[test]
    fn the_tab_row_is_a_whole_sentence_in_both_languages() {
        for (language, verb, stop, ending) in [
            (
                Language::English,
                "Move to the next control",
                "a single stop",
                "the first Tab goes to it",
            ),
            (
                Language::Vietnamese,
                "Chuyển đến điều khiển kế tiếp",
                "chỉ là một điểm dừng",
                "phím Tab đầu tiên đưa đến bàn cờ",
            ),
        ] {
            let row = texts(language).shortcut_board[1];
            assert!(
                row.starts_with(verb) && row.contains(stop) && row.ends_with(ending),
                "{language:?}: {row}"
            );
        }
    }
}
