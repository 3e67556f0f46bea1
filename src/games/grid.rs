//! A grid game's board as a front end draws it, read-only: what each square holds (by
//! seat, so the front end needs no game's piece type), each square's name in the game's
//! notation, and which squares the side to move may click. A window draws every grid game
//! from this one view (`AnyGame::grid` of the seam) and turns clicks into moves by
//! name: a move is written with the names of the squares it touches (`d3`, `a3-b3`), so
//! the legal moves whose notation starts with a clicked square's name are the moves that
//! click can begin.

use std::fmt::Display;

/// A seat, as the seam numbers them (this module depends on no game).
type Seat = usize;

/// What a square holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Square {
    /// Nothing: a piece may come here if the rules allow.
    Empty,
    /// A piece (a mark, a car, a disc, a queen) of this seat.
    Piece(Seat),
    /// Nobody's piece, but no piece may come here (a queens stone).
    Blocked,
}

/// A grid game's board, row 0 at the top as drawn, columns left to right.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridView {
    /// Rows, top to bottom.
    pub rows: u8,
    /// Columns, left to right.
    pub cols: u8,
    /// `rows * cols` squares, row by row from the top left.
    pub squares: Vec<Square>,
    /// Each square's name in the game's notation (`a3`), in the same order.
    pub names: Vec<String>,
    /// The squares a click of the side to move can begin a legal move on (an empty
    /// square a disc or a mark may go to, a car that can move), in the same order; all
    /// false once the game is over.
    pub targets: Vec<bool>,
}

impl GridView {
    /// The view of a `rows` x `cols` board whose square at (`row`, `col`) holds
    /// `square(row, col)` and is named `name(row, col)`; the targets are the squares
    /// that begin one of `legal` (the legal moves in notation).
    pub fn build(
        rows: u8,
        cols: u8,
        square: impl Fn(u8, u8) -> Square,
        name: impl Fn(u8, u8) -> String,
        legal: &[String],
    ) -> GridView {
        let count = usize::from(rows) * usize::from(cols);
        let mut view = GridView {
            rows,
            cols,
            squares: Vec::with_capacity(count),
            names: Vec::with_capacity(count),
            targets: Vec::with_capacity(count),
        };
        for row in 0..rows {
            for col in 0..cols {
                let named = name(row, col);
                view.targets.push(legal.iter().any(|mv| begins(mv, &named)));
                view.squares.push(square(row, col));
                view.names.push(named);
            }
        }
        view
    }

    /// The index of (`row`, `col`) in [`GridView::squares`], if it is on the board.
    pub fn index(&self, row: u8, col: u8) -> Option<usize> {
        (row < self.rows && col < self.cols)
            .then(|| usize::from(row) * usize::from(self.cols) + usize::from(col))
    }

    /// The legal moves (of `legal`, in notation) a click on the square `index` begins.
    pub fn moves_from<'a>(&self, index: usize, legal: &'a [String]) -> Vec<&'a str> {
        let Some(name) = self.names.get(index) else {
            return Vec::new();
        };
        legal
            .iter()
            .filter(|mv| begins(mv, name))
            .map(String::as_str)
            .collect()
    }
}

/// Legal moves in notation, as [`GridView::build`] takes them.
pub fn legal_texts<M: Display>(moves: &[M]) -> Vec<String> {
    moves.iter().map(ToString::to_string).collect()
}

/// Whether the move `mv` (in notation) begins on the square named `name`: it is the name,
/// or the name and a `-`.
fn begins(mv: &str, name: &str) -> bool {
    mv.strip_prefix(name)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with('-'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_target_is_a_square_a_legal_move_begins_on_and_names_do_not_run_together() {
        let legal = vec!["a1".to_string(), "b1-c1".to_string()];
        let view = GridView::build(
            2,
            12,
            |_, _| Square::Empty,
            |row, col| format!("{}{}", char::from(b'a' + col), 2 - row),
            &legal,
        );
        let a1 = view.index(1, 0).unwrap_or(usize::MAX);
        let b1 = view.index(1, 1).unwrap_or(usize::MAX);
        assert!(view.targets[a1] && view.targets[b1]);
        assert_eq!(view.targets.iter().filter(|&&t| t).count(), 2);
        // A name begins a move only whole: a1 does not begin a10 or a12-b12.
        assert!(!begins("a10", "a1") && !begins("a12-b12", "a1"));
        assert!(begins("c2-off", "c2"));
        assert_eq!(view.moves_from(b1, &legal), vec!["b1-c1"]);
        assert_eq!(view.index(2, 0), None);
    }

    #[test]
    fn every_games_view_marks_where_its_legal_moves_begin_and_holds_its_pieces() {
        for entry in crate::games::table::GAMES {
            let mut game = (entry.start)().unwrap_or_else(|e| panic!("{}: {e}", entry.tag));
            for _ in 0..2 {
                let first = game.legal_moves().into_iter().next().unwrap_or_default();
                game.play_text(&first)
                    .unwrap_or_else(|e| panic!("{}: {first}: {e}", entry.tag));
            }
            let view = game
                .grid()
                .unwrap_or_else(|| panic!("{}: no grid", entry.tag));
            let count = usize::from(view.rows) * usize::from(view.cols);
            assert_eq!(view.squares.len(), count, "{}", entry.tag);
            assert_eq!(view.names.len(), count, "{}", entry.tag);
            let legal = game.legal_moves();
            let begun: usize = (0..count)
                .filter(|&index| view.targets[index])
                .map(|index| view.moves_from(index, &legal).len())
                .sum();
            assert_eq!(begun, legal.len(), "{}: {legal:?}", entry.tag);
            let pieces = view
                .squares
                .iter()
                .filter(|square| matches!(square, Square::Piece(_)))
                .count();
            assert!(pieces >= 2, "{}: {pieces} pieces", entry.tag);
            // Every played square is named as the notation names it.
            for mv in game.moves() {
                let from = mv.split('-').next().unwrap_or_default();
                assert!(view.names.iter().any(|n| n == from), "{}: {mv}", entry.tag);
            }
        }
    }
}
