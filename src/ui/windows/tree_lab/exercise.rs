//! The lab's exercises (issue 22.3): predict, then check. While an exercise is open and
//! not yet checked the trace is hidden (the tree shows its leaves only, the steps are
//! not listed and cannot be stepped); the answer is checked by
//! [`crate::ai::tree::exercise::check`] against the lab's own trace, and a wrong one is
//! explained at the first node where it goes wrong. A score per kind is kept for the
//! session.

use super::TreeLab;
use super::rows::{bound_text, window_text};
use crate::ai::tree::exercise::{Answer, ExerciseKind, Mistake, Verdict, check};
use crate::ai::tree::lab::{LabAlgorithm, Window};
use crate::ui::i18n::fill;
use crate::ui::session::settings::Language;
use eframe::egui;
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
    pub fn marks_by_click(&self) -> bool {
        self.hiding() && matches!(self.kind, ExerciseKind::Pruned | ExerciseKind::Scout)
    }

    /// Ticks or unticks `node` if the exercise can ask for it: a leaf for the pruned
    /// leaves, a child other than a first one for the null-window tests.
    pub fn toggle(&mut self, tree: &crate::ai::tree::Tree, node: usize) {
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

/// The exercise panel: the kind, the node, the answer, Check, the verdict and the score.
pub fn exercise_ui(ui: &mut egui::Ui, lab: &mut TreeLab) {
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
        .show(ui, |ui| panel_ui(ui, lab, e));
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

fn panel_ui(ui: &mut egui::Ui, lab: &mut TreeLab, e: &ExerciseTexts) {
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
    buttons_ui(ui, lab, e);
    verdict_ui(ui, lab, e);
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

/// The last check's verdict, explained when wrong, and the session's score.
fn verdict_ui(ui: &mut egui::Ui, lab: &TreeLab, e: &ExerciseTexts) {
    if let Some(verdict) = &lab.exercise.verdict {
        let (text, colour) = if verdict.right {
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
        };
        ui.label(egui::RichText::new(text).color(colour));
    }
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

/// After a check: the trace of the search the exercise was about, to its end.
fn show_trace(lab: &mut TreeLab) {
    use_exercise_algorithm(lab);
    lab.exercise.active = false;
    let end = lab.model.steps();
    lab.go_to(end);
}

/// A mistake in words, with the nodes' numbers as the drawing shows them. Longer than
/// 80 lines on purpose: one arm per kind of [`Mistake`], so every mistake's wording is
/// read (and translated) in one place.
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
            let leaf = lab.model.tree.leaf_value(*child).is_some();
            let better = if *max {
                *value > w.alpha
            } else {
                *value < w.beta
            };
            let reason = if *fails {
                e.test_fails
            } else if !better {
                e.test_not_better
            } else if leaf {
                e.test_leaf
            } else {
                e.test_cuts
            };
            fill(
                e.why_scout,
                &[
                    &number(*node),
                    &window(*w),
                    &number(*child),
                    &bound_text(*value),
                    &reason,
                ],
            )
        }
        Mistake::NotTested { node } => fill(e.why_not_tested, &[&number(*node)]),
    }
}

/// The exercise panel's strings.
#[allow(missing_docs)]
pub struct ExerciseTexts {
    pub heading: &'static str,
    pub kinds: [&'static str; 4],
    pub questions: [&'static str; 4],
    pub node: &'static str,
    pub node_name: &'static str,
    pub leaf_name: &'static str,
    pub your_value: &'static str,
    pub children_are: &'static str,
    pub your_order: &'static str,
    pub start: &'static str,
    pub check: &'static str,
    pub show_trace: &'static str,
    pub stop: &'static str,
    pub right: &'static str,
    pub wrong: &'static str,
    pub score: &'static str,
    pub max_node: &'static str,
    pub min_node: &'static str,
    pub why_value_max: &'static str,
    pub why_value_min: &'static str,
    pub why_evaluated: &'static str,
    pub why_cut: &'static str,
    pub why_not_asked: &'static str,
    pub why_order: &'static str,
    pub why_scout: &'static str,
    pub test_fails: &'static str,
    pub test_not_better: &'static str,
    pub test_leaf: &'static str,
    pub test_cuts: &'static str,
    pub why_not_tested: &'static str,
    pub hidden: &'static str,
}

/// The panel's strings in `language`.
pub fn exercise_texts(language: Language) -> &'static ExerciseTexts {
    match language {
        Language::English => &EN,
        Language::Vietnamese => &VI,
    }
}

const EN: ExerciseTexts = ExerciseTexts {
    heading: "Exercise: predict, then check",
    kinds: ["Value", "Pruned leaves", "Best order", "Null-window tests"],
    questions: [
        "What is the minimax value of the node?",
        "Which leaves does alpha-beta never evaluate? Tick them here or click them in the tree.",
        "Order the node's children best first (most cuts): type their numbers.",
        "With NegaScout, which null-window tests fail and need a re-search? Tick the children here or click them in the tree.",
    ],
    node: "Node",
    node_name: "node {0}",
    leaf_name: "leaf {0} ({1})",
    your_value: "Your value",
    children_are: "Its children: {0}",
    your_order: "Best first",
    start: "Start exercise",
    check: "Check",
    show_trace: "Show the trace",
    stop: "End exercise",
    right: "Right.",
    wrong: "Not quite.",
    score: "Score: {0}",
    max_node: "MAX",
    min_node: "MIN",
    why_value_max: "Node {0} is a MAX node: its value is the largest of its children's values ({1}) = {2}.",
    why_value_min: "Node {0} is a MIN node: its value is the smallest of its children's values ({1}) = {2}.",
    why_evaluated: "Leaf {0} is evaluated: it is reached with the window {1}, still open (alpha < beta).",
    why_cut: "Leaf {0} is never evaluated: at node {1} ({2}) the window became {3}, alpha >= beta, so the rest of its children are cut.",
    why_not_asked: "Node {0} is not one of the nodes asked about (or a child is missing or listed twice).",
    why_order: "At node {0} ({1}), child {2} (value {3}) is better than child {4} (value {5}): searched first, it cuts more.",
    why_scout: "At node {0}, window {1}, the null-window test of child {2} returns {3}: {4}",
    test_fails: "better than the best so far and short of the far bound, so the test fails and the child is searched again.",
    test_not_better: "no better than the best so far, so no second search.",
    test_leaf: "a leaf's value is exact, so no second search.",
    test_cuts: "at or beyond the far bound, so the node is cut without a second search.",
    why_not_tested: "Node {0} never fails a null-window test (a first child is searched with the full window; a cut branch is not tested).",
    hidden: "Exercise in progress: the trace is hidden until you check your answer.",
};

const VI: ExerciseTexts = ExerciseTexts {
    heading: "Bài tập: dự đoán rồi kiểm tra",
    kinds: [
        "Giá trị",
        "Lá bị cắt",
        "Thứ tự tốt nhất",
        "Phép thử cửa sổ rỗng",
    ],
    questions: [
        "Giá trị minimax của nút là bao nhiêu?",
        "Alpha-beta không bao giờ đánh giá những lá nào? Hãy đánh dấu ở đây hoặc bấm vào chúng trên cây.",
        "Xếp các con của nút, tốt nhất trước (cắt nhiều nhất): gõ số của chúng.",
        "Với NegaScout, phép thử cửa sổ rỗng nào thất bại và phải tìm lại? Hãy đánh dấu các con ở đây hoặc bấm vào chúng trên cây.",
    ],
    node: "Nút",
    node_name: "nút {0}",
    leaf_name: "lá {0} ({1})",
    your_value: "Giá trị của bạn",
    children_are: "Các con: {0}",
    your_order: "Tốt nhất trước",
    start: "Bắt đầu bài tập",
    check: "Kiểm tra",
    show_trace: "Xem vết tìm kiếm",
    stop: "Kết thúc bài tập",
    right: "Đúng.",
    wrong: "Chưa đúng.",
    score: "Điểm: {0}",
    max_node: "MAX",
    min_node: "MIN",
    why_value_max: "Nút {0} là nút MAX: giá trị của nó là lớn nhất trong các giá trị con ({1}) = {2}.",
    why_value_min: "Nút {0} là nút MIN: giá trị của nó là nhỏ nhất trong các giá trị con ({1}) = {2}.",
    why_evaluated: "Lá {0} được đánh giá: nó được tới với cửa sổ {1}, vẫn còn mở (alpha < beta).",
    why_cut: "Lá {0} không bao giờ được đánh giá: tại nút {1} ({2}) cửa sổ thành {3}, alpha >= beta, nên các con còn lại bị cắt.",
    why_not_asked: "Nút {0} không thuộc các nút được hỏi (hoặc thiếu một con, hoặc một con được ghi hai lần).",
    why_order: "Tại nút {0} ({1}), con {2} (giá trị {3}) tốt hơn con {4} (giá trị {5}): xét trước thì cắt được nhiều hơn.",
    why_scout: "Tại nút {0}, cửa sổ {1}, phép thử cửa sổ rỗng của con {2} trả về {3}: {4}",
    test_fails: "tốt hơn nước tốt nhất hiện có và chưa tới cận xa, nên phép thử thất bại và con được tìm lại.",
    test_not_better: "không tốt hơn nước tốt nhất hiện có, nên không tìm lại.",
    test_leaf: "giá trị của lá là chính xác, nên không tìm lại.",
    test_cuts: "bằng hoặc vượt cận xa, nên nút bị cắt mà không cần tìm lại.",
    why_not_tested: "Nút {0} không bao giờ thất bại phép thử cửa sổ rỗng (con đầu được tìm với cửa sổ đầy đủ; nhánh bị cắt không được thử).",
    hidden: "Đang làm bài tập: vết tìm kiếm được ẩn cho tới khi bạn kiểm tra câu trả lời.",
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::tree::Tree;

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
