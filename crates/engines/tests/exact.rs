//! Exact answers: hand-checked facts, searches deep enough to reach the end of the game
//! against the oracle's exhaustive solver, and the perft counts in `crates/engines/tests/data/perft.txt`.

use crate::oracle;

use oracle::{RefBoard, ref_minimax, ref_perft, ref_solve};
use queens_board::{Board, Cell, Player, random_stones};
use queens_engines::ai::{Limits, Method, search_board};

fn names(cells: impl IntoIterator<Item = Cell>) -> Vec<String> {
    cells.into_iter().map(|c| c.to_string()).collect()
}

fn ref_names(cells: &[(usize, usize)]) -> Vec<String> {
    cells.iter().map(|&c| oracle::cell_name(c)).collect()
}

fn board(text: &str) -> Board {
    Board::from_game_string(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn reference(text: &str) -> RefBoard {
    RefBoard::from_game_string(text).unwrap_or_else(|| panic!("oracle rejects {text}"))
}

/// Searches `text` with both algorithms to a depth that reaches the end of every line,
/// and checks both values against the oracle's solver and the oracle's own minimax.
fn check_exact(text: &str) {
    let board = board(text);
    let mut reference = reference(text);
    let exact = ref_solve(&mut reference);
    let depth = board.free().count().max(1);
    for algorithm in [Method::Minimax, Method::AlphaBeta] {
        let outcome = search_board(&board, algorithm, Limits::depth(depth));
        assert_eq!(
            outcome.value.0, exact,
            "{text}: {algorithm:?} to depth {depth}"
        );
    }
    let (value, _, _) = ref_minimax(&mut reference, depth);
    assert_eq!(value, exact, "{text}: oracle minimax against its solver");
}

#[test]
fn the_worked_4x4_example_of_game_md() -> Result<(), Box<dyn std::error::Error>> {
    let mut board = board("size=4");
    let mut reference = reference("size=4");
    let steps = [
        (
            "b2",
            vec![
                "a1", "b1", "c1", "d2", "a2", "b2", "c2", "a3", "b3", "c3", "b4", "d4",
            ],
        ),
        ("d3", vec!["d1", "d3", "c4"]),
        ("a4", vec!["a4"]),
    ];
    for (name, claims) in steps {
        let mv: Cell = name.parse()?;
        let col_row = (mv.col() as usize, mv.row() as usize);
        let mut want = claims
            .iter()
            .map(|n| n.parse())
            .collect::<Result<Vec<Cell>, _>>()?;
        want.sort_by_key(|c| (c.row(), c.col()));
        let taken = board.play(mv).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            names(taken),
            names(want.iter().copied()),
            "claims of {name}"
        );
        assert_eq!(
            ref_names(&reference.claims_of(col_row.0, col_row.1)),
            names(want),
            "oracle claims of {name}"
        );
        assert!(reference.play(col_row.0, col_row.1));
    }
    assert_eq!(board.game_string(), "size=4 moves=b2,d3,a4");
    assert_eq!(
        (board.score(Player::One), board.score(Player::Two)),
        (13, 3)
    );
    assert_eq!((reference.score(0), reference.score(1)), (13, 3));
    assert!(board.is_over() && reference.is_over());
    assert_eq!(board.outcome(), Some(Some(Player::One)));
    Ok(())
}

#[test]
fn after_b2_on_4x4_four_cells_are_left() {
    let board = board("size=4 moves=b2");
    assert_eq!(names(board.free()), ["d1", "d3", "a4", "c4"]);
    assert_eq!(
        ref_names(&reference("size=4 moves=b2").free_cells()),
        names(board.free())
    );
}

#[test]
fn open_3x3_perft_by_hand() -> Result<(), Box<dyn std::error::Error>> {
    // Depth 1: all 9 cells. Depth 2: b2 takes the whole board (1 line); a corner leaves
    // the two cells a knight's move away (2 each); an edge midpoint leaves the two far
    // corners (2 each): 1 + 4*2 + 4*2 = 17. Every second move ends the game, so depth 3
    // is 17 too.
    let board = board("size=3");
    let mut reference = reference("size=3");
    for (depth, want) in [(1, 9), (2, 17), (3, 17), (9, 17)] {
        let outcome = search_board(&board, Method::Minimax, Limits::depth(depth));
        assert_eq!(outcome.stats.leaves, want, "crate perft({depth})");
        assert_eq!(
            ref_perft(&mut reference, depth),
            want,
            "oracle perft({depth})"
        );
        assert_eq!(ref_minimax(&mut reference, depth).2.leaves, want);
    }
    // P1 takes the centre and with it all 9 cells.
    let outcome = search_board(&board, Method::AlphaBeta, Limits::depth(9));
    assert_eq!(
        (outcome.value.0, outcome.best_move),
        (9, Some("b2".parse::<Cell>()?))
    );
    assert_eq!(ref_solve(&mut reference), 9);
    Ok(())
}

#[test]
fn claims_are_blocked_by_stones() -> Result<(), Box<dyn std::error::Error>> {
    // A queen on a1 with a stone on c1: the row stops at b1, d1 stays free.
    let text = "size=4 stones=c1,c3";
    let board = board(text);
    let reference = reference(text);
    let want = ["a1", "b1", "a2", "b2", "a3", "a4"];
    assert_eq!(names(board.claims_of("a1".parse::<Cell>()?)), want);
    assert_eq!(ref_names(&reference.claims_of(0, 0)), want);
    // A stone is never claimed and never free.
    assert!(!board.free().contains("c1".parse::<Cell>()?));
    assert!(board.claims_of("c1".parse::<Cell>()?).is_empty());
    assert!(reference.claims_of(2, 0).is_empty());
    Ok(())
}

#[test]
fn claims_are_never_stolen() -> Result<(), Box<dyn std::error::Error>> {
    // P2's queen on d3 has rays through P1's cells (c3, d2, d4, b1...): it passes over
    // them and takes only the free cells beyond.
    let mut board = board("size=4 moves=b2");
    let p1_before = board.owned(Player::One);
    let claims = board
        .play("d3".parse::<Cell>()?)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(board.owned(Player::One), p1_before);
    assert!((claims & p1_before).is_empty());
    assert_eq!(names(claims), ["d1", "d3", "c4"]);
    // The same on a board with stones, every move of a whole game, for both players.
    let text = "size=6 stones=c3,d4,b5";
    let mut board = self::board(text);
    while let Some(mv) = board.free().into_iter().last() {
        let other = board.side_to_move().opponent();
        let before = board.owned(other);
        board.play(mv).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(board.owned(other), before, "{}", board.game_string());
    }
    Ok(())
}

#[test]
fn searches_to_the_end_are_exact_on_small_boards() {
    let mut texts = vec![
        "size=3".to_string(),
        "size=3 stones=b2".to_string(),
        "size=4".to_string(),
        "size=4 moves=b2".to_string(),
        "size=4 stones=b2,c3".to_string(),
        "size=4 stones=a1,b2,c3,d4".to_string(),
        "size=5 stones=c3".to_string(),
        "size=5 stones=b2,d2,b4,d4".to_string(),
        "size=5 moves=a1".to_string(),
    ];
    for size in 3..=5u8 {
        for seed in 0..6 {
            let count = seed as usize % (Board::max_stones(size) + 1);
            let stones = random_stones(size, count, seed);
            let board = Board::new(size, &stones).unwrap_or_else(|e| panic!("{e}"));
            texts.push(board.game_string());
        }
    }
    for text in &texts {
        check_exact(text);
    }
}

#[test]
fn open_5x5_and_6x6_boards_are_solved_exactly() {
    for text in ["size=5", "size=6", "size=6 stones=c3,d4"] {
        check_exact(text);
    }
}

#[test]
fn searches_to_the_end_are_exact_near_the_end_of_larger_games() {
    // Each game alternates the first and the middle free cell until few cells are
    // left, then solved.
    for size in 6..=15u8 {
        let stones = random_stones(size, size as usize, u64::from(size));
        let mut board = Board::new(size, &stones).unwrap_or_else(|e| panic!("{e}"));
        let mut flip = false;
        while board.free().count() > 14 {
            let free: Vec<Cell> = board.free().into_iter().collect();
            let mv = if flip { free[0] } else { free[free.len() / 2] };
            flip = !flip;
            board.play(mv).unwrap_or_else(|e| panic!("{e}"));
        }
        check_exact(&board.game_string());
    }
}

/// One line of `crates/engines/tests/data/perft.txt`: game string, depth, leaf count.
fn perft_lines() -> Vec<(String, u32, u64)> {
    let text = include_str!("data/perft.txt");
    text.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let parts: Vec<&str> = line.split('|').map(str::trim).collect();
            let [game, depth, leaves] = parts[..] else {
                panic!("bad perft line {line:?}");
            };
            let depth = depth.parse().unwrap_or_else(|e| panic!("{line:?}: {e}"));
            let leaves = leaves.parse().unwrap_or_else(|e| panic!("{line:?}: {e}"));
            (game.to_string(), depth, leaves)
        })
        .collect()
}

#[test]
fn perft_file_matches_the_crate() {
    let lines = perft_lines();
    assert!(lines.len() >= 15, "only {} perft lines", lines.len());
    for (game, depth, leaves) in lines {
        let board = board(&game);
        let outcome = search_board(&board, Method::Minimax, Limits::depth(depth));
        assert_eq!(outcome.stats.leaves, leaves, "{game} | {depth}");
    }
}

#[test]
fn perft_file_matches_the_oracle() {
    for (game, depth, leaves) in perft_lines() {
        let mut reference = reference(&game);
        assert_eq!(
            ref_minimax(&mut reference, depth).2.leaves,
            leaves,
            "{game} | {depth}"
        );
        assert_eq!(ref_perft(&mut reference, depth), leaves, "{game} | {depth}");
    }
}
