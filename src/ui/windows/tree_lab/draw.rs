//! The tree as the documents draw it: MAX nodes as up-triangles, MIN nodes as
//! down-triangles, leaves as squares with their values; each node's running value and
//! window, the current node ringed, cut edges struck through, pruned subtrees greyed and,
//! at the end, the chosen move in green. Only the nodes in view are painted, so trees of
//! thousands of leaves scroll smoothly.

use super::TreeLab;
use super::model::Status;
use super::rows::window_text;
use super::texts::LabTexts;
use crate::ai::tree::lab::{Event, SearchKind};
use eframe::egui::{self, Color32, FontId, Pos2, Rect, Sense, Shape, Stroke, Vec2, pos2, vec2};

/// A leaf slot's width and a level's height at zoom 1.
const SLOT: f32 = 46.0;
const LEVEL: f32 = 78.0;
const MARGIN: f32 = 28.0;
/// Above the root: room for the rings round it (current node, chosen move).
const TOP: f32 = 40.0;
/// A node's half-size at zoom 1.
const RADIUS: f32 = 15.0;
/// The smallest zoom at which values are written in the nodes.
const TEXT_ZOOM: f32 = 0.45;
/// Trees up to this many leaf slots (the documents' examples have at most 27) open at a
/// zoom where their values can be read, scrolling if they must; wider trees open fitted
/// to the view, to show their shape.
const READABLE_SLOTS: f32 = 64.0;

/// The colours of the drawing (light or dark theme).
struct Colors {
    max: Color32,
    min: Color32,
    leaf: Color32,
    text: Color32,
    edge: Color32,
    pruned: Color32,
    current: Color32,
    cut: Color32,
    chosen: Color32,
    window: Color32,
}

fn colors(dark: bool) -> Colors {
    let text = if dark {
        Color32::from_gray(230)
    } else {
        Color32::from_gray(20)
    };
    Colors {
        max: Color32::from_rgb(70, 130, 220),
        min: Color32::from_rgb(230, 120, 50),
        leaf: if dark {
            Color32::from_gray(90)
        } else {
            Color32::from_gray(235)
        },
        text,
        edge: if dark {
            Color32::from_gray(150)
        } else {
            Color32::from_gray(110)
        },
        pruned: Color32::from_gray(160).gamma_multiply(0.45),
        current: Color32::from_rgb(250, 200, 0),
        cut: Color32::from_rgb(220, 30, 30),
        chosen: Color32::from_rgb(30, 170, 60),
        window: if dark {
            Color32::from_rgb(160, 200, 255)
        } else {
            Color32::from_rgb(30, 60, 140)
        },
    }
}

/// The legend: each shape and mark with its meaning, painted (not glyphs, which the
/// fonts may lack).
pub fn legend_ui(ui: &mut egui::Ui, t: &LabTexts, dark: bool) {
    let c = colors(dark);
    ui.horizontal_wrapped(|ui| {
        let item = |ui: &mut egui::Ui, label: &str, paint: &dyn Fn(&egui::Painter, Pos2)| {
            let (rect, _) = ui.allocate_exact_size(vec2(18.0, 18.0), Sense::hover());
            paint(ui.painter(), rect.center());
            ui.label(label);
        };
        item(ui, t.legend_max, &|p, at| {
            p.add(node_shape(
                at,
                8.0,
                Some(true),
                c.max,
                Stroke::new(1.0, c.text),
            ));
        });
        item(ui, t.legend_min, &|p, at| {
            p.add(node_shape(
                at,
                8.0,
                Some(false),
                c.min,
                Stroke::new(1.0, c.text),
            ));
        });
        item(ui, t.legend_leaf, &|p, at| {
            p.add(node_shape(at, 8.0, None, c.leaf, Stroke::new(1.0, c.text)));
        });
        item(ui, t.legend_pruned, &|p, at| {
            p.add(node_shape(
                at,
                8.0,
                None,
                c.pruned,
                Stroke::new(1.0, c.pruned),
            ));
        });
        item(ui, t.legend_current, &|p, at| {
            p.circle_stroke(at, 8.0, Stroke::new(3.0, c.current));
        });
    });
}

/// A MAX (up), MIN (down) triangle or, for `None`, a leaf's square.
fn node_shape(at: Pos2, r: f32, max: Option<bool>, fill: Color32, stroke: Stroke) -> Shape {
    match max {
        Some(true) => Shape::convex_polygon(
            vec![
                pos2(at.x, at.y - r * 1.1),
                pos2(at.x + r * 1.15, at.y + r * 0.85),
                pos2(at.x - r * 1.15, at.y + r * 0.85),
            ],
            fill,
            stroke,
        ),
        Some(false) => Shape::convex_polygon(
            vec![
                pos2(at.x - r * 1.15, at.y - r * 0.85),
                pos2(at.x + r * 1.15, at.y - r * 0.85),
                pos2(at.x, at.y + r * 1.1),
            ],
            fill,
            stroke,
        ),
        None => Shape::rect_filled(Rect::from_center_size(at, Vec2::splat(r * 1.7)), 2.0, fill),
    }
}

/// A node's half-size at `zoom`: as large as its slot allows, so a fitted wide tree
/// stays readable.
fn node_radius(zoom: f32) -> f32 {
    (SLOT * zoom * 0.36).clamp(RADIUS * 0.35, RADIUS * 2.0)
}

/// The least distance between two levels at `zoom`: a node and the labels under it
/// (its window, a leaf's value) with a gap, so levels never run into each other.
fn least_level(zoom: f32) -> f32 {
    let r = node_radius(zoom);
    2.0 * r + 2.0 * (r * 0.65).clamp(7.0, 18.0) + 8.0
}

/// The distance between levels: spread over the height there is (`view_height`), so
/// the whole depth is in view where it fits, never closer than [`least_level`]: a deep
/// tree scrolls (issue 32.4: levels collapsed onto each other, node 3 on the root).
fn level_height(view_height: f32, levels: f32, zoom: f32) -> f32 {
    if levels > 0.0 {
        ((view_height - MARGIN - TOP - 36.0) / levels).max(least_level(zoom))
    } else {
        LEVEL * zoom
    }
}

/// The zoom at which a tree `slots` leaves wide and `levels` deep fits `view` whole:
/// its width, and its depth at [`least_level`] (the "Fit" button and a new tree).
fn fit_zoom(view: Vec2, slots: f32, levels: f32) -> f32 {
    let mut zoom = ((view.x - 2.0 * MARGIN) / (slots.max(1.0) * SLOT)).min(super::MAX_ZOOM);
    let room = view.y - MARGIN - TOP - 36.0;
    while zoom > super::MIN_ZOOM && levels * least_level(zoom) > room {
        zoom *= 0.95;
    }
    zoom.max(super::MIN_ZOOM)
}

/// The tree, in a scroll area; a click on a leaf selects it for editing and Ctrl+wheel
/// over the tree zooms.
pub fn tree_ui(ui: &mut egui::Ui, lab: &mut TreeLab, dark: bool) {
    let c = colors(dark);
    let view_height = ui.available_height();
    // A new tree is zoomed to fit the view's width (never above 1.5, never below a
    // readable zoom for small trees or the smallest zoom for large ones: then it scrolls).
    let levels = lab.model.layout.level.iter().max().copied().unwrap_or(0) as f32;
    if lab.fitted != Some(lab.model.generation) || lab.fit_asked {
        let slots = lab.model.layout.width.max(1.0);
        let fit = fit_zoom(ui.available_size(), slots, levels);
        // Fit asked for: the whole tree in view. A new tree: no smaller than a readable
        // zoom if it is small (it scrolls then).
        let floor = if slots <= READABLE_SLOTS && !lab.fit_asked {
            TEXT_ZOOM + 0.05
        } else {
            super::MIN_ZOOM
        };
        lab.zoom = fit.clamp(floor, 1.5);
        lab.fitted = Some(lab.model.generation);
        lab.fit_asked = false;
    }
    egui::ScrollArea::both()
        .id_salt("tree_lab_canvas")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            let zoom = lab.zoom;
            let model = &lab.model;
            let level_height = level_height(view_height, levels, zoom);
            let size = vec2(
                model.layout.width * SLOT * zoom + 2.0 * MARGIN,
                levels * level_height + MARGIN + TOP,
            );
            let (rect, response) = ui.allocate_exact_size(size, Sense::click());
            let at = |node: usize| {
                pos2(
                    rect.min.x + MARGIN + model.layout.x[node] * SLOT * zoom,
                    rect.min.y + TOP + model.layout.level[node] as f32 * level_height,
                )
            };
            let view = ui.clip_rect().expand(SLOT * zoom * 2.0);
            let painter = ui.painter_at(rect);
            let r = node_radius(zoom);
            let finished = model.cursor == model.steps() && model.steps() > 0;
            let chosen = finished
                .then(|| model.trace.best.and_then(|i| model.tree.children(0).get(i)))
                .flatten()
                .copied();
            // Edges first, under the nodes.
            for node in 0..model.tree.node_count() {
                let from = at(node);
                for &child in model.tree.children(node) {
                    let to = at(child);
                    if !view.intersects(Rect::from_two_pos(from, to)) {
                        continue;
                    }
                    let pruned = model.nodes[child].status == Status::Pruned;
                    let stroke = if node == 0 && Some(child) == chosen {
                        Stroke::new(4.0, c.chosen)
                    } else if pruned {
                        Stroke::new(1.0, c.pruned)
                    } else {
                        Stroke::new(1.2, c.edge)
                    };
                    painter.line_segment([from, to], stroke);
                }
            }
            if zoom >= TEXT_ZOOM {
                let background = ui.visuals().extreme_bg_color;
                edge_labels(&painter, model, &at, (view, background), r, &c);
            }
            // Cuts so far: two short red strokes across each skipped edge.
            for step in &model.trace.steps[..model.cursor] {
                if let Event::Cut { skipped } = &step.event {
                    let from = at(step.node);
                    for &child in skipped {
                        let to = at(child);
                        let mid = from + (to - from) * 0.45;
                        let dir = (to - from).normalized();
                        let across = vec2(-dir.y, dir.x) * r * 0.8;
                        for shift in [-0.12f32, 0.12] {
                            let centre = mid + (to - from) * shift * 0.5;
                            painter.line_segment(
                                [centre - across, centre + across],
                                Stroke::new(2.5, c.cut),
                            );
                        }
                    }
                }
            }
            let current = model.current().map(|step| step.node);
            let value_font = FontId::proportional((r * 0.8).clamp(8.0, 22.0));
            let small_font = FontId::proportional((r * 0.65).clamp(7.0, 18.0));
            let show_text = zoom >= TEXT_ZOOM;
            let show_window = zoom >= 0.7;
            for node in 0..model.tree.node_count() {
                let centre = at(node);
                if !view.contains(centre) {
                    continue;
                }
                let view_of = model.nodes[node];
                let leaf = model.tree.leaf_value(node);
                let kind = leaf.is_none().then_some(model.is_max[node]);
                let base = match kind {
                    Some(true) => c.max,
                    Some(false) => c.min,
                    None => c.leaf,
                };
                let (fill, stroke, text) = match view_of.status {
                    Status::Pruned => (c.pruned, Stroke::new(1.0, c.pruned), c.pruned),
                    Status::Unvisited => (
                        base.gamma_multiply(0.25),
                        Stroke::new(1.0, base),
                        c.text.gamma_multiply(0.7),
                    ),
                    Status::Open => (base.gamma_multiply(0.6), Stroke::new(2.0, c.text), c.text),
                    Status::Done => (base, Stroke::new(1.0, c.text), c.text),
                };
                painter.add(node_shape(centre, r, kind, fill, stroke));
                if kind.is_none() {
                    let square = Rect::from_center_size(centre, Vec2::splat(r * 1.7));
                    painter.rect_stroke(square, 2.0, stroke, egui::StrokeKind::Middle);
                }
                if Some(node) == lab.selected_leaf {
                    let square = Rect::from_center_size(centre, Vec2::splat(r * 2.3));
                    painter.rect_stroke(
                        square,
                        3.0,
                        Stroke::new(2.0, c.window),
                        egui::StrokeKind::Middle,
                    );
                }
                if Some(node) == current {
                    painter.circle_stroke(centre, r * 1.55, Stroke::new(3.0, c.current));
                }
                if lab.exercise.active && lab.exercise.marked.contains(&node) {
                    // The student's tick: a red cross over the node.
                    let d = r * 0.9;
                    for (a, b) in [(vec2(-d, -d), vec2(d, d)), (vec2(-d, d), vec2(d, -d))] {
                        painter.line_segment([centre + a, centre + b], Stroke::new(3.0, c.cut));
                    }
                }
                if finished && (node == 0 || Some(node) == chosen) {
                    painter.circle_stroke(centre, r * 1.35, Stroke::new(2.0, c.chosen));
                }
                if !show_text {
                    continue;
                }
                // A leaf shows its own value; an inner node its running value.
                let shown = leaf.or(view_of.value);
                if let Some(value) = shown {
                    painter.text(
                        centre
                            + vec2(
                                0.0,
                                if kind == Some(false) {
                                    -r * 0.25
                                } else {
                                    r * 0.2
                                },
                            ),
                        egui::Align2::CENTER_CENTER,
                        value.to_string(),
                        value_font.clone(),
                        if kind.is_some() && view_of.status != Status::Pruned {
                            Color32::WHITE
                        } else {
                            text
                        },
                    );
                }
                // The node's number, as the lecture's tables name nodes.
                painter.text(
                    centre + vec2(-r * 1.2, -r * 1.2),
                    egui::Align2::RIGHT_BOTTOM,
                    model.numbers[node].to_string(),
                    small_font.clone(),
                    c.edge,
                );
                if show_window
                    && kind.is_some()
                    && let Some(window) = view_of.window
                    && matches!(view_of.status, Status::Open | Status::Done)
                {
                    let mut label = window_text(window);
                    if view_of.status == Status::Open {
                        match view_of.search {
                            SearchKind::Scout => label.push_str(" ?"),
                            SearchKind::Research => label.push_str(" !"),
                            SearchKind::Full => {}
                        }
                    }
                    painter.text(
                        centre + vec2(r * 1.3, -r * 0.2),
                        egui::Align2::LEFT_CENTER,
                        label,
                        small_font.clone(),
                        c.window,
                    );
                }
            }
            if response.clicked()
                && let Some(pointer) = response.interact_pointer_pos()
                && lab.exercise.marks_by_click()
            {
                // An exercise that asks for nodes: a click ticks (or unticks) one.
                let hit = (0..model.tree.node_count())
                    .find(|&node| (at(node) - pointer).length() <= r * 1.3);
                if let Some(node) = hit {
                    lab.exercise.toggle(&model.tree, node);
                }
            } else if response.clicked()
                && let Some(pointer) = response.interact_pointer_pos()
            {
                lab.selected_leaf = (0..model.tree.node_count())
                    .filter(|&node| model.tree.leaf_value(node).is_some())
                    .find(|&node| (at(node) - pointer).length() <= r * 1.3);
                if let Some(leaf) = lab.selected_leaf {
                    lab.leaf_edit = model.tree.leaf_value(leaf).unwrap_or(0);
                }
            }
            if response.hovered() {
                let factor = ui.input(|input| input.zoom_delta());
                if factor != 1.0 {
                    lab.zoom = (lab.zoom * factor).clamp(super::MIN_ZOOM, super::MAX_ZOOM);
                }
            }
        });
}

/// Each labelled edge's move (a game's tree), written on the edge near its child, where
/// sibling edges are furthest apart; a label wider than the gap to its siblings there is
/// left out rather than written over another.
fn edge_labels(
    painter: &egui::Painter,
    model: &super::LabModel,
    at: &dyn Fn(usize) -> Pos2,
    (view, background): (Rect, Color32),
    r: f32,
    c: &Colors,
) {
    let font = FontId::proportional((r * 0.7).clamp(9.0, 16.0));
    for node in 0..model.tree.node_count() {
        let children = model.tree.children(node);
        let from = at(node);
        for (index, &child) in children.iter().enumerate() {
            let Some(label) = model.tree.label(child) else {
                continue;
            };
            let to = at(child);
            // Just above the child's node, clear of its shape.
            let t = ((to.y - from.y - r * 2.2) / (to.y - from.y).max(1.0)).clamp(0.5, 0.8);
            let spot = from + (to - from) * t;
            if !view.contains(spot) {
                continue;
            }
            let gap = [index.checked_sub(1), Some(index + 1)]
                .into_iter()
                .flatten()
                .filter_map(|sibling| children.get(sibling))
                .map(|&sibling| (at(sibling).x - to.x).abs() * t)
                .fold(f32::INFINITY, f32::min);
            let color = if model.nodes[child].status == Status::Pruned {
                c.pruned
            } else {
                c.text
            };
            let galley = painter.layout_no_wrap(label.to_string(), font.clone(), color);
            if galley.size().x + 4.0 > gap {
                continue;
            }
            let rect = Rect::from_center_size(spot, galley.size() + vec2(4.0, 0.0));
            painter.rect_filled(rect, 2.0, background.gamma_multiply(0.85));
            painter.galley(rect.min + vec2(2.0, 0.0), galley, color);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 32.4: at 640x480, and with the exercise open, the levels collapsed onto
    /// each other. At every zoom and any view height, two levels are at least a node
    /// and its labels apart.
    #[test]
    fn levels_never_overlap_however_short_the_view() {
        for zoom in [0.1, 0.3, 0.5, 0.8, 1.0, 1.5, 2.0, 3.0] {
            let r = node_radius(zoom);
            for view_height in [60.0, 120.0, 240.0, 480.0, 1000.0] {
                for levels in [1.0, 3.0, 6.0, 12.0] {
                    let apart = level_height(view_height, levels, zoom);
                    assert!(
                        apart >= 2.0 * r + 2.0 * 7.0,
                        "zoom {zoom}, view {view_height}, {levels} levels: {apart} apart, nodes {r} big"
                    );
                }
            }
        }
    }

    /// Fit shows the whole tree where the smallest zoom allows it.
    #[test]
    fn fit_puts_the_whole_tree_in_view() {
        for (view, slots, levels) in [
            (vec2(600.0, 300.0), 27.0, 3.0),
            (vec2(1800.0, 500.0), 27.0, 3.0),
            (vec2(400.0, 200.0), 9.0, 2.0),
        ] {
            let zoom = fit_zoom(view, slots, levels);
            let width = slots * SLOT * zoom + 2.0 * MARGIN;
            let height = levels * level_height(view.y, levels, zoom) + MARGIN + TOP;
            assert!(width <= view.x + 0.5, "{view:?}: {width} wide at {zoom}");
            assert!(height <= view.y, "{view:?}: {height} tall at {zoom}");
        }
    }
}
