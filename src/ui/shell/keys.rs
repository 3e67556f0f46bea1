//! The keyboard shortcuts: each key once, with what it does in words. The menu reads
//! them (`menu::shortcuts`, the menu items' key hints) and Help > Keyboard shortcuts
//! lists them; this file depends on neither, so neither depends on the other.

use crate::ui::i18n::Texts;
use eframe::egui::{Key, KeyboardShortcut, Modifiers};

/// Ctrl+T opens (or closes) the Tree Lab.
pub const TREE_LAB: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::T);
pub const NEW: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::N);
pub const UNDO: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Z);
pub const REDO: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Y);
/// Redo as Mac programs have it (Cmd+Shift+Z); Ctrl+Shift+Z works elsewhere too.
pub const REDO_SHIFT_Z: KeyboardShortcut =
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::Z);
/// The redo shortcut the menu shows: the one each system's users expect.
pub const REDO_SHOWN: &KeyboardShortcut = if cfg!(target_os = "macos") {
    &REDO_SHIFT_Z
} else {
    &REDO
};
pub const HINT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::H);
pub const PASTE: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::V);

/// Every shortcut with what it does, as Help > Keyboard shortcuts lists them (the keys
/// are the ones the menu's `shortcuts` reads; the review keys' texts name their keys).
pub fn shortcut_list(t: &Texts, lab: &str) -> Vec<(Option<KeyboardShortcut>, String)> {
    let key = |shortcut: &KeyboardShortcut, text: &str| (Some(*shortcut), text.to_string());
    vec![
        key(&NEW, t.new_game),
        key(&OPEN, t.open_game),
        key(&SAVE, t.save_game),
        key(&SAVE_AS, t.save_as),
        key(&UNDO, t.undo),
        key(REDO_SHOWN, t.redo),
        key(&HINT, t.hint),
        key(&PASTE, t.paste_on_board),
        key(&TREE_LAB, lab),
        (None, t.review_first.to_string()),
        (None, t.review_back.to_string()),
        (None, t.review_forward.to_string()),
        (None, t.review_last.to_string()),
    ]
}
pub const SAVE: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::S);
pub const SAVE_AS: KeyboardShortcut =
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::S);
pub const OPEN: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::O);
