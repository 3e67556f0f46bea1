//! Queens' move values by cell while they are worked out (`queens_values.rs`): each
//! move's margin with best play after it and its line, and the position's own proved
//! margin when there is one. What follows from them (the best move, each move's loss)
//! is read from the seam's words, [`CellValues::to_seam`].

use crate::games::move_values::{MoveValue, MoveValues, ProvedLine, ValueKind};
use queens_board::{Cell, Player};

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
    pub(crate) fn exact(&self) -> bool {
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
