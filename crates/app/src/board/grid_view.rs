//! Any grid game's board, drawn from the seam's read-only view
//! ([`queens_engines::games::grid::GridView`]): the pieces by seat, as the view's [`Look`] says
//! (discs, seat 0 dark and seat 1 light; crosses and rings; cars pointing to their
//! exit), each in its player's colour; the squares a click may begin a legal move on (a
//! small dot), the last move (a ring), the pieces it turned (a second ring), a won
//! game's line, the piece picked up and where it may go, and the exits of a game whose
//! pieces leave the board. Like the other boards, each square is an accessible button
//! ("square d3") whose value says what it holds, and the mover's exit is the button
//! "exit", so tests and screen readers find and click them. Nothing here names a
//! game: a game added to the table is drawn by this file.

use crate::session::game::GridTarget;
use crate::shell::theme::Palette;
use eframe::egui::{
    self, Align2, Color32, CornerRadius, FontId, Pos2, Rect, Role, Sense, Stroke, StrokeKind, Vec2,
    WidgetInfo, pos2, vec2,
};
use queens_engines::games::grid::{Edge, GridView, Look, Reach, Square};

/// The accessible name of a square ("square d3").
pub(crate) const SQUARE: &str = "square";
/// The accessible name of the way off the board.
pub(crate) const EXIT: &str = "exit";

/// The room kept left of the board and below it for the coordinates.
const MARGIN: f32 = 18.0;
/// The gap between the board and an exit strip.
const EXIT_GAP: f32 = 6.0;
/// An exit strip's depth, in squares.
const EXIT_DEPTH: f32 = 0.6;

/// A proved move value shown on the square the move is played on.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct SquareValue {
    /// The square's index in the view.
    pub index: usize,
    /// The short label drawn on it (`+5`, `=`, `−8`).
    pub label: String,
    /// The value in words, as a screen reader reads it ("win at move 5").
    pub words: String,
    /// How the value is for the side to move: above 0 a win, 0 a draw, below a loss.
    pub tone: i8,
}

/// What to draw besides the pieces.
pub(crate) struct GridOverlay<'a> {
    /// The colours.
    pub palette: Palette,
    /// Clicks play (else the board only shows).
    pub playable: bool,
    /// Mark the squares a legal move begins on (where the view marks them).
    pub show_targets: bool,
    /// The square of the last move.
    pub last: Option<usize>,
    /// The squares whose piece the last move turned.
    pub turned: &'a [usize],
    /// The square of the piece picked up.
    pub picked: Option<usize>,
    /// Where the piece picked up may go.
    pub reaches: &'a [Reach],
    /// The seat to move (its exit is the button; its piece is previewed).
    pub mover: usize,
    /// Screen-reader words: an empty square, a legal one, a piece (`{0}` the square's
    /// name, `{1}` the piece), "last move" and "winning line".
    pub words: [&'a str; 5],
    /// Each seat's piece in words, as a square holding it is read out.
    pub pieces: [&'a str; 2],
    /// The squares of the hinted move (ringed), and the word a screen reader adds.
    pub hint: (&'a [usize], &'a str),
    /// Proved values of the moves played on one square (View > move values).
    pub values: &'a [SquareValue],
    /// Draw the column letters and row numbers (View > Show coordinates), with room
    /// kept for them left of the board and below it.
    pub coordinates: bool,
}

/// The board's rectangle and its square size, centred in `available` with room for
/// the coordinates (left and below, `margin` wide: 0 without them) and the exit strips.
fn board_rect(available: Rect, view: &GridView, margin: f32) -> (Rect, f32) {
    let cols = f32::from(view.cols.max(1));
    let rows = f32::from(view.rows.max(1));
    let edges = view.exits.map(|exits| exits.edges).unwrap_or_default();
    let has = |edge: Edge| edges.contains(&edge) && view.exits.is_some();
    let across = [Edge::Left, Edge::Right]
        .into_iter()
        .filter(|&e| has(e))
        .count() as f32;
    let down = [Edge::Top, Edge::Bottom]
        .into_iter()
        .filter(|&e| has(e))
        .count() as f32;
    let size = ((available.width() - margin - across * EXIT_GAP) / (cols + across * EXIT_DEPTH))
        .min((available.height() - margin - down * EXIT_GAP) / (rows + down * EXIT_DEPTH))
        .max(8.0);
    let strip = size * EXIT_DEPTH + EXIT_GAP;
    let extra = |edge: Edge| if has(edge) { strip } else { 0.0 };
    let board = vec2(size * cols, size * rows);
    let block = board
        + vec2(
            margin + extra(Edge::Left) + extra(Edge::Right),
            margin + extra(Edge::Top) + extra(Edge::Bottom),
        );
    let min = available.center() - block / 2.0 + vec2(margin + extra(Edge::Left), extra(Edge::Top));
    (Rect::from_min_size(min, board), size)
}

/// The rectangle of square `index`.
fn square_rect(grid: Rect, size: f32, view: &GridView, index: usize) -> Rect {
    let cols = usize::from(view.cols.max(1));
    let (row, col) = (index / cols, index % cols);
    Rect::from_min_size(
        grid.min + vec2(col as f32 * size, row as f32 * size),
        Vec2::splat(size),
    )
}

/// Draws the board and answers what was clicked, if anything.
pub(crate) fn grid_board_ui(
    ui: &mut egui::Ui,
    view: &GridView,
    overlay: &GridOverlay<'_>,
) -> Option<GridTarget> {
    let margin = if overlay.coordinates { MARGIN } else { 0.0 };
    let (grid, size) = board_rect(ui.available_rect_before_wrap(), view, margin);
    let painter = ui.painter().clone();
    painter.rect_filled(
        grid.expand(3.0),
        CornerRadius::same(4),
        overlay.palette.frame,
    );
    let base = ui.scope_id().with("grid_board");
    let sense = if overlay.playable {
        Sense::click()
    } else {
        Sense::hover()
    };
    let mut clicked = None;
    let mut hovered = None;
    for index in 0..view.squares.len() {
        let rect = square_rect(grid, size, view, index);
        let (row, col) = (
            index / usize::from(view.cols),
            index % usize::from(view.cols),
        );
        let shade = overlay.palette.free[(row + col) % 2];
        painter.rect_filled(rect.shrink(1.0), CornerRadius::same(2), shade);
        let hit = ui.interact(rect, base.with(index), sense);
        let name = &view.names[index];
        hit.widget_info(|| {
            let mut info =
                WidgetInfo::labeled(Role::Button, overlay.playable, format!("{SQUARE} {name}"));
            info.current_text_value = Some(square_value(view, index, overlay));
            info
        });
        if hit.clicked() {
            clicked = Some(GridTarget::Square(index));
        }
        if hit.hovered() {
            hovered = Some(index);
        }
        paint_square(&painter, rect, view, index, overlay, hit.hovered());
    }
    if let Some(exit) = exits_ui(ui, &painter, (grid, size), view, base, overlay) {
        clicked = Some(exit);
    }
    paint_marks(&painter, (grid, size), view, overlay, hovered);
    if overlay.coordinates {
        paint_coordinates(&painter, grid, size, view, &overlay.palette);
    }
    clicked
}

/// What a screen reader reads for a square: its name and what it holds, then "last
/// move" and "winning line" where they apply.
fn square_value(view: &GridView, index: usize, overlay: &GridOverlay<'_>) -> String {
    let name = &view.names[index];
    let [empty, legal, piece, last, line] = overlay.words;
    let mut value = match view.squares[index] {
        Square::Piece(seat) => crate::i18n::fill(piece, &[name, &overlay.pieces[seat % 2]]),
        Square::Empty if view.targets[index] && view.mark_targets && overlay.show_targets => {
            crate::i18n::fill(legal, &[name])
        }
        Square::Empty | Square::Blocked => crate::i18n::fill(empty, &[name]),
    };
    if overlay.last == Some(index) {
        value = format!("{value}, {last}");
    }
    if view.line.contains(&index) {
        value = format!("{value}, {line}");
    }
    if overlay.hint.0.contains(&index) {
        value = format!("{value}, {}", overlay.hint.1);
    }
    if let Some(proved) = overlay.values.iter().find(|v| v.index == index) {
        value = format!("{value}, {}", proved.words);
    }
    value
}

/// One square's piece and marks.
fn paint_square(
    painter: &egui::Painter,
    rect: Rect,
    view: &GridView,
    index: usize,
    overlay: &GridOverlay<'_>,
    hovered: bool,
) {
    let palette = &overlay.palette;
    let radius = rect.width() * 0.38;
    match view.squares[index] {
        Square::Piece(seat) => {
            paint_piece(painter, view, rect, seat, palette, 1.0);
            if overlay.turned.contains(&index) {
                // The pieces the last move turned: an inner ring.
                painter.circle_stroke(
                    rect.center(),
                    radius * 0.55,
                    Stroke::new(2.0, palette.highlight),
                );
            }
        }
        Square::Blocked => {
            painter.circle_filled(rect.center(), radius * 0.8, palette.stone);
        }
        Square::Empty
            if view.targets[index] && overlay.show_targets && overlay.playable && hovered =>
        {
            // The piece a click would place, faint.
            paint_piece(painter, view, rect, overlay.mover, palette, 0.35);
        }
        Square::Empty if view.targets[index] && view.mark_targets && overlay.show_targets => {
            painter.circle_filled(
                rect.center(),
                radius * 0.22,
                palette.preview.gamma_multiply(0.7),
            );
        }
        Square::Empty => {}
    }
    if overlay.last == Some(index) {
        painter.rect_stroke(
            rect.shrink(2.0),
            CornerRadius::same(3),
            Stroke::new(3.0, palette.highlight),
            StrokeKind::Inside,
        );
    }
}

/// A piece of `seat` in the view's look, at `opacity` (a preview is faint).
fn paint_piece(
    painter: &egui::Painter,
    view: &GridView,
    rect: Rect,
    seat: usize,
    palette: &Palette,
    opacity: f32,
) {
    let rim = palette.queen[seat % 2].gamma_multiply(opacity);
    let inner = rect.shrink(rect.width() * 0.22);
    let width = (rect.width() * 0.09).max(2.0);
    let dark = seat.is_multiple_of(2);
    match view.look {
        Look::Discs => {
            let body = Color32::from_gray(if dark { 30 } else { 245 }).gamma_multiply(opacity);
            let radius = rect.width() * 0.38;
            painter.circle_filled(rect.center(), radius, body);
            painter.circle_stroke(rect.center(), radius, Stroke::new(2.0, rim));
        }
        Look::Marks if dark => {
            let stroke = Stroke::new(width, rim);
            painter.line_segment([inner.left_top(), inner.right_bottom()], stroke);
            painter.line_segment([inner.right_top(), inner.left_bottom()], stroke);
        }
        Look::Marks => {
            painter.circle_stroke(inner.center(), inner.width() / 2.0, Stroke::new(width, rim));
        }
        Look::Cars => {
            // A black car and a white car, rimmed with the player's colour, marked
            // with the way it drives (to its seat's exit).
            let (body, ink) = if dark { (40, 245) } else { (250, 40) };
            let corner = CornerRadius::same((inner.width() * 0.2) as u8);
            painter.rect_filled(
                inner,
                corner,
                Color32::from_gray(body).gamma_multiply(opacity),
            );
            painter.rect_stroke(
                inner,
                corner,
                Stroke::new(width * 0.8, rim),
                StrokeKind::Inside,
            );
            let ink = Color32::from_gray(ink).gamma_multiply(opacity);
            if let Some(exits) = view.exits {
                paint_arrow(
                    painter,
                    inner.center(),
                    inner.width() * 0.6,
                    exits.edges[seat % 2],
                    ink,
                );
            }
        }
    }
}

/// An arrow towards `edge`, `length` long, drawn rather than written (not every font
/// has the arrow characters).
fn paint_arrow(painter: &egui::Painter, centre: Pos2, length: f32, edge: Edge, colour: Color32) {
    let direction = match edge {
        Edge::Right => vec2(length, 0.0),
        Edge::Left => vec2(-length, 0.0),
        Edge::Top => vec2(0.0, -length),
        Edge::Bottom => vec2(0.0, length),
    };
    let stroke = Stroke::new((length * 0.12).max(1.5), colour);
    painter.arrow(centre - direction / 2.0, direction, stroke);
}

/// The strip beyond `edge` of the board.
fn strip_rect(grid: Rect, size: f32, edge: Edge) -> Rect {
    let depth = size * EXIT_DEPTH;
    match edge {
        Edge::Right => Rect::from_min_max(
            pos2(grid.max.x + EXIT_GAP, grid.min.y),
            pos2(grid.max.x + EXIT_GAP + depth, grid.max.y),
        ),
        Edge::Left => Rect::from_min_max(
            pos2(grid.min.x - EXIT_GAP - depth, grid.min.y),
            pos2(grid.min.x - EXIT_GAP, grid.max.y),
        ),
        Edge::Top => Rect::from_min_max(
            pos2(grid.min.x, grid.min.y - EXIT_GAP - depth),
            pos2(grid.max.x, grid.min.y - EXIT_GAP),
        ),
        Edge::Bottom => Rect::from_min_max(
            pos2(grid.min.x, grid.max.y + EXIT_GAP),
            pos2(grid.max.x, grid.max.y + EXIT_GAP + depth),
        ),
    }
}

/// The exits of a game whose pieces leave the board: each seat's strip, the mover's
/// strong and the one accessible "exit" button (a piece leaves by its own seat's exit
/// only), the other faint. Answers a click on the exit.
fn exits_ui(
    ui: &mut egui::Ui,
    painter: &egui::Painter,
    (grid, size): (Rect, f32),
    view: &GridView,
    base: egui::Id,
    overlay: &GridOverlay<'_>,
) -> Option<GridTarget> {
    let exits = view.exits?;
    let palette = &overlay.palette;
    for (seat, edge) in exits.edges.into_iter().enumerate() {
        let strip = strip_rect(grid, size, edge);
        let strength = if seat == overlay.mover { 1.0 } else { 0.45 };
        let colour = palette.queen[seat % 2];
        painter.rect_filled(
            strip,
            CornerRadius::same(4),
            palette.label.gamma_multiply(0.12 * strength),
        );
        painter.rect_stroke(
            strip,
            CornerRadius::same(4),
            Stroke::new(1.0, colour.gamma_multiply(0.6 * strength)),
            StrokeKind::Inside,
        );
        paint_arrow(
            painter,
            strip.center(),
            size * 0.3,
            edge,
            colour.gamma_multiply(strength),
        );
    }
    let sense = if overlay.playable {
        Sense::click()
    } else {
        Sense::hover()
    };
    let strip = strip_rect(grid, size, exits.edges[overlay.mover % 2]);
    let hit = ui.interact(strip, base.with("exit"), sense);
    hit.widget_info(|| WidgetInfo::labeled(Role::Button, overlay.playable, EXIT));
    if overlay.picked.is_some() && overlay.reaches.contains(&Reach::Exit) {
        painter.rect_stroke(
            strip.shrink(2.0),
            CornerRadius::same(4),
            Stroke::new(2.0, palette.preview),
            StrokeKind::Inside,
        );
    }
    hit.clicked().then_some(GridTarget::Exit)
}

/// A won game's line, the piece picked up (ringed), where it may go (dots) and, under
/// the mouse, the piece there faintly.
fn paint_marks(
    painter: &egui::Painter,
    (grid, size): (Rect, f32),
    view: &GridView,
    overlay: &GridOverlay<'_>,
    hovered: Option<usize>,
) {
    let palette = &overlay.palette;
    let font = FontId::proportional((size * 0.3).clamp(10.0, 22.0));
    for proved in overlay.values {
        let colour = match proved.tone {
            1.. => Color32::from_rgb(30, 150, 70),
            0 => palette.label,
            _ => Color32::from_rgb(205, 60, 50),
        };
        let rect = square_rect(grid, size, view, proved.index);
        painter.text(
            rect.left_top() + vec2(size * 0.08, size * 0.04),
            Align2::LEFT_TOP,
            &proved.label,
            font.clone(),
            colour,
        );
    }
    for &index in overlay.hint.0 {
        // The hint's ring, dashed apart from the last move's full one.
        let rect = square_rect(grid, size, view, index).shrink(size * 0.08);
        let stroke = Stroke::new((size * 0.06).max(2.5), palette.highlight);
        painter.add(egui::Shape::dashed_line(
            &[
                rect.left_top(),
                rect.right_top(),
                rect.right_bottom(),
                rect.left_bottom(),
                rect.left_top(),
            ],
            stroke,
            size * 0.12,
            size * 0.08,
        ));
    }
    if let (Some(&first), Some(&last)) = (view.line.first(), view.line.last()) {
        // Through the marks and a little past the outer ones, as drawn on paper.
        let a = square_rect(grid, size, view, first).center();
        let b = square_rect(grid, size, view, last).center();
        let beyond = (b - a).normalized() * size * 0.3;
        let stroke = Stroke::new((size * 0.08).max(3.0), palette.highlight);
        painter.line_segment([a - beyond, b + beyond], stroke);
    }
    let Some(picked) = overlay.picked else {
        return;
    };
    painter.rect_stroke(
        square_rect(grid, size, view, picked).shrink(3.0),
        CornerRadius::same(3),
        Stroke::new(3.0, palette.preview),
        StrokeKind::Inside,
    );
    for reach in overlay.reaches {
        if let Reach::Square(index) = *reach {
            let rect = square_rect(grid, size, view, index);
            if overlay.playable && hovered == Some(index) {
                paint_piece(painter, view, rect, overlay.mover, palette, 0.35);
            } else {
                painter.circle_filled(rect.center(), size * 0.1, palette.preview);
            }
        }
    }
}

/// The squares' column letters below and row numbers left, read from their names
/// (the notation's, so a game numbering its rows from the top is written as it is).
fn paint_coordinates(
    painter: &egui::Painter,
    grid: Rect,
    size: f32,
    view: &GridView,
    palette: &Palette,
) {
    let font = FontId::proportional((size * 0.28).clamp(9.0, 14.0));
    let cols = usize::from(view.cols);
    for col in 0..cols {
        let Some(name) = view.names.get((usize::from(view.rows) - 1) * cols + col) else {
            continue;
        };
        let letters: String = name.chars().take_while(char::is_ascii_alphabetic).collect();
        let at = grid.left_bottom() + vec2((col as f32 + 0.5) * size, 9.0);
        painter.text(
            at,
            Align2::CENTER_CENTER,
            letters,
            font.clone(),
            palette.label,
        );
    }
    for row in 0..usize::from(view.rows) {
        let Some(name) = view.names.get(row * cols) else {
            continue;
        };
        let digits: String = name.chars().skip_while(char::is_ascii_alphabetic).collect();
        let at = grid.left_top() + vec2(-9.0, (row as f32 + 0.5) * size);
        painter.text(
            at,
            Align2::CENTER_CENTER,
            digits,
            font.clone(),
            palette.label,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_fits_the_room_given_and_keeps_its_squares_square() {
        let view = GridView::build(6, 8, |_, _| Square::Empty, |r, c| format!("{r}{c}"), &[]);
        let room = Rect::from_min_size(egui::pos2(0.0, 0.0), vec2(400.0, 300.0));
        let (board, size) = board_rect(room, &view, MARGIN);
        assert!(room.contains_rect(board), "{board:?} in {room:?}");
        // Room for the row numbers left of it and the column letters below it.
        assert!(board.left() - room.left() >= 17.9, "{board:?}");
        assert!(room.bottom() - board.bottom() >= 17.9, "{board:?}");
        assert!((board.width() - 8.0 * size).abs() < 0.01);
        assert!((board.height() - 6.0 * size).abs() < 0.01);
    }
}
