//! The step table's text: what each step did and why, in the user's language. The table
//! on screen and the Excel export both read these rows, so they always say the same.

use super::model::LabModel;
use super::texts::LabTexts;
use crate::i18n::fill;
use queens_engines::ai::tree::lab::{Event, INF, SearchKind, Step, Window};
use queens_store::{StepCell, StepRow, StepTable};

/// A bound as the documents write it: a number, or -∞ / +∞.
pub(crate) fn bound_text(value: i32) -> String {
    if value >= INF {
        "+∞".to_string()
    } else if value <= -INF {
        "-∞".to_string()
    } else {
        value.to_string()
    }
}

/// A window as `[alpha, beta]`.
pub(crate) fn window_text(window: Window) -> String {
    format!(
        "[{}, {}]",
        bound_text(window.alpha),
        bound_text(window.beta)
    )
}

fn numbers_text(model: &LabModel, nodes: &[usize]) -> String {
    nodes
        .iter()
        .map(|&node| model.numbers[node].to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// What step `step` did, e.g. "child 5 = 3, new best".
pub(crate) fn event_text(model: &LabModel, t: &LabTexts, step: &Step) -> String {
    match &step.event {
        Event::Enter { search } => match search {
            SearchKind::Full => t.ev_enter.to_string(),
            SearchKind::Scout => t.ev_scout.to_string(),
            SearchKind::Research => t.ev_research.to_string(),
        },
        Event::Eval { value } => fill(t.ev_eval, &[value]),
        Event::Update {
            child,
            child_value,
            improved,
        } => {
            let template = if *improved {
                t.ev_update_better
            } else {
                t.ev_update_not
            };
            fill(template, &[&model.numbers[*child], child_value])
        }
        Event::Scout {
            child, child_value, ..
        } => fill(t.ev_test, &[&model.numbers[*child], child_value]),
        Event::Cut { skipped } => fill(t.ev_cut, &[&numbers_text(model, skipped)]),
        Event::Return { value } => fill(t.ev_return, &[value]),
    }
}

/// Why step `step` happened, for cuts, NegaScout's tests and new bests; else empty.
pub(crate) fn reason_text(model: &LabModel, t: &LabTexts, step: &Step) -> String {
    let Some(window) = step.window else {
        return String::new();
    };
    let max = model.is_max[step.node];
    let (alpha, beta) = (bound_text(window.alpha), bound_text(window.beta));
    match &step.event {
        Event::Cut { .. } => {
            let template = if max { t.why_cut_max } else { t.why_cut_min };
            fill(template, &[&alpha, &beta])
        }
        Event::Scout {
            child,
            child_value,
            better,
        } => {
            let leaf = model.tree.leaf_value(*child).is_some();
            let template = match (*better, leaf, max) {
                (true, false, true) => t.why_test_better_max,
                (true, false, false) => t.why_test_better_min,
                (true, true, true) => t.why_test_exact_max,
                (true, true, false) => t.why_test_exact_min,
                (false, _, true) => t.why_test_not_max,
                (false, _, false) => t.why_test_not_min,
            };
            let child = model.numbers[*child];
            fill(template, &[&alpha, &beta, &child, child_value])
        }
        Event::Update { improved: true, .. } => {
            let template = if max {
                t.why_new_best_max
            } else {
                t.why_new_best_min
            };
            fill(template, &[&alpha, &beta])
        }
        _ => String::new(),
    }
}

fn cell_of(value: Option<i32>) -> StepCell {
    match value {
        None => StepCell::Blank,
        Some(v) if v.abs() >= INF => StepCell::Text(bound_text(v)),
        Some(v) => StepCell::Number(i64::from(v)),
    }
}

/// The whole step table, for the workbook.
pub(crate) fn step_table(
    model: &LabModel,
    t: &LabTexts,
    about: Vec<(String, String)>,
) -> StepTable {
    let rows = model
        .trace
        .steps
        .iter()
        .enumerate()
        .map(|(index, step)| StepRow {
            step: index as u32 + 1,
            node: model.numbers[step.node],
            event: event_text(model, t, step),
            alpha: cell_of(step.window.map(|w| w.alpha)),
            beta: cell_of(step.window.map(|w| w.beta)),
            value: cell_of(step.value),
            evaluations: step.evaluations,
            reason: reason_text(model, t, step),
        })
        .collect();
    StepTable {
        headers: column_titles(t).map(str::to_string),
        rows,
        about,
    }
}

/// The step table's column titles, in order; the reason is last.
pub(crate) fn column_titles(t: &LabTexts) -> [&'static str; 8] {
    [
        t.col_step,
        t.col_node,
        t.col_event,
        t.col_alpha,
        t.col_beta,
        t.col_value,
        t.col_evals,
        t.col_reason,
    ]
}
