//! The thesis's evaluation and move ordering for the board (its `eval` and
//! `heuristicGenerateMove`), and the [`SearchGame`] adapter the search runs on.

use super::game::{GamePosition, SearchGame};
use super::movelist::MoveList;
use super::score::Score;
use queens_board::{Bitboard, Board, Cell, NeighbourCounts};

/// The thesis evaluation: cells owned by the side to move minus cells owned by the
/// opponent. A finished game is scored the same way, so values are exact at the end.
#[inline]
pub fn evaluate(board: &Board) -> Score {
    let side = board.side_to_move();
    Score(board.score(side) as i32 - board.score(side.opponent()) as i32)
}

/// Static tie-break order of the cells of an `size` board: by Euclidean distance to the true
/// centre ((N-1)/2, (N-1)/2), then a1 first (by row, then column).
///
/// Distances are compared exactly as squared distances in doubled coordinates, so the
/// half-cell centre of even boards needs no floating point.
#[derive(Clone)]
pub struct CentreOrder {
    /// `rank[cell.index()]`: position of the cell in the static order, 0 = first.
    rank: [u8; 256],
    /// The inverse: the cell of each rank.
    cell_of_rank: [Cell; 256],
}

impl CentreOrder {
    /// The order for an `size` x `size` board.
    pub fn new(size: u8) -> CentreOrder {
        let mut cells: Vec<Cell> = (0..size)
            .flat_map(|row| (0..size).map(move |col| Cell::new(col, row)))
            .collect();
        let centre = size as i32 - 1;
        let distance2 = |cell: &Cell| {
            let dc = 2 * cell.col() as i32 - centre;
            let dr = 2 * cell.row() as i32 - centre;
            dc * dc + dr * dr
        };
        cells.sort_by_key(|cell| (distance2(cell), cell.row(), cell.col()));
        let mut rank = [u8::MAX; 256];
        let mut cell_of_rank = [Cell::default(); 256];
        for (position, cell) in cells.into_iter().enumerate() {
            rank[cell.index()] = position as u8;
            cell_of_rank[position] = cell;
        }
        CentreOrder { rank, cell_of_rank }
    }

    /// The static rank of `cell`: 0 is tried first among cells with as many free
    /// neighbours.
    #[inline]
    pub fn rank(&self, cell: Cell) -> u8 {
        self.rank[cell.index()]
    }

    /// Appends the cells of `set` to `list` in static order: each cell's bit moved to its
    /// rank (O(cells in the set), no sorting), then read back lowest rank first.
    #[inline]
    pub(crate) fn push_in_rank_order(&self, set: Bitboard, list: &mut MoveList<Cell>) {
        self.ranks_of(set)
            .for_each_index(|rank| list.push(self.cell_of_rank[rank]));
    }

    /// The set's ranks as a set of indices (rank r = bit r).
    #[inline]
    fn ranks_of(&self, set: Bitboard) -> Bitboard {
        let mut ranks = [0u64; 4];
        set.for_each_index(|index| {
            let rank = self.rank[index] as usize;
            ranks[rank >> 6] |= 1 << (rank & 63);
        });
        Bitboard(ranks)
    }

    /// The first cell of `set` in static order (its lowest rank), if any: one pass over
    /// the set, no re-indexing, for when only the first is wanted.
    #[inline]
    pub(crate) fn first_in_rank_order(&self, set: Bitboard) -> Option<Cell> {
        let mut best = u32::MAX;
        set.for_each_index(|index| best = best.min(u32::from(self.rank[index])));
        (best != u32::MAX).then(|| self.cell_of_rank[best as usize])
    }

    /// The heuristic sort key of a free `cell` on `board`: fewer free neighbours sorts
    /// later; ties by the static rank. Smaller key = tried earlier. Keys are unique.
    #[inline]
    pub fn key(&self, board: &Board, cell: Cell) -> u16 {
        let free_neighbours = (board.neighbours(cell) & board.free()).count() as u16;
        ((8 - free_neighbours) << 8) | self.rank[cell.index()] as u16
    }

    /// The cell of static rank `rank`.
    #[inline]
    pub(crate) fn cell_of_rank(&self, rank: u8) -> Cell {
        self.cell_of_rank[rank as usize]
    }

    /// The cell whose key is `key` (the tests' way back from a key).
    #[cfg(test)]
    pub(crate) fn cell_of_key(&self, key: u16) -> Cell {
        self.cell_of_rank[(key & 0xFF) as usize]
    }
}

/// Fills `list` with the free cells of `board` in the thesis order: most free neighbours
/// first, then closest to the centre, then a1 first.
///
/// No comparisons: the free-neighbour count of every cell comes at once from bit-parallel
/// counting ([`NeighbourCounts`]), each count's bucket is one mask, and a bucket is put in
/// tie-break order by re-indexing its bits by static rank.
pub fn heuristic_moves(board: &Board, order: &CentreOrder, list: &mut MoveList<Cell>) {
    let counts = NeighbourCounts::of(board.free());
    list.clear();
    let mut left = board.free();
    while !left.is_empty() {
        let (_, bucket) = counts.fullest(left);
        order.push_in_rank_order(bucket, list);
        left &= !bucket;
    }
}

/// The board as the search sees it: the position plus the ordering tables of its size.
#[derive(Clone)]
pub struct QueensGame {
    board: Board,
    order: CentreOrder,
}

impl QueensGame {
    /// Wraps a copy of `board` for searching.
    pub(crate) fn new(board: &Board) -> QueensGame {
        QueensGame {
            order: CentreOrder::new(board.size()),
            board: board.clone(),
        }
    }

    /// The current position.
    pub(crate) fn board(&self) -> &Board {
        &self.board
    }

    /// The ordering tables.
    pub(crate) fn order(&self) -> &CentreOrder {
        &self.order
    }
}

/// A board is searched as a `QueensGame`: a copy with the ordering tables of its size.
impl GamePosition for Board {
    type Move = Cell;
    type Search = QueensGame;

    fn search_game(&self) -> QueensGame {
        QueensGame::new(self)
    }
}

impl SearchGame for QueensGame {
    type Move = Cell;

    #[inline]
    fn ordered_moves(&self, list: &mut MoveList<Cell>) {
        heuristic_moves(&self.board, &self.order, list);
    }

    /// The lowest-ranked cell of the fullest bucket: the neighbour counts once, then one
    /// pass over that bucket, instead of ordering all of them.
    fn first_ordered_move(&self) -> Option<Cell> {
        let free = self.board.free();
        let (_, bucket) = NeighbourCounts::of(free).fullest(free);
        self.order.first_in_rank_order(bucket)
    }

    #[inline]
    fn move_count(&self) -> usize {
        self.board.free().count() as usize
    }

    /// The free cells in bit order: no counting, no re-indexing.
    #[inline]
    fn unordered_moves(&self, list: &mut MoveList<Cell>) {
        list.clear();
        for cell in self.board.free() {
            list.push(cell);
        }
    }

    #[inline]
    fn precedes(&self, a: Cell, b: Cell) -> bool {
        self.order.key(&self.board, a) < self.order.key(&self.board, b)
    }

    #[inline]
    fn do_move(&mut self, mv: Cell) {
        self.board.do_move(mv);
    }

    #[inline]
    fn undo_move(&mut self) {
        self.board.undo();
    }

    fn plies_left_bound(&self) -> u32 {
        // Every move fills at least its own cell.
        self.board.free().count()
    }

    #[inline]
    fn is_terminal(&self) -> bool {
        self.board.is_over()
    }

    #[inline]
    fn evaluate(&self) -> Score {
        evaluate(&self.board)
    }

    /// After `mv` the opponent is to move; the mover gains exactly the claims of `mv`, so
    /// the child's value is known from one AND and one popcount, without playing.
    #[inline]
    fn evaluate_after(&mut self, mv: Cell) -> Score {
        let gained = self.board.claims_of(mv).count() as i32;
        -Score(evaluate(&self.board).0 + gained)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &MoveList<Cell>) -> Vec<String> {
        list.as_slice().iter().map(|c| c.to_string()).collect()
    }

    #[test]
    fn open_3x3_tries_the_centre_then_edges_then_corners() {
        let board = Board::new(3, &[]).unwrap_or_else(|e| panic!("{e}"));
        let game = QueensGame::new(&board);
        let mut list = MoveList::default();
        game.ordered_moves(&mut list);
        // b2 has 8 free neighbours; edge midpoints 5, corners 3; ties a1-first.
        assert_eq!(
            names(&list),
            ["b2", "b1", "a2", "c2", "b3", "a1", "c1", "a3", "c3"]
        );
    }

    #[test]
    fn even_boards_use_the_true_centre() {
        let order = CentreOrder::new(4);
        // The four central cells are equally close to (1.5, 1.5): a1-first among them.
        let first: Vec<String> = (0..4).map(|r| order.cell_of_rank[r].to_string()).collect();
        assert_eq!(first, ["b2", "c2", "b3", "c3"]);
    }

    #[test]
    fn neighbours_count_only_free_cells() {
        let mut board = Board::new(4, &[]).unwrap_or_else(|e| panic!("{e}"));
        board.do_move(Cell::new(1, 1)); // b2; free: a4 c4 d1 d3
        let game = QueensGame::new(&board);
        let mut list = MoveList::default();
        game.ordered_moves(&mut list);
        // d3 and c4 each have one free neighbour (each other), a4 and d1 none. Both
        // pairs are equally far from the centre, so row decides: d3 before c4, d1 before a4.
        assert_eq!(names(&list), ["d3", "c4", "d1", "a4"]);
    }

    #[test]
    fn counting_sort_equals_sorting_the_keys() {
        for seed in 0..300u64 {
            let size = 3 + (seed % 13) as u8;
            let plies = (seed % 11) as usize;
            let stones = (seed % 7) as usize;
            let Ok(board) = queens_board::random_position(size, stones, plies, seed) else {
                continue;
            };
            let order = CentreOrder::new(size);
            let mut keys: Vec<u16> = board
                .free()
                .into_iter()
                .map(|c| order.key(&board, c))
                .collect();
            keys.sort_unstable();
            let expected: Vec<Cell> = keys.into_iter().map(|k| order.cell_of_key(k)).collect();
            let mut list = MoveList::default();
            heuristic_moves(&board, &order, &mut list);
            assert_eq!(list.as_slice(), &expected[..], "{board:?}");
            let game = QueensGame::new(&board);
            assert_eq!(
                game.first_ordered_move(),
                expected.first().copied(),
                "{board:?}"
            );
            assert_eq!(game.move_count(), expected.len());
        }
    }

    #[test]
    fn evaluate_after_matches_playing_the_move() {
        let board = Board::from_game_string("size=6 stones=c3,d4 moves=a1,f2")
            .unwrap_or_else(|e| panic!("{e}"));
        let mut game = QueensGame::new(&board);
        for cell in board.free() {
            let quick = game.evaluate_after(cell);
            game.do_move(cell);
            assert_eq!(quick, game.evaluate());
            game.undo_move();
        }
    }
}
