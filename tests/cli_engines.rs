//! Engine programs at the command line (docs/protocol.md): whole `queens arena` series
//! between the example Python engines (examples/) and ours on every game they play, a
//! bad engine's forfeits with their reasons while the series goes on, and the protocol
//! log.

use std::process::{Command, Output};

fn queens(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{e}"))
}

fn json(out: &Output) -> serde_json::Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}"))
}

fn example(name: &str) -> String {
    format!("cmd=python3 {}/examples/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn fake(mode: &str) -> String {
    format!(
        "start=10000 margin=300 timeout=300 cmd=python3 {}/tests/engines/fake_engine.py {mode}",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn the_example_engines_play_whole_series_of_tictactoe_and_dodgem() {
    for (kind, a, b) in [
        ("tictactoe", "engine_minimax.py", "minimax:3"),
        ("tictactoe", "engine_alphabeta.py", "alphabeta:9"),
        ("dodgem", "engine_minimax.py", "minimax:3"),
        ("dodgem", "engine_alphabeta.py", "alphabeta:3"),
    ] {
        let depth = if b.ends_with(":9") { 9 } else { 3 };
        let spec = format!("depth={depth} {}", example(a));
        let out = queens(&[
            "arena",
            "--kind",
            kind,
            "--a",
            &spec,
            "--b",
            b,
            "--games",
            "2",
            "--threads",
            "1",
            "--no-history",
        ]);
        let answer = json(&out);
        assert_eq!(answer["games"], 2, "{kind} {a}: {answer}");
        assert!(answer.get("forfeits").is_none(), "{kind} {a}: {answer}");
        assert_eq!(answer["a"]["algo"], "program");
        assert!(answer["a"]["moves"].as_u64().is_some_and(|m| m > 0));
        if depth == 9 {
            // Perfect play on both sides: every game a draw.
            assert_eq!(answer["draws"], 2, "{kind} {a}: {answer}");
        }
    }
}

#[test]
fn a_bad_engine_forfeits_each_game_with_its_reason_and_the_series_goes_on() {
    for (mode, reason) in [
        ("crash", "crashed"),
        ("hang", "hung"),
        ("garbage", "garbage"),
        ("illegal", "illegal move"),
        ("flood", "flood"),
        ("ignore_stop", "ignored stop"),
    ] {
        let spec = fake(mode);
        let out = queens(&[
            "arena",
            "--kind",
            "tictactoe",
            "--a",
            &spec,
            "--b",
            "alphabeta:2",
            "--games",
            "2",
            "--threads",
            "1",
            "--no-history",
        ]);
        let answer = json(&out);
        assert_eq!(answer["games"], 2, "{mode}: {answer}");
        assert_eq!(answer["losses"], 2, "{mode}: {answer}");
        let forfeits = answer["forfeits"].as_array().cloned().unwrap_or_default();
        assert_eq!(forfeits.len(), 2, "{mode}: {answer}");
        for forfeit in forfeits {
            assert_eq!(forfeit["reason"], reason, "{mode}: {forfeit}");
            assert_eq!(forfeit["side"], "A");
        }
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("A forfeits"), "{mode}: {stderr}");
    }
    // One that does not start at all.
    let out = queens(&[
        "arena",
        "--kind",
        "dodgem",
        "--b",
        "cmd=/no/such/engine",
        "--games",
        "2",
        "--threads",
        "1",
        "--no-history",
    ]);
    let answer = json(&out);
    assert_eq!(answer["wins"], 2, "{answer}");
    assert_eq!(answer["forfeits"][0]["reason"], "did not start");
}

#[test]
fn the_protocol_log_holds_both_directions() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let log = dir.path().join("protocol.log");
    let log_text = log.display().to_string();
    let spec = format!("depth=1 {}", example("engine_minimax.py"));
    let out = queens(&[
        "arena",
        "--kind",
        "tictactoe",
        "--a",
        &spec,
        "--games",
        "2",
        "--threads",
        "1",
        "--no-history",
        "--log",
        &log_text,
    ]);
    json(&out);
    let text = std::fs::read_to_string(&log).unwrap_or_else(|e| panic!("{e}"));
    assert!(text.contains("> protocol 1"), "{text}");
    assert!(text.contains("< protocolok 1"), "{text}");
    assert!(text.contains("> position game=tictactoe"), "{text}");
    assert!(text.contains("< bestmove "), "{text}");
    assert!(
        text.contains("[engine 2 "),
        "a new process per game: {text}"
    );
}

#[test]
fn a_bad_engine_spec_is_a_usage_error() {
    let out = queens(&["arena", "--kind", "tictactoe", "--a", "depth=0 cmd=x"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("depth=0"), "{stderr}");
}
