//! Every file a command writes goes through one output check, before any work: a saved
//! game, a FIFO or a device given as an output is refused and left as it was (issue 18,
//! item 1: `analyse --xlsx` used to replace anything, after the analysis).

use crate::common;

#[cfg(unix)]
use assert_cmd::cargo::cargo_bin_cmd;
use common::refused;
use queens_board::random_position;
use queens_store::{SavedGame, Side};
use std::path::Path;
#[cfg(unix)]
use std::time::{Duration, Instant};

fn text(path: &Path) -> String {
    path.display().to_string()
}

/// A finished 5x5 game saved at `path`.
fn save_game(path: &Path) -> Vec<u8> {
    let board = random_position(5, 2, 225, 3).unwrap_or_else(|e| panic!("{e}"));
    let saved = SavedGame::new(&board, [Side::Human, Side::Human], Some(3));
    saved.save_to(path).unwrap_or_else(|e| panic!("{e}"));
    std::fs::read(path).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn analyse_never_writes_its_workbook_over_the_game_it_reads() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let game = dir.path().join("g.ron");
    let before = save_game(&game);
    let message = refused(&["analyse", "--file", &text(&game), "--xlsx", &text(&game)]);
    assert!(message.contains(".xlsx"), "{message}");
    assert_eq!(std::fs::read(&game).ok(), Some(before));

    // A save that was given an .xlsx name is still the input, however it is named.
    let odd = dir.path().join("g.xlsx");
    std::fs::copy(&game, &odd).unwrap_or_else(|e| panic!("{e}"));
    let before = std::fs::read(&odd).unwrap_or_else(|e| panic!("{e}"));
    let again = dir.path().join(".").join("g.xlsx");
    let message = refused(&["analyse", "--file", &text(&odd), "--xlsx", &text(&again)]);
    assert!(message.contains("reads"), "{message}");
    assert_eq!(std::fs::read(&odd).ok(), Some(before));
}

/// The path is checked before the analysis: a minute per position would take far longer
/// than the refusal may.
#[cfg(unix)]
#[test]
fn analyse_refuses_a_fifo_as_its_workbook_before_analysing() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let game = dir.path().join("g.ron");
    save_game(&game);
    let fifo = dir.path().join("pipe.xlsx");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|status| status.success()));
    let start = Instant::now();
    let output = common::output_of(|| {
        let mut command = cargo_bin_cmd!("queens");
        command
            .args(["analyse", "--file", &text(&game), "--time-ms", "60000"])
            .args(["--threads", "1", "--xlsx", &text(&fifo)])
            .timeout(Duration::from_secs(30));
        command
    });
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("FIFO"), "{stderr}");
    assert!(output.stdout.is_empty());
    assert!(start.elapsed() < Duration::from_secs(20));
    let kind = std::fs::symlink_metadata(&fifo).map(|m| m.file_type().is_file());
    assert_eq!(kind.ok(), Some(false), "the FIFO was replaced");
}

#[test]
fn analyse_refuses_a_workbook_name_without_xlsx_before_analysing() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let game = dir.path().join("g.ron");
    save_game(&game);
    let out = dir.path().join("analysis.csv");
    let message = refused(&[
        "analyse",
        "--file",
        &text(&game),
        "--time-ms",
        "60000",
        "--xlsx",
        &text(&out),
    ]);
    assert!(message.contains(".xlsx"), "{message}");
    assert!(!out.exists());
}
