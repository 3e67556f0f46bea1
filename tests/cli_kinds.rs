//! `--kind tictactoe|dodgem` at the command line (issue 20.5): replay, bestmove, solve and
//! tree speak each game's notation, give the same answers as the library, and refuse what
//! is not a position of the game, or a queens option, on one line with exit 2.

use crate::common;

use common::{all_refused, json};
use serde_json::Value;

fn strings(value: &Value) -> Vec<String> {
    common::cells(value)
}

#[test]
fn replay_plays_each_small_game_from_its_start_or_a_position() {
    let ttt = json(&["replay", "--kind", "tictactoe", "--moves", "b2,a1,c3"]);
    assert_eq!(ttt["kind"], "tictactoe");
    assert_eq!(ttt["position"], "..x/.x./o..");
    assert_eq!(
        (ttt["to_move"].as_str(), ttt["over"].as_bool()),
        (Some("o"), Some(false))
    );
    // X finishes the top row.
    let won = json(&[
        "replay",
        "--kind",
        "tictactoe",
        "--position",
        "xx./oo./...",
        "--moves",
        "c3",
    ]);
    assert_eq!(won["winner"], "x");
    assert_eq!(won["over"], true);
    assert_eq!(won["to_move"], Value::Null);
    // An illegal move stops the replay there and says which.
    let bad = json(&["replay", "--kind", "tictactoe", "--moves", "b2,b2,a1"]);
    assert_eq!(bad["legal"], false);
    assert_eq!(strings(&bad["moves"]), ["b2"]);
    assert!(
        bad["error"]
            .as_str()
            .is_some_and(|e| e.starts_with("move 2")),
        "{bad}"
    );

    let dodgem = json(&["replay", "--kind", "dodgem", "--moves", "a3-b3,b1-b2"]);
    assert_eq!(dodgem["position"], ".b./bw./..w b 2");
    assert_eq!(dodgem["to_move"], "b");
    // A car leaves from the right column: black's c-file car goes off.
    let off = json(&[
        "replay",
        "--kind",
        "dodgem",
        "--position",
        "..b/b../.ww b 4",
        "--moves",
        "c3-off",
    ]);
    assert_eq!(off["position"], ".../b../.ww w 5");
    assert_eq!(off["legal"], true);
}

#[test]
fn bestmove_and_solve_prove_tic_tac_toe_a_draw_with_alpha_beta_s_counts() {
    let ab = json(&["bestmove", "--kind", "tictactoe", "--algo", "alphabeta"]);
    assert_eq!(
        (ab["value"].as_i64(), ab["exact"].as_bool()),
        (Some(0), Some(true))
    );
    assert_eq!(
        (ab["nodes"].as_u64(), ab["leaves"].as_u64()),
        (Some(7_865), Some(3_161))
    );
    assert_eq!(ab["depth"], 9);
    let mm = json(&["bestmove", "--kind", "tictactoe", "--algo", "minimax"]);
    assert_eq!(
        (mm["nodes"].as_u64(), mm["leaves"].as_u64()),
        (Some(549_946), Some(255_168))
    );
    assert_eq!(mm["value"], 0);
    let solved = json(&["solve", "--kind", "tictactoe"]);
    assert_eq!(solved["outcome"], "draw");
    assert_eq!(solved["plies"], Value::Null);
    assert_eq!(strings(&solved["pv"]).len(), 9);
}

#[test]
fn the_engines_win_at_once_and_block_in_tic_tac_toe() {
    // X to move with x x . on the top row: c3 wins, in one ply.
    let win = json(&["solve", "--kind", "tictactoe", "--position", "xx./oo./..."]);
    assert_eq!(
        (win["outcome"].as_str(), win["plies"].as_u64()),
        (Some("x"), Some(1))
    );
    assert_eq!(win["move"], "c3");
    // O to move must block c3 (else X wins next).
    let block = json(&[
        "bestmove",
        "--kind",
        "tictactoe",
        "--position",
        "xx./o../...",
        "--depth",
        "2",
    ]);
    assert_eq!(block["move"], "c3");
}

#[test]
fn dodgem_solves_to_black_in_19_plies_and_bestmove_agrees_on_the_first_move() {
    let solved = json(&["solve", "--kind", "dodgem"]);
    assert_eq!(solved["position"], "b../b../.ww b 0");
    assert_eq!(
        (solved["outcome"].as_str(), solved["plies"].as_u64()),
        (Some("b"), Some(19))
    );
    assert_eq!(solved["move"], "a3-b3");
    let pv = strings(&solved["pv"]);
    assert_eq!(pv.len(), 19);
    // The line replays to a black win.
    let end = json(&["replay", "--kind", "dodgem", "--moves", &pv.join(",")]);
    assert_eq!(
        (end["legal"].as_bool(), end["winner"].as_str()),
        (Some(true), Some("b"))
    );
    // A search to the draw limit is exact and finds the same value.
    let deep = json(&[
        "bestmove",
        "--kind",
        "dodgem",
        "--algo",
        "alphabeta",
        "--depth",
        "60",
    ]);
    assert_eq!(deep["exact"], true);
    assert_eq!(deep["value"], solved["value"]);
    // Without --depth Dodgem searches the engine's default depth: an estimate.
    let quick = json(&["bestmove", "--kind", "dodgem"]);
    assert_eq!(quick["depth"], 4);
    assert_eq!(quick["exact"], false);
}

#[test]
fn tree_grows_a_game_s_tree_labelled_with_moves_and_searches_it() {
    // O to move must block the diagonal at c1 (X holds a3 and b2).
    let out = json(&[
        "tree",
        "--kind",
        "tictactoe",
        "--position",
        "xo./.x./...",
        "--depth",
        "2",
        "--algo",
        "minimax",
    ]);
    assert_eq!(
        strings(&out["moves"]),
        ["c3", "a1", "c1", "a2", "c2", "b1"].map(String::from)
    );
    assert_eq!(out["move"], "c1");
    // Minimax evaluates every leaf: X's 5 replies to each of O's 6 moves.
    let tree = out["tree"].as_str().unwrap_or_default().to_string();
    let leaves = tree.replace(['(', ')'], " ").split_whitespace().count();
    assert_eq!(leaves, 30, "{tree}");
    assert_eq!(out["leaves_evaluated"].as_u64(), Some(30));
    // The grown tree, read back as a written tree, has the same value.
    let written = json(&["tree", &tree, "--algo", "minimax"]);
    assert_eq!(written["value"], out["value"]);
    // Alpha-beta evaluates fewer of its leaves and agrees.
    let ab = json(&[
        "tree",
        "--kind",
        "tictactoe",
        "--position",
        "xo./.x./...",
        "--depth",
        "2",
    ]);
    assert_eq!(ab["value"], out["value"]);
    assert!(ab["leaves_evaluated"].as_u64() < out["leaves_evaluated"].as_u64());
    // Dodgem and queens positions grow trees too.
    let dodgem = json(&["tree", "--kind", "dodgem", "--depth", "3", "--algo", "pvs"]);
    assert_eq!(dodgem["position"], "b../b../.ww b 0");
    assert!(
        strings(&dodgem["moves"]).contains(&"a3-b3".to_string()),
        "{dodgem}"
    );
    let queens = json(&[
        "tree",
        "--kind",
        "queens",
        "--position",
        "size=3",
        "--depth",
        "2",
    ]);
    assert_eq!(strings(&queens["moves"]).len(), 9);
}

#[test]
fn small_games_refuse_bad_positions_moves_and_queens_options() {
    all_refused(&[
        (
            &["replay", "--kind", "tictactoe", "--position", "xx/oo/.."],
            "three rows of three",
        ),
        (
            &["replay", "--kind", "tictactoe", "--position", "xxx/ooo/..."],
            "moved after",
        ),
        (
            &["replay", "--kind", "tictactoe", "--position", "xxx/.../..."],
            "as many marks",
        ),
        (
            &["replay", "--kind", "dodgem", "--position", "b../b../.ww q"],
            "side to move",
        ),
        (
            &["replay", "--kind", "dodgem", "--position", "bbb/.../.ww b"],
            "more than 2",
        ),
        (
            &["replay", "--kind", "dodgem", "--size", "4"],
            "--size is for queens",
        ),
        (
            &["solve", "--kind", "tictactoe", "--game", "size=4"],
            "--game without game= is a queens game string",
        ),
        (
            &["bestmove", "--kind", "tictactoe", "--moves", "b2,b2"],
            "move 2",
        ),
        (
            &["bestmove", "--kind", "dodgem", "--moves", "a3-a4"],
            "move 1",
        ),
        (
            &["bestmove", "--kind", "tictactoe", "--algo", "pvs"],
            "minimax or alphabeta",
        ),
        // Dodgem and tic-tac-toe are analysed (tests/cli_proved_kinds.rs); a game
        // without an exact solver is not.
        (
            &["analyse", "--kind", "othello"],
            "othello has no exact solver",
        ),
        (
            &["tree", "--kind", "tictactoe", "--depth", "9"],
            "more than 4096",
        ),
        (&["tree", "--kind", "queens"], "no position"),
        (
            &["tree", "(1 2)", "--kind", "dodgem"],
            "cannot be used with",
        ),
        (&["tree", "--position", "x../.../..."], "--kind"),
        (&["replay", "--kind", "chess"], "possible values"),
    ]);
}

/// Writes `text` as an evaluation table in `dir` and returns its path.
fn table_file(dir: &std::path::Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap_or_else(|e| panic!("{e}"));
    path.display().to_string()
}

#[test]
fn bestmove_searches_dodgem_with_an_edited_evaluation_table() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let search = |extra: &[&str]| {
        let mut args = vec![
            "bestmove",
            "--kind",
            "dodgem",
            "--algo",
            "alphabeta",
            "--depth",
            "1",
        ];
        args.extend_from_slice(extra);
        json(&args)
    };
    // The shipped table is the default.
    let default = search(&[]);
    let shipped = search(&["--eval", "data/dodgem_eval.ron"]);
    assert_eq!(default["value"], shipped["value"]);
    assert_eq!(default["move"], shipped["move"]);
    assert_ne!(default["value"], 0, "{default}");
    // A table of zeros values every open position 0: one ply from the start, 0.
    let zeros = table_file(
        dir.path(),
        "zeros.ron",
        "(white: [[0,0,0],[0,0,0],[0,0,0]], black: [[0,0,0],[0,0,0],[0,0,0]], \
         white_off: 0, black_off: 0, direct: 0, indirect: 0)",
    );
    assert_eq!(search(&["--eval", &zeros])["value"], 0);
    // The table changes the choice: black rewarded only for a car on b3 goes there.
    let b3 = table_file(
        dir.path(),
        "b3.ron",
        "(white: [[0,0,0],[0,0,0],[0,0,0]], black: [[0,-500,0],[0,0,0],[0,0,0]], \
         white_off: 0, black_off: 0, direct: 0, indirect: 0)",
    );
    let to_b3 = search(&["--eval", &b3]);
    assert_eq!(to_b3["move"], "a3-b3");
    assert_eq!(to_b3["value"], 500);
    // A table that is not one, a folder, a missing file, and another game are refused
    // on one line with exit 2.
    let too_big = table_file(
        dir.path(),
        "big.ron",
        "(white: [[0,0,0],[0,0,0],[0,0,5000]], black: [[0,0,0],[0,0,0],[0,0,0]], \
         white_off: 0, black_off: 0, direct: 0, indirect: 0)",
    );
    let short = table_file(dir.path(), "short.ron", "(white: [[0,0,0]])");
    let folder = dir.path().display().to_string();
    let missing = dir.path().join("none.ron").display().to_string();
    fn with(file: &str) -> Vec<&str> {
        vec![
            "bestmove", "--kind", "dodgem", "--depth", "1", "--eval", file,
        ]
    }
    all_refused(&[
        (&with(&too_big), "beyond"),
        (&with(&short), "not a Dodgem evaluation table"),
        (&with(&folder), "folder"),
        (&with(&missing), "none.ron"),
        (
            &[
                "bestmove",
                "--kind",
                "tictactoe",
                "--eval",
                "data/dodgem_eval.ron",
            ],
            "--eval is for --kind dodgem",
        ),
        (
            &[
                "bestmove",
                "--size",
                "5",
                "--depth",
                "1",
                "--eval",
                "data/dodgem_eval.ron",
            ],
            "--eval is for --kind dodgem",
        ),
    ]);
}
