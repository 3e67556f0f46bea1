//! The panels of a game of the games table played through the seam (every game but
//! queens, whose board has a painter of its own): its board in the middle (the reviewed position
//! while reviewing), with the Pass button when the rules leave the person no other
//! move; beside it the players, whose turn or the result, the game's score line, the
//! game buttons, the computer's search, the move list and the game string. The game's
//! own words (name, rules, pieces, score) come from it through the seam
//! ([`crate::i18n::grid::words`]). Nothing here names a game.

use crate::app::{Action, App, Target};
use crate::board::grid_view::{GridOverlay, SquareValue, grid_board_ui};
use crate::i18n::grid::{GridTexts, words};
use crate::i18n::names::seat_summary;
use crate::i18n::{Texts, fill};
use crate::jobs::move_values::{result_label, result_tone, result_words};
use crate::session::game::{Game, GridTarget, PASS, last_change};
use crate::shell::theme::palette;
use eframe::egui::{self, RichText};
use queens_engines::games::words::GameWords;

/// The board of the table game on screen, and its Pass button.
pub(crate) fn grid_board_area_ui(app: &App, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
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
    let reaches = if playable { game.reaches() } else { Vec::new() };
    let hint = if app.reviewing().is_none() {
        game.hint_squares(&view)
    } else {
        Vec::new()
    };
    let values = square_values(app, &view);
    let overlay = GridOverlay {
        palette: palette(app.settings().dark),
        playable,
        show_targets: playable,
        last,
        turned: &turned,
        picked: game.picked.filter(|_| playable),
        reaches: &reaches,
        mover: shown.seat_to_move(),
        words: square_words(g),
        pieces: words(g, game.tag()).piece_names,
        coordinates: app.settings().show_coordinates,
        hint: (&hint, g.hinted),
        values: &values,
    };
    if let Some(target) = grid_board_ui(ui, &view, &overlay) {
        actions.push(Action::Clicked(Target::Grid(target)));
    }
}

/// The start New game would put on screen, for show (its game string `setup`).
pub(crate) fn grid_preview_ui(app: &App, setup: &str, ui: &mut egui::Ui) {
    let Ok(start) = queens_engines::games::game_string::read(setup) else {
        return;
    };
    let Some(view) = start.grid() else {
        return;
    };
    let g = app.texts().grid;
    let overlay = GridOverlay {
        palette: palette(app.settings().dark),
        playable: false,
        show_targets: false,
        last: None,
        turned: &[],
        picked: None,
        reaches: &[],
        mover: start.seat_to_move(),
        words: square_words(g),
        pieces: words(g, start.tag()).piece_names,
        coordinates: app.settings().show_coordinates,
        hint: (&[], g.hinted),
        values: &[],
    };
    grid_board_ui(ui, &view, &overlay);
}

/// The proved values of the moves played on one square (a placement: `d3`), for the
/// board; a move of two squares (`a3-b3`) is valued in the panel's list only.
fn square_values(app: &App, view: &queens_engines::games::grid::GridView) -> Vec<SquareValue> {
    let Some(values) = app.move_values() else {
        return Vec::new();
    };
    values
        .moves
        .iter()
        .filter_map(|value| {
            let index = view.names.iter().position(|name| *name == value.mv)?;
            Some(SquareValue {
                index,
                label: result_label(&values, value),
                words: result_words(app.texts(), &values, value),
                tone: result_tone(&values, value),
            })
        })
        .collect()
}

/// The proved values of every move of the position, best first, while View > move
/// values is on and the game has an exact solver.
fn values_ui(app: &App, ui: &mut egui::Ui) {
    let g = app.texts().grid;
    if let Some(values) = app.move_values() {
        ui.separator();
        ui.label(RichText::new(g.values_title).strong());
        ui.add(egui::Label::new(RichText::new(g.values_legend).small().weak()).wrap());
        for value in values.best_first() {
            let mv = if value.mv == PASS {
                g.pass_move
            } else {
                value.mv.as_str()
            };
            let words = result_words(app.texts(), &values, value);
            ui.label(format!("{} {mv}: {words}", result_label(&values, value)));
        }
    } else if app.move_values_running() {
        ui.separator();
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(g.values_running);
        });
    } else if let Some(why) = app.move_values_failed() {
        ui.separator();
        ui.colored_label(
            ui.visuals().error_fg_color,
            format!("{}: {why}", g.values_title),
        );
    }
}

/// The worst moves listed for each player, as the analysis's answer lists them.
const WORST_MOVES_SHOWN: usize = 3;

/// Analyse game for a game with an exact solver: the button, its progress with Cancel,
/// then each player's moves that kept the result and the worst moves (a click shows
/// the position before it).
fn analysis_ui(app: &App, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
    if !app.tools().analysis() {
        return;
    }
    let t = app.texts();
    let g = t.grid;
    if let Some((done, all)) = app.analysis_counts() {
        ui.separator();
        ui.horizontal_wrapped(|ui| {
            ui.spinner();
            ui.label(fill(g.analysing, &[&done, &all]));
            if ui.button(t.cancel).clicked() {
                actions.push(Action::CancelAnalysis);
            }
        });
        return;
    }
    let analysis = match app.analysis_answer() {
        None => {
            if app.can_analyse() && ui.button(t.analyse_game).clicked() {
                actions.push(Action::Analyse);
            }
            return;
        }
        Some(Err(why)) => {
            ui.colored_label(ui.visuals().error_fg_color, why);
            return;
        }
        Some(Ok(analysis)) => analysis,
    };
    ui.separator();
    ui.label(RichText::new(g.analysis_title).strong());
    if !analysis.complete {
        ui.label(RichText::new(g.analysis_stopped).weak());
    }
    let names = app.player_names();
    let mut any_worst = false;
    for (seat, summary) in analysis.players.iter().enumerate() {
        ui.label(fill(g.kept, &[&names[seat], &summary.best, &summary.moves]));
        let player = summary.player;
        for judged in analysis.worst_moves(player, WORST_MOVES_SHOWN) {
            any_worst = true;
            let ply = judged.ply;
            let best = judged.best.as_deref().unwrap_or("-");
            // A proved result's word; "?" where a position was not proved.
            let word = |outcome: Option<Option<queens_engines::analysis::Outcome>>| {
                outcome
                    .flatten()
                    .map_or("?", |outcome| g.outcomes[outcome.rank() as usize])
            };
            let text = if judged.loss_lower > 0 {
                fill(
                    g.worst_move,
                    &[
                        &ply,
                        &judged.played,
                        &word(judged.outcome_before),
                        &word(judged.outcome_after),
                        &best,
                    ],
                )
            } else {
                // The result kept, by a longer way: a slower win or a sooner loss.
                let lost = judged.outcome_before.flatten()
                    == Some(queens_engines::analysis::Outcome::Loss);
                let kept = if lost { g.sooner_move } else { g.slower_move };
                let plies = judged.plies_lost.unwrap_or(0);
                fill(kept, &[&ply, &judged.played, &plies, &best])
            };
            if ui.link(text).clicked() {
                actions.push(Action::ShowWorstMove(ply));
            }
        }
    }
    if !any_worst {
        ui.label(g.all_kept);
    }
    crate::panels::chart::result_chart_ui(app, analysis, ui, actions);
}

/// What a square is read out as: empty, a legal move, a piece, and the marks.
fn square_words(g: &GridTexts) -> [&'static str; 5] {
    [
        g.square_empty,
        g.square_legal,
        g.square_piece,
        g.last_move,
        g.winning_line,
    ]
}

/// The side panel of a table game.
pub(crate) fn grid_panel_ui(app: &App, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
    let Some(game) = app.grid_game() else {
        return;
    };
    let t = app.texts();
    let g = t.grid;
    let said = words(g, game.tag());
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            ui.add_space(4.0);
            ui.heading(said.name);
            players_ui(app, game, ui);
            ui.separator();
            ui.label(RichText::new(turn_text(app, game)).strong());
            if let Some(line) = score_line(&said, game) {
                ui.label(line);
            }
            search_ui(app, game, ui, actions);
            crate::panels::side::buttons_ui(app, ui, actions, true);
            values_ui(app, ui);
            analysis_ui(app, ui, actions);
            ui.separator();
            moves_ui(app, game, ui, actions);
            ui.separator();
            let text = fill(g.position, &[&game.game.game_string()]);
            ui.add(egui::Label::new(RichText::new(text).monospace()).wrap());
            ui.horizontal_wrapped(|ui| {
                if ui.button(t.copy_position).clicked() {
                    actions.push(Action::CopyPosition);
                }
                crate::panels::side::copy_link_ui(app, ui, actions);
                if ui.button(t.table.open_lab).clicked() {
                    actions.push(Action::OpenInLab);
                }
            });
            if let Some(rules) = said.rules {
                ui.separator();
                ui.add(egui::Label::new(RichText::new(rules).weak()).wrap());
            }
        });
}

/// The game's score line ("Cars driven off: black 1, white 0"), for a game whose
/// score says something.
pub(crate) fn score_line(said: &GameWords, game: &Game) -> Option<String> {
    let [first, second] = game.game.score();
    said.score.map(|line| fill(line, &[&first, &second]))
}

fn players_ui(app: &App, game: &Game, ui: &mut egui::Ui) {
    let t = app.texts();
    let names = app.player_names();
    let colours = palette(app.settings().dark);
    let pieces = words(t.grid, game.tag()).pieces;
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
                    fill(t.table.plays_you, &[&pieces[seat]])
                } else {
                    fill(t.table.plays, &[&names[seat], &pieces[seat]])
                };
                ui.label(RichText::new(line).strong().color(colour));
                ui.label(RichText::new(seat_summary(t, &game.seats[seat])).small());
            });
        ui.add_space(2.0);
    }
}

/// Whose turn (in the reviewed position too), or the result.
pub(crate) fn turn_text(app: &App, game: &Game) -> String {
    let t = app.texts();
    let names = app.player_names();
    let said = words(t.grid, game.tag());
    if let Some(loser) = game.resigned() {
        let (loser, winner) = (loser.index(), loser.opponent().index());
        return fill(t.table.resigned_win, &[&names[loser], &names[winner]]);
    }
    let shown = match app.reviewing() {
        Some(ply) => game.at_ply(ply),
        None => game.game.clone(),
    };
    match shown.result() {
        Some(Some(winner)) => fill(t.table.wins, &[&names[winner]]),
        Some(None) => said.draw.unwrap_or(t.table.draw).to_string(),
        None => {
            let seat = shown.seat_to_move();
            fill(t.grid.to_move, &[&names[seat], &said.pieces[seat]])
        }
    }
}

/// The computer's search: nodes while it thinks (Move now, Cancel), then what the
/// last one found; Resume while the computer is paused.
fn search_ui(app: &App, game: &Game, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
    let t = app.texts();
    let s = t.table;
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
        // The deepest depth so far with its line, as the queens panel shows it (an
        // engine program's `info` lines arrive here too).
        if let Some(job) = app.search_job() {
            let seconds = format!("{:.1}", job.elapsed().as_secs_f64());
            let progress = match job.last_iteration() {
                Some(it) => format!(
                    "{} · {}",
                    fill(
                        t.live_progress,
                        &[&it.depth, &t.count(nodes), &it.value, &seconds]
                    ),
                    it.pv.join(" ")
                ),
                None => fill(t.no_depth_yet, &[&t.count(nodes), &seconds]),
            };
            ui.add(egui::Label::new(RichText::new(progress).monospace().small()).wrap());
        }
    } else if let Some((searcher, outcome)) = &game.searched {
        let found = found_text(t, game, *searcher, outcome.value.0, outcome.exact);
        let line = fill(
            s.last_search,
            &[&outcome.depth, &t.count(outcome.stats.nodes), &found],
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

/// What a search found, in words: who wins by which move or by how many pieces when
/// the value proves it, a draw when the search reached every end, else the value as an
/// estimate. An engine's encoding of a proof (99983, 100034) is never shown.
fn found_text(t: &Texts, game: &Game, searcher: usize, value: i32, exact: bool) -> String {
    let s = t.table;
    let pieces = words(t.grid, game.tag()).pieces;
    let seat_of = |searcher_wins: bool| {
        if searcher_wins {
            searcher
        } else {
            1 - searcher
        }
    };
    if let Some(decided) = game.game.decided(value) {
        let winner = pieces[seat_of(decided.searcher_wins)];
        return fill(s.proven_result, &[&winner, &decided.ends_at_ply]);
    }
    if let Some(margin) = game.game.proven_margin(value) {
        let winner = pieces[seat_of(margin > 0)];
        return fill(s.proven_margin, &[&winner, &margin.unsigned_abs()]);
    }
    match (exact, value) {
        (true, 0) => s.proven_draw.to_string(),
        _ => fill(s.estimated_value, &[&value]),
    }
}

/// The moves, numbered; a click shows the position after that move.
fn moves_ui(app: &App, game: &Game, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
    let s = app.texts().table;
    let g = app.texts().grid;
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
            // A pass in the window's language; moves are squares, the same in both.
            let mv = if mv == PASS { g.pass_move } else { mv.as_str() };
            if ui
                .selectable_label(shown == ply, format!("{ply}. {mv}"))
                .clicked()
            {
                actions.push(Action::Review(ply));
            }
        }
    });
    if app.reviewing().is_some() {
        ui.horizontal(|ui| {
            if ui.button("|<").clicked() {
                actions.push(Action::ReviewStep(crate::app::ReviewStep::First));
            }
            if ui.button(app.texts().back_to_game).clicked() {
                actions.push(Action::BackToGame);
            }
        });
    }
}
