//! Any grid game's board, drawn from the seam's read-only view
//! ([`crate::games::grid::GridView`]): the pieces by seat (seat 0 a dark disc, seat 1 a
//! light one, each rimmed with its player's colour), the squares a click may begin a
//! legal move on (a small dot), the last move (a ring) and the pieces it turned (a
//! second ring). Like the other boards, each square is an accessible button ("square
//! d3") whose value says what it holds, so tests and screen readers find and click it.
//! Nothing here names a game: a game added to the table is drawn by this file.

use crate::games::grid::{GridView, Square};
use crate::ui::session::grid_game::GridTarget;
use crate::ui::shell::theme::Palette;
use eframe::egui::{
    self, Align2, Color32, CornerRadius, FontId, Rect, Role, Sense, Stroke, Vec2, WidgetInfo, vec2,
};

/// The accessible name of a square ("square d3").
pub const SQUARE: &str = "square";

/// What to draw besides the pieces.
pub struct GridOverlay<'a> {
    /// The colours.
    pub palette: Palette,
    /// Clicks play (else the board only shows).
    pub playable: bool,
    /// Mark the squares a legal move begins on.
    pub show_targets: bool,
    /// The square of the last move.
    pub last: Option<usize>,
    /// The squares whose piece the last move turned.
    pub turned: &'a [usize],
    /// Screen-reader words: an empty square, a legal one, a piece (`{0}` the square's
    /// name, `{1}` the piece), and "last move".
    pub words: [&'a str; 4],
    /// Each seat's piece in words.
    pub pieces: [&'a str; 2],
}

/// The board's square and its cell size, centred in `available`, with room for the
/// coordinates.
fn board_rect(available: Rect, view: &GridView) -> (Rect, f32) {
    let margin = 18.0;
    let cols = f32::from(view.cols.max(1));
    let rows = f32::from(view.rows.max(1));
    let size = ((available.width() - margin) / cols)
        .min((available.height() - margin) / rows)
        .max(8.0);
    let board = vec2(size * cols, size * rows);
    // The board and its coordinates (a strip left of it, one below) centred together.
    let block = board + Vec2::splat(margin);
    let min = available.center() - block / 2.0 + vec2(margin, 0.0);
    (Rect::from_min_size(min, board), size)
}

/// Draws the board and answers the square clicked, if any.
pub fn grid_board_ui(
    ui: &mut egui::Ui,
    view: &GridView,
    overlay: &GridOverlay<'_>,
) -> Option<GridTarget> {
    let (grid, size) = board_rect(ui.available_rect_before_wrap(), view);
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
    for index in 0..view.squares.len() {
        let (row, col) = (
            index / usize::from(view.cols),
            index % usize::from(view.cols),
        );
        let rect = Rect::from_min_size(
            grid.min + vec2(col as f32 * size, row as f32 * size),
            Vec2::splat(size),
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
        paint_square(&painter, rect, view, index, overlay, hit.hovered());
    }
    paint_coordinates(&painter, grid, size, view, &overlay.palette);
    clicked
}

/// What a screen reader reads for a square: its name and what it holds, then "last
/// move" where it applies.
fn square_value(view: &GridView, index: usize, overlay: &GridOverlay<'_>) -> String {
    let name = &view.names[index];
    let [empty, legal, piece, last] = overlay.words;
    let mut value = match view.squares[index] {
        Square::Piece(seat) => crate::ui::i18n::fill(piece, &[name, &overlay.pieces[seat % 2]]),
        Square::Empty if view.targets[index] && overlay.show_targets => {
            crate::ui::i18n::fill(legal, &[name])
        }
        Square::Empty | Square::Blocked => crate::ui::i18n::fill(empty, &[name]),
    };
    if overlay.last == Some(index) {
        value = format!("{value}, {last}");
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
            let (body, rim) = if seat == 0 {
                (Color32::from_gray(30), palette.queen[0])
            } else {
                (Color32::from_gray(245), palette.queen[1])
            };
            painter.circle_filled(rect.center(), radius, body);
            painter.circle_stroke(rect.center(), radius, Stroke::new(2.0, rim));
            if overlay.turned.contains(&index) {
                // The pieces the last move turned: a dashed-looking inner ring.
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
        Square::Empty if view.targets[index] && overlay.show_targets => {
            let colour = palette
                .preview
                .gamma_multiply(if hovered { 1.0 } else { 0.7 });
            let dot = if hovered && overlay.playable {
                radius * 0.5
            } else {
                radius * 0.22
            };
            painter.circle_filled(rect.center(), dot, colour);
        }
        Square::Empty => {}
    }
    if overlay.last == Some(index) {
        painter.rect_stroke(
            rect.shrink(2.0),
            CornerRadius::same(3),
            Stroke::new(3.0, palette.highlight),
            egui::StrokeKind::Inside,
        );
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
        let (board, size) = board_rect(room, &view);
        assert!(room.contains_rect(board), "{board:?} in {room:?}");
        // Room for the row numbers left of it and the column letters below it.
        assert!(board.left() - room.left() >= 17.9, "{board:?}");
        assert!(room.bottom() - board.bottom() >= 17.9, "{board:?}");
        assert!((board.width() - 8.0 * size).abs() < 0.01);
        assert!((board.height() - 6.0 * size).abs() < 0.01);
    }
}
