//! The analysis chart: the margin with best play after every move (egui_plot), proved
//! values as dots and estimates as rings; a click on the chart shows the position after the nearest move.

use crate::analysis::Analysis;
use crate::ui::app::{Action, App};
use eframe::egui;
use egui_plot::{Line, Plot, PlotPoints, Points};

/// The accessible label of the chart (kittest finds it by this).
pub const CHART_LABEL: &str = "margin chart";

/// The margins of a chart: the line through every position analysed ([ply, margin],
/// the start position is ply 0), and its points split into proved and estimated ones.
#[derive(Debug, Default, PartialEq)]
struct Series {
    all: Vec<[f64; 2]>,
    exact: Vec<[f64; 2]>,
    estimates: Vec<[f64; 2]>,
}

fn series(analysis: &Analysis) -> Series {
    let mut series = Series::default();
    for (ply, value) in analysis.positions.iter().enumerate() {
        let Some(value) = value else { continue };
        let point = [ply as f64, f64::from(value.margin)];
        series.all.push(point);
        if value.exact {
            series.exact.push(point);
        } else {
            series.estimates.push(point);
        }
    }
    series
}

/// The chart under the move list, when the game on screen has been analysed.
pub fn margin_chart_ui(app: &App, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
    let Some(analysis) = app.analysis() else {
        return;
    };
    let t = app.texts();
    let Series {
        all,
        exact,
        estimates,
    } = series(analysis);
    let last = analysis.positions.len().saturating_sub(1);
    ui.label(egui::RichText::new(t.margin_chart).small());
    // Filled dots are proved margins, rings the engine's estimates.
    if !estimates.is_empty() {
        ui.label(egui::RichText::new(t.margin_chart_legend).small().weak());
    }
    let (proved_name, estimate_name) = (t.chart_proved, t.chart_estimate);
    let line_name = t.margin_chart;
    // As wide as the panel leaves, no wider (a narrow window's panel must not grow):
    // the width egui_plot takes is its plotting area's, with the y-axis labels beside
    // it, so they get a fixed room that is taken off.
    let axis = 32.0;
    let width = (ui.available_width() - axis).max(60.0);
    let response = Plot::new("margin_chart")
        .width(width)
        .y_axis_min_width(axis)
        .height(130.0)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .allow_double_click_reset(false)
        .show(ui, move |plot_ui| {
            plot_ui.line(Line::new(line_name, PlotPoints::from(all)));
            plot_ui.points(Points::new(proved_name, PlotPoints::from(exact)).radius(3.0));
            plot_ui.points(
                Points::new(estimate_name, PlotPoints::from(estimates))
                    .radius(3.0)
                    .filled(false),
            );
            if plot_ui.response().clicked() {
                plot_ui.pointer_coordinate()
            } else {
                None
            }
        });
    response
        .response
        .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, CHART_LABEL));
    if let Some(point) = response.inner {
        let ply = point.x.round().clamp(0.0, last as f64) as usize;
        actions.push(Action::Review(ply));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::PositionValue;

    #[test]
    fn exact_points_are_a_subset_and_missing_positions_are_left_out() {
        let value = |margin, exact| {
            Some(if exact {
                PositionValue::proved(margin, None, Vec::new())
            } else {
                PositionValue::estimate(margin, (-20, 20), None, Vec::new(), 3)
            })
        };
        let analysis = Analysis::from_positions(
            String::new(),
            &[],
            vec![None, value(4, false), value(6, true)],
        );
        let got = series(&analysis);
        assert_eq!(got.all, vec![[1.0, 4.0], [2.0, 6.0]]);
        assert_eq!(got.exact, vec![[2.0, 6.0]]);
        // The estimate is drawn apart (a ring), never as a proved dot.
        assert_eq!(got.estimates, vec![[1.0, 4.0]]);
    }
}
