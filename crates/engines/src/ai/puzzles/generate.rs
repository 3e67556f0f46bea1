//! Queens' games for the puzzle generator (`analysis::generate_puzzles`, through
//! queens' puzzle finder in `games/queens_puzzles.rs`): self-play of the thesis
//! alpha-beta at mixed depths on boards of stones.
//!
//! Every game draws its board (a side from the range, 0..=N random stones, at most
//! (N-2)^2), each side's depth (1 to 3) and its own move stream from one SplitMix64
//! stream of the seed, a fixed number of draws per game, so game k is the same whatever
//! happened to the games before it ([`plan`]). A move is alpha-beta's at the side's
//! depth, or, one time in five, a free cell drawn uniformly: the engines are
//! deterministic, and the random moves give the mistakes real games have. The positions
//! offered are those with [`MIN_FREE`] to [`MAX_FREE`] free cells (fewer is too easy to
//! be a puzzle; more makes long lists of wrong moves), in game order, and a game gives
//! at most one puzzle (its positions look alike).

use crate::ai::{Limits, Method, search_board};
use queens_board::{Board, Cell, SplitMix64, random_stones};
use std::ops::RangeInclusive;

/// The fewest free cells a puzzle position has: with fewer the answer is seen at a glance.
pub const MIN_FREE: u32 = 8;

/// The most free cells of a position offered: each puzzle lists every other move, so
/// more would grow the shipped file and its re-proof (positions of 40 free cells on
/// 12x12 boards are still proved in milliseconds).
pub const MAX_FREE: u32 = 40;

/// The transposition table of each game, in MiB (or less: as much as its first position
/// offered can fill).
pub(crate) const PUZZLE_HASH_MB: usize = 32;

/// The deepest alpha-beta of the self-play: deeper plays better but costs seconds a move
/// on 12x12 boards and more.
const MAX_DEPTH: u32 = 3;

/// One move in this many is a uniformly random free cell.
const RANDOM_MOVE_ONE_IN: u64 = 5;

/// One game's board and players, drawn from the run's stream.
#[derive(Clone, Debug)]
pub(crate) struct GamePlan {
    /// The position the game has reached.
    pub board: Board,
    /// Each side's alpha-beta depth, P1's first.
    depths: [u32; 2],
    /// The game's own stream of moves.
    moves: SplitMix64,
}

/// The next game of a run: its board (a side from `sizes`, 0..=N random stones), each
/// side's depth and its own move stream, drawn from `stream` (a fixed number of draws);
/// `None` for a range whose first side is larger than its last.
pub(crate) fn plan(stream: &mut SplitMix64, sizes: &RangeInclusive<u8>) -> Option<GamePlan> {
    let (low, high) = (*sizes.start(), *sizes.end());
    let span = u64::from(high.checked_sub(low)?) + 1;
    let size = low + u8::try_from(stream.below(span)).ok()?;
    let cap = usize::from(size.saturating_sub(2))
        .pow(2)
        .min(usize::from(size));
    let stones = usize::try_from(stream.below(cap as u64 + 1)).ok()?;
    let stone_seed = stream.next_u64();
    let depths = [
        1 + u32::try_from(stream.below(u64::from(MAX_DEPTH))).ok()?,
        1 + u32::try_from(stream.below(u64::from(MAX_DEPTH))).ok()?,
    ];
    let moves = SplitMix64::new(stream.next_u64());
    let board = Board::new(size, &random_stones(size, stones, stone_seed)).ok()?;
    Some(GamePlan {
        board,
        depths,
        moves,
    })
}

impl GamePlan {
    /// Plays the self-play's next move; false when the game is over.
    pub(crate) fn advance(&mut self) -> bool {
        let side = usize::from(self.board.ply() % 2 == 1);
        let depth = self.depths[side];
        let Some(cell) = next_move(&self.board, depth, &mut self.moves) else {
            return false;
        };
        self.board.do_move(cell);
        true
    }
}

/// The next move of the self-play, `None` when the game is over.
fn next_move(board: &Board, depth: u32, stream: &mut SplitMix64) -> Option<Cell> {
    let free = board.free();
    let count = free.count();
    if count == 0 {
        return None;
    }
    // Both draws are made every move, so the stream does not depend on the choice.
    let roll = stream.below(RANDOM_MOVE_ONE_IN);
    let pick = stream.below(u64::from(count));
    if roll == 0 {
        return free.into_iter().nth(usize::try_from(pick).ok()?);
    }
    search_board(board, Method::AlphaBeta, Limits::depth(depth)).best_move
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plans_stay_in_the_size_range_and_the_stone_cap() {
        let mut stream = SplitMix64::new(7);
        for _ in 0..200 {
            let Some(game) = plan(&mut stream, &(5..=7)) else {
                panic!("no plan");
            };
            let size = game.board.size();
            assert!((5..=7).contains(&size));
            assert!(game.board.stones().count() <= u32::from(size));
            assert!(game.depths.iter().all(|d| (1..=MAX_DEPTH).contains(d)));
        }
        let reversed = RangeInclusive::new(8, 6);
        assert!(plan(&mut stream, &reversed).is_none());
    }
}
