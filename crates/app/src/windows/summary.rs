//! The game-over summary: a window over the board (so nothing shifts) with the result,
//! both scores, and what players do next: Rematch (same board, colours swapped), New
//! game (same settings), Save. Every game of the games table ends in the same window,
//! with its own result lines (Analyse where the game has the analysis). It
//! reads the app and returns [`Action`]s.

use crate::app::{Action, App};
use crate::i18n::fill;
use crate::session::seats::Seat;
use crate::shell::theme::palette;
use eframe::egui::{self, Color32, RichText};
use queens_board::Player;

/// What the summary says about the game that ended, queens or small.
struct Ending {
    /// "You win, 20 : 16", "Won by Player 1."
    headline: String,
    /// The game ended by a resignation.
    resigned: bool,
    /// One line per player (and Dodgem's cars driven off), each in its colour.
    lines: Vec<(String, Color32)>,
    /// The winner's seat, for the frame's colour.
    winner: Option<usize>,
    /// Whether "Analyse this game" is offered: every game with the analysis (an exact
    /// solver), from its row of the games table.
    analysable: bool,
}

/// The summary, while the game is over, not under review, and not closed by the player:
/// the same window for a queens game and for tic-tac-toe or Dodgem.
pub(crate) fn game_over_window_ui(app: &App, ctx: &egui::Context, actions: &mut Vec<Action>) {
    if !app.summary_shown() {
        return;
    }
    let t = app.texts();
    let ending = match app.grid_game() {
        Some(game) => grid_ending(app, game),
        None => queens_ending(app),
    };
    let colours = palette(app.settings().dark);
    let colour = ending.winner.map_or(Color32::GRAY, |w| colours.queen[w]);
    let mut open = true;
    egui::Window::new(t.game_over)
        .id(egui::Id::unique("game_over"))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .frame(egui::Frame::window(&ctx.global_style()).stroke(egui::Stroke::new(2.0, colour)))
        .show(ctx, |ui| {
            ui.label(RichText::new(&ending.headline).heading().strong());
            if let Some(why) = app.forfeit_reason() {
                let text = fill(t.program.forfeit_note, &[&why]);
                ui.add(egui::Label::new(RichText::new(text).weak()).wrap());
            }
            if ending.resigned {
                ui.label(RichText::new(t.resigned_note).weak());
            }
            ui.add_space(4.0);
            for (line, colour) in &ending.lines {
                ui.label(RichText::new(line).color(*colour).strong());
            }
            ui.separator();
            buttons_ui(app, ending.analysable, ui, actions);
        });
    if !open {
        actions.push(Action::CloseSummary);
    }
}

/// Rematch, New game, Save, Close, and Analyse where the game has an analysis.
fn buttons_ui(app: &App, analysable: bool, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
    let t = app.texts();
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
        let analysed = app.analysis().is_some();
        let analysable = analysable && !app.is_analysing() && !analysed;
        if analysable && ui.button(t.analyse_this).clicked() {
            actions.push(Action::Analyse);
            actions.push(Action::CloseSummary);
        }
    });
}

/// A queens game's ending: the result with both scores, each player's cells.
fn queens_ending(app: &App) -> Ending {
    let t = app.texts();
    let board = app.board();
    let names = app.player_names();
    let colours = palette(app.settings().dark);
    let lines = [Player::One, Player::Two]
        .map(|player| {
            let index = player.index();
            let line = fill(t.final_cells, &[&names[index], &board.score(player)]);
            (line, colours.queen_of(player))
        })
        .to_vec();
    Ending {
        headline: result_text(app),
        resigned: app.resigned().is_some(),
        lines,
        winner: app.winner().map(Player::index),
        analysable: true,
    }
}

/// A table game's ending: who won (or the draw), who played which pieces, and the
/// game's score line (Othello's discs, Dodgem's cars driven off).
fn grid_ending(app: &App, game: &crate::session::game::Game) -> Ending {
    let t = app.texts();
    let names = app.player_names();
    let colours = palette(app.settings().dark);
    let said = crate::i18n::grid::words(t.grid, game.tag());
    let pieces = said.pieces;
    let mut lines: Vec<(String, Color32)> = (0..2)
        .map(|seat| {
            let line = if names[seat] == t.you {
                fill(t.table.plays_you, &[&pieces[seat]])
            } else {
                fill(t.table.plays, &[&names[seat], &pieces[seat]])
            };
            (line, colours.queen[seat])
        })
        .collect();
    if let Some(line) = crate::panels::grid::score_line(&said, game) {
        lines.push((line, colours.label));
    }
    let winner = game.result().flatten();
    let human_beat_computer = winner.is_some_and(|seat| {
        game.resigned().is_none()
            && game.seats.iter().any(Seat::is_computer)
            && !game.seats[seat].is_computer()
    });
    let headline = if human_beat_computer {
        t.table.you_win.to_string()
    } else {
        crate::panels::grid::turn_text(app, game)
    };
    Ending {
        headline,
        resigned: game.resigned().is_some(),
        lines,
        winner,
        analysable: app.tools().analysis(),
    }
}

/// "Resign this game?", before a resignation (which cannot be taken back). Modal, like
/// the other questions: Escape or a click beside it keeps playing.
pub(crate) fn resign_modal_ui(app: &App, ctx: &egui::Context, actions: &mut Vec<Action>) {
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
pub(crate) fn result_text(app: &App) -> String {
    let t = app.texts();
    let board = app.board();
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
            let human_vs_computer = app.on_screen().seats().iter().any(|s| s.is_computer())
                && app.on_screen().seats().iter().any(|s| !s.is_computer());
            if human_vs_computer && !app.seat(winner).is_computer() {
                fill(t.you_win, &[&a, &b])
            } else {
                fill(t.wins, &[&names[winner.index()], &a, &b])
            }
        }
        None => fill(t.draw, &[&one, &two]),
    }
}
