//! The `queens` binary against the command-line contract of docs/cli.md: one JSON line and exit
//! 0 on success; exit 2, one line on stderr and nothing on stdout for any bad input.

use assert_cmd::cargo::cargo_bin_cmd;
use queens::board::{Board, Cell};
use serde_json::Value;
use std::process::Output;
use std::time::Duration;

fn queens(args: &[&str]) -> Output {
    cargo_bin_cmd!("queens")
        .args(args)
        .output()
        .unwrap_or_else(|err| panic!("cannot run queens {args:?}: {err}"))
}

/// Runs `queens` and returns its exit code, stdout and stderr (both must be UTF-8).
fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let output = queens(args);
    let text = |bytes: Vec<u8>| {
        String::from_utf8(bytes).unwrap_or_else(|err| panic!("{args:?}: not UTF-8: {err}"))
    };
    (
        output.status.code(),
        text(output.stdout),
        text(output.stderr),
    )
}

/// Runs a command that must succeed and returns its single JSON line.
fn json(args: &[&str]) -> Value {
    let (code, stdout, stderr) = run(args);
    assert_eq!(code, Some(0), "{args:?}: {stderr}");
    assert!(stderr.is_empty(), "{args:?} wrote to stderr: {stderr}");
    assert_eq!(stdout.lines().count(), 1, "{args:?}: {stdout}");
    serde_json::from_str(&stdout).unwrap_or_else(|err| panic!("{args:?}: {err} in {stdout}"))
}

/// Runs a command that must be refused as bad input and returns its one-line message.
fn refused(args: &[&str]) -> String {
    let (code, stdout, stderr) = run(args);
    assert_eq!(code, Some(2), "{args:?}: {stdout}{stderr}");
    assert!(stdout.is_empty(), "{args:?} wrote to stdout: {stdout}");
    assert!(stderr.ends_with('\n'), "{args:?}: {stderr:?}");
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr:?}");
    let line = stderr.trim_end();
    let message = line.strip_prefix("queens: ").unwrap_or_else(|| {
        panic!("{args:?}: {line:?} does not start with 'queens: '");
    });
    assert!(!message.trim().is_empty(), "{args:?}: empty message");
    message.to_string()
}

/// Checks each `(args, needle)`: refused, and the message contains the needle.
fn all_refused(cases: &[(&[&str], &str)]) {
    for (args, needle) in cases {
        let message = refused(args);
        assert!(
            message.to_lowercase().contains(&needle.to_lowercase()),
            "{args:?} said {message:?}, want {needle:?}"
        );
    }
}

fn cells(value: &Value) -> Vec<String> {
    let Some(items) = value.as_array() else {
        panic!("{value} is not an array");
    };
    items
        .iter()
        .map(|v| match v.as_str() {
            Some(name) => name.to_string(),
            None => panic!("{v} is not a cell name"),
        })
        .collect()
}

// ---------------------------------------------------------------------------------------
// replay

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

// ---------------------------------------------------------------------------------------
// bestmove

/// Number of move sequences of length `depth` (shorter where the game ends): the perft
/// count that minimax's `leaves` must equal.
fn perft(board: &mut Board, depth: u32) -> u64 {
    if depth == 0 || board.is_over() {
        return 1;
    }
    let moves: Vec<Cell> = board.free().into_iter().collect();
    let mut total = 0;
    for cell in moves {
        board.do_move(cell);
        total += perft(board, depth - 1);
        board.undo();
    }
    total
}

#[test]
fn bestmove_minimax_leaves_on_the_open_3x3_board_are_9_then_17() {
    let one = json(&[
        "bestmove", "--size", "3", "--algo", "minimax", "--depth", "1",
    ]);
    assert_eq!(one["leaves"], 9);
    assert_eq!(one["nodes"], 10);
    // By hand: b2 sees all 8 cells and ends the game (1 sequence); each corner and each
    // edge cell leaves exactly 2 free cells (8 x 2 = 16 sequences). 1 + 16 = 17.
    let two = json(&[
        "bestmove", "--size", "3", "--algo", "minimax", "--depth", "2",
    ]);
    assert_eq!(two["leaves"], 17);
    // b2 takes the whole board: a 9-cell lead, found at any depth from 1.
    assert_eq!(two["move"], "b2");
    assert_eq!(two["value"], 9);
    assert_eq!(two["depth"], 2);
    assert_eq!(two["algo"], "minimax");
    assert_eq!(two["interrupted"], false);
}

#[test]
fn bestmove_minimax_leaves_equal_perft_counts() {
    let positions = [
        "size=4",
        "size=4 stones=b3",
        "size=5 stones=c3 moves=a1",
        "size=6 stones=b2,e5 moves=c4,e1",
        "size=7 stones=a7,g1,d4 moves=b2",
    ];
    for game in positions {
        for depth in 1..=3u32 {
            let mut board = Board::from_game_string(game).unwrap();
            let expected = perft(&mut board, depth);
            let depth_text = depth.to_string();
            let out = json(&[
                "bestmove",
                "--game",
                game,
                "--algo",
                "minimax",
                "--depth",
                &depth_text,
            ]);
            assert_eq!(out["leaves"], expected, "{game} depth {depth}");
            assert_eq!(out["depth"], depth, "{game}");
        }
    }
}

#[test]
fn bestmove_minimax_and_alphabeta_agree_on_the_value() {
    let positions = [
        "size=4",
        "size=5 stones=b2,d4",
        "size=6 stones=c3 moves=a1,f2",
        "size=7 stones=a7,g1,d4 moves=b2",
    ];
    for game in positions {
        for depth in ["1", "2", "3"] {
            let mm = json(&[
                "bestmove", "--game", game, "--algo", "minimax", "--depth", depth,
            ]);
            let ab = json(&[
                "bestmove",
                "--game",
                game,
                "--algo",
                "alphabeta",
                "--depth",
                depth,
            ]);
            assert_eq!(mm["value"], ab["value"], "{game} depth {depth}");
            assert!(
                ab["nodes"].as_u64().unwrap() <= mm["nodes"].as_u64().unwrap(),
                "{game} depth {depth}: alphabeta visited more nodes"
            );
            assert_eq!(mm["cutoffs"], 0);
        }
    }
}

#[test]
fn bestmove_output_has_every_field_and_a_pv_starting_with_the_move() {
    let out = json(&["bestmove", "--size", "6", "--depth", "3"]);
    for key in [
        "move",
        "value",
        "depth",
        "nodes",
        "leaves",
        "cutoffs",
        "time_ms",
        "time_us",
        "pv",
        "algo",
        "interrupted",
        "iterations",
    ] {
        assert!(out.get(key).is_some(), "missing {key}: {out}");
    }
    assert_eq!(out["algo"], "alphabeta");
    let pv = cells(&out["pv"]);
    assert_eq!(pv.len(), 3);
    assert_eq!(out["move"], pv[0].as_str());
    // Without a time limit the search goes straight to the depth asked.
    let iterations = out["iterations"].as_array().unwrap();
    assert_eq!(iterations.len(), 1);
    assert_eq!(iterations[0]["depth"], 3);
    assert_eq!(iterations[0]["move"], out["move"]);
    // The principal variation is a legal line.
    let line = format!("size=6 moves={}", pv.join(","));
    assert_eq!(json(&["replay", "--game", &line])["legal"], true);
}

#[test]
fn bestmove_on_a_finished_game_gives_no_move_and_the_final_difference() {
    let out = json(&[
        "bestmove",
        "--game",
        "size=4 moves=b2,d3,a4",
        "--depth",
        "3",
    ]);
    assert_eq!(out["move"], Value::Null);
    // 13 : 3 with P2 to move: -10 from the side to move's view.
    assert_eq!(out["value"], -10);
    assert_eq!(out["depth"], 0);
    assert_eq!(out["pv"], serde_json::json!([]));
}

#[test]
fn bestmove_at_full_depth_is_the_exact_result() {
    // From b2's reply position on 4x4 the game has at most 4 plies left; a deep search
    // must give the same value as the exhaustive minimax.
    let mm = json(&[
        "bestmove", "--size", "4", "--moves", "b2", "--algo", "minimax", "--depth", "16",
    ]);
    let ab = json(&["bestmove", "--size", "4", "--moves", "b2", "--depth", "16"]);
    assert_eq!(mm["value"], ab["value"]);
    let pv = cells(&ab["pv"]);
    let line = format!("size=4 moves=b2,{}", pv.join(","));
    let end = json(&["replay", "--game", &line]);
    assert_eq!(
        end["over"], true,
        "the pv of an exact search reaches the end"
    );
    let diff = end["score"][1].as_i64().unwrap() - end["score"][0].as_i64().unwrap();
    assert_eq!(ab["value"], diff, "value is P2's final lead");
}

#[test]
fn bestmove_with_only_a_time_limit_deepens_to_the_end_of_a_small_game() {
    let out = json(&["bestmove", "--size", "4", "--time-ms", "5000"]);
    assert_eq!(out["interrupted"], false);
    let iterations = out["iterations"].as_array().unwrap();
    assert!(iterations.len() >= 2, "{out}");
    for (i, iteration) in iterations.iter().enumerate() {
        assert_eq!(iteration["depth"], i + 1);
    }
    assert_eq!(out["depth"], iterations.len());
    let exact = json(&["bestmove", "--size", "4", "--depth", "16"]);
    assert_eq!(out["value"], exact["value"]);
}

#[test]
fn bestmove_time_ms_zero_still_returns_a_legal_move() {
    let out = json(&["bestmove", "--size", "15", "--time-ms", "0"]);
    let mv = out["move"].as_str().unwrap();
    assert!(out["depth"].as_u64().unwrap() >= 1);
    let replay = json(&["replay", "--size", "15", "--moves", mv]);
    assert_eq!(replay["legal"], true);
}

/// The search's own clock (`time_ms`) keeps the limit; the wall time of the process is
/// not checked, since starting a debug binary on a loaded CI machine can take longer than
/// the search itself.
#[test]
fn bestmove_answers_within_the_time_limit_on_every_size_with_a_legal_move() {
    const LIMIT_MS: u64 = 200;
    // Generous: a stop is noticed at the next poll of the node counter.
    const MARGIN_MS: u64 = 300;
    for size in 3u8..=15 {
        let max = Board::max_stones(size);
        let count = (max / 3).to_string();
        let size_text = size.to_string();
        let seed = (u64::from(size) * 31).to_string();
        let position = [
            "--size",
            size_text.as_str(),
            "--random-stones",
            count.as_str(),
            "--seed",
            seed.as_str(),
        ];
        let limit = LIMIT_MS.to_string();
        let mut args = vec!["bestmove"];
        args.extend(position);
        args.extend(["--time-ms", limit.as_str()]);
        let out = json(&args);
        let spent = out["time_ms"].as_u64().unwrap_or(u64::MAX);
        assert!(spent <= LIMIT_MS + MARGIN_MS, "size {size}: {out}");
        let mv = out["move"].as_str().unwrap();
        let mut args = vec!["replay"];
        args.extend(position);
        args.extend(["--moves", mv]);
        let replay = json(&args);
        assert_eq!(replay["legal"], true, "size {size}: {mv} is illegal");
    }
}

/// Whether process `pid` catches SIGINT (bit 2 of SigCgt in /proc/PID/status): its
/// handler is installed, so a signal now is a stop request rather than death.
#[cfg(target_os = "linux")]
fn catches_sigint(pid: u32) -> bool {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("SigCgt:"))
        .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
        .is_some_and(|mask| mask & 0b10 != 0)
}

/// A search that cannot finish (15x15 to depth 225, no time limit) used to print nothing
/// on SIGINT/SIGTERM; now it answers with its deepest completed depth.
#[cfg(target_os = "linux")]
#[test]
fn bestmove_stopped_by_a_signal_answers_with_a_legal_move() {
    for signal in ["-INT", "-TERM"] {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_queens"))
            .args(["bestmove", "--size", "15", "--depth", "225"])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap_or_else(|err| panic!("cannot run queens: {err}"));
        let mut ready = false;
        for _ in 0..10_000 {
            ready = catches_sigint(child.id());
            if ready || matches!(child.try_wait(), Ok(Some(_))) {
                break;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(ready, "the search never installed its stop handler");
        let sent = std::process::Command::new("kill")
            .args([signal, &child.id().to_string()])
            .status()
            .unwrap_or_else(|err| panic!("cannot run kill: {err}"));
        assert!(sent.success());
        let output = child
            .wait_with_output()
            .unwrap_or_else(|err| panic!("{err}"));
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{signal}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let value: Value =
            serde_json::from_str(&stdout).unwrap_or_else(|err| panic!("{err}: {stdout}"));
        assert_eq!(value["interrupted"], true, "{value}");
        assert_eq!(value["depth"], 1, "{value}");
        let best = value["move"].as_str().unwrap_or_default();
        assert!(
            Cell::parse(best).is_some_and(|cell| cell.is_on_board(15)),
            "{value}"
        );
    }
}

#[test]
fn bestmove_accepts_algorithm_aliases() {
    let out = json(&["bestmove", "--size", "4", "--depth", "2", "--algo", "ab"]);
    assert_eq!(out["algo"], "alphabeta");
}

// ---------------------------------------------------------------------------------------
// tree

const THESIS_FIG_2_9: &str =
    "(((8 7 2)(9 1 6)(2 4 1)) ((1 3 5)(3 9 2)(6 5 2)) ((1 2 3)(9 7 2)(16 6 4)))";

#[test]
fn tree_slides_example_has_value_3() {
    let out = json(&["tree", "((3 12 8)(2 4 6)(14 5 2))"]);
    assert_eq!(out["value"], 3);
    assert_eq!(out["best"], 0);
    assert_eq!(out["pruned"], serde_json::json!([4, 5]));
    assert!(out["trace"].as_array().is_some_and(|t| !t.is_empty()));
    assert!(out["nodes"].as_u64().is_some());
    let mm = json(&["tree", "((3 12 8)(2 4 6)(14 5 2))", "--algo", "minimax"]);
    assert_eq!(mm["value"], 3);
    assert_eq!(mm["leaves_evaluated"], 9);
}

#[test]
fn tree_thesis_figure_2_9_has_value_5_middle_branch_16_evaluations() {
    let ab = json(&["tree", THESIS_FIG_2_9]);
    assert_eq!(ab["value"], 5);
    assert_eq!(ab["best"], 1);
    assert_eq!(ab["leaves_evaluated"], 16);
    let explicit = json(&[
        "tree",
        THESIS_FIG_2_9,
        "--root",
        "max",
        "--algo",
        "alphabeta",
    ]);
    assert_eq!(explicit, ab);
    let mm = json(&["tree", THESIS_FIG_2_9, "--algo", "minimax"]);
    assert_eq!(mm["value"], 5);
    assert_eq!(mm["leaves_evaluated"], 27);
    assert_eq!(mm["pruned"], serde_json::json!([]));
}

#[test]
fn tree_with_a_min_root_and_negative_leaves() {
    let out = json(&["tree", "(3 -1 7)", "--root", "min"]);
    assert_eq!(out["value"], -1);
    assert_eq!(out["best"], 1);
    // A tree text starting with '-' is a tree, not an option.
    let single = json(&["tree", "-7"]);
    assert_eq!(single["value"], -7);
    assert_eq!(single["best"], Value::Null);
    let spaced = json(&["tree", "\n ( 1\t( 2 3 ) )\n"]);
    assert_eq!(spaced["value"], 2);
}

// ---------------------------------------------------------------------------------------
// help, version, exit codes

#[test]
fn help_and_version_succeed_on_stdout() {
    for args in [
        &["--help"][..],
        &["--version"],
        &["replay", "--help"],
        &["bestmove", "--help"],
        &["tree", "--help"],
        &["gui", "--help"],
        &["help", "tree"],
    ] {
        let output = queens(args);
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        assert!(!output.stdout.is_empty(), "{args:?}");
        assert!(output.stderr.is_empty(), "{args:?}");
    }
    let help = String::from_utf8(queens(&["bestmove", "--help"]).stdout).unwrap();
    assert!(help.contains("--time-ms"), "{help}");
    let version = String::from_utf8(queens(&["--version"]).stdout).unwrap();
    assert!(version.starts_with("queens "), "{version}");
}

#[test]
fn bad_position_text_is_refused() {
    all_refused(&[
        (&["replay", "--game", ""], "empty"),
        (&["replay", "--game", "   "], "empty"),
        (&["replay", "--game", "hello"], "'hello'"),
        (&["replay", "--game", "size=8 colour=red"], "'colour'"),
        (&["replay", "--game", "size=99"], "'99'"),
        (&["replay", "--game", "size=99999999999999999999"], "size"),
        (&["replay", "--game", "stones=a1"], "size"),
        (&["replay", "--game", "size=8 size=8"], "twice"),
        (&["replay", "--game", "size=8 stones=b2,b2"], "'b2'"),
        (&["replay", "--game", "size=8 stones=b2,z9"], "'z9'"),
        (&["replay", "--game", "size=8 moves=i1"], "'i1'"),
        (&["replay", "--game", "size=3 stones=a1,b2"], "too many"),
        (&["replay", "--game", "\u{1F451}"], "'"),
    ]);
}

#[test]
fn bad_position_flags_are_refused() {
    all_refused(&[
        (&["replay"], "no position"),
        (&["replay", "--size", ""], "size"),
        (&["replay", "--size", "abc"], "'abc'"),
        (&["replay", "--size", "2"], "'2'"),
        (&["replay", "--size", "16"], "'16'"),
        (&["replay", "--size", "-4"], "size"),
        (
            &["replay", "--size", "99999999999999999999"],
            "99999999999999999999",
        ),
        (&["replay", "--size"], "--size"),
        (&["replay", "--size", "8", "--stones", "b2,b2"], "'b2'"),
        (&["replay", "--size", "8", "--stones", "b2,,c3"], "stones"),
        (&["replay", "--size", "3", "--stones", "a1,b2"], "too many"),
        (&["replay", "--size", "8", "--moves", "z9"], "'z9'"),
        (&["replay", "--size", "8", "--moves", "i1"], "off the 8x8"),
        (&["replay", "--game", "size=4", "--size", "4"], "--game"),
        (&["replay", "--game", "size=4", "--moves", "a1"], "--game"),
        (
            &[
                "replay",
                "--size",
                "5",
                "--random-stones",
                "10",
                "--seed",
                "1",
            ],
            "too many",
        ),
        (
            &[
                "replay",
                "--size",
                "5",
                "--random-stones",
                "99999999999999999999999",
                "--seed",
                "1",
            ],
            "--random-stones",
        ),
        (&["replay", "--size", "5", "--random-stones", "3"], "--seed"),
        (&["replay", "--size", "5", "--seed", "3"], "--random-stones"),
        (
            &[
                "replay",
                "--size",
                "5",
                "--random-stones",
                "1",
                "--seed",
                "-1",
            ],
            "--seed",
        ),
        (
            &[
                "replay",
                "--size",
                "5",
                "--random-stones",
                "1",
                "--seed",
                "1",
                "--stones",
                "a1",
            ],
            "--stones",
        ),
    ]);
}

#[test]
fn a_newline_inside_a_cell_token_still_gives_one_line() {
    let message = refused(&["replay", "--size", "4", "--stones", "a\n1"]);
    assert!(message.contains("a\\n1"), "{message}");
    let message = refused(&["replay", "--game", "size=4\u{1b}[31m"]);
    assert!(!message.contains('\u{1b}'), "{message}");
}

#[test]
fn bestmove_refuses_illegal_moves_in_the_position() {
    all_refused(&[
        (
            &[
                "bestmove",
                "--game",
                "size=4 stones=a1 moves=b2,a1",
                "--depth",
                "1",
            ],
            "move 2 (a1)",
        ),
        (
            &[
                "bestmove",
                "--game",
                "size=4 moves=b2,d3,a4,c4",
                "--depth",
                "1",
            ],
            "move 4 (c4)",
        ),
        (
            &[
                "bestmove", "--size", "4", "--moves", "b2,b2", "--depth", "1",
            ],
            "move 2 (b2)",
        ),
        (
            &[
                "bestmove", "--size", "4", "--moves", "b2,c3", "--depth", "1",
            ],
            "controlled",
        ),
        (
            &[
                "bestmove",
                "--size",
                "4",
                "--moves",
                "b2,d3,a4,c4",
                "--time-ms",
                "10",
            ],
            "over",
        ),
    ]);
}

#[test]
fn bestmove_refuses_bad_search_options() {
    all_refused(&[
        (&["bestmove", "--size", "4"], "--depth"),
        (&["bestmove", "--size", "4", "--depth", "0"], "'0'"),
        (&["bestmove", "--size", "4", "--depth", "226"], "'226'"),
        (&["bestmove", "--size", "4", "--depth", "-1"], "--depth"),
        (&["bestmove", "--size", "4", "--depth", ""], "--depth"),
        (&["bestmove", "--size", "4", "--depth", "abc"], "'abc'"),
        (
            &["bestmove", "--size", "4", "--depth", "99999999999999999999"],
            "--depth",
        ),
        (
            &["bestmove", "--size", "4", "--depth", "2", "--algo", "foo"],
            "'foo'",
        ),
        (
            &["bestmove", "--size", "4", "--depth", "2", "--algo", ""],
            "algorithm",
        ),
        (&["bestmove", "--size", "4", "--time-ms", "-5"], "--time-ms"),
        (&["bestmove", "--size", "4", "--time-ms", "abc"], "'abc'"),
        (
            &[
                "bestmove",
                "--size",
                "4",
                "--time-ms",
                "99999999999999999999999",
            ],
            "--time-ms",
        ),
        (
            &["bestmove", "--size", "4", "--time-ms", "999999999999"],
            "--time-ms",
        ),
        (&["bestmove", "--depth", "2"], "no position"),
        (&["bestmove", "--game", "", "--depth", "2"], "empty"),
    ]);
}

#[test]
fn bad_tree_text_is_refused() {
    all_refused(&[
        (&["tree", ""], "empty"),
        (&["tree", "   "], "empty"),
        (&["tree", "((1 2)"], "never closed"),
        (&["tree", "(1 2))"], "position 5"),
        (&["tree", "()"], "empty node"),
        (&["tree", "(1 x 2)"], "'x'"),
        (&["tree", "(1 99999999999999 2)"], "99999999999999"),
        (
            &["tree", "(1 99999999999999999999999999999 2)"],
            "99999999999999999999999999999",
        ),
        (&["tree", "(1 - 2)"], "'-'"),
        // abs() of i64::MIN wraps: this leaf was once taken as 0.
        (
            &["tree", "(-9223372036854775808 1)"],
            "'-9223372036854775808' at position 1",
        ),
        (&["tree", "(1 -100000001)"], "at position 3"),
        (&["tree", "garbage"], "'g'"),
        (&["tree"], "tree"),
        (&["tree", "(1 2)", "--root", "middle"], "'middle'"),
        (&["tree", "(1 2)", "--algo", "foo"], "'foo'"),
        (&["tree", "(1 2)", "(3 4)"], "'(3 4)'"),
    ]);
}

#[test]
fn unknown_subcommands_and_flags_are_refused_on_one_line() {
    all_refused(&[
        (&["frobnicate"], "'frobnicate'"),
        (&[""], "''"),
        (&["replay", "--bogus"], "'--bogus'"),
        (&["--bogus"], "'--bogus'"),
        (&["tree", "(1 2)", "--depth", "3"], "'--depth'"),
        (&["gui", "extra"], "'extra'"),
    ]);
}

/// Without a display the window cannot open: that is a failure (exit 1), not bad input,
/// and it is still reported on one line, with or without a saves folder. Linux only, where
/// removing the display variables is enough to make sure no window appears.
#[cfg(target_os = "linux")]
#[test]
fn gui_without_a_display_fails_with_exit_1_and_one_line() {
    let saves = std::env::temp_dir().join("queens-test-unused-saves");
    let saves = saves.to_string_lossy();
    for args in [
        &[][..],
        &["gui"],
        &["--saves-dir", &saves],
        &["gui", "--saves-dir", &saves],
    ] {
        let output = cargo_bin_cmd!("queens")
            .args(args)
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .env_remove("WAYLAND_SOCKET")
            .timeout(Duration::from_secs(20))
            .output()
            .unwrap_or_else(|err| panic!("cannot run queens: {err}"));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty());
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.starts_with("queens: cannot open the game window"),
            "{stderr}"
        );
    }
}
