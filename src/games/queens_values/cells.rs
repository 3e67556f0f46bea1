//! The values of every legal move of one position, as the window's heat map shows them:
//! each move's margin with best play after it and its line, the position's own proved
//! margin when there is one, and what follows from them (the best move, each move's
//! loss). What `value_moves` answers; how it finds them is in `live.rs`.

use crate::board::{Cell, Player};
use crate::games::move_values::{MoveValue, MoveValues, ProvedLine, ValueKind};

/// One legal move and the margin with best play after it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CellValue {
    /// The move.
    pub cell: Cell,
    /// P1's final cells minus P2's with best play after the move: exact, a proved bound
    /// or an estimate, as `kind` says.
    pub margin: i32,
    /// What `margin` is.
    pub kind: ValueKind,
    /// Best play after the move (the solver's or the engine's line).
    pub line: Vec<Cell>,
}

/// A position's margin with best play, proved, and a proved best line from it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ProvedCells {
    /// P1's final cells minus P2's with best play.
    pub margin: i32,
    /// Proved best moves from the position, its best move first.
    pub line: Vec<Cell>,
}

/// Every legal move of a position, valued.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct CellValues {
    /// The game string of the position.
    pub position: String,
    /// Who moves there.
    pub mover: Player,
    /// One value per legal move, in the board's cell order.
    pub moves: Vec<CellValue>,
    /// The engine's depth after the move for the estimates (`None` when every value is
    /// exact).
    pub depth: Option<u32>,
    /// The position's own margin, when proved (by a solve of the position, or because
    /// every move is proved).
    pub proved: Option<ProvedCells>,
}

impl CellValue {
    /// Whether `margin` is proved exactly.
    pub fn exact(&self) -> bool {
        self.kind == ValueKind::Exact
    }
}

impl CellValues {
    /// The values in the seam's words ([`MoveValues`]): every move in notation; the
    /// margins, already P1's, as they are.
    pub fn to_seam(&self) -> MoveValues {
        let names = |line: &[Cell]| line.iter().map(ToString::to_string).collect();
        MoveValues {
            position: self.position.clone(),
            mover: match self.mover {
                Player::One => 0,
                Player::Two => 1,
            },
            moves: self
                .moves
                .iter()
                .map(|value| MoveValue {
                    mv: value.cell.to_string(),
                    margin: value.margin,
                    kind: value.kind,
                    line: names(&value.line),
                    ends_at_ply: None,
                })
                .collect(),
            depth: self.depth,
            proved: self.proved.as_ref().map(|proved| ProvedLine {
                margin: proved.margin,
                line: names(&proved.line),
            }),
        }
    }

    /// The value of `cell`, if it is a legal move.
    pub fn of(&self, cell: Cell) -> Option<&CellValue> {
        self.moves.iter().find(|m| m.cell == cell)
    }

    /// `margin` from the mover's side (more is better for the mover).
    fn for_mover(&self, margin: i32) -> i32 {
        match self.mover {
            Player::One => margin,
            Player::Two => -margin,
        }
    }

    /// The best move (the first of equals) and its value.
    pub fn best(&self) -> Option<&CellValue> {
        self.moves.iter().reduce(|a, b| {
            if self.for_mover(b.margin) > self.for_mover(a.margin) {
                b
            } else {
                a
            }
        })
    }

    /// The margin cells `cell` gives away against the best move (0 for a best move);
    /// `None` for a cell that is no legal move. For a [`ValueKind::Bound`] it is the
    /// least it gives away (when the best move is exact, a proved "at least").
    pub fn loss(&self, cell: Cell) -> Option<u32> {
        let best = self.best()?;
        let value = self.moves.iter().find(|m| m.cell == cell)?;
        Some((self.for_mover(best.margin) - self.for_mover(value.margin)).max(0) as u32)
    }

    /// The largest loss of any move (0 when all moves are equal).
    pub fn worst_loss(&self) -> u32 {
        self.moves
            .iter()
            .filter_map(|m| self.loss(m.cell))
            .max()
            .unwrap_or(0)
    }

    /// Whether every move's value is proved: the position's margin is then exact too.
    pub fn solved(&self) -> bool {
        !self.moves.is_empty() && self.moves.iter().all(CellValue::exact)
    }

    /// P1's margin with best play from the position: the proved one when there is one
    /// (see [`Self::proved_margin`]), else the best move's estimate.
    pub fn margin(&self) -> Option<i32> {
        self.proved_margin()
            .or_else(|| self.best().map(|best| best.margin))
    }

    /// P1's margin with best play from the position, when proved.
    pub fn proved_margin(&self) -> Option<i32> {
        match &self.proved {
            Some(proved) => Some(proved.margin),
            None if self.solved() => self.best().map(|best| best.margin),
            None => None,
        }
    }

    /// Best play from the position: the proved line when there is one, else the best
    /// move, then best play after it.
    pub fn principal_variation(&self) -> Vec<Cell> {
        if let Some(proved) = self.proved.as_ref().filter(|p| !p.line.is_empty()) {
            return proved.line.clone();
        }
        self.best()
            .map(|best| {
                std::iter::once(best.cell)
                    .chain(best.line.clone())
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Takes in the position's proved value: its best move is proved to reach it, and no
    /// estimate of another move may claim more for the mover.
    pub(super) fn take_proved(&mut self, proved: ProvedCells) {
        let mover = self.mover;
        let view = |margin: i32| match mover {
            Player::One => margin,
            Player::Two => -margin,
        };
        for value in &mut self.moves {
            if Some(&value.cell) == proved.line.first() {
                value.margin = proved.margin;
                value.kind = ValueKind::Exact;
                value.line = proved.line[1..].to_vec();
            } else if !value.exact() && view(value.margin) > view(proved.margin) {
                value.margin = proved.margin;
            }
        }
        self.proved = Some(proved);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(margins: &[(&str, i32)], mover: Player) -> CellValues {
        CellValues {
            position: String::new(),
            mover,
            moves: margins
                .iter()
                .map(|&(name, margin)| CellValue {
                    cell: Cell::parse(name).unwrap_or_default(),
                    margin,
                    kind: ValueKind::Exact,
                    line: Vec::new(),
                })
                .collect(),
            depth: None,
            proved: None,
        }
    }

    #[test]
    fn losses_are_from_the_movers_side() {
        let cell = |name| Cell::parse(name).unwrap_or_default();
        let p1 = values(&[("a1", 4), ("b1", -2), ("c1", 4)], Player::One);
        assert_eq!(p1.best().map(|b| b.cell), Some(cell("a1")));
        assert_eq!(p1.loss(cell("b1")), Some(6));
        assert_eq!(p1.loss(cell("c1")), Some(0));
        assert_eq!(p1.loss(cell("d4")), None);
        assert_eq!(p1.worst_loss(), 6);
        let p2 = values(&[("a1", 4), ("b1", -2)], Player::Two);
        assert_eq!(p2.best().map(|b| b.cell), Some(cell("b1")));
        assert_eq!(p2.loss(cell("a1")), Some(6));
        assert_eq!(p2.margin(), Some(-2));
        assert!(p2.solved());
    }
}
