//! The board, drawn with egui's painter: cells, stones, queens, claims, the last move,
//! the hint, the hover preview and the claim animation. Each cell is also an accessible
//! widget labelled "cell c3" whose value says what it holds ("empty", "queen of Ann"), so
//! tests (and screen readers) can find and click it; the keyboard plays it too
//! ([`super::keys`]).

use crate::board::layout::BoardLayout;
use crate::shell::theme::Palette;
use eframe::egui::{
    self, Align2, Color32, CornerRadius, FontId, Pos2, Rect, Role, Sense, Shape, Stroke,
    StrokeKind, Vec2, WidgetInfo, pos2, vec2,
};
use queens_board::{Bitboard, Board, Cell, CellState, Player};
use queens_engines::analysis::ValueKind;

/// What the board may do with the mouse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Interaction {
    /// Playing: hover previews claims, a click is a move.
    Play,
    /// Editing stones before a game: a click toggles a stone.
    Setup,
    /// Showing a position that cannot be changed (review, computer thinking, game over).
    ReadOnly,
}

/// The claims of the newest move, appearing.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Appearing {
    /// Where the queen went.
    pub queen: Cell,
    /// The cells it claimed.
    pub claims: Bitboard,
    /// Seconds since the move.
    pub age: f32,
}

/// How long the claim animation lasts, in seconds.
pub(crate) const ANIMATION_SECONDS: f32 = 0.45;

/// What to draw besides the position itself.
pub(crate) struct Overlay {
    /// Where to draw and how big.
    pub layout: BoardLayout,
    /// The colours.
    pub palette: Palette,
    /// Draw a.. / 1.. on the edges.
    pub coordinates: bool,
    /// Preview the claims of the hovered cell.
    pub preview: bool,
    /// Whose queen the preview shows (a person's, never a computer's: the one weighing
    /// a move); `None`: no preview queen.
    pub preview_side: Option<Player>,
    /// Mouse behaviour.
    pub interaction: Interaction,
    /// The move to ring as the last one.
    pub last_move: Option<Cell>,
    /// The engine's suggestion to ring.
    pub hint: Option<Cell>,
    /// The newest move's claims, while they appear.
    pub appearing: Option<Appearing>,
    /// The accessible name's prefix of each cell ("cell" gives "cell c3").
    pub name: &'static str,
    /// A move of the game beside a better one (the worst-moves list): the played cell
    /// ringed red, the better one green, both as faint queens of the mover.
    pub compare: Option<Compare>,
    /// Each legal move's value, as a colour and the cells it loses (the heat map).
    pub heat: Vec<HeatCell>,
    /// The best line from here, as numbered faint queens.
    pub ghosts: Vec<Ghost>,
    /// What a screen reader says a cell holds; none for a picture (the rules' diagram).
    pub words: Option<CellWords>,
}

/// What each kind of cell is called, after its name ("cell d4", "empty"), in the
/// window's language and with the players' names.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct CellWords {
    /// A free cell.
    pub empty: String,
    /// A stone.
    pub stone: String,
    /// Each player's queen.
    pub queen: [String; 2],
    /// A cell each player claimed.
    pub claimed: [String; 2],
}

impl CellWords {
    /// What `cell` of `board` holds.
    fn of(&self, board: &Board, cell: Cell) -> &str {
        match board.cell_state(cell) {
            Some(CellState::Stone) => &self.stone,
            Some(CellState::Queen(player)) => &self.queen[player.index()],
            Some(CellState::Claimed(player)) => &self.claimed[player.index()],
            Some(CellState::Free) | None => &self.empty,
        }
    }
}

/// A played move and the better one, on the position before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Compare {
    /// The cell played.
    pub played: Cell,
    /// A best move instead.
    pub better: Cell,
    /// Who moved.
    pub mover: Player,
}

/// One free cell of the heat map.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct HeatCell {
    /// The move.
    pub cell: Cell,
    /// Margin cells lost against the best move (0 for a best move); at least this for
    /// a bound.
    pub loss: u32,
    /// What `loss` is: proved, a proved bound, or an estimate (each drawn its own way).
    pub kind: ValueKind,
    /// 1 for the best move, 0 for the worst, linear between.
    pub goodness: f32,
    /// The value in words, added to the cell's accessible label.
    pub words: String,
}

/// The text drawn on a heat map cell: "-6" proved, "≤-6" a proved bound (at least 6
/// lost), "~-6" an estimate; 0 for a best move (a bound of 0 proves nothing: "≤0").
pub(crate) fn heat_text(loss: u32, kind: ValueKind) -> String {
    let mark = match kind {
        ValueKind::Exact => "",
        ValueKind::Bound => "≤",
        ValueKind::Estimate => "~",
    };
    match loss {
        0 => format!("{mark}0"),
        _ => format!("{mark}-{loss}"),
    }
}

/// One move of the best line, drawn as a faint queen with its number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Ghost {
    /// Where.
    pub cell: Cell,
    /// Whose queen.
    pub player: Player,
    /// 1 for the next move.
    pub number: usize,
}

/// What the mouse did on the board this frame.
#[derive(Default, Debug)]
pub(crate) struct BoardResponse {
    /// A cell that was clicked.
    pub clicked: Option<Cell>,
    /// The cell under the mouse, else the keyboard cursor's while it has the keyboard
    /// (so both preview the same way).
    pub hovered: Option<Cell>,
}

/// Draws `board` and reports clicks and hover.
pub(crate) fn board_ui(ui: &mut egui::Ui, board: &Board, overlay: &Overlay) -> BoardResponse {
    let layout = overlay.layout;
    let painter = ui.painter().clone();
    let grid = layout.grid_rect();
    painter.rect_filled(
        grid.expand(3.0),
        CornerRadius::same(4),
        overlay.palette.frame,
    );
    let mut response = BoardResponse::default();
    let base_id = ui.scope_id().with(overlay.name);
    let cell_id = |cell: Cell| base_id.with(cell.index());
    let cursor = super::keys::cursor_ui(ui, base_id, board.size(), cell_id);
    let mut keyed = None;
    for cell in all_cells(board.size()) {
        let rect = layout.rect_from_cell(cell);
        // Only the cursor's cell is in the Tab order: the board is one stop, not 225.
        let sense = if cell == cursor {
            Sense::click()
        } else {
            Sense::CLICK
        };
        let cell_response = ui.interact(rect, cell_id(cell), sense);
        cell_response.widget_info(|| {
            let mut info =
                WidgetInfo::labeled(Role::Button, true, format!("{} {cell}", overlay.name));
            info.current_text_value = overlay.words.as_ref().map(|w| {
                let held = w.of(board, cell);
                match overlay.heat.iter().find(|heat| heat.cell == cell) {
                    Some(heat) => format!("{held}; {}", heat.words),
                    None => held.into(),
                }
            });
            info
        });
        if cell_response.hovered() {
            response.hovered = Some(cell);
        }
        if cell_response.clicked() {
            response.clicked = Some(cell);
        }
        if cell == cursor && cell_response.has_focus() {
            keyed = Some(cell);
        }
        paint_cell(&painter, board, cell, rect, overlay);
    }
    response.hovered = response.hovered.or(keyed);
    paint_heat(&painter, overlay);
    paint_ghosts(&painter, overlay);
    paint_marks(&painter, overlay);
    if let Some(cell) = keyed {
        paint_cursor(&painter, layout.rect_from_cell(cell), layout.cell);
    }
    if overlay.preview
        && overlay.interaction == Interaction::Play
        && let Some(cell) = response.hovered
        && let Some(side) = overlay.preview_side
    {
        paint_preview(&painter, board, cell, side, overlay);
    }
    if overlay.coordinates {
        paint_coordinates(&painter, board.size(), overlay);
    }
    response
}

fn all_cells(size: u8) -> impl Iterator<Item = Cell> {
    (0..size).flat_map(move |row| (0..size).map(move |col| Cell::new(col, row)))
}

/// How visible the claim tint of `cell` is (0..1): the newest move's claims ripple out
/// from its queen.
fn claim_alpha(cell: Cell, appearing: Option<Appearing>) -> f32 {
    let Some(appearing) = appearing else {
        return 1.0;
    };
    if !appearing.claims.contains(cell) {
        return 1.0;
    }
    let dc = f32::from(cell.col().abs_diff(appearing.queen.col()));
    let dr = f32::from(cell.row().abs_diff(appearing.queen.row()));
    let delay = dc.max(dr) * 0.03;
    ((appearing.age - delay) / (ANIMATION_SECONDS * 0.6)).clamp(0.0, 1.0)
}

fn paint_cell(painter: &egui::Painter, board: &Board, cell: Cell, rect: Rect, overlay: &Overlay) {
    let palette = &overlay.palette;
    let inner = rect.shrink((rect.width() * 0.03).max(0.5));
    let radius = CornerRadius::same((rect.width() * 0.08).min(6.0) as u8);
    let free = palette.free[usize::from((cell.col() + cell.row()) % 2 == 1)];
    match board.cell_state(cell) {
        Some(CellState::Free) | None => {
            painter.rect_filled(inner, radius, free);
        }
        Some(CellState::Stone) => {
            painter.rect_filled(inner, radius, free);
            paint_stone(painter, inner, palette.stone);
        }
        Some(CellState::Claimed(player)) | Some(CellState::Queen(player)) => {
            let alpha = claim_alpha(cell, overlay.appearing);
            let tint = lerp_color(free, palette.claimed_of(player), alpha);
            painter.rect_filled(inner, radius, tint);
            if board.queens(player).contains(cell) {
                paint_queen(painter, inner, palette.queen_of(player), 1.0);
            }
        }
    }
}

fn paint_marks(painter: &egui::Painter, overlay: &Overlay) {
    let layout = &overlay.layout;
    let width = (layout.cell * 0.07).clamp(1.5, 4.0);
    if let Some(cell) = overlay.last_move {
        let rect = layout.rect_from_cell(cell).shrink(width / 2.0);
        painter.rect_stroke(
            rect,
            CornerRadius::same(3),
            Stroke::new(width, overlay.palette.highlight),
            StrokeKind::Inside,
        );
    }
    if let Some(compare) = overlay.compare {
        let queen = overlay.palette.queen_of(compare.mover);
        for (cell, ring) in [
            (compare.played, Color32::from_rgb(220, 40, 40)),
            (compare.better, Color32::from_rgb(40, 170, 70)),
        ] {
            let rect = layout.rect_from_cell(cell);
            paint_queen(painter, rect, queen, 0.5);
            painter.rect_stroke(
                rect.shrink(width / 2.0),
                CornerRadius::same(3),
                Stroke::new(width * 1.4, ring),
                StrokeKind::Inside,
            );
        }
    }
    if let Some(cell) = overlay.hint {
        let centre = layout.pos_from_cell(cell);
        let stroke = Stroke::new(width, overlay.palette.highlight);
        painter.circle_stroke(centre, layout.cell * 0.4, stroke);
        paint_queen(
            painter,
            layout.rect_from_cell(cell),
            overlay.palette.highlight,
            0.6,
        );
    }
}

/// The keyboard cursor: a bold dark ring with a white one inside it, on top of the heat
/// map, so it shows on every cell colour of both themes (issue 32.11: a thin dark
/// outline vanished on blue cells).
fn paint_cursor(painter: &egui::Painter, rect: Rect, cell: f32) {
    let width = (cell * 0.07).clamp(2.0, 5.0);
    let outer = Stroke::new(width, Color32::from_rgb(10, 10, 10));
    let inner = Stroke::new(width * 0.6, Color32::WHITE);
    painter.rect_stroke(rect, CornerRadius::same(3), outer, StrokeKind::Inside);
    painter.rect_stroke(
        rect.shrink(width),
        CornerRadius::same(2),
        inner,
        StrokeKind::Inside,
    );
}

/// The heat map: each legal move's cell tinted from red (the worst) to green (the best),
/// with the cells it loses against the best move small in its corner.
fn paint_heat(painter: &egui::Painter, overlay: &Overlay) {
    let layout = &overlay.layout;
    let font = FontId::proportional((layout.cell * 0.28).clamp(7.0, 14.0));
    for heat in &overlay.heat {
        let rect = layout.rect_from_cell(heat.cell).shrink(layout.cell * 0.06);
        painter.rect_filled(rect, CornerRadius::same(3), heat_colour(heat.goodness));
        if heat.kind == ValueKind::Bound {
            paint_stripes(painter, rect, overlay.palette.label.gamma_multiply(0.3));
        }
        painter.text(
            rect.right_bottom() - vec2(layout.cell * 0.06, layout.cell * 0.04),
            Align2::RIGHT_BOTTOM,
            heat_text(heat.loss, heat.kind),
            font.clone(),
            overlay.palette.label,
        );
    }
}

/// Diagonal stripes over a cell whose value is a proved bound: its colour is the best it
/// can be (the move loses at least that much), not what it is, so it must not read like
/// a proved or estimated cell of the same colour.
fn paint_stripes(painter: &egui::Painter, rect: Rect, colour: Color32) {
    let clipped = painter.with_clip_rect(rect);
    let stroke = Stroke::new((rect.width() * 0.05).clamp(1.0, 2.5), colour);
    let step = (rect.width() / 4.0).max(4.0);
    let mut x = rect.left() - rect.height();
    while x < rect.right() {
        clipped.line_segment(
            [pos2(x, rect.bottom()), pos2(x + rect.height(), rect.top())],
            stroke,
        );
        x += step;
    }
}

/// Red (0) through yellow to green (1), half transparent so the board shows through.
fn heat_colour(goodness: f32) -> Color32 {
    let g = goodness.clamp(0.0, 1.0);
    let red = Color32::from_rgb(220, 50, 40);
    let yellow = Color32::from_rgb(235, 200, 40);
    let green = Color32::from_rgb(40, 170, 70);
    let colour = if g < 0.5 {
        lerp_color(red, yellow, g * 2.0)
    } else {
        lerp_color(yellow, green, (g - 0.5) * 2.0)
    };
    colour.gamma_multiply(0.55)
}

/// The best line: faint queens of the side that plays each move, numbered in order.
fn paint_ghosts(painter: &egui::Painter, overlay: &Overlay) {
    let layout = &overlay.layout;
    for ghost in &overlay.ghosts {
        let rect = layout.rect_from_cell(ghost.cell);
        let (queen, badge) = preview_parts(rect);
        paint_queen(painter, queen, overlay.palette.queen_of(ghost.player), 0.45);
        paint_count(painter, badge, ghost.number, &overlay.palette);
    }
}

fn paint_preview(
    painter: &egui::Painter,
    board: &Board,
    cell: Cell,
    side: Player,
    overlay: &Overlay,
) {
    let claims = board.claims_of(cell);
    if claims.is_empty() {
        return;
    }
    let layout = &overlay.layout;
    let colour = overlay.palette.preview;
    let width = (layout.cell * 0.06).clamp(1.0, 3.0);
    for claimed in claims {
        let rect = layout.rect_from_cell(claimed).shrink(layout.cell * 0.12);
        painter.rect_filled(
            rect,
            CornerRadius::same(3),
            overlay.palette.claimed_of(side).gamma_multiply(0.8),
        );
        painter.rect_stroke(
            rect,
            CornerRadius::same(3),
            Stroke::new(width, colour),
            StrokeKind::Inside,
        );
    }
    let rect = layout.rect_from_cell(cell);
    let (queen, badge) = preview_parts(rect);
    paint_queen(painter, queen, overlay.palette.queen_of(side), 0.55);
    paint_count(painter, badge, claims.count(), &overlay.palette);
}

/// Where the hover preview puts its queen and its claim count within the cell `rect`: a
/// smaller queen in the lower left, the count in a badge at the top right, apart so the
/// number never covers the crown.
fn preview_parts(rect: Rect) -> (Rect, Rect) {
    let s = rect.width();
    let queen = Rect::from_min_size(rect.left_top() + vec2(0.0, 0.32 * s), Vec2::splat(0.68 * s));
    let badge = Rect::from_min_max(
        rect.left_top() + vec2(0.58 * s, 0.04 * s),
        rect.left_top() + vec2(0.96 * s, 0.38 * s),
    );
    (queen, badge)
}

/// A number in a rounded badge (the preview's claim count; stones placed by hand).
fn paint_count(painter: &egui::Painter, badge: Rect, count: impl ToString, palette: &Palette) {
    painter.rect_filled(
        badge,
        CornerRadius::same((badge.height() * 0.5).min(8.0) as u8),
        palette.badge,
    );
    painter.text(
        badge.center(),
        Align2::CENTER_CENTER,
        count.to_string(),
        FontId::proportional((badge.height() * 0.8).clamp(8.0, 18.0)),
        palette.badge_text,
    );
}

fn paint_coordinates(painter: &egui::Painter, size: u8, overlay: &Overlay) {
    let layout = &overlay.layout;
    let font = FontId::proportional((layout.margin * 0.62).clamp(9.0, 16.0));
    for index in 0..size {
        let letter = char::from(b'a' + index).to_string();
        painter.text(
            layout.column_label_pos(index),
            Align2::CENTER_CENTER,
            letter,
            font.clone(),
            overlay.palette.label,
        );
        painter.text(
            layout.row_label_pos(index),
            Align2::CENTER_CENTER,
            (index + 1).to_string(),
            font.clone(),
            overlay.palette.label,
        );
    }
}

/// A stone: a rounded grey pebble with a light top edge.
fn paint_stone(painter: &egui::Painter, rect: Rect, colour: Color32) {
    let centre = rect.center();
    let radius = rect.width() * 0.36;
    painter.circle_filled(
        centre + vec2(0.0, radius * 0.08),
        radius,
        colour.gamma_multiply(0.7),
    );
    painter.circle_filled(centre, radius * 0.92, colour);
    painter.circle_filled(
        centre - vec2(radius * 0.3, radius * 0.3),
        radius * 0.25,
        Color32::from_white_alpha(60),
    );
}

/// A queen: a crown built from convex pieces (a band and three spikes with pearls).
pub(crate) fn paint_queen(painter: &egui::Painter, rect: Rect, colour: Color32, opacity: f32) {
    let fill = colour.gamma_multiply(opacity);
    let outline = Stroke::new(
        (rect.width() * 0.03).max(1.0),
        Color32::from_black_alpha((120.0 * opacity) as u8),
    );
    let s = rect.width();
    let at = |x: f32, y: f32| -> Pos2 { pos2(rect.left() + x * s, rect.top() + y * s) };
    let band = Rect::from_min_max(at(0.22, 0.62), at(0.78, 0.78));
    let spikes = [
        [at(0.22, 0.64), at(0.18, 0.30), at(0.42, 0.64)],
        [at(0.34, 0.64), at(0.50, 0.22), at(0.66, 0.64)],
        [at(0.58, 0.64), at(0.82, 0.30), at(0.78, 0.64)],
    ];
    for spike in spikes {
        painter.add(Shape::convex_polygon(spike.to_vec(), fill, outline));
    }
    painter.rect(
        band,
        CornerRadius::same(2),
        fill,
        outline,
        StrokeKind::Middle,
    );
    for tip in [at(0.18, 0.28), at(0.50, 0.20), at(0.82, 0.28)] {
        painter.circle(tip, s * 0.055, fill, outline);
    }
}

fn lerp_color(from: Color32, to: Color32, t: f32) -> Color32 {
    let mix = |a: u8, b: u8| (f32::from(a) + (f32::from(b) - f32::from(a)) * t).round() as u8;
    Color32::from_rgb(
        mix(from.r(), to.r()),
        mix(from.g(), to.g()),
        mix(from.b(), to.b()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn claims_ripple_out_from_the_queen_and_settle() {
        let queen = Cell::new(0, 0);
        let far = Cell::new(7, 7);
        let claims: Bitboard = [queen, far].into_iter().collect();
        let young = Appearing {
            queen,
            claims,
            age: 0.05,
        };
        assert!(claim_alpha(queen, Some(young)) > claim_alpha(far, Some(young)));
        let old = Appearing { age: 5.0, ..young };
        assert_eq!(claim_alpha(far, Some(old)), 1.0);
        assert_eq!(claim_alpha(Cell::new(3, 5), Some(young)), 1.0);
    }

    /// The part of a queen's rect that [`paint_queen`] covers (its crown and pearls).
    fn crown_bounds(rect: Rect) -> Rect {
        let s = rect.width();
        Rect::from_min_max(
            rect.left_top() + vec2(0.12 * s, 0.14 * s),
            rect.left_top() + vec2(0.88 * s, 0.78 * s),
        )
    }

    #[test]
    fn the_preview_count_never_covers_the_crown() {
        for side in [12.0, 40.0, 90.0] {
            let cell = Rect::from_min_size(pos2(10.0, 20.0), Vec2::splat(side));
            let (queen, badge) = preview_parts(cell);
            assert!(!crown_bounds(queen).intersects(badge), "cell {side}");
            assert!(
                cell.contains_rect(queen) && cell.contains_rect(badge),
                "cell {side}"
            );
        }
    }

    #[test]
    fn the_heat_runs_from_red_to_green() {
        let (worst, best) = (heat_colour(0.0), heat_colour(1.0));
        assert!(worst.r() > worst.g(), "{worst:?}");
        assert!(best.g() > best.r(), "{best:?}");
        assert_eq!(heat_colour(-1.0), worst);
        assert_eq!(heat_colour(2.0), best);
    }

    #[test]
    fn colours_blend_end_to_end() {
        let (a, b) = (Color32::from_rgb(0, 0, 0), Color32::from_rgb(200, 100, 50));
        assert_eq!(lerp_color(a, b, 0.0), a);
        assert_eq!(lerp_color(a, b, 1.0), b);
    }
}
