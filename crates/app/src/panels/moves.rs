//! The move list of the status panel: every move with what it gained and, once the game
//! is analysed, what it lost; the analysis's progress and each player's costliest
//! moves; the buttons that step through the game.

use crate::app::{Action, App, ReviewStep};
use crate::i18n::fill;
use crate::jobs::analysis::AnalysisProgress;
use crate::shell::theme::palette;
use eframe::egui::{self, RichText};
use queens_board::Player;

pub(super) fn moves_ui(app: &App, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
    let t = app.texts();
    // The heading and the review buttons share a line when both fit; in a narrow panel
    // (640x480, Vietnamese "Các nước đi") the buttons, laid out from the right, drew over
    // the heading, so they take the next line instead.
    let mut fits = true;
    ui.horizontal(|ui| {
        ui.label(RichText::new(t.moves).strong());
        fits = ui.available_width() >= review_buttons_width(ui);
        if fits {
            review_buttons_ui(app, ui, actions);
        }
    });
    if !fits {
        ui.horizontal(|ui| review_buttons_ui(app, ui, actions));
    }
    let history = app.board().history();
    if history.is_empty() {
        ui.label(RichText::new(t.no_moves_yet).weak());
        return;
    }
    analysis_status_ui(app, ui, actions);
    move_table_ui(app, ui, actions);
}

/// The moves as a table: number, player, cell, cells gained and, once analysed, loss.
fn move_table_ui(app: &App, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
    let t = app.texts();
    let history = app.board().history();
    let names = app.player_names();
    let analysis = app.analysis();
    let small_height = ui.text_style_height(&egui::TextStyle::Small);
    let row_height = ui
        .text_style_height(&egui::TextStyle::Body)
        .max(small_height)
        + 2.0;
    let list_height = (ui.available_height() * 0.5).max(120.0);
    // A solid scroll bar beside the rows, not one floating over the last column: it
    // clipped the Loss column's marks ("-4?" for "-4?!", issue 32.10).
    ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
    // A table, not a Grid in a ScrollArea: its header stays above the rows that scroll
    // (and stick to the newest move), with one set of column widths for both; the grid's
    // header scrolled away with the rows and was half hidden (issue 19.13).
    let scroll_to = newly_reviewed_row(app, ui);
    let mut table = egui_extras::TableBuilder::new(ui)
        .id_salt("moves")
        .striped(true)
        .stick_to_bottom(true)
        .max_scroll_height(list_height)
        .cell_layout(egui::Layout::left_to_right(egui::Align::Center))
        .column(egui_extras::Column::auto())
        // Names by level are long ("Computer (Medium)"): the name column takes what is
        // left and gives way (cut with "…"), so the list fits a 640x480 window's panel.
        .column(egui_extras::Column::remainder().at_least(30.0).clip(true))
        .column(egui_extras::Column::auto())
        .column(egui_extras::Column::auto());
    if analysis.is_some() {
        table = table.column(egui_extras::Column::auto());
    }
    if let Some(row) = scroll_to {
        table = table.scroll_to_row(row, Some(egui::Align::Center));
    }
    table
        .header(small_height + 4.0, |mut header| {
            let mut heading = |text: &str| {
                header.col(|ui| {
                    ui.add(egui::Label::new(RichText::new(text).small()).selectable(false));
                });
            };
            heading(t.col_number);
            heading(t.col_player);
            heading(t.col_cell);
            heading(t.col_gained);
            if analysis.is_some() {
                heading(t.col_loss);
            }
        })
        .body(|mut body| {
            for (index, record) in history.iter().enumerate() {
                body.row(row_height, |mut row| {
                    move_row_ui(app, &mut row, index, record, &names, actions);
                });
            }
        });
}

/// One move's row: its number, player, cell, cells gained and, once analysed, loss;
/// the whole row is a click target that shows the position after it.
fn move_row_ui(
    app: &App,
    row: &mut egui_extras::TableRow<'_, '_>,
    index: usize,
    record: &queens_board::MoveRecord,
    names: &[String; 2],
    actions: &mut Vec<Action>,
) {
    let colours = palette(app.settings().dark);
    let analysis = app.analysis();
    let player = Player::at_ply(index);
    let plain = |text: RichText| egui::Label::new(text).selectable(false);
    let ply = index + 1;
    let selected = app.reviewing() == Some(ply);
    row.set_selected(selected);
    let (first, _) = row.col(|ui| {
        ui.add(plain(format!("{ply}.").into()));
    });
    row.col(|ui| {
        ui.add(
            plain(RichText::new(&names[player.index()]).color(colours.queen_of(player))).truncate(),
        );
    });
    row.col(|ui| {
        ui.add(plain(record.cell.to_string().into()));
    });
    let target = RowTarget {
        first,
        ply,
        selected,
    };
    row.col(|ui| {
        ui.add(plain(format!("+{}", record.claims.count()).into()));
        if analysis.is_none() {
            target.ui(ui, actions);
        }
    });
    if let Some(analysis) = analysis {
        row.col(|ui| {
            loss_cell_ui(app, analysis, ply, ui);
            target.ui(ui, actions);
        });
    }
}

/// The row to scroll to: the reviewed move's, once when the review moves to it, so
/// |< brings move 1 into view (issue 32.9: the list stuck to its newest rows) while
/// the list still scrolls freely by hand in between.
fn newly_reviewed_row(app: &App, ui: &egui::Ui) -> Option<usize> {
    let id = egui::Id::unique("moves_scrolled_to");
    let shown = app.reviewing();
    let before = ui.data(|data| data.get_temp::<Option<usize>>(id));
    if before == Some(shown) {
        return None;
    }
    ui.data_mut(|data| data.insert_temp(id, shown));
    shown.map(|ply| ply.saturating_sub(1))
}

/// A move-list row as one click target: it shows the position after the move.
///
/// The row is sensed here, over the text from the first cell to the last, rather than
/// by the table: egui_extras 0.37 stretches a sensing cell's response past its column by
/// its content's width (past the window's edge in the last column, and off the row a
/// click by accessible label aims at).
struct RowTarget {
    /// The text of the row's first cell.
    first: egui::Rect,
    ply: usize,
    selected: bool,
}

impl RowTarget {
    /// Senses the row from inside its last cell (after its content, so the row is on
    /// top), outlines it under the pointer and reviews its move on a click.
    fn ui(&self, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
        let rect = self
            .first
            .union(ui.min_rect())
            .expand2(egui::vec2(3.0, 1.0));
        let row = ui.interact(
            rect,
            ui.scope_id().with(("move", self.ply)),
            egui::Sense::click(),
        );
        let label = format!("move {}", self.ply);
        row.widget_info(|| {
            egui::WidgetInfo::selected(egui::Role::Button, true, self.selected, &label)
        });
        if row.hovered() {
            let stroke = ui.visuals().widgets.hovered.bg_stroke;
            ui.painter()
                .rect_stroke(rect, 3.0, stroke, egui::StrokeKind::Inside);
        }
        if row.clicked() {
            actions.push(Action::Review(self.ply));
        }
    }
}

/// The loss of move `ply` as the analysis judged it; blank for a move it did not reach
/// (it was stopped), in italics when only bounds are proved.
fn loss_cell_ui(
    app: &App,
    analysis: &queens_engines::analysis::Analysis,
    ply: usize,
    ui: &mut egui::Ui,
) {
    use crate::jobs::analysis::{colour_of, loss_label, loss_sentence, loss_text};
    let Some(judged) = analysis.moves.iter().find(|m| m.ply == ply) else {
        return;
    };
    let mut text =
        RichText::new(loss_text(judged)).color(colour_of(judged.class, app.settings().dark));
    if judged.loss.is_none() {
        text = text.italics();
    }
    let cell = ui.add(egui::Label::new(text).selectable(false));
    let label = format!("loss of move {ply}: {}", loss_label(judged));
    cell.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &label));
    cell.on_hover_text(loss_sentence(app.texts(), judged));
}

/// The analysis's progress with Cancel while it runs; each player's totals after.
fn analysis_status_ui(app: &App, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
    let t = app.texts();
    if let Some(job) = app.analysis_job() {
        let (done, total, text) = match job.progress() {
            AnalysisProgress::Positions { done, total } => (done, total, t.analysing),
            AnalysisProgress::SecondLook { done, unproved } => (done, unproved, t.second_look),
        };
        // The bar takes the panel's width: at 120 points its text was cut off
        // ("Analysing: 7 of 9 p", "Second look: 1 of 2").
        ui.add(
            egui::ProgressBar::new(done as f32 / total.max(1) as f32)
                .text(crate::i18n::fill(text, &[&done, &total])),
        );
        if ui
            .add_enabled(!job.cancelled(), egui::Button::new(t.cancel_analysis))
            .clicked()
        {
            actions.push(Action::CancelAnalysis);
        }
        return;
    }
    let Some(analysis) = app.analysis() else {
        return;
    };
    let names = app.player_names();
    for (summary, name) in analysis.players.iter().zip(&names) {
        ui.label(
            RichText::new(crate::i18n::fill(
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
    analysis: &queens_engines::analysis::Analysis,
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
            let better = m.best.as_ref().filter(|_| m.better_proved);
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
            let selected = app.compared_move().is_some() && app.reviewing() == Some(m.ply - 1);
            let mut text = RichText::new(text)
                .small()
                .color(crate::jobs::analysis::colour_of(
                    m.class,
                    app.settings().dark,
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

/// How wide [`review_buttons_ui`] draws its four buttons, spacing included.
fn review_buttons_width(ui: &egui::Ui) -> f32 {
    let spacing = ui.spacing();
    let font = egui::TextStyle::Monospace.resolve(ui.style());
    let texts = REVIEW_BUTTON_TEXTS.iter();
    texts
        .map(|text| {
            let galley =
                ui.painter()
                    .layout_no_wrap(text.to_string(), font.clone(), egui::Color32::WHITE);
            galley.size().x + 2.0 * spacing.button_padding.x + spacing.item_spacing.x
        })
        .sum()
}

/// The review buttons' faces, first to last.
const REVIEW_BUTTON_TEXTS: [&str; 4] = ["|<", "<", ">", ">|"];

/// |< < > >|: the first position, a move back, a move on, the current position.
fn review_buttons_ui(app: &App, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
    let t = app.texts();
    let last = app.board().ply();
    let shown = app.reviewing().unwrap_or(last);
    let buttons = [
        (
            REVIEW_BUTTON_TEXTS[0],
            t.review_first,
            ReviewStep::First,
            shown > 0,
        ),
        (
            REVIEW_BUTTON_TEXTS[1],
            t.review_back,
            ReviewStep::Back,
            shown > 0,
        ),
        (
            REVIEW_BUTTON_TEXTS[2],
            t.review_forward,
            ReviewStep::Forward,
            shown < last,
        ),
        (
            REVIEW_BUTTON_TEXTS[3],
            t.review_last,
            ReviewStep::Last,
            shown < last,
        ),
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
