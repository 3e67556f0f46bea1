//! The "Table 2.4" window, for the game on screen whatever it is: depth and algorithm
//! choices, Run / Stop, the table (nodes and time per algorithm, the minimax / alpha-beta
//! ratio, whether the two found the same value, and on a queens position the thesis's
//! ratio for b = 40), a log-scale chart of the nodes (beside the thesis's figures on a
//! queens position), and the Excel export.

use super::{View, Window};
use crate::app::action::Action;
use crate::i18n::{Texts, fill};
use crate::jobs::table24::ALGORITHMS;
use crate::jobs::table24::Table24Panel;
use eframe::egui::Color32;
use eframe::egui::{self, RichText};
use egui_plot::{
    Corner, GridMark, Legend, Line, LineStyle, Plot, PlotPoints, Points, uniform_grid_spacer,
};
use queens_engines::ai::EngineKind;
use queens_engines::analysis::table24::{
    Entry, MAX_TABLE_DEPTH, THESIS_B40, thesis_applies, thesis_row,
};
use queens_engines::games::seam::AnyGame;
use std::path::PathBuf;

/// The accessible label of the chart (kittest finds it by this).
pub const CHART_LABEL: &str = "table 2.4 chart";

impl Window for Table24Panel {
    /// The window, when open. It measures the position on show of the game on screen
    /// (the reviewed one while reviewing).
    fn show(&mut self, ctx: &egui::Context, view: &View<'_>, _actions: &mut Vec<Action>) {
        window_ui(self, ctx, view);
    }

    fn shut_down(&mut self) {
        self.stop();
    }
}

fn window_ui(panel: &mut Table24Panel, ctx: &egui::Context, view: &View<'_>) {
    if !panel.open {
        return;
    }
    panel.poll();
    panel.keep_only_for(view.game);
    let t = view.texts;
    if panel.export_path.is_empty() {
        panel.export_path = view.saves_dir.join("table-2-4.xlsx").display().to_string();
    }
    let screen = ctx.content_rect();
    let mut open = panel.open;
    egui::Window::new(t.table24_title)
        .id(egui::Id::unique("table24_window"))
        .open(&mut open)
        .constrain_to(super::area(ctx))
        .default_size([screen.width().min(900.0), screen.height() * 0.8])
        .max_size(super::room(ctx))
        .resizable(true)
        .show(ctx, |ui| {
            // Both ways: with pvs the table is wider than a 640-pixel window.
            egui::ScrollArea::both()
                .id_salt("table24_scroll")
                .show(ui, |ui| body_ui(panel, view.game, ui, t));
        });
    panel.open = open;
    if panel.running() {
        ctx.request_repaint_after(std::time::Duration::from_millis(100));
    }
}

fn body_ui(panel: &mut Table24Panel, game: &dyn AnyGame, ui: &mut egui::Ui, t: &'static Texts) {
    let running = panel.running();
    let thesis = thesis_applies(game);
    ui.horizontal_wrapped(|ui| {
        ui.add_enabled_ui(!running, |ui| {
            ui.add(
                egui::Slider::new(&mut panel.max_depth, 1..=MAX_TABLE_DEPTH).text(t.table24_depth),
            );
            for (index, kind) in ALGORITHMS.iter().enumerate() {
                // An engine the game has not (pvs plays only queens) is offered greyed,
                // saying why, never measured as a column of refusals.
                let plays = game.plays(*kind);
                ui.add_enabled(
                    plays,
                    egui::Checkbox::new(&mut panel.chosen[index], kind.name()),
                )
                .on_disabled_hover_text(t.table24_not_played);
            }
        });
        let any = ALGORITHMS
            .iter()
            .zip(panel.chosen)
            .any(|(kind, on)| on && game.plays(*kind));
        if running {
            if ui.button(t.table24_stop).clicked() {
                panel.stop();
            }
        } else if ui
            .add_enabled(any, egui::Button::new(t.table24_run))
            .clicked()
        {
            // A prediction typed is judged against this run's deepest depth.
            panel.prediction = crate::jobs::table24::parse_ratio(&panel.prediction_text)
                .filter(|_| panel.chosen[0] && panel.chosen[1])
                .map(|value| crate::jobs::table24::Prediction {
                    depth: panel.max_depth,
                    value,
                    measured: None,
                });
            let ctx = ui.ctx().clone();
            panel.start(game, move || ctx.request_repaint());
        }
        if !any {
            ui.label(t.table24_none);
        }
    });
    let moves = game.legal_moves().len();
    let position = if thesis {
        t.table24_position
    } else {
        t.table24_position_any
    };
    ui.label(fill(position, &[&moves]));
    if let Some(why) = &panel.failed {
        ui.colored_label(ui.visuals().error_fg_color, why);
    }
    if running {
        ui.label(fill(
            t.table24_running,
            &[&panel.rows().len(), &panel.max_depth],
        ));
    }
    prediction_ui(panel, ui, t, running);
    ui.separator();
    table_ui(panel, ui, t, thesis);
    ui.label(RichText::new(t.table24_note).small());
    ui.separator();
    chart_ui(panel, ui, t, thesis);
    ui.separator();
    export_ui(panel, ui, t);
}

/// Predict, then measure (issue 22.4): the student types minimax's nodes over
/// alpha-beta's at the deepest depth before Run; the run's own ratio judges it.
fn prediction_ui(panel: &mut Table24Panel, ui: &mut egui::Ui, t: &Texts, running: bool) {
    if !(panel.chosen[0] && panel.chosen[1]) {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(fill(t.table24_predict, &[&panel.max_depth]));
        ui.add_enabled(
            !running,
            egui::TextEdit::singleline(&mut panel.prediction_text).desired_width(80.0),
        )
        .labelled_by(label.id);
    });
    let typed = panel.prediction_text.trim();
    if !typed.is_empty() && crate::jobs::table24::parse_ratio(typed).is_none() {
        ui.colored_label(ui.visuals().error_fg_color, t.table24_predict_bad);
    }
    if let Some(prediction) = panel.prediction
        && let (Some(measured), Some(factor), Some(right)) =
            (prediction.measured, prediction.factor(), prediction.right())
    {
        let shown = |value: f64| format!("{value:.1}");
        let text = if right {
            fill(
                t.table24_predict_right,
                &[
                    &shown(prediction.value),
                    &shown(measured),
                    &prediction.depth,
                ],
            )
        } else {
            fill(
                t.table24_predict_wrong,
                &[
                    &shown(prediction.value),
                    &shown(measured),
                    &prediction.depth,
                    &shown(factor),
                ],
            )
        };
        let colour = if right {
            ui.visuals().widgets.active.fg_stroke.color
        } else {
            ui.visuals().error_fg_color
        };
        ui.colored_label(colour, text);
    }
    if panel.predictions.1 > 0 {
        ui.label(
            RichText::new(fill(
                t.table24_predict_score,
                &[&panel.predictions.0, &panel.predictions.1],
            ))
            .small()
            .weak(),
        );
    }
}

/// The rows; the thesis's ratio column only beside a queens position (`thesis`).
fn table_ui(panel: &Table24Panel, ui: &mut egui::Ui, t: &Texts, thesis: bool) {
    let algorithms = panel.algorithms();
    if panel.rows().is_empty() {
        return;
    }
    egui::Grid::new("table24_grid")
        .striped(true)
        .spacing([14.0, 4.0])
        .show(ui, |ui| {
            ui.strong(t.table24_col_depth);
            for kind in algorithms {
                ui.strong(fill(t.table24_col_nodes, &[&kind.name()]));
                ui.strong(fill(t.table24_col_time, &[&kind.name()]));
            }
            ui.strong(t.table24_col_ratio);
            ui.strong(t.table24_col_same);
            if thesis {
                ui.strong(t.table24_col_thesis);
            }
            ui.end_row();
            for row in panel.rows() {
                ui.label(row.depth.to_string());
                for entry in &row.entries {
                    match entry {
                        Entry::Done(m) => {
                            ui.label(t.count(m.nodes));
                            ui.label(millis_text(m.elapsed));
                        }
                        Entry::Skipped { predicted } => {
                            ui.label(fill(t.table24_skipped, &[&t.count(*predicted)]));
                            ui.label("");
                        }
                        Entry::Stopped => {
                            ui.label(t.table24_stopped);
                            ui.label("");
                        }
                        Entry::NotPlayed { .. } => {
                            ui.label(t.table24_not_played);
                            ui.label("");
                        }
                    }
                }
                match row.ratio(algorithms) {
                    Some(ratio) => ui.label(format!("{ratio:.1}")),
                    None => ui.label("–"),
                };
                match row.values_agree(algorithms) {
                    Some(true) => ui.label(t.table24_same[0]),
                    Some(false) => ui.colored_label(ui.visuals().error_fg_color, t.table24_same[1]),
                    None => ui.label("–"),
                };
                if thesis {
                    match thesis_row(row.depth) {
                        Some(thesis) => ui.label(t.count(thesis.ratio as u64)),
                        None => ui.label("–"),
                    };
                }
                ui.end_row();
            }
        });
}

/// Milliseconds with two decimals below 10 ms (depth 1 takes microseconds), else one.
fn millis_text(elapsed: std::time::Duration) -> String {
    let ms = elapsed.as_secs_f64() * 1000.0;
    if ms < 10.0 {
        format!("{ms:.2}")
    } else {
        format!("{ms:.1}")
    }
}

/// Each algorithm's colour in the chart; the thesis's figures take a paler one of the
/// same hue (minimax red, alpha-beta blue), so a line and its thesis twin pair up.
fn colour_of(kind: EngineKind) -> Color32 {
    match kind.name() {
        "minimax" => Color32::from_rgb(210, 60, 50),
        "alphabeta" => Color32::from_rgb(40, 100, 210),
        _ => Color32::from_rgb(40, 160, 80),
    }
}

/// log10 of `n` (the chart's y), at least 0.
fn log10(n: u64) -> f64 {
    (n.max(1) as f64).log10()
}

/// The nodes per depth on a log scale; the thesis's dashed lines only beside a queens
/// position (`thesis`).
fn chart_ui(panel: &Table24Panel, ui: &mut egui::Ui, t: &Texts, thesis: bool) {
    let algorithms = panel.algorithms().to_vec();
    let rows = panel.rows();
    // The thesis's lines reach the depth asked for, so they show before a run too.
    let deepest = (rows.len() as u32).max(panel.max_depth).max(1);
    let series: Vec<(String, Color32, Vec<[f64; 2]>)> = algorithms
        .iter()
        .enumerate()
        .map(|(index, kind)| {
            let points = rows
                .iter()
                .filter_map(|row| {
                    let m = row.entries.get(index)?.measure()?;
                    Some([f64::from(row.depth), log10(m.nodes)])
                })
                .collect();
            (kind.name().to_string(), colour_of(*kind), points)
        })
        .collect();
    let thesis_line =
        |pick: fn(&queens_engines::analysis::table24::ThesisRow) -> u64| -> Vec<[f64; 2]> {
            THESIS_B40
                .iter()
                .filter(|row| thesis && row.depth <= deepest)
                .map(|row| [f64::from(row.depth), log10(pick(row))])
                .collect()
        };
    let thesis_minimax = thesis_line(|row| row.minimax);
    let thesis_alphabeta = thesis_line(|row| row.alphabeta);
    let caption = if thesis {
        t.table24_chart
    } else {
        t.table24_chart_any
    };
    ui.label(RichText::new(caption).small());
    let (minimax_name, alphabeta_name) = (t.table24_thesis_minimax, t.table24_thesis_alphabeta);
    // Shorter on a short screen, so the export row under it is in view at 640x480 without
    // scrolling (issue 19.12).
    let height = (ui.ctx().content_rect().height() * 0.3).clamp(110.0, 220.0);
    let response = nodes_plot(deepest, t.table24_col_depth, height).show(ui, move |plot_ui| {
        for (name, colour, points) in series {
            let line = Line::new(name.clone(), PlotPoints::from(points.clone()));
            plot_ui.line(line.color(colour).width(2.0));
            let dots = Points::new(name, PlotPoints::from(points));
            plot_ui.points(dots.color(colour).radius(3.5));
        }
        let pale = |kind| colour_of(kind).gamma_multiply(0.55);
        let dashed = |name, points: Vec<[f64; 2]>, kind| {
            Line::new(name, PlotPoints::from(points))
                .color(pale(kind))
                .style(LineStyle::dashed_loose())
        };
        if thesis {
            plot_ui.line(dashed(minimax_name, thesis_minimax, EngineKind::MINIMAX));
            plot_ui.line(dashed(
                alphabeta_name,
                thesis_alphabeta,
                EngineKind::ALPHABETA,
            ));
        }
    });
    response
        .response
        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, CHART_LABEL));
}

/// The chart's frame: depths 1 to `deepest` across (before a run too: an empty plot
/// would otherwise span -0.5..0.5, depths no search has), log10 of the nodes up with a
/// line and a label at every power of ten, fixed in place (no drag, zoom or scroll).
fn nodes_plot(deepest: u32, depth_label: &str, height: f32) -> Plot<'static> {
    Plot::new("table24_chart")
        .height(height)
        .legend(Legend::default().position(Corner::LeftTop))
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .include_y(0.0)
        .include_x(1.0)
        .include_x(f64::from(deepest))
        .x_axis_label(depth_label.to_string())
        .y_grid_spacer(uniform_grid_spacer(|_| [1.0, 2.0, 4.0]))
        .y_axis_formatter(|mark: GridMark, _range| {
            if mark.value.fract().abs() < 1e-9 {
                format!("1e{}", mark.value as i64)
            } else {
                String::new()
            }
        })
}

fn export_ui(panel: &mut Table24Panel, ui: &mut egui::Ui, t: &Texts) {
    ui.horizontal_wrapped(|ui| {
        super::workbook_target_ui(
            ui,
            t.table24_export_path,
            &mut panel.export_path,
            t.downloads_as,
        );
        let ready = panel.table.is_some() && !panel.running() && panel.export_job.is_none();
        if ui
            .add_enabled(ready, egui::Button::new(t.table24_export))
            .clicked()
        {
            start_export(panel, ui.ctx());
        }
        if panel.export_job.is_some() {
            ui.spinner();
        }
    });
    let answer = panel
        .export_job
        .as_mut()
        .and_then(|job| job.poll(t.fp_export_stopped));
    if let Some(answer) = answer {
        panel.export_job = None;
        panel.export_message = Some(match answer {
            Ok(path) => super::written_text(&path, t.table24_exported, t.downloaded),
            Err(error) => error,
        });
    }
    if let Some(message) = &panel.export_message {
        ui.label(message);
    }
}

/// Starts writing the last table to the chosen workbook in the background (the panel
/// shows the answer when it comes).
fn start_export(panel: &mut Table24Panel, ctx: &egui::Context) {
    let Some(table) = panel.table.clone() else {
        return;
    };
    let path = PathBuf::from(panel.export_path.trim());
    let repaint = ctx.clone();
    panel.export_message = None;
    panel.export_job = Some(crate::jobs::workbook::WorkbookJob::start(
        path,
        move |path| queens_store::export_table24(&table, path),
        move || repaint.request_repaint(),
    ));
}
