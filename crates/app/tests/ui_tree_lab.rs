//! The Tree Lab in the real window, driven by kittest through accessible labels: open it,
//! load the thesis tree, step the whole trace forwards and backwards, and read the
//! evaluation count it shows; the same in Vietnamese; the step table's export.

use crate::ui_support;

use calamine::{Data, Reader, Xlsx, open_workbook};
use eframe::egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use queens_app::{App, Language, Mode};
use ui_support::{click, frames, harness, settings};

fn cursor(harness: &Harness<'_, App>) -> usize {
    harness.state().tree_lab().model.cursor
}

fn steps(harness: &Harness<'_, App>) -> usize {
    harness.state().tree_lab().model.steps()
}

/// The evaluation line must read exactly `text` (kittest finds it by its label).
fn shows(harness: &Harness<'_, App>, text: &str) {
    assert!(
        harness.query_by_label(text).is_some(),
        "the lab does not show {text:?}"
    );
}

/// Scrolls the control labelled `label` into view in the lab's controls (they scroll in
/// the top part of its window) and clicks it as assistive technology does: a pointer
/// click at the rectangle read while the scroll still animates can miss it.
fn press(harness: &mut Harness<'_, App>, label: &str) {
    harness.get_by_label(label).scroll_to_me();
    frames(harness, 2);
    harness.get_by_label(label).click_accesskit();
    frames(harness, 3);
}

fn open_lab(harness: &mut Harness<'_, App>) {
    frames(harness, 2);
    click(harness, "Learn");
    // The item's label carries its shortcut too ("Tree Lab…" and Ctrl+T).
    harness.get_by_label_contains("Tree Lab…").click();
    frames(harness, 3);
    assert!(harness.state().tree_lab().open);
}

#[test]
fn the_thesis_tree_steps_forwards_and_backwards_with_its_16_evaluations() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 8, 4));
    open_lab(&mut harness);
    // Another example first, so loading the thesis tree is seen to happen.
    click(&mut harness, "Examples");
    click(&mut harness, "Slides: 3 12 8 / 2 x y / 14 5 2");
    assert_eq!(harness.state().tree_lab().model.tree.leaf_count(), 9);
    click(&mut harness, "Examples");
    click(&mut harness, "Thesis, fig. 2.9 (27 leaves)");
    assert_eq!(harness.state().tree_lab().model.tree.leaf_count(), 27);
    shows(
        &harness,
        "Static evaluations so far: 0 · this search: 16 · plain minimax: 27",
    );
    let total = steps(&harness);
    assert!(total > 27, "{total} steps");
    // Forwards with the button, one step at a time, the count never falling.
    let mut last_evaluations = 0;
    for expected in 1..=total {
        click(&mut harness, "Step forward");
        assert_eq!(cursor(&harness), expected);
        let shown = harness.state().tree_lab().model.evaluations_so_far();
        assert!(shown >= last_evaluations);
        last_evaluations = shown;
        shows(
            &harness,
            &format!("Static evaluations so far: {shown} · this search: 16 · plain minimax: 27"),
        );
    }
    shows(
        &harness,
        "Static evaluations so far: 16 · this search: 16 · plain minimax: 27",
    );
    shows(&harness, "Value 5: the root plays child 2 (node 3).");
    assert!(
        harness
            .query_by_label_contains("the other children cannot change")
            .is_some()
    );
    // Backwards with the Left key, all the way.
    for expected in (0..total).rev() {
        harness.key_press(Key::ArrowLeft);
        frames(&mut harness, 1);
        assert_eq!(cursor(&harness), expected);
    }
    shows(
        &harness,
        "Static evaluations so far: 0 · this search: 16 · plain minimax: 27",
    );
    // End and Home jump.
    harness.key_press(Key::End);
    frames(&mut harness, 1);
    assert_eq!(cursor(&harness), total);
    harness.key_press(Key::Home);
    frames(&mut harness, 1);
    assert_eq!(cursor(&harness), 0);
}

#[test]
fn negascout_and_a_min_root_render_in_vietnamese() {
    let mut vietnamese = settings(Mode::HumanVsHuman, 8, 4);
    vietnamese.language = Language::Vietnamese;
    let (mut harness, _dir) = harness(vietnamese);
    frames(&mut harness, 2);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::T);
    frames(&mut harness, 3);
    assert!(harness.state().tree_lab().open);
    click(&mut harness, "NegaScout (PVS)");
    click(&mut harness, "Bước cuối");
    assert!(harness.state().tree_lab().model.trace.researches >= 1);
    assert!(
        harness
            .query_by_label_contains("Số lần lượng giá tĩnh đến giờ")
            .is_some()
    );
    // Every reason of the trace is drawn once in the table (epaint panics on a glyph the
    // fonts lack; every string is checked directly in crates/app/tests/ui_look.rs).
    click(&mut harness, "MIN");
    click(&mut harness, "Bước cuối");
    assert_eq!(harness.state().tree_lab().model.trace.value, 2);
    frames(&mut harness, 2);
}

#[test]
fn the_step_table_exports_to_a_workbook() {
    let (mut harness, dir) = harness(settings(Mode::HumanVsHuman, 8, 4));
    open_lab(&mut harness);
    press(&mut harness, "Excel workbook");
    press(&mut harness, "Export steps to Excel");
    let path = dir.path().join("tree-steps.xlsx");
    assert!(path.exists(), "no workbook at {}", path.display());
    let mut book: Xlsx<_> = open_workbook(&path).unwrap_or_else(|e| panic!("{e}"));
    let range = book
        .worksheet_range("Steps")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(range.height(), steps(&harness) + 1);
    assert_eq!(range.get((0, 3)), Some(&Data::String("α".into())));
    // The last row's evaluation count is the thesis's 16.
    assert_eq!(range.get((range.height() - 1, 6)), Some(&Data::Float(16.0)));
    let cut_reasons = range
        .rows()
        .filter(|row| matches!(row.get(7), Some(Data::String(s)) if s.contains("cannot change")))
        .count();
    assert_eq!(
        cut_reasons as u32,
        harness.state().tree_lab().model.trace.cuts
    );
}

#[test]
fn play_a_random_tree_and_a_bad_tree_says_where() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 8, 4));
    open_lab(&mut harness);
    click(&mut harness, "Random tree");
    click(&mut harness, "Generate");
    // The default generator: depth 3, branching 3.
    assert_eq!(harness.state().tree_lab().model.tree.leaf_count(), 27);
    assert_eq!(cursor(&harness), 0);
    // Play steps by itself, frame by frame, until paused.
    click(&mut harness, "Play");
    ui_support::step_until(&mut harness, "two played steps", |app| {
        app.tree_lab().model.cursor >= 2
    });
    click(&mut harness, "Pause");
    let paused_at = cursor(&harness);
    frames(&mut harness, 30);
    assert_eq!(cursor(&harness), paused_at);
    // A typo in the tree is refused with its position; the old tree stays.
    harness.get_by_label("Tree").click();
    frames(&mut harness, 1);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness.get_by_label("Tree").type_text("(1 2 x)");
    frames(&mut harness, 1);
    click(&mut harness, "Load");
    assert!(
        harness
            .query_by_label_contains("unexpected 'x' at position 5")
            .is_some()
    );
    assert_eq!(harness.state().tree_lab().model.tree.leaf_count(), 27);
}

/// Presses `keys` within one frame (kittest's own key presses take a frame each).
fn presses_in_one_frame(harness: &mut Harness<'_, App>, keys: &[Key]) {
    for &key in keys {
        for pressed in [true, false] {
            harness.input_mut().events.push(eframe::egui::Event::Key {
                key,
                physical_key: None,
                pressed,
                repeat: false,
                modifiers: Modifiers::NONE,
            });
        }
    }
    harness.step();
}

// Issue 19.11: every key press steps, even two within one frame (a quick double tap on
// a busy machine).
#[test]
fn two_arrow_presses_in_one_frame_are_two_steps() {
    let (mut harness, _dir) = harness(settings(Mode::HumanVsHuman, 8, 4));
    open_lab(&mut harness);
    presses_in_one_frame(&mut harness, &[Key::ArrowRight, Key::ArrowRight]);
    assert_eq!(cursor(&harness), 2);
    let keys = [
        Key::ArrowRight,
        Key::ArrowRight,
        Key::ArrowRight,
        Key::ArrowLeft,
    ];
    presses_in_one_frame(&mut harness, &keys);
    assert_eq!(cursor(&harness), 4);
}

/// Whether a label `step` (a row's step number) is drawn on screen, below the lab's step
/// buttons and above the bottom of a window `height` high.
fn row_in_view(harness: &Harness<'_, App>, step: usize, height: f32) -> bool {
    let buttons = harness.get_by_label("Last step").rect();
    harness
        .query_all_by_label(&step.to_string())
        .any(|node| node.rect().top() > buttons.bottom() && node.rect().bottom() < height)
}

// Issue 19.11: after "Last step" the table shows the last step without scrolling (at
// 1920x1080 it was scrolled past its end, every row above the view).
#[test]
fn last_step_scrolls_the_table_to_the_last_row() {
    let size = [1920.0, 1080.0];
    let (mut harness, _dir) = ui_support::harness_sized(settings(Mode::HumanVsHuman, 8, 4), size);
    open_lab(&mut harness);
    click(&mut harness, "Last step");
    frames(&mut harness, 3);
    let total = steps(&harness);
    assert!(
        row_in_view(&harness, total, size[1]),
        "step {total} not in view"
    );
    click(&mut harness, "First step");
    frames(&mut harness, 3);
    assert!(row_in_view(&harness, 1, size[1]));
}

// Issue 19.13: the export's note is worded in the language on screen.
#[test]
fn the_export_note_follows_a_switch_of_language() {
    let (mut harness, dir) = harness(settings(Mode::HumanVsHuman, 8, 4));
    open_lab(&mut harness);
    press(&mut harness, "Excel workbook");
    press(&mut harness, "Export steps to Excel");
    ui_support::step_until(&mut harness, "the export", |app| {
        app.tree_lab().export_job.is_none()
    });
    frames(&mut harness, 2);
    let path = dir.path().join("tree-steps.xlsx");
    shows(&harness, &format!("Steps written to {}", path.display()));
    click(&mut harness, "View");
    click(&mut harness, "Tiếng Việt");
    frames(&mut harness, 2);
    shows(&harness, &format!("Đã ghi các bước vào {}", path.display()));
}

/// Issue 19 (13): on a full HD screen the step table has room for its Why column (it
/// was pushed under each row, its heading gone).
#[test]
fn a_full_hd_lab_shows_the_why_column() {
    for (language, why) in [(Language::English, "Why"), (Language::Vietnamese, "Vì sao")] {
        let mut chosen = settings(Mode::HumanVsHuman, 8, 4);
        chosen.language = language;
        let (mut harness, _dir) = ui_support::harness_sized(chosen, [1920.0, 1080.0]);
        frames(&mut harness, 2);
        let ctx = harness.ctx.clone();
        harness
            .state_mut()
            .apply(&ctx, queens_app::Action::ToggleTreeLab);
        frames(&mut harness, 4);
        shows(&harness, why);
    }
}

/// Types `text` into the lab's tree field and loads it.
fn load_tree(harness: &mut Harness<'_, App>, text: &str) {
    load_tree_as(harness, "Tree", "Load", text);
}

/// [`load_tree`] with the field and the button named in the window's language.
fn load_tree_as(harness: &mut Harness<'_, App>, field: &str, load: &str, text: &str) {
    use eframe::egui::accesskit::Role;
    harness
        .get_by_role_and_label(Role::TextInput, field)
        .scroll_to_me();
    frames(harness, 2);
    harness
        .get_by_role_and_label(Role::TextInput, field)
        .focus();
    frames(harness, 1);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::A);
    harness
        .get_by_role_and_label(Role::TextInput, field)
        .type_text(text);
    frames(harness, 1);
    press(harness, load);
}

/// The principal path from the root: each node's first child of the node's own value.
fn principal_path(harness: &Harness<'_, App>) -> Vec<usize> {
    let model = &harness.state().tree_lab().model;
    let values = queens_engines::ai::tree::lab::minimax_values(&model.tree, model.options.root);
    let mut path = vec![0];
    let mut node = 0;
    while let Some(&next) = model
        .tree
        .children(node)
        .iter()
        .find(|&&child| values[child] == values[node])
    {
        path.push(next);
        node = next;
    }
    path
}

/// Issue 38.13: a 15x15 board's two plies (3,348 leaves): Fit stopped at zoom 0.1 with
/// three MIN nodes in view and the root off it. Fit shows the root and the principal
/// path (here its best move is the last child, as far from the root as a move can be),
/// at 640x480 and 1920x1080.
#[test]
fn fit_shows_the_root_and_the_principal_path_of_a_wide_tree() {
    // 58 moves of 58 replies each; the last move's replies are the best for the root.
    let children: Vec<String> = (0..58)
        .map(|i| {
            let leaves: Vec<String> = (0..58).map(|j| (i * 100 + j).to_string()).collect();
            format!("({})", leaves.join(" "))
        })
        .collect();
    let text = format!("({})", children.join(" "));
    for size in [[640.0, 480.0], [1920.0, 1080.0]] {
        let (mut harness, _dir) =
            ui_support::harness_sized(settings(Mode::HumanVsHuman, 8, 4), size);
        open_lab(&mut harness);
        load_tree(&mut harness, &text);
        assert_eq!(harness.state().tree_lab().model.tree.leaf_count(), 58 * 58);
        press(&mut harness, "Fit the tree");
        frames(&mut harness, 3);
        let lab = harness.state().tree_lab();
        let view = lab
            .tree_view()
            .unwrap_or_else(|| panic!("{size:?}: the tree is not drawn"));
        let path = principal_path(&harness);
        assert_eq!(path.len(), 3, "root, move, reply");
        for node in path {
            let at = lab
                .drawn_at(node)
                .unwrap_or_else(|| panic!("node {node} not placed"));
            assert!(
                view.contains(at),
                "{size:?}: node {} at {at:?} is not in the tree's view {view:?} (zoom {})",
                lab.model.numbers[node],
                lab.zoom
            );
        }
    }
}

/// Issue 38.15: the "From a game" note named the game by its tag ("Dựng từ queens
/// size=15 ..."); it names it in the window's language.
#[test]
fn a_grown_tree_names_its_game_in_vietnamese() {
    let mut vietnamese = settings(Mode::HumanVsHuman, 6, 0);
    vietnamese.language = Language::Vietnamese;
    let (mut harness, _dir) = harness(vietnamese);
    frames(&mut harness, 2);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::T);
    frames(&mut harness, 3);
    press(&mut harness, "Từ một ván cờ");
    press(&mut harness, "Bàn cờ trên màn hình");
    press(&mut harness, "Dựng cây");
    assert!(harness.state().tree_lab().grow.error.is_none());
    assert!(
        harness.query_by_label_contains("Dựng từ queens").is_none(),
        "the note names the game by its tag"
    );
    assert!(
        harness
            .query_by_label_contains("Dựng từ Quân Hậu & Đá")
            .is_some(),
        "the note does not name the game in Vietnamese"
    );
}

/// Issue 38.15: the step table cut a Vietnamese event short ("con 66 = 22, không tốt
/// ..."). Each event in the table is drawn whole: its cell is as wide as its text.
#[test]
fn the_step_table_shows_each_event_whole_in_vietnamese() {
    use eframe::egui::{Color32, TextStyle};
    let mut vietnamese = settings(Mode::HumanVsHuman, 8, 4);
    vietnamese.language = Language::Vietnamese;
    let (mut harness, _dir) = harness(vietnamese);
    frames(&mut harness, 2);
    harness.key_press_modifiers(Modifiers::COMMAND, Key::T);
    frames(&mut harness, 3);
    // Three-digit node numbers and two-digit values, as a random tree's.
    let spec = queens_engines::ai::tree::random::RandomSpec {
        depth: 4,
        branching: 3,
        low: -99,
        high: 99,
        seed: 3,
    };
    let tree =
        queens_engines::ai::tree::random::random_tree(spec).unwrap_or_else(|e| panic!("{e}"));
    load_tree_as(&mut harness, "Cây", "Nạp", &tree.to_text());
    click(&mut harness, "Bước cuối");
    frames(&mut harness, 3);
    let font = TextStyle::Body.resolve(&harness.ctx.global_style());
    let events: Vec<(String, f32)> = harness
        .query_all_by(|node: &egui_kittest::kittest::AccessKitNode<'_>| {
            node.value()
                .is_some_and(|v| v.starts_with("con ") && v.contains("không tốt hơn"))
        })
        .filter_map(|node| Some((node.accesskit_node().value()?, node.rect().width())))
        .collect();
    assert!(!events.is_empty(), "no 'not better' event in view");
    for (text, width) in events {
        let whole = harness.ctx.fonts_mut(|fonts| {
            fonts
                .layout_no_wrap(text.clone(), font.clone(), Color32::WHITE)
                .size()
                .x
        });
        assert!(
            width + 0.5 >= whole,
            "{text:?} is drawn {width} wide, its text is {whole}"
        );
    }
}

/// A new tree opens from its left edge with its root in view: the fit's scroll to the
/// root (issue 38.13) moves a tree sideways only when its root is past the view's right
/// edge (the thesis's tree at 50%, a little wider than its view, lost its first leaves).
#[test]
fn a_new_tree_opens_from_its_left_edge_with_its_root() {
    for size in [[1920.0, 1080.0], [1100.0, 760.0]] {
        let (mut harness, _dir) =
            ui_support::harness_sized(settings(Mode::HumanVsHuman, 8, 4), size);
        open_lab(&mut harness);
        frames(&mut harness, 4);
        let lab = harness.state().tree_lab();
        let view = lab
            .tree_view()
            .unwrap_or_else(|| panic!("{size:?}: the tree is not drawn"));
        let model = &lab.model;
        let leaves: Vec<usize> = (0..model.tree.node_count())
            .filter(|&n| model.tree.leaf_value(n).is_some())
            .collect();
        for node in [leaves[0], 0] {
            let at = lab
                .drawn_at(node)
                .unwrap_or_else(|| panic!("node {node} not placed"));
            assert!(
                view.x_range().contains(at.x),
                "{size:?}: node {} at {at:?} is not in the view {view:?} (zoom {})",
                model.numbers[node],
                lab.zoom
            );
        }
    }
}

/// The step table's columns end inside the lab's window on a wide screen: its right edge
/// (and the ellipsis of a reason cut short) lay 10 points past the window's, once the
/// event column was as wide as its events.
#[test]
fn the_step_table_ends_inside_the_window() {
    use eframe::egui::accesskit::Role;
    for language in [Language::English, Language::Vietnamese] {
        let mut chosen = settings(Mode::HumanVsHuman, 8, 4);
        chosen.language = language;
        let (mut harness, _dir) = ui_support::harness_sized(chosen, [1920.0, 1080.0]);
        frames(&mut harness, 2);
        harness.key_press_modifiers(Modifiers::COMMAND, Key::T);
        frames(&mut harness, 4);
        let window = harness
            .root()
            .children_recursive()
            .find(|node| node.accesskit_node().role() == Role::Window)
            .map(|node| node.rect())
            .unwrap_or_else(|| panic!("no window"));
        let why = if language == Language::English {
            "Why"
        } else {
            "Vì sao"
        };
        let heading = harness.get_by_label(why).rect();
        assert!(
            heading.right() <= window.right() - 4.0,
            "{language:?}: the Why column's heading ends at {} in a window ending at {}",
            heading.right(),
            window.right()
        );
        // Every row's reason ends inside the window too.
        for node in harness.root().children_recursive() {
            let text = node.accesskit_node().value().unwrap_or_default();
            if text.contains("alpha =") || text.contains("beta =") {
                assert!(
                    node.rect().right() <= window.right(),
                    "{language:?}: {text:?} ends at {}, the window at {}",
                    node.rect().right(),
                    window.right()
                );
            }
        }
    }
}
