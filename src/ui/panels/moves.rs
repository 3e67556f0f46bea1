//! The move list of the status panel: every move with what it gained and, once the game
//! is analysed, what it lost; the analysis's progress and each player's costliest
//! moves; the buttons that step through the game.

use crate::board::Player;
use crate::ui::app::{Action, App, ReviewStep};
use crate::ui::i18n::fill;
use crate::ui::shell::theme::palette;
use eframe::egui::{self, RichText};

pub(super) fn moves_ui(app: &App, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
    let t = app.texts();
    ui.horizontal(|ui| {
        ui.label(RichText::new(t.moves).strong());
        review_buttons_ui(app, ui, actions);
    });
    let history = app.game.board.history();
    if history.is_empty() {
        ui.label(RichText::new(t.no_moves_yet).weak());
        return;
    }
    let names = app.player_names();
    let colours = palette(app.settings.dark);
    analysis_status_ui(app, ui, actions);
    let analysis = app.analysis();
    egui::ScrollArea::vertical()
        .id_salt("moves")
        .max_height((ui.available_height() * 0.5).max(120.0))
        .stick_to_bottom(true)
        .show(ui, |ui| {
            // Names by level are long ("Computer (Medium)"): the name column gives way
            // (cut with "…") so the list fits a narrow panel.
            // The loss column of an analysed game takes its share too.
            let others = if analysis.is_some() { 175.0 } else { 130.0 };
            let name_width = (ui.available_width() - others).max(30.0);
            egui::Grid::new("move_list")
                .num_columns(if analysis.is_some() { 5 } else { 4 })
                // egui's least column width (a button's, 40 points) times five columns
                // is wider than a 640x480 window's panel, which then grew past the
                // window's edge and was cut on its left (issue 19.12): the columns are as
                // narrow as their text.
                .min_col_width(0.0)
                .max_col_width(name_width)
                .striped(true)
                .show(ui, |ui| {
                    ui.label(RichText::new(t.col_number).small());
                    ui.label(RichText::new(t.col_player).small());
                    ui.label(RichText::new(t.col_cell).small());
                    ui.label(RichText::new(t.col_gained).small());
                    if analysis.is_some() {
                        ui.label(RichText::new(t.col_loss).small());
                    }
                    ui.end_row();
                    for (index, record) in history.iter().enumerate() {
                        let player = Player::at_ply(index);
                        let plain = |text: RichText| egui::Label::new(text).selectable(false);
                        // The row's highlight goes under its text: reserve its place first.
                        let background = ui.painter().add(egui::Shape::Noop);
                        let first = ui.add(plain(format!("{}.", index + 1).into()));
                        ui.add(
                            plain(
                                RichText::new(&names[player.index()])
                                    .color(colours.queen_of(player)),
                            )
                            .truncate(),
                        );
                        ui.add(plain(record.cell.to_string().into()));
                        let mut last = ui.add(plain(format!("+{}", record.claims.count()).into()));
                        if let Some(analysis) = analysis {
                            // A move the analysis did not reach (it was stopped) stays blank.
                            let judged = analysis.moves.iter().find(|m| m.ply == index + 1);
                            let text = judged.map_or_else(RichText::default, |m| {
                                let text = RichText::new(crate::ui::jobs::analysis::loss_text(m))
                                    .color(crate::ui::jobs::analysis::colour_of(
                                        m.class,
                                        app.settings.dark,
                                    ));
                                // A loss not proved is marked as such: only bounds or "?".
                                if m.loss.is_none() {
                                    text.italics()
                                } else {
                                    text
                                }
                            });
                            let mut cell = ui.add(plain(text));
                            if let Some(m) = judged {
                                let label = format!(
                                    "loss of move {}: {}",
                                    index + 1,
                                    crate::ui::jobs::analysis::loss_label(m)
                                );
                                cell.widget_info(|| {
                                    egui::WidgetInfo::labeled(egui::Role::Label, true, &label)
                                });
                                cell = cell
                                    .on_hover_text(crate::ui::jobs::analysis::loss_sentence(t, m));
                            }
                            last = cell;
                        }
                        // The whole row is one target: it shows the position after the move.
                        let selected = app.review == Some(index + 1);
                        let rect = first.rect.union(last.rect).expand2(egui::vec2(3.0, 1.0));
                        let row = ui.interact(
                            rect,
                            ui.scope_id().with(("move", index)),
                            egui::Sense::click(),
                        );
                        let label = format!("move {}", index + 1);
                        row.widget_info(|| {
                            egui::WidgetInfo::selected(egui::Role::Button, true, selected, &label)
                        });
                        if selected || row.hovered() {
                            let visuals = ui.visuals();
                            let fill = if selected {
                                visuals.selection.bg_fill
                            } else {
                                visuals.widgets.hovered.weak_bg_fill
                            };
                            ui.painter()
                                .set(background, egui::Shape::rect_filled(rect, 3.0, fill));
                        }
                        if row.clicked() {
                            actions.push(Action::Review(index + 1));
                        }
                        ui.end_row();
                    }
                });
        });
}

/// The analysis's progress with Cancel while it runs; each player's totals after.
fn analysis_status_ui(app: &App, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
    let t = app.texts();
    if let Some(job) = &app.analysis_job {
        let (done, total) = job.progress();
        ui.horizontal(|ui| {
            ui.add(
                egui::ProgressBar::new(done as f32 / total.max(1) as f32)
                    .desired_width(120.0)
                    .text(crate::ui::i18n::fill(t.analysing, &[&done, &total])),
            );
            if ui
                .add_enabled(!job.cancelled(), egui::Button::new(t.cancel_analysis))
                .clicked()
            {
                actions.push(Action::CancelAnalysis);
            }
        });
        return;
    }
    let Some(analysis) = app.analysis() else {
        return;
    };
    let names = app.player_names();
    for (summary, name) in analysis.players.iter().zip(&names) {
        ui.label(
            RichText::new(crate::ui::i18n::fill(
                t.analysis_totals,
                &[name, &summary.loss, &summary.accuracy],
            ))
            .small(),
        );
        if summary.unproved > 0 {
            ui.label(
                RichText::new(fill(t.analysis_unproved, &[&summary.unproved]))
                    .small()
                    .italics()
                    .weak(),
            );
        }
    }
    if !analysis.complete {
        ui.label(RichText::new(t.analysis_partial).small().weak());
    }
    worst_moves_ui(app, analysis, ui, actions);
}

/// How many of each player's costliest moves are listed.
const WORST_MOVES_SHOWN: usize = 3;

/// Each player's costliest moves with the better move; a click shows the position
/// before the move with both marked on the board.
fn worst_moves_ui(
    app: &App,
    analysis: &crate::analysis::Analysis,
    ui: &mut egui::Ui,
    actions: &mut Vec<Action>,
) {
    let t = app.texts();
    let names = app.player_names();
    ui.label(RichText::new(t.worst_moves).small().strong());
    for (player, name) in [1u8, 2].into_iter().zip(&names) {
        let worst = analysis.worst_moves(player, WORST_MOVES_SHOWN);
        if worst.is_empty() {
            ui.label(
                RichText::new(fill(t.worst_move_none, &[name]))
                    .small()
                    .weak(),
            );
            continue;
        }
        // One entry a line, cut with "…" rather than widening a narrow panel.
        ui.label(RichText::new(name).small());
        for m in worst {
            // Only a proved loss, or its proved lower bound ("at least"); the better move
            // only when it is proved to keep more.
            let better = m.best.filter(|_| m.better_proved);
            let text = match (m.loss, better) {
                (Some(loss), Some(better)) => {
                    fill(t.worst_move, &[&m.ply, &m.played, &loss, &better])
                }
                (Some(loss), None) => fill(t.worst_move_alone, &[&m.ply, &m.played, &loss]),
                (None, Some(better)) => fill(
                    t.worst_move_at_least,
                    &[&m.ply, &m.played, &m.loss_lower, &better],
                ),
                (None, None) => fill(
                    t.worst_move_at_least_alone,
                    &[&m.ply, &m.played, &m.loss_lower],
                ),
            };
            let selected = app.compared_move().is_some() && app.review == Some(m.ply - 1);
            let mut text = RichText::new(text)
                .small()
                .color(crate::ui::jobs::analysis::colour_of(
                    m.class,
                    app.settings.dark,
                ));
            if m.loss.is_none() {
                text = text.italics();
            }
            let button =
                egui::Button::selectable(selected, text).wrap_mode(egui::TextWrapMode::Truncate);
            if ui.add(button).clicked() {
                actions.push(Action::ShowWorstMove(m.ply));
            }
        }
    }
}

/// |< < > >|: the first position, a move back, a move on, the current position.
fn review_buttons_ui(app: &App, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
    let t = app.texts();
    let last = app.game.board.ply();
    let shown = app.review.unwrap_or(last);
    let buttons = [
        ("|<", t.review_first, ReviewStep::First, shown > 0),
        ("<", t.review_back, ReviewStep::Back, shown > 0),
        (">", t.review_forward, ReviewStep::Forward, shown < last),
        (">|", t.review_last, ReviewStep::Last, shown < last),
    ];
    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
        // Right to left: the last button first.
        for (text, help, step, enabled) in buttons.into_iter().rev() {
            let button = egui::Button::new(RichText::new(text).monospace());
            if ui
                .add_enabled(enabled, button)
                .on_hover_text(help)
                .clicked()
            {
                actions.push(Action::ReviewStep(step));
            }
        }
    });
}
