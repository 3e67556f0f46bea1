//! The board's fast paths for the last ply of a search.
//!
//! One ply above the leaves, every child's value is `-(eval + claims)`: one AND and one
//! popcount per child, no do/undo. Minimax needs no sorting at all there (the first best
//! child in heuristic order is found by comparing keys on ties), and alpha-beta's visit
//! order is reproduced exactly from the keys: the plain loop visits children in key order
//! up to and including the first whose value reaches beta. Both answer exactly as the
//! plain loop would, counts included (checked against the oracle in tests/).

use super::game::{FrontierGame, FrontierResult};
use super::movelist::MAX_MOVES;
use super::ordering::{QueensGame, evaluate};
use super::score::Score;
use crate::board::Cell;

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
        let base = evaluate(board).0;
        let mut keys = [0u16; MAX_MOVES];
        let mut values = [0i32; MAX_MOVES];
        let mut count = 0;
        // The first child in order reaching beta ends the plain loop.
        let mut cut_key = u16::MAX;
        for cell in free {
            let key = self.order().key(board, cell);
            let value = base + (board.reach(cell) & free).count() as i32;
            keys[count] = key;
            values[count] = value;
            count += 1;
            if value >= beta.0 && key < cut_key {
                cut_key = key;
            }
        }
        if count == 0 {
            return None;
        }
        let mut best = i32::MIN;
        let mut best_key = u16::MAX;
        let mut visited = 0;
        for (&key, &value) in keys[..count].iter().zip(&values[..count]) {
            if key > cut_key {
                continue;
            }
            visited += 1;
            if value > best || (value == best && key < best_key) {
                best = value;
                best_key = key;
            }
        }
        Some(FrontierResult {
            best: Score(best),
            best_move: self.order().cell_of_key(best_key),
            visited,
            cutoff: (visited as usize) < count,
        })
    }
}
