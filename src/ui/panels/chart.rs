//! The analysis chart: the margin with best play after every move (egui_plot), exact
//! values marked; a click on the chart shows the position after the nearest move.

use crate::analysis::Analysis;
use crate::ui::app::{Action, App};
use eframe::egui;
use egui_plot::{Line, Plot, PlotPoints, Points};

/// The accessible label of the chart (kittest finds it by this).
pub const CHART_LABEL: &str = "margin chart";

/// The margin after each move ([ply, margin]) and, separately, the exact ones; the
/// start position is ply 0.
fn series(analysis: &Analysis) -> (Vec<[f64; 2]>, Vec<[f64; 2]>) {
    let mut all = Vec::with_capacity(analysis.positions.len());
    let mut exact = Vec::new();
    for (ply, value) in analysis.positions.iter().enumerate() {
        let Some(value) = value else { continue };
        let point = [ply as f64, f64::from(value.margin)];
        all.push(point);
        if value.exact {
            exact.push(point);
        }
    }
    (all, exact)
}

/// The chart under the move list, when the game on screen has been analysed.
pub fn margin_chart_ui(app: &App, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
    let Some(analysis) = app.analysis() else {
        return;
    };
    let t = app.texts();
    let (all, exact) = series(analysis);
    let last = analysis.positions.len().saturating_sub(1);
    ui.label(egui::RichText::new(t.margin_chart).small());
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
            plot_ui.points(Points::new("exact", PlotPoints::from(exact)).radius(3.0));
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
            Some(PositionValue {
                margin,
                best: None,
                pv: Vec::new(),
                exact,
                depth: (!exact).then_some(3),
            })
        };
        let analysis = Analysis::from_positions(
            String::new(),
            &[],
            vec![None, value(4, false), value(6, true)],
        );
        let (all, exact) = series(&analysis);
        assert_eq!(all, vec![[1.0, 4.0], [2.0, 6.0]]);
        assert_eq!(exact, vec![[2.0, 6.0]]);
    }
}
