//! `--kind othello` at the command line (issue 31): replay, bestmove (with `--eval`) and
//! tree speak Othello's notation; solve refuses it with its reason; bad positions, moves,
//! game strings and evaluation files are refused on one line with exit 2.

use crate::common;

use common::{all_refused, json};
use serde_json::Value;

/// The 6x6 start (c3 and d4 white, d3 and c4 black), black to move: what `game=othello
/// size=6` starts from (the tests below check it).
const SMALL: &str = "....../....../..wb../..bw../....../...... b";

fn strings(value: &Value) -> Vec<String> {
    common::cells(value)
}

#[test]
fn replay_plays_othello_from_its_start_or_a_six_by_six_position() {
    let start = json(&["replay", "--kind", "othello", "--moves", "d3,c5"]);
    assert_eq!(start["kind"], "othello");
    assert_eq!(start["legal"], true);
    assert_eq!(start["to_move"], "b");
    assert_eq!(start["over"], false);
    assert_eq!(strings(&start["moves"]), ["d3", "c5"]);
    // Black's d3 turned d4 over: the position shows three black discs in column d.
    let position = start["position"].as_str().unwrap_or_default();
    assert_eq!(position.split('/').count(), 8, "{position}");
    // An illegal move is not an error: the answer names it and why.
    let bad = json(&["replay", "--kind", "othello", "--moves", "d3,a1"]);
    assert_eq!(bad["legal"], false);
    assert_eq!(strings(&bad["moves"]), ["d3"]);
    let error = bad["error"].as_str().unwrap_or_default();
    assert!(error.starts_with("move 2: a1 is not legal"), "{error}");
    // A 6x6 game from its start position.
    let small = json(&["replay", "--kind", "othello", "--position", SMALL]);
    assert_eq!(small["position"], SMALL);
    assert_eq!(small["to_move"], "b");
}

#[test]
fn bestmove_searches_othello_with_the_shipped_or_a_given_evaluation() {
    let search = |extra: &[&str]| {
        let mut args = vec![
            "bestmove",
            "--kind",
            "othello",
            "--position",
            SMALL,
            "--depth",
            "1",
        ];
        args.extend_from_slice(extra);
        json(&args)
    };
    let default = search(&[]);
    let shipped = search(&["--eval", "data/othello_eval.ron"]);
    assert_eq!(default["kind"], "othello");
    assert_eq!(default["value"], shipped["value"]);
    assert_eq!(default["move"], shipped["move"]);
    let chosen = default["move"].as_str().unwrap_or_default().to_string();
    let legal = json(&[
        "replay",
        "--kind",
        "othello",
        "--position",
        SMALL,
        "--moves",
        &chosen,
    ]);
    assert_eq!(legal["legal"], true, "{chosen}");
    // Discs alone, each worth 2: every first move leaves black 4 discs to white's 1,
    // worth 6 (the shipped weights value d2 at 3).
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let discs = dir.path().join("discs.ron");
    std::fs::write(
        &discs,
        "(discs: 2, mobility: 0, corners: 0, x_squares: 0, edges: 0)",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let discs = discs.display().to_string();
    assert_eq!(search(&["--eval", &discs])["value"], 6);
    assert_eq!(default["value"], 3, "{default}");
    // The 8x8 start, a few plies deep, answers a move too.
    let deep = json(&["bestmove", "--kind", "othello", "--depth", "4"]);
    assert_eq!(strings(&deep["pv"]).len(), 4, "{deep}");
    // A table that is not Othello's is refused.
    let wrong = dir.path().join("wrong.ron");
    std::fs::write(
        &wrong,
        "(discs: 5000, mobility: 0, corners: 0, x_squares: 0, edges: 0)",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let wrong = wrong.display().to_string();
    all_refused(&[
        (
            &["bestmove", "--kind", "othello", "--eval", &wrong],
            "--eval",
        ),
        (
            &[
                "bestmove",
                "--kind",
                "othello",
                "--eval",
                "data/dodgem_eval.ron",
            ],
            "not othello evaluation weights",
        ),
    ]);
}

#[test]
fn tree_grows_othellos_tree_through_the_seam() {
    let tree = json(&[
        "tree",
        "--kind",
        "othello",
        "--position",
        SMALL,
        "--depth",
        "2",
    ]);
    assert_eq!(tree["kind"], "othello");
    assert_eq!(tree["position"], SMALL);
    let mut moves = strings(&tree["moves"]);
    moves.sort();
    assert_eq!(moves, ["b3", "c2", "d5", "e4"]);
    assert!(tree["move"].is_string(), "{tree}");
}

#[test]
fn othello_refuses_a_solve_and_bad_positions_moves_and_game_strings() {
    all_refused(&[
        (&["solve", "--kind", "othello"], "no exact solver"),
        (
            &["solve", "--kind", "othello", "--position", SMALL],
            "queens bestmove searches it to a depth",
        ),
        (
            &["bestmove", "--kind", "othello", "--moves", "zz9"],
            "'zz9' is not a move",
        ),
        (
            &["bestmove", "--kind", "othello", "--moves", "d3,a1"],
            "move 2: a1 is not legal",
        ),
        (
            &["replay", "--kind", "othello", "--position", "bbb/www b"],
            "6 or 8 rows",
        ),
        (
            &["replay", "--kind", "othello", "--size", "8"],
            "--size is for queens",
        ),
        (
            &["tree", "--kind", "othello", "--moves", "pass"],
            "pass is legal only",
        ),
        (
            &[
                "perft",
                "--kind",
                "othello",
                "--depth",
                "1",
                "game=othello size=7",
            ],
            "not an othello board side",
        ),
        (&["replay", "--kind", "othelo"], "othello"),
    ]);
}

/// The 6x6 start the docs write is the one the game starts from (docs/cli.md gave its
/// mirror image, c3 black, which is a legal position but not the start).
#[test]
fn the_documented_six_by_six_start_is_the_games_start() {
    let start = json(&["replay", "--game", "game=othello size=6"]);
    assert_eq!(start["position"], SMALL);
    let docs = include_str!("../docs/cli.md");
    assert!(docs.contains(&format!("a 6x6 game starts from `{SMALL}`")));
}
