//! A fixed-capacity move list: move generation never touches the heap.

use queens_board::MAX_CELLS;

/// Capacity of a [`MoveList`]: a position has at most one legal move per cell, so 225 on
/// the largest (15 x 15) board. Explicit trees (`queens tree`) share the limit: at most
/// 225 children per node.
pub(crate) const MAX_MOVES: usize = MAX_CELLS;

/// Up to `MAX_MOVES` moves in search order, stored inline.
#[derive(Clone)]
pub struct MoveList<M: Copy + Default> {
    moves: [M; MAX_MOVES],
    len: usize,
}

impl<M: Copy + Default> Default for MoveList<M> {
    fn default() -> Self {
        MoveList {
            moves: [M::default(); MAX_MOVES],
            len: 0,
        }
    }
}

impl<M: Copy + Default> MoveList<M> {
    /// Empties the list.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Appends a move.
    ///
    /// # Panics
    /// If the list already holds `MAX_MOVES` moves (a game or tree breaking its limit).
    #[inline]
    pub fn push(&mut self, mv: M) {
        self.moves[self.len] = mv;
        self.len += 1;
    }

    /// The moves, in order.
    #[inline]
    pub fn as_slice(&self) -> &[M] {
        &self.moves[..self.len]
    }

    /// Number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the list is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}
