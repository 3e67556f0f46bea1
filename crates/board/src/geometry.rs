//! Masks that depend only on the board size and the stones, computed once per game.
//!
//! Stones never move, so each cell's 8 rays (stopping at a stone or the edge) are fixed
//! for the whole game: a move's claims are then one mask AND the free set.

use super::bitboard::Bitboard;
use super::cell::{Cell, STRIDE};

/// The 8 queen directions as (column step, row step).
pub(crate) const DIRECTIONS: [(i8, i8); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// Per-game lookup tables: every on-board cell, the stones, and per cell its queen rays
/// (with the cell itself) and its 8 neighbours.
#[derive(Clone)]
pub(crate) struct Geometry {
    size: u8,
    cells: Bitboard,
    stones: Bitboard,
    /// The cell plus every cell on its 8 rays up to a stone or the edge.
    reach: [Bitboard; 256],
    /// The up to 8 adjacent on-board cells, stones excluded.
    neighbours: [Bitboard; 256],
}

impl Geometry {
    /// Tables for an `size` x `size` board with `stones` (already validated by the caller).
    pub(crate) fn new(size: u8, stones: Bitboard) -> Geometry {
        let mut cells = Bitboard::EMPTY;
        for row in 0..size {
            for col in 0..size {
                cells.insert(Cell::new(col, row));
            }
        }
        let open = cells & !stones;
        let mut reach = [Bitboard::EMPTY; 256];
        let mut neighbours = [Bitboard::EMPTY; 256];
        for cell in open {
            let mut rays = Bitboard::from_cell(cell);
            let mut adjacent = Bitboard::EMPTY;
            for (dc, dr) in DIRECTIONS {
                let mut step = 1;
                while let Some(next) = offset(cell, dc * step, dr * step, size) {
                    if stones.contains(next) {
                        break;
                    }
                    if step == 1 {
                        adjacent.insert(next);
                    }
                    rays.insert(next);
                    step += 1;
                }
            }
            reach[cell.index()] = rays;
            neighbours[cell.index()] = adjacent;
        }
        Geometry {
            size,
            cells,
            stones,
            reach,
            neighbours,
        }
    }

    /// Side length of the board.
    #[inline]
    pub(crate) fn size(&self) -> u8 {
        self.size
    }

    /// Every cell of the board, stones included.
    #[inline]
    pub(crate) fn cells(&self) -> Bitboard {
        self.cells
    }

    /// The stone cells.
    #[inline]
    pub(crate) fn stones(&self) -> Bitboard {
        self.stones
    }

    /// The cell plus its 8 rays up to a stone or the edge (empty for a stone or off-board).
    #[inline]
    pub(crate) fn reach(&self, cell: Cell) -> Bitboard {
        self.reach[cell.index()]
    }

    /// The adjacent on-board non-stone cells (empty for a stone or off-board cell).
    #[inline]
    pub(crate) fn neighbours(&self, cell: Cell) -> Bitboard {
        self.neighbours[cell.index()]
    }
}

/// The cell `(dc, dr)` away from `cell`, if it is on an `size` x `size` board.
fn offset(cell: Cell, dc: i8, dr: i8, size: u8) -> Option<Cell> {
    let col = cell.col() as i16 + dc as i16;
    let row = cell.row() as i16 + dr as i16;
    let limit = size.min(STRIDE as u8 - 1) as i16;
    ((0..limit).contains(&col) && (0..limit).contains(&row))
        .then(|| Cell::new(col as u8, row as u8))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn open_board_rays_of_a_corner_and_a_centre() -> Result<(), Box<dyn std::error::Error>> {
        let geometry = Geometry::new(4, Bitboard::EMPTY);
        // a1 sees its column (3), its row (3), its diagonal (3), plus itself.
        assert_eq!(geometry.reach("a1".parse::<Cell>()?).count(), 10);
        // b2 on 4x4: 12 cells as in the worked example of docs/rules.md.
        assert_eq!(geometry.reach("b2".parse::<Cell>()?).count(), 12);
        assert_eq!(geometry.neighbours("a1".parse::<Cell>()?).count(), 3);
        assert_eq!(geometry.neighbours("b2".parse::<Cell>()?).count(), 8);
        Ok(())
    }

    #[test]
    fn stones_stop_rays_and_are_not_neighbours() -> Result<(), Box<dyn std::error::Error>> {
        let stones: Bitboard = ["b1".parse::<Cell>()?].into_iter().collect();
        let geometry = Geometry::new(4, stones);
        let reach = geometry.reach("a1".parse::<Cell>()?);
        assert!(!reach.contains("b1".parse::<Cell>()?));
        assert!(!reach.contains("c1".parse::<Cell>()?));
        assert!(reach.contains("a4".parse::<Cell>()?) && reach.contains("d4".parse::<Cell>()?));
        assert!(geometry.reach("b1".parse::<Cell>()?).is_empty());
        assert!(
            !geometry
                .neighbours("a1".parse::<Cell>()?)
                .contains("b1".parse::<Cell>()?)
        );
        Ok(())
    }
}
