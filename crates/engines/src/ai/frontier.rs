//! The board's fast paths for the last ply of a search.
//!
//! One ply above the leaves, every child's value is `-(eval + claims)`: one AND and one
//! popcount per child, no do/undo. Minimax needs no sorting at all there (the first best
//! child in heuristic order is found by comparing keys on ties), and alpha-beta's visit
//! order is reproduced exactly from the keys: the plain loop visits children in key order
//! up to and including the first whose value reaches beta. Both answer exactly as the
//! plain loop would, counts included (checked against the oracle in tests/).

use super::game::{ChildFrontier, FrontierGame, FrontierResult};
use super::ordering::{CentreOrder, QueensGame, evaluate};
use super::score::Score;
use queens_board::{Bitboard, Board, Cell, NeighbourCounts};

impl FrontierGame for QueensGame {
    fn minimax_frontier(&mut self) -> Option<FrontierResult<Cell>> {
        let board = self.board();
        let free = board.free();
        let base = evaluate(board).0;
        let mut best = i32::MIN;
        let mut best_key = u16::MAX;
        let mut best_move = Cell::default();
        let mut visited = 0;
        for cell in free {
            visited += 1;
            let value = base + (board.reach(cell) & free).count() as i32;
            if value >= best {
                let key = self.order().key(board, cell);
                if value > best || key < best_key {
                    best = value;
                    best_key = key;
                    best_move = cell;
                }
            }
        }
        (visited > 0).then_some(FrontierResult {
            best: Score(best),
            best_move,
            visited,
            cutoff: false,
        })
    }

    fn alphabeta_frontier(&mut self, beta: Score) -> Option<FrontierResult<Cell>> {
        let board = self.board();
        let free = board.free();
        (!free.is_empty())
            .then(|| alphabeta_frontier_of(board, self.order(), free, evaluate(board).0, beta))
    }

    /// The child's free set and evaluation follow from `mv`'s claims (one AND, one
    /// popcount), so the child is searched without playing `mv` on the board.
    fn alphabeta_frontier_after(&mut self, mv: Cell, beta: Score) -> Option<ChildFrontier<Cell>> {
        let board = self.board();
        let free = board.free();
        let claims = board.reach(mv) & free;
        let child_free = free & !claims;
        let child_base = -(evaluate(board).0 + claims.count() as i32);
        Some(if child_free.is_empty() {
            ChildFrontier::Leaf(Score(child_base))
        } else {
            ChildFrontier::Node(alphabeta_frontier_of(
                board,
                self.order(),
                child_free,
                child_base,
                beta,
            ))
        })
    }
}

/// Alpha-beta one ply above the leaves on a position of `board`'s geometry with the free
/// cells `free` (not empty) and evaluation `base` for the side to move: the plain loop over
/// the heuristic order (bucket by bucket of free-neighbour count, each bucket's cells in
/// static order, see `heuristic_moves`) that stops at the first child reaching beta, without
/// putting any bucket in order.
///
/// Most frontier nodes cut on their first child, so that child (the lowest-ranked cell of
/// the fullest bucket) is tried alone first. Otherwise a bucket is done in one pass in bit
/// order: its cut child is its lowest-ranked cell reaching beta (the plain loop meets it
/// first), the plain loop visits the bucket's cells ranked below it and then it, and
/// without a cut the bucket's best is its best value at the lowest rank.
#[inline]
fn alphabeta_frontier_of(
    board: &Board,
    order: &CentreOrder,
    free: Bitboard,
    base: i32,
    beta: Score,
) -> FrontierResult<Cell> {
    let total = free.count();
    // A child's value is base + its claims: it reaches beta when its claims reach this.
    let need = beta.0.saturating_sub(base);
    let claims = |cell: Cell| (board.reach(cell) & free).count() as i32;
    let counts = NeighbourCounts::of(free);
    let (_, fullest) = counts.fullest(free);
    if let Some(first) = order.first_in_rank_order(fullest) {
        let gained = claims(first);
        if gained >= need {
            return FrontierResult {
                best: Score(base + gained),
                best_move: first,
                visited: 1,
                cutoff: total > 1,
            };
        }
    }
    let mut best = i32::MIN;
    let mut best_move = Cell::default();
    let mut visited = 0;
    let mut left = free;
    while !left.is_empty() {
        let (_, bucket) = counts.fullest(left);
        left &= !bucket;
        // One pass: the lowest-ranked cut child, and the best value at the lowest rank.
        let mut cut_rank = u32::MAX;
        let mut cut_gain = 0;
        let mut top_gain = i32::MIN;
        let mut top_rank = u32::MAX;
        bucket.for_each_index(|index| {
            let cell = Cell::from_index(index);
            let gained = claims(cell);
            let rank = u32::from(order.rank(cell));
            if gained >= need && rank < cut_rank {
                cut_rank = rank;
                cut_gain = gained;
            }
            if gained > top_gain || (gained == top_gain && rank < top_rank) {
                top_gain = gained;
                top_rank = rank;
            }
        });
        if cut_rank != u32::MAX {
            // Every child visited before the cut child is below beta, so the cut child is
            // the best one visited.
            let mut before = 0;
            bucket.for_each_index(|index| {
                before += u32::from(u32::from(order.rank(Cell::from_index(index))) < cut_rank);
            });
            visited += before + 1;
            return FrontierResult {
                best: Score(base + cut_gain),
                best_move: order.cell_of_rank(cut_rank as u8),
                visited,
                cutoff: visited < total,
            };
        }
        visited += bucket.count();
        if base + top_gain > best {
            best = base + top_gain;
            best_move = order.cell_of_rank(top_rank as u8);
        }
    }
    FrontierResult {
        best: Score(best),
        best_move,
        visited,
        cutoff: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::game::SearchGame;
    use crate::ai::movelist::MoveList;
    use queens_board::random_position;

    /// The plain loop the fast paths must reproduce.
    fn plain(game: &mut QueensGame, beta: Option<Score>) -> FrontierResult<Cell> {
        let mut list = MoveList::default();
        game.ordered_moves(&mut list);
        let mut best = Score(i32::MIN);
        let mut best_move = Cell::default();
        let mut visited = 0;
        for (index, &cell) in list.as_slice().iter().enumerate() {
            visited += 1;
            let value = -game.evaluate_after(cell);
            if value > best {
                best = value;
                best_move = cell;
            }
            if beta.is_some_and(|beta| best >= beta) {
                return FrontierResult {
                    best,
                    best_move,
                    visited,
                    cutoff: index + 1 < list.len(),
                };
            }
        }
        FrontierResult {
            best,
            best_move,
            visited,
            cutoff: false,
        }
    }

    #[test]
    fn fast_paths_equal_the_plain_loop() {
        for seed in 0..400u64 {
            let size = 3 + (seed % 13) as u8;
            let plies = (seed % 13) as usize;
            let Ok(board) = random_position(size, (seed % 9) as usize, plies, seed) else {
                continue;
            };
            let mut game = QueensGame::new(&board);
            if game.is_terminal() {
                continue;
            }
            assert_eq!(
                game.minimax_frontier(),
                Some(plain(&mut game, None)),
                "{board:?}"
            );
            for beta in [-30, -3, 0, 1, 4, 9, 40] {
                let beta = Score(beta);
                let fast = game.alphabeta_frontier(beta);
                assert_eq!(
                    fast,
                    Some(plain(&mut game, Some(beta))),
                    "{board:?} beta {beta}"
                );
            }
            // The same answers for every child, searched without playing it.
            for mv in board.free() {
                let beta = Score((seed % 17) as i32 - 8);
                let after = game.alphabeta_frontier_after(mv, beta);
                game.do_move(mv);
                let played = if game.is_terminal() {
                    ChildFrontier::Leaf(game.evaluate())
                } else {
                    ChildFrontier::Node(plain(&mut game, Some(beta)))
                };
                game.undo_move();
                assert_eq!(after, Some(played), "{board:?} after {mv} beta {beta}");
            }
        }
    }
}
