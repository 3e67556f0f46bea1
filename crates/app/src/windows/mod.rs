//! The windows over the board: Help's rules and About (with where the files are), the
//! file questions and the History window, the game-over summary, Table 2.4, the Tree
//! Lab and the puzzles.
//!
//! A window that keeps its own state is a struct implementing [`Window`]: it is drawn
//! from a read-only [`View`] of the app and answers with [`Action`]s. Adding one is the
//! struct and one line in [`windows!`]'s list below (its field in [`Windows`], drawn
//! every frame, created with `Default`).

pub(crate) mod about;
pub(crate) mod files;
pub(crate) mod help;
pub(crate) mod puzzles;
pub(crate) mod shortcuts;
pub(crate) mod summary;
pub(crate) mod table24;
pub mod tree_lab;

use crate::app::action::Action;
use crate::i18n::Texts;
use crate::session::settings::Language;
use eframe::egui;
use queens_store::location::SavesSource;
use std::path::Path;

/// What a window may read of the app this frame (nothing it could change: what it
/// wants done goes back as an [`Action`]).
pub(crate) struct View<'a> {
    /// The texts of the language in use.
    pub texts: &'static Texts,
    /// The language in use (for windows with texts of their own).
    pub language: Language,
    /// Dark theme or light.
    pub dark: bool,
    /// The saves folder in use, and where that choice came from.
    pub saves_dir: &'a Path,
    /// Why the saves folder is the one it is.
    pub saves_source: SavesSource,
    /// The position on show of whatever game is on screen (an earlier one while
    /// reviewing): what a tool written over the game seam (Table 2.4) measures.
    pub game: &'a dyn queens_engines::games::seam::AnyGame,
    /// The player's puzzle rating and record.
    pub puzzles: &'a queens_engines::ai::puzzles::PuzzleProgress,
}

/// The most a window over the board may take: the screen less its title bar, frame and
/// a margin, so no part of it (the close button, the last button row) is off screen. A
/// window whose content can be longer scrolls inside this (issue 19.12).
pub(crate) fn room(ctx: &egui::Context) -> egui::Vec2 {
    (area(ctx).size() - egui::vec2(16.0, 48.0)).max(egui::vec2(160.0, 120.0))
}

/// Whether the files a window writes are downloads (a browser, which has downloads
/// and site storage rather than folders and files) instead of files at a path the
/// person types (the desktop).
pub(crate) const DOWNLOADS: bool = cfg!(target_arch = "wasm32");

/// Where a window's workbook goes, as the person can act on it: on the desktop a path
/// field labelled `label`; in a browser ([`DOWNLOADS`]) the name of the file it
/// downloads as (`downloads_as`, "Downloads as {0}"), since a folder typed there means
/// nothing (issue 41.5: "/home/me/games/tree-steps.xlsx" was offered in a browser).
pub(crate) fn workbook_target_ui(
    ui: &mut egui::Ui,
    label: &str,
    path: &mut String,
    downloads_as: &str,
) {
    if DOWNLOADS {
        ui.label(crate::i18n::fill(downloads_as, &[&file_name_of(path)]));
    } else {
        let label = ui.label(label);
        ui.add(egui::TextEdit::singleline(path).desired_width(320.0))
            .labelled_by(label.id);
    }
}

/// The file name at the end of `path` (the whole text if it has none).
pub(crate) fn file_name_of(path: &str) -> String {
    std::path::Path::new(path.trim()).file_name().map_or_else(
        || path.trim().to_string(),
        |name| name.to_string_lossy().into_owned(),
    )
}

/// What a written workbook says: `written` ("Table written to {0}") with its path on
/// the desktop; in a browser `downloaded` ("Downloaded {0}") with its file name.
pub(crate) fn written_text(path: &std::path::Path, written: &str, downloaded: &str) -> String {
    written_text_in(DOWNLOADS, path, written, downloaded)
}

/// [`written_text`] in a browser (`downloads`) or on the desktop.
fn written_text_in(
    downloads: bool,
    path: &std::path::Path,
    written: &str,
    downloaded: &str,
) -> String {
    if downloads {
        crate::i18n::fill(downloaded, &[&file_name_of(&path.display().to_string())])
    } else {
        crate::i18n::fill(written, &[&path.display()])
    }
}

/// Where the frame keeps the menu bar's bottom edge for the windows.
fn menu_bottom_id() -> egui::Id {
    egui::Id::unique("queens_menu_bottom")
}

/// Remembers where the menu bar ends this frame (the shell calls this after drawing it).
pub(crate) fn set_menu_bottom(ctx: &egui::Context, bottom: f32) {
    ctx.data_mut(|data| data.insert_temp(menu_bottom_id(), bottom));
}

/// The part of the screen a window over the board may use: below the menu bar (issue
/// 32.13: Shortcuts, About, Rules and Puzzles opened over its bottom edge).
pub(crate) fn area(ctx: &egui::Context) -> egui::Rect {
    let mut rect = ctx.content_rect();
    let bottom = ctx.data(|data| data.get_temp::<f32>(menu_bottom_id()));
    rect.min.y = bottom
        .unwrap_or(rect.min.y)
        .clamp(rect.min.y, rect.max.y - 120.0);
    rect
}

/// A window's size limits for this screen: it opens at `wanted` (or the room there
/// is), and whatever size was remembered from another screen is clamped to this one's
/// room and grown to at least `wanted`'s share of it (issue 32.13: History kept its
/// 640x480 size at 1920x1080, Score and Winner off to the right).
pub(crate) fn fitted<'a>(
    window: egui::Window<'a>,
    ctx: &egui::Context,
    wanted: egui::Vec2,
) -> egui::Window<'a> {
    let room = room(ctx);
    let size = wanted.min(room);
    window
        .constrain_to(area(ctx))
        .default_size(size)
        .min_width(size.x)
        .max_size(room)
}

/// A window over the board with state of its own.
pub(crate) trait Window {
    /// Draws the window (if open) for this frame.
    fn show(&mut self, ctx: &egui::Context, view: &View<'_>, actions: &mut Vec<Action>);

    /// Stops its background work: the app is closing. Most windows have none.
    fn shut_down(&mut self) {}
}

/// Declares [`Windows`] from one list: each entry is a field and a window type.
macro_rules! windows {
    ($($(#[$doc:meta])* $field:ident: $kind:ty,)*) => {
        /// Every window with state of its own, drawn in this order.
        #[derive(Default)]
        pub(crate) struct Windows {
            $($(#[$doc])* pub $field: $kind,)*
        }

        impl Windows {
            /// Each window, to draw or to stop.
            pub(crate) fn each(&mut self) -> Vec<&mut dyn Window> {
                vec![$(&mut self.$field as &mut dyn Window),*]
            }
        }
    };
}

windows! {
    /// Help > Rules.
    rules: help::RulesWindow,
    /// Help > Keyboard shortcuts.
    shortcuts: shortcuts::ShortcutsWindow,
    /// Help > About, with where the files are.
    about: help::AboutWindow,
    /// Table 2.4 measured on the position on show.
    table24: crate::jobs::table24::Table24Panel,
    /// The Tree Lab.
    tree_lab: tree_lab::TreeLab,
    /// Learn > Puzzles.
    puzzles: puzzles::PuzzlesWindow,
}

#[cfg(test)]
mod download_tests {
    use super::*;

    #[test]
    fn a_workbook_is_named_by_its_file_name_in_a_browser_and_its_path_here() {
        assert_eq!(
            file_name_of("/home/me/games/tree-steps.xlsx"),
            "tree-steps.xlsx"
        );
        assert_eq!(file_name_of(" table-2-4.xlsx "), "table-2-4.xlsx");
        let path = std::path::Path::new("saves/table-2-4.xlsx");
        let said =
            |downloads| written_text_in(downloads, path, "Table written to {0}", "Downloaded {0}");
        // Issue 41.5: a browser said "Table written to saves/table-2-4.xlsx".
        assert_eq!(said(true), "Downloaded table-2-4.xlsx");
        assert_eq!(said(false), "Table written to saves/table-2-4.xlsx");
    }
}
