//! What one frame draws around the board: the status bar, the board with its overlay,
//! the review keys and banner. Everything here reads the app and pushes actions; the
//! frame loop that applies them is the app's (`app/frame.rs`).

use crate::app::{Action, App, ReviewStep, Target};
use crate::board::layout::BoardLayout;
use crate::board::view::{ANIMATION_SECONDS, Appearing, CellWords, Overlay, board_ui};
use crate::i18n::fill;
use crate::session::messages::reviewing_text;
use crate::session::seats::board_from_setup;
use crate::shell::theme::palette;
use eframe::egui::{self, RichText};
use queens_board::Board;

/// Home, Left, Right and End step through the game's positions (not while a text field
/// or the board's keyboard cursor has the keyboard: the cursor takes the arrows).
pub(crate) fn review_keys(ui: &mut egui::Ui, actions: &mut Vec<Action>) {
    if ui.ctx().text_edit_focused() || crate::board::keys::board_has_keys(ui.ctx()) {
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

pub(crate) fn status_bar_ui(app: &App, ui: &mut egui::Ui) {
    let text = app.status_text();
    let colour = if app.message_is_error() {
        ui.visuals().error_fg_color
    } else {
        ui.visuals().text_color()
    };
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(text).color(colour));
        // Only where the board previews a move: not on the new-game preview (whose
        // board is not the game's) nor while reviewing.
        if let Some(cell) = app.hovered()
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

pub(crate) fn central_ui(app: &App, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
    let t = app.texts();
    if other_game_ui(app, ui, actions) {
        return;
    }
    let board = if app.new_game_open() {
        ui.label(RichText::new(t.setup_preview).strong());
        match board_from_setup(app.draft()) {
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
    let coordinates = app.settings().show_coordinates;
    let fitted = BoardLayout::fit(ui.available_rect_before_wrap(), board.size(), coordinates);
    let zoom = crate::board::zoom::zoom(ui.ctx());
    if crate::board::zoom::offered(fitted.cell, zoom) {
        crate::board::zoom::controls_ui(ui, t.zoom_out, t.zoom_in);
    }
    let room = ui.available_rect_before_wrap();
    let layout = BoardLayout::fit(room, board.size(), coordinates);
    let mut overlay = Overlay {
        layout,
        palette: palette(app.settings().dark),
        coordinates: app.settings().show_coordinates,
        preview: app.settings().show_preview,
        preview_side: app.preview_side(),
        interaction,
        last_move: board.last_move(),
        hint: app
            .hint()
            .filter(|_| app.reviewing().is_none() && !app.new_game_open()),
        appearing: appearing(app, &board),
        name: "cell",
        compare: app.compared_move(),
        heat: Vec::new(),
        ghosts: Vec::new(),
        words: Some(cell_words(app)),
    };
    if !app.new_game_open()
        && overlay.compare.is_none()
        && let Some(values) = app.move_values()
    {
        overlay.heat = crate::jobs::move_values::heat_cells(&values, app.texts());
        overlay.ghosts = crate::jobs::move_values::ghosts(&values);
    }
    crate::board::zoom::pinch(ui, room);
    let response = if zoom > 1.0 {
        zoomed_board_ui(
            ui,
            &board,
            &mut overlay,
            room.width().min(room.height()) * zoom,
        )
    } else {
        board_ui(ui, &board, &overlay)
    };
    actions.push(Action::Hovered(response.hovered));
    if let Some(cell) = response.clicked {
        let target = if app.new_game_open() {
            Some(Target::SetupStone(cell))
        } else {
            app.square_target(&cell.to_string())
        };
        actions.extend(target.map(Action::Clicked));
    }
}

/// A zoomed board, `side` points wide and so larger than its room, in a scroll area
/// panned by dragging or scrolling.
fn zoomed_board_ui(
    ui: &mut egui::Ui,
    board: &Board,
    overlay: &mut Overlay,
    side: f32,
) -> crate::board::view::BoardResponse {
    egui::ScrollArea::both()
        .id_salt("zoomed_board")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            let (rect, _) = ui.allocate_exact_size(egui::Vec2::splat(side), egui::Sense::hover());
            overlay.layout = BoardLayout::fit(rect, board.size(), overlay.coordinates);
            board_ui(ui, board, overlay)
        })
        .inner
}

/// What a game other than queens draws in the middle (a table game's board, or on
/// New game the start of the one chosen); `false` when queens is the game to draw.
fn other_game_ui(app: &App, ui: &mut egui::Ui, actions: &mut Vec<Action>) -> bool {
    let t = app.texts();
    if app.new_game_open()
        && let Some(setup) = app.draft().table.table_setup()
    {
        ui.label(RichText::new(t.setup_preview).strong());
        crate::panels::grid::grid_preview_ui(app, setup, ui);
        return true;
    }
    if app.grid_game().is_some() && !app.new_game_open() {
        banners_ui(app, ui, actions);
        crate::panels::grid::grid_board_area_ui(app, ui, actions);
        return true;
    }
    false
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
    let age = app.since_last_move() as f32;
    if app.reviewing().is_some() || app.new_game_open() || !(0.0..ANIMATION_SECONDS).contains(&age)
    {
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
    if let Some(ply) = app.reviewing() {
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
