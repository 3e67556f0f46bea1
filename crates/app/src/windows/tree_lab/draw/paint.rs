//! Painting one frame of the tree, part by part (edges, their moves, the cuts, each node
//! with its marks and texts), on a [`Canvas`] that places the nodes. [`super::tree_ui`]
//! lays the canvas out and handles clicks; this module only paints.

use super::super::LabModel;
use super::super::TreeLab;
use super::super::model::{NodeView, Status};
use super::super::rows::window_text;
use super::{Colors, MARGIN, SLOT, TEXT_ZOOM, TOP, node_shape};
use eframe::egui::{self, Color32, FontId, Pos2, Rect, Stroke, Vec2, pos2, vec2};
use queens_engines::ai::tree::lab::{Event, SearchKind};

/// Where this frame draws the nodes.
pub(super) struct Canvas {
    /// The top left of the tree's area.
    pub origin: Pos2,
    /// The zoom.
    pub zoom: f32,
    /// The distance between levels.
    pub level_height: f32,
    /// A node's half-size.
    pub r: f32,
    /// The part in view (with a margin): only what is in it is painted.
    pub view: Rect,
}

impl Canvas {
    /// The centre of `node`.
    pub(crate) fn at(&self, model: &LabModel, node: usize) -> Pos2 {
        pos2(
            self.origin.x + MARGIN + model.layout.x[node] * SLOT * self.zoom,
            self.origin.y + TOP + model.layout.level[node] as f32 * self.level_height,
        )
    }

    /// The first node `keep` accepts whose shape `pointer` is on.
    pub(crate) fn hit(
        &self,
        model: &LabModel,
        pointer: Pos2,
        keep: impl Fn(usize) -> bool,
    ) -> Option<usize> {
        (0..model.tree.node_count())
            .filter(|&node| keep(node))
            .find(|&node| (self.at(model, node) - pointer).length() <= self.r * 1.3)
    }
}

/// How the search has ended so far: whether the trace is at its end, and then the root's
/// chosen child.
#[derive(Clone, Copy)]
struct Ending {
    finished: bool,
    chosen: Option<usize>,
}

fn ending(model: &LabModel) -> Ending {
    let finished = model.cursor == model.steps() && model.steps() > 0;
    let chosen = finished
        .then(|| model.trace.best.and_then(|i| model.tree.children(0).get(i)))
        .flatten()
        .copied();
    Ending { finished, chosen }
}

/// The whole tree: edges under the nodes, then the nodes in view. `background` fills
/// behind the moves written on edges.
pub(super) fn paint(
    painter: &egui::Painter,
    lab: &TreeLab,
    canvas: &Canvas,
    background: Color32,
    c: &Colors,
) {
    let model = &lab.model;
    let end = ending(model);
    paint_edges(painter, model, canvas, end.chosen, c);
    if canvas.zoom >= TEXT_ZOOM {
        let at = |node: usize| canvas.at(model, node);
        edge_labels(painter, model, &at, (canvas.view, background), canvas.r, c);
    }
    paint_cuts(painter, model, canvas, c);
    let fonts = Fonts::new(canvas.r);
    for node in 0..model.tree.node_count() {
        let centre = canvas.at(model, node);
        if canvas.view.contains(centre) {
            paint_node(painter, lab, canvas, (node, centre), end, c);
            if canvas.zoom >= TEXT_ZOOM {
                node_texts(painter, model, canvas, (node, centre), &fonts, c);
            }
        }
    }
}

/// Every edge in view; the chosen move thick and green, pruned ones faint.
fn paint_edges(
    painter: &egui::Painter,
    model: &LabModel,
    canvas: &Canvas,
    chosen: Option<usize>,
    c: &Colors,
) {
    for node in 0..model.tree.node_count() {
        let from = canvas.at(model, node);
        for &child in model.tree.children(node) {
            let to = canvas.at(model, child);
            if !canvas.view.intersects(Rect::from_two_pos(from, to)) {
                continue;
            }
            let stroke = if node == 0 && Some(child) == chosen {
                Stroke::new(4.0, c.chosen)
            } else if model.nodes[child].status == Status::Pruned {
                Stroke::new(1.0, c.pruned)
            } else {
                Stroke::new(1.2, c.edge)
            };
            painter.line_segment([from, to], stroke);
        }
    }
}

/// Cuts so far: two short red strokes across each skipped edge.
fn paint_cuts(painter: &egui::Painter, model: &LabModel, canvas: &Canvas, c: &Colors) {
    for step in &model.trace.steps[..model.cursor] {
        let Event::Cut { skipped } = &step.event else {
            continue;
        };
        let from = canvas.at(model, step.node);
        for &child in skipped {
            let to = canvas.at(model, child);
            let mid = from + (to - from) * 0.45;
            let dir = (to - from).normalized();
            let across = vec2(-dir.y, dir.x) * canvas.r * 0.8;
            for shift in [-0.12f32, 0.12] {
                let centre = mid + (to - from) * shift * 0.5;
                painter.line_segment([centre - across, centre + across], Stroke::new(2.5, c.cut));
            }
        }
    }
}

/// A node's fill, outline and text colours, by its kind (`Some(true)` MAX, `Some(false)`
/// MIN, `None` a leaf) and how far the search has got with it.
fn node_style(view: NodeView, kind: Option<bool>, c: &Colors) -> (Color32, Stroke, Color32) {
    let base = match kind {
        Some(true) => c.max,
        Some(false) => c.min,
        None => c.leaf,
    };
    match view.status {
        Status::Pruned => (c.pruned, Stroke::new(1.0, c.pruned), c.pruned),
        Status::Unvisited => (
            base.gamma_multiply(0.25),
            Stroke::new(1.0, base),
            c.text.gamma_multiply(0.7),
        ),
        Status::Open => (base.gamma_multiply(0.6), Stroke::new(2.0, c.text), c.text),
        Status::Done => (base, Stroke::new(1.0, c.text), c.text),
    }
}

/// The kind of `node`: `Some(true)` MAX, `Some(false)` MIN, `None` a leaf.
fn kind_of(model: &LabModel, node: usize) -> Option<bool> {
    model
        .tree
        .leaf_value(node)
        .is_none()
        .then_some(model.is_max[node])
}

/// A node's shape and the marks round it: the selected leaf's frame, the current node's
/// ring, an exercise's tick, the chosen move's ring.
fn paint_node(
    painter: &egui::Painter,
    lab: &TreeLab,
    canvas: &Canvas,
    (node, centre): (usize, Pos2),
    end: Ending,
    c: &Colors,
) {
    let model = &lab.model;
    let r = canvas.r;
    let kind = kind_of(model, node);
    let (fill, stroke, _) = node_style(model.nodes[node], kind, c);
    painter.add(node_shape(centre, r, kind, fill, stroke));
    if kind.is_none() {
        let square = Rect::from_center_size(centre, Vec2::splat(r * 1.7));
        painter.rect_stroke(square, 2.0, stroke, egui::StrokeKind::Middle);
    }
    if Some(node) == lab.selected_leaf {
        let square = Rect::from_center_size(centre, Vec2::splat(r * 2.3));
        let frame = Stroke::new(2.0, c.window);
        painter.rect_stroke(square, 3.0, frame, egui::StrokeKind::Middle);
    }
    if Some(node) == model.current().map(|step| step.node) {
        painter.circle_stroke(centre, r * 1.55, Stroke::new(3.0, c.current));
    }
    if lab.exercise.active && lab.exercise.marked.contains(&node) {
        // The student's tick: a red cross over the node.
        let d = r * 0.9;
        for (a, b) in [(vec2(-d, -d), vec2(d, d)), (vec2(-d, d), vec2(d, -d))] {
            painter.line_segment([centre + a, centre + b], Stroke::new(3.0, c.cut));
        }
    }
    if end.finished && (node == 0 || Some(node) == end.chosen) {
        painter.circle_stroke(centre, r * 1.35, Stroke::new(2.0, c.chosen));
    }
}

/// The fonts of a node's texts at its size.
struct Fonts {
    value: FontId,
    small: FontId,
}

impl Fonts {
    fn new(r: f32) -> Fonts {
        Fonts {
            value: FontId::proportional((r * 0.8).clamp(8.0, 22.0)),
            small: FontId::proportional((r * 0.65).clamp(7.0, 18.0)),
        }
    }
}

/// A node's texts: its value (a leaf's own, an inner node's running one), its number as
/// the lecture's tables name nodes, and, zoomed in, an inner node's window.
fn node_texts(
    painter: &egui::Painter,
    model: &LabModel,
    canvas: &Canvas,
    (node, centre): (usize, Pos2),
    fonts: &Fonts,
    c: &Colors,
) {
    let r = canvas.r;
    let view = model.nodes[node];
    let kind = kind_of(model, node);
    let (_, _, text) = node_style(view, kind, c);
    if let Some(value) = model.tree.leaf_value(node).or(view.value) {
        let lift = if kind == Some(false) {
            -r * 0.25
        } else {
            r * 0.2
        };
        let color = if kind.is_some() && view.status != Status::Pruned {
            Color32::WHITE
        } else {
            text
        };
        let at = centre + vec2(0.0, lift);
        painter.text(
            at,
            egui::Align2::CENTER_CENTER,
            value.to_string(),
            fonts.value.clone(),
            color,
        );
    }
    let number = model.numbers[node].to_string();
    let corner = centre + vec2(-r * 1.2, -r * 1.2);
    painter.text(
        corner,
        egui::Align2::RIGHT_BOTTOM,
        number,
        fonts.small.clone(),
        c.edge,
    );
    if canvas.zoom >= 0.7
        && kind.is_some()
        && let Some(window) = view.window
        && matches!(view.status, Status::Open | Status::Done)
    {
        let mut label = window_text(window);
        if view.status == Status::Open {
            match view.search {
                SearchKind::Scout => label.push_str(" ?"),
                SearchKind::Research => label.push_str(" !"),
                SearchKind::Full => {}
            }
        }
        let at = centre + vec2(r * 1.3, -r * 0.2);
        painter.text(
            at,
            egui::Align2::LEFT_CENTER,
            label,
            fonts.small.clone(),
            c.window,
        );
    }
}

/// Each labelled edge's move (a game's tree), written on the edge near its child, where
/// sibling edges are furthest apart; a label wider than the gap to its siblings there is
/// left out rather than written over another.
fn edge_labels(
    painter: &egui::Painter,
    model: &LabModel,
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
