//! The tree as the documents draw it: MAX nodes as up-triangles, MIN nodes as
//! down-triangles, leaves as squares with their values; each node's running value and
//! window, the current node ringed, cut edges struck through, pruned subtrees greyed and,
//! at the end, the chosen move in green. Only the nodes in view are painted, so trees of
//! thousands of leaves scroll smoothly.

mod paint;

use super::TreeLab;
use super::texts::LabTexts;
use eframe::egui::{self, Color32, Pos2, Rect, Sense, Shape, Stroke, Vec2, pos2, vec2};
use paint::Canvas;

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
pub(crate) fn legend_ui(ui: &mut egui::Ui, t: &LabTexts, dark: bool) {
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
/// A depth that does not fit even with the smallest nodes scrolls instead: the zoom
/// stops shrinking where the levels stop coming closer.
fn fit_zoom(view: Vec2, slots: f32, levels: f32) -> f32 {
    let mut zoom = ((view.x - 2.0 * MARGIN) / (slots.max(1.0) * SLOT)).min(super::MAX_ZOOM);
    let room = view.y - MARGIN - TOP - 36.0;
    let closest = least_level(super::MIN_ZOOM);
    while zoom > super::MIN_ZOOM && levels * least_level(zoom) > room && least_level(zoom) > closest
    {
        zoom *= 0.95;
    }
    zoom.max(super::MIN_ZOOM)
}

/// The horizontal scroll offset after a fit in a view `view_width` wide: none while the
/// root is in view from the left edge (a tree is read from there), else the root
/// centred, within the scrollable range.
fn root_offset(root_x: f32, zoom: f32, content_width: f32, view_width: f32) -> f32 {
    let root = MARGIN + root_x * SLOT * zoom;
    if root + MARGIN <= view_width {
        return 0.0;
    }
    let most = (content_width - view_width).max(0.0);
    (root - view_width / 2.0).clamp(0.0, most)
}

/// The vertical scroll offset that shows the levels from the root down (`depth` points
/// from the root's centre to the deepest level's, nodes `r` in half-size, labels under
/// them) centred in a view `view_height` high, or the root at the top when they do not
/// all fit: a depth that fits no view at the smallest nodes still shows its root and
/// the path below it as far as the view reaches (issue 38.13).
fn levels_offset(depth: f32, r: f32, content_height: f32, view_height: f32) -> f32 {
    let label = (r * 0.65).clamp(7.0, 18.0) + 4.0;
    let (top, bottom) = (TOP - r - 4.0, TOP + depth + r + label);
    let most = (content_height - view_height).max(0.0);
    if bottom - top <= view_height {
        ((top + bottom) / 2.0 - view_height / 2.0).clamp(0.0, most)
    } else {
        top.clamp(0.0, most)
    }
}

/// The zoom as the field shows it: a percentage to two significant digits ("90%", not
/// "0.8957"; "0.47%" for a fitted 3,000-leaf tree).
pub(crate) fn zoom_text(zoom: f64) -> String {
    let percent = zoom * 100.0;
    let decimals = if percent >= 10.0 {
        0
    } else if percent >= 1.0 {
        1
    } else {
        2
    };
    format!("{percent:.decimals$}%")
}

/// A zoom typed into the field: a percentage, its sign optional.
pub(crate) fn zoom_from_text(text: &str) -> Option<f64> {
    let number = text.trim().trim_end_matches('%').trim();
    number.parse::<f64>().ok().map(|percent| percent / 100.0)
}

/// A new tree (or one the Fit button asked for) zoomed to fit the view's width (never
/// above 1.5, never below a readable zoom for small trees or the smallest zoom for large
/// ones: then it scrolls).
fn fit_new_tree(lab: &mut TreeLab, available: Vec2, levels: f32) {
    if lab.fitted == Some(lab.model.generation) && !lab.fit_asked {
        return;
    }
    let slots = lab.model.layout.width.max(1.0);
    let fit = fit_zoom(available, slots, levels);
    // Fit asked for: the whole tree in view. A new tree: no smaller than a readable zoom
    // if it is small (it scrolls then).
    let floor = if slots <= READABLE_SLOTS && !lab.fit_asked {
        TEXT_ZOOM + 0.05
    } else {
        super::MIN_ZOOM
    };
    lab.zoom = fit.clamp(floor, 1.5);
    lab.fitted = Some(lab.model.generation);
    lab.fit_asked = false;
}

/// Where the last frame drew the tree: the part of the screen its scroll area shows, and
/// what places the nodes in it (read back by [`TreeLab::tree_view`] and
/// [`TreeLab::drawn_at`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct Drawn {
    /// The scroll area's visible rectangle.
    pub view: Rect,
    /// The top left of the tree's area (scrolled).
    pub origin: Pos2,
    /// The zoom.
    pub zoom: f32,
    /// The distance between levels.
    pub level_height: f32,
}

impl Drawn {
    /// The centre of `node` on screen, as the painter places it.
    pub(crate) fn at(&self, lab: &TreeLab, node: usize) -> Option<Pos2> {
        let layout = &lab.model.layout;
        Some(pos2(
            self.origin.x + MARGIN + layout.x.get(node)? * SLOT * self.zoom,
            self.origin.y + TOP + *layout.level.get(node)? as f32 * self.level_height,
        ))
    }
}

/// A click on the tree: in an exercise that asks for nodes it ticks (or unticks) one;
/// otherwise it selects the leaf under it for editing.
fn clicked(lab: &mut TreeLab, canvas: &Canvas, pointer: Pos2) {
    let model = &lab.model;
    if lab.exercise.marks_by_click() {
        if let Some(node) = canvas.hit(model, pointer, |_| true) {
            lab.exercise.toggle(&model.tree, node);
        }
        return;
    }
    lab.selected_leaf = canvas.hit(model, pointer, |node| model.tree.leaf_value(node).is_some());
    if let Some(leaf) = lab.selected_leaf {
        lab.leaf_edit = model.tree.leaf_value(leaf).unwrap_or(0);
    }
}

/// The tree, in a scroll area; a click on a leaf selects it for editing and Ctrl+wheel
/// over the tree zooms.
pub(crate) fn tree_ui(ui: &mut egui::Ui, lab: &mut TreeLab, dark: bool) {
    let c = colors(dark);
    let view_height = ui.available_height();
    let levels = lab.model.layout.level.iter().max().copied().unwrap_or(0) as f32;
    let fitting = lab.fitted != Some(lab.model.generation) || lab.fit_asked;
    let view = ui.available_size();
    fit_new_tree(lab, view, levels);
    let mut area = egui::ScrollArea::both()
        .id_salt("tree_lab_canvas")
        .auto_shrink([false, false]);
    if fitting {
        // A fitted tree shows its root, centred if the tree is still wider than the
        // view, and its levels from the root down as far as the view reaches.
        let zoom = lab.zoom;
        let width = lab.model.layout.width * SLOT * zoom + 2.0 * MARGIN;
        let root_x = lab.model.layout.x.first().copied().unwrap_or(0.0);
        let apart = level_height(view_height, levels, zoom);
        let height = levels * apart + MARGIN + TOP;
        let x = root_offset(root_x, zoom, width, view.x);
        let y = levels_offset(levels * apart, node_radius(zoom), height, view.y);
        area = area.scroll_offset(vec2(x, y));
    }
    area.show(ui, |ui| {
        let zoom = lab.zoom;
        let level_height = level_height(view_height, levels, zoom);
        let size = vec2(
            lab.model.layout.width * SLOT * zoom + 2.0 * MARGIN,
            levels * level_height + MARGIN + TOP,
        );
        let (rect, response) = ui.allocate_exact_size(size, Sense::click());
        let canvas = Canvas {
            origin: rect.min,
            zoom,
            level_height,
            r: node_radius(zoom),
            view: ui.clip_rect().expand(SLOT * zoom * 2.0),
        };
        lab.drawn = Some(Drawn {
            view: ui.clip_rect(),
            origin: rect.min,
            zoom,
            level_height,
        });
        let background = ui.visuals().extreme_bg_color;
        paint::paint(&ui.painter_at(rect), lab, &canvas, background, &c);
        if response.clicked()
            && let Some(pointer) = response.interact_pointer_pos()
        {
            clicked(lab, &canvas, pointer);
        }
        if response.hovered() {
            let factor = ui.input(|input| input.zoom_delta());
            if factor != 1.0 {
                lab.zoom = (lab.zoom * factor).clamp(super::MIN_ZOOM, super::MAX_ZOOM);
            }
        }
    });
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

    /// Issue 38.13: Fit stopped at a tenth, a 15x15 board's two plies (3,348 leaves)
    /// far wider than the view. The largest tree the lab holds fits a 640-point window,
    /// and a deep narrow tree is not shrunk past the point where its levels stop coming
    /// closer.
    #[test]
    fn fit_takes_the_widest_tree_whole_and_stops_shrinking_for_depth() {
        let view = vec2(590.0, 150.0);
        let zoom = fit_zoom(view, 4096.0, 2.0);
        let width = 4096.0 * SLOT * zoom + 2.0 * MARGIN;
        assert!(width <= view.x + 0.5, "{width} wide at {zoom}");
        assert!(zoom > super::super::MIN_ZOOM, "{zoom}");
        // Twelve levels never fit 150 points: the zoom stays where the nodes are smallest.
        let deep = fit_zoom(view, 8.0, 12.0);
        assert!(deep >= 0.25, "{deep}");
        // A tree wider than its view is centred on its root when the root is past the
        // view's right edge, and read from the left edge when it is not.
        let content = 2000.0;
        assert_eq!(
            root_offset(20.0, 1.0, content, 600.0),
            MARGIN + 920.0 - 300.0
        );
        assert_eq!(root_offset(10.0, 1.0, content, 600.0), 0.0);
        assert_eq!(root_offset(43.0, 1.0, content, 600.0), content - 600.0);
    }

    /// Issue 38.13: at 640x480 the tree's view is 100 points high; two levels at the
    /// smallest nodes are 65 apart and fit only when scrolled past the top margin.
    #[test]
    fn a_fitted_tree_shows_its_levels_from_the_root_down() {
        let r = node_radius(0.003);
        let depth = 2.0 * least_level(0.003);
        let content = depth + MARGIN + TOP;
        let offset = levels_offset(depth, r, content, 100.0);
        for y in [TOP - r, TOP + depth + r] {
            assert!(
                (offset..=offset + 100.0).contains(&y),
                "{y} not in view from {offset}"
            );
        }
        // Too deep for the view: the root at the top.
        let deep = 12.0 * least_level(0.003);
        let offset = levels_offset(deep, r, deep + MARGIN + TOP, 100.0);
        assert!((offset..=offset + 100.0).contains(&(TOP - r)), "{offset}");
        // Room to spare: no scrolling.
        assert_eq!(levels_offset(depth, r, content, 600.0), 0.0);
    }

    #[test]
    fn the_zoom_reads_as_a_rounded_percentage() {
        assert_eq!(zoom_text(0.8957), "90%");
        assert_eq!(zoom_text(1.5), "150%");
        assert_eq!(zoom_text(0.047), "4.7%");
        assert_eq!(zoom_text(0.0047), "0.47%");
        assert_eq!(zoom_from_text(" 90 % "), Some(0.9));
        assert_eq!(zoom_from_text("150"), Some(1.5));
        assert_eq!(zoom_from_text("big"), None);
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
