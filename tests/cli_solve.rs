//! `queens solve` and `bestmove --algo pvs` through the real binary: the JSON contract,
//! exit 3 with proved bounds when the time runs out, exit 2 on bad input.

use crate::common;

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
    // The empty 15x15 board is solved in about 0.1 s since the greedy bounds (issue 33);
    // this one takes 0.25-0.8 s (267,217 nodes, release build, one thread), 25 times or
    // more the 10 ms given.
    let (code, stdout, stderr) = run(&[
        "solve",
        "--size",
        "15",
        "--random-stones",
        "5",
        "--seed",
        "1",
        "--threads",
        "1",
        "--time-ms",
        "10",
        "--hash",
        "16",
    ]);
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

/// Issue 18.6: a table the position can never fill is not allocated (a 64 GiB `--hash`
/// on 5x5 aborted with "memory allocation of 68719476736 bytes failed", exit 134).
#[test]
fn a_huge_hash_on_a_tiny_board_gets_a_table_its_size() {
    let answer = json(&["solve", "--size", "5", "--hash", "65536", "--threads", "1"]);
    assert_eq!(answer["solved"], Value::Bool(true), "{answer}");
    let mb = answer["hash_mb"]
        .as_u64()
        .unwrap_or_else(|| panic!("{answer}"));
    assert!(mb <= 1, "5x5 got a {mb} MiB table: {answer}");
    let best = json(&[
        "bestmove", "--size", "5", "--algo", "pvs", "--depth", "3", "--hash", "65536",
    ]);
    assert!(best["move"].is_string(), "{best}");
}

/// Issue 18.6: a table that does not fit in memory is answered in one line, exit 2
/// (the address space is limited with `ulimit -v`, so the failure is certain).
#[cfg(target_os = "linux")]
#[test]
fn a_table_that_does_not_fit_is_one_line_and_exit_2() {
    let script = format!(
        "ulimit -v 1500000 && exec '{}' \"$@\"",
        env!("CARGO_BIN_EXE_queens")
    );
    for command in [
        &["solve", "--size", "15", "--hash", "4096", "--time-ms", "10"][..],
        // Without a time limit: a timed move gets no bigger table than its time can
        // fill (issue 33.3), so it never asks for the 4096 MiB (checked below).
        &[
            "bestmove", "--size", "15", "--algo", "pvs", "--depth", "1", "--hash", "4096",
        ],
    ] {
        let output = std::process::Command::new("bash")
            .args(["-c", &script, "queens"])
            .args(command)
            .output()
            .unwrap_or_else(|e| panic!("bash: {e}"));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{command:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.contains("--hash") && stderr.contains("4096 MiB"),
            "{stderr}"
        );
        assert!(output.stdout.is_empty());
    }
    let timed = std::process::Command::new("bash")
        .args(["-c", &script, "queens"])
        .args([
            "bestmove",
            "--size",
            "15",
            "--algo",
            "pvs",
            "--time-ms",
            "10",
            "--hash",
            "4096",
        ])
        .output()
        .unwrap_or_else(|e| panic!("bash: {e}"));
    let stderr = String::from_utf8_lossy(&timed.stderr);
    assert_eq!(timed.status.code(), Some(0), "a 10 ms move: {stderr}");
}

/// Issue 18.7: threads beyond the machine's cores run as many as the cores, with a
/// one-line note (1,024 threads turned a 500 ms limit into 5.5 s on two cores).
#[test]
fn threads_beyond_the_cores_are_capped_with_a_note() {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let many = (cores + 1).to_string();
    let (code, stdout, stderr) = run(&["solve", "--size", "4", "--threads", &many]);
    assert_eq!(code, Some(0), "{stderr}");
    let answer: Value = serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(answer["threads"].as_u64(), Some(cores as u64), "{answer}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains(&format!("using {cores}")), "{stderr}");
    let (code, _, stderr) = run(&[
        "bestmove",
        "--size",
        "6",
        "--algo",
        "pvs",
        "--depth",
        "3",
        "--threads",
        &many,
    ]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stderr.contains(&format!("using {cores}")), "{stderr}");
}

/// Issue 18.14: `--threads 0` means one per core for `bestmove` as for `solve` and
/// `analyse` (bestmove refused it).
#[test]
fn threads_0_means_every_core_in_every_command() {
    let cores = std::thread::available_parallelism().map_or(1, usize::from) as u64;
    let solve = json(&["solve", "--size", "4", "--threads", "0"]);
    assert_eq!(solve["threads"].as_u64(), Some(cores), "{solve}");
    let base = ["bestmove", "--size", "6", "--algo", "pvs", "--depth", "4"];
    let zero = json(&[&base[..], &["--threads", "0"]].concat());
    let default = json(&base);
    // Two threads may pick either of two moves of equal value (Lazy SMP: whichever
    // thread's answer lands first; under load both happen), so the values are compared
    // and each move is checked to be legal.
    assert_eq!(zero["value"], default["value"], "{zero} {default}");
    for answer in [&zero, &default] {
        let mv = answer["move"]
            .as_str()
            .unwrap_or_else(|| panic!("{answer}"));
        assert_eq!(
            json(&["replay", "--size", "6", "--moves", mv])["legal"],
            true,
            "{mv}"
        );
    }
    let analyse = json(&[
        "analyse",
        "--size",
        "4",
        "--moves",
        "a1",
        "--time-ms",
        "50",
        "--threads",
        "0",
    ]);
    assert_eq!(analyse["threads"].as_u64(), Some(cores), "{analyse}");
}

#[test]
fn all_moves_lists_every_move_best_first_with_the_position_s_margin_on_top() {
    let answer = json(&[
        "solve",
        "--size",
        "5",
        "--stones",
        "b2",
        "--moves",
        "c3",
        "--all-moves",
        "--threads",
        "1",
    ]);
    let moves = answer["moves"]
        .as_array()
        .unwrap_or_else(|| panic!("moves: {answer}"));
    // 25 cells, a stone, a queen and the cells it claims: every free cell is listed.
    let free = json(&["replay", "--size", "5", "--stones", "b2", "--moves", "c3"])["free"].clone();
    assert_eq!(Some(moves.len() as u64), free.as_u64(), "{answer}");
    assert_eq!(moves[0]["margin"], answer["margin"], "{answer}");
    // P2 moves: best first means the lowest margin first.
    let margins: Vec<i64> = moves.iter().filter_map(|m| m["margin"].as_i64()).collect();
    assert_eq!(margins.len(), moves.len());
    assert!(
        margins.windows(2).all(|pair| pair[0] <= pair[1]),
        "{margins:?}"
    );
    // Each move's margin is its child's own solve.
    for entry in moves.iter().take(4) {
        let mv = entry["move"].as_str().unwrap_or_default();
        let child = json(&[
            "solve",
            "--size",
            "5",
            "--stones",
            "b2",
            "--moves",
            &format!("c3,{mv}"),
            "--threads",
            "1",
        ]);
        assert_eq!(child["margin"], entry["margin"], "{mv}");
    }
    // Without the flag there is no list.
    let plain = json(&["solve", "--size", "5", "--threads", "1"]);
    assert!(plain.get("moves").is_none(), "{plain}");
}

#[test]
fn all_moves_out_of_time_exits_3_with_bounds_for_each_move() {
    // 20 stones: a board the opening book does not know (on the empty board the book
    // values every first move at once, and 50 ms was sometimes enough to finish).
    let (code, stdout, stderr) = run(&[
        "solve",
        "--size",
        "15",
        "--random-stones",
        "20",
        "--seed",
        "1",
        "--all-moves",
        "--time-ms",
        "50",
        "--hash",
        "16",
    ]);
    assert_eq!(code, Some(3), "{stdout}{stderr}");
    let answer: Value = serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}"));
    let moves = answer["moves"]
        .as_array()
        .unwrap_or_else(|| panic!("{answer}"));
    assert_eq!(moves.len(), 205);
    // The message says what is missing: the position's value, or only some move's.
    let missing = if answer["solved"] == Value::Bool(true) {
        "before every move's value was proved (the position's is)"
    } else {
        "before the position was solved"
    };
    assert!(stderr.contains(missing), "{}: {stderr}", answer["solved"]);
    for entry in moves {
        let (lower, upper) = (entry["lower"].as_i64(), entry["upper"].as_i64());
        assert!(lower <= upper && lower.is_some(), "{entry}");
        if let Some(margin) = entry["margin"].as_i64() {
            assert_eq!((lower, upper), (Some(margin), Some(margin)), "{entry}");
        }
    }
}

/// `--all-moves --exact-within K` (issue 33.2): the moves losing at most K cells carry
/// the exact margin the full list gives them; every other move carries no margin and a
/// `loss_at_least` above K that its true loss reaches; the answer is complete (exit 0)
/// and says `exact_within`.
#[test]
fn exact_within_k_gives_exact_margins_near_the_best_and_proved_losses_beyond() {
    let position = ["--size", "7", "--stones", "b2,f3,c6", "--moves", "d4"];
    let full = json(&[&["solve", "--all-moves", "--threads", "1"], &position[..]].concat());
    let (code, stdout, stderr) = run(&[
        &[
            "solve",
            "--all-moves",
            "--exact-within",
            "2",
            "--threads",
            "1",
        ],
        &position[..],
    ]
    .concat());
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    let answer: Value = serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}"));
    assert_eq!(answer["exact_within"], 2, "{answer}");
    assert_eq!(answer["margin"], full["margin"], "{answer}");
    let best = full["margin"].as_i64().unwrap_or_else(|| panic!("{full}"));
    let exact = |cell: &Value| -> i64 {
        let listed = full["moves"].as_array().unwrap_or_else(|| panic!("{full}"));
        let entry = listed.iter().find(|m| m["move"] == *cell);
        entry
            .and_then(|m| m["margin"].as_i64())
            .unwrap_or_else(|| panic!("{cell}"))
    };
    let moves = answer["moves"]
        .as_array()
        .unwrap_or_else(|| panic!("{answer}"));
    assert_eq!(moves.len(), full["moves"].as_array().map_or(0, Vec::len));
    let mut bounded = 0;
    for entry in moves {
        // P2 moves after d4: a loss is a margin above the best.
        let loss = exact(&entry["move"]) - best;
        if loss <= 2 {
            assert_eq!(
                entry["margin"].as_i64(),
                Some(exact(&entry["move"])),
                "{entry}"
            );
            assert!(entry.get("loss_at_least").is_none(), "{entry}");
        } else {
            assert_eq!(entry["margin"], Value::Null, "{entry}");
            let at_least = entry["loss_at_least"]
                .as_i64()
                .unwrap_or_else(|| panic!("{entry}"));
            assert!(at_least > 2 && at_least <= loss, "{entry} (loss {loss})");
            bounded += 1;
        }
    }
    assert!(bounded > 0, "{answer}");
}

/// Plain exhaustive negamax over the board's own play/undo (no solver code), remembering
/// the rest-of-game gain of each free set: the side to move's best gain from here.
fn exhaustive_gain(
    board: &mut queens_board::Board,
    memo: &mut std::collections::HashMap<[u64; 4], i32>,
) -> i32 {
    if board.is_over() {
        return 0;
    }
    let key = board.free().0;
    if let Some(&gain) = memo.get(&key) {
        return gain;
    }
    let mut best = i32::MIN;
    for cell in board.free() {
        let gain = board.play(cell).unwrap_or_else(|e| panic!("{e}")).count() as i32;
        best = best.max(gain - exhaustive_gain(board, memo));
        board.undo();
    }
    memo.insert(key, best);
    best
}

/// `--all-moves` (issue 33.2, now the rounds of questions "does it lose more than 3? 10?
/// 20? 40?", then exact) gives every move the margin a plain exhaustive search gives its
/// child, with either side to move, on boards whose moves lose from 0 to over 10 cells
/// (so several rounds are asked); the list is complete (exit 0) and best first.
#[test]
fn all_moves_equal_a_plain_exhaustive_search_of_every_move() {
    use queens_board::{Board, Cell, Player};
    let cases: [(&str, &[&str], &[&str]); 3] = [
        ("6", &["b2", "e5"], &["c3"]),
        ("6", &["a6", "d2", "f4"], &[]),
        (
            "7",
            &["b2", "f3", "c6", "e5", "a4", "g7", "d1"],
            &["d4", "a2"],
        ),
    ];
    let mut losses = Vec::new();
    for (size, stones, moves) in cases {
        let cell = |name: &&str| Cell::parse(name).unwrap_or_else(|| panic!("{name}"));
        let stone_cells: Vec<Cell> = stones.iter().map(cell).collect();
        let mut board = Board::new(size.parse().unwrap_or_default(), &stone_cells)
            .unwrap_or_else(|e| panic!("{e}"));
        for name in moves {
            board.do_move(cell(name));
        }
        let (stones, moves) = (stones.join(","), moves.join(","));
        let mut args = vec!["solve", "--all-moves", "--threads", "1", "--size", size];
        args.extend(["--stones", &stones]);
        if !moves.is_empty() {
            args.extend(["--moves", &moves]);
        }
        let (code, stdout, stderr) = run(&args);
        assert_eq!(code, Some(0), "{stdout}{stderr}");
        let answer: Value =
            serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}"));
        let listed = answer["moves"]
            .as_array()
            .unwrap_or_else(|| panic!("{answer}"));
        assert_eq!(listed.len(), board.free().count() as usize, "{answer}");
        let mover = board.side_to_move();
        let view = |m: i64| if mover == Player::One { m } else { -m };
        let best = answer["margin"]
            .as_i64()
            .unwrap_or_else(|| panic!("{answer}"));
        let mut memo = std::collections::HashMap::new();
        let mut last = None;
        for entry in listed {
            let name = entry["move"].as_str().unwrap_or_default();
            let mut child = board.clone();
            child.do_move(Cell::parse(name).unwrap_or_else(|| panic!("{name}")));
            let gain = i64::from(exhaustive_gain(&mut child, &mut memo));
            // The child's margin: P1's cells minus P2's so far, plus or minus the rest
            // with best play, as the child's mover gains it.
            let so_far = i64::from(child.score(Player::One)) - i64::from(child.score(Player::Two));
            let exact = match child.side_to_move() {
                Player::One => so_far + gain,
                Player::Two => so_far - gain,
            };
            assert_eq!(
                entry["margin"].as_i64(),
                Some(exact),
                "{size} {name}: {entry}"
            );
            assert_eq!(entry["lower"], entry["upper"], "{entry}");
            assert!(
                last.is_none_or(|l| view(l) >= view(exact)),
                "not best first"
            );
            last = Some(exact);
            losses.push(view(best) - view(exact));
        }
        assert_eq!(listed[0]["margin"], answer["margin"], "{answer}");
    }
    assert!(losses.iter().any(|&l| l > 10), "{losses:?}");
}
