//! The lab's controls: the tree (typed, an example, or random), the options, stepping and
//! playing, zoom, the current step with its reason, the result, leaf editing and the
//! export. Every widget has a visible label (kittest and screen readers find them by it).

use super::TreeLab;
use super::draw::legend_ui;
use super::rows::{event_text, reason_text, step_table};
use super::texts::LabTexts;
use crate::i18n::fill;
use eframe::egui::{self, Color32, RichText};
use queens_engines::ai::tree::MAX_LEAF;
use queens_engines::ai::tree::RootKind;
use queens_engines::ai::tree::examples::EXAMPLES;
use queens_engines::ai::tree::lab::{ChildOrder, LabAlgorithm};
use std::path::PathBuf;

/// The controls that set the tree up (they scroll on a short screen).
pub(crate) fn controls_ui(ui: &mut egui::Ui, lab: &mut TreeLab, t: &LabTexts, dark: bool) {
    tree_source_ui(ui, lab, t);
    options_ui(ui, lab, t);
    ui.horizontal_wrapped(|ui| {
        legend_ui(ui, t, dark);
        ui.separator();
        leaf_editor_ui(ui, lab, t);
    });
    export_ui(ui, lab, t);
}

fn tree_source_ui(ui: &mut egui::Ui, lab: &mut TreeLab, t: &LabTexts) {
    ui.horizontal_wrapped(|ui| {
        ui.menu_button(t.examples, |ui| {
            for (example, title) in EXAMPLES.iter().zip(t.example_titles) {
                let (source, note) = t.example_about(example);
                let hover = format!("{source}\n{note}");
                if ui.button(title).on_hover_text(hover).clicked() {
                    lab.model.load_example(example);
                    lab.selected_leaf = None;
                    lab.playing = false;
                    ui.close();
                }
            }
        });
        let label = ui.label(t.tree_text);
        let field = egui::TextEdit::singleline(&mut lab.model.text)
            .desired_width((ui.available_width() - 90.0).clamp(160.0, 520.0))
            .font(egui::TextStyle::Monospace);
        let response = ui.add(field).labelled_by(label.id);
        let entered = response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if ui.button(t.load).clicked() || entered {
            lab.model.load_text();
            lab.selected_leaf = None;
            lab.playing = false;
        }
    });
    if let Some(error) = &lab.model.error {
        ui.colored_label(Color32::from_rgb(220, 40, 40), error);
    }
    if let Some(example) = lab.model.example {
        let (source, note) = t.example_about(example);
        ui.label(RichText::new(format!("{source} — {note}")).small());
    }
    egui::CollapsingHeader::new(t.random)
        .id_salt("tree_lab_random")
        .show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                let spec = &mut lab.model.random;
                let limit = MAX_LEAF as i32;
                let label = ui.label(t.depth);
                ui.add(egui::DragValue::new(&mut spec.depth).range(1..=12))
                    .labelled_by(label.id);
                let label = ui.label(t.branching);
                ui.add(egui::DragValue::new(&mut spec.branching).range(1..=16))
                    .labelled_by(label.id);
                let label = ui.label(t.low);
                ui.add(egui::DragValue::new(&mut spec.low).range(-limit..=limit))
                    .labelled_by(label.id);
                let label = ui.label(t.high);
                ui.add(egui::DragValue::new(&mut spec.high).range(-limit..=limit))
                    .labelled_by(label.id);
                let label = ui.label(t.seed);
                ui.add(egui::DragValue::new(&mut spec.seed))
                    .labelled_by(label.id);
                if ui.button(t.generate).clicked() {
                    lab.model.generate();
                    lab.selected_leaf = None;
                    lab.playing = false;
                }
            });
        });
    super::grow::grow_ui(ui, lab);
}

fn options_ui(ui: &mut egui::Ui, lab: &mut TreeLab, t: &LabTexts) {
    let mut options = lab.model.options;
    ui.horizontal_wrapped(|ui| {
        ui.label(t.root);
        ui.radio_value(&mut options.root, RootKind::Max, t.root_max);
        ui.radio_value(&mut options.root, RootKind::Min, t.root_min);
        ui.separator();
        ui.label(t.algorithm);
        for (algorithm, name) in
            LabAlgorithm::ALL
                .into_iter()
                .zip([t.minimax, t.alphabeta, t.negascout])
        {
            ui.radio_value(&mut options.algorithm, algorithm, name);
        }
        ui.separator();
        ui.label(t.order);
        ui.radio_value(&mut options.order, ChildOrder::LeftToRight, t.left_to_right);
        ui.radio_value(&mut options.order, ChildOrder::BestFirst, t.best_first);
    });
    if options != lab.model.options {
        lab.model.set_options(options);
        lab.scroll_table = true;
    }
}

/// The least height of the trace's status: a line and its scroll bar.
const STATUS_LEAST: f32 = 20.0;

/// Stepping, and where the trace stands: the buttons always in view, the status
/// scrolling above `above_tree` (where the tree begins) when it is taller than the room
/// left (issue 38.12: at 640x480 a checked exercise's stepping pushed the tree off the
/// window).
pub(crate) fn stepping_ui(ui: &mut egui::Ui, lab: &mut TreeLab, t: &LabTexts, above_tree: f32) {
    step_buttons_ui(ui, lab, t);
    let room = (above_tree - ui.cursor().top()).max(STATUS_LEAST);
    egui::ScrollArea::vertical()
        .id_salt("tree_lab_status")
        .max_height(room)
        .min_scrolled_height(STATUS_LEAST)
        .show(ui, |ui| status_ui(ui, lab, t));
}

fn step_buttons_ui(ui: &mut egui::Ui, lab: &mut TreeLab, t: &LabTexts) {
    ui.horizontal_wrapped(|ui| {
        let cursor = lab.model.cursor;
        let len = lab.model.steps();
        if ui
            .add_enabled(cursor > 0, egui::Button::new(t.first))
            .clicked()
        {
            lab.go_to(0);
        }
        if ui
            .add_enabled(cursor > 0, egui::Button::new(t.back))
            .clicked()
        {
            lab.go_to(cursor - 1);
        }
        if ui
            .add_enabled(cursor < len, egui::Button::new(t.forward))
            .clicked()
        {
            lab.go_to(cursor + 1);
        }
        if ui
            .add_enabled(cursor < len, egui::Button::new(t.last))
            .clicked()
        {
            lab.go_to(len);
        }
        let label = if lab.playing { t.pause } else { t.play };
        if ui
            .add_enabled(cursor < len || lab.playing, egui::Button::new(label))
            .clicked()
        {
            lab.playing = !lab.playing;
        }
        // The sliders on a line of their own: a slider does not wrap to the next line,
        // and at the end of the buttons it pushed the lab past a 640-point window's
        // edge, squashing the tree (issue 19.12).
        ui.end_row();
        ui.label(t.speed);
        ui.add(egui::Slider::new(&mut lab.speed, 0.5..=20.0).logarithmic(true));
        ui.label(t.zoom);
        ui.horizontal(|ui| {
            ui.add(
                egui::Slider::new(&mut lab.zoom, super::MIN_ZOOM..=super::MAX_ZOOM)
                    .logarithmic(true)
                    // A percentage to two digits, not "0.8957" (issue 38.13).
                    .custom_formatter(|zoom, _| super::draw::zoom_text(zoom))
                    .custom_parser(super::draw::zoom_from_text),
            );
            // The whole tree in view (issue 32.4), as a map's "fit" does.
            if ui.button(t.fit).clicked() {
                lab.fit_asked = true;
            }
        });
    });
}

fn status_ui(ui: &mut egui::Ui, lab: &mut TreeLab, t: &LabTexts) {
    let model = &lab.model;
    let evaluations = lab.evaluations_text(t);
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(fill(t.step_of, &[&model.cursor, &model.steps()])).strong());
        ui.separator();
        ui.label(evaluations);
    });
    match model.current() {
        None => {
            ui.label(t.not_started);
        }
        Some(step) => {
            let mut line = format!(
                "{} {}: {}",
                t.col_node,
                model.numbers[step.node],
                event_text(model, t, step)
            );
            let reason = reason_text(model, t, step);
            if !reason.is_empty() {
                line.push_str(" — ");
                line.push_str(&reason);
            }
            let cut = matches!(step.event, queens_engines::ai::tree::lab::Event::Cut { .. });
            let text = RichText::new(line).strong();
            ui.label(if cut {
                text.color(Color32::from_rgb(220, 40, 40))
            } else {
                text
            });
        }
    }
    if model.cursor == model.steps() && model.steps() > 0 {
        let result = result_text(model, t);
        ui.horizontal_wrapped(|ui| {
            ui.label(
                RichText::new(result)
                    .color(Color32::from_rgb(30, 150, 60))
                    .strong(),
            );
            ui.separator();
            ui.label(fill(
                t.counters,
                &[&model.trace.cuts, &model.trace.researches],
            ));
        });
    }
}

fn leaf_editor_ui(ui: &mut egui::Ui, lab: &mut TreeLab, t: &LabTexts) {
    match lab.selected_leaf {
        Some(leaf) if lab.model.tree.leaf_value(leaf).is_some() => {
            ui.label(format!(
                "{} ({} {})",
                t.leaf_value, t.col_node, lab.model.numbers[leaf]
            ));
            let limit = MAX_LEAF as i32;
            let response = ui.add(egui::DragValue::new(&mut lab.leaf_edit).range(-limit..=limit));
            if response.changed() {
                lab.model.set_leaf(leaf, lab.leaf_edit);
            }
        }
        _ => {
            ui.label(RichText::new(t.leaf_hint).small());
        }
    }
}

fn export_ui(ui: &mut egui::Ui, lab: &mut TreeLab, t: &LabTexts) {
    egui::CollapsingHeader::new(t.export_header)
        .id_salt("tree_lab_export")
        .show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                crate::windows::workbook_target_ui(
                    ui,
                    t.export_path,
                    &mut lab.export_path,
                    t.downloads_as,
                );
                let exporting = lab.export_job.is_some();
                if ui
                    .add_enabled(!exporting, egui::Button::new(t.export))
                    .clicked()
                {
                    start_export(lab, t, ui.ctx());
                }
                if exporting {
                    ui.spinner();
                }
                // A browser downloads the workbook: there is no file to choose.
                let choosing = lab.dialog.is_some();
                if !crate::windows::DOWNLOADS
                    && ui
                        .add_enabled(!choosing, egui::Button::new(t.choose_file))
                        .clicked()
                {
                    lab.dialog = Some(super::dialog::SaveDialog::start(
                        std::path::Path::new(lab.export_path.trim()),
                        ui.ctx().clone(),
                    ));
                }
            });
            if let Some(note) = &lab.export_message {
                ui.label(note.text(t));
            }
        });
}

/// "Value 5: the root plays child 2 (node 3)."
fn result_text(model: &super::LabModel, t: &LabTexts) -> String {
    let best = model.trace.best;
    match best.and_then(|i| model.tree.children(0).get(i).map(|&n| (i, n))) {
        Some((index, node)) => fill(
            t.result,
            &[&model.trace.value, &(index + 1), &model.numbers[node]],
        ),
        None => fill(t.result_leaf, &[&model.trace.value]),
    }
}

/// Starts writing the step table to the chosen workbook in the background (the lab
/// shows the answer when it comes). The table is built here (it is small); only the
/// writing runs on the job.
pub(crate) fn start_export(lab: &mut TreeLab, t: &LabTexts, ctx: &egui::Context) {
    let model = &lab.model;
    let options = model.options;
    let algorithm = match options.algorithm {
        LabAlgorithm::Minimax => t.minimax,
        LabAlgorithm::AlphaBeta => t.alphabeta,
        LabAlgorithm::NegaScout => t.negascout,
    };
    let root = if options.root == RootKind::Max {
        t.root_max
    } else {
        t.root_min
    };
    let order = match options.order {
        ChildOrder::LeftToRight => t.left_to_right,
        ChildOrder::BestFirst => t.best_first,
    };
    let mut about = vec![
        (t.about_tree.to_string(), model.tree.to_text()),
        (
            t.about_options.to_string(),
            format!("{root}, {algorithm}, {order}"),
        ),
        (
            t.about_result.to_string(),
            format!(
                "{} · {}",
                result_text(model, t),
                fill(
                    t.evaluations,
                    &[
                        &model.trace.evaluations,
                        &model.trace.evaluations,
                        &model.trace.minimax_evaluations
                    ]
                )
            ),
        ),
    ];
    if let Some(example) = model.example {
        let (source, note) = t.example_about(example);
        about.push((t.about_source.to_string(), format!("{source} — {note}")));
    }
    let table = step_table(model, t, about);
    let path = PathBuf::from(lab.export_path.trim());
    let repaint = ctx.clone();
    lab.export_message = None;
    lab.export_job = Some(crate::jobs::workbook::WorkbookJob::start(
        path,
        move |path| queens_store::export_step_table(&table, path),
        move || repaint.request_repaint(),
    ));
}
