//! Help's windows: the rules of the game on screen (its own words, from its row of the
//! games table; queens with a small diagram), and About with the version and where the
//! files are ("Open saves folder").

use super::{View, Window};
use crate::app::action::Action;
use crate::board::layout::BoardLayout;
use crate::board::view::{Interaction, Overlay, board_ui};
use crate::i18n::fill;
use crate::shell::theme::palette;
use eframe::egui;
use queens_board::{Board, Cell};

/// Help > Rules.
#[derive(Default)]
pub(crate) struct RulesWindow {
    /// Whether it is shown.
    pub open: bool,
}

impl Window for RulesWindow {
    fn show(&mut self, ctx: &egui::Context, view: &View<'_>, _actions: &mut Vec<Action>) {
        let t = view.texts;
        egui::Window::new(t.rules)
            .open(&mut self.open)
            .constrain_to(super::area(ctx))
            .default_width(420.0)
            .collapsible(false)
            // Taller than a 640x480 window: it scrolls inside the screen (issue 19.12).
            .max_height(super::room(ctx).y)
            .vscroll(true)
            .show(ctx, |ui| {
                let said = crate::i18n::grid::words(t.grid, view.game.tag());
                ui.heading(said.name);
                if let Some(rules) = said.rules {
                    ui.label(rules);
                }
                if let Some(notation) = said.notation {
                    ui.separator();
                    ui.label(notation);
                }
                if view.game.tag() == <Board as queens_engines::games::seam::Rules>::TAG {
                    ui.separator();
                    rules_diagram_ui(ui, view.dark, t.diagram_caption);
                }
            });
    }
}

/// Help > About.
#[derive(Default)]
pub(crate) struct AboutWindow {
    /// Whether it is shown.
    pub open: bool,
    /// Why "Open saves folder" failed, shown in the window.
    pub problem: Option<String>,
}

impl Window for AboutWindow {
    fn show(&mut self, ctx: &egui::Context, view: &View<'_>, _actions: &mut Vec<Action>) {
        let t = view.texts;
        let problem = &mut self.problem;
        egui::Window::new(t.about)
            .open(&mut self.open)
            .constrain_to(super::area(ctx))
            .collapsible(false)
            .show(ctx, |ui| {
                ui.heading(t.app_title);
                ui.label(format!("{} {}", t.app_title, env!("CARGO_PKG_VERSION")));
                ui.label(t.about_text);
                ui.separator();
                if let Some(failed) =
                    super::about::files_section_ui(ui, t, view.saves_dir, view.saves_source)
                {
                    *problem = Some(failed);
                }
                if let Some(failed) = problem {
                    ui.colored_label(ui.visuals().error_fg_color, failed.as_str());
                }
            });
    }
}

/// A 4x4 board with a stone on d4 and a queen on b2, its claims tinted.
fn rules_diagram_ui(ui: &mut egui::Ui, dark: bool, caption: &str) {
    let stone = Cell::new(3, 3);
    let queen = Cell::new(1, 1);
    let Ok(mut board) = Board::new(4, &[stone]) else {
        return;
    };
    let claims = board.play(queen).map(|c| c.count()).unwrap_or(0);
    ui.label(fill(caption, &[&claims]));
    let (rect, _) = ui.allocate_exact_size(egui::vec2(180.0, 180.0), egui::Sense::hover());
    let overlay = Overlay {
        layout: BoardLayout::fit(rect, 4, true),
        palette: palette(dark),
        coordinates: true,
        preview: false,
        preview_side: None,
        interaction: Interaction::ReadOnly,
        last_move: None,
        hint: None,
        appearing: None,
        name: "diagram",
        compare: None,
        heat: Vec::new(),
        ghosts: Vec::new(),
        words: None,
    };
    // A child ui with its own id keeps the diagram's cells apart from the main board's.
    ui.push_id("rules_diagram", |ui| {
        board_ui(ui, &board, &overlay);
    });
}
