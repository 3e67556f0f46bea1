//! Every game's game string at the command line: the string the window's Copy position
//! and the browser's links write (`game=othello size=6 moves=c2`) is read by `replay`,
//! `bestmove`, `solve`, `tree` and `perft` as it is, through `--game` (which then needs
//! no `--kind`) or `--position`; its moves are played as `--moves` are (an illegal one
//! is told, not refused); a string naming another game than `--kind` is refused.

use crate::common;

use common::{all_refused, json};

#[test]
fn a_game_string_names_its_game_so_kind_may_be_left_out() {
    let linked = json(&["replay", "--game", "game=othello size=6 moves=c2,b4"]);
    let given = json(&[
        "replay",
        "--kind",
        "othello",
        "--position",
        "....../....../..wb../..bw../....../...... b",
        "--moves",
        "c2,b4",
    ]);
    assert_eq!(linked, given);
    assert_eq!(linked["kind"], "othello");
    assert_eq!(linked["legal"], true);
    // The same through --position, with or without `game=`, and with more --moves.
    for position in ["game=othello size=6 moves=c2", "size=6 moves=c2"] {
        let answer = json(&[
            "replay",
            "--kind",
            "othello",
            "--position",
            position,
            "--moves",
            "b4",
        ]);
        assert_eq!(answer, given, "{position}");
    }
    let best = json(&[
        "bestmove",
        "--game",
        "game=tictactoe moves=a1",
        "--depth",
        "9",
    ]);
    assert_eq!(best["kind"], "tictactoe");
    assert_eq!(best["position"], ".../.../x..");
    // The centre is the only move that holds the draw after a corner.
    assert_eq!(best["move"], "b2");
    let solved = json(&["solve", "--game", "game=tictactoe moves=a1,b2"]);
    assert_eq!(solved["kind"], "tictactoe");
    assert_eq!(solved["outcome"], "draw");
    // `game=queens` is queens' own string with its (optional) name.
    let queens = json(&["replay", "--game", "game=queens size=5 moves=c3"]);
    assert_eq!(queens, json(&["replay", "--game", "size=5 moves=c3"]));
}

#[test]
fn an_illegal_move_in_the_string_is_told_as_one_in_moves_is() {
    let answer = json(&["replay", "--game", "game=othello size=6 moves=c2,pass,b4"]);
    assert_eq!(answer["legal"], false);
    assert_eq!(common::cells(&answer["moves"]), ["c2"]);
    let error = answer["error"].as_str().unwrap_or_default();
    assert!(error.starts_with("move 2:"), "{error}");
    assert_eq!(answer["to_move"], "w");
}

#[test]
fn a_string_of_another_game_or_of_no_game_is_refused() {
    all_refused(&[
        (
            &[
                "replay",
                "--kind",
                "dodgem",
                "--game",
                "game=othello size=6",
            ],
            "--game is a game string of othello, but --kind is dodgem",
        ),
        (
            &[
                "replay",
                "--kind",
                "othello",
                "--position",
                "game=tictactoe moves=a1",
            ],
            "the position is a game string of tictactoe, but --kind is othello",
        ),
        (
            &["replay", "--game", "game=chess moves=e4"],
            "'chess' is not a game",
        ),
        (
            &["replay", "--game", "game=othello size=6 moves=c2 moves=b4"],
            "'moves' is given twice",
        ),
        (&["replay", "--game", "game=othello size=7"], "write 6 or 8"),
        (
            &[
                "perft",
                "--kind",
                "othello",
                "game=othello size=6 moves=c2,pass",
                "--depth",
                "1",
            ],
            "pass is legal only when no disc can be placed",
        ),
    ]);
}

#[test]
fn tree_and_perft_read_the_same_strings() {
    let tree = json(&[
        "tree",
        "--kind",
        "othello",
        "--position",
        "game=othello size=6 moves=c2",
        "--depth",
        "1",
    ]);
    assert_eq!(common::cells(&tree["moves"]), ["b2", "d2", "b4"]);
    let perft = json(&["perft", "--kind", "othello", "size=6", "--depth", "3"]);
    // 6x6 Othello's published perft: 4, 12, 56.
    assert_eq!(perft["nodes"], 56);
}
