//! Differential tests: the crate's board and searches against the plain reference
//! implementation in `crates/engines/tests/oracle/`, on thousands of random positions.
//!
//! Everything is compared exactly: free cells, claims, scores, the ordered move list, and
//! for both searches the value, the move, and the `nodes` and `leaves` counters. The counts
//! are what hold the crate's last-ply fast paths (which never run the plain loop) to the
//! loop they replace.

use crate::oracle;

use oracle::{RefBoard, RefStats, ref_alphabeta, ref_minimax};
use queens_board::{Board, Cell, Player, SplitMix64, random_stones};
use queens_engines::ai::{
    CentreOrder, Limits, Method, MoveList, evaluate, heuristic_moves, search_board,
};

/// The crate's SplitMix64, so every run tests the same positions; `below` takes and
/// gives `usize` here.
struct Rng(SplitMix64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A number in `0..bound` (`bound` > 0).
    fn below(&mut self, bound: usize) -> usize {
        self.0.below(bound as u64) as usize
    }
}

fn pair_of(cell: Cell) -> (usize, usize) {
    (cell.col() as usize, cell.row() as usize)
}

fn cell(pair: (usize, usize)) -> Cell {
    Cell::new(pair.0 as u8, pair.1 as u8)
}

/// The crate's board and the oracle's, built side by side.
struct Pair {
    board: Board,
    reference: RefBoard,
}

/// How far to play into a random game before comparing.
#[derive(Clone, Copy)]
enum Prefix {
    /// A prefix of a random game, its length uniform from 0 to the whole game.
    Any,
    /// Until at most this many free cells are left (or the game ends).
    FreeAtMost(usize),
}

/// A random board of side `size` with a random number of stones (up to the cap) and a
/// random legal move prefix, the moves chosen from the oracle's free cells.
fn random_pair(rng: &mut Rng, size: usize, prefix: Prefix) -> Pair {
    let cap = (size - 2) * (size - 2);
    // Half the boards get few stones, so open boards are as common as crowded ones.
    let count = if rng.below(2) == 0 {
        rng.below(cap.min(4) + 1)
    } else {
        rng.below(cap + 1)
    };
    let stones = random_stones(size as u8, count, rng.next());
    let stone_pairs: Vec<_> = stones.iter().copied().map(pair_of).collect();
    // A whole random game first, so that the prefix can be cut anywhere in it.
    let mut game = RefBoard::new(size, &stone_pairs);
    let mut moves = Vec::new();
    loop {
        let free = game.free_cells();
        if free.is_empty() {
            break;
        }
        if let Prefix::FreeAtMost(limit) = prefix
            && free.len() <= limit
        {
            break;
        }
        let mv = free[rng.below(free.len())];
        game.play(mv.0, mv.1);
        moves.push(mv);
    }
    if let Prefix::Any = prefix {
        moves.truncate(rng.below(moves.len() + 1));
    }
    let board = Board::new(size as u8, &stones).unwrap_or_else(|e| panic!("{e}"));
    let reference = RefBoard::new(size, &stone_pairs);
    let mut pair = Pair { board, reference };
    for mv in moves {
        let expected = pair.reference.claims_of(mv.0, mv.1);
        assert!(pair.reference.play(mv.0, mv.1));
        let claims = pair
            .board
            .play(cell(mv))
            .unwrap_or_else(|e| panic!("the oracle's free cell is illegal: {e}"));
        let claims: Vec<_> = claims.into_iter().map(pair_of).collect();
        assert_eq!(claims, expected, "claims of a played move");
    }
    pair
}

/// Compares everything but the searches; panics with the game string on a difference.
fn compare_state(pair: &Pair) {
    let Pair { board, reference } = pair;
    let game = board.game_string();
    assert_eq!(reference.game_string(), game, "game strings");
    let parsed =
        RefBoard::from_game_string(&game).unwrap_or_else(|| panic!("the oracle rejects {game}"));
    assert_eq!(&parsed, reference, "{game}: oracle reparse");
    let free: Vec<_> = board.free().into_iter().map(pair_of).collect();
    assert_eq!(free, reference.free_cells(), "{game}: free cells");
    for &(col, row) in &free {
        let claims: Vec<_> = board
            .claims_of(Cell::new(col as u8, row as u8))
            .into_iter()
            .map(pair_of)
            .collect();
        assert_eq!(
            claims,
            reference.claims_of(col, row),
            "{game}: claims of {col},{row}"
        );
    }
    assert_eq!(
        board.score(Player::One),
        reference.score(0),
        "{game}: P1 score"
    );
    assert_eq!(
        board.score(Player::Two),
        reference.score(1),
        "{game}: P2 score"
    );
    assert_eq!(
        board.side_to_move().index(),
        reference.to_move(),
        "{game}: to move"
    );
    assert_eq!(board.is_over(), reference.is_over(), "{game}: over");
    assert_eq!(
        evaluate(board).0,
        reference.evaluate(),
        "{game}: evaluation"
    );
    assert_eq!(
        ordered(board),
        reference.ordered_moves(),
        "{game}: move order"
    );
}

fn ordered(board: &Board) -> Vec<(usize, usize)> {
    let order = CentreOrder::new(board.size());
    let mut list = MoveList::default();
    heuristic_moves(board, &order, &mut list);
    list.as_slice().iter().copied().map(pair_of).collect()
}

/// Runs one algorithm of the crate and its oracle twin at `depth` and compares value,
/// move, nodes and leaves.
fn compare_search(pair: &mut Pair, algorithm: Method, depth: u32) -> RefStats {
    let outcome = search_board(&pair.board, algorithm, Limits::depth(depth));
    let (value, best, stats) = match algorithm {
        Method::Minimax => ref_minimax(&mut pair.reference, depth),
        Method::AlphaBeta => ref_alphabeta(&mut pair.reference, depth),
    };
    let game = pair.board.game_string();
    let crate_answer = (
        outcome.value.0,
        outcome.best_move.map(pair_of),
        outcome.stats.nodes,
        outcome.stats.leaves,
    );
    let oracle_answer = (value, best, stats.nodes, stats.leaves);
    assert_eq!(
        crate_answer, oracle_answer,
        "{game} | {algorithm:?} depth {depth}: (value, move, nodes, leaves) crate vs oracle"
    );
    stats
}

/// Compares both searches at every depth from 1 up to `max_depth`, going one deeper only
/// while the next minimax tree looks smaller than `budget` nodes (estimated from the last
/// depth's growth, which only falls with depth, so the estimate is high); returns the
/// deepest depth compared.
fn compare_searches(pair: &mut Pair, max_depth: u32, budget: u64) -> u32 {
    let free = pair.reference.free_cells().len() as u64;
    let mut previous_leaves = 1;
    let mut deepest = 0;
    for depth in 1..=max_depth {
        let minimax = compare_search(pair, Method::Minimax, depth);
        let alphabeta = compare_search(pair, Method::AlphaBeta, depth);
        assert!(alphabeta.nodes <= minimax.nodes);
        deepest = depth;
        let growth = if depth == 1 {
            free
        } else {
            minimax.leaves.div_ceil(previous_leaves)
        };
        // The game ended on every line: deeper searches are the same search.
        if minimax.leaves == previous_leaves || minimax.nodes * growth.max(1) > budget {
            break;
        }
        previous_leaves = minimax.leaves;
    }
    deepest
}

#[test]
fn board_state_agrees_on_random_positions_of_every_size() {
    let mut rng = Rng(SplitMix64::new(1));
    let mut checked = 0;
    for round in 0..1300 {
        let size = 3 + round % 13;
        let mut pair = random_pair(&mut rng, size, Prefix::Any);
        compare_state(&pair);
        // Walk the rest of the game, comparing at every ply, then undo all the way back.
        let mut played = 0;
        while !pair.reference.is_over() {
            let free = pair.reference.free_cells();
            let mv = free[rng.below(free.len())];
            pair.reference.play(mv.0, mv.1);
            pair.board.do_move(cell(mv));
            played += 1;
            compare_state(&pair);
            checked += 1;
        }
        for _ in 0..played {
            pair.reference.undo();
            pair.board.undo();
            compare_state(&pair);
            checked += 1;
        }
    }
    assert!(checked > 3000, "only {checked} positions compared");
}

#[test]
fn illegal_moves_are_refused_by_both() {
    let mut rng = Rng(SplitMix64::new(2));
    for round in 0..200 {
        let size = 3 + round % 13;
        let mut pair = random_pair(&mut rng, size, Prefix::Any);
        let (col, row) = (rng.below(size), rng.below(size));
        let crate_ok = pair
            .board
            .clone()
            .play(Cell::new(col as u8, row as u8))
            .is_ok();
        let before = pair.reference.clone();
        let oracle_ok = pair.reference.play(col, row);
        assert_eq!(
            crate_ok,
            oracle_ok,
            "{} at {col},{row}",
            before.game_string()
        );
        if !oracle_ok {
            assert_eq!(pair.reference, before, "a refused move changed the oracle");
        }
    }
}

#[test]
fn searches_agree_on_small_boards() {
    let mut rng = Rng(SplitMix64::new(3));
    let mut searches = 0;
    for round in 0..1200 {
        let size = 3 + round % 4; // 3..=6
        let mut pair = random_pair(&mut rng, size, Prefix::Any);
        compare_state(&pair);
        searches += compare_searches(&mut pair, 6, 400_000);
    }
    assert!(searches > 2500, "only {searches} depth comparisons");
}

#[test]
fn searches_agree_on_larger_boards_at_shallow_depth() {
    let mut rng = Rng(SplitMix64::new(4));
    for round in 0..240 {
        let size = 7 + round % 9; // 7..=15
        let mut pair = random_pair(&mut rng, size, Prefix::Any);
        compare_searches(&mut pair, 4, 200_000);
    }
}

#[test]
fn searches_agree_near_the_end_of_games() {
    let mut rng = Rng(SplitMix64::new(5));
    for round in 0..300 {
        let size = 3 + round % 13;
        let limit = 2 + rng.below(13); // 2..=14 free cells left
        let mut pair = random_pair(&mut rng, size, Prefix::FreeAtMost(limit));
        compare_state(&pair);
        // Deep enough to reach the end on most of these: the values are then exact.
        compare_searches(&mut pair, 12, 400_000);
    }
}

#[test]
fn finished_games_agree() {
    let mut rng = Rng(SplitMix64::new(6));
    for round in 0..60 {
        let size = 3 + round % 13;
        let mut pair = random_pair(&mut rng, size, Prefix::FreeAtMost(0));
        assert!(pair.board.is_over());
        compare_state(&pair);
        for algorithm in [Method::Minimax, Method::AlphaBeta] {
            let stats = compare_search(&mut pair, algorithm, 3);
            assert_eq!((stats.nodes, stats.leaves), (1, 1));
        }
    }
}
