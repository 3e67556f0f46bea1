//! The panels of a game played through the seam (Othello, and the next game of the
//! games table): its board in the middle (the reviewed position while reviewing), with
//! the Pass button when the rules leave the person no other move; beside it the
//! players, whose turn or the result, the pieces on the board, the game buttons, the
//! computer's search, the move list and the game string. Nothing here names a game.

use crate::ui::app::{Action, App, Target};
use crate::ui::board::grid_view::{GridOverlay, grid_board_ui};
use crate::ui::i18n::fill;
use crate::ui::i18n::grid::{game_name, rules};
use crate::ui::panels::side::seat_summary;
use crate::ui::session::grid_game::{GridGame, GridTarget, last_change};
use crate::ui::shell::theme::palette;
use eframe::egui::{self, RichText};

/// The board of the table game on screen, and its Pass button.
pub fn grid_board_area_ui(app: &App, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
    let Some(game) = app.grid_game() else {
        return;
    };
    let g = app.texts().grid;
    let shown = match app.reviewing() {
        Some(ply) => game.at_ply(ply),
        None => game.game.clone(),
    };
    let Some(view) = shown.grid() else {
        return;
    };
    let playable =
        app.reviewing().is_none() && !game.is_over() && !app.asking() && !game.computer_to_move();
    if playable && game.must_pass() {
        ui.horizontal_wrapped(|ui| {
            ui.label(
                RichText::new(fill(
                    g.must_pass,
                    &[&app.player_names()[game.seat_to_move()]],
                ))
                .strong(),
            );
            if ui.button(g.pass).clicked() {
                actions.push(Action::Clicked(Target::Grid(GridTarget::Pass)));
            }
        });
    }
    let (last, turned) = last_change(shown.as_ref());
    let overlay = GridOverlay {
        palette: palette(app.settings().dark),
        playable,
        show_targets: playable,
        last,
        turned: &turned,
        words: [g.square_empty, g.square_legal, g.square_piece, g.last_move],
        pieces: g.pieces,
    };
    if let Some(target) = grid_board_ui(ui, &view, &overlay) {
        actions.push(Action::Clicked(Target::Grid(target)));
    }
}

/// The start New game would put on screen, for show (its game string `setup`).
pub fn grid_preview_ui(app: &App, setup: &str, ui: &mut egui::Ui) {
    let Some(view) = crate::games::game_string::read(setup)
        .ok()
        .and_then(|game| game.grid())
    else {
        return;
    };
    let g = app.texts().grid;
    let overlay = GridOverlay {
        palette: palette(app.settings().dark),
        playable: false,
        show_targets: false,
        last: None,
        turned: &[],
        words: [g.square_empty, g.square_legal, g.square_piece, g.last_move],
        pieces: g.pieces,
    };
    grid_board_ui(ui, &view, &overlay);
}

/// The side panel of a table game.
pub fn grid_panel_ui(app: &App, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
    let Some(game) = app.grid_game() else {
        return;
    };
    let t = app.texts();
    let g = t.grid;
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            ui.add_space(4.0);
            ui.heading(game_name(g, game.tag()));
            players_ui(app, game, ui);
            ui.separator();
            ui.label(RichText::new(turn_text(app, game)).strong());
            if let Some([first, second]) = pieces_on_board(game) {
                ui.label(fill(g.on_board, &[&first, &second]));
            }
            search_ui(app, game, ui, actions);
            crate::ui::panels::small::buttons_ui(app, ui, actions);
            ui.separator();
            moves_ui(app, game, ui, actions);
            ui.separator();
            let text = fill(g.position, &[&game.game.game_string()]);
            ui.add(egui::Label::new(RichText::new(text).monospace()).wrap());
            ui.horizontal_wrapped(|ui| {
                if ui.button(t.copy_position).clicked() {
                    actions.push(Action::CopyPosition);
                }
                if ui.button(t.copy_link).clicked() {
                    actions.push(Action::CopyLink);
                }
                if ui.button(t.small.open_lab).clicked() {
                    actions.push(Action::OpenSmallInLab);
                }
            });
            if let Some(rules) = rules(g, game.tag()) {
                ui.separator();
                ui.add(egui::Label::new(RichText::new(rules).weak()).wrap());
            }
        });
}

/// Each seat's pieces on the board, seat 0 first (`None` for a game without a grid).
pub fn pieces_on_board(game: &GridGame) -> Option<[usize; 2]> {
    let view = game.game.grid()?;
    let count = |seat| {
        view.squares
            .iter()
            .filter(|square| **square == crate::games::grid::Square::Piece(seat))
            .count()
    };
    Some([count(0), count(1)])
}

fn players_ui(app: &App, game: &GridGame, ui: &mut egui::Ui) {
    let t = app.texts();
    let names = app.player_names();
    let colours = palette(app.settings().dark);
    let pieces = t.grid.pieces;
    for seat in 0..2 {
        let colour = colours.queen[seat];
        let to_move = !game.is_over() && game.seat_to_move() == seat;
        let width = if to_move { 2.0 } else { 1.0 };
        let stroke_colour = if to_move {
            colour
        } else {
            colour.gamma_multiply(0.3)
        };
        egui::Frame::new()
            .stroke(egui::Stroke::new(width, stroke_colour))
            .inner_margin(6.0)
            .corner_radius(6.0)
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                let line = if names[seat] == t.you {
                    fill(t.small.plays_you, &[&pieces[seat]])
                } else {
                    fill(t.small.plays, &[&names[seat], &pieces[seat]])
                };
                ui.label(RichText::new(line).strong().color(colour));
                ui.label(RichText::new(seat_summary(t, &game.seats[seat])).small());
            });
        ui.add_space(2.0);
    }
}

/// Whose turn (in the reviewed position too), or the result.
pub fn turn_text(app: &App, game: &GridGame) -> String {
    let t = app.texts();
    let names = app.player_names();
    if let Some(loser) = game.resigned() {
        return fill(t.small.resigned_win, &[&names[loser], &names[1 - loser]]);
    }
    let shown = match app.reviewing() {
        Some(ply) => game.at_ply(ply),
        None => game.game.clone(),
    };
    match shown.result() {
        Some(Some(winner)) => fill(t.small.wins, &[&names[winner]]),
        Some(None) => t.small.draw.to_string(),
        None => {
            let seat = shown.seat_to_move();
            fill(t.grid.to_move, &[&names[seat], &t.grid.pieces[seat]])
        }
    }
}

/// The computer's search: nodes while it thinks (Move now, Cancel), then what the
/// last one found; Resume while the computer is paused.
fn search_ui(app: &App, game: &GridGame, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
    let t = app.texts();
    let s = t.small;
    if let Some(nodes) = app.grid_thinking() {
        ui.horizontal_wrapped(|ui| {
            ui.spinner();
            ui.label(fill(s.thinking, &[&t.count(nodes)]));
            if ui.button(t.move_now).clicked() {
                actions.push(Action::MoveNow);
            }
            if ui.button(t.cancel).clicked() {
                actions.push(Action::CancelSearch);
            }
        });
    } else if let Some((_, outcome)) = &game.searched {
        let exactness = if outcome.exact { s.exact } else { s.estimate };
        let line = fill(
            s.last_search,
            &[
                &outcome.depth,
                &t.count(outcome.stats.nodes),
                &outcome.value.0,
                &exactness,
            ],
        );
        ui.add(egui::Label::new(RichText::new(line).small()).wrap());
    }
    if app.is_paused()
        && app.grid_thinking().is_none()
        && game.computer_to_move()
        && ui.button(t.resume).clicked()
    {
        actions.push(Action::Resume);
    }
}

/// The moves, numbered; a click shows the position after that move.
fn moves_ui(app: &App, game: &GridGame, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
    let s = app.texts().small;
    ui.label(RichText::new(s.moves).strong());
    let moves = game.game.moves();
    if moves.is_empty() {
        ui.label(RichText::new(s.no_moves).weak());
        return;
    }
    let shown = app.reviewing().unwrap_or(moves.len());
    ui.horizontal_wrapped(|ui| {
        for (index, mv) in moves.iter().enumerate() {
            let ply = index + 1;
            if ui
                .selectable_label(shown == ply, format!("{ply}. {mv}"))
                .clicked()
            {
                actions.push(Action::Review(ply));
            }
        }
    });
    if app.reviewing().is_some() && ui.button(app.texts().back_to_game).clicked() {
        actions.push(Action::BackToGame);
    }
}
