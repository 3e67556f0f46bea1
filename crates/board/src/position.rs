//! The board state (the thesis's CBoard): stones, queens, claims, the move list, and an
//! exact do/undo that costs a handful of word operations.

use super::bitboard::Bitboard;
use super::cell::{Cell, MAX_CELLS, MAX_SIZE, MIN_SIZE};
use super::error::{MoveError, Occupant, ParseError};
use super::geometry::Geometry;
use super::player::Player;

/// One played move and exactly the cells it claimed, so undo restores them bit for bit.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct MoveRecord {
    /// Where the queen was placed.
    pub cell: Cell,
    /// The cells it took: its own cell plus the free cells on its rays at that time.
    pub claims: Bitboard,
}

/// What stands on a cell, for display and for explaining why a move is refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CellState {
    /// Nobody owns it; a queen may go there.
    Free,
    /// An obstacle.
    Stone,
    /// A queen of this player.
    Queen(Player),
    /// Controlled by this player's queens.
    Claimed(Player),
}

/// A Queens & Stones position with its full move history.
///
/// Invariants (checked by `debug_assert!` and the property tests): `free`, `owned[0]`,
/// `owned[1]` and the stones partition the board; `score[p] == owned[p].count()`; the
/// claims of the recorded moves are disjoint and their union is `owned[0] | owned[1]`.
#[derive(Clone)]
pub struct Board {
    geometry: Geometry,
    free: Bitboard,
    owned: [Bitboard; 2],
    queens: [Bitboard; 2],
    score: [u32; 2],
    /// Fixed capacity: a game has at most one move per cell, so 225 on 15 x 15.
    history: [MoveRecord; MAX_CELLS],
    ply: usize,
}

impl Board {
    /// The maximum number of stones on an `size` x `size` board: (N-2)^2.
    pub const fn max_stones(size: u8) -> usize {
        let inner = size.saturating_sub(2) as usize;
        inner * inner
    }

    /// An empty board of side `size` with the given stones and no moves.
    ///
    /// # Errors
    /// [`ParseError::BadSize`] for a size outside 3..=15; [`ParseError::OffBoard`],
    /// [`ParseError::DuplicateStone`] or [`ParseError::TooManyStones`] for bad stones.
    pub fn new(size: u8, stones: &[Cell]) -> Result<Board, ParseError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(ParseError::BadSize(size.to_string()));
        }
        let mut stone_set = Bitboard::EMPTY;
        for &stone in stones {
            if !stone.is_on_board(size) {
                return Err(ParseError::OffBoard {
                    token: stone.to_string(),
                    list: "stones",
                    size,
                });
            }
            if stone_set.contains(stone) {
                return Err(ParseError::DuplicateStone(stone));
            }
            stone_set.insert(stone);
        }
        let max = Board::max_stones(size);
        if stones.len() > max {
            return Err(ParseError::TooManyStones {
                count: stones.len(),
                size,
                max,
            });
        }
        let geometry = Geometry::new(size, stone_set);
        Ok(Board {
            free: geometry.cells() & !stone_set,
            geometry,
            owned: [Bitboard::EMPTY; 2],
            queens: [Bitboard::EMPTY; 2],
            score: [0; 2],
            history: [MoveRecord::default(); MAX_CELLS],
            ply: 0,
        })
    }

    /// Side length N.
    #[inline]
    pub fn size(&self) -> u8 {
        self.geometry.size()
    }

    /// The stone cells.
    #[inline]
    pub fn stones(&self) -> Bitboard {
        self.geometry.stones()
    }

    /// The free cells: exactly the legal moves (both players always share them).
    #[inline]
    pub fn free(&self) -> Bitboard {
        self.free
    }

    /// The cells `player` owns: queens and controlled cells.
    #[inline]
    pub fn owned(&self, player: Player) -> Bitboard {
        self.owned[player.index()]
    }

    /// The cells where `player`'s queens stand.
    #[inline]
    pub fn queens(&self, player: Player) -> Bitboard {
        self.queens[player.index()]
    }

    /// Number of cells `player` owns.
    #[inline]
    pub fn score(&self, player: Player) -> u32 {
        self.score[player.index()]
    }

    /// The player to move (meaningful also after the end: the one who would move next).
    #[inline]
    pub fn side_to_move(&self) -> Player {
        Player::at_ply(self.ply)
    }

    /// Number of moves played.
    #[inline]
    pub fn ply(&self) -> usize {
        self.ply
    }

    /// Whether no free cell is left.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.free.is_empty()
    }

    /// The winner once the game is over: `Some(Some(p))`, `Some(None)` for a draw, and
    /// `None` while the game goes on.
    pub fn outcome(&self) -> Option<Option<Player>> {
        if !self.is_over() {
            return None;
        }
        let (one, two) = (self.score[0], self.score[1]);
        Some(match one.cmp(&two) {
            std::cmp::Ordering::Greater => Some(Player::One),
            std::cmp::Ordering::Less => Some(Player::Two),
            std::cmp::Ordering::Equal => None,
        })
    }

    /// The cell plus its 8 rays up to a stone or the edge (fixed for the game).
    #[inline]
    pub fn reach(&self, cell: Cell) -> Bitboard {
        self.geometry.reach(cell)
    }

    /// The adjacent on-board non-stone cells of `cell` (fixed for the game).
    #[inline]
    pub fn neighbours(&self, cell: Cell) -> Bitboard {
        self.geometry.neighbours(cell)
    }

    /// The cells a queen on `cell` would claim now (empty if `cell` is not free): the
    /// window's hover preview and the evaluation of a move without playing it.
    #[inline]
    pub fn claims_of(&self, cell: Cell) -> Bitboard {
        if self.free.contains(cell) {
            self.geometry.reach(cell) & self.free
        } else {
            Bitboard::EMPTY
        }
    }

    /// What stands on `cell`.
    pub fn cell_state(&self, cell: Cell) -> Option<CellState> {
        if !cell.is_on_board(self.size()) {
            return None;
        }
        Some(if self.free.contains(cell) {
            CellState::Free
        } else if self.stones().contains(cell) {
            CellState::Stone
        } else if self.queens[0].contains(cell) {
            CellState::Queen(Player::One)
        } else if self.queens[1].contains(cell) {
            CellState::Queen(Player::Two)
        } else if self.owned[0].contains(cell) {
            CellState::Claimed(Player::One)
        } else {
            CellState::Claimed(Player::Two)
        })
    }

    /// Why `cell` cannot take a queen, or `None` if it can.
    pub fn occupant(&self, cell: Cell) -> Option<Occupant> {
        match self.cell_state(cell) {
            None => Some(Occupant::OffBoard),
            Some(CellState::Free) => None,
            Some(CellState::Stone) => Some(Occupant::Stone),
            Some(CellState::Queen(p)) => Some(Occupant::Queen(p)),
            Some(CellState::Claimed(p)) => Some(Occupant::Claimed(p)),
        }
    }

    /// Plays `cell` for the side to move after checking it is legal; returns the claims.
    ///
    /// # Errors
    /// [`MoveError::GameOver`] if no free cell is left, [`MoveError::NotFree`] if `cell`
    /// is off the board, a stone, a queen or controlled. The board is unchanged on error.
    pub fn play(&mut self, cell: Cell) -> Result<Bitboard, MoveError> {
        let number = self.ply + 1;
        if self.is_over() {
            return Err(MoveError::GameOver { number, cell });
        }
        if let Some(occupant) = self.occupant(cell) {
            return Err(MoveError::NotFree {
                number,
                cell,
                occupant,
            });
        }
        self.do_move(cell);
        Ok(self.history[self.ply - 1].claims)
    }

    /// Plays `cell` for the side to move without checking legality: the search's move.
    ///
    /// The caller must pass a free cell (a member of [`Board::free`]); this is checked
    /// only in debug builds.
    #[inline]
    pub fn do_move(&mut self, cell: Cell) {
        debug_assert!(
            self.free.contains(cell),
            "do_move on a cell that is not free"
        );
        let claims = self.geometry.reach(cell) & self.free;
        let side = self.ply & 1;
        self.free &= !claims;
        self.owned[side] |= claims;
        self.queens[side].insert(cell);
        self.score[side] += claims.count();
        self.history[self.ply] = MoveRecord { cell, claims };
        self.ply += 1;
    }

    /// Takes back the last move exactly; returns its cell, or `None` at the start.
    #[inline]
    pub fn undo(&mut self) -> Option<Cell> {
        if self.ply == 0 {
            return None;
        }
        self.ply -= 1;
        let MoveRecord { cell, claims } = self.history[self.ply];
        let side = self.ply & 1;
        self.free |= claims;
        self.owned[side] &= !claims;
        self.queens[side].remove(cell);
        self.score[side] -= claims.count();
        Some(cell)
    }

    /// The moves played so far, each with the cells it claimed.
    #[inline]
    pub fn history(&self) -> &[MoveRecord] {
        &self.history[..self.ply]
    }

    /// The moves played so far, in order.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = Cell> + '_ {
        self.history().iter().map(|record| record.cell)
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<Cell> {
        self.history().last().map(|record| record.cell)
    }

    /// This board with only its first `ply` moves (clamped to the moves played): for
    /// reviewing an earlier position without touching the game.
    pub fn at_ply(&self, ply: usize) -> Board {
        let mut earlier = self.clone();
        while earlier.ply > ply {
            earlier.undo();
        }
        earlier
    }
}

impl PartialEq for Board {
    /// Two boards are equal when they have the same size, stones and move list (the rest
    /// of the state follows from those).
    fn eq(&self, other: &Board) -> bool {
        self.size() == other.size()
            && self.stones() == other.stones()
            && self.history() == other.history()
            && self.free == other.free
            && self.owned == other.owned
            && self.queens == other.queens
            && self.score == other.score
    }
}

impl Eq for Board {}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Board({})", self.game_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_worked_4x4_example_of_game_md() -> Result<(), Box<dyn std::error::Error>> {
        let mut board = Board::new(4, &[]).unwrap_or_else(|e| panic!("{e}"));
        let claims = board
            .play("b2".parse::<Cell>()?)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(claims.count(), 12);
        let rest: Vec<String> = board.free().into_iter().map(|c| c.to_string()).collect();
        assert_eq!(rest, ["d1", "d3", "a4", "c4"]);
        let claims = board
            .play("d3".parse::<Cell>()?)
            .unwrap_or_else(|e| panic!("{e}"));
        let taken: Vec<String> = claims.into_iter().map(|c| c.to_string()).collect();
        assert_eq!(taken, ["d1", "d3", "c4"]);
        board
            .play("a4".parse::<Cell>()?)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            (board.score(Player::One), board.score(Player::Two)),
            (13, 3)
        );
        assert_eq!(board.outcome(), Some(Some(Player::One)));
        Ok(())
    }

    #[test]
    fn illegal_moves_change_nothing_and_say_why() -> Result<(), Box<dyn std::error::Error>> {
        let mut board = Board::new(4, &["a1".parse::<Cell>()?]).unwrap_or_else(|e| panic!("{e}"));
        let before = board.clone();
        let err = board.play("a1".parse::<Cell>()?);
        assert_eq!(
            err,
            Err(MoveError::NotFree {
                number: 1,
                cell: "a1".parse::<Cell>()?,
                occupant: Occupant::Stone
            })
        );
        assert_eq!(board, before);
        board
            .play("b2".parse::<Cell>()?)
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(matches!(
            board.play("b2".parse::<Cell>()?),
            Err(MoveError::NotFree {
                number: 2,
                occupant: Occupant::Queen(Player::One),
                ..
            })
        ));
        assert!(matches!(
            board.play("c3".parse::<Cell>()?),
            Err(MoveError::NotFree {
                occupant: Occupant::Claimed(Player::One),
                ..
            })
        ));
        Ok(())
    }

    #[test]
    fn undo_restores_everything() -> Result<(), Box<dyn std::error::Error>> {
        let mut board = Board::new(5, &["c3".parse::<Cell>()?]).unwrap_or_else(|e| panic!("{e}"));
        let start = board.clone();
        for name in ["a1", "e2", "d5"] {
            board.play(name.parse()?)?;
        }
        let after_two = board.at_ply(2);
        assert_eq!(board.undo(), Some("d5".parse::<Cell>()?));
        assert_eq!(board, after_two);
        board.undo();
        board.undo();
        assert_eq!(board, start);
        assert_eq!(board.undo(), None);
        Ok(())
    }

    #[test]
    fn setup_errors() -> Result<(), Box<dyn std::error::Error>> {
        assert_eq!(
            Board::new(2, &[]).err(),
            Some(ParseError::BadSize("2".into()))
        );
        assert_eq!(
            Board::new(16, &[]).err(),
            Some(ParseError::BadSize("16".into()))
        );
        assert!(matches!(
            Board::new(3, &["a1".parse::<Cell>()?, "b1".parse::<Cell>()?]),
            Err(ParseError::TooManyStones {
                count: 2,
                max: 1,
                ..
            })
        ));
        assert_eq!(
            Board::new(4, &["a1".parse::<Cell>()?, "a1".parse::<Cell>()?]).err(),
            Some(ParseError::DuplicateStone("a1".parse::<Cell>()?))
        );
        assert!(matches!(
            Board::new(4, &["e1".parse::<Cell>()?]),
            Err(ParseError::OffBoard { .. })
        ));
        Ok(())
    }
}
