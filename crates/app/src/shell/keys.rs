//! The keyboard shortcuts: each key once, with what it does in words. The menu reads
//! them (`menu::shortcuts`, the menu items' key hints) and Help > Keyboard shortcuts
//! lists them; this file depends on neither, so neither depends on the other.

use crate::i18n::Texts;
use eframe::egui::{Key, KeyboardShortcut, Modifiers};

/// Whether this build runs in a browser, which keeps some shortcuts for itself.
const IN_BROWSER: bool = cfg!(target_arch = "wasm32");

/// New game: Ctrl+N (Cmd+N) on the desktop; in a browser, which keeps Ctrl+N, the plain
/// letter N, taken as the hint's H is (never while a text field has the keyboard).
pub(crate) const fn new_game_shortcut(in_browser: bool) -> KeyboardShortcut {
    if in_browser {
        KeyboardShortcut::new(Modifiers::NONE, Key::N)
    } else {
        KeyboardShortcut::new(Modifiers::COMMAND, Key::N)
    }
}

/// The Tree Lab, opened or closed: Ctrl+T on the desktop; in a browser, which keeps
/// Ctrl+T for a new tab, the plain letter T.
pub(crate) const fn tree_lab_shortcut(in_browser: bool) -> KeyboardShortcut {
    if in_browser {
        KeyboardShortcut::new(Modifiers::NONE, Key::T)
    } else {
        KeyboardShortcut::new(Modifiers::COMMAND, Key::T)
    }
}

/// Whether `shortcut` may be taken now: a plain letter only while no text field has
/// the keyboard (typing an N in a name is not New game).
pub(crate) fn wanted(shortcut: &KeyboardShortcut, typing: bool) -> bool {
    !typing || !shortcut.modifiers.is_none()
}

/// The Tree Lab's shortcut in this build (Ctrl+T; in a browser T).
pub(crate) const TREE_LAB: KeyboardShortcut = tree_lab_shortcut(IN_BROWSER);
/// New game's shortcut in this build (Ctrl+N; in a browser N).
pub(crate) const NEW: KeyboardShortcut = new_game_shortcut(IN_BROWSER);
pub(crate) const UNDO: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Z);
pub(crate) const REDO: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Y);
/// Redo as Mac programs have it (Cmd+Shift+Z); Ctrl+Shift+Z works elsewhere too.
pub(crate) const REDO_SHIFT_Z: KeyboardShortcut =
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::Z);
/// The redo shortcut the menu shows: the one each system's users expect.
pub(crate) const REDO_SHOWN: &KeyboardShortcut = if cfg!(target_os = "macos") {
    &REDO_SHIFT_Z
} else {
    &REDO
};
pub(crate) const HINT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::H);
pub(crate) const PASTE: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::V);

/// Every shortcut with what it does, as Help > Keyboard shortcuts lists them (the keys
/// are the ones the menu's `shortcuts` reads; the review keys' texts name their keys).
pub(crate) fn shortcut_list(t: &Texts, lab: &str) -> Vec<(Option<KeyboardShortcut>, String)> {
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
pub(crate) const SAVE: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::S);
pub(crate) const SAVE_AS: KeyboardShortcut =
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::S);
pub(crate) const OPEN: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::O);

#[cfg(test)]
mod tests {
    use super::*;

    /// The shortcuts Chrome and Firefox keep for themselves and never pass to a page: a new
    /// window, a new tab, closing the tab, and their private and reopening forms.
    const BROWSER_KEEPS: [KeyboardShortcut; 6] = [
        KeyboardShortcut::new(Modifiers::COMMAND, Key::N),
        KeyboardShortcut::new(Modifiers::COMMAND, Key::T),
        KeyboardShortcut::new(Modifiers::COMMAND, Key::W),
        KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::N),
        KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::T),
        KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::W),
    ];

    /// Every shortcut the menus offer in a browser (`in_browser`) or on the desktop.
    fn offered(in_browser: bool) -> Vec<KeyboardShortcut> {
        vec![
            new_game_shortcut(in_browser),
            tree_lab_shortcut(in_browser),
            OPEN,
            SAVE,
            SAVE_AS,
            UNDO,
            REDO,
            REDO_SHIFT_Z,
            HINT,
            PASTE,
        ]
    }

    #[test]
    fn a_browser_is_offered_no_shortcut_it_keeps_for_itself() {
        // Issue 41.6: the browser build's menus offered Ctrl+N and Ctrl+T.
        for shortcut in offered(true) {
            assert!(
                !BROWSER_KEEPS.contains(&shortcut),
                "{shortcut:?} never reaches a page"
            );
        }
        // The desktop keeps the keys its users expect.
        let desktop = offered(false);
        assert!(desktop.contains(&KeyboardShortcut::new(Modifiers::COMMAND, Key::N)));
        assert!(desktop.contains(&KeyboardShortcut::new(Modifiers::COMMAND, Key::T)));
        // Shortcuts are distinct in both builds.
        for build in [offered(true), offered(false)] {
            for (i, a) in build.iter().enumerate() {
                assert!(!build[i + 1..].contains(a), "{a:?} twice");
            }
        }
    }

    #[test]
    fn a_plain_letter_waits_while_a_text_field_has_the_keyboard() {
        assert!(!wanted(&new_game_shortcut(true), true));
        assert!(wanted(&new_game_shortcut(true), false));
        assert!(wanted(&new_game_shortcut(false), true));
        assert!(!wanted(&HINT, true));
    }
}
