//! The Tree Lab's exercises (issue 22.3) in the real window, driven by kittest through
//! accessible labels on the thesis's tree: each of the four kinds answered right and
//! wrong, the trace hidden until the answer is checked, the first wrong node explained,
//! and the score counted per kind. The expected answers come from the library's trace
//! (`ai::tree::exercise`), which `crates/engines/tests/tree_lab.rs` ties to the engine's evaluations.

use crate::ui_support;

use eframe::egui::accesskit::Role;
use eframe::egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use queens_app::{App, Mode};
use queens_engines::ai::tree::exercise::{failing_tests, pruned_leaves};
use queens_engines::ai::tree::lab::{max_nodes, minimax_values};
use ui_support::{frames, harness_sized, settings, wait_for_label};

/// Clicks the widget labelled `label` after scrolling it into view (the lab's controls
/// scroll in the top part of its window), as assistive technology clicks: a pointer
/// click at the rectangle read before the scroll's animation ends can miss it.
fn click(harness: &mut Harness<'_, App>, label: &str) {
    wait_for_label(harness, label);
    harness.get_by_label(label).scroll_to_me();
    frames(harness, 2);
    harness.get_by_label(label).click_accesskit();
    frames(harness, 3);
}

fn open_exercises(harness: &mut Harness<'_, App>) {
    frames(harness, 2);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::T);
    frames(harness, 3);
    assert!(harness.state().tree_lab().open);
    click(harness, "Exercise: predict, then check");
}

fn choose(harness: &mut Harness<'_, App>, kind: &str) {
    harness
        .get_by_role_and_label(Role::RadioButton, kind)
        .scroll_to_me();
    frames(harness, 2);
    harness
        .get_by_role_and_label(Role::RadioButton, kind)
        .click_accesskit();
    frames(harness, 2);
}

fn type_into(harness: &mut Harness<'_, App>, field: &str, text: &str) {
    harness
        .get_by_role_and_label(Role::TextInput, field)
        .focus();
    frames(harness, 1);
    harness
        .get_by_role_and_label(Role::TextInput, field)
        .type_text(text);
    frames(harness, 2);
}

/// Starts the exercise (opening it started the first one; Start starts another after
/// End): the trace is hidden (at its start, no stepping).
fn start(harness: &mut Harness<'_, App>) {
    start_if_ended(harness);
    assert!(harness.state().tree_lab().exercise.hiding());
    assert_eq!(harness.state().tree_lab().model.cursor, 0);
    assert!(
        harness
            .query_by_label(
                "Exercise in progress: the trace is hidden until you check your answer."
            )
            .is_some()
    );
    assert!(harness.query_by_label("Next step").is_none());
}

/// Checks, and returns the verdict's words.
fn check(harness: &mut Harness<'_, App>) -> String {
    click(harness, "Check");
    assert!(!harness.state().tree_lab().exercise.hiding());
    let verdict = harness
        .query_all_by(|node: &egui_kittest::kittest::AccessKitNode<'_>| {
            node.value()
                .is_some_and(|v| v.starts_with("Right.") || v.starts_with("Not quite."))
        })
        .next()
        .and_then(|node| node.accesskit_node().value())
        .unwrap_or_else(|| panic!("no verdict shown"));
    click(harness, "End exercise");
    verdict
}

/// Clicks Start when an exercise was ended (opening the panel starts one).
fn start_if_ended(harness: &mut Harness<'_, App>) {
    frames(harness, 2);
    if harness.query_by_label("Start exercise").is_some() {
        click(harness, "Start exercise");
    }
}

fn tick(harness: &mut Harness<'_, App>, label: &str) {
    harness
        .get_by_role_and_label(Role::CheckBox, label)
        .scroll_to_me();
    frames(harness, 2);
    harness
        .get_by_role_and_label(Role::CheckBox, label)
        .click_accesskit();
    frames(harness, 2);
}

fn lab_harness() -> Harness<'static, App> {
    let (harness, dir) = harness_sized(settings(Mode::HumanVsHuman, 6, 0), [1280.0, 900.0]);
    std::mem::forget(dir);
    harness
}

#[test]
fn the_value_of_the_root_right_and_wrong() {
    let mut harness = lab_harness();
    open_exercises(&mut harness);
    let model = &harness.state().tree_lab().model;
    let root = model.options.root;
    let value = minimax_values(&model.tree, root)[0];
    let max = max_nodes(&model.tree, root)[0];
    choose(&mut harness, "Value");
    start(&mut harness);
    type_into(&mut harness, "Your value", &value.to_string());
    assert_eq!(check(&mut harness), "Right.");
    start(&mut harness);
    type_into(&mut harness, "Your value", &(value + 1).to_string());
    let verdict = check(&mut harness);
    let kind = if max { "MAX" } else { "MIN" };
    assert!(
        verdict.starts_with(&format!("Not quite. Node 1 is a {kind} node"))
            && verdict.ends_with(&format!(") = {value}.")),
        "{verdict}"
    );
    assert_eq!(harness.state().tree_lab().exercise.score[0], (1, 2));
}

#[test]
fn the_pruned_leaves_right_and_wrong() {
    let mut harness = lab_harness();
    open_exercises(&mut harness);
    let model = &harness.state().tree_lab().model;
    let pruned = pruned_leaves(&model.tree, model.options.root, model.options.order);
    assert!(!pruned.is_empty(), "the thesis's tree prunes leaves");
    let labels: Vec<String> = pruned
        .iter()
        .map(|&leaf| {
            let value = model.tree.leaf_value(leaf).unwrap_or_default();
            format!("leaf {} ({value})", model.numbers[leaf])
        })
        .collect();
    choose(&mut harness, "Pruned leaves");
    start(&mut harness);
    for label in &labels {
        tick(&mut harness, label);
    }
    assert_eq!(check(&mut harness), "Right.");
    // None ticked: the first cut names a leaf it skips and the node that cuts.
    start(&mut harness);
    for label in &labels {
        tick(&mut harness, label);
    }
    tick(&mut harness, &labels[0]);
    let verdict = check(&mut harness);
    assert!(
        verdict.contains("is never evaluated: at node") && verdict.contains("alpha >= beta"),
        "{verdict}"
    );
    assert_eq!(harness.state().tree_lab().exercise.score[1], (1, 2));
}

#[test]
fn the_best_order_of_the_root_right_and_wrong() {
    let mut harness = lab_harness();
    open_exercises(&mut harness);
    let model = &harness.state().tree_lab().model;
    let values = minimax_values(&model.tree, model.options.root);
    let max = max_nodes(&model.tree, model.options.root)[0];
    let mut children = model.tree.children(0).to_vec();
    children.sort_by_key(|&c| if max { -values[c] } else { values[c] });
    let best: Vec<String> = children
        .iter()
        .map(|&c| model.numbers[c].to_string())
        .collect();
    let distinct = children.first().map(|&c| values[c]) != children.last().map(|&c| values[c]);
    assert!(distinct, "the root's children differ in value");
    choose(&mut harness, "Best order");
    start(&mut harness);
    type_into(&mut harness, "Best first", &best.join(", "));
    assert_eq!(check(&mut harness), "Right.");
    start(&mut harness);
    let worst: Vec<String> = best.iter().rev().cloned().collect();
    type_into(&mut harness, "Best first", &worst.join(" "));
    let verdict = check(&mut harness);
    assert!(
        verdict.contains("At node 1") && verdict.contains("searched first, it cuts more"),
        "{verdict}"
    );
}

#[test]
fn the_failing_null_window_tests_right_and_wrong() {
    let mut harness = lab_harness();
    open_exercises(&mut harness);
    let model = &harness.state().tree_lab().model;
    let failing = failing_tests(&model.tree, model.options.root, model.options.order);
    assert!(
        !failing.is_empty(),
        "the thesis's tree has a failing null-window test"
    );
    let labels: Vec<String> = failing
        .iter()
        .map(|&node| format!("node {}", model.numbers[node]))
        .collect();
    choose(&mut harness, "Null-window tests");
    start(&mut harness);
    for label in &labels {
        tick(&mut harness, label);
    }
    assert_eq!(check(&mut harness), "Right.");
    // Ticking a first child, never tested with a null window, is explained as such.
    start(&mut harness);
    for label in &labels {
        tick(&mut harness, label);
    }
    let first = harness
        .state()
        .tree_lab()
        .model
        .tree
        .children(0)
        .get(1)
        .copied();
    let second_child = first.unwrap_or_else(|| panic!("the root has one child"));
    let label = format!(
        "node {}",
        harness.state().tree_lab().model.numbers[second_child]
    );
    tick(&mut harness, &label);
    let verdict = check(&mut harness);
    assert!(verdict.starts_with("Not quite."), "{verdict}");
    assert!(
        verdict.contains("null-window test") || verdict.contains("never fails"),
        "{verdict}"
    );
    assert_eq!(harness.state().tree_lab().exercise.score[3], (1, 2));
}

/// Issue 32 (6): an exercise about an algorithm runs that algorithm: once the
/// null-window exercise is checked, the trace shown is NegaScout's, not alpha-beta's, and
/// the pruned-leaves exercise's is alpha-beta's.
#[test]
fn a_checked_exercise_shows_the_trace_of_its_own_algorithm() {
    use queens_engines::ai::tree::lab::{LabAlgorithm, trace};
    let mut harness = lab_harness();
    frames(&mut harness, 2);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::T);
    frames(&mut harness, 3);
    let model = &harness.state().tree_lab().model;
    assert_eq!(model.options.algorithm, LabAlgorithm::AlphaBeta);
    let mut scout = model.options;
    scout.algorithm = LabAlgorithm::NegaScout;
    let scout_steps = trace(&model.tree, scout).steps.len();
    click(&mut harness, "Exercise: predict, then check");
    for (kind, algorithm) in [
        ("Null-window tests", LabAlgorithm::NegaScout),
        ("Pruned leaves", LabAlgorithm::AlphaBeta),
        ("Null-window tests", LabAlgorithm::NegaScout),
    ] {
        choose(&mut harness, kind);
        start_if_ended(&mut harness);
        click(&mut harness, "Check");
        let lab = harness.state().tree_lab();
        assert!(!lab.exercise.hiding());
        assert_eq!(
            lab.model.options.algorithm, algorithm,
            "{kind}: the trace after Check is another algorithm's"
        );
        if algorithm == LabAlgorithm::NegaScout {
            assert_eq!(lab.model.steps(), scout_steps);
        }
        click(&mut harness, "End exercise");
    }
}

/// Issue 32.5: at 1920x1080 the exercise's controls hid below a short inner scroll area
/// while the finished trace stayed on show until Start. From the moment the exercise
/// is opened the trace is hidden, and its answer field and Check are on screen without
/// scrolling.
#[test]
fn an_opened_exercise_hides_the_trace_and_keeps_its_controls_in_view() {
    let (mut harness, dir) = harness_sized(settings(Mode::HumanVsHuman, 6, 0), [1920.0, 1080.0]);
    std::mem::forget(dir);
    frames(&mut harness, 2);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::T);
    frames(&mut harness, 3);
    // The trace played to its end first, as a student who looked at it would have.
    harness.key_press(Key::End);
    frames(&mut harness, 2);
    assert!(harness.state().tree_lab().model.cursor > 0);
    harness
        .get_by_label("Exercise: predict, then check")
        .click_accesskit();
    frames(&mut harness, 4);
    assert!(harness.state().tree_lab().exercise.hiding());
    assert_eq!(harness.state().tree_lab().model.cursor, 0);
    let screen = harness.ctx.content_rect();
    for (role, label) in [(Role::Button, "Check"), (Role::TextInput, "Your value")] {
        let node = harness.get_by_role_and_label(role, label);
        let rect = node.rect();
        assert!(
            screen.contains_rect(rect) && rect.height() > 0.0,
            "{label:?} at {rect:?} is not on screen"
        );
        // Nothing over it clips it away: it is inside every scroll area around it.
        let mut at = node.parent();
        while let Some(ancestor) = at {
            if let Some(bounds) = ancestor.accesskit_node().bounding_box() {
                let outer = eframe::egui::Rect::from_min_max(
                    eframe::egui::pos2(bounds.x0 as f32, bounds.y0 as f32),
                    eframe::egui::pos2(bounds.x1 as f32, bounds.y1 as f32),
                );
                assert!(
                    outer.expand(1.0).contains_rect(rect),
                    "{label:?} at {rect:?} sticks out of {outer:?}"
                );
            }
            at = ancestor.parent();
        }
    }
}

/// The lab's window rectangle on screen.
fn lab_window(harness: &Harness<'_, App>) -> eframe::egui::Rect {
    harness
        .root()
        .children_recursive()
        .find(|node| {
            node.accesskit_node().role() == Role::Window
                && node.accesskit_node().label().as_deref() == Some("Tree Lab")
        })
        .map(|node| node.rect())
        .unwrap_or_else(|| panic!("the Tree Lab's window is not on screen"))
}

/// Fails unless the widget `label` (of `role`) is whole on the screen, inside the lab's
/// window and inside every scroll area around it: seen without scrolling.
fn assert_in_view(harness: &Harness<'_, App>, role: Role, label: &str, what: &str) {
    let screen = harness.ctx.content_rect().expand(0.5);
    let window = lab_window(harness).expand(1.0);
    let node = harness.get_by_role_and_label(role, label);
    let rect = node.rect();
    assert!(
        screen.contains_rect(rect) && window.contains_rect(rect) && rect.height() > 0.0,
        "{what}: {label:?} at {rect:?} is not in the window {window:?} on the screen {screen:?}"
    );
    let mut at = node.parent();
    while let Some(ancestor) = at {
        if let Some(bounds) = ancestor.accesskit_node().bounding_box() {
            let outer = eframe::egui::Rect::from_min_max(
                eframe::egui::pos2(bounds.x0 as f32, bounds.y0 as f32),
                eframe::egui::pos2(bounds.x1 as f32, bounds.y1 as f32),
            );
            assert!(
                outer.expand(1.0).contains_rect(rect),
                "{what}: {label:?} at {rect:?} is scrolled out of {outer:?}"
            );
        }
        at = ancestor.parent();
    }
}

/// Fails unless the tree was drawn in a view at least `least` points high, inside the
/// lab's window and the screen.
fn assert_tree_in_view(harness: &Harness<'_, App>, least: f32, what: &str) {
    let screen = harness.ctx.content_rect().expand(0.5);
    let window = lab_window(harness).expand(1.0);
    let view = harness
        .state()
        .tree_lab()
        .tree_view()
        .unwrap_or_else(|| panic!("{what}: the tree is not drawn"));
    assert!(
        screen.contains_rect(view) && window.contains_rect(view) && view.height() >= least,
        "{what}: the tree's view {view:?} is not {least} high in the window {window:?} on the \
         screen {screen:?}"
    );
}

/// Types `text` into the lab's tree field and loads it.
fn load_tree(harness: &mut Harness<'_, App>, text: &str) {
    harness
        .get_by_role_and_label(Role::TextInput, "Tree")
        .scroll_to_me();
    frames(harness, 2);
    harness
        .get_by_role_and_label(Role::TextInput, "Tree")
        .focus();
    frames(harness, 1);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness
        .get_by_role_and_label(Role::TextInput, "Tree")
        .type_text(text);
    frames(harness, 1);
    click(harness, "Load");
}

/// Issue 38.11: on a random tree of depth 4 and branching 4, the pruned-leaves exercise
/// lists 256 leaves: the window grew past the bottom of a full HD screen, Check half
/// shown, End exercise and the tree out of reach (at depth 5 Check was off screen). The
/// list scrolls; Check, End exercise, the verdict and the tree stay in view at any tree
/// size, at 640x480 too.
#[test]
fn a_long_leaf_list_scrolls_and_leaves_check_and_the_tree_in_view() {
    use queens_engines::ai::tree::random::{RandomSpec, random_tree};
    for (size, depth) in [
        ([640.0, 480.0], 4),
        ([1920.0, 1080.0], 4),
        ([1920.0, 1080.0], 5),
    ] {
        let what = format!("{}x{}, depth {depth}", size[0], size[1]);
        let (mut harness, dir) = harness_sized(settings(Mode::HumanVsHuman, 6, 0), size);
        std::mem::forget(dir);
        frames(&mut harness, 2);
        harness.key_press_modifiers(Modifiers::COMMAND, Key::T);
        frames(&mut harness, 3);
        let spec = RandomSpec {
            depth,
            branching: 4,
            low: -20,
            high: 20,
            seed: 5,
        };
        let tree = random_tree(spec).unwrap_or_else(|e| panic!("{e}"));
        load_tree(&mut harness, &tree.to_text());
        assert_eq!(
            harness.state().tree_lab().model.tree.leaf_count(),
            4usize.pow(depth)
        );
        click(&mut harness, "Exercise: predict, then check");
        choose(&mut harness, "Pruned leaves");
        frames(&mut harness, 4);
        assert!(harness.state().tree_lab().exercise.hiding(), "{what}");
        assert_in_view(&harness, Role::Button, "Check", &what);
        assert_in_view(&harness, Role::Button, "End exercise", &what);
        assert_tree_in_view(&harness, 100.0, &what);
        // The last leaf of the list can be reached and ticked.
        let model = &harness.state().tree_lab().model;
        let last = (0..model.tree.node_count())
            .rev()
            .find(|&n| model.tree.leaf_value(n).is_some())
            .unwrap_or_else(|| panic!("no leaf"));
        let value = model.tree.leaf_value(last).unwrap_or_default();
        let label = format!("leaf {} ({value})", model.numbers[last]);
        tick(&mut harness, &label);
        assert!(harness.state().tree_lab().exercise.marked.contains(&last));
        click(&mut harness, "Check");
        frames(&mut harness, 4);
        let verdict = harness
            .query_all_by(|node: &egui_kittest::kittest::AccessKitNode<'_>| {
                node.value()
                    .is_some_and(|v| v.starts_with("Right.") || v.starts_with("Not quite."))
            })
            .next()
            .and_then(|node| node.accesskit_node().value())
            .unwrap_or_else(|| panic!("{what}: no verdict shown"));
        assert_in_view(&harness, Role::Label, &verdict, &what);
        assert_in_view(&harness, Role::Button, "End exercise", &what);
        assert_tree_in_view(&harness, 100.0, &what);
        let window = lab_window(&harness);
        assert!(
            harness.ctx.content_rect().expand(0.5).contains_rect(window),
            "{what}: the window {window:?} is bigger than the screen"
        );
    }
}

/// Issue 38.12: at 640x480, once fig. 4.8's exercise is checked, the trace's controls
/// filled the window and the tree began below its edge. The tree stays in view beside
/// the verdict and the stepping buttons.
#[test]
fn a_checked_exercise_at_640x480_leaves_the_tree_in_view() {
    let (mut harness, dir) = harness_sized(settings(Mode::HumanVsHuman, 6, 0), [640.0, 480.0]);
    std::mem::forget(dir);
    frames(&mut harness, 2);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::T);
    frames(&mut harness, 3);
    click(&mut harness, "Examples");
    click(&mut harness, "Lecture 4, fig. 4.8, root MAX");
    click(&mut harness, "Exercise: predict, then check");
    for kind in ["Value", "Pruned leaves", "Best order", "Null-window tests"] {
        choose(&mut harness, kind);
        start_if_ended(&mut harness);
        click(&mut harness, "Check");
        frames(&mut harness, 4);
        assert!(!harness.state().tree_lab().exercise.hiding());
        assert_tree_in_view(&harness, 100.0, kind);
        assert_in_view(&harness, Role::Button, "End exercise", kind);
        assert_in_view(&harness, Role::Button, "Step forward", kind);
        click(&mut harness, "End exercise");
    }
}
