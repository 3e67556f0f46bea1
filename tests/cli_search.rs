//! `queens bestmove` and `queens tree` against docs/cli.md and docs/rules.md: perft
//! counts, agreement of the searches, exact values, time limits, stop signals, and the
//! textbook trees.

use crate::common;

#[cfg(target_os = "linux")]
use common::signal_mask;
use common::{cells, json};
use queens_board::{Board, Cell};
use serde_json::Value;
#[cfg(target_os = "linux")]
use std::time::Duration;

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
    signal_mask(pid, "SigCgt:") & 0b10 != 0
}

/// A search that cannot finish (15x15 to depth 225, no time limit) used to print nothing
/// on SIGINT/SIGTERM; now it answers with its deepest completed depth.
#[cfg(target_os = "linux")]
#[test]
fn bestmove_stopped_by_a_signal_answers_with_a_legal_move() {
    for signal in ["-INT", "-TERM"] {
        // `env --default-signal=INT` gives the program a SIGINT that is not ignored: a
        // test runner started with `cmd &` from a script has it ignored, and an ignored
        // signal is inherited (the program's handling of that case is issue 18's).
        let mut child = std::process::Command::new("env")
            .arg("--default-signal=INT")
            .arg(env!("CARGO_BIN_EXE_queens"))
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
        if !ready {
            // Not left behind searching for ever once this test has failed.
            let _ = child.kill();
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
    let out = json(&["bestmove", "--size", "4", "--depth", "2", "--algo", "MM"]);
    assert_eq!(out["algo"], "minimax");
}

#[test]
fn bestmove_threads_leave_the_thesis_engines_unchanged() {
    // The thesis engines are single-threaded: --threads changes nothing they answer.
    let base = ["bestmove", "--size", "5", "--stones", "b2", "--depth", "3"];
    let one = json(&[&base[..], &["--threads", "1"]].concat());
    let two = json(&[&base[..], &["--threads", "2"]].concat());
    for key in ["move", "value", "nodes", "pv"] {
        assert_eq!(one[key], two[key], "{key}");
    }
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

/// Issue 18 (3): started from a script with `&` (the shell leaves SIGINT ignored) and
/// with SIGHUP ignored (as nohup does), a search still answers SIGTERM with its deepest
/// depth, and keeps ignoring what its caller ignored.
#[cfg(target_os = "linux")]
#[test]
fn sigterm_stops_a_search_started_from_a_script_in_the_background() {
    let script = r#"trap "" HUP; "$0" bestmove --size 15 --depth 225 & echo "$!"; wait"#;
    let mut child = std::process::Command::new("bash")
        .args(["-c", script, env!("CARGO_BIN_EXE_queens")])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap_or_else(|err| panic!("cannot run bash: {err}"));
    let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap_or_else(|| panic!()));
    let mut line = String::new();
    std::io::BufRead::read_line(&mut stdout, &mut line).unwrap_or_else(|err| panic!("{err}"));
    let pid: u32 = line
        .trim()
        .parse()
        .unwrap_or_else(|err| panic!("{err}: {line}"));
    const HUP: u64 = 1 << 0;
    const INT: u64 = 1 << 1;
    const TERM: u64 = 1 << 14;
    let mut ready = false;
    for _ in 0..10_000 {
        ready = signal_mask(pid, "SigCgt:") & TERM != 0;
        if ready || matches!(child.try_wait(), Ok(Some(_))) {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let kill = |signal: &str| {
        std::process::Command::new("kill")
            .args([signal, &pid.to_string()])
            .status()
            .is_ok_and(|status| status.success())
    };
    if !ready {
        kill("-KILL");
    }
    assert!(ready, "SIGTERM is not caught when SIGINT arrives ignored");
    // What the caller ignored stays ignored: a hang-up changes nothing.
    let ignored = signal_mask(pid, "SigIgn:");
    assert_eq!(ignored & (HUP | INT), HUP | INT, "{ignored:x}");
    assert!(kill("-HUP"));
    assert!(kill("-TERM"));
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stdout, &mut rest).unwrap_or_else(|err| panic!("{err}"));
    let status = child.wait().unwrap_or_else(|err| panic!("{err}"));
    assert!(status.success(), "{status:?}");
    let value: Value =
        serde_json::from_str(rest.trim()).unwrap_or_else(|err| panic!("{err}: {rest}"));
    assert_eq!(value["interrupted"], true, "{value}");
    assert!(
        value["move"]
            .as_str()
            .is_some_and(|m| Cell::parse(m).is_some()),
        "{value}"
    );
}
