//! The game-over summary: a window over the board (so nothing shifts) with the result,
//! both scores, and what players do next: Rematch (same board, colours swapped), New
//! game (same settings), Save. It reads the app and returns [`Action`]s.

use crate::board::Player;
use crate::ui::app::{Action, App};
use crate::ui::i18n::fill;
use crate::ui::shell::theme::palette;
use eframe::egui::{self, Color32, RichText};

/// The summary, while the game is over, not under review, and not closed by the player.
pub fn game_over_window_ui(app: &App, ctx: &egui::Context, actions: &mut Vec<Action>) {
    if !app.summary_shown() {
        return;
    }
    let t = app.texts();
    let board = &app.game.board;
    let names = app.player_names();
    let scores = [board.score(Player::One), board.score(Player::Two)];
    let winner = app.winner();
    let colour = winner.map_or(Color32::GRAY, |w| palette(app.settings.dark).queen_of(w));
    let mut open = true;
    egui::Window::new(t.game_over)
        .id(egui::Id::unique("game_over"))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .frame(egui::Frame::window(&ctx.global_style()).stroke(egui::Stroke::new(2.0, colour)))
        .show(ctx, |ui| {
            ui.label(RichText::new(result_text(app)).heading().strong());
            if app.resigned().is_some() {
                ui.label(RichText::new(t.resigned_note).weak());
            }
            ui.add_space(4.0);
            for player in [Player::One, Player::Two] {
                let line = fill(
                    t.final_cells,
                    &[&names[player.index()], &scores[player.index()]],
                );
                let colour = palette(app.settings.dark).queen_of(player);
                ui.label(RichText::new(line).color(colour).strong());
            }
            ui.separator();
            ui.horizontal_wrapped(|ui| {
                let buttons = [
                    (t.rematch, Action::Rematch),
                    (t.new_game_same, Action::NewGameSameSettings),
                    (t.save_game, Action::Save),
                    (t.close, Action::CloseSummary),
                ];
                for (label, action) in buttons {
                    if ui.button(label).clicked() {
                        actions.push(action);
                    }
                }
                // As lichess and KaTrain offer at the end of a game (issue 32.9): the
                // summary closes so the move list's losses and the chart are seen.
                let analysable = app.analysis_job.is_none() && app.analysis().is_none();
                if analysable && ui.button(t.analyse_this).clicked() {
                    actions.push(Action::Analyse);
                    actions.push(Action::CloseSummary);
                }
            });
        });
    if !open {
        actions.push(Action::CloseSummary);
    }
}

/// "Resign this game?", before a resignation (which cannot be taken back). Modal, like
/// the other questions: Escape or a click beside it keeps playing.
pub fn resign_modal_ui(app: &App, ctx: &egui::Context, actions: &mut Vec<Action>) {
    let (true, Some(loser)) = (app.resign_asked(), app.resigning_side()) else {
        return;
    };
    let t = app.texts();
    let names = app.player_names();
    let response = egui::Modal::new(egui::Id::unique("resign_question")).show(ctx, |ui| {
        ui.set_max_width(420.0);
        ui.heading(t.resign_title);
        let text = fill(t.resign_body, &[&names[loser.index()]]);
        ui.add(egui::Label::new(text).wrap());
        ui.add_space(6.0);
        ui.horizontal_wrapped(|ui| {
            if ui.button(t.resign_confirm).clicked() {
                actions.push(Action::ConfirmResign(true));
            }
            if ui.button(RichText::new(t.keep_playing).strong()).clicked() {
                actions.push(Action::ConfirmResign(false));
            }
        });
    });
    if response.should_close() && actions.is_empty() {
        actions.push(Action::ConfirmResign(false));
    }
}

/// "You win, 20 : 16", "Player 2 wins, ...", "Draw, ..." or "You resigned: ...".
pub fn result_text(app: &App) -> String {
    let t = app.texts();
    let board = &app.game.board;
    let names = app.player_names();
    if let Some(loser) = app.resigned() {
        let winner = loser.opponent();
        return fill(t.resigned, &[&names[loser.index()], &names[winner.index()]]);
    }
    let (one, two) = (board.score(Player::One), board.score(Player::Two));
    match app.winner() {
        Some(winner) => {
            let (a, b) = if winner == Player::One {
                (one, two)
            } else {
                (two, one)
            };
            let human_vs_computer = app.game.seats.iter().any(|s| s.is_computer())
                && app.game.seats.iter().any(|s| !s.is_computer());
            if human_vs_computer && !app.seat(winner).is_computer() {
                fill(t.you_win, &[&a, &b])
            } else {
                fill(t.wins, &[&names[winner.index()], &a, &b])
            }
        }
        None => fill(t.draw, &[&one, &two]),
    }
}
