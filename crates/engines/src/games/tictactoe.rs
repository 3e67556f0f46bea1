//! Tic-tac-toe (the lecture's exercise 1; the blog article 001 values its game tree): X
//! and O take turns marking an empty cell of a 3x3 board, X first; three in a row (a row,
//! a column or a diagonal) wins; a full board without one is a draw.
//!
//! The position notation is three rows, top to bottom, separated by `/`, each three of
//! `x`, `o` or `.` (empty): `x.o/.x./..o`. Upper-case `X`/`O` are read too; it is always
//! written lower-case. The side to move is not written: X has moved as often as O, or once
//! more. Cells are named as in [`super::cells`] (`a3` top left, `c1` bottom right).

use super::cells::{CELLS, Cell};
use super::rules::{self, Rules, Tools};
use super::setup::{GameStringError, Reason, Refused, Setup};
use crate::ai::{FrontierGame, GamePosition, MoveList, Score, SearchGame};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// The name saves and the command line will use for this game.
pub const KIND: &str = "tictactoe";

/// The value of a won game before the bonus for finishing early: above any heuristic
/// value (at most 8 open lines), so a search prefers any win to any guess.
pub const WIN: i32 = 100;

/// The eight lines of three cells.
pub const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// The search's move order: the centre, the corners, the edges (a cell on more lines
/// first), so alpha-beta meets strong moves early.
pub const MOVE_ORDER: [u8; CELLS] = [4, 0, 2, 6, 8, 1, 3, 5, 7];

/// A player's mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// The first player.
    X,
    /// The second player.
    O,
}

impl Mark {
    /// The other player.
    pub const fn other(self) -> Mark {
        match self {
            Mark::X => Mark::O,
            Mark::O => Mark::X,
        }
    }
}

/// A tic-tac-toe position and the moves played since it was set up (for undo). It is
/// both the position the front ends hold and the state the search walks.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TicTacToe {
    cells: [Option<Mark>; CELLS],
    history: Vec<Cell>,
}

/// Notation that is not a tic-tac-toe position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TicTacToeError {
    /// Not three rows of three cells.
    #[error(
        "a tic-tac-toe position is three rows of three cells separated by '/', like x.o/.x./..o"
    )]
    Shape,
    /// A character other than x, o or `.`.
    #[error("'{0}' is not a cell: write x, o or . (empty)")]
    BadCell(char),
    /// X has not moved as often as O or once more.
    #[error("X must have as many marks as O or one more (x {x}, o {o})")]
    Counts {
        /// X's marks.
        x: usize,
        /// O's marks.
        o: usize,
    },
    /// Both have three in a row, or the winner's opponent moved after the win.
    #[error("no game reaches this position: a player moved after the game was won")]
    AfterTheEnd,
    /// A move naming a cell that is taken.
    #[error("'{0}' is not an empty cell (a1 .. c3)")]
    BadMove(String),
    /// A move that names no cell of the board.
    #[error("'{0}' is not a cell of the board (a1 .. c3)")]
    NotACell(String),
    /// A move after the game ended.
    #[error("the game is over")]
    GameOver,
}

impl Default for TicTacToe {
    fn default() -> Self {
        TicTacToe::new()
    }
}

impl TicTacToe {
    /// The empty board, X to move.
    pub fn new() -> TicTacToe {
        TicTacToe {
            cells: [None; CELLS],
            history: Vec::with_capacity(CELLS),
        }
    }

    /// What `cell` holds.
    pub fn mark(&self, cell: Cell) -> Option<Mark> {
        self.cells[cell.index()]
    }

    /// The side to move: X when the counts are equal.
    pub fn to_move(&self) -> Mark {
        let (x, o) = self.counts();
        if x == o { Mark::X } else { Mark::O }
    }

    /// The moves played on this value since it was set up (or parsed), oldest first.
    pub fn history(&self) -> &[Cell] {
        &self.history
    }

    fn counts(&self) -> (usize, usize) {
        let x = self.cells.iter().filter(|&&m| m == Some(Mark::X)).count();
        let o = self.cells.iter().filter(|&&m| m == Some(Mark::O)).count();
        (x, o)
    }

    fn empties(&self) -> usize {
        self.cells.iter().filter(|m| m.is_none()).count()
    }

    /// Whether `mark` has three in a row.
    pub fn has_line(&self, mark: Mark) -> bool {
        LINES
            .iter()
            .any(|line| line.iter().all(|&c| self.cells[c] == Some(mark)))
    }

    /// The winner, if someone has three in a row.
    pub fn winner(&self) -> Option<Mark> {
        [Mark::X, Mark::O]
            .into_iter()
            .find(|&mark| self.has_line(mark))
    }

    /// Whether the game is over: a line, or a full board (a draw).
    pub fn is_over(&self) -> bool {
        self.winner().is_some() || self.empties() == 0
    }

    /// Plays `cell` for the side to move, checked (the front ends' entry point).
    ///
    /// # Errors
    /// [`TicTacToeError::GameOver`] after the end, [`TicTacToeError::BadMove`] for a
    /// taken cell.
    pub fn play(&mut self, cell: Cell) -> Result<(), TicTacToeError> {
        if self.is_over() {
            return Err(TicTacToeError::GameOver);
        }
        if cell.index() >= CELLS || self.cells[cell.index()].is_some() {
            return Err(TicTacToeError::BadMove(cell.to_string()));
        }
        self.do_move(cell);
        Ok(())
    }

    /// Lines still open to `mark` (none of the opponent's marks on them).
    pub(crate) fn open_lines(&self, mark: Mark) -> i32 {
        let other = Some(mark.other());
        LINES
            .iter()
            .filter(|line| line.iter().all(|&c| self.cells[c] != other))
            .count() as i32
    }
}

impl fmt::Display for TicTacToe {
    /// The notation, e.g. `x.o/.x./..o`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, mark) in self.cells.iter().enumerate() {
            if index > 0 && index % 3 == 0 {
                f.write_str("/")?;
            }
            f.write_str(match mark {
                Some(Mark::X) => "x",
                Some(Mark::O) => "o",
                None => ".",
            })?;
        }
        Ok(())
    }
}

impl FromStr for TicTacToe {
    type Err = TicTacToeError;

    /// Reads the notation; refuses a position no game reaches.
    fn from_str(text: &str) -> Result<TicTacToe, TicTacToeError> {
        let rows: Vec<&str> = text.trim().split('/').collect();
        if rows.len() != 3 || rows.iter().any(|row| row.chars().count() != 3) {
            return Err(TicTacToeError::Shape);
        }
        let mut game = TicTacToe::new();
        for (index, ch) in rows.iter().flat_map(|row| row.chars()).enumerate() {
            game.cells[index] = match ch {
                'x' | 'X' => Some(Mark::X),
                'o' | 'O' => Some(Mark::O),
                '.' => None,
                other => return Err(TicTacToeError::BadCell(other)),
            };
        }
        let (x, o) = game.counts();
        if x != o && x != o + 1 {
            return Err(TicTacToeError::Counts { x, o });
        }
        // The winner moved last: X's win leaves x = o + 1, O's x = o.
        let x_won = game.has_line(Mark::X);
        let o_won = game.has_line(Mark::O);
        let x_after_the_end = x_won && (o_won || x == o);
        let o_after_the_end = o_won && x != o;
        if x_after_the_end || o_after_the_end {
            return Err(TicTacToeError::AfterTheEnd);
        }
        Ok(game)
    }
}

impl GamePosition for TicTacToe {
    type Move = Cell;
    type Search = TicTacToe;

    fn search_game(&self) -> TicTacToe {
        self.clone()
    }
}

impl SearchGame for TicTacToe {
    type Move = Cell;

    /// The empty cells in [`MOVE_ORDER`]; none once the game is over.
    fn ordered_moves(&self, list: &mut MoveList<Cell>) {
        list.clear();
        if self.is_terminal() {
            return;
        }
        for &index in &MOVE_ORDER {
            if self.cells[usize::from(index)].is_none() {
                list.push(Cell(index));
            }
        }
    }

    fn do_move(&mut self, mv: Cell) {
        self.cells[mv.index()] = Some(self.to_move());
        self.history.push(mv);
    }

    fn undo_move(&mut self) {
        if let Some(mv) = self.history.pop() {
            self.cells[mv.index()] = None;
        }
    }

    /// Over when the player who just moved has a line, or the board is full. Only the
    /// last mover can have a fresh line, so only their lines are checked.
    fn is_terminal(&self) -> bool {
        self.has_line(self.to_move().other()) || self.empties() == 0
    }

    fn plies_left_bound(&self) -> u32 {
        self.empties() as u32
    }

    /// From the side to move's view: lost (the opponent just made a line) is
    /// `-(WIN + empty cells)`, so a quicker win is worth more; a full board is 0;
    /// otherwise the textbook heuristic (Nilsson): lines still open to the side to move
    /// minus lines still open to the opponent.
    fn evaluate(&self) -> Score {
        let me = self.to_move();
        if self.has_line(me.other()) {
            return Score(-(WIN + self.empties() as i32));
        }
        if self.empties() == 0 {
            return Score::ZERO;
        }
        Score(self.open_lines(me) - self.open_lines(me.other()))
    }
}

impl FrontierGame for TicTacToe {}

/// Tic-tac-toe through the game seam: no setup keys, moves are cells (`b2`).
/// Tic-tac-toe's reasons in Vietnamese (the English is their `Display`).
impl Reason for TicTacToeError {
    fn vietnamese(&self) -> String {
        match self {
            TicTacToeError::Shape => {
                "thế cờ tic-tac-toe là ba hàng ba ô ngăn bởi '/', như x.o/.x./..o".to_string()
            }
            TicTacToeError::BadCell(cell) => {
                format!("'{cell}' không phải là một ô: viết x, o hoặc . (trống)")
            }
            TicTacToeError::Counts { x, o } => {
                format!("X phải có số dấu bằng O hoặc hơn một (x {x}, o {o})")
            }
            TicTacToeError::AfterTheEnd => {
                "không ván nào đến được thế cờ này: một bên đã đi sau khi ván đã có người thắng"
                    .to_string()
            }
            TicTacToeError::BadMove(text) => format!("'{text}' không phải là ô trống (a1 .. c3)"),
            TicTacToeError::NotACell(text) => {
                format!("'{text}' không phải là ô của bàn cờ (a1 .. c3)")
            }
            TicTacToeError::GameOver => "ván đã kết thúc".to_string(),
        }
    }
}

impl Rules for TicTacToe {
    type Move = Cell;
    const TAG: &'static str = KIND;
    const SIDES: [&'static str; 2] = ["x", "o"];
    const TOOLS: Tools = Tools {
        solver: true,
        search_to_end: true,
        ..Tools::PLAY_ONLY
    };

    fn setup(keys: &Setup) -> Result<TicTacToe, GameStringError> {
        rules::start_without_keys(keys, TicTacToe::new)
    }

    fn from_notation(text: &str) -> Result<TicTacToe, Refused> {
        rules::parse_notation(text)
    }

    fn legal_moves(&self) -> Vec<Cell> {
        rules::ordered_moves(self)
    }

    fn play(&mut self, mv: Cell) -> Result<(), Refused> {
        TicTacToe::play(self, mv).map_err(Refused::worded)
    }

    fn undo(&mut self) -> Option<Cell> {
        let last = self.history.last().copied()?;
        self.undo_move();
        Some(last)
    }

    fn moves_played(&self) -> Vec<Cell> {
        self.history.clone()
    }

    fn seat_to_move(&self) -> usize {
        usize::from(self.to_move() == Mark::O)
    }

    fn result(&self) -> Option<Option<usize>> {
        self.is_over()
            .then(|| self.winner().map(|mark| usize::from(mark == Mark::O)))
    }

    fn parse_move(&self, text: &str) -> Result<Cell, Refused> {
        Cell::parse(text.trim()).ok_or_else(|| {
            Refused::worded(TicTacToeError::NotACell(queens_board::clip_token(text)))
        })
    }

    /// The 3x3 board, a3 at the top left; a target is an empty cell while the game goes on.
    fn grid(&self) -> Option<crate::games::grid::GridView> {
        use crate::games::grid::{GridView, Square, legal_texts};
        let square = |row, col| match self.mark(Cell::at(row, col)) {
            Some(mark) => Square::Piece(usize::from(mark == Mark::O)),
            None => Square::Empty,
        };
        let name = |row, col| Cell::at(row, col).to_string();
        let view = GridView::build(3, 3, square, name, &legal_texts(&Rules::legal_moves(self)));
        // Every empty square is a move: marking them all would say nothing. A won game
        // shows its line (the first, when the last mark made two).
        let line = self.winner().and_then(|mark| {
            LINES
                .iter()
                .find(|line| line.iter().all(|&c| self.cells[c] == Some(mark)))
        });
        Some(
            view.with_look(crate::games::grid::Look::Marks)
                .unmarked()
                .with_line(line.map(|line| line.to_vec()).unwrap_or_default()),
        )
    }

    fn words(tongue: crate::games::words::Tongue) -> crate::games::words::GameWords {
        use crate::games::words::{GameWords, Tongue};
        match tongue {
            Tongue::English => GameWords {
                name: "Tic-tac-toe",
                title: "tic-tac-toe",
                rules: Some(
                    "Three in a row (across, down or diagonal) wins; a full board without a line is a draw. X moves first.",
                ),
                notation: Some(
                    "A move is the square played: its column letter, then its row number, from a3 at the top left to c1 at the bottom right.",
                ),
                pieces: ["X", "O"],
                piece_names: ["X", "O"],
                score: None,
                draw: None,
            },
            Tongue::Vietnamese => GameWords {
                name: "Cờ ca-rô 3x3",
                title: "cờ ca-rô 3x3",
                rules: Some(
                    "Ba quân thẳng hàng (ngang, dọc hoặc chéo) thì thắng; bàn cờ đầy mà không ai có hàng là hòa. X đi trước.",
                ),
                notation: Some(
                    "Một nước đi là ô được đánh: chữ cột rồi số hàng, từ a3 ở góc trên bên trái đến c1 ở góc dưới bên phải.",
                ),
                pieces: ["X", "O"],
                piece_names: ["X", "O"],
                score: None,
                draw: None,
            },
        }
    }

    /// Tic-tac-toe keeps no score: 0:0.
    fn score(&self) -> [u32; 2] {
        [0, 0]
    }

    /// A finished game scores `WIN + empty cells` beyond any evaluation, so such a value
    /// is a proof at any depth, naming the ply of the winning mark.
    fn decided(value: i32) -> Option<crate::games::seam::Decided> {
        let empty = value.unsigned_abs().checked_sub(WIN.unsigned_abs())?;
        Some(crate::games::seam::Decided {
            searcher_wins: value > 0,
            ends_at_ply: (CELLS as u32).checked_sub(empty)?,
        })
    }

    /// The position in the game's notation (`x../.o./...`), as tic-tac-toe's records
    /// have held it since they were first written.
    fn record_game(&self) -> String {
        self.to_string()
    }

    /// Alpha-beta to the end of the game: the value from the side to move's view is
    /// `WIN + empty cells at the end` for a win, so the plies to the end are known too.
    fn solve_exact(
        &self,
        stop: &(dyn Fn() -> bool + Sync),
    ) -> Result<Option<crate::games::seam::Exact>, crate::games::seam::NoExactSolver> {
        let depth = crate::games::seam::AnyGame::plies_left(self);
        let mut outcome = crate::ai::run_search(
            &mut self.clone(),
            crate::ai::Method::AlphaBeta,
            crate::ai::Limits::depth(depth.max(1)),
            &crate::games::seam::StopWhen(stop),
            &mut crate::ai::Silent,
        );
        if outcome.interrupted {
            return Ok(None);
        }
        if self.is_over() {
            outcome.pv.clear();
        }
        Ok(Some(crate::games::seam::Exact {
            value: outcome.value.0,
            ply: CELLS as u32 - depth,
            best_move: outcome.best_move.map(|cell| cell.to_string()),
            pv: outcome.pv.iter().map(Cell::to_string).collect(),
            nodes: outcome.stats.nodes,
            margin: None,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_open_lines_heuristic_on_the_article_s_kind_of_position() {
        // X in the centre: X has all 8 lines open, O only the 4 avoiding the centre.
        let game: TicTacToe = ".../.x./...".parse().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(game.to_move(), Mark::O);
        assert_eq!(game.evaluate(), Score(4 - 8));
    }
}
