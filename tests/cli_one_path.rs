//! Issue 39, "one game, one path": `replay`, `bestmove` and `tree` read and search a
//! position of every game of the games table by the same path, through the game seam;
//! what a game says beyond the others comes from its row or its rules, not from the
//! command. Queens' answers are checked byte for byte against main's by
//! scripts/compare-cli.sh; these tests hold the shape every game shares.

use crate::common;

use common::{json, refused};

/// The position options of a game as the command line takes them: queens' board of
/// stones needs a game string, the others start from their start.
fn position_of(tag: &str) -> Vec<String> {
    if tag == "queens" {
        vec!["--game".into(), "size=5 stones=c3".into()]
    } else {
        vec!["--kind".into(), tag.into()]
    }
}

#[test]
fn every_game_answers_bestmove_by_the_same_path_and_names_itself_unless_queens() {
    for tag in queens_engines::games::table::tags() {
        let mut args = vec!["bestmove".to_string(), "--depth".into(), "2".into()];
        args.extend(position_of(tag));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = json(&args);
        assert!(out["move"].is_string(), "{tag}: {out}");
        assert_eq!(out["depth"], 2, "{tag}");
        assert_eq!(out["algo"], "alphabeta", "{tag}");
        let named = tag != "queens";
        assert_eq!(out.get("kind").is_some(), named, "{tag}: {out}");
        assert_eq!(out.get("position").is_some(), named, "{tag}: {out}");
    }
}

#[test]
fn only_a_board_of_stones_needs_a_search_limit() {
    let message = refused(&["bestmove", "--size", "5"]);
    assert!(message.contains("give a search depth"), "{message}");
    // Tic-tac-toe is searched to its end, the others to the engine's default depth.
    assert_eq!(json(&["bestmove", "--kind", "tictactoe"])["depth"], 9);
    assert_eq!(json(&["bestmove", "--kind", "dodgem"])["depth"], 4);
    // An engine the game has not is refused in one line, without the threads note the
    // strong engines' searches print.
    let message = refused(&[
        "bestmove",
        "--kind",
        "tictactoe",
        "--algo",
        "pvs",
        "--threads",
        "1024",
    ]);
    assert!(
        message.contains("tictactoe takes minimax or alphabeta"),
        "{message}"
    );
}

#[test]
fn queens_reached_through_the_seam_tells_an_illegal_move_in_its_own_words() {
    let cases: [&[&str]; 2] = [
        &[
            "bestmove", "--size", "5", "--moves", "c3,c3", "--depth", "1",
        ],
        &[
            "tree",
            "--kind",
            "queens",
            "--position",
            "size=5",
            "--moves",
            "c3,c3",
        ],
    ];
    for args in cases {
        let message = refused(args);
        assert_eq!(
            message, "move 2 (c3) is illegal: a queen of P1 stands there",
            "{args:?}"
        );
    }
    // A move that is not a cell of the board, as `--moves` always said it.
    let message = refused(&[
        "tree",
        "--kind",
        "queens",
        "--position",
        "size=4",
        "--moves",
        "z9",
    ]);
    assert!(
        message.contains("'z9' in moves is not a cell of the 4x4 board"),
        "{message}"
    );
    // Queens has no start position here: a tree needs one.
    let message = refused(&["tree", "--kind", "queens"]);
    assert!(message.contains("no position given"), "{message}");
}

#[test]
fn a_game_string_of_any_game_plays_that_game_in_every_one_path_command() {
    let game = "game=tictactoe moves=b2,a1";
    let replay = json(&["replay", "--game", game]);
    let best = json(&["bestmove", "--game", game, "--depth", "1"]);
    assert_eq!(
        (replay["kind"].as_str(), best["kind"].as_str()),
        (Some("tictactoe"), Some("tictactoe"))
    );
    assert_eq!(replay["position"], best["position"]);
    let queens = json(&[
        "bestmove",
        "--game",
        "game=queens size=5 moves=c3",
        "--depth",
        "1",
    ]);
    assert_eq!(queens.get("kind"), None);
}
