//! `queens puzzles` (issue 22.1): the JSON of docs/cli.md, the same puzzles from the same
//! seed, --out written in the shipped set's format, bad values refused on one line.

mod common;

use common::{all_refused, json};
use queens::ai::puzzles::PuzzleSet;
use serde_json::Value;

fn without_time(mut value: Value) -> Value {
    if let Some(object) = value.as_object_mut() {
        object.remove("time_ms");
    }
    value
}

#[test]
fn puzzles_print_position_solution_margin_losses_and_refutation() {
    let answer = json(&["puzzles", "--count", "3", "--size", "6..7", "--seed", "4"]);
    let Some(puzzles) = answer["puzzles"].as_array() else {
        panic!("{answer}");
    };
    assert_eq!(puzzles.len(), 3);
    assert_eq!(answer["complete"], true);
    assert_eq!(answer["unproved"], 0);
    assert!(answer["games"].as_u64() >= Some(3), "{answer}");
    for puzzle in puzzles {
        let game = puzzle["game"].as_str().unwrap_or_default();
        assert!(
            game.starts_with("size=6") || game.starts_with("size=7"),
            "{game}"
        );
        assert!(puzzle["solution"].is_string(), "{puzzle}");
        assert!(puzzle["margin"].is_i64(), "{puzzle}");
        let Some(others) = puzzle["others"].as_array() else {
            panic!("{puzzle}");
        };
        assert!(!others.is_empty());
        assert!(
            others
                .iter()
                .all(|o| o["move"].is_string() && o["loss"].as_i64() >= Some(2))
        );
        assert_eq!(puzzle["refutation"][0], others[0]["move"], "{puzzle}");
    }
    let again = json(&["puzzles", "--count", "3", "--size", "6..7", "--seed", "4"]);
    assert_eq!(without_time(again), without_time(answer.clone()));
    let other_seed = json(&["puzzles", "--count", "3", "--size", "6..7", "--seed", "5"]);
    assert_ne!(other_seed["puzzles"], answer["puzzles"]);
}

#[test]
fn one_size_and_a_higher_minimum_loss() {
    let answer = json(&[
        "puzzles",
        "--count",
        "2",
        "--size",
        "8",
        "--min-loss",
        "4",
        "--seed",
        "2",
    ]);
    let Some(puzzles) = answer["puzzles"].as_array() else {
        panic!("{answer}");
    };
    assert_eq!(puzzles.len(), 2);
    for puzzle in puzzles {
        assert!(
            puzzle["game"]
                .as_str()
                .unwrap_or_default()
                .starts_with("size=8 "),
            "{puzzle}"
        );
        let others = puzzle["others"].as_array().cloned().unwrap_or_default();
        assert!(
            others.iter().all(|o| o["loss"].as_i64() >= Some(4)),
            "{puzzle}"
        );
    }
}

#[test]
fn out_holds_the_printed_puzzles_in_the_shipped_format() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let out = dir.path().join("set.ron");
    let out_arg = out.display().to_string();
    let answer = json(&[
        "puzzles", "--count", "4", "--size", "5..9", "--out", &out_arg,
    ]);
    let text = std::fs::read_to_string(&out).unwrap_or_else(|e| panic!("{e}"));
    let set = PuzzleSet::parse(&text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(set.puzzles.len(), 4);
    for (written, printed) in set
        .puzzles
        .iter()
        .zip(answer["puzzles"].as_array().into_iter().flatten())
    {
        assert_eq!(printed["game"], written.game.as_str());
        assert_eq!(printed["solution"], written.solution.as_str());
        assert_eq!(printed["margin"], written.margin);
        assert_eq!(
            printed["others"].as_array().map(Vec::len),
            Some(written.others.len())
        );
        assert_eq!(
            printed["refutation"].as_array().map(Vec::len),
            Some(written.refutation.len())
        );
    }
}

#[test]
fn a_setting_that_finds_nothing_gives_up_and_says_so() {
    // Every wrong move losing 200 cells or more: no board of 5x5 has such a position.
    let answer = json(&[
        "puzzles",
        "--count",
        "1",
        "--size",
        "5",
        "--min-loss",
        "200",
    ]);
    assert_eq!(answer["puzzles"].as_array().map(Vec::len), Some(0));
    assert_eq!(answer["complete"], false);
    assert_eq!(answer["games"], 150);
}

#[test]
fn bad_values_are_refused_on_one_line() {
    all_refused(&[
        (&["puzzles", "--size", "2"], "a board side from 3 to 15"),
        (&["puzzles", "--size", "16"], "a board side from 3 to 15"),
        (&["puzzles", "--size", "8..6"], "a range of them like 6..8"),
        (&["puzzles", "--size", "6..x"], "a board side"),
        (
            &["puzzles", "--count", "0"],
            "a whole number from 1 to 100000",
        ),
        (
            &["puzzles", "--min-loss", "0"],
            "a whole number from 1 to 225",
        ),
        (&["puzzles", "--time-ms", "-5"], "a whole number from 0"),
        (
            &["puzzles", "--threads", "x"],
            "a whole number from 0 to 1024",
        ),
        (&["puzzles", "--seed", "1.5"], "a whole number"),
        (&["puzzles", "--out", "set.txt"], ".ron"),
        (&["puzzles", "--out", "."], ".ron"),
        (&["puzzles", "--frobnicate"], "--frobnicate"),
    ]);
}

/// Issue 38.9: a disk that fills up part way ended the run with exit 2 and a message
/// that did not say the file already held a valid set of the first puzzles. It says how
/// many, and the file holds exactly those.
#[cfg(target_os = "linux")]
#[test]
fn a_disk_that_fills_up_says_how_many_puzzles_the_file_holds() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let out = dir.path().join("puzzles.ron");
    let out_text = out.to_string_lossy().into_owned();
    let (code, stdout, stderr) = common::run_on_a_small_disk(
        16_384,
        &[
            "puzzles", "--count", "100", "--size", "5..6", "--seed", "3", "--out", &out_text,
        ],
    );
    assert_eq!(code, Some(2), "{stdout}{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    let held = if stderr.contains("the file holds the first puzzle found") {
        1
    } else {
        stderr
            .split("the file holds the first ")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .and_then(|count| count.parse::<usize>().ok())
            .unwrap_or_else(|| panic!("no count of puzzles held: {stderr}"))
    };
    let text = std::fs::read_to_string(&out).unwrap_or_else(|e| panic!("{e}"));
    let set = PuzzleSet::parse(&text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(set.puzzles.len(), held, "{stderr}");
    assert!(held < 100, "{stderr}");
}
