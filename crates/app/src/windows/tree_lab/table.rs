//! The step table beside the tree, like the documents' tables: step, node, event, alpha,
//! beta, value, evaluations, and why. Only the rows in view are laid out, the current
//! row is highlighted and kept in view, and a click on a row jumps there.

use super::TreeLab;
use super::model::LabModel;
use super::rows::{bound_text, column_titles, event_text, reason_text};
use super::texts::LabTexts;
use crate::i18n::fill;
use eframe::egui::{self, Color32, RichText};

/// Column widths (the last, the reason, takes what is left).
const WIDTHS: [f32; 7] = [36.0, 38.0, 150.0, 40.0, 40.0, 44.0, 70.0];

/// The narrowest reason column worth showing; below it each row's reason goes on a second
/// line under its columns.
const MIN_REASON_WIDTH: f32 = 120.0;

/// The most of a table's width the event column takes: the reason needs the rest.
const EVENT_SHARE: f32 = 0.4;

/// The columns' widths in a table `available` wide whose longest event is `event` wide:
/// the fixed widths (the event's as wide as that event, within [`EVENT_SHARE`]), scaled
/// down when they do not fit, and whether the reason has room as a column after them
/// (else it takes a line of its own in each row).
fn fitted_widths(available: f32, spacing: f32, event: f32) -> ([f32; 7], bool) {
    let gaps = spacing * WIDTHS.len() as f32;
    let mut wanted = WIDTHS;
    wanted[2] = event.min(available * EVENT_SHARE).max(WIDTHS[2]);
    let fixed: f32 = wanted.iter().sum();
    let scale = ((available - gaps) / fixed).clamp(0.4, 1.0);
    let widths = wanted.map(|w| w * scale);
    let reason_room = available - gaps - widths.iter().sum::<f32>();
    (widths, reason_room >= MIN_REASON_WIDTH)
}

/// The scroll offset that centres row `row` of `rows` (each `pitch` high) in a view
/// `view` high, within the scrollable range: an offset past the end draws the rows
/// above the view, and the table looked empty until scrolled (issue 19.11).
fn scroll_offset(row: usize, rows: usize, pitch: f32, view: f32) -> f32 {
    let most = (rows as f32 * pitch - view).max(0.0);
    (row as f32 * pitch + pitch / 2.0 - view / 2.0).clamp(0.0, most)
}

/// The width of the longest event this trace can write (issue 38.15: "con 66 = 22,
/// không tốt ..." was cut at a fixed 150 points): each kind of event with the tree's
/// widest node number and value. A cut's list of skipped nodes has no bound; a row
/// whose event is still cut shows it whole on hover.
fn widest_event(ui: &egui::Ui, lab: &TreeLab, t: &LabTexts) -> f32 {
    let model = &lab.model;
    let number = model.numbers.iter().max().copied().unwrap_or(0).to_string();
    let value = (0..model.tree.node_count())
        .filter_map(|node| model.tree.leaf_value(node))
        .map(|value| value.to_string())
        .max_by_key(String::len)
        .unwrap_or_default();
    let events = [
        t.ev_enter.to_string(),
        t.ev_scout.to_string(),
        t.ev_research.to_string(),
        fill(t.ev_eval, &[&value]),
        fill(t.ev_update_better, &[&number, &value]),
        fill(t.ev_update_not, &[&number, &value]),
        fill(t.ev_test, &[&number, &value]),
        fill(t.ev_return, &[&value]),
    ];
    events
        .into_iter()
        .map(|event| text_width(ui, event))
        .fold(0.0, f32::max)
}

/// The width of `text` on one line in the body font, with a label's margin.
fn text_width(ui: &egui::Ui, text: String) -> f32 {
    let font = egui::TextStyle::Body.resolve(ui.style());
    let width = ui.fonts_mut(|fonts| fonts.layout_no_wrap(text, font, Color32::WHITE).size().x);
    width + 2.0
}

fn cell(ui: &mut egui::Ui, width: f32, text: RichText) {
    ui.add_sized(
        [width, ui.spacing().interact_size.y],
        egui::Label::new(text).truncate(),
    );
}

/// The table; returns the step clicked, if any (the cursor moves after it).
pub(crate) fn table_ui(ui: &mut egui::Ui, lab: &mut TreeLab, t: &LabTexts) -> Option<usize> {
    let model = &lab.model;
    let mut clicked = None;
    let event_width = widest_event(ui, lab, t);
    let spacing = ui.spacing().item_spacing.x;
    let (widths, show_reason) = fitted_widths(ui.available_width(), spacing, event_width);
    // What the reason is cut to: the room after the columns, or its own line's.
    let reason_room = if show_reason {
        ui.available_width() - widths.iter().sum::<f32>() - spacing * widths.len() as f32
    } else {
        ui.available_width() - widths[0] - spacing
    };
    header_ui(ui, t, widths, show_reason);
    // `show_rows` adds the item spacing to the height it is given.
    let line_height = ui.spacing().interact_size.y;
    let lines = if show_reason { 1.0 } else { 2.0 };
    let row_height = line_height * lines + ui.spacing().item_spacing.y * (lines - 1.0);
    let row_pitch = row_height + ui.spacing().item_spacing.y;
    let mut area = egui::ScrollArea::vertical()
        .id_salt("tree_lab_steps")
        .auto_shrink([false, false]);
    if lab.scroll_table {
        area = area.vertical_scroll_offset(scroll_offset(
            lab.model.cursor.saturating_sub(1),
            model.steps(),
            row_pitch,
            ui.available_height(),
        ));
    }
    let layout = RowLayout {
        widths,
        show_reason,
        reason_room,
        row_height,
        highlight: ui.visuals().selection.bg_fill.gamma_multiply(0.6),
        weak: ui.visuals().weak_text_color(),
        strong: ui.visuals().text_color(),
    };
    area.show_rows(ui, row_height, model.steps(), |ui, range| {
        for index in range {
            if step_row_ui(ui, model, t, index, &layout) {
                clicked = Some(index + 1);
            }
        }
    });
    lab.scroll_table = false;
    clicked
}

/// How the table's rows are laid out and coloured, worked out once per frame.
struct RowLayout {
    /// The columns' widths.
    widths: [f32; 7],
    /// Whether the reason has a column (else a line of its own under the row).
    show_reason: bool,
    /// The width the reason is cut to.
    reason_room: f32,
    row_height: f32,
    /// The current step's background.
    highlight: Color32,
    /// The text of a step not yet taken.
    weak: Color32,
    /// The text of a step taken.
    strong: Color32,
}

/// One step of the trace as a row (the current one highlighted, the steps taken in
/// strong text, a cut's reason in red, the whole text on hover when cut short);
/// whether it was clicked.
fn step_row_ui(
    ui: &mut egui::Ui,
    model: &LabModel,
    t: &LabTexts,
    index: usize,
    layout: &RowLayout,
) -> bool {
    let RowLayout {
        widths,
        show_reason,
        reason_room,
        row_height,
        highlight,
        weak,
        strong,
    } = *layout;
    let step = &model.trace.steps[index];
    let current = index + 1 == model.cursor;
    let done = index < model.cursor;
    let style = |text: String| RichText::new(text).color(if done { strong } else { weak });
    let window = step.window;
    let event = event_text(model, t, step);
    let columns = [
        (index + 1).to_string(),
        model.numbers[step.node].to_string(),
        event.clone(),
        window.map_or(String::new(), |w| bound_text(w.alpha)),
        window.map_or(String::new(), |w| bound_text(w.beta)),
        step.value.map_or(String::new(), |v| v.to_string()),
        step.evaluations.to_string(),
    ];
    let reason = reason_text(model, t, step);
    let whole = if reason.is_empty() {
        event.clone()
    } else {
        format!("{event}\n{reason}")
    };
    let elided =
        text_width(ui, event.clone()) > widths[2] || text_width(ui, reason.clone()) > reason_room;
    let cut = matches!(step.event, queens_engines::ai::tree::lab::Event::Cut { .. });
    let reason = if cut && done {
        RichText::new(reason).color(Color32::from_rgb(200, 40, 40))
    } else {
        style(reason)
    };
    let row = |ui: &mut egui::Ui| {
        if current {
            let rect = egui::Rect::from_min_size(
                ui.cursor().min,
                egui::vec2(ui.available_width(), row_height),
            );
            ui.painter().rect_filled(rect, 0.0, highlight);
        }
        ui.horizontal(|ui| {
            for (text, width) in columns.into_iter().zip(widths) {
                cell(ui, width, style(text));
            }
            if show_reason {
                // Cut to the room left, the whole reason on hover.
                ui.add(egui::Label::new(reason.clone()).truncate());
            }
        });
        if !show_reason {
            ui.horizontal(|ui| {
                ui.add_space(widths[0] + ui.spacing().item_spacing.x);
                ui.add(egui::Label::new(reason).truncate());
            });
        }
    };
    let mut response = ui.vertical(row).response.interact(egui::Sense::click());
    if elided {
        // The row takes the pointer from its labels, so the whole event and reason are
        // the row's to show (a cut's list of skipped nodes).
        response = response.on_hover_text(whole);
    }
    response.clicked()
}

/// The column titles, in the rows' widths (the reason's only where it has a column).
fn header_ui(ui: &mut egui::Ui, t: &LabTexts, widths: [f32; 7], show_reason: bool) {
    ui.horizontal(|ui| {
        let [titles @ .., reason] = column_titles(t);
        for (title, width) in titles.into_iter().zip(widths) {
            cell(ui, width, RichText::new(title).strong());
        }
        if show_reason {
            ui.label(RichText::new(reason).strong());
        }
    });
    ui.separator();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wide_table_keeps_its_widths_and_shows_the_reason() {
        let (widths, reason) = fitted_widths(1000.0, 8.0, 120.0);
        assert_eq!(widths, WIDTHS);
        assert!(reason);
        // A longer event widens its column, up to its share of the table.
        let (widths, reason) = fitted_widths(1000.0, 8.0, 190.0);
        assert_eq!(widths[2], 190.0);
        assert!(reason);
        let (widths, _) = fitted_widths(1000.0, 8.0, 900.0);
        assert_eq!(widths[2], 1000.0 * EVENT_SHARE);
    }

    #[test]
    fn a_narrow_table_scales_its_columns_into_view_and_gives_the_reason_its_own_line() {
        let (widths, reason) = fitted_widths(400.0, 8.0, 150.0);
        let used: f32 = widths.iter().sum::<f32>() + 8.0 * 7.0;
        assert!(used <= 400.0 + 0.01, "{used}");
        assert!(!reason);
    }

    #[test]
    fn the_scroll_offset_centres_a_row_and_never_passes_either_end() {
        // 84 rows of 22 points in a view of 440: the last row sits at the bottom.
        assert_eq!(scroll_offset(83, 84, 22.0, 440.0), 84.0 * 22.0 - 440.0);
        assert_eq!(scroll_offset(0, 84, 22.0, 440.0), 0.0);
        assert_eq!(
            scroll_offset(40, 84, 22.0, 440.0),
            40.0 * 22.0 + 11.0 - 220.0
        );
        // Fewer rows than the view holds: no scrolling at all.
        assert_eq!(scroll_offset(5, 6, 22.0, 440.0), 0.0);
    }
}
