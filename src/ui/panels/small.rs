//! The panels of a tic-tac-toe or Dodgem game: its board in the middle (or, on New
//! game, the chosen game's start), and beside it the players, whose turn or the result,
//! the game buttons, the computer's search, the move list (click a move to review the
//! position after it) and the position in the game's notation.

use crate::games::play::{SmallKind, SmallMove, SmallPosition};
use crate::ui::app::{Action, App, Target};
use crate::ui::board::small_view::{SmallOverlay, small_board_ui as paint_board};
use crate::ui::i18n::fill;
use crate::ui::i18n::small::SmallTexts;
use crate::ui::panels::side::seat_summary;
use crate::ui::session::small_setup::GameChoice;
use crate::ui::shell::theme::palette;
use eframe::egui::{self, RichText};

/// Which row of [`SmallTexts::pieces`] a game uses.
fn kind_index(kind: SmallKind) -> usize {
    match kind {
        SmallKind::TicTacToe => 0,
        SmallKind::Dodgem => 1,
    }
}

/// The game's name in the window's language.
pub fn game_name(s: &SmallTexts, kind: SmallKind) -> &'static str {
    s.game_names[GameChoice::from(kind) as usize]
}

/// The board: the game on screen (the reviewed position while reviewing), or with
/// `draft` the start of the game New game would start, for show.
pub fn small_board_ui(
    app: &App,
    draft: Option<SmallKind>,
    ui: &mut egui::Ui,
    actions: &mut Vec<Action>,
) {
    let s = app.texts().small;
    let (position, game) = match (draft, app.small_game()) {
        (Some(kind), _) => (SmallPosition::start(kind), None),
        (None, Some(game)) => match app.reviewing() {
            Some(ply) => (game.at_ply(ply), Some(game)),
            None => (game.position.clone(), Some(game)),
        },
        (None, None) => return,
    };
    let playable = game.is_some_and(|game| {
        app.reviewing().is_none() && !game.is_over() && !app.asking() && !game.computer_to_move()
    });
    let targets = game.map(|game| game.picked_moves()).unwrap_or_default();
    let words = s.square_words[kind_index(position.kind())];
    let overlay = SmallOverlay {
        palette: palette(app.settings().dark),
        playable,
        last_move: position.moves().last().copied(),
        picked: game.and_then(|game| game.picked).filter(|_| playable),
        targets: &targets,
        words,
        winning_line: winning_line(&position),
        marks: s.square_marks,
    };
    let response = paint_board(ui, &position, &overlay);
    if let Some(target) = response.clicked {
        actions.push(Action::Clicked(Target::Small(target)));
    }
}

/// Tic-tac-toe's line of three once a side has made one (a last mark that completes
/// two lines at once shows the first of them).
fn winning_line(position: &SmallPosition) -> Option<[crate::games::cells::Cell; 3]> {
    use crate::games::play::Piece;
    let Some(Some(winner)) = position.result() else {
        return None;
    };
    if position.kind() != SmallKind::TicTacToe {
        return None;
    }
    crate::games::tictactoe::LINES
        .iter()
        .map(|line| line.map(|index| crate::games::cells::Cell(index as u8)))
        .find(|line| {
            line.iter()
                .all(|&cell| position.piece(cell) == Piece::Of(winner))
        })
}

/// The side panel of a small game.
pub fn small_panel_ui(app: &App, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
    let Some(game) = app.small_game() else {
        return;
    };
    let t = app.texts();
    let s = t.small;
    let kind = game.kind();
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            ui.add_space(4.0);
            ui.heading(game_name(s, kind));
            players_ui(app, ui);
            ui.separator();
            ui.label(RichText::new(turn_text(app)).strong());
            if kind == SmallKind::Dodgem {
                let [black, white] = game.position.score();
                ui.label(fill(s.cars_off, &[&black, &white]));
            }
            search_ui(app, ui, actions);
            buttons_ui(app, ui, actions);
            ui.separator();
            moves_ui(app, ui, actions);
            ui.separator();
            ui.label(RichText::new(fill(s.position, &[&game.position])).monospace());
            ui.horizontal_wrapped(|ui| {
                if ui.button(t.copy_position).clicked() {
                    actions.push(Action::CopyPosition);
                }
                if ui.button(t.copy_link).clicked() {
                    actions.push(Action::CopyLink);
                }
                if ui.button(s.open_lab).clicked() {
                    actions.push(Action::OpenSmallInLab);
                }
            });
            ui.separator();
            ui.add(egui::Label::new(RichText::new(s.rules[kind_index(kind)]).weak()).wrap());
        });
}

fn players_ui(app: &App, ui: &mut egui::Ui) {
    let Some(game) = app.small_game() else {
        return;
    };
    let t = app.texts();
    let names = app.player_names();
    let colours = palette(app.settings().dark);
    let pieces = t.small.pieces[kind_index(game.kind())];
    for seat in 0..2 {
        let colour = colours.queen[seat];
        let to_move = !game.is_over() && game.seat_to_move() == seat;
        let stroke = if to_move {
            egui::Stroke::new(2.0, colour)
        } else {
            egui::Stroke::new(1.0, colour.gamma_multiply(0.3))
        };
        egui::Frame::new()
            .stroke(stroke)
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
fn turn_text(app: &App) -> String {
    let Some(game) = app.small_game() else {
        return String::new();
    };
    let t = app.texts();
    let s = t.small;
    let names = app.player_names();
    let pieces = s.pieces[kind_index(game.kind())];
    if let Some(loser) = game.resigned() {
        return fill(s.resigned_win, &[&names[loser], &names[1 - loser]]);
    }
    let position = match app.reviewing() {
        Some(ply) => game.at_ply(ply),
        None => game.position.clone(),
    };
    match position.result() {
        Some(Some(winner)) => fill(s.wins, &[&names[winner]]),
        Some(None) if position.kind() == SmallKind::Dodgem => s.draw_limit.to_string(),
        Some(None) => s.draw.to_string(),
        None => {
            let seat = position.seat_to_move();
            fill(s.to_move, &[&names[seat], &pieces[seat]])
        }
    }
}

/// The computer's search: nodes while it thinks (with Move now / Cancel), then what the
/// last one found, marked exact or an estimate; a won or lost game it found is a proof
/// at any depth, told as who wins by which move.
fn search_ui(app: &App, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
    let t = app.texts();
    let s = t.small;
    if let Some(nodes) = app.small_thinking() {
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
    } else if let (Some(outcome), Some(game)) = (app.small_search(), app.small_game()) {
        let kind = game.kind();
        let decided = kind.decided(outcome.value.0).map(|decided| {
            let searcher = app.small_search_seat().unwrap_or(0);
            let winner = if decided.searcher_wins {
                searcher
            } else {
                1 - searcher
            };
            let piece = s.pieces[kind_index(kind)][winner];
            fill(s.proven_result, &[&piece, &decided.ends_at_ply])
        });
        let exactness = match &decided {
            Some(proof) => proof.as_str(),
            None if outcome.exact => s.exact,
            None => s.estimate,
        };
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
        && app.small_thinking().is_none()
        && app.small_game().is_some_and(|game| game.computer_to_move())
        && ui.button(t.resume).clicked()
    {
        actions.push(Action::Resume);
    }
}

/// New game, Undo, Redo, Resign, Rematch: the same for every game but queens (the
/// table games' panel uses them too).
pub(in crate::ui) fn buttons_ui(app: &App, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
    let t = app.texts();
    ui.horizontal_wrapped(|ui| {
        if ui.button(t.new_game).clicked() {
            actions.push(Action::OpenNewGame);
        }
        if ui
            .add_enabled(app.can_undo(), egui::Button::new(t.undo))
            .clicked()
        {
            actions.push(Action::Undo);
        }
        if ui
            .add_enabled(app.can_redo(), egui::Button::new(t.redo))
            .clicked()
        {
            actions.push(Action::Redo);
        }
        if app.resigning_side().is_some() && ui.button(t.resign).clicked() {
            actions.push(Action::Resign);
        }
        if app.game_ended() && ui.button(t.rematch).clicked() {
            actions.push(Action::Rematch);
        }
    });
}

/// The moves, numbered; a click shows the position after that move.
fn moves_ui(app: &App, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
    let Some(game) = app.small_game() else {
        return;
    };
    let s = app.texts().small;
    ui.label(RichText::new(s.moves).strong());
    let moves: Vec<SmallMove> = game.position.moves();
    if moves.is_empty() {
        ui.label(RichText::new(s.no_moves).weak());
        return;
    }
    let shown = app.reviewing().unwrap_or(moves.len());
    ui.horizontal_wrapped(|ui| {
        for (index, mv) in moves.iter().enumerate() {
            let ply = index + 1;
            let text = format!("{ply}. {mv}");
            if ui.selectable_label(shown == ply, text).clicked() {
                actions.push(Action::Review(ply));
            }
        }
    });
    if app.reviewing().is_some() {
        ui.horizontal(|ui| {
            if ui.button("|<").clicked() {
                actions.push(Action::ReviewStep(crate::ui::app::ReviewStep::First));
            }
            if ui.button(app.texts().back_to_game).clicked() {
                actions.push(Action::BackToGame);
            }
        });
    }
}
