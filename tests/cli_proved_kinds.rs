//! `queens analyse`, `queens puzzles` and `queens solve --all-moves` with `--kind` (or a
//! `--game` string's `game=`) for the games whose row in the games table has an exact
//! solver, through the real binary: the JSON fields docs/cli.md names, the values
//! checked against the rules by replaying, and the refusals (a game without a solver,
//! queens' own options) with exit code 2.

use crate::common;

use common::{all_refused, json};
use queens_engines::games::table::GAMES;
use serde_json::Value;

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .unwrap_or_else(|| panic!("{value} is not an array"))
        .iter()
        .map(|v| v.as_str().unwrap_or_else(|| panic!("{v}")).to_string())
        .collect()
}

#[test]
fn analyse_judges_every_tictactoe_move_and_names_the_mistake() {
    // O's corner answer (a3) to X's corners loses; X then wins at ply 7.
    let answer = json(&[
        "analyse",
        "--kind",
        "tictactoe",
        "--moves",
        "a1,b2,c3,a3,c1,b1,c2",
    ]);
    assert_eq!(answer["kind"], "tictactoe");
    assert_eq!(answer["complete"], true);
    let moves = answer["moves"]
        .as_array()
        .unwrap_or_else(|| panic!("{answer}"));
    assert_eq!(moves.len(), 7);
    for key in [
        "ply",
        "player",
        "move",
        "best",
        "value_before",
        "value_after",
        "outcome_before",
        "outcome_after",
        "loss",
        "plies_lost",
        "exact",
        "class",
    ] {
        assert!(moves[0].get(key).is_some(), "{key} missing: {}", moves[0]);
    }
    let mistake = &moves[3];
    assert_eq!(mistake["move"], "a3");
    assert_eq!(mistake["outcome_before"], "draw");
    assert_eq!(mistake["outcome_after"], "loss");
    assert_eq!(mistake["loss"], 1);
    assert_eq!(mistake["class"], "mistake");
    assert_eq!(answer["worst_moves"][1], serde_json::json!([4]));
    assert_eq!(answer["players"][0]["accuracy"], 100.0);
    assert_eq!(answer["players"][1]["classes"][3], 1);
}

#[test]
fn analyse_reads_the_game_from_a_game_string_without_kind() {
    let answer = json(&["analyse", "--game", "game=dodgem moves=a3-b3,b1-b2,b3-c3"]);
    assert_eq!(answer["kind"], "dodgem");
    assert_eq!(answer["game"], "game=dodgem moves=a3-b3,b1-b2,b3-c3");
    let moves = answer["moves"]
        .as_array()
        .unwrap_or_else(|| panic!("{answer}"));
    assert_eq!(moves.len(), 3);
    // Black wins Dodgem from the start with best play (at ply 19).
    assert_eq!(moves[0]["outcome_before"], "win");
    assert_eq!(moves[0]["ends_before"], 19);
}

#[test]
fn solve_all_moves_lists_every_move_best_first_and_each_line_is_legal() {
    let answer = json(&[
        "solve",
        "--kind",
        "tictactoe",
        "--moves",
        "a1,b2,c3",
        "--all-moves",
    ]);
    assert_eq!(answer["solved"], true);
    assert_eq!(answer["outcome"], "draw");
    let moves = answer["moves"]
        .as_array()
        .unwrap_or_else(|| panic!("{answer}"));
    assert_eq!(moves.len(), 6);
    let outcomes: Vec<&str> = moves.iter().filter_map(|m| m["outcome"].as_str()).collect();
    // Four edges draw; the two corners lose (best first, so last).
    assert_eq!(outcomes, ["draw", "draw", "draw", "draw", "loss", "loss"]);
    let corners: Vec<&str> = moves[4..]
        .iter()
        .filter_map(|m| m["move"].as_str())
        .collect();
    assert!(
        corners.contains(&"a3") && corners.contains(&"c1"),
        "{corners:?}"
    );
    assert_eq!(moves[0]["move"], answer["move"]);
    // Without --all-moves the answer is as before: no "moves".
    let plain = json(&["solve", "--kind", "tictactoe", "--moves", "a1,b2,c3"]);
    assert!(plain.get("moves").is_none(), "{plain}");
}

#[test]
fn puzzles_of_each_game_with_a_solver_replay_and_repeat_with_the_seed() {
    for entry in GAMES
        .iter()
        .filter(|entry| entry.tools.solver && entry.tag != "queens")
    {
        let args = [
            "puzzles", "--kind", entry.tag, "--count", "3", "--seed", "4",
        ];
        let answer = json(&args);
        assert_eq!(answer["kind"], entry.tag);
        assert_eq!(answer["complete"], true, "{answer}");
        let puzzles = answer["puzzles"]
            .as_array()
            .unwrap_or_else(|| panic!("{answer}"));
        assert_eq!(puzzles.len(), 3);
        for puzzle in puzzles {
            let game = puzzle["game"]
                .as_str()
                .unwrap_or_else(|| panic!("{puzzle}"));
            let solution = puzzle["solution"].as_str().unwrap_or_default();
            // The solution is the one move that keeps the result, as solve proves it.
            let solved = json(&["solve", "--game", game, "--all-moves"]);
            let moves = solved["moves"]
                .as_array()
                .unwrap_or_else(|| panic!("{solved}"));
            // Best first: the first move's outcome is the position's.
            let best = &moves[0]["outcome"];
            let keeping: Vec<&str> = moves
                .iter()
                .filter(|m| m["outcome"] == *best)
                .filter_map(|m| m["move"].as_str())
                .collect();
            assert_eq!(keeping, [solution], "{game}");
            assert_eq!(puzzle["outcome"], *best);
            // The refutation plays out legally to the end of the game.
            let line = strings(&puzzle["refutation"]).join(",");
            let replay = json(&[
                "replay",
                "--kind",
                entry.tag,
                "--position",
                game,
                "--moves",
                &line,
            ]);
            assert_eq!(replay["legal"], true, "{game} {line}: {replay}");
            assert_eq!(replay["over"], true, "{game} {line}: {replay}");
        }
        let again = json(&args);
        assert_eq!(again["puzzles"], answer["puzzles"]);
    }
}

#[test]
fn a_game_without_a_solver_and_queens_options_are_refused() {
    all_refused(&[
        (
            &["analyse", "--kind", "othello"],
            "othello has no exact solver",
        ),
        (
            &["analyse", "--game", "game=othello size=6 moves=c2"],
            "analyse takes queens, tictactoe, dodgem",
        ),
        (
            &["puzzles", "--kind", "othello"],
            "puzzles takes queens, tictactoe, dodgem",
        ),
        (
            &["solve", "--kind", "othello", "--all-moves"],
            "solve --all-moves takes queens, tictactoe, dodgem",
        ),
        (
            &["puzzles", "--kind", "dodgem", "--size", "6"],
            "--size is for queens",
        ),
        (
            &["puzzles", "--kind", "tictactoe", "--min-loss", "3"],
            "result steps",
        ),
        (
            &["analyse", "--kind", "tictactoe", "--moves", "a1,a1"],
            "move 2",
        ),
    ]);
}

#[test]
fn exact_within_is_one_option_for_every_game() {
    // A game whose solver proves every move exactly gives every margin: K is met.
    let answer = json(&[
        "solve",
        "--kind",
        "dodgem",
        "--all-moves",
        "--exact-within",
        "1",
    ]);
    assert_eq!(answer["exact_within"], 1);
    let moves = answer["moves"]
        .as_array()
        .unwrap_or_else(|| panic!("{answer}"));
    assert_eq!(moves.len(), 3);
    assert!(moves.iter().all(|m| m["margin"].is_i64()), "{answer}");
}

#[test]
fn help_lists_the_games_with_a_solver_from_the_table() {
    let solved: Vec<&str> = GAMES
        .iter()
        .filter(|entry| entry.tools.solver)
        .map(|entry| entry.tag)
        .collect();
    for command in ["analyse", "puzzles", "solve"] {
        let (code, stdout, _) = common::run(&[command, "--help"]);
        assert_eq!(code, Some(0));
        let note = format!("Games (--kind): {}.", solved.join(", "));
        assert!(stdout.contains(&note), "{command}: {stdout}");
    }
}

#[test]
fn queens_puzzles_are_the_same_with_kind_queens_given() {
    let args = ["puzzles", "--count", "1", "--size", "5", "--seed", "2"];
    let plain = json(&args);
    let mut named = args.to_vec();
    named.extend(["--kind", "queens"]);
    let named = json(&named);
    assert_eq!(plain["puzzles"], named["puzzles"]);
    assert!(
        plain.get("kind").is_none(),
        "queens' answer is as it was: {plain}"
    );
}

#[test]
fn a_dodgem_position_in_its_notation_counts_plies_from_the_game_start() {
    // White to move after one ply: black wins at ply 19 whatever white plays, later
    // or sooner.
    let answer = json(&[
        "solve",
        "--kind",
        "dodgem",
        "--position",
        ".b./b../.ww w 1",
        "--all-moves",
    ]);
    assert_eq!(answer["outcome"], "b");
    assert_eq!(answer["plies"], 18);
    let moves = answer["moves"]
        .as_array()
        .unwrap_or_else(|| panic!("{answer}"));
    assert!(moves.iter().all(|m| m["outcome"] == "loss"), "{answer}");
    assert_eq!(moves[0]["plies"], 18);
    let analysed = json(&[
        "analyse",
        "--kind",
        "dodgem",
        "--position",
        ".b./b../.ww w 1",
        "--moves",
        "b1-a1",
    ]);
    let judged = &analysed["moves"][0];
    assert_eq!(judged["outcome_before"], "loss");
    assert_eq!(judged["ends_before"], 19);
    // Losing sooner than needed keeps the result and is "good", with the plies lost.
    assert_eq!(judged["loss"], 0);
    assert_eq!(judged["class"], "good");
    assert_eq!(judged["plies_lost"], 2);
}

/// Issue 39: one analysis for every game, so the workbook too: a tic-tac-toe game's
/// analysis is written with one row per move, and its JSON has queens' fields plus
/// its result's words.
#[test]
fn every_game_with_a_solver_writes_its_analysis_workbook() {
    use calamine::{Reader, Xlsx, open_workbook};
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let out = dir.path().join("ttt.xlsx");
    let answer = json(&[
        "analyse",
        "--kind",
        "tictactoe",
        "--moves",
        "a1,b2,c3,a3,c1",
        "--xlsx",
        &out.display().to_string(),
    ]);
    assert_eq!(answer["xlsx"], out.display().to_string().as_str());
    let queens = json(&["analyse", "--game", "size=4 stones=b2 moves=c3"]);
    for key in queens.as_object().map(|o| o.keys()).into_iter().flatten() {
        assert!(answer.get(key).is_some(), "{key} missing: {answer}");
    }
    let moves = answer["moves"]
        .as_array()
        .unwrap_or_else(|| panic!("{answer}"));
    assert_eq!(moves.len(), 5);
    // X holds a1 and c3, O b2: O's corner a3 gives the draw away.
    assert_eq!(moves[3]["outcome_after"], "loss", "{answer}");
    assert_eq!(moves[3]["class"], "mistake", "{answer}");
    assert_eq!(answer["worst_moves"][1][0], 4, "{answer}");
    let mut book: Xlsx<_> = open_workbook(&out).unwrap_or_else(|e| panic!("{e}"));
    let range = book
        .worksheet_range("Analysis")
        .unwrap_or_else(|e| panic!("{e}"));
    // A header row, then one row per move.
    assert!(range.height() > 5, "{} rows", range.height());
}
