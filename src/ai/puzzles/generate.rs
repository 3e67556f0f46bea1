//! The puzzle generator: positions from self-play of the thesis alpha-beta at mixed
//! depths, each offered to [`puzzle_of`].
//!
//! Every game draws its board (a side from the range, 0..=N random stones, at most
//! (N-2)^2), each side's depth (1 to 3) and its own move stream from one SplitMix64
//! stream of the seed, a fixed number of draws per game, so game k is the same whatever
//! happened to the games before it. A move is alpha-beta's at the side's depth, or, one
//! time in five, a free cell drawn uniformly: the engines are deterministic, and the
//! random moves give the mistakes real games have. The positions offered are those with
//! [`MIN_FREE`] to [`MAX_FREE`] free cells (fewer is too easy to be a puzzle; more
//! makes long lists of wrong moves), in game order, and a game gives at most one puzzle
//! (its positions look alike). With one thread and no position cut short by the time
//! limit, the same seed gives the same puzzles.

use super::PuzzleSet;
use super::prove::{Refusal, puzzle_of};
use super::seen::SeenPositions;
use crate::ai::strong::{SolveSettings, Table, table_for_board};
use crate::ai::{Limits, Method, SearchHandler, search_board};
use crate::board::{Board, Cell, SplitMix64, random_stones};
use std::ops::RangeInclusive;

/// The fewest free cells a puzzle position has: with fewer the answer is seen at a glance.
pub const MIN_FREE: u32 = 8;

/// The most free cells of a position offered: each puzzle lists every other move, so
/// more would grow the shipped file and its re-proof (positions of 40 free cells on
/// 12x12 boards are still proved in milliseconds).
pub const MAX_FREE: u32 = 40;

/// The transposition table of each game, in MiB (or less: as much as its first position
/// offered can fill).
pub const PUZZLE_HASH_MB: usize = 32;

/// The deepest alpha-beta of the self-play: deeper plays better but costs seconds a move
/// on 12x12 boards and more.
const MAX_DEPTH: u32 = 3;

/// One move in this many is a uniformly random free cell.
const RANDOM_MOVE_ONE_IN: u64 = 5;

/// Games played per puzzle asked for (plus [`SPARE_GAMES`]) before the run gives up:
/// a seed gives about one puzzle per 1.3 games at the default minimum loss, so only
/// settings that find none (a zero time limit, a minimum loss no position has) reach it.
pub const GAMES_PER_PUZZLE: u64 = 50;

/// See [`GAMES_PER_PUZZLE`].
pub const SPARE_GAMES: u64 = 100;

/// How to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneratorSettings {
    /// The board sides to play on.
    pub sizes: RangeInclusive<u8>,
    /// The seed of the whole run.
    pub seed: u64,
    /// The fewest cells every wrong move must give away (at least 1).
    pub min_loss: i32,
    /// The solver's settings; the time limit is for each position offered.
    pub solve: SolveSettings,
}

/// What a run looked at.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GenerateStats {
    /// Games played.
    pub games: u64,
    /// Positions offered to the solver.
    pub positions: u64,
    /// Positions skipped because the solver did not prove them in the time.
    pub unproved: u64,
}

/// One game's board and players, drawn from the run's stream.
struct GamePlan {
    board: Board,
    depths: [u32; 2],
    moves: SplitMix64,
}

fn plan(stream: &mut SplitMix64, sizes: &RangeInclusive<u8>) -> Option<GamePlan> {
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

/// Generates up to `count` puzzles, telling `on_puzzle` of each as it is found (with the
/// set so far), until `count` are found, `handler` asks to stop (a position being solved
/// then is dropped), or [`GAMES_PER_PUZZLE`] times `count` games (plus [`SPARE_GAMES`])
/// are played. Returns the set and what was looked at.
pub fn generate(
    settings: &GeneratorSettings,
    count: usize,
    handler: &dyn SearchHandler<Cell>,
    mut on_puzzle: impl FnMut(&PuzzleSet, &GenerateStats),
) -> (PuzzleSet, GenerateStats) {
    let mut set = PuzzleSet::default();
    let mut stats = GenerateStats::default();
    let mut stream = SplitMix64::new(settings.seed);
    let max_games = GAMES_PER_PUZZLE
        .saturating_mul(u64::try_from(count).unwrap_or(u64::MAX))
        .saturating_add(SPARE_GAMES);
    // No position is made a puzzle twice, nor a mirror image of one (small boards
    // repeat: the empty 5x5 board opens one game in eleven there).
    let mut seen = SeenPositions::default();
    while set.puzzles.len() < count && stats.games < max_games && !handler.should_stop() {
        let Some(mut game) = plan(&mut stream, &settings.sizes) else {
            break;
        };
        stats.games += 1;
        let mut table: Option<Table> = None;
        loop {
            if handler.should_stop() {
                break;
            }
            let free = game.board.free().count();
            if (MIN_FREE..=MAX_FREE).contains(&free) && !seen.contains(&game.board) {
                let table = match &table {
                    Some(table) => table,
                    None => table.insert(
                        table_for_board(&game.board, PUZZLE_HASH_MB)
                            .unwrap_or_else(|_| Table::with_mb(1)),
                    ),
                };
                stats.positions += 1;
                match puzzle_of(
                    &game.board,
                    table,
                    settings.solve,
                    settings.min_loss,
                    handler,
                ) {
                    Ok(puzzle) => {
                        if !handler.should_stop() {
                            seen.insert(&game.board);
                            set.puzzles.push(puzzle);
                            on_puzzle(&set, &stats);
                        }
                        break;
                    }
                    Err(Refusal::Unproved) if !handler.should_stop() => stats.unproved += 1,
                    Err(_) => {}
                }
            }
            if free < MIN_FREE {
                break;
            }
            let side = usize::from(game.board.ply() % 2 == 1);
            let Some(cell) = next_move(&game.board, game.depths[side], &mut game.moves) else {
                break;
            };
            game.board.do_move(cell);
        }
    }
    (set, stats)
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
