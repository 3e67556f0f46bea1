//! Property tests of the board and the searches: invariants that must hold on every
//! position, checked on random ones by proptest (which shrinks a failure to a small case).

use proptest::prelude::*;
use queens_board::{Bitboard, Board, Cell, Player, random_position};
use queens_engines::ai::{Limits, Method, evaluate, search_board};

/// A random position: side, number of stones (as a fraction of the cap), seed and how
/// many moves to play (stopping early if the game ends), built by the crate's shared
/// generator.
fn position(sizes: std::ops::RangeInclusive<u8>, max_moves: usize) -> impl Strategy<Value = Board> {
    (sizes, 0.0..=1.0f64, any::<u64>(), 0..=max_moves).prop_map(|(size, fraction, seed, moves)| {
        let count = (Board::max_stones(size) as f64 * fraction).floor() as usize;
        random_position(size, count, moves, seed).unwrap_or_else(|e| panic!("{e}"))
    })
}

/// A random finished game (moves played until no free cell is left).
fn finished_game(sizes: std::ops::RangeInclusive<u8>) -> impl Strategy<Value = Board> {
    (sizes, 0.0..=1.0f64, any::<u64>()).prop_map(|(size, fraction, seed)| {
        let count = (Board::max_stones(size) as f64 * fraction).floor() as usize;
        random_position(size, count, usize::MAX, seed).unwrap_or_else(|e| panic!("{e}"))
    })
}

/// Whether the cells strictly between `a` and `b`, which share a line, hold no stone.
fn clear_line(board: &Board, a: Cell, b: Cell) -> bool {
    let (dc, dr) = (
        (b.col() as i32 - a.col() as i32).signum(),
        (b.row() as i32 - a.row() as i32).signum(),
    );
    let (mut col, mut row) = (a.col() as i32 + dc, a.row() as i32 + dr);
    while (col, row) != (b.col() as i32, b.row() as i32) {
        if board.stones().contains(Cell::new(col as u8, row as u8)) {
            return false;
        }
        col += dc;
        row += dr;
    }
    true
}

/// Whether `a` and `b` share a row, a column or a diagonal.
fn same_line(a: Cell, b: Cell) -> bool {
    let dc = a.col() as i32 - b.col() as i32;
    let dr = a.row() as i32 - b.row() as i32;
    dc == 0 || dr == 0 || dc.abs() == dr.abs()
}

/// The number of move sequences of length `depth` (shorter where the game ends).
fn perft(board: &mut Board, depth: u32) -> u64 {
    if depth == 0 || board.is_over() {
        return 1;
    }
    let mut total = 0;
    for cell in board.free() {
        board.do_move(cell);
        total += perft(board, depth - 1);
        board.undo();
    }
    total
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn do_move_then_undo_restores_everything(board in position(3..=15, 40)) {
        let before = board.clone();
        let text = board.game_string();
        let mut board = board;
        for cell in before.free() {
            board.do_move(cell);
            prop_assert_eq!(board.last_move(), Some(cell));
            prop_assert_eq!(board.undo(), Some(cell));
            prop_assert_eq!(&board, &before);
            prop_assert_eq!(board.game_string(), text.clone());
            prop_assert_eq!(board.free(), before.free());
            prop_assert_eq!(board.owned(Player::One), before.owned(Player::One));
            prop_assert_eq!(board.owned(Player::Two), before.owned(Player::Two));
            prop_assert_eq!(board.queens(Player::One), before.queens(Player::One));
            prop_assert_eq!(board.queens(Player::Two), before.queens(Player::Two));
        }
    }

    #[test]
    fn finished_games_add_up(board in finished_game(3..=15)) {
        let size = board.size() as u32;
        let stones = board.stones().count();
        let (one, two) = (board.score(Player::One), board.score(Player::Two));
        prop_assert!(board.is_over());
        prop_assert!(board.free().is_empty());
        prop_assert_eq!(one + two, size * size - stones);
        let claimed: u32 = board.history().iter().map(|record| record.claims.count()).sum();
        prop_assert_eq!(one + two, claimed);
        // Each player's score is the sum of their own moves' claims.
        let mut by_player = [0u32; 2];
        for (ply, record) in board.history().iter().enumerate() {
            by_player[ply % 2] += record.claims.count();
            prop_assert!(record.claims.contains(record.cell));
        }
        prop_assert_eq!(by_player, [one, two]);
        // The claims of different moves never overlap.
        let mut seen = Bitboard::EMPTY;
        for record in board.history() {
            prop_assert!((seen & record.claims).is_empty());
            seen |= record.claims;
        }
    }

    #[test]
    fn no_two_queens_see_each_other(board in finished_game(3..=15)) {
        let queens: Vec<Cell> =
            (board.queens(Player::One) | board.queens(Player::Two)).into_iter().collect();
        for (i, &a) in queens.iter().enumerate() {
            for &b in &queens[i + 1..] {
                prop_assert!(
                    !(same_line(a, b) && clear_line(&board, a, b)),
                    "{} and {} see each other in {}", a, b, board.game_string()
                );
            }
        }
    }

    #[test]
    fn game_strings_round_trip(board in position(3..=15, 30)) {
        let text = board.game_string();
        let parsed = Board::from_game_string(&text).expect("a game string parses");
        prop_assert_eq!(&parsed, &board);
        prop_assert_eq!(parsed.game_string(), text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn minimax_and_alphabeta_agree(board in position(3..=7, 3), depth in 1u32..=4) {
        // Deeper searches only on boards with few free cells, to keep the run short.
        let depth = if board.free().count() > 30 { depth.min(3) } else { depth };
        let minimax = search_board(&board, Method::Minimax, Limits::depth(depth));
        let alphabeta = search_board(&board, Method::AlphaBeta, Limits::depth(depth));
        prop_assert_eq!(minimax.value, alphabeta.value, "{} depth {}", board.game_string(), depth);
        prop_assert!(alphabeta.stats.nodes <= minimax.stats.nodes);
        prop_assert!(alphabeta.stats.leaves <= minimax.stats.leaves);
        // The moves may differ only where several moves share the best value; whichever
        // alpha-beta chose must reach it.
        if let Some(mv) = alphabeta.best_move {
            let mut after = board.clone();
            after.do_move(mv);
            let reply = if depth == 1 {
                evaluate(&after)
            } else {
                search_board(&after, Method::Minimax, Limits::depth(depth - 1)).value
            };
            prop_assert_eq!(-reply, minimax.value);
        }
    }

    #[test]
    fn minimax_leaves_are_the_perft_count(board in position(3..=8, 3), depth in 1u32..=3) {
        let outcome = search_board(&board, Method::Minimax, Limits::depth(depth));
        let mut copy = board.clone();
        prop_assert_eq!(outcome.stats.leaves, perft(&mut copy, depth), "{}", board.game_string());
        prop_assert_eq!(copy, board);
    }
}
