//! Helpers shared by the CLI test files: run the real `queens` binary and check the
//! contract of docs/cli.md (one JSON line and exit 0; exit 2, one line on stderr and
//! nothing on stdout for bad input).

// Each test file uses only some of these.
#![allow(dead_code)]

#[path = "../../crates/engines/tests/support/minimax.rs"]
pub(crate) mod minimax;

use assert_cmd::cargo::cargo_bin_cmd;
use serde_json::Value;
use std::process::Output;

/// Runs the real `queens` binary with `args` and returns what it did.
pub(crate) fn queens(args: &[&str]) -> Output {
    output_of(|| {
        let mut command = cargo_bin_cmd!("queens");
        command.args(args);
        command
    })
}

/// Runs the command `make` builds and returns what it did.
///
/// Only a failure to start the process is tried again (up to three times): under wine,
/// CI's Windows runner, `CreateProcess` now and then fails with "Internal error" (os error
/// 1359) before the program runs. The program's own result is never retried.
pub(crate) fn output_of(make: impl Fn() -> assert_cmd::Command) -> Output {
    const STARTS: usize = 3;
    let mut last_error = String::new();
    for _ in 0..STARTS {
        let mut command = make();
        match command.output() {
            Ok(output) => return output,
            Err(err) => last_error = format!("{command:?}: {err}"),
        }
    }
    panic!("cannot run {last_error} ({STARTS} tries)")
}

/// Runs `queens` and returns its exit code, stdout and stderr (both must be UTF-8).
pub(crate) fn run(args: &[&str]) -> (Option<i32>, String, String) {
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
pub(crate) fn json(args: &[&str]) -> Value {
    let (code, stdout, stderr) = run(args);
    assert_eq!(code, Some(0), "{args:?}: {stderr}");
    assert!(stderr.is_empty(), "{args:?} wrote to stderr: {stderr}");
    assert_eq!(stdout.lines().count(), 1, "{args:?}: {stdout}");
    serde_json::from_str(&stdout).unwrap_or_else(|err| panic!("{args:?}: {err} in {stdout}"))
}

/// Runs a command that must be refused as bad input and returns its one-line message.
pub(crate) fn refused(args: &[&str]) -> String {
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
pub(crate) fn all_refused(cases: &[(&[&str], &str)]) {
    for (args, needle) in cases {
        let message = refused(args);
        assert!(
            message.to_lowercase().contains(&needle.to_lowercase()),
            "{args:?} said {message:?}, want {needle:?}"
        );
    }
}

pub(crate) fn cells(value: &Value) -> Vec<String> {
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

/// Checks each `(command line, needle)`: the line is split on spaces (so no argument
/// may hold one), refused, and the message contains the needle.
pub(crate) fn refused_lines(cases: &[(&str, &str)]) {
    for (line, needle) in cases {
        let args: Vec<&str> = line.split_whitespace().collect();
        let message = refused(&args);
        assert!(
            message.to_lowercase().contains(&needle.to_lowercase()),
            "{line:?} said {message:?}, want {needle:?}"
        );
    }
}

/// The signal mask `field` ("SigIgn:", "SigCgt:") of process `pid`.
#[cfg(target_os = "linux")]
pub(crate) fn signal_mask(pid: u32, field: &str) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find_map(|line| line.strip_prefix(field))
        .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
        .unwrap_or(0)
}

/// Runs `queens args` where a file can grow to at most `bytes` bytes, as on a disk that
/// fills up: the size limit (`ulimit -f`, in 512-byte blocks in `sh`) with SIGXFSZ
/// ignored, so a write past it fails (EFBIG) instead of killing the program, and the
/// program sees a write fail part way as it would with ENOSPC. Returns the exit code,
/// stdout and stderr.
#[cfg(target_os = "linux")]
pub(crate) fn run_on_a_small_disk(bytes: u64, args: &[&str]) -> (Option<i32>, String, String) {
    let script = format!(
        "trap '' XFSZ && ulimit -f {} && exec '{}' \"$@\"",
        bytes / 512,
        env!("CARGO_BIN_EXE_queens")
    );
    let output = output_of(|| {
        let mut command = assert_cmd::Command::new("sh");
        command.arg("-c").arg(&script).arg("sh").args(args);
        command
    });
    let text = |bytes: Vec<u8>| String::from_utf8_lossy(&bytes).into_owned();
    (
        output.status.code(),
        text(output.stdout),
        text(output.stderr),
    )
}
