//! `queens solve` and `bestmove --algo pvs` through the real binary: the JSON contract,
//! exit 3 with proved bounds when the time runs out, exit 2 on bad input.

mod common;

use common::{all_refused, json, run};
use serde_json::Value;

#[test]
fn a_solved_position_prints_the_whole_answer() {
    let answer = json(&["solve", "--size", "5", "--threads", "1"]);
    for key in [
        "margin", "value", "move", "pv", "nodes", "time_ms", "solved", "lower", "upper",
    ] {
        assert!(answer.get(key).is_some(), "{key} missing: {answer}");
    }
    assert_eq!(answer["solved"], Value::Bool(true));
    assert_eq!(answer["margin"], answer["lower"]);
    assert_eq!(answer["margin"], answer["upper"]);
    // P1 to move: the margin is the current difference (0) plus the value.
    assert_eq!(answer["margin"], answer["value"]);
    let pv = answer["pv"]
        .as_array()
        .unwrap_or_else(|| panic!("pv: {answer}"));
    assert_eq!(pv.first(), Some(&answer["move"]));
    // Replaying the PV ends the game with exactly the margin.
    let moves: Vec<&str> = pv.iter().filter_map(Value::as_str).collect();
    let replay = json(&["replay", "--size", "5", "--moves", &moves.join(",")]);
    assert_eq!(replay["over"], Value::Bool(true), "{replay}");
}

#[test]
fn the_margin_is_from_p1s_side_when_p2_moves() {
    let answer = json(&["solve", "--size", "4", "--moves", "a1", "--threads", "2"]);
    let value = answer["value"]
        .as_i64()
        .unwrap_or_else(|| panic!("{answer}"));
    let margin = answer["margin"]
        .as_i64()
        .unwrap_or_else(|| panic!("{answer}"));
    // a1 claims its row, column and diagonal: 10 cells for P1; P2 moves next.
    assert_eq!(margin, 10 - value);
}

#[test]
fn a_finished_game_has_no_move() {
    let answer = json(&["solve", "--size", "4", "--moves", "b2,d3,a4"]);
    assert_eq!(answer["move"], Value::Null);
    assert_eq!(answer["value"], 0);
    assert_eq!(answer["margin"], 10);
    assert_eq!(answer["solved"], Value::Bool(true));
}

#[test]
fn running_out_of_time_prints_bounds_and_exits_3() {
    let (code, stdout, stderr) = run(&["solve", "--size", "15", "--time-ms", "50", "--hash", "16"]);
    assert_eq!(code, Some(3), "{stdout}{stderr}");
    assert_eq!(stdout.lines().count(), 1);
    let answer: Value = serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}"));
    assert_eq!(answer["solved"], Value::Bool(false));
    assert_eq!(answer["margin"], Value::Null);
    let lower = answer["lower"]
        .as_i64()
        .unwrap_or_else(|| panic!("{answer}"));
    let upper = answer["upper"]
        .as_i64()
        .unwrap_or_else(|| panic!("{answer}"));
    assert!(-225 <= lower && lower <= upper && upper <= 225, "{answer}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("time limit"), "{stderr}");
}

#[test]
fn bad_input_is_refused_with_exit_2() {
    all_refused(&[
        (&["solve"], "no position"),
        (&["solve", "--size", "16"], "16"),
        (&["solve", "--size", "4", "--moves", "a1,a1"], "a1"),
        (&["solve", "--size", "4", "--hash", "0"], "hash"),
        (&["solve", "--size", "4", "--threads", "-1"], "threads"),
        (&["solve", "--size", "4", "--time-ms", "x"], "time-ms"),
        (
            &["bestmove", "--size", "4", "--depth", "2", "--algo", "foo"],
            "pvs",
        ),
    ]);
}

#[test]
fn bestmove_pvs_says_when_it_is_exact() {
    let near_end = json(&[
        "bestmove",
        "--size",
        "6",
        "--moves",
        "c3",
        "--algo",
        "pvs",
        "--time-ms",
        "5000",
        "--threads",
        "1",
    ]);
    assert_eq!(near_end["algo"], "pvs");
    assert_eq!(near_end["exact"], Value::Bool(true), "{near_end}");
    let solved = json(&["solve", "--size", "6", "--moves", "c3"]);
    // bestmove's value is the final difference from the side to move's (P2's) view.
    assert_eq!(
        near_end["value"].as_i64().map(|v| -v),
        solved["margin"].as_i64()
    );
    let shallow = json(&[
        "bestmove",
        "--size",
        "15",
        "--algo",
        "pvs",
        "--depth",
        "2",
        "--threads",
        "1",
    ]);
    assert_eq!(shallow["exact"], Value::Bool(false), "{shallow}");
    let thesis = json(&[
        "bestmove",
        "--size",
        "15",
        "--algo",
        "alphabeta",
        "--depth",
        "2",
    ]);
    assert_eq!(shallow["value"], thesis["value"]);
    assert_eq!(thesis["exact"], Value::Bool(false));
}
