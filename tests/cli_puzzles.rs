//! `queens puzzles` (issue 22.1): the JSON of docs/cli.md, the same puzzles from the same
//! seed, --out written in the shipped set's format, bad values refused on one line; and
//! (issue 39) every game's puzzles through the one command, re-checked by a plain
//! minimax over the seam.

use crate::common;

use common::minimax::{Reference, Result as MinimaxResult, queens_margin};
use common::{all_refused, json};
use queens_engines::ai::puzzles::{Puzzle, PuzzleSet};
use queens_engines::games::game_string::read;
use queens_engines::games::seam::AnyGame;
use serde_json::{Value, json};
use std::collections::HashMap;

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

/// A move's value in the margin's units from the mover's view, by the plain minimax of
/// `common/minimax.rs`: queens' cells, else 1 (a win), 0 (a draw) or -1 (a loss).
fn reference_margin(game: &mut dyn AnyGame, reference: &mut Reference) -> i32 {
    if game.tools().margin_result {
        return queens_margin(game);
    }
    let ply = game.moves().len() as i64;
    match reference.value(game, ply) {
        MinimaxResult::Win(_) => 1,
        MinimaxResult::Draw => 0,
        MinimaxResult::Loss(_) => -1,
    }
}

/// Checks `puzzle` (printed as `printed`) against the plain minimax: its margin, that the
/// moves keeping it are the solution (and, for queens, its mirror images: the moves not
/// in `others`), that every other move gives away exactly its loss and at least
/// `min_loss`, least first, that a game won, drawn or lost says its outcome and how
/// quickly, and that the refutation is the first of `others` then best play to the end.
fn check_against_minimax(puzzle: &Puzzle, printed: &Value, min_loss: i32) {
    let what = &puzzle.game;
    let mut position = read(what).unwrap_or_else(|e| panic!("{what}: {e}"));
    let mut reference = Reference::new();
    let mover_sign = if position.seat_to_move() == 0 { 1 } else { -1 };
    let mut values = Vec::new();
    for mv in position.legal_moves() {
        position
            .play_text(&mv)
            .unwrap_or_else(|e| panic!("{mv}: {e}"));
        values.push((mv, -reference_margin(position.as_mut(), &mut reference)));
        position.undo();
    }
    let best = values.iter().map(|(_, m)| *m).max();
    let best = best.unwrap_or_else(|| panic!("{what}: no move"));
    assert_eq!(puzzle.margin, mover_sign * best, "{what}: the margin");
    assert_eq!(printed["margin"], puzzle.margin, "{what}");
    let listed: HashMap<&str, i32> = puzzle
        .others
        .iter()
        .map(|(mv, loss)| (mv.as_str(), *loss))
        .collect();
    assert_eq!(listed.len(), puzzle.others.len(), "{what}: a move twice");
    for (mv, margin) in &values {
        match listed.get(mv.as_str()) {
            Some(&loss) => {
                assert_eq!(loss, best - margin, "{what}: {mv}'s loss");
                assert!(loss >= min_loss, "{what}: {mv} loses {loss}");
            }
            None => assert_eq!(*margin, best, "{what}: {mv} is not listed but loses"),
        }
    }
    assert_eq!(listed.get(puzzle.solution.as_str()), None, "{what}");
    assert!(
        values.iter().any(|(mv, _)| *mv == puzzle.solution),
        "{what}"
    );
    let losses: Vec<i32> = puzzle.others.iter().map(|(_, loss)| *loss).collect();
    assert!(losses.is_sorted(), "{what}: {losses:?}");
    if position.tools().margin_result {
        assert!(printed.get("outcome").is_none() && printed.get("value").is_none());
    } else {
        // No mirror images here: the solution is the one move that keeps the result.
        assert_eq!(values.len(), puzzle.others.len() + 1, "{what}");
        let ply = position.moves().len() as i64;
        let result = reference.value(position.as_mut(), ply);
        let (outcome, ends) = result.outcome();
        assert_eq!(printed["outcome"], json!(outcome), "{what}");
        let value = printed["value"]
            .as_i64()
            .unwrap_or_else(|| panic!("{printed}"));
        let decided = position.decided(value as i32);
        assert_eq!(decided.map(|d| d.ends_at_ply), ends, "{what}: {value}");
    }
    // The refutation: the most tempting wrong move, then a best move at every ply.
    assert_eq!(
        puzzle.refutation.first(),
        puzzle.others.first().map(|o| &o.0)
    );
    for (k, mv) in puzzle.refutation.iter().enumerate() {
        let here = reference_margin(position.as_mut(), &mut reference);
        position
            .play_text(mv)
            .unwrap_or_else(|e| panic!("{what}: {mv}: {e}"));
        let after = -reference_margin(position.as_mut(), &mut reference);
        if k > 0 {
            assert_eq!(after, here, "{what}: refutation move {} ({mv})", k + 1);
        }
    }
    assert!(
        position.result().is_some(),
        "{what}: the refutation stops early"
    );
}

/// Issue 39: `puzzles` is one command for every game with an exact solver, with `--out`
/// for each. The file holds exactly the printed puzzles in the shipped set's shape, the
/// same seed gives the same puzzles, and every puzzle is what a plain minimax over the
/// seam says it is.
#[test]
fn every_games_puzzles_go_to_out_and_agree_with_plain_minimax() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let runs: [(&str, &[&str], i32); 4] = [
        ("tictactoe", &["--count", "12", "--seed", "3"], 1),
        (
            "tictactoe",
            &["--count", "4", "--seed", "8", "--min-loss", "2"],
            2,
        ),
        ("dodgem", &["--count", "6", "--seed", "3"], 1),
        ("queens", &["--count", "3", "--seed", "6", "--size", "5"], 2),
    ];
    for (run, (tag, options, min_loss)) in runs.into_iter().enumerate() {
        let out = dir.path().join(format!("{run}.ron"));
        let out_arg = out.display().to_string();
        let mut args = vec!["puzzles", "--kind", tag, "--out", &out_arg];
        args.extend(options);
        let answer = json(&args);
        assert_eq!(answer["complete"], true, "{answer}");
        let printed = answer["puzzles"].as_array().cloned().unwrap_or_default();
        let text = std::fs::read_to_string(&out).unwrap_or_else(|e| panic!("{e}"));
        let set: PuzzleSet = ron::from_str(&text).unwrap_or_else(|e| panic!("{tag}: {e}"));
        assert_eq!(set.puzzles.len(), printed.len(), "{tag}");
        for (puzzle, printed) in set.puzzles.iter().zip(&printed) {
            assert_eq!(printed["game"], puzzle.game.as_str());
            assert_eq!(printed["solution"], puzzle.solution.as_str());
            let others: Vec<(String, i32)> = printed["others"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|o| {
                    let mv = o["move"].as_str().unwrap_or_default().to_string();
                    (mv, o["loss"].as_i64().unwrap_or_default() as i32)
                })
                .collect();
            assert_eq!(others, puzzle.others, "{}", puzzle.game);
            assert_eq!(printed["refutation"], json!(puzzle.refutation));
            check_against_minimax(puzzle, printed, min_loss);
        }
        let mut again = args.clone();
        again.retain(|arg| *arg != "--out" && *arg != out_arg.as_str());
        assert_eq!(
            json(&again)["puzzles"],
            answer["puzzles"],
            "{tag}: the seed"
        );
    }
}
