//! The board's fast paths for the last ply of a search.
//!
//! One ply above the leaves, every child's value is `-(eval + claims)`: one AND and one
//! popcount per child, no do/undo. Minimax needs no sorting at all there (the first best
//! child in heuristic order is found by comparing keys on ties), and alpha-beta's visit
//! order is reproduced exactly from the keys: the plain loop visits children in key order
//! up to and including the first whose value reaches beta. Both answer exactly as the
//! plain loop would, counts included (checked against the oracle in tests/).

use super::game::{FrontierGame, FrontierResult};
use super::ordering::{QueensGame, evaluate};
use super::score::Score;
use crate::board::{Cell, NeighbourCounts};

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

    /// Visits children lazily in heuristic order, bucket by bucket of free-neighbour
    /// count, each bucket's cells in static order (see `heuristic_moves`), and stops at the first child reaching
    /// beta: at a cut node only the children before the cut are ever evaluated.
    fn alphabeta_frontier(&mut self, beta: Score) -> Option<FrontierResult<Cell>> {
        let board = self.board();
        let free = board.free();
        let total = free.count();
        if total == 0 {
            return None;
        }
        let base = evaluate(board).0;
        let counts = NeighbourCounts::of(free);
        let mut best = i32::MIN;
        let mut best_move = Cell::default();
        let mut visited = 0;
        for count in (0..=8u8).rev() {
            let bucket = counts.equal_to(count) & free;
            if bucket.is_empty() {
                continue;
            }
            for cell in self.order().in_rank_order(bucket) {
                visited += 1;
                let value = base + (board.reach(cell) & free).count() as i32;
                if value > best {
                    best = value;
                    best_move = cell;
                }
                if value >= beta.0 {
                    return Some(FrontierResult {
                        best: Score(best),
                        best_move,
                        visited,
                        cutoff: visited < total,
                    });
                }
            }
        }
        Some(FrontierResult {
            best: Score(best),
            best_move,
            visited,
            cutoff: false,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::game::SearchGame;
    use crate::ai::movelist::MoveList;
    use crate::board::random_position;

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
        }
    }
}
