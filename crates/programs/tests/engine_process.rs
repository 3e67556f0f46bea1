//! Engine programs that misbehave (tests/engines/fake_engine.py, one mode each) lose
//! with the reason said, within their bound, and leave no process behind. The bounds
//! are short; each test waits on the engine's answer, never on a clock of its own.
//!
//! Unix only: the fake and example engines are Python and sh scripts, which the Windows
//! test run under wine cannot start.

#![cfg(unix)]

use queens_engines::games::game_string;
use queens_engines::games::seam::AnyGame;
use queens_programs::{Bounds, EngineError, EngineProcess, Go, ProgramSpec};
use std::time::Duration;

fn spec(mode: &str) -> ProgramSpec {
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/engines/fake_engine.py"
    );
    let mut spec: ProgramSpec = format!("cmd=python3 {script} {mode}")
        .parse()
        .unwrap_or_else(|e| panic!("{e}"));
    spec.bounds = Bounds {
        // Python's start on a loaded machine is the slowest thing here.
        start: Duration::from_millis(10_000),
        margin: Duration::from_millis(300),
        timeout: Duration::from_millis(300),
    };
    spec
}

/// The fake engine of `mode`, started (its handshake done).
fn started(mode: &str) -> EngineProcess {
    EngineProcess::start(&spec(mode), None).unwrap_or_else(|e| panic!("{mode}: {e}"))
}

/// The game of a game string.
fn position(text: &str) -> Box<dyn AnyGame> {
    game_string::read(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The engine's first move in tic-tac-toe's start with `go`.
fn first_move(mode: &str, go: Go) -> Result<String, EngineError> {
    let mut engine = EngineProcess::start(&spec(mode), None)?;
    let game = position("game=tictactoe");
    let never = || false;
    queens_programs::play(&mut engine, game.as_ref(), &go, &never, &mut |_| {})
        .map(|answer| answer.best_move)
}

fn depth(depth: u32) -> Go {
    Go {
        depth: Some(depth),
        ..Go::default()
    }
}

/// Asserts that the engine of `mode` loses its first move with `go` for the reason
/// `why` ([`EngineError::reason`]), whose whole text says each of `says`.
fn loses_with(mode: &str, go: Go, why: &str, says: &[&str]) {
    let err = match first_move(mode, go) {
        Ok(mv) => panic!("{mode}: played {mv}"),
        Err(err) => err,
    };
    let text = err.to_string();
    assert_eq!(err.reason(), why, "{mode}: {text}");
    for said in says {
        assert!(text.contains(said), "{mode}: '{said}' not in {text}");
    }
}

/// Asserts that the engine of `mode` fails its start with the error `matches` accepts.
fn fails_to_start(mode: &str, matches: impl Fn(&EngineError) -> bool) -> String {
    match EngineProcess::start(&spec(mode), None) {
        Ok(_) => panic!("{mode} started"),
        Err(err) => {
            assert!(matches(&err), "{mode}: {err:?}");
            err.to_string()
        }
    }
}

#[test]
fn a_good_engine_plays_a_legal_move_and_says_its_name() {
    let mut engine = started("good");
    assert_eq!(engine.id.name, "fake good");
    assert_eq!(engine.id.author, "the tests");
    let game = position("game=tictactoe moves=a1");
    let mut infos = 0;
    let answer = queens_programs::play(
        &mut engine,
        game.as_ref(),
        &depth(1),
        &|| false,
        &mut |_| {
            infos += 1;
        },
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(answer.best_move, "b1");
    assert_eq!((answer.nodes, answer.leaves), (Some(2), Some(1)));
    assert_eq!(infos, 1);
    engine.quit();
}

#[test]
fn a_program_that_cannot_run_did_not_start() {
    let spec: ProgramSpec = "cmd=/no/such/engine --fast"
        .parse()
        .unwrap_or_else(|e| panic!("{e}"));
    let err = EngineProcess::start(&spec, None).err();
    assert!(
        matches!(&err, Some(EngineError::NotStarted { command, .. }) if command == "/no/such/engine --fast"),
        "{err:?}"
    );
}

#[test]
fn a_crash_says_its_exit_status_and_its_last_standard_error() {
    loses_with(
        "crash",
        depth(1),
        "crashed",
        &["status 1", "ZeroDivisionError"],
    );
    let text = fails_to_start("crash_at_start", |err| err.reason() == "crashed");
    assert!(
        text.contains("status 3") && text.contains("broke at start"),
        "{text}"
    );
}

#[test]
fn a_silent_engine_hangs_in_the_handshake_and_in_a_search() {
    let mut quick = spec("silent_start");
    quick.bounds.start = Duration::from_millis(300);
    let err = EngineProcess::start(&quick, None).err();
    assert!(matches!(err, Some(EngineError::Hung { .. })), "{err:?}");
    loses_with("hang", depth(1), "hung", &[]);
}

#[test]
fn an_answer_after_the_time_and_margin_is_late() {
    let go = Go {
        movetime_ms: Some(50),
        ..Go::default()
    };
    loses_with("late", go, "late", &["50 ms", "300 ms margin"]);
}

#[test]
fn an_engine_that_goes_on_after_stop_ignored_it() {
    loses_with("ignore_stop", depth(1), "ignored stop", &[]);
    // The caller's stop too (Ctrl+C, a window's Move now).
    let mut engine = started("ignore_stop");
    let game = position("game=tictactoe");
    let asked = std::cell::Cell::new(false);
    let err = queens_programs::play(
        &mut engine,
        game.as_ref(),
        &depth(1),
        &|| asked.get(),
        &mut |_| asked.set(true),
    )
    .err();
    assert!(
        matches!(err, Some(EngineError::IgnoredStop { .. })),
        "{err:?}"
    );
}

#[test]
fn lines_off_the_protocol_are_garbage_with_the_line_quoted() {
    loses_with("garbage", depth(1), "garbage", &["thinking about a1"]);
    fails_to_start("old_protocol", |err| {
        matches!(err, EngineError::Garbage { .. })
    });
}

#[test]
fn too_many_lines_or_too_long_a_line_is_a_flood() {
    loses_with("flood", depth(1), "flood", &["10000 lines"]);
    loses_with("longline", depth(1), "flood", &["4096 bytes"]);
}

#[test]
fn an_illegal_move_is_refused_before_it_is_played() {
    loses_with(
        "illegal",
        depth(1),
        "illegal move",
        &["'z9'", "game=tictactoe"],
    );
}

#[test]
fn an_engine_error_line_is_its_reason() {
    loses_with("refuse", depth(1), "engine error", &["plays chess only"]);
}

/// Whether process `pid` is gone (or a zombie of someone else's, which holds nothing).
#[cfg(target_os = "linux")]
fn gone(pid: &str) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat.split_whitespace().nth(2) == Some("Z"),
    }
}

#[cfg(target_os = "linux")]
#[test]
fn ending_an_engine_kills_the_children_it_started() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let pid_file = dir.path().join("child.pid");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/engines/orphan.sh");
    let mut spec: ProgramSpec = format!("margin=200 cmd=sh {script} {}", pid_file.display())
        .parse()
        .unwrap_or_else(|e| panic!("{e}"));
    spec.bounds.start = Duration::from_millis(10_000);
    let engine = EngineProcess::start(&spec, None).unwrap_or_else(|e| panic!("{e}"));
    let pid = std::fs::read_to_string(&pid_file).unwrap_or_else(|e| panic!("{e}"));
    let pid = pid.trim().to_string();
    assert!(!gone(&pid), "the child runs while the engine does");
    drop(engine);
    // SIGKILL is delivered before drop returns; the orphan's reaping by init is not ours
    // to time, so wait on its state.
    while !gone(&pid) {
        std::thread::sleep(Duration::from_millis(10));
    }
}
