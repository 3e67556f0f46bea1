//! One frame of the window: the panels around the board, then the actions they produced.

use crate::board::{Board, Player};
use crate::ui::app::{Action, App, ReviewStep};
use crate::ui::board::layout::BoardLayout;
use crate::ui::board::view::{
    ANIMATION_SECONDS, Appearing, CellWords, Interaction, Overlay, board_ui,
};
use crate::ui::i18n::fill;
use crate::ui::i18n::texts;
use crate::ui::panels::{new_game, side as side_panel};
use crate::ui::session::game::board_from_setup;
use crate::ui::session::messages::reviewing_text;
use crate::ui::shell::menu;
use crate::ui::shell::theme::palette;
use crate::ui::windows::{View, files as files_ui, summary, tree_lab};
use eframe::egui::{self, RichText};

impl eframe::App for App {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        self.prepare_frame(&ctx);
        crate::ui::board::keys::first_tab_to_board(&ctx);
        self.poll_search();
        self.poll_analysis();
        self.poll_live(&ctx);
        self.poll_files(&ctx);
        let mut actions = Vec::new();
        menu::shortcuts(ui, self, &mut actions);
        // The lab, when open, takes the arrow keys before the game's review does.
        tree_lab::keys_ui(&mut self.windows.tree_lab, ui);
        review_keys(ui, &mut actions);
        let menu =
            egui::Panel::top("menu_bar").show(ui, |ui| menu::menu_bar_ui(self, ui, &mut actions));
        crate::ui::windows::set_menu_bottom(&ctx, menu.response.rect.bottom());
        egui::Panel::bottom("status_bar").show(ui, |ui| status_bar_ui(self, ui));
        let side_width = (ui.available_width() * 0.34).clamp(230.0, 360.0);
        egui::Panel::right("side_panel")
            .resizable(false)
            .exact_size(side_width)
            .show(ui, |ui| {
                if self.show_new_game {
                    new_game::new_game_ui(self.texts(), &mut self.draft, ui, &mut actions);
                } else if self.small.is_some() {
                    crate::ui::panels::small::small_panel_ui(self, ui, &mut actions);
                } else {
                    side_panel::side_panel_ui(self, ui, &mut actions);
                }
            });
        egui::CentralPanel::default().show(ui, |ui| central_ui(self, ui, &mut actions));
        self.old_saves_ui(&ctx);
        self.windows_ui(&ctx, &mut actions);
        let t = self.texts();
        files_ui::prompt_window_ui(t, &mut self.files, &ctx, &mut actions);
        files_ui::history_window_ui(t, &mut self.files, &ctx, &mut actions);
        summary::game_over_window_ui(self, &ctx, &mut actions);
        summary::resign_modal_ui(self, &ctx, &mut actions);
        files_ui::continue_modal_ui(t, &self.files, &ctx, &mut actions);
        // The game on screen's moves: a small game's while one is (the queens game
        // behind it is not the one being replaced).
        let unfinished = self.replace_asked().then(|| self.current_ply());
        files_ui::replace_modal_ui(t, unfinished, &ctx, &mut actions);
        for action in actions {
            self.apply(&ctx, action);
        }
        self.follow_pause();
        self.follow_paste(&ctx);
        self.drive_computer(&ctx);
        self.drive_small(&ctx);
        self.write_changed_settings();
        // In a browser the address bar carries the game on screen as its game string.
        #[cfg(target_arch = "wasm32")]
        crate::ui::web::link::show(&match &self.small {
            None => self.game.board.game_string(),
            Some(small) => small.position.game_string(),
        });
        if self.job.is_some()
            || self.analysis_job.is_some()
            || self.now - self.last_move_time < f64::from(ANIMATION_SECONDS)
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

/// Home, Left, Right and End step through the game's positions (not while a text field
/// or the board's keyboard cursor has the keyboard: the cursor takes the arrows).
fn review_keys(ui: &mut egui::Ui, actions: &mut Vec<Action>) {
    if ui.ctx().text_edit_focused() || crate::ui::board::keys::board_has_keys(ui.ctx()) {
        return;
    }
    let keys = [
        (egui::Key::Home, ReviewStep::First),
        (egui::Key::ArrowLeft, ReviewStep::Back),
        (egui::Key::ArrowRight, ReviewStep::Forward),
        (egui::Key::End, ReviewStep::Last),
    ];
    ui.input_mut(|input| {
        for (key, step) in keys {
            if input.consume_key(egui::Modifiers::NONE, key) {
                actions.push(Action::ReviewStep(step));
            }
        }
    });
}

impl App {
    /// Draws every window of [`crate::ui::windows::Windows`] from a read-only view.
    fn windows_ui(&mut self, ctx: &egui::Context, actions: &mut Vec<Action>) {
        // Borrowed field by field: the windows change, the rest is only read.
        let App {
            windows,
            game,
            review,
            settings,
            files,
            small,
            ..
        } = self;
        let board = crate::ui::app::shown_board(game, *review);
        let view = View {
            texts: texts(settings.language),
            language: settings.language,
            dark: settings.dark,
            saves_dir: &files.dir,
            saves_source: files.source,
            board: &board,
            queens_on_screen: small.is_none(),
            puzzles: &settings.puzzles,
        };
        for window in windows.each() {
            window.show(ctx, &view, actions);
        }
    }

    /// What the mouse may do on the board. While the computer thinks the board stays in
    /// play mode, so hovering still previews claims; a click is then refused with a
    /// message (the app decides, not the painter).
    pub(in crate::ui) fn board_interaction(&self) -> Interaction {
        if self.show_new_game {
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
    pub fn preview_side(&self) -> Option<Player> {
        let to_move = self.game.board.side_to_move();
        [to_move, to_move.opponent()]
            .into_iter()
            .find(|side| !self.seat(*side).is_computer())
    }

    /// Whether hovering a free cell previews its claims on the board now.
    pub fn board_previews(&self) -> bool {
        self.settings.show_preview && self.board_interaction() == Interaction::Play
    }
}

fn status_bar_ui(app: &App, ui: &mut egui::Ui) {
    let text = app.status_text();
    let colour = if app.message.is_error() {
        ui.visuals().error_fg_color
    } else {
        ui.visuals().text_color()
    };
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(text).color(colour));
        // Only where the board previews a move: not on the new-game preview (whose
        // board is not the game's) nor while reviewing.
        if let Some(cell) = app.hovered
            && app.board_previews()
        {
            let board = app.shown_board();
            let claims = board.claims_of(cell).count();
            if claims > 0 {
                ui.separator();
                ui.label(fill(app.texts().preview, &[&cell, &claims]));
            }
        }
    });
}

fn central_ui(app: &mut App, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
    let t = app.texts();
    let small_draft = app.draft.small.game.small().filter(|_| app.show_new_game);
    if small_draft.is_some() || (app.small.is_some() && !app.show_new_game) {
        if small_draft.is_some() {
            ui.label(RichText::new(t.setup_preview).strong());
        } else {
            banners_ui(app, ui, actions);
        }
        crate::ui::panels::small::small_board_ui(app, small_draft, ui, actions);
        return;
    }
    let board = if app.show_new_game {
        ui.label(RichText::new(t.setup_preview).strong());
        match board_from_setup(&app.draft) {
            Ok(board) => std::borrow::Cow::Owned(board),
            Err(error) => {
                // The choices make no board: say why where the board would be.
                let text = fill(
                    t.bad_setup,
                    &[&t.game_error(&error.into(), &app.player_names())],
                );
                ui.colored_label(ui.visuals().error_fg_color, text);
                return;
            }
        }
    } else {
        banners_ui(app, ui, actions);
        app.shown_board()
    };
    let interaction = app.board_interaction();
    let layout = BoardLayout::fit(
        ui.available_rect_before_wrap(),
        board.size(),
        app.settings.show_coordinates,
    );
    let mut overlay = Overlay {
        layout,
        palette: palette(app.settings.dark),
        coordinates: app.settings.show_coordinates,
        preview: app.settings.show_preview,
        preview_side: app.preview_side(),
        interaction,
        last_move: board.last_move(),
        hint: app
            .hint
            .filter(|_| app.review.is_none() && !app.show_new_game),
        appearing: appearing(app, &board),
        name: "cell",
        compare: app.compared_move(),
        heat: Vec::new(),
        ghosts: Vec::new(),
        words: Some(cell_words(app)),
    };
    if !app.show_new_game
        && overlay.compare.is_none()
        && let Some(values) = app.live_values()
    {
        overlay.heat = crate::ui::jobs::live::heat_cells(&values);
        overlay.ghosts = crate::ui::jobs::live::ghosts(&values);
    }
    let response = board_ui(ui, &board, &overlay);
    app.hovered = response.hovered;
    if let Some(cell) = response.clicked {
        actions.push(Action::CellClicked(cell));
    }
}

/// What a screen reader says each cell holds, in the window's language.
fn cell_words(app: &App) -> CellWords {
    let t = app.texts();
    let names = app.player_names();
    CellWords {
        empty: t.cell_empty.to_string(),
        stone: t.cell_stone.to_string(),
        queen: [
            fill(t.cell_queen, &[&names[0]]),
            fill(t.cell_queen, &[&names[1]]),
        ],
        claimed: [
            fill(t.cell_claimed, &[&names[0]]),
            fill(t.cell_claimed, &[&names[1]]),
        ],
    }
}

/// The newest move's claims while they are still appearing.
fn appearing(app: &App, board: &Board) -> Option<Appearing> {
    let age = (app.now - app.last_move_time) as f32;
    if app.review.is_some() || app.show_new_game || !(0.0..ANIMATION_SECONDS).contains(&age) {
        return None;
    }
    let record = board.history().last()?;
    Some(Appearing {
        queen: record.cell,
        claims: record.claims,
        age,
    })
}

/// The review banner, above the board (the game-over summary is a window over it, so
/// the board does not move).
fn banners_ui(app: &App, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
    let t = app.texts();
    if let Some(ply) = app.review {
        egui::Frame::new()
            .fill(ui.visuals().warn_fg_color.gamma_multiply(0.25))
            .inner_margin(6.0)
            .corner_radius(4.0)
            .show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    ui.label(RichText::new(reviewing_text(t, ply)).strong());
                    if ui.button(t.back_to_game).clicked() {
                        actions.push(Action::BackToGame);
                    }
                });
            });
    }
}
