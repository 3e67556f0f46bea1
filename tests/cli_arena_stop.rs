//! Issue 18.16: after the first stop request `queens arena` stops writing history files
//! at once. It used to go on writing every game finished before the stop, at disk speed:
//! a 20,000-game run still wrote 120 files a second 65 seconds after SIGTERM. Now finished
//! games wait in a queue of [`FINISHED_QUEUE`] for the writer, so only those (and one per
//! worker) are written after the stop.

#![cfg(unix)]

use crate::common;

use common::signal_mask;
use queens_arena::FINISHED_QUEUE;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

fn history_files(saves: &Path) -> usize {
    std::fs::read_dir(saves.join("history"))
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .filter(|e| e.file_name().to_string_lossy().ends_with(".ron"))
                .count()
        })
        .unwrap_or(0)
}

#[test]
fn the_first_stop_ends_the_writing_of_history_files() {
    // On the disk of the build, where each file is synced: a tmpfs could write as fast
    // as the games finish and hide a backlog.
    let dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap_or_else(|e| panic!("{e}"));
    let saves = dir.path().join("saves");
    std::fs::create_dir(&saves).unwrap_or_else(|e| panic!("{e}"));
    let workers = 2;
    let mut child = Command::new(env!("CARGO_BIN_EXE_queens"))
        .args([
            "arena", "--games", "1000000", "--size", "3", "--stones", "0",
        ])
        .args(["--a", "minimax:1", "--b", "minimax:1", "--threads", "2"])
        .arg("--saves-dir")
        .arg(&saves)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|err| panic!("cannot run queens: {err}"));
    // Wait (on state) until the handler is installed and games are being written.
    const TERM: u64 = 1 << 14;
    let mut before = 0;
    for _ in 0..100_000 {
        before = history_files(&saves);
        let caught = signal_mask(child.id(), "SigCgt:") & TERM != 0;
        if (caught && before >= 50) || matches!(child.try_wait(), Ok(Some(_))) {
            break;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(before >= 50, "the series did not start writing");
    let sent = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status();
    assert!(sent.is_ok_and(|status| status.success()));
    let output = child
        .wait_with_output()
        .unwrap_or_else(|err| panic!("{err}"));
    let after = history_files(&saves);
    assert_eq!(output.status.code(), Some(0));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let value: serde_json::Value =
        serde_json::from_str(&stdout).unwrap_or_else(|err| panic!("{err}: {stdout}"));
    assert_eq!(value["stopped"], true, "{value}");
    assert_eq!(
        value["history_files"].as_u64(),
        Some(after as u64),
        "{value}"
    );
    // The queue, one game per worker, the one being written, and what the writer did
    // between the count above and the signal's arrival (a few milliseconds; generous
    // for a loaded machine). The old backlog was thousands.
    let allowed = FINISHED_QUEUE + workers + 1 + 40;
    assert!(
        after - before <= allowed,
        "{} files written after the stop (at most {allowed} expected)",
        after - before
    );
}
