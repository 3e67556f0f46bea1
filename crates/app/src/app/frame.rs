//! The frame loop (eframe's `ui`): take what the background jobs finished, let the
//! panels and windows draw from the app and push [`Action`]s, apply the actions in
//! order, then let the computer move. The panels read the app; the few things they
//! edit in place (the new-game choices, the paste box, the windows' own state, the
//! file prompts) are lent to them here, inside the app.

use super::{Action, App, Game};
use crate::board::view::{ANIMATION_SECONDS, Interaction};
use crate::i18n::texts;
use crate::panels::{new_game, side as side_panel};
use crate::shell::{frame, menu};
use crate::windows::{View, files as files_ui, summary, tree_lab};
use eframe::egui;
use queens_board::Player;

impl eframe::App for App {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        self.prepare_frame(&ctx);
        crate::board::keys::first_tab_to_board(&ctx);
        self.poll_search();
        self.poll_analysis();
        self.poll_values(&ctx);
        self.poll_files(&ctx);
        let mut actions = Vec::new();
        menu::shortcuts(ui, self, &mut actions);
        // The lab, when open, takes the arrow keys before the game's review does.
        tree_lab::keys_ui(&mut self.windows.tree_lab, ui);
        frame::review_keys(ui, &mut actions);
        let menu =
            egui::Panel::top("menu_bar").show(ui, |ui| menu::menu_bar_ui(self, ui, &mut actions));
        crate::windows::set_menu_bottom(&ctx, menu.response.rect.bottom());
        egui::Panel::bottom("status_bar").show(ui, |ui| frame::status_bar_ui(self, ui));
        self.side_panel_ui(&ctx, ui, &mut actions);
        egui::CentralPanel::default().show(ui, |ui| frame::central_ui(self, ui, &mut actions));
        self.old_saves_ui(&ctx);
        self.windows_ui(&ctx, &mut actions);
        let t = self.texts();
        files_ui::prompt_window_ui(t, &mut self.files, &ctx, &mut actions);
        files_ui::history_window_ui(t, &mut self.files, &ctx, &mut actions);
        summary::game_over_window_ui(self, &ctx, &mut actions);
        summary::resign_modal_ui(self, &ctx, &mut actions);
        files_ui::continue_modal_ui(t, &self.files, &ctx, &mut actions);
        // The moves of the one game on screen, whichever game it is.
        let unfinished = self.replace_asked().then(|| self.current_ply());
        files_ui::replace_modal_ui(t, unfinished, &ctx, &mut actions);
        for action in actions {
            self.apply(&ctx, action);
        }
        self.follow_pause();
        self.follow_paste(&ctx);
        self.drive_computer(&ctx);
        self.write_changed_settings();
        // In a browser the address bar carries the game on screen as its game string,
        // and a position the person put there since opens as a link does.
        #[cfg(target_arch = "wasm32")]
        {
            if let Some(position) = crate::web::link::arrived() {
                self.open_link(&position);
            }
            crate::web::link::show(&self.game.game_string());
        }
        if self.search.job.is_some()
            || self.analysis.job.is_some()
            || self.clock.now - self.clock.last_move < f64::from(ANIMATION_SECONDS)
        {
            ctx.request_repaint();
        }
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        self.settings.to_storage(storage);
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        self.shut_down();
    }
}

impl App {
    /// The side panel, beside the board or below it as the room allows: New game's
    /// form, a grid game's panel, or queens' status panel.
    fn side_panel_ui(&mut self, ctx: &egui::Context, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
        let room = ui.available_size();
        let panel = match crate::shell::place::panel_place(room) {
            crate::shell::place::PanelPlace::Beside(width) => {
                egui::Panel::right("side_panel").exact_size(width)
            }
            crate::shell::place::PanelPlace::Below(height) => {
                egui::Panel::bottom("side_panel_below").exact_size(height)
            }
        };
        // In a browser the side panel's contents come one frame after the rest: the
        // browser compiles each function the first time it runs, on the page's thread,
        // and the first frame with them all was one task of 140-210 ms on CI's machine
        // (issue 41.3 asks for none of 200 ms up to the first frame).
        let panel_later = cfg!(target_arch = "wasm32") && ctx.cumulative_pass_nr() == 0;
        panel.resizable(false).show(ui, |ui| {
            if panel_later {
                ctx.request_repaint();
            } else if self.new_game.open {
                new_game::new_game_ui(self.texts(), &mut self.new_game.draft, ui, actions);
            } else if self.grid_game().is_some() {
                crate::panels::grid::grid_panel_ui(self, ui, actions);
            } else {
                // The paste box is the one field the status panel edits: lent to it
                // for the frame, the rest of the app only read.
                let mut paste = std::mem::take(&mut self.paste.text);
                side_panel::side_panel_ui(self, &mut paste, ui, actions);
                self.paste.text = paste;
            }
        });
    }

    /// Draws every window of [`crate::windows::Windows`] from a read-only view.
    fn windows_ui(&mut self, ctx: &egui::Context, actions: &mut Vec<Action>) {
        // Borrowed field by field: the windows change, the rest is only read.
        let App {
            windows,
            game,
            review,
            settings,
            files,
            ..
        } = self;
        let game: &Game = game;
        // The position on show of any game, for the windows over the seam.
        let earlier;
        let shown: &dyn queens_engines::games::seam::AnyGame = match *review {
            Some(ply) => {
                earlier = game.at_ply(ply);
                earlier.as_ref()
            }
            None => game.game.as_ref(),
        };
        let view = View {
            texts: texts(settings.language),
            language: settings.language,
            dark: settings.dark,
            saves_dir: &files.dir,
            saves_source: files.source,
            game: shown,
            puzzles: &settings.puzzles,
        };
        for window in windows.each() {
            window.show(ctx, &view, actions);
        }
    }

    /// What the mouse may do on the board. While the computer thinks the board stays in
    /// play mode, so hovering still previews claims; a click is then refused with a
    /// message (the app decides, not the painter).
    pub(crate) fn board_interaction(&self) -> Interaction {
        if self.new_game.open {
            Interaction::Setup
        } else if self.review.is_some() || self.game_ended() || self.asking() {
            Interaction::ReadOnly
        } else {
            Interaction::Play
        }
    }

    /// Whose queen the hover preview shows: the person to move, or while a computer is
    /// to move the person playing it (weighing their next move); `None` between two
    /// computers. Never the computer's colour.
    pub(crate) fn preview_side(&self) -> Option<Player> {
        let to_move = self.game.side_to_move();
        [to_move, to_move.opponent()]
            .into_iter()
            .find(|side| !self.seat(*side).is_computer())
    }

    /// Whether hovering a free cell previews its claims on the board now.
    pub fn board_previews(&self) -> bool {
        self.settings.show_preview && self.board_interaction() == Interaction::Play
    }
}
