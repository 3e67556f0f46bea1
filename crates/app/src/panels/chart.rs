//! The analysis charts, drawn by one [`Chart`] (egui_plot): queens' margin with best
//! play after every move (proved values as dots, estimates as rings), and for every
//! other game with an exact solver the result with best play after every move (all
//! proved); a click on a chart shows the position after the nearest move.

use crate::app::{Action, App};
use crate::i18n::{Texts, fill};
use eframe::egui;
use egui_plot::{GridInput, GridMark, HoverPosition, Line, Plot, PlotPoints, Points};
use queens_engines::analysis::Analysis;

/// The accessible label of the chart (kittest finds it by this).
pub(crate) const CHART_LABEL: &str = "margin chart";

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

/// The step between the margin axis's labels: the smallest of 1, 2, 5, 10, 20, 50..
/// that puts at most 5 steps over `span` margins, so a chart from -20 to 20 is marked
/// every 10 and one from -3 to 4 every 2 (issue 32.9: one label, "10", was all there was).
fn y_step(span: f64) -> f64 {
    let mut step = 1.0;
    loop {
        for factor in [1.0, 2.0, 5.0] {
            if span / (step * factor) <= 5.0 {
                return step * factor;
            }
        }
        step *= 10.0;
    }
}

/// The margin axis's marks: every [`y_step`] in the range shown, 0 among them.
fn y_marks(input: GridInput) -> Vec<GridMark> {
    let (low, high) = input.bounds;
    let step = y_step((high - low).abs());
    let mut marks = Vec::new();
    let mut value = (low / step).ceil() * step;
    while value <= high {
        marks.push(GridMark {
            value,
            step_size: step,
        });
        value += step;
    }
    marks
}

/// The hover text at move `ply` of the chart: its margin and whether it is proved.
fn hover_text(t: &Texts, series: &Series, ply: usize) -> Option<String> {
    let x = ply as f64;
    let margin = series.all.iter().find(|p| p[0] == x)?[1];
    let kind = if series.exact.iter().any(|p| p[0] == x) {
        t.chart_proved
    } else {
        t.chart_estimate
    };
    Some(fill(t.chart_hover, &[&ply, &margin, &kind]))
}

/// The chart under the move list, when the queens game on screen has been analysed:
/// the margin in cells.
pub(crate) fn margin_chart_ui(app: &App, ui: &mut egui::Ui, actions: &mut Vec<Action>) {
    let Some(analysis) = app.analysis() else {
        return;
    };
    let t = app.texts();
    let shown = series(analysis);
    let hover_series = Series {
        all: shown.all.clone(),
        exact: shown.exact.clone(),
        estimates: Vec::new(),
    };
    ui.label(egui::RichText::new(t.margin_chart).small());
    // Filled dots are proved margins, rings the engine's estimates.
    if !shown.estimates.is_empty() {
        ui.label(egui::RichText::new(t.margin_chart_legend).small().weak());
    }
    let chart = Chart {
        id: "margin_chart",
        label: CHART_LABEL,
        names: [t.margin_chart, t.chart_proved, t.chart_estimate],
        last: analysis.positions.len().saturating_sub(1),
        marks: y_marks,
        axis: |value| format!("{}", value.round() as i64),
        include: None,
    };
    let clicked = chart.show(ui, shown, move |ply| hover_text(t, &hover_series, ply));
    actions.extend(clicked.map(Action::Review));
}

/// The accessible label of the proved analysis's chart.
pub(crate) const RESULT_CHART_LABEL: &str = "result chart";

/// P1's result with best play after every move of the analysis of a game won, drawn
/// or lost (the start is ply 0): its margins, 1 P1 wins, 0 a draw, -1 P2 wins; the
/// positions not proved are left out.
fn result_series(analysis: &Analysis) -> Series {
    let all: Vec<[f64; 2]> = analysis
        .positions
        .iter()
        .enumerate()
        .filter_map(|(ply, value)| {
            let value = value.as_ref().filter(|value| value.exact)?;
            Some([ply as f64, f64::from(value.margin)])
        })
        .collect();
    Series {
        exact: all.clone(),
        all,
        estimates: Vec::new(),
    }
}

/// The result axis's three marks.
fn result_marks(_input: GridInput) -> Vec<GridMark> {
    [-1.0, 0.0, 1.0]
        .map(|value| GridMark {
            value,
            step_size: 1.0,
        })
        .to_vec()
}

/// The chart of the analysis of a game won, drawn or lost (queens' chart is its
/// margin in cells): who wins with best play after every move, so the move that
/// gave a result away is the step in the line; a click shows the position there.
pub(crate) fn result_chart_ui(
    app: &App,
    analysis: &Analysis,
    ui: &mut egui::Ui,
    actions: &mut Vec<Action>,
) {
    let t = app.texts();
    let g = t.grid;
    let shown = result_series(analysis);
    if shown.all.is_empty() {
        return;
    }
    let points = shown.all.clone();
    ui.label(egui::RichText::new(g.result_chart).small());
    let chart = Chart {
        id: "result_chart",
        label: RESULT_CHART_LABEL,
        names: [g.result_chart, t.chart_proved, t.chart_estimate],
        last: analysis.positions.len().saturating_sub(1),
        marks: result_marks,
        axis: |value| {
            match value.round() as i64 {
                1 => "P1",
                -1 => "P2",
                _ => "=",
            }
            .to_string()
        },
        include: Some([-1.0, 1.0]),
    };
    let clicked = chart.show(ui, shown, move |ply| {
        let point = points.iter().find(|p| p[0] == ply as f64)?;
        let result = g.results[(point[1].round() as i64 + 1).clamp(0, 2) as usize];
        Some(fill(g.result_hover, &[&ply, &result]))
    });
    actions.extend(clicked.map(Action::Review));
}

/// One chart of values after every move (the margin, or the result), drawn the same
/// way for every analysis.
struct Chart {
    /// egui_plot's id.
    id: &'static str,
    /// The accessible label (kittest finds the chart by it).
    label: &'static str,
    /// The line's, the proved points' and the estimates' names.
    names: [&'static str; 3],
    /// The last ply on the chart.
    last: usize,
    /// The value axis's marks.
    marks: fn(GridInput) -> Vec<GridMark>,
    /// A mark's label.
    axis: fn(f64) -> String,
    /// Values the value axis always shows (the result chart's -1 and 1, so a game
    /// that never left a draw still shows who could have won); none for the margin.
    include: Option<[f64; 2]>,
}

impl Chart {
    /// Draws `series` (a hover at a ply says `hover`); the ply clicked, if any.
    fn show(
        self,
        ui: &mut egui::Ui,
        series: Series,
        hover: impl Fn(usize) -> Option<String> + 'static,
    ) -> Option<usize> {
        let Series {
            all,
            exact,
            estimates,
        } = series;
        let [line_name, proved_name, estimate_name] = self.names;
        let last = self.last;
        let axis_label = self.axis;
        // As wide as the panel leaves, no wider (a narrow window's panel must not grow):
        // the width egui_plot takes is its plotting area's, with the y-axis labels
        // beside it, so they get a fixed room that is taken off.
        let axis = 32.0;
        let width = (ui.available_width() - axis).max(60.0);
        let mut plot = Plot::new(self.id);
        if let Some([low, high]) = self.include {
            plot = plot.include_y(low).include_y(high);
        }
        let response = plot
            .width(width)
            .y_axis_min_width(axis)
            .height(130.0)
            .allow_drag(false)
            .allow_zoom(false)
            .allow_scroll(false)
            .allow_boxed_zoom(false)
            .allow_double_click_reset(false)
            .y_grid_spacer(self.marks)
            // Move numbers at readable steps (egui_plot's own marks left only "0").
            .x_grid_spacer(y_marks)
            .x_axis_formatter(|mark, _| format!("{}", mark.value.round() as i64))
            .y_axis_formatter(move |mark, _| axis_label(mark.value))
            .label_formatter(move |hover_at| {
                let position = match hover_at {
                    HoverPosition::NearDataPoint { position, .. } => position,
                    HoverPosition::Elsewhere { position } => position,
                };
                let ply = position.x.round().clamp(0.0, last as f64) as usize;
                hover(ply)
            })
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
        let label = self.label;
        response
            .response
            .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, label));
        response
            .inner
            .map(|point| point.x.round().clamp(0.0, last as f64) as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens_engines::analysis::PositionValue;

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
            &[],
            vec![None, value(4, false), value(6, true)],
            true,
        );
        let got = series(&analysis);
        assert_eq!(got.all, vec![[1.0, 4.0], [2.0, 6.0]]);
        assert_eq!(got.exact, vec![[2.0, 6.0]]);
        // The estimate is drawn apart (a ring), never as a proved dot.
        assert_eq!(got.estimates, vec![[1.0, 4.0]]);
    }

    #[test]
    fn the_result_line_steps_where_a_move_gave_the_result_away() {
        let game =
            queens_engines::games::game_string::read("game=tictactoe moves=a1,a2,b1,b2,c3,c2")
                .unwrap_or_else(|e| panic!("{e}"));
        let settings = queens_engines::analysis::AnalysisSettings {
            time: std::time::Duration::from_secs(60),
            threads: 1,
            hash_mb: 1,
            retry: std::time::Duration::ZERO,
        };
        let analysis =
            queens_engines::analysis::analyse(game.as_ref(), settings, &|| false, &mut |_, _| {})
                .unwrap_or_else(|e| panic!("{e}"));
        let shown = result_series(&analysis);
        // The start is a draw; O's a2 lost it (X wins); X's c3 gave the win away to O.
        let results: Vec<f64> = shown.all.iter().map(|p| p[1]).collect();
        assert_eq!(results, vec![0.0, 0.0, 1.0, 1.0, 1.0, -1.0, -1.0]);
        assert_eq!(shown.all.first().map(|p| p[0]), Some(0.0));
        assert_eq!(shown.exact, shown.all, "every point is proved");
        assert!(shown.estimates.is_empty());
    }

    /// Issue 32.9: the margin axis had one label. Readable steps, 0 marked, at least
    /// three labels over any range the chart can show.
    #[test]
    fn the_margin_axis_is_marked_at_readable_steps() {
        let marks = |low: f64, high: f64| -> Vec<f64> {
            y_marks(GridInput {
                bounds: (low, high),
                base_step_size: 0.1,
            })
            .into_iter()
            .map(|m| m.value)
            .collect()
        };
        assert_eq!(marks(-21.0, 21.0), vec![-20.0, -10.0, 0.0, 10.0, 20.0]);
        assert_eq!(marks(-3.5, 4.5), vec![-2.0, 0.0, 2.0, 4.0]);
        assert_eq!(marks(0.5, 1.5), vec![1.0]);
        for span in [3.0, 7.0, 13.0, 40.0, 90.0, 144.0] {
            let got = marks(-span / 2.0, span / 2.0);
            assert!((3..=6).contains(&got.len()), "{span}: {got:?}");
            assert!(got.contains(&0.0), "{span}: {got:?}");
        }
    }

    /// Issue 32.9: a hover says the move, its margin, and proved or estimate.
    #[test]
    fn the_hover_tells_move_margin_and_proof() {
        let t = crate::i18n::texts(crate::Language::English);
        let analysis = Analysis::from_positions(
            String::new(),
            &[],
            &[],
            vec![
                None,
                Some(queens_engines::analysis::PositionValue::estimate(
                    4,
                    (-20, 20),
                    None,
                    Vec::new(),
                    3,
                )),
                Some(queens_engines::analysis::PositionValue::proved(
                    -6,
                    None,
                    Vec::new(),
                )),
            ],
            true,
        );
        let shown = series(&analysis);
        assert_eq!(
            hover_text(t, &shown, 1).as_deref(),
            Some("move 1: margin 4 (P1 minus P2), estimate")
        );
        assert_eq!(
            hover_text(t, &shown, 2).as_deref(),
            Some("move 2: margin -6 (P1 minus P2), proved")
        );
        assert_eq!(hover_text(t, &shown, 0), None);
    }
}
