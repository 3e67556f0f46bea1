//! `queens analyse` through the real binary: move by move against an exhaustive solver
//! (the oracle's rules, no shared code), the JSON contract, refusals naming the move,
//! games read from files, and the workbook read back.

use crate::common;
use crate::oracle;

use calamine::{Data, Reader, Xlsx, open_workbook};
#[cfg(target_os = "linux")]
use common::signal_mask;
use common::{json, refused};
use oracle::{CellKind, RefBoard};
use queens_board::random_position;
use queens_store::{SavedGame, Side, append_history};
use serde_json::Value;
use std::collections::HashMap;

/// The position's state as a memo key: every cell's kind (owners included, so nothing
/// about the game is assumed beyond the rules).
fn key_of(board: &RefBoard) -> Vec<u8> {
    let n = board.size();
    let mut key = Vec::with_capacity(n * n);
    for row in 0..n {
        for col in 0..n {
            key.push(match board.kind(col, row) {
                CellKind::Free => 0,
                CellKind::Stone => 1,
                CellKind::Queen(p) => 2 + p as u8,
                CellKind::Claimed(p) => 4 + p as u8,
            });
        }
    }
    key
}

/// The exact final difference (side to move minus the other) by trying every move of
/// every position to the end, remembering positions already solved.
fn exhaustive(board: &mut RefBoard, memo: &mut HashMap<Vec<u8>, i32>) -> i32 {
    if board.is_over() {
        return board.evaluate();
    }
    let key = key_of(board);
    if let Some(&value) = memo.get(&key) {
        return value;
    }
    let mut best = i32::MIN;
    for (col, row) in board.free_cells() {
        assert!(board.play(col, row));
        best = best.max(-exhaustive(board, memo));
        board.undo();
    }
    memo.insert(key, best);
    best
}

/// P1's final cells minus P2's with perfect play from `board`.
fn margin(board: &mut RefBoard, memo: &mut HashMap<Vec<u8>, i32>) -> i64 {
    let value = i64::from(exhaustive(board, memo));
    if board.to_move() == 0 { value } else { -value }
}

fn int(value: &Value) -> i64 {
    value
        .as_i64()
        .unwrap_or_else(|| panic!("not an integer: {value}"))
}

fn cell_of(name: &str, size: usize) -> (usize, usize) {
    let col = (name.as_bytes()[0] - b'a') as usize;
    let row: usize = name[1..].parse().unwrap_or_else(|e| panic!("{name}: {e}"));
    assert!(col < size && row >= 1 && row <= size, "{name}");
    (col, row - 1)
}

/// Analyses `game` and checks every move against the exhaustive solver.
fn check_against_exhaustive(game: &str) {
    let answer = json(&[
        "analyse",
        "--game",
        game,
        "--time-ms",
        "5000",
        "--threads",
        "1",
        "--hash",
        "8",
    ]);
    let mut board = RefBoard::from_game_string(game).unwrap_or_else(|| panic!("{game}"));
    let size = board.size();
    let moves: Vec<(usize, usize)> = game
        .split("moves=")
        .nth(1)
        .unwrap_or("")
        .split(',')
        .filter(|m| !m.is_empty())
        .map(|m| cell_of(m, size))
        .collect();
    // Back to the start, then forward move by move.
    for _ in &moves {
        board.undo();
    }
    let reported = answer["moves"]
        .as_array()
        .unwrap_or_else(|| panic!("{answer}"));
    assert_eq!(reported.len(), moves.len(), "{answer}");
    assert_eq!(answer["complete"], Value::Bool(true));
    let mut memo = HashMap::new();
    let mut totals = [0i64; 2];
    for (k, (entry, &(col, row))) in reported.iter().zip(&moves).enumerate() {
        let context = format!("{game}, move {}: {entry}", k + 1);
        let mover = board.to_move();
        assert_eq!(int(&entry["ply"]), k as i64 + 1, "{context}");
        assert_eq!(int(&entry["player"]), mover as i64 + 1, "{context}");
        let before = margin(&mut board, &mut memo);
        assert_eq!(int(&entry["margin_before"]), before, "{context}");
        // The named best move reaches the best margin (there may be ties).
        let best = entry["best"]
            .as_str()
            .unwrap_or_else(|| panic!("{context}"));
        let (bc, br) = cell_of(best, size);
        assert!(board.play(bc, br), "{context}: best move illegal");
        assert_eq!(
            margin(&mut board, &mut memo),
            before,
            "{context}: best move"
        );
        board.undo();
        assert!(board.play(col, row), "{context}");
        let after = margin(&mut board, &mut memo);
        assert_eq!(int(&entry["margin_after"]), after, "{context}");
        let loss = if mover == 0 {
            before - after
        } else {
            after - before
        };
        assert!(loss >= 0, "{context}: a move gained on best play");
        assert_eq!(int(&entry["loss"]), loss, "{context}");
        assert_eq!(entry["exact"], Value::Bool(true), "{context}");
        assert_eq!(entry["depth"], Value::Null, "{context}");
        let class = match loss {
            0 => "best",
            1..=2 => "good",
            3..=5 => "inaccuracy",
            6..=9 => "mistake",
            _ => "blunder",
        };
        assert_eq!(entry["class"], class, "{context}");
        totals[mover] += loss;
    }
    for (index, player) in answer["players"]
        .as_array()
        .into_iter()
        .flatten()
        .enumerate()
    {
        assert_eq!(int(&player["player"]), index as i64 + 1);
        assert_eq!(int(&player["loss"]), totals[index], "{answer}");
    }
}

#[test]
fn analyse_agrees_move_by_move_with_an_exhaustive_solver() {
    let mut checked = 0;
    for (size, stones, seeds) in [
        (4u8, 0usize, 0..3u64),
        (4, 2, 3..6),
        (5, 0, 6..8),
        (5, 3, 8..10),
        (6, 4, 10..12),
        (6, 6, 12..14),
    ] {
        for seed in seeds {
            let board = random_position(size, stones, 225, seed).unwrap_or_else(|e| panic!("{e}"));
            assert!(board.is_over());
            check_against_exhaustive(&board.game_string());
            checked += 1;
        }
    }
    assert_eq!(checked, 14);
}

#[test]
fn an_unfinished_game_is_analysed_too() {
    check_against_exhaustive("size=5 stones=b2,d4 moves=c3,a1");
}

#[test]
fn the_answer_has_the_documented_shape() {
    let answer = json(&[
        "analyse",
        "--size",
        "4",
        "--moves",
        "b2,d3,a4",
        "--threads",
        "1",
    ]);
    for key in [
        "game", "moves", "players", "complete", "time_ms", "threads", "hash_mb", "xlsx",
    ] {
        assert!(answer.get(key).is_some(), "{key} missing: {answer}");
    }
    let first = &answer["moves"][0];
    for key in [
        "ply",
        "player",
        "move",
        "best",
        "margin_before",
        "margin_after",
        "loss",
        "loss_lower",
        "loss_upper",
        "exact",
        "depth",
        "class",
    ] {
        assert!(first.get(key).is_some(), "{key} missing: {first}");
    }
    assert_eq!(first["move"], "b2");
    let players = answer["players"]
        .as_array()
        .unwrap_or_else(|| panic!("{answer}"));
    assert_eq!(players.len(), 2);
    for key in [
        "player", "moves", "loss", "best", "unproved", "accuracy", "classes",
    ] {
        assert!(players[0].get(key).is_some(), "{key} missing: {answer}");
    }
    // The game of docs/rules.md ends 13 : 3; after the last move the margin is that.
    assert_eq!(answer["moves"][2]["margin_after"], 10);
    assert_eq!(answer["time_ms"], 1000);
}

#[test]
fn an_illegal_or_corrupt_game_is_refused_naming_the_move() {
    let message = refused(&["analyse", "--size", "4", "--moves", "b2,d3,b2"]);
    assert!(message.contains("move 3 (b2)"), "{message}");
    let message = refused(&["analyse", "--size", "4", "--moves", "b2,z9"]);
    assert!(message.contains("z9"), "{message}");

    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let board = random_position(5, 2, 225, 4).unwrap_or_else(|e| panic!("{e}"));
    let mut saved = SavedGame::new(&board, [Side::Human, Side::Human], Some(4));
    // Move 2 replaced by move 1's cell: the file no longer replays.
    saved.moves[1].cell = saved.moves[0].cell.clone();
    let path = dir.path().join("tampered.ron");
    saved.save_to(&path).unwrap_or_else(|e| panic!("{e}"));
    let message = refused(&["analyse", "--file", &path.display().to_string()]);
    assert!(message.contains("move 2"), "{message}");
    let folder = refused(&["analyse", "--file", &dir.path().display().to_string()]);
    assert!(!folder.is_empty());
    let both = refused(&["analyse", "--file", "x.ron", "--size", "4"]);
    assert!(both.contains("--file") || both.contains("--size"), "{both}");
}

/// Issue 38.5: `()`, `(foo: 3)`, `(version: 1)` were analysed as an empty 8x8 game and
/// `(version: 1, settings: (size: 15))` as an empty 15x15 one, and a misspelled field
/// was replaced by its default. A save has every field it needs and no other; exit 2
/// names the field.
#[test]
fn a_file_that_is_not_a_whole_save_is_refused_naming_the_field() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let board = random_position(5, 2, 225, 4).unwrap_or_else(|e| panic!("{e}"));
    let good = SavedGame::new(&board, [Side::Human, Side::Human], Some(4))
        .to_ron()
        .unwrap_or_else(|e| panic!("{e}"));
    let cases = [
        ("()".to_string(), "the field 'version' is missing"),
        ("(foo: 3)".to_string(), "there is no field 'foo' here"),
        ("(version: 1)".to_string(), "is missing"),
        (
            "(version: 1, settings: (size: 15))".to_string(),
            "is missing",
        ),
        (
            good.replacen("gained:", "gaineD:", 1),
            "there is no field 'gaineD' here",
        ),
        (
            good.replacen("created:", "craeted:", 1),
            "there is no field 'craeted' here",
        ),
        (good.replacen("    score:", "    scroe:", 1), "scroe"),
    ];
    for (index, (text, needle)) in cases.iter().enumerate() {
        let path = dir.path().join(format!("not-a-save-{index}.ron"));
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("{e}"));
        let message = refused(&["analyse", "--file", &path.display().to_string()]);
        assert!(message.contains(needle), "{text:?}: {message}");
    }
    // The whole save is analysed.
    let path = dir.path().join("good.ron");
    std::fs::write(&path, &good).unwrap_or_else(|e| panic!("{e}"));
    let answer = json(&[
        "analyse",
        "--file",
        &path.display().to_string(),
        "--threads",
        "1",
    ]);
    assert_eq!(answer["game"], board.game_string().as_str());
}

#[test]
fn a_history_entry_is_analysed_by_path_as_its_game_string() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let board = random_position(5, 3, 225, 21).unwrap_or_else(|e| panic!("{e}"));
    let saved = SavedGame::new(&board, [Side::Human, Side::Human], Some(21));
    let path = append_history(dir.path(), &saved).unwrap_or_else(|e| panic!("{e}"));
    let by_file = json(&[
        "analyse",
        "--file",
        &path.display().to_string(),
        "--threads",
        "1",
    ]);
    let by_string = json(&["analyse", "--game", &board.game_string(), "--threads", "1"]);
    assert_eq!(by_file["moves"], by_string["moves"]);
    assert_eq!(by_file["game"], board.game_string().as_str());
}

#[test]
fn the_workbook_holds_one_row_per_move_and_the_players() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let out = dir.path().join("sub").join("analysis.xlsx");
    let game = random_position(5, 2, 225, 8)
        .unwrap_or_else(|e| panic!("{e}"))
        .game_string();
    let answer = json(&[
        "analyse",
        "--game",
        &game,
        "--threads",
        "1",
        "--xlsx",
        &out.display().to_string(),
    ]);
    assert_eq!(answer["xlsx"], out.display().to_string().as_str());
    let mut book: Xlsx<_> = open_workbook(&out).unwrap_or_else(|e| panic!("{e}"));
    let range = book
        .worksheet_range("Analysis")
        .unwrap_or_else(|e| panic!("{e}"));
    let moves = answer["moves"]
        .as_array()
        .unwrap_or_else(|| panic!("{answer}"));
    let rows: Vec<&[Data]> = range.rows().collect();
    assert_eq!(rows[0][0], Data::String("Ply".to_string()));
    for (row, entry) in rows[1..].iter().zip(moves) {
        let number = |at: usize| match &row[at] {
            Data::Float(v) => *v as i64,
            other => panic!("column {at}: {other:?}"),
        };
        assert_eq!(number(0), int(&entry["ply"]));
        assert_eq!(
            row[2],
            Data::String(entry["move"].as_str().unwrap_or("").to_string())
        );
        assert_eq!(number(4), int(&entry["margin_before"]));
        assert_eq!(number(5), int(&entry["margin_after"]));
        assert_eq!(number(6), int(&entry["loss"]));
        assert_eq!(number(7), int(&entry["loss_lower"]));
        assert_eq!(number(8), int(&entry["loss_upper"]));
        assert_eq!(
            row[11],
            Data::String(entry["class"].as_str().unwrap_or("").to_string())
        );
    }
    let data_rows = rows[1..]
        .iter()
        .filter(|r| !matches!(r[0], Data::Empty))
        .count();
    assert_eq!(data_rows, moves.len());
    // The per-player block beside the moves: P1's total loss.
    assert_eq!(rows[1][13], Data::String("P1".to_string()));
    assert_eq!(
        rows[1][15],
        Data::Float(answer["players"][0]["loss"].as_f64().unwrap_or(-1.0))
    );
}

/// Issue 18 (2): a stopped `analyse --xlsx F` leaves a complete F as it was and writes
/// the partial analysis beside it, under a name that says so.
#[cfg(target_os = "linux")]
#[test]
fn a_stopped_analysis_never_replaces_the_workbook_it_was_given() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let workbook = dir.path().join("game.xlsx");
    let workbook_arg = workbook.display().to_string();
    // A complete analysis of a short game first.
    let done = json(&[
        "analyse",
        "--game",
        "size=5 moves=c3,a2",
        "--xlsx",
        &workbook_arg,
    ]);
    assert_eq!(done["complete"], true, "{done}");
    let before = std::fs::read(&workbook).unwrap_or_else(|e| panic!("{e}"));
    // Then a long one (15x15, a minute per position) to the same file, stopped.
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_queens"))
        .args([
            "analyse",
            "--game",
            "size=15 moves=h8,c2,m14",
            "--time-ms",
            "60000",
            "--threads",
            "1",
            "--xlsx",
            &workbook_arg,
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap_or_else(|err| panic!("cannot run queens: {err}"));
    const TERM: u64 = 1 << 14;
    let mut ready = false;
    for _ in 0..10_000 {
        ready = signal_mask(child.id(), "SigCgt:") & TERM != 0;
        if ready || matches!(child.try_wait(), Ok(Some(_))) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    if !ready {
        let _ = child.kill();
    }
    assert!(ready, "the analysis never installed its stop handler");
    let sent = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .is_ok_and(|status| status.success());
    assert!(sent);
    let output = child.wait_with_output().unwrap_or_else(|e| panic!("{e}"));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(130), "{stdout}");
    let report: serde_json::Value =
        serde_json::from_str(&stdout).unwrap_or_else(|err| panic!("{err}: {stdout}"));
    assert_eq!(report["complete"], false, "{report}");
    let partial = dir.path().join("game.partial.xlsx");
    assert_eq!(report["xlsx"], partial.display().to_string(), "{report}");
    assert!(partial.is_file());
    let after = std::fs::read(&workbook).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        after, before,
        "the complete workbook was replaced by a partial one"
    );
}

/// Issue 19: a loss not proved within the time is not stated: `"loss": null`, its proved
/// bounds beside it, and the class "unproved" unless the bounds decide it. The per-player
/// totals count such moves apart.
#[test]
fn an_unproved_loss_is_null_with_its_proved_bounds() {
    let answer = json(&[
        "analyse",
        "--size",
        "15",
        "--moves",
        "h11,l6",
        "--time-ms",
        "5",
        // No second look: it would prove them (see the next test).
        "--retry-ms",
        "0",
        "--threads",
        "1",
        "--hash",
        "8",
    ]);
    let moves = answer["moves"]
        .as_array()
        .unwrap_or_else(|| panic!("{answer}"));
    assert_eq!(moves.len(), 2);
    let mut unproved = 0;
    for entry in moves {
        let (lower, upper) = (int(&entry["loss_lower"]), int(&entry["loss_upper"]));
        assert!(0 <= lower && lower <= upper, "{entry}");
        if entry["loss"].is_null() {
            unproved += 1;
            assert_eq!(entry["exact"], Value::Bool(false), "{entry}");
            assert!(entry["depth"].as_u64().is_some(), "{entry}");
            let class = entry["class"].as_str().unwrap_or("");
            assert!(lower < upper, "{entry}");
            assert!(
                class == "unproved" || (lower >= 10 && class == "blunder"),
                "{entry}"
            );
        } else {
            assert_eq!(int(&entry["loss"]), lower, "{entry}");
            assert_eq!(lower, upper, "{entry}");
        }
    }
    // Nothing of a 15x15 opening is proved in 5 ms.
    assert!(unproved > 0, "{answer}");
    let counted: i64 = answer["players"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|p| int(&p["unproved"]))
        .sum();
    assert_eq!(counted, unproved, "{answer}");
}

/// Issue 21.2: the second look (on by default) spends its time on the positions the
/// first pass left unproved: the same hurried analysis proves both moves.
#[test]
fn the_second_look_proves_what_the_first_pass_left() {
    // The default is a minute; ten give a slow, shared machine room (the proofs take
    // a few seconds here).
    let small = json(&["analyse", "--size", "4", "--moves", "b2"]);
    assert_eq!(small["retry_ms"], 60_000);
    let answer = json(&[
        "analyse",
        "--size",
        "15",
        "--moves",
        "h11,l6",
        "--time-ms",
        "5",
        "--retry-ms",
        "600000",
        "--threads",
        "1",
        "--hash",
        "64",
    ]);
    let moves = answer["moves"]
        .as_array()
        .unwrap_or_else(|| panic!("{answer}"));
    let losses: Vec<i64> = moves.iter().map(|m| int(&m["loss"])).collect();
    // h11 gives away 10 of the opening's 35, l6 six (proved by the solver).
    assert_eq!(losses, [10, 6], "{answer}");
    assert!(moves.iter().all(|m| m["exact"] == Value::Bool(true)));
}
