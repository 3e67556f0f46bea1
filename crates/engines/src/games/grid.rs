//! A grid game's board as a front end draws it, read-only: what each square holds (by
//! seat, so the front end needs no game's piece type), each square's name in the game's
//! notation, and which squares the side to move may click. A window draws every grid game
//! from this one view (`AnyGame::grid` of the seam) and turns clicks into moves by
//! name: a move is written with the names of the squares it touches (`d3`, `a3-b3`), so
//! the legal moves whose notation starts with a clicked square's name are the moves that
//! click can begin.
//!
//! A move of two squares (`a3-b3`: a piece and where it goes) is made in two clicks:
//! the first picks the piece up ([`GridView::picks`]), the second names where it goes
//! ([`GridView::join`]); a piece leaving the board goes to the view's [`Exits`] (Dodgem's
//! `c2-off`). How the pieces look ([`Look`]) and a line to draw through a won game
//! ([`GridView::line`]) are the game's to say, so the window draws every game from
//! this view without knowing which it is.

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

/// How a game's pieces are drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Look {
    /// Discs, seat 0 dark and seat 1 light (Othello, queens).
    #[default]
    Discs,
    /// Marks on paper: seat 0 a cross, seat 1 a ring (tic-tac-toe).
    Marks,
    /// Cars, each pointing the way it drives: towards its seat's exit (Dodgem).
    Cars,
}

/// A side of the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Edge {
    /// Above the top row.
    #[default]
    Top,
    /// Right of the last column.
    Right,
    /// Below the bottom row.
    Bottom,
    /// Left of the first column.
    Left,
}

/// Where pieces leave the board, for a game whose moves can take a piece off it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exits {
    /// The word the notation writes for "off the board" (`off` in `c2-off`).
    pub name: &'static str,
    /// The edge each seat's pieces leave by, seat 0 first.
    pub edges: [Edge; 2],
}

/// Where the second click of a two-square move goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reach {
    /// A square, by its index.
    Square(usize),
    /// Off the board, by the mover's exit.
    Exit,
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
    /// How the pieces are drawn.
    pub look: Look,
    /// Mark the empty squares a move may go to (false where every empty square is one,
    /// as in tic-tac-toe, so the marks would say nothing).
    pub mark_targets: bool,
    /// Where pieces leave the board, for a game whose pieces can.
    pub exits: Option<Exits>,
    /// The squares of a line the game was won by, end to end (tic-tac-toe's three in a
    /// row); empty otherwise.
    pub line: Vec<usize>,
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
            look: Look::Discs,
            mark_targets: true,
            exits: None,
            line: Vec::new(),
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

    /// Whether a click on the square `index` picks a piece up: a legal move of two
    /// squares (`a3-b3`) begins there, so a second click must say where it goes.
    pub fn picks(&self, index: usize, legal: &[String]) -> bool {
        self.moves_from(index, legal)
            .iter()
            .any(|mv| mv.contains('-'))
    }

    /// The move that takes the piece on `from` to `to`, in notation (`a3-b3`,
    /// `c2-off`), legal or not: the rules judge it when it is played. `None` for a
    /// square off the view or an exit the game has not.
    pub fn join(&self, from: usize, to: Reach) -> Option<String> {
        let start = self.names.get(from)?;
        let end = match to {
            Reach::Square(index) => self.names.get(index)?.as_str(),
            Reach::Exit => self.exits?.name,
        };
        Some(format!("{start}-{end}"))
    }

    /// Where the legal moves (of `legal`) of the piece on `from` can go: the squares,
    /// and [`Reach::Exit`] when it can leave the board.
    pub fn reaches(&self, from: usize, legal: &[String]) -> Vec<Reach> {
        let exit = self.exits.map(|exits| exits.name);
        self.moves_from(from, legal)
            .into_iter()
            .filter_map(|mv| {
                let end = mv.split_once('-')?.1;
                if Some(end) == exit {
                    return Some(Reach::Exit);
                }
                self.names
                    .iter()
                    .position(|name| name == end)
                    .map(Reach::Square)
            })
            .collect()
    }

    /// The view drawn with `look`.
    #[must_use]
    pub(crate) fn with_look(mut self, look: Look) -> GridView {
        self.look = look;
        self
    }

    /// The view with its empty targets left unmarked.
    #[must_use]
    pub(crate) fn unmarked(mut self) -> GridView {
        self.mark_targets = false;
        self
    }

    /// The view whose pieces leave the board by `exits`.
    #[must_use]
    pub(crate) fn with_exits(mut self, exits: Exits) -> GridView {
        self.exits = Some(exits);
        self
    }

    /// The view with the winning line through `squares` (indices, end to end).
    #[must_use]
    pub(crate) fn with_line(mut self, squares: Vec<usize>) -> GridView {
        self.line = squares;
        self
    }
}

/// Legal moves in notation, as [`GridView::build`] takes them.
pub(crate) fn legal_texts<M: Display>(moves: &[M]) -> Vec<String> {
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
