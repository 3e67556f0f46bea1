//! The status panel: players and scores, whose turn, the computer's live progress, the
//! game buttons, the move list and the game string.

use crate::app::{Action, App};
use crate::i18n::{Texts, fill};
use crate::session::seats::Seat;
use crate::shell::theme::palette;
use eframe::egui::{self, RichText};
use queens_board::Player;

/// The size of the game string's text, in points (the body text is 12.5).
const POSITION_TEXT_SIZE: f32 = 15.0;

/// The whole status panel.
pub(crate) fn side_panel_ui(
    app: &App,
    paste: &mut String,
    ui: &mut egui::Ui,
    actions: &mut Vec<Action>,
) {
    // Solid scroll bars, beside the content rather than over its right edge (issue
    // 32.10: a floating bar hid the end of the move list's Loss column).
    ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            ui.add_space(4.0);
            players_ui(app, ui);
            ui.separator();
            turn_ui(app, ui, actions);
            ui.separator();
            buttons_ui(app, ui, actions, false);
            live_ui(app, ui, actions);
            ui.separator();
            super::moves::moves_ui(app, ui, actions);
            crate::panels::chart::margin_chart_ui(app, ui, actions);
            ui.separator();
            position_ui(app, paste, ui, actions);
        });
}

fn players_ui(app: &App, ui: &mut egui::Ui) {
    let t = app.texts();
    let names = app.player_names();
    let colours = palette(app.settings().dark);
    // While reviewing, the cards show the reviewed position.
    let board = &app.shown_board();
    for player in [Player::One, Player::Two] {
        let colour = colours.queen_of(player);
        let to_move = !board.is_over() && board.side_to_move() == player;
        let (fill, stroke) = if to_move {
            (colour.gamma_multiply(0.15), egui::Stroke::new(2.0, colour))
        } else {
            (
                egui::Color32::TRANSPARENT,
                egui::Stroke::new(1.0, colour.gamma_multiply(0.3)),
            )
        };
        egui::Frame::new()
            .fill(fill)
            .stroke(stroke)
            .inner_margin(6.0)
            .corner_radius(6.0)
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.horizontal(|ui| {
                    // The score first (right to left), so a long name wraps in the room
                    // left rather than pushing the score out of the panel; it is not cut
                    // ("Computer (Mediu…" at 640x480, issue 19.12).
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        let score = format!("{} {}", t.score, board.score(player));
                        ui.label(RichText::new(score).heading().strong());
                        ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                            let name = RichText::new(&names[player.index()]).strong().color(colour);
                            ui.add(egui::Label::new(name).wrap());
                        });
                    });
                });
                // A computer's settings, second (a person's name says it all).
                if app.seat(player).is_computer() {
                    ui.label(
                        RichText::new(crate::i18n::names::seat_summary(t, app.seat(player)))
                            .small(),
                    );
                }
            });
        ui.add_space(2.0);
    }
}

fn turn_ui(app: &App, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
    let t = app.texts();
    let board = app.board();
    let names = app.player_names();
    let turn = if app.resigned().is_some() {
        t.game_over.to_string()
    } else if let Some(ply) = app.reviewing() {
        let shown = app.shown_board();
        if shown.is_over() {
            fill(t.review_over, &[&ply, &board.ply()])
        } else {
            let name = &names[shown.side_to_move().index()];
            fill(t.review_turn, &[&ply, &board.ply(), name])
        }
    } else if board.is_over() {
        t.game_over.to_string()
    } else {
        let side = board.side_to_move();
        let name = &names[side.index()];
        if app.seat(side).is_computer() {
            fill(t.to_move, &[name])
        } else {
            fill(t.your_move, &[name])
        }
    };
    // As tall as the longest "whose move" line of this game needs, so the turn passing
    // to the computer and back never moves what is below (a narrow panel wraps them).
    let width = ui.available_width();
    let turn_lines = [Player::One, Player::Two].map(|side| {
        let name = &names[side.index()];
        if app.seat(side).is_computer() {
            fill(t.to_move, &[name])
        } else {
            fill(t.your_move, &[name])
        }
    });
    let font = egui::TextStyle::Body.resolve(ui.style());
    let colour = ui.visuals().text_color();
    let height = turn_lines
        .into_iter()
        .map(|text| {
            ui.painter()
                .layout(text, font.clone(), colour, width)
                .size()
                .y
        })
        .fold(0.0, f32::max);
    let down = egui::Layout::top_down(egui::Align::Min);
    fixed_area_ui(ui, egui::vec2(width, height), down, |ui| {
        ui.add(egui::Label::new(RichText::new(turn).strong()).wrap());
    });
    let watching = app.on_screen().seats().iter().all(Seat::is_computer);
    if watching {
        // Between two computers the watcher may stop them at any moment: one button,
        // right under the turn line, that stays in place whether they think or wait
        // (and, greyed, once the game is over).
        let (label, action) = if app.is_paused() {
            (t.resume, Action::Resume)
        } else {
            (t.pause, Action::Pause)
        };
        if ui
            .add_enabled(!app.game_ended(), egui::Button::new(label))
            .clicked()
        {
            actions.push(action);
        }
    }
    activity_ui(app, ui, actions, watching);
}

/// The computer's (or a hint's) search, the pause, or what is proven about the position,
/// in two areas of fixed size: three lines of text, then one line of buttons. A search
/// starting or stopping never moves the buttons below, so a double click on Cancel
/// cannot land on Undo; the buttons' line is empty once the search stops (Resume sits
/// in the text lines).
fn activity_ui(app: &App, ui: &mut egui::Ui, actions: &mut Vec<Action>, watching: bool) {
    let spacing = ui.spacing().clone();
    let body = ui.text_style_height(&egui::TextStyle::Body);
    let small = ui.text_style_height(&egui::TextStyle::Small);
    let line = spacing.interact_size.y.max(body);
    let button = spacing
        .interact_size
        .y
        .max(body + 2.0 * spacing.button_padding.y);
    let width = ui.available_width();
    let paused = app.is_paused() && app.on_screen().computer_to_move() && !app.game_ended();
    // Who thinks, the value, the progress: a line each (or a sentence over them).
    let text_height = 2.0 * line + small + 2.0 * spacing.item_spacing.y;
    fixed_area_ui(
        ui,
        egui::vec2(width, text_height),
        egui::Layout::top_down(egui::Align::Min),
        |ui| {
            if app.is_thinking() {
                search_lines_ui(app, ui);
            } else if paused {
                ui.label(app.texts().paused);
                // Above the buttons' line, so never where Cancel was: the second click
                // of a double click on Cancel must not let the computer go again.
                if !watching && ui.button(app.texts().resume).clicked() {
                    actions.push(Action::Resume);
                }
            } else if !app.shown_board().is_over()
                && app.resigned().is_none()
                && let Some(sentence) = proven_sentence(app)
            {
                ui.add(egui::Label::new(RichText::new(sentence).strong()).wrap());
            }
        },
    );
    let row = egui::Layout::left_to_right(egui::Align::Center);
    fixed_area_ui(ui, egui::vec2(width, button), row, |ui| {
        search_buttons_ui(app, ui, actions, watching);
    });
}

/// Takes exactly `size` in `ui` (whatever `add_contents` draws, which is clipped to it).
fn fixed_area_ui(
    ui: &mut egui::Ui,
    size: egui::Vec2,
    layout: egui::Layout,
    add_contents: impl FnOnce(&mut egui::Ui),
) {
    let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
    let mut area = ui.new_child(egui::UiBuilder::new().max_rect(rect).layout(layout));
    area.shrink_clip_rect(rect);
    add_contents(&mut area);
}

/// What is proven about the position on screen (the one store every line reads,
/// [`crate::session::known::Known`]): before the first move the board's first-move
/// advantage from the opening book, else the final margin with best play. Nothing when
/// it is not proven.
fn proven_sentence(app: &App) -> Option<String> {
    let t = app.texts();
    let shown = app.shown_board();
    if let Some(margin) = crate::session::known::first_move_advantage(&shown) {
        return Some(crate::session::known::advantage_sentence(t, margin));
    }
    let margin = app.known_margin()?;
    let names = app.player_names();
    Some(crate::session::known::known_result_sentence(
        t, &names, margin,
    ))
}

/// The running search: who thinks, its value in words and its progress (one line each,
/// so the box keeps its height).
fn search_lines_ui(app: &App, ui: &mut egui::Ui) {
    let Some(job) = app.search_job() else {
        return;
    };
    let t = app.texts();
    let names = app.player_names();
    let side = job_owner(app);
    let who = match job.purpose {
        crate::jobs::search::Purpose::Move => fill(t.thinking, &[&names[side.index()]]),
        crate::jobs::search::Purpose::Hint => t.hint_thinking.to_string(),
    };
    ui.horizontal(|ui| {
        ui.spinner();
        ui.add(egui::Label::new(who).truncate());
    });
    let seconds = format!("{:.1}", job.elapsed().as_secs_f64());
    // A proven margin is told instead of the search's estimate (one value for one fact).
    let proven = proven_sentence(app);
    let progress = match job.last_iteration() {
        Some(it) => {
            // The value is the searching side's: cells it owns minus the other's
            // after `depth` plies of best play, told as an estimate.
            let view = ValueView {
                mover: side,
                viewer: viewer(app, job.purpose),
                best: it.best_move.map(|c| c.to_string()).unwrap_or_default(),
                value: it.value.0,
                depth: it.depth,
            };
            // Wrapped, never cut (issue 32.12: "...with best..." hid the verdict).
            let sentence = proven
                .clone()
                .unwrap_or_else(|| value_sentence(t, &names, &view));
            ui.add(egui::Label::new(sentence).wrap());
            fill(
                t.live_progress,
                &[&it.depth, &t.count(job.nodes()), &it.value, &seconds],
            )
        }
        None => {
            ui.add(egui::Label::new(proven.unwrap_or_default()).wrap());
            fill(t.no_depth_yet, &[&t.count(job.nodes()), &seconds])
        }
    };
    ui.add(egui::Label::new(RichText::new(progress).monospace().small()).truncate());
}

/// Move now and Cancel while the computer thinks (Stop for a hint); nothing otherwise.
fn search_buttons_ui(app: &App, ui: &mut egui::Ui, actions: &mut Vec<Action>, watching: bool) {
    let t = app.texts();
    let Some(job) = app.search_job() else {
        return;
    };
    let stopping = job.stop_requested();
    // A hint stops with its best cell so far; a move is played now, or the computer
    // pauses (between two computers, Pause stays under the turn line).
    let (now, stop) = match job.purpose {
        crate::jobs::search::Purpose::Hint => (t.stop, None),
        crate::jobs::search::Purpose::Move if watching => (t.move_now, None),
        crate::jobs::search::Purpose::Move => (t.move_now, Some((t.cancel, Action::CancelSearch))),
    };
    if ui.add_enabled(!stopping, egui::Button::new(now)).clicked() {
        actions.push(Action::MoveNow);
    }
    if let Some((label, action)) = stop
        && ui.button(label).clicked()
    {
        actions.push(action);
    }
}

/// A search's value as the thinking line tells it.
struct ValueView {
    /// The side the search is for; the value is its own.
    mover: Player,
    /// The person reading, told "you": the one asking for a hint, or the only human.
    viewer: Option<Player>,
    /// The best move so far.
    best: String,
    /// The searching side's cells minus the other side's after `depth` plies.
    value: i32,
    /// The deepest completed depth.
    depth: u32,
}

/// Who "you" is for a search: the side asking for a hint, or the only human seat.
fn viewer(app: &App, purpose: crate::jobs::search::Purpose) -> Option<Player> {
    let side = app.board().side_to_move();
    if purpose == crate::jobs::search::Purpose::Hint {
        return Some(side);
    }
    let humans: Vec<Player> = [Player::One, Player::Two]
        .into_iter()
        .filter(|p| !app.seat(*p).is_computer())
        .collect();
    match humans[..] {
        [only] => Some(only),
        _ => None,
    }
}

/// The value in words: "best l6: you are 11 cells behind with best play (estimate, depth 7)".
fn value_sentence(t: &Texts, names: &[String; 2], view: &ValueView) -> String {
    let (best, depth) = (&view.best, &view.depth);
    let amount = view.value.unsigned_abs();
    match view.viewer {
        _ if view.value == 0 => fill(t.value_even, &[best, depth]),
        Some(viewer) => {
            // The viewer's lead: the mover's value, or its opposite for the other side.
            let lead = if viewer == view.mover {
                view.value
            } else {
                -view.value
            };
            let template = if lead > 0 {
                t.value_you_ahead
            } else {
                t.value_you_behind
            };
            fill(template, &[best, &amount, depth])
        }
        None => {
            let template = if view.value > 0 {
                t.value_ahead
            } else {
                t.value_behind
            };
            fill(
                template,
                &[best, &names[view.mover.index()], &amount, depth],
            )
        }
    }
}

fn job_owner(app: &App) -> Player {
    app.board().side_to_move()
}

/// New game, Undo, Redo, Hint (for a game whose tools give hints), Resign, and with
/// `rematch` Rematch once the game has ended: the game buttons of every game's panel.
pub(crate) fn buttons_ui(app: &App, ui: &mut egui::Ui, actions: &mut Vec<Action>, rematch: bool) {
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
        if ui
            .add_enabled(app.can_hint(), egui::Button::new(t.hint))
            .clicked()
        {
            actions.push(Action::Hint);
        }
        if app.resigning_side().is_some() && ui.button(t.resign).clicked() {
            actions.push(Action::Resign);
        }
        if rematch && app.game_ended() && ui.button(t.rematch).clicked() {
            actions.push(Action::Rematch);
        }
    });
}

/// The move values' verdict on the position, while they are on: how many moves are
/// proved, bounded and estimated (issue 33.2) with a Stop button while they are being
/// worked on, the hovered cell's value in words, and the best move's estimate with its
/// depth, labelled as one. A proven margin (from the move values or anything else) is
/// told once, by the turn line, the same for every source; the heat map's colours are
/// then labelled as what they are.
fn live_ui(app: &App, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
    if !app.settings().heat_map {
        return;
    }
    let t = app.texts();
    let Some(values) = app.move_values() else {
        if app.move_values_running() {
            ui.label(RichText::new(t.live_thinking).small().weak());
        }
        return;
    };
    // What "-14" on a cell means (issue 32.9), whenever the numbers are on the board.
    ui.add(egui::Label::new(RichText::new(t.values_legend).small().weak()).wrap());
    live_progress_ui(app, &values, ui, actions);
    let (Some(best), Some(margin)) = (values.best(), values.margin()) else {
        return;
    };
    if values.solved() {
        return;
    }
    let depth = values.depth.map_or(0, |d| d + 1);
    if app.known_margin().is_some() {
        if values.counts().estimate > 0 {
            ui.label(
                RichText::new(fill(t.live_estimate, &[&depth]))
                    .small()
                    .weak(),
            );
        }
        return;
    }
    let names = app.player_names();
    // The same words as the computer's thinking line; "you" is the only human.
    let view = ValueView {
        mover: if values.mover == 0 {
            Player::One
        } else {
            Player::Two
        },
        viewer: viewer(app, crate::jobs::search::Purpose::Move),
        best: best.mv.clone(),
        value: if values.mover == 0 { margin } else { -margin },
        // The engine's depth after the move, plus the move itself.
        depth,
    };
    ui.label(RichText::new(value_sentence(t, &names, &view)).small());
}

/// The move values' progress (k of n moves proved, how many bounded and estimated)
/// while not every move is proved, the Stop button while they are worked on, and the
/// hovered cell's value in the words its accessible label has.
fn live_progress_ui(
    app: &App,
    values: &queens_engines::games::move_values::MoveValues,
    ui: &mut egui::Ui,
    actions: &mut Vec<Action>,
) {
    let t = app.texts();
    let counts = values.counts();
    if !values.solved() && counts.exact + counts.bound > 0 {
        let n = values.moves.len();
        let words = fill(
            t.values_progress,
            &[&counts.exact, &n, &counts.bound, &counts.estimate],
        );
        ui.add(egui::Label::new(RichText::new(words).small()).wrap());
    }
    if app.move_values_running() && ui.small_button(t.live_stop).clicked() {
        actions.push(Action::StopMoveValues);
    }
    if let Some(cell) = app.hovered()
        && let (Some(value), Some(loss)) =
            (values.of(&cell.to_string()), values.loss(&cell.to_string()))
    {
        let words = crate::jobs::move_values::value_words(t, loss, value.kind);
        ui.add(egui::Label::new(RichText::new(format!("{cell}: {words}")).small()).wrap());
    }
}

fn position_ui(app: &App, paste: &mut String, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
    let t = app.texts();
    ui.label(RichText::new(t.position).strong());
    // Readable and selectable: a position is read out, copied in parts, compared.
    ui.add(
        egui::Label::new(
            RichText::new(app.board().game_string())
                .monospace()
                .size(POSITION_TEXT_SIZE),
        )
        .wrap()
        .selectable(true),
    );
    ui.horizontal_wrapped(|ui| {
        if ui.button(t.copy_position).clicked() {
            actions.push(Action::CopyPosition);
        }
        copy_link_ui(app, ui, actions);
    });
    let edit = egui::TextEdit::multiline(paste)
        .hint_text(t.paste_here)
        .desired_rows(2)
        // The desired width excludes the field's inner margin (4 points a side).
        .desired_width(ui.available_width() - 8.0)
        .font(egui::TextStyle::Monospace);
    let response = ui.add(edit);
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, "game string"));
    if ui.button(t.paste_position).clicked() {
        actions.push(Action::PastePosition);
    }
}

/// Copy link, offered only where a page serving the browser build is known
/// ([`App::link_page`]); otherwise greyed, its hover saying why and what works instead.
pub(crate) fn copy_link_ui(app: &App, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
    let t = app.texts();
    let button = ui
        .add_enabled(app.link_page().is_some(), egui::Button::new(t.copy_link))
        .on_disabled_hover_text(t.no_web_page);
    if button.clicked() {
        actions.push(Action::CopyLink);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::texts;
    use crate::session::settings::Language;

    fn view(mover: Player, viewer: Option<Player>, value: i32) -> ValueView {
        ValueView {
            mover,
            viewer,
            best: "l6".into(),
            value,
            depth: 7,
        }
    }

    #[test]
    fn the_value_is_told_from_the_readers_side() {
        let t = texts(Language::English);
        let names = ["Ann".to_string(), "Computer (Medium)".to_string()];
        // The computer (P2) thinks and finds itself 11 cells up: the person is behind.
        assert_eq!(
            value_sentence(t, &names, &view(Player::Two, Some(Player::One), 11)),
            "best l6: you are 11 cells behind with best play (estimate, depth 7)"
        );
        // A hint for the person, who would be 3 cells down.
        assert_eq!(
            value_sentence(t, &names, &view(Player::One, Some(Player::One), -3)),
            "best l6: you are 3 cells behind with best play (estimate, depth 7)"
        );
        assert_eq!(
            value_sentence(t, &names, &view(Player::Two, Some(Player::One), -4)),
            "best l6: you are 4 cells ahead with best play (estimate, depth 7)"
        );
        // Two computers: by name.
        assert_eq!(
            value_sentence(t, &names, &view(Player::Two, None, 5)),
            "best l6: 5 cells ahead for Computer (Medium) with best play (estimate, depth 7)"
        );
        assert_eq!(
            value_sentence(t, &names, &view(Player::One, None, 0)),
            "best l6: level with best play (estimate, depth 7)"
        );
    }
}
