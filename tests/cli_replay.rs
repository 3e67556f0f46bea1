//! `queens replay` against docs/cli.md: the position a game reaches, illegal moves
//! reported in the answer, random stones reproducible from their seed.

use crate::common;

use common::json;
use queens_board::{Board, Cell};
use serde_json::Value;

#[test]
fn replay_of_the_worked_4x4_example_scores_13_to_3() {
    let out = json(&["replay", "--size", "4", "--moves", "b2,d3,a4"]);
    assert_eq!(out["legal"], true);
    assert_eq!(out["error"], Value::Null);
    assert_eq!(out["score"], serde_json::json!([13, 3]));
    assert_eq!(out["free"], 0);
    assert_eq!(out["over"], true);
    assert_eq!(out["to_move"], Value::Null);
    assert_eq!(out["winner"], 1);
    assert_eq!(out["game"], "size=4 moves=b2,d3,a4");
}

#[test]
fn replay_accepts_the_game_string_in_any_key_order() {
    let flags = json(&[
        "replay", "--size", "8", "--stones", "g7,b2,d5", "--moves", "c3,h5,a1",
    ]);
    let string = json(&["replay", "--game", "moves=c3,h5,a1  stones=g7,b2,d5 size=8"]);
    assert_eq!(flags, string);
    assert_eq!(string["game"], "size=8 stones=b2,d5,g7 moves=c3,h5,a1");
    assert_eq!(string["to_move"], 2);
    assert_eq!(string["over"], false);
    assert_eq!(string["winner"], Value::Null);
    let again = json(&["replay", "--game", string["game"].as_str().unwrap()]);
    assert_eq!(again, string);
}

#[test]
fn replay_of_an_open_board_has_every_cell_free_and_p1_to_move() {
    let out = json(&["replay", "--size", "15"]);
    assert_eq!(out["free"], 225);
    assert_eq!(out["score"], serde_json::json!([0, 0]));
    assert_eq!(out["to_move"], 1);
    assert_eq!(out["game"], "size=15");
}

#[test]
fn replay_reports_an_illegal_move_without_failing() {
    let out = json(&["replay", "--size", "4", "--moves", "b2,c3,d3"]);
    assert_eq!(out["legal"], false);
    let error = out["error"].as_str().unwrap();
    assert!(error.contains("move 2 (c3)"), "{error}");
    assert!(error.contains("controlled by P1"), "{error}");
    // The position is the one after the legal prefix, b2 alone.
    assert_eq!(out["score"], serde_json::json!([12, 0]));
    assert_eq!(out["free"], 4);
    assert_eq!(out["to_move"], 2);
    assert_eq!(out["game"], "size=4 moves=b2");
}

#[test]
fn replay_reports_a_move_on_a_stone_and_a_move_after_the_end() {
    let out = json(&["replay", "--game", "size=4 stones=a1 moves=b2,a1"]);
    assert_eq!(out["legal"], false);
    let error = out["error"].as_str().unwrap();
    assert!(
        error.contains("move 2 (a1)") && error.contains("stone"),
        "{error}"
    );

    let out = json(&["replay", "--game", "size=4 moves=b2,d3,a4,c4"]);
    assert_eq!(out["legal"], false);
    let error = out["error"].as_str().unwrap();
    assert!(
        error.contains("move 4 (c4)") && error.contains("over"),
        "{error}"
    );
    assert_eq!(out["over"], true);
    assert_eq!(out["winner"], 1);
    assert_eq!(out["game"], "size=4 moves=b2,d3,a4");
}

/// A finished drawn game, found by a search over `size` x `size` games with the library.
fn find_draw(board: &mut Board) -> Option<String> {
    if board.is_over() {
        return (board.outcome() == Some(None)).then(|| board.game_string());
    }
    let moves: Vec<Cell> = board.free().into_iter().collect();
    for cell in moves {
        board.do_move(cell);
        let found = find_draw(board);
        board.undo();
        if found.is_some() {
            return found;
        }
    }
    None
}

#[test]
fn replay_reports_a_draw_as_winner_0() {
    // Candidates with an even number of playable cells, smallest first.
    let candidates = [
        "size=4",
        "size=4 stones=a1,d4",
        "size=4 stones=b2,c3",
        "size=5 stones=c3",
    ];
    let game = candidates
        .iter()
        .find_map(|text| find_draw(&mut Board::from_game_string(text).unwrap()))
        .expect("one of the candidate boards has a drawn game");
    let out = json(&["replay", "--game", &game]);
    assert_eq!(out["over"], true);
    assert_eq!(out["winner"], 0);
    assert_eq!(out["score"][0], out["score"][1]);
    assert_eq!(out["to_move"], Value::Null);
}

#[test]
fn replay_random_stones_are_reproducible_from_the_seed() {
    let args = [
        "replay",
        "--size",
        "9",
        "--random-stones",
        "12",
        "--seed",
        "2024",
    ];
    let first = json(&args);
    let second = json(&args);
    assert_eq!(first, second);
    let game = first["game"].as_str().unwrap();
    let stones = game
        .split_whitespace()
        .find_map(|token| token.strip_prefix("stones="))
        .unwrap();
    assert_eq!(stones.split(',').count(), 12);
    assert_eq!(first["free"], 81 - 12);
    // The game string carries the stones, so it re-creates the same board.
    assert_eq!(json(&["replay", "--game", game]), first);
    let other = json(&[
        "replay",
        "--size",
        "9",
        "--random-stones",
        "12",
        "--seed",
        "2025",
    ]);
    assert_ne!(other["game"], first["game"]);
}

#[test]
fn replay_random_stones_accept_the_cap_and_zero() {
    let full = json(&[
        "replay",
        "--size",
        "5",
        "--random-stones",
        "9",
        "--seed",
        "0",
    ]);
    assert_eq!(full["free"], 25 - 9);
    let none = json(&[
        "replay",
        "--size",
        "5",
        "--random-stones",
        "0",
        "--seed",
        "0",
    ]);
    assert_eq!(none["game"], "size=5");
}

#[test]
fn replay_random_stones_then_moves() {
    let base = json(&[
        "replay",
        "--size",
        "6",
        "--random-stones",
        "4",
        "--seed",
        "7",
    ]);
    let board = Board::from_game_string(base["game"].as_str().unwrap()).unwrap();
    let first_free = board.free().first().unwrap().to_string();
    let out = json(&[
        "replay",
        "--size",
        "6",
        "--random-stones",
        "4",
        "--seed",
        "7",
        "--moves",
        &first_free,
    ]);
    assert_eq!(out["legal"], true);
    assert_eq!(out["to_move"], 2);
}

#[test]
fn empty_stone_and_move_lists_are_allowed() {
    let out = json(&["replay", "--size", "5", "--stones", "", "--moves", ""]);
    assert_eq!(out["game"], "size=5");
    let out = json(&["replay", "--game", "size=5 stones= moves="]);
    assert_eq!(out["game"], "size=5");
}

/// Issue 39, one path per subcommand: every game of the games table answers `replay`
/// with the fields queens always has (`score`, `free`, `game` included), by the same
/// path; a game whose position in its notation is not its game string names its game
/// and gives that position and the moves played from it besides.
#[test]
fn every_game_replays_with_the_fields_queens_has() {
    let queens_fields = [
        "legal", "error", "score", "free", "to_move", "over", "winner", "game",
    ];
    for tag in queens_engines::games::table::tags() {
        let out = if tag == "queens" {
            json(&["replay", "--size", "5"])
        } else {
            json(&["replay", "--kind", tag])
        };
        for field in queens_fields {
            assert!(out.get(field).is_some(), "{tag}: no {field} in {out}");
        }
        assert_eq!(out["legal"], true, "{tag}");
        assert!(out["free"].as_u64().is_some_and(|free| free > 0), "{tag}");
        let own = tag != "queens";
        for field in ["kind", "position", "moves"] {
            assert_eq!(out.get(field).is_some(), own, "{tag}: {field} in {out}");
        }
    }
    // The game string of the position reached reads back as the same position.
    let ttt = json(&["replay", "--kind", "tictactoe", "--moves", "b2,a1,c3"]);
    assert_eq!(ttt["game"], "game=tictactoe moves=b2,a1,c3");
    assert_eq!(ttt["free"], 6);
    let again = json(&["replay", "--game", ttt["game"].as_str().unwrap_or("")]);
    assert_eq!(again["position"], ttt["position"]);
}
