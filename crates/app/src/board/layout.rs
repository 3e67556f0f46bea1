//! Where the board's cells are on screen: a square grid fitted into the available
//! rectangle, with room for the coordinates. Row 1 is at the bottom, as in chess.

use eframe::egui::{Pos2, Rect, Vec2, pos2, vec2};
use queens_board::Cell;

/// The board's placement on screen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct BoardLayout {
    /// The top-left corner of cell `a<N>` (the grid's top-left).
    pub origin: Pos2,
    /// The side of one cell in points.
    pub cell: f32,
    /// The board side N.
    pub size: u8,
    /// The room kept on each edge for coordinates (0 without them).
    pub margin: f32,
}

impl BoardLayout {
    /// The largest square board of side `size` that fits `available`, centred, keeping a
    /// margin for coordinates when `coordinates` is set.
    pub(crate) fn fit(available: Rect, size: u8, coordinates: bool) -> BoardLayout {
        let n = f32::from(size.max(1));
        let side = available.width().min(available.height()).max(1.0);
        let margin = if coordinates {
            (side / (n + 1.0) * 0.6).clamp(12.0, 26.0)
        } else {
            2.0
        };
        let grid = (side - 2.0 * margin).max(n);
        let cell = (grid / n).floor().max(1.0);
        let used = cell * n;
        let origin = available.center() - vec2(used, used) / 2.0;
        BoardLayout {
            origin: pos2(origin.x.round(), origin.y.round()),
            cell,
            size,
            margin,
        }
    }

    /// The whole grid.
    pub(crate) fn grid_rect(&self) -> Rect {
        let used = self.cell * f32::from(self.size);
        Rect::from_min_size(self.origin, vec2(used, used))
    }

    /// The square of `cell`.
    pub(crate) fn rect_from_cell(&self, cell: Cell) -> Rect {
        let top = f32::from(self.size - 1 - cell.row().min(self.size - 1));
        let min = self.origin + vec2(f32::from(cell.col()) * self.cell, top * self.cell);
        Rect::from_min_size(min, Vec2::splat(self.cell))
    }

    /// The centre of `cell`.
    pub(crate) fn pos_from_cell(&self, cell: Cell) -> Pos2 {
        self.rect_from_cell(cell).center()
    }

    /// The cell under `pos`, if it is on the board.
    #[cfg(test)]
    pub(crate) fn cell_from_pos(&self, pos: Pos2) -> Option<Cell> {
        let rel = (pos - self.origin) / self.cell;
        let n = f32::from(self.size);
        if !(0.0..n).contains(&rel.x) || !(0.0..n).contains(&rel.y) {
            return None;
        }
        let col = rel.x.floor() as u8;
        let row = self.size - 1 - rel.y.floor() as u8;
        Some(Cell::new(col, row))
    }

    /// Where the label of column `col` goes (below the grid).
    pub(crate) fn column_label_pos(&self, col: u8) -> Pos2 {
        let grid = self.grid_rect();
        pos2(
            grid.left() + (f32::from(col) + 0.5) * self.cell,
            grid.bottom() + self.margin / 2.0,
        )
    }

    /// Where the label of row `row` goes (left of the grid).
    pub(crate) fn row_label_pos(&self, row: u8) -> Pos2 {
        let grid = self.grid_rect();
        pos2(
            grid.left() - self.margin / 2.0,
            grid.bottom() - (f32::from(row) + 0.5) * self.cell,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(size: u8) -> BoardLayout {
        BoardLayout::fit(
            Rect::from_min_size(pos2(10.0, 20.0), vec2(500.0, 400.0)),
            size,
            true,
        )
    }

    #[test]
    fn cells_round_trip_through_positions() {
        for size in [3, 8, 15] {
            let layout = layout(size);
            for row in 0..size {
                for col in 0..size {
                    let cell = Cell::new(col, row);
                    assert_eq!(layout.cell_from_pos(layout.pos_from_cell(cell)), Some(cell));
                }
            }
        }
    }

    #[test]
    fn a1_is_bottom_left_and_the_grid_fits_with_its_margin() {
        let layout = layout(8);
        let a1 = layout.rect_from_cell(Cell::new(0, 0));
        let grid = layout.grid_rect();
        assert_eq!(a1.left(), grid.left());
        assert_eq!(a1.bottom(), grid.bottom());
        assert!(grid.top() - layout.margin >= 20.0 - 0.5);
        assert!(grid.bottom() + layout.margin <= 420.0 + 0.5);
    }

    #[test]
    fn outside_the_grid_is_no_cell() {
        let layout = layout(5);
        let grid = layout.grid_rect();
        assert_eq!(layout.cell_from_pos(grid.left_top() - vec2(1.0, 1.0)), None);
        assert_eq!(
            layout.cell_from_pos(grid.right_bottom() + vec2(1.0, 1.0)),
            None
        );
        assert_eq!(
            layout.cell_from_pos(grid.right_bottom() - vec2(1.0, 1.0)),
            Some(Cell::new(4, 0))
        );
    }

    #[test]
    fn a_tiny_area_still_gives_a_usable_layout() {
        // 3x3 points for a 15x15 board: cells of one point, centred on the area, and
        // every cell still found under its own centre (no two share a square).
        let area = Rect::from_min_size(Pos2::ZERO, vec2(3.0, 3.0));
        let tiny = BoardLayout::fit(area, 15, true);
        assert_eq!(tiny.cell, 1.0);
        // Centred to the nearest point (the origin is rounded to whole points).
        assert!((tiny.grid_rect().center() - area.center()).length() <= 0.75);
        for row in 0..15 {
            for col in 0..15 {
                let cell = Cell::new(col, row);
                assert_eq!(tiny.cell_from_pos(tiny.pos_from_cell(cell)), Some(cell));
            }
        }
    }
}
