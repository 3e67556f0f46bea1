//! `queens arena --kind K` for the games beside queens (issue 31): a series through the
//! game seam, each game once with each side first, tallied from A's side; the board,
//! history and workbook options, which are queens', are refused with exit 2.

mod common;

use common::{all_refused, json};
use serde_json::Value;

fn tally(series: &Value) -> [u64; 3] {
    ["wins", "draws", "losses"].map(|key| series[key].as_u64().unwrap_or(u64::MAX))
}

#[test]
fn perfect_tic_tac_toe_is_a_draw_whoever_starts_and_never_loses() {
    let perfect = json(&[
        "arena",
        "--kind",
        "tictactoe",
        "--a",
        "minimax:9",
        "--b",
        "alphabeta:9",
        "--games",
        "2",
    ]);
    assert_eq!(perfect["kind"], "tictactoe");
    assert_eq!(
        (&perfect["games"], &perfect["planned"]),
        (&2.into(), &2.into())
    );
    assert_eq!(tally(&perfect), [0, 2, 0], "{perfect}");
    assert_eq!(perfect["score"], 0.5);
    // Nine plies a game at most, A and B take turns: between 5 and 9 moves each in all.
    let moves = perfect["a"]["moves"].as_u64().unwrap_or(0);
    assert!((5..=9).contains(&moves), "{perfect}");
    // The perfect side never loses to a one-ply one.
    let lopsided = json(&[
        "arena",
        "--kind",
        "tictactoe",
        "--a",
        "alphabeta:9",
        "--b",
        "alphabeta:1",
        "--games",
        "4",
    ]);
    let [wins, _, losses] = tally(&lopsided);
    assert_eq!(losses, 0, "{lopsided}");
    // The engines are deterministic: the one-ply side loses the games it starts badly.
    assert!(wins > 0, "{lopsided}");
}

#[test]
fn othello_and_dodgem_series_count_every_game_once() {
    for kind in ["othello", "dodgem"] {
        let series = json(&[
            "arena",
            "--kind",
            kind,
            "--a",
            "alphabeta:2",
            "--b",
            "minimax:1",
            "--games",
            "2",
        ]);
        assert_eq!(series["kind"], kind);
        assert_eq!(tally(&series).iter().sum::<u64>(), 2, "{series}");
        assert_eq!(series["a"]["algo"], "alphabeta");
        assert_eq!(series["b"]["depth"], 1);
        assert!(series["b"]["nodes"].as_u64().unwrap_or(0) > 0, "{series}");
    }
}

#[test]
fn queens_options_and_strong_engines_are_refused_beside_another_game() {
    all_refused(&[
        (
            &["arena", "--kind", "dodgem", "--size", "4"],
            "--size is for queens",
        ),
        (
            &["arena", "--kind", "othello", "--seed", "3"],
            "--seed is for queens",
        ),
        (
            &["arena", "--kind", "tictactoe", "--stones", "0"],
            "--stones is for queens",
        ),
        (
            &["arena", "--kind", "tictactoe", "--xlsx", "x.xlsx"],
            "keeps its games nowhere",
        ),
        (
            &["arena", "--kind", "tictactoe", "--a", "pvs:2"],
            "plays only Queens & Stones",
        ),
        (&["arena", "--kind", "chess"], "possible values: queens"),
    ]);
}
