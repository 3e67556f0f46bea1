//! `solve --kind tictactoe|dodgem` against plain exhaustive references (issue 30.2): every
//! tic-tac-toe position reachable from the empty board, and every Dodgem position
//! reachable in 12 plies from the start, gets the winner and the length of the game with
//! best play that a direct search finds (the winner as quick, the loser as slow as it
//! can). The tic-tac-toe reference shares no code with the crate; the Dodgem one uses
//! only the rules' public moves and results, none of the solver or its values.

use queens_cli::{SolveReport, solution_of};
use queens_engines::ai::MoveList;
use queens_engines::games::cells::Cell;
use queens_engines::games::dodgem::{Dodgem, Outcome, Side};
use queens_engines::games::tictactoe::TicTacToe;
use std::collections::HashMap;

/// A tic-tac-toe board as nine bytes: `b'x'`, `b'o'`, `b'.'`, top row first.
type Board = [u8; 9];

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

fn has_line(board: &Board, mark: u8) -> bool {
    LINES
        .iter()
        .any(|line| line.iter().all(|&i| board[i] == mark))
}

fn mover(board: &Board) -> u8 {
    let x = board.iter().filter(|&&c| c == b'x').count();
    let o = board.iter().filter(|&&c| c == b'o').count();
    if x == o { b'x' } else { b'o' }
}

/// The result with best play: `(winner, plies to the end)`, `None` winner for a draw.
/// Plain minimax over outcomes: a win is better than a draw, a draw than a loss; among
/// wins the quickest, among losses the slowest.
fn reference(board: &mut Board) -> (Option<u8>, u32) {
    let me = mover(board);
    let other = if me == b'x' { b'o' } else { b'x' };
    if has_line(board, other) {
        return (Some(other), 0);
    }
    if board.iter().all(|&c| c != b'.') {
        return (None, 0);
    }
    // Rank from the mover's view: higher is better.
    let rank = |(winner, plies): (Option<u8>, u32)| -> i64 {
        match winner {
            Some(w) if w == me => 1000 - i64::from(plies),
            Some(_) => -1000 + i64::from(plies),
            None => 0,
        }
    };
    let mut best: Option<(Option<u8>, u32)> = None;
    for i in 0..9 {
        if board[i] != b'.' {
            continue;
        }
        board[i] = me;
        let (winner, plies) = reference(board);
        board[i] = b'.';
        let result = (winner, plies + 1);
        if best.is_none_or(|b| rank(result) > rank(b)) {
            best = Some(result);
        }
    }
    best.unwrap_or((None, 0))
}

fn text(board: &Board) -> String {
    let rows: Vec<String> = board
        .chunks(3)
        .map(|row| String::from_utf8_lossy(row).into_owned())
        .collect();
    rows.join("/")
}

/// Every position reachable from the empty board, finished ones included.
fn reachable(
    board: &mut Board,
    seen: &mut Vec<Board>,
    known: &mut std::collections::HashSet<Board>,
) {
    if !known.insert(*board) {
        return;
    }
    seen.push(*board);
    let me = mover(board);
    let other = if me == b'x' { b'o' } else { b'x' };
    if has_line(board, other) {
        return;
    }
    for i in 0..9 {
        if board[i] == b'.' {
            board[i] = me;
            reachable(board, seen, known);
            board[i] = b'.';
        }
    }
}

fn outcome_text(winner: Option<u8>) -> String {
    winner.map_or_else(|| "draw".to_string(), |w| char::from(w).to_string())
}

#[test]
fn every_reachable_tic_tac_toe_position_has_the_reference_s_outcome_and_length() {
    let mut positions = Vec::new();
    reachable(
        &mut [b'.'; 9],
        &mut positions,
        &mut std::collections::HashSet::new(),
    );
    assert_eq!(
        positions.len(),
        5478,
        "the well-known count of reachable positions"
    );
    let mut wrong = Vec::new();
    for mut board in positions {
        let written = text(&board);
        let game: TicTacToe = written.parse().unwrap_or_else(|e| panic!("{written}: {e}"));
        let (winner, plies) = reference(&mut board);
        let solved: SolveReport =
            solution_of(&game, false).unwrap_or_else(|| panic!("tic-tac-toe has a solver"));
        let expected = (outcome_text(winner), winner.map(|_| plies));
        if (
            solved.outcome.flatten().unwrap_or("?").to_string(),
            solved.plies.flatten(),
        ) != expected
        {
            wrong.push(format!(
                "{written}: {:?} in {:?} (value {:?}), expected {expected:?}",
                solved.outcome, solved.plies, solved.value
            ));
        }
        // The best move, when there is one, keeps the result.
        if let Some(mv) = &solved.best_move {
            let cell = Cell::parse(mv).unwrap_or_else(|| panic!("{written}: move {mv}"));
            let mut after = board;
            after[cell.index()] = mover(&board);
            let (w, p) = reference(&mut after);
            assert_eq!((w, p + 1), (winner, plies), "{written}: {mv} is not best");
        }
    }
    assert!(
        wrong.is_empty(),
        "{} positions wrong, the first: {:#?}",
        wrong.len(),
        &wrong[..wrong.len().min(5)]
    );
}

fn side_text(side: Side) -> &'static str {
    match side {
        Side::Black => "b",
        Side::White => "w",
    }
}

/// Dodgem's result with best play under the draw limit, found by plain minimax over
/// outcomes (memoised by the position's text, which holds the ply).
fn dodgem_reference(
    game: &Dodgem,
    memo: &mut HashMap<String, (Option<Side>, u32)>,
) -> (Option<Side>, u32) {
    match game.outcome() {
        Some(Outcome::Won(side)) => return (Some(side), 0),
        Some(Outcome::Draw) => return (None, 0),
        None => {}
    }
    let key = game.to_string();
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let me = game.to_move();
    let rank = |(winner, plies): (Option<Side>, u32)| -> i64 {
        match winner {
            Some(w) if w == me => 1000 - i64::from(plies),
            Some(_) => -1000 + i64::from(plies),
            None => 0,
        }
    };
    let mut list = MoveList::default();
    game.moves_of(me, &mut list);
    let mut best: Option<(Option<Side>, u32)> = None;
    for &mv in list.as_slice() {
        let mut next = game.clone();
        next.play(mv)
            .unwrap_or_else(|e| panic!("{game}: {mv}: {e}"));
        let (winner, plies) = dodgem_reference(&next, memo);
        let result = (winner, plies + 1);
        if best.is_none_or(|b| rank(result) > rank(b)) {
            best = Some(result);
        }
    }
    let result = best.unwrap_or((None, 0));
    memo.insert(key, result);
    result
}

#[test]
fn every_dodgem_position_reachable_in_12_plies_has_the_reference_s_outcome_and_length() {
    let mut layer = vec![Dodgem::new()];
    let mut seen = std::collections::HashSet::new();
    let mut memo = HashMap::new();
    let mut checked = 0;
    let mut wrong = Vec::new();
    for ply in 0..=12 {
        let mut next_layer = Vec::new();
        for game in layer {
            if !seen.insert(game.to_string()) {
                continue;
            }
            checked += 1;
            let (winner, plies) = dodgem_reference(&game, &mut memo);
            let solved = solution_of(&game, false).unwrap_or_else(|| panic!("Dodgem has a solver"));
            let expected = (
                winner.map_or("draw", side_text).to_string(),
                winner.map(|_| plies),
            );
            if (
                solved.outcome.flatten().unwrap_or("?").to_string(),
                solved.plies.flatten(),
            ) != expected
            {
                wrong.push(format!(
                    "{game}: {:?} in {:?} (value {:?}), expected {expected:?}",
                    solved.outcome, solved.plies, solved.value
                ));
            }
            if ply < 12 && game.outcome().is_none() {
                let mut list = MoveList::default();
                game.moves_of(game.to_move(), &mut list);
                for &mv in list.as_slice() {
                    let mut child = game.clone();
                    if child.play(mv).is_ok() {
                        next_layer.push(child);
                    }
                }
            }
        }
        layer = next_layer;
    }
    assert!(checked > 1000, "only {checked} positions");
    assert!(
        wrong.is_empty(),
        "{} of {checked} positions wrong, the first: {:#?}",
        wrong.len(),
        &wrong[..wrong.len().min(5)]
    );
}
