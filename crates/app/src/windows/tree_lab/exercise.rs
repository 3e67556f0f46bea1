//! The lab's exercises (issue 22.3): predict, then check. While an exercise is open and
//! not yet checked the trace is hidden (the tree shows its leaves only, the steps are
//! not listed and cannot be stepped); the answer is checked by
//! [`queens_engines::ai::tree::exercise::check`] against the lab's own trace, and a wrong one is
//! explained at the first node where it goes wrong. A score per kind is kept for the
//! session.

mod texts;

pub(crate) use texts::{ExerciseTexts, exercise_texts};

use super::TreeLab;
use super::rows::{bound_text, window_text};
use crate::i18n::fill;
use eframe::egui;
use queens_engines::ai::tree::exercise::{Answer, ExerciseKind, Mistake, Verdict, check};
use queens_engines::ai::tree::lab::{LabAlgorithm, Window};
use std::collections::BTreeSet;

/// The exercise in progress and the session's score.
#[derive(Clone, Debug, Default)]
pub struct ExerciseState {
    /// Whether an exercise is open (the trace hidden until it is checked).
    pub active: bool,
    /// What is asked.
    pub kind: ExerciseKind,
    /// The node asked about (a value, an order), a node id.
    pub node: usize,
    /// The value typed.
    pub value_text: String,
    /// The nodes ticked (leaves never evaluated, failing tests), node ids.
    pub marked: BTreeSet<usize>,
    /// The children typed by number, best first.
    pub order_text: String,
    /// The last check.
    pub verdict: Option<Verdict>,
    /// Right answers and tries per kind, in [`ExerciseKind::ALL`]'s order.
    pub score: [(u32, u32); 4],
    /// The tree the answers are about (the model's generation).
    generation: u64,
}

impl ExerciseState {
    /// Whether the trace must stay hidden: an exercise open and not yet checked.
    pub fn hiding(&self) -> bool {
        self.active && self.verdict.is_none()
    }

    /// Whether a click on the tree ticks a node: an open, unchecked exercise that asks
    /// for nodes (leaves never evaluated, failing tests).
    pub(crate) fn marks_by_click(&self) -> bool {
        self.hiding() && matches!(self.kind, ExerciseKind::Pruned | ExerciseKind::Scout)
    }

    /// Ticks or unticks `node` if the exercise can ask for it: a leaf for the pruned
    /// leaves, a child other than a first one for the null-window tests.
    pub(crate) fn toggle(&mut self, tree: &queens_engines::ai::tree::Tree, node: usize) {
        let askable = match self.kind {
            ExerciseKind::Pruned => tree.leaf_value(node).is_some(),
            ExerciseKind::Scout => (0..tree.node_count())
                .any(|parent| tree.children(parent).iter().skip(1).any(|&c| c == node)),
            ExerciseKind::Value | ExerciseKind::Order => false,
        };
        if askable && !self.marked.remove(&node) {
            self.marked.insert(node);
        }
    }

    fn clear_answer(&mut self) {
        self.value_text.clear();
        self.marked.clear();
        self.order_text.clear();
        self.verdict = None;
    }
}

/// The least height of the question's scroll area: a line of it and its scroll bar
/// before the answer is checked, less after (the verdict then says what was right).
const QUESTION_LEAST: f32 = 60.0;
const QUESTION_LEAST_CHECKED: f32 = 20.0;
/// What follows the question in the panel: Check's row.
const BUTTONS: f32 = 30.0;
/// What follows the panel before the tree: the "trace hidden" line, or the stepping
/// buttons and the least of the trace's status ([`super::controls::stepping_ui`]).
const HIDDEN_LINE: f32 = 30.0;
const STEPPING_LEAST: f32 = 84.0;

/// The exercise panel: the kind, the node, the answer, Check, the verdict and the score.
/// The question and its answer scroll, so Check, End exercise and the verdict stay
/// above `above_tree` (where the tree begins) however many leaves the answer lists
/// (issue 38.11: 256 checkboxes pushed Check and the tree below a full HD screen).
pub(crate) fn exercise_ui(ui: &mut egui::Ui, lab: &mut TreeLab, above_tree: f32) {
    let e = exercise_texts(lab.grow.language);
    if lab.exercise.generation != lab.model.generation {
        // A new tree: the old answers are about nothing.
        lab.exercise.generation = lab.model.generation;
        lab.exercise.node = 0;
        lab.exercise.clear_answer();
    }
    let shown = egui::CollapsingHeader::new(e.heading)
        .id_salt("tree_lab_exercise")
        .default_open(false)
        .show(ui, |ui| panel_ui(ui, lab, e, above_tree));
    // Opening the exercise starts it, so the trace is hidden from that moment (issue
    // 32.5: the finished trace, the answer, stayed on show until Start); closing it
    // ends it.
    if shown.header_response.clicked() {
        let open =
            egui::collapsing_header::CollapsingState::load(ui.ctx(), shown.header_response.id)
                .is_some_and(|state| state.is_open());
        if open {
            if !lab.exercise.active {
                start(lab);
            }
        } else {
            lab.exercise.active = false;
            lab.exercise.verdict = None;
        }
    }
}

/// Starts an exercise: a fresh answer, the trace hidden at its start, the exercise's
/// own algorithm.
fn start(lab: &mut TreeLab) {
    lab.exercise.active = true;
    lab.exercise.clear_answer();
    lab.playing = false;
    use_exercise_algorithm(lab);
    lab.go_to(0);
}

fn panel_ui(ui: &mut egui::Ui, lab: &mut TreeLab, e: &ExerciseTexts, above_tree: f32) {
    let verdict = verdict_text(ui, lab, e);
    // The verdict's height as it will wrap here, so the question leaves it room.
    let verdict_height = verdict.as_ref().map_or(0.0, |(text, _)| {
        let width = ui.available_width();
        let font = egui::TextStyle::Body.resolve(ui.style());
        ui.fonts_mut(|fonts| {
            fonts
                .layout(text.clone(), font, egui::Color32::WHITE, width)
                .size()
                .y
        }) + ui.spacing().item_spacing.y
    });
    let (after, least) = if lab.exercise.hiding() {
        (HIDDEN_LINE, QUESTION_LEAST)
    } else {
        (STEPPING_LEAST, QUESTION_LEAST_CHECKED)
    };
    let room = above_tree - ui.cursor().top() - BUTTONS - verdict_height - after;
    egui::ScrollArea::vertical()
        .id_salt("tree_lab_question")
        .max_height(room.max(least))
        .min_scrolled_height(least)
        .show(ui, |ui| {
            question_ui(ui, lab, e);
            // The score with the question: on a short screen it scrolls, Check and the
            // verdict do not.
            score_ui(ui, lab, e);
        });
    buttons_ui(ui, lab, e);
    if let Some((text, colour)) = verdict {
        ui.label(egui::RichText::new(text).color(colour));
    }
}

/// The kind, the node asked about, the question and the answer's widgets.
fn question_ui(ui: &mut egui::Ui, lab: &mut TreeLab, e: &ExerciseTexts) {
    let before = (lab.exercise.kind, lab.exercise.node);
    ui.horizontal_wrapped(|ui| {
        for (kind, name) in ExerciseKind::ALL.into_iter().zip(e.kinds) {
            ui.radio_value(&mut lab.exercise.kind, kind, name);
        }
    });
    let tree = &lab.model.tree;
    let numbers = &lab.model.numbers;
    let inner: Vec<usize> = (0..tree.node_count())
        .filter(|&n| tree.leaf_value(n).is_none())
        .collect();
    if lab.exercise.kind.needs_node() && !inner.is_empty() {
        if !inner.contains(&lab.exercise.node) {
            lab.exercise.node = inner[0];
        }
        egui::ComboBox::from_label(e.node)
            .selected_text(fill(e.node_name, &[&numbers[lab.exercise.node]]))
            .show_ui(ui, |ui| {
                for &node in &inner {
                    ui.selectable_value(
                        &mut lab.exercise.node,
                        node,
                        fill(e.node_name, &[&numbers[node]]),
                    );
                }
            });
    }
    if (lab.exercise.kind, lab.exercise.node) != before {
        lab.exercise.clear_answer();
    }
    ui.label(egui::RichText::new(e.questions[kind_index(lab.exercise.kind)]).strong());
    answer_ui(ui, lab, e);
}

/// Start, or Check / Show the trace / End.
fn buttons_ui(ui: &mut egui::Ui, lab: &mut TreeLab, e: &ExerciseTexts) {
    ui.horizontal_wrapped(|ui| {
        if !lab.exercise.active {
            if ui.button(e.start).clicked() {
                start(lab);
            }
        } else {
            if ui.button(e.check).clicked() {
                // The kind may have changed since Start: the trace shown from now on
                // is the search this exercise is about.
                use_exercise_algorithm(lab);
                let verdict = check_answer(lab);
                let score = &mut lab.exercise.score[kind_index(lab.exercise.kind)];
                score.1 += 1;
                if verdict.right {
                    score.0 += 1;
                }
                lab.exercise.verdict = Some(verdict);
            }
            if lab.exercise.verdict.is_some() && ui.button(e.show_trace).clicked() {
                show_trace(lab);
            }
            if ui.button(e.stop).clicked() {
                lab.exercise.active = false;
                lab.exercise.verdict = None;
            }
        }
    });
}

/// The last check's verdict, explained when wrong, and its colour.
fn verdict_text(
    ui: &egui::Ui,
    lab: &TreeLab,
    e: &ExerciseTexts,
) -> Option<(String, egui::Color32)> {
    let verdict = lab.exercise.verdict.as_ref()?;
    Some(if verdict.right {
        (
            e.right.to_string(),
            ui.visuals().widgets.active.fg_stroke.color,
        )
    } else {
        let why = verdict
            .mistake
            .as_ref()
            .map(|m| mistake_text(lab, e, m))
            .unwrap_or_default();
        (format!("{} {why}", e.wrong), ui.visuals().error_fg_color)
    })
}

/// The session's score per kind.
fn score_ui(ui: &mut egui::Ui, lab: &TreeLab, e: &ExerciseTexts) {
    let score = lab
        .exercise
        .score
        .iter()
        .zip(e.kinds)
        .map(|(&(right, tries), name)| format!("{name} {right}/{tries}"))
        .collect::<Vec<_>>()
        .join(" · ");
    ui.label(egui::RichText::new(fill(e.score, &[&score])).small().weak());
}

fn kind_index(kind: ExerciseKind) -> usize {
    ExerciseKind::ALL
        .iter()
        .position(|&k| k == kind)
        .unwrap_or(0)
}

/// The answer's widgets for the kind asked.
fn answer_ui(ui: &mut egui::Ui, lab: &mut TreeLab, e: &ExerciseTexts) {
    let tree = &lab.model.tree;
    let numbers = &lab.model.numbers;
    let exercise = &mut lab.exercise;
    match exercise.kind {
        ExerciseKind::Value => {
            ui.horizontal(|ui| {
                let label = ui.label(e.your_value);
                ui.add(egui::TextEdit::singleline(&mut exercise.value_text).desired_width(80.0))
                    .labelled_by(label.id);
            });
        }
        ExerciseKind::Order => {
            let children: Vec<String> = tree
                .children(exercise.node)
                .iter()
                .map(|&c| numbers[c].to_string())
                .collect();
            ui.label(fill(e.children_are, &[&children.join(", ")]));
            ui.horizontal(|ui| {
                let label = ui.label(e.your_order);
                ui.add(
                    egui::TextEdit::singleline(&mut exercise.order_text)
                        .desired_width(160.0)
                        .hint_text(children.join(", ")),
                )
                .labelled_by(label.id);
            });
        }
        ExerciseKind::Pruned | ExerciseKind::Scout => {
            let pruned = exercise.kind == ExerciseKind::Pruned;
            let nodes: Vec<usize> = if pruned {
                (0..tree.node_count())
                    .filter(|&n| tree.leaf_value(n).is_some())
                    .collect()
            } else {
                // Any child but a first one may be tested with a null window.
                (0..tree.node_count())
                    .flat_map(|n| tree.children(n).iter().skip(1).copied())
                    .collect()
            };
            ui.horizontal_wrapped(|ui| {
                for node in nodes {
                    let name = match tree.leaf_value(node) {
                        Some(value) => fill(e.leaf_name, &[&numbers[node], &value]),
                        None => fill(e.node_name, &[&numbers[node]]),
                    };
                    let mut ticked = exercise.marked.contains(&node);
                    if ui.checkbox(&mut ticked, name).changed() {
                        if ticked {
                            exercise.marked.insert(node);
                        } else {
                            exercise.marked.remove(&node);
                        }
                    }
                }
            });
        }
    }
}

/// The answer as typed, checked against the lab's trace.
fn check_answer(lab: &TreeLab) -> Verdict {
    let model = &lab.model;
    let exercise = &lab.exercise;
    let answer = match exercise.kind {
        // Not a whole number: no value can be right (i32::MIN is no leaf's, as leaves
        // are within ±10^8).
        ExerciseKind::Value => {
            Answer::Value(exercise.value_text.trim().parse().unwrap_or(i32::MIN))
        }
        ExerciseKind::Pruned => Answer::Pruned(exercise.marked.clone()),
        ExerciseKind::Scout => Answer::Scout(exercise.marked.clone()),
        ExerciseKind::Order => {
            // Numbers as the drawing shows them, mapped back to the node's children; a
            // number that is not a child's makes the list wrong as a whole.
            let children = model.tree.children(exercise.node);
            let order = exercise
                .order_text
                .split(|c: char| c == ',' || c.is_whitespace())
                .filter(|part| !part.is_empty())
                .map(|part| {
                    part.parse::<u32>().ok().and_then(|number| {
                        children
                            .iter()
                            .copied()
                            .find(|&c| model.numbers[c] == number)
                    })
                })
                .collect::<Option<Vec<usize>>>()
                .unwrap_or_default();
            Answer::Order(order)
        }
    };
    check(
        &model.tree,
        model.options.root,
        model.options.order,
        exercise.kind,
        exercise.node,
        &answer,
    )
}

/// The search an exercise of `kind` is about: the lab traces it while the exercise is
/// open, so the trace shown after Check is that search's.
fn exercise_algorithm(kind: ExerciseKind) -> LabAlgorithm {
    match kind {
        ExerciseKind::Value => LabAlgorithm::Minimax,
        ExerciseKind::Pruned | ExerciseKind::Order => LabAlgorithm::AlphaBeta,
        ExerciseKind::Scout => LabAlgorithm::NegaScout,
    }
}

/// Traces the exercise's own search (the Algorithm choice shows it too).
fn use_exercise_algorithm(lab: &mut TreeLab) {
    let mut options = lab.model.options;
    options.algorithm = exercise_algorithm(lab.exercise.kind);
    lab.model.set_options(options);
}

/// Why a null-window test at `child` (of a MAX node when `max`) went as it did: it
/// failed, its value was no better than the window, a leaf answered it, or it cut.
fn scout_reason(
    lab: &TreeLab,
    e: &ExerciseTexts,
    (child, max): (usize, bool),
    w: Window,
    value: i32,
    fails: bool,
) -> &'static str {
    let leaf = lab.model.tree.leaf_value(child).is_some();
    let better = if max { value > w.alpha } else { value < w.beta };
    if fails {
        e.test_fails
    } else if !better {
        e.test_not_better
    } else if leaf {
        e.test_leaf
    } else {
        e.test_cuts
    }
}

/// After a check: the trace of the search the exercise was about, to its end.
fn show_trace(lab: &mut TreeLab) {
    use_exercise_algorithm(lab);
    lab.exercise.active = false;
    let end = lab.model.steps();
    lab.go_to(end);
}

/// A mistake in words, with the nodes' numbers as the drawing shows them: one arm per
/// kind of [`Mistake`], so every mistake's wording is read (and translated) in one place.
fn mistake_text(lab: &TreeLab, e: &ExerciseTexts, mistake: &Mistake) -> String {
    let number = |node: usize| lab.model.numbers.get(node).copied().unwrap_or(0);
    let kind = |max: bool| if max { e.max_node } else { e.min_node };
    let window = |w: Window| window_text(w);
    match mistake {
        Mistake::Value {
            node,
            max,
            children,
            value,
        } => {
            let values = children
                .iter()
                .map(|&(_, v)| v.to_string())
                .collect::<Vec<_>>()
                .join(", ");
            let template = if *max {
                e.why_value_max
            } else {
                e.why_value_min
            };
            fill(template, &[&number(*node), &values, value])
        }
        Mistake::Evaluated { leaf, window: w } => {
            fill(e.why_evaluated, &[&number(*leaf), &window(*w)])
        }
        Mistake::Cut {
            leaf,
            at,
            max,
            window: w,
        } => fill(
            e.why_cut,
            &[&number(*leaf), &number(*at), &kind(*max), &window(*w)],
        ),
        Mistake::NotChildren { node } => fill(e.why_not_asked, &[&number(*node)]),
        Mistake::Order {
            node,
            max,
            earlier,
            later,
        } => fill(
            e.why_order,
            &[
                &number(*node),
                &kind(*max),
                &number(later.0),
                &later.1,
                &number(earlier.0),
                &earlier.1,
            ],
        ),
        Mistake::Scout {
            node,
            child,
            max,
            window: w,
            value,
            fails,
        } => {
            let reason = scout_reason(lab, e, (*child, *max), *w, *value, *fails);
            let (value, w) = (bound_text(*value), window(*w));
            fill(
                e.why_scout,
                &[&number(*node), &w, &number(*child), &value, &reason],
            )
        }
        Mistake::NotTested { node } => fill(e.why_not_tested, &[&number(*node)]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens_engines::ai::tree::Tree;

    #[test]
    fn a_click_ticks_only_what_the_exercise_asks_for() {
        let tree = Tree::parse("((3 12 8) (2 4 6))").unwrap_or_else(|e| panic!("{e}"));
        let (first_min, second_min) = (tree.children(0)[0], tree.children(0)[1]);
        let leaf = tree.children(second_min)[1];
        let mut exercise = ExerciseState {
            kind: ExerciseKind::Pruned,
            ..ExerciseState::default()
        };
        assert!(!exercise.marks_by_click(), "no exercise open");
        exercise.active = true;
        assert!(exercise.marks_by_click());
        exercise.toggle(&tree, second_min);
        assert!(exercise.marked.is_empty(), "an inner node is no leaf");
        exercise.toggle(&tree, leaf);
        assert_eq!(
            exercise.marked.iter().copied().collect::<Vec<_>>(),
            vec![leaf]
        );
        exercise.toggle(&tree, leaf);
        assert!(exercise.marked.is_empty(), "a second click unticks");
        exercise.kind = ExerciseKind::Scout;
        exercise.toggle(&tree, first_min);
        assert!(exercise.marked.is_empty(), "a first child is never tested");
        exercise.toggle(&tree, second_min);
        assert!(exercise.marked.contains(&second_min));
        exercise.kind = ExerciseKind::Value;
        assert!(!exercise.marks_by_click());
        exercise.verdict = Some(Verdict {
            right: true,
            mistake: None,
        });
        exercise.kind = ExerciseKind::Scout;
        assert!(
            !exercise.marks_by_click(),
            "checked: the tree is no longer an answer"
        );
    }
}
