//! `queens arena` and `queens export` against their contract: one JSON object on stdout,
//! a table on stderr for the arena, exit 2 with one line for bad settings or paths. Every
//! run works in a temporary folder, so nothing is written into the real saves folder.

use crate::common;

use assert_cmd::cargo::cargo_bin_cmd;
use calamine::{DataType, Reader, Xlsx, open_workbook};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::Duration;
use tempfile::TempDir;

/// Runs `queens` in `dir`, with the platform's data folder inside `dir` too (Linux's
/// XDG_DATA_HOME, Windows' APPDATA), so a default saves folder, if ever used, is a
/// temporary one; returns its exit code, stdout and stderr.
fn run_in(dir: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let output: Output = common::output_of(|| {
        let mut command = cargo_bin_cmd!("queens");
        command
            .args(args)
            .current_dir(dir)
            .env("XDG_DATA_HOME", dir)
            .env("APPDATA", dir)
            .timeout(Duration::from_secs(120));
        command
    });
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// The single JSON line of a successful run, and its stderr.
fn json_in(dir: &Path, args: &[&str]) -> (Value, String) {
    let (code, stdout, stderr) = run_in(dir, args);
    assert_eq!(code, Some(0), "{args:?}: {stderr}");
    assert_eq!(stdout.lines().count(), 1, "{args:?}: {stdout}");
    let value =
        serde_json::from_str(&stdout).unwrap_or_else(|err| panic!("{args:?}: {err} in {stdout}"));
    (value, stderr)
}

/// The one-line message of a run refused as bad input (exit 2, nothing on stdout).
fn refused_in(dir: &Path, args: &[&str]) -> String {
    let (code, stdout, stderr) = run_in(dir, args);
    assert_eq!(code, Some(2), "{args:?}: {stdout}{stderr}");
    assert!(stdout.is_empty(), "{args:?} wrote to stdout: {stdout}");
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr:?}");
    let message = stderr
        .trim_end()
        .strip_prefix("queens: ")
        .unwrap_or_else(|| panic!("{args:?}: {stderr:?}"));
    message.to_string()
}

fn temp() -> TempDir {
    tempfile::tempdir().unwrap_or_else(|err| panic!("no temp dir: {err}"))
}

fn text(path: &Path) -> String {
    path.to_str()
        .unwrap_or_else(|| panic!("not UTF-8: {}", path.display()))
        .to_string()
}

fn history_files(saves: &Path) -> Vec<PathBuf> {
    match std::fs::read_dir(saves.join("history")) {
        Ok(entries) => entries
            .map(|entry| entry.unwrap_or_else(|err| panic!("{err}")).path())
            .filter(|path| path.extension().is_some_and(|ext| ext == "ron"))
            .collect(),
        Err(_) => Vec::new(),
    }
}

/// Rows of the Matches sheet, the header included.
fn matches_rows(path: &Path) -> usize {
    let mut book: Xlsx<_> =
        open_workbook(path).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
    book.worksheet_range("Matches")
        .unwrap_or_else(|err| panic!("{err}"))
        .height()
}

fn count(value: &Value, key: &str) -> u64 {
    value[key]
        .as_u64()
        .unwrap_or_else(|| panic!("{key} in {value}"))
}

/// A small series on 4x4 boards into `saves`, with a workbook of its own.
fn small_arena(dir: &Path, saves: &Path, games: &str, extra: &[&str]) -> (Value, String) {
    // A saves folder that is named must exist (issue 38.6).
    std::fs::create_dir_all(saves).unwrap_or_else(|err| panic!("{err}"));
    let saves = text(saves);
    let mut args = vec![
        "arena",
        "--a",
        "alphabeta:2",
        "--b",
        "minimax:1",
        "--games",
        games,
        "--size",
        "4",
        "--stones",
        "1",
        "--seed",
        "3",
        "--saves-dir",
        &saves,
    ];
    args.extend_from_slice(extra);
    json_in(dir, &args)
}

#[test]
fn arena_counts_add_up_and_its_games_go_to_the_history_and_the_workbooks() {
    let dir = temp();
    let saves = dir.path().join("saves");
    let run_book = dir.path().join("books/run.xlsx");
    let (value, stderr) = small_arena(dir.path(), &saves, "4", &["--xlsx", &text(&run_book)]);
    let games = count(&value, "games");
    assert_eq!(games, 4);
    assert_eq!(count(&value, "planned"), 4);
    assert_eq!(value["stopped"], false);
    assert_eq!(
        count(&value, "wins") + count(&value, "draws") + count(&value, "losses"),
        games
    );
    assert_eq!(count(&value, "history_files"), games);
    for side in ["a", "b"] {
        assert!(
            value[side]["moves"].as_u64().is_some_and(|m| m > 0),
            "{value}"
        );
        assert!(value[side]["nodes_per_move"].as_f64().is_some(), "{value}");
        assert!(
            value[side]["proved_moves"].as_u64() <= value[side]["moves"].as_u64(),
            "{value}"
        );
        assert!(
            value[side]["time_per_move_ms"].as_f64().is_some(),
            "{value}"
        );
    }
    assert_eq!(value["a"]["algo"], "alphabeta");
    assert_eq!(value["b"]["depth"], 1);
    assert!(value["elo_text"].is_string(), "{value}");
    // The table is for people; the progress bar stays away from a pipe.
    assert!(stderr.contains("Elo difference"), "{stderr}");
    assert!(stderr.contains("nodes/move"), "{stderr}");
    assert!(
        !stderr.contains('\u{1b}'),
        "escape codes on a pipe: {stderr:?}"
    );

    assert_eq!(history_files(&saves).len(), 4);
    assert_eq!(matches_rows(&run_book), 5);

    let all_book = dir.path().join("all.xlsx");
    let (export, stderr) = json_in(
        dir.path(),
        &[
            "export",
            "--out",
            &text(&all_book),
            "--saves-dir",
            &text(&saves),
        ],
    );
    assert!(stderr.is_empty(), "{stderr}");
    assert_eq!(count(&export, "games"), 4);
    assert_eq!(export["skipped"], Value::Array(Vec::new()));
    assert_eq!(export["out"], text(&all_book));
    assert_eq!(matches_rows(&all_book), 5);
}

/// A sheet's cells as floats (text and empty cells as NaN), row by row.
fn sheet_numbers(path: &Path, name: &str) -> Vec<Vec<f64>> {
    let mut book: Xlsx<_> =
        open_workbook(path).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
    let range = book
        .worksheet_range(name)
        .unwrap_or_else(|err| panic!("{name}: {err}"));
    range
        .rows()
        .map(|row| {
            row.iter()
                .map(|cell| cell.as_f64().unwrap_or(f64::NAN))
                .collect()
        })
        .collect()
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

#[test]
fn arena_reports_the_mean_pair_margin_in_the_json_the_table_and_the_workbook() {
    let dir = temp();
    let saves = dir.path().join("saves");
    let book = dir.path().join("pairs.xlsx");
    // One worker: the Matches rows are written as games finish, so only then are they
    // in game order (2k, 2k+1), which the by-hand pairing below reads them in.
    let (value, stderr) = small_arena(
        dir.path(),
        &saves,
        "6",
        &["--xlsx", &text(&book), "--threads", "1"],
    );
    let stat = &value["pair_margin"];
    assert_eq!(stat["pairs"], 3, "{value}");
    assert_eq!(stat["unpaired"], 0, "{value}");
    assert_eq!(stat["interval"], "student-t 95%", "{value}");
    let number = |key: &str| {
        stat[key]
            .as_f64()
            .unwrap_or_else(|| panic!("{key} in {value}"))
    };
    let (mean, low, high, stdev) = (
        number("mean"),
        number("low"),
        number("high"),
        number("stdev"),
    );

    // By hand from the Matches sheet: game 2k has A as P1, game 2k+1 A as P2, and the
    // sheet's margin is P1's cells minus P2's.
    let matches = sheet_numbers(&book, "Matches");
    let margins: Vec<f64> = matches[1..].iter().map(|row| row[14]).collect();
    assert_eq!(margins.len(), 6);
    let pairs: Vec<f64> = margins.chunks(2).map(|two| two[0] - two[1]).collect();
    let want_mean = pairs.iter().sum::<f64>() / 3.0;
    let want_stdev = (pairs.iter().map(|m| (m - want_mean).powi(2)).sum::<f64>() / 2.0).sqrt();
    // t(0.975, 2 degrees of freedom) = 4.3027.
    let half = 4.3027 * want_stdev / 3f64.sqrt();
    assert!(close(mean, want_mean), "{mean} vs {want_mean}");
    assert!(close(stdev, want_stdev), "{stdev} vs {want_stdev}");
    assert!(
        close(low, want_mean - half) && close(high, want_mean + half),
        "{value}"
    );
    // With every pair complete, the mean pair margin is twice the average game margin.
    assert!(
        close(mean, 2.0 * number_of(&value, "average_margin")),
        "{value}"
    );

    let shown = value["pair_margin_text"]
        .as_str()
        .unwrap_or_else(|| panic!("{value}"));
    assert!(shown.ends_with("(3 pairs)"), "{shown}");
    assert!(stderr.contains("pair margin"), "{stderr}");
    assert!(stderr.contains(shown), "{stderr}");

    let sheet = sheet_numbers(&book, "Pairs");
    for (k, want) in pairs.iter().enumerate() {
        let row = &sheet[k + 1];
        assert!(close(row[0], k as f64), "pair number {row:?}");
        assert!(close(row[2], margins[2 * k]) && close(row[3], -margins[2 * k + 1]));
        assert!(close(row[4], *want), "pair margin {row:?}");
    }
    // The statistics block: pairs, mean, stdev, t, low, high in column H, rows 3..8.
    let column_h: Vec<f64> = sheet
        .iter()
        .map(|row| row.get(7).copied().unwrap_or(f64::NAN))
        .collect();
    assert!(close(column_h[2], 3.0), "{column_h:?}");
    assert!(
        close(column_h[3], mean) && close(column_h[4], stdev),
        "{column_h:?}"
    );
    assert!(close(column_h[5], 4.3027), "{column_h:?}");
    assert!(
        close(column_h[6], low) && close(column_h[7], high),
        "{column_h:?}"
    );
}

fn number_of(value: &Value, key: &str) -> f64 {
    value[key]
        .as_f64()
        .unwrap_or_else(|| panic!("{key} in {value}"))
}

#[test]
fn arena_with_the_same_seed_plays_the_same_games() {
    let dir = temp();
    let pick = |value: &Value| {
        (
            value["wins"].clone(),
            value["draws"].clone(),
            value["losses"].clone(),
            value["a"]["nodes"].clone(),
            value["b"]["nodes"].clone(),
        )
    };
    let (first, _) = small_arena(dir.path(), &dir.path().join("s1"), "6", &["--threads", "1"]);
    let (second, _) = small_arena(dir.path(), &dir.path().join("s2"), "6", &["--threads", "2"]);
    assert_eq!(pick(&first), pick(&second));
}

#[test]
fn arena_no_history_writes_no_files() {
    let dir = temp();
    let (code, stdout, stderr) = run_in(
        dir.path(),
        &[
            "arena",
            "--games",
            "2",
            "--size",
            "4",
            "--stones",
            "0",
            "--no-history",
        ],
    );
    assert_eq!(code, Some(0), "{stderr}");
    let value: Value = serde_json::from_str(&stdout).unwrap_or_else(|err| panic!("{err}"));
    assert_eq!(value["history"], Value::Null);
    assert_eq!(count(&value, "history_files"), 0);
    assert_eq!(
        std::fs::read_dir(dir.path()).map(Iterator::count).ok(),
        Some(0)
    );
}

#[test]
fn arena_refuses_bad_settings_on_one_line_before_playing() {
    let dir = temp();
    let folder = text(dir.path());
    let cases: &[(&[&str], &str)] = &[
        (&["arena", "--a", "foo"], "'foo' is neither an engine"),
        (&["arena", "--a", "chess:3"], "unknown algorithm 'chess'"),
        (
            &["arena", "--b", "Chess:3"],
            "(known: minimax, alphabeta, pvs, perfect)",
        ),
        (&["arena", "--search-threads", "0"], "--search-threads"),
        (&["arena", "--a", "alphabeta:0"], "the depth '0'"),
        (&["arena", "--b", "minimax:x"], "the depth 'x'"),
        (&["arena", "--b", "minimax:999"], "the depth '999'"),
        (&["arena", "--games", "3"], "positive even number"),
        // 0 is refused, and the message must not say it is allowed.
        (&["arena", "--games", "0"], "from 2 to 1000000"),
        (&["arena", "--games", "-2"], "--games"),
        (&["arena", "--games", "99999999999"], "--games"),
        (&["arena", "--size", "99"], "99"),
        (&["arena", "--size", "4", "--stones", "5"], "stones"),
        (&["arena", "--threads", "5000"], "--threads"),
        (&["arena", "--time-ms", "-1"], "--time-ms"),
        (
            &["arena", "--no-history", "--saves-dir", "x"],
            "--saves-dir",
        ),
        (&["arena", "--xlsx", &folder], "is a folder"),
        (&["arena", "--xlsx", "out.csv"], ".xlsx"),
        (&["--saves-dir", "x", "arena"], "after the subcommand"),
    ];
    for (args, needle) in cases {
        let message = refused_in(dir.path(), args);
        assert!(
            message.contains(needle),
            "{args:?} said {message:?}, want {needle:?}"
        );
    }
    for games in ["0", "-2", "1000002"] {
        let message = refused_in(dir.path(), &["arena", "--games", games]);
        assert!(!message.contains("0.."), "{games}: {message}");
    }
    // Nothing was played, so nothing was saved (not even the default folder made).
    assert!(!dir.path().join("saves").exists());
}

#[test]
fn export_refuses_targets_it_cannot_write() {
    let dir = temp();
    let file = dir.path().join("file");
    std::fs::write(&file, b"x").unwrap_or_else(|err| panic!("{err}"));
    let saves = text(&dir.path().join("saves"));
    let under_file = text(&file.join("out.xlsx"));
    let mut cases: Vec<(String, &str)> = vec![
        (text(dir.path()), "is a folder"),
        (under_file, "is a file, not a folder"),
        (text(&dir.path().join("out.txt")), ".xlsx"),
        (String::new(), "--out"),
    ];
    if cfg!(target_os = "linux") {
        // Read-only for everyone, root included.
        cases.push(("/proc/queens-test.xlsx".to_string(), "cannot write"));
        cases.push(("/proc/queens-test/out.xlsx".to_string(), "cannot create"));
    }
    for (out, needle) in &cases {
        let args = ["export", "--out", out, "--saves-dir", &saves];
        let message = refused_in(dir.path(), &args);
        assert!(message.contains(needle), "{out:?} said {message:?}");
    }
}

#[test]
fn export_skips_a_damaged_history_file_and_names_it() {
    let dir = temp();
    let saves = dir.path().join("saves");
    small_arena(dir.path(), &saves, "2", &[]);
    // Joined part by part: the program names it with the system's separator (a backslash on Windows).
    let bad = saves.join("history").join("20990101-000000-bad.ron");
    std::fs::write(&bad, "(version: 1, settings: (size: 4").unwrap_or_else(|err| panic!("{err}"));
    let out = dir.path().join("out.xlsx");
    let (value, _) = json_in(
        dir.path(),
        &["export", "--out", &text(&out), "--saves-dir", &text(&saves)],
    );
    assert_eq!(count(&value, "games"), 2);
    let skipped = value["skipped"].as_array().cloned().unwrap_or_default();
    assert_eq!(skipped.len(), 1, "{value}");
    assert_eq!(skipped[0]["file"], text(&bad));
    let error = skipped[0]["error"].as_str().unwrap_or_default();
    assert!(error.contains("truncated"), "{error}");
    assert!(!error.contains('\n'));
    assert_eq!(matches_rows(&out), 3);
}

/// A FIFO in history/ used to block `queens export` for ever in open().
#[cfg(unix)]
#[test]
fn export_skips_a_fifo_in_the_history() {
    let dir = temp();
    let saves = dir.path().join("saves");
    small_arena(dir.path(), &saves, "2", &[]);
    let fifo = saves.join("history").join("pipe.ron");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap_or_else(|err| panic!("mkfifo: {err}"));
    assert!(made.success());
    let out = dir.path().join("h.xlsx");
    let (value, _) = json_in(
        dir.path(),
        &["export", "--out", &text(&out), "--saves-dir", &text(&saves)],
    );
    assert_eq!(count(&value, "games"), 2, "{value}");
    let skipped = value["skipped"].as_array().cloned().unwrap_or_default();
    assert_eq!(skipped.len(), 1, "{value}");
    assert_eq!(skipped[0]["file"], text(&fifo));
    let reason = skipped[0]["error"].as_str().unwrap_or_default();
    assert!(reason.contains("FIFO"), "{reason}");
}

/// Writes `name` in `dir` with a modification time `age` ago.
fn file_aged(dir: &Path, name: &str, age: Duration) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, b"partial").unwrap_or_else(|err| panic!("{err}"));
    let file = std::fs::File::options()
        .write(true)
        .open(&path)
        .unwrap_or_else(|err| panic!("{err}"));
    let when = std::time::SystemTime::now() - age;
    file.set_modified(when)
        .unwrap_or_else(|err| panic!("{err}"));
    path
}

/// A killed export or arena left `.h.xlsx.<id>.tmp` and `.<name>.ron.<id>.tmp` behind for
/// ever; the next run removes ours once they are over an hour old, and nothing else.
#[test]
fn stale_temporary_files_of_ours_are_removed_by_the_next_run() {
    let dir = temp();
    let saves = dir.path().join("saves");
    let history = saves.join("history");
    let reports = dir.path().join("reports");
    for folder in [&history, &reports] {
        std::fs::create_dir_all(folder).unwrap_or_else(|err| panic!("{err}"));
    }
    let day = Duration::from_secs(24 * 60 * 60);
    let old_game = file_aged(&history, ".20240501-1-1f-12-3.ron.1f-12-4.tmp", day);
    let old_book = file_aged(&reports, ".h.xlsx.2e-13-0.tmp", day);
    let fresh_book = file_aged(&reports, ".h.xlsx.2e-14-0.tmp", Duration::from_secs(5));
    let not_ours = file_aged(&reports, ".h.xlsx.tmp", day);
    small_arena(dir.path(), &saves, "2", &[]);
    assert!(!old_game.exists(), "the arena clears history/");
    let out = reports.join("h.xlsx");
    json_in(
        dir.path(),
        &["export", "--out", &text(&out), "--saves-dir", &text(&saves)],
    );
    assert!(!old_game.exists() && !old_book.exists());
    assert!(fresh_book.exists() && not_ours.exists());
}

#[test]
fn export_of_an_empty_history_writes_the_headers_only() {
    let dir = temp();
    let out = dir.path().join("new/empty.xlsx");
    let saves = dir.path().join("nothing");
    std::fs::create_dir(&saves).unwrap_or_else(|err| panic!("{err}"));
    let (value, _) = json_in(
        dir.path(),
        &["export", "--out", &text(&out), "--saves-dir", &text(&saves)],
    );
    assert_eq!(count(&value, "games"), 0);
    assert_eq!(matches_rows(&out), 1);
}

/// `--saves-dir` with a typo used to export 0 games and succeed; `arena` made the
/// folder and wrote its games there (issue 38.6): one rule, a named folder must exist.
#[test]
fn export_from_a_saves_folder_that_does_not_exist_is_refused() {
    let dir = temp();
    let out = dir.path().join("out.xlsx");
    let missing = dir.path().join("nonexistent");
    let message = refused_in(
        dir.path(),
        &[
            "export",
            "--out",
            &text(&out),
            "--saves-dir",
            &text(&missing),
        ],
    );
    assert!(message.contains("does not exist"), "{message}");
    assert!(message.contains("nonexistent"), "{message}");
    assert!(!out.exists());
    let arena = refused_in(
        dir.path(),
        &[
            "arena",
            "--games",
            "2",
            "--size",
            "4",
            "--saves-dir",
            &text(&missing),
        ],
    );
    assert!(arena.contains("does not exist"), "{arena}");
    assert!(!missing.exists(), "no folder is made for a typo");
    // The same from QUEENS_SAVES_DIR.
    let output = common::output_of(|| {
        let mut command = cargo_bin_cmd!("queens");
        command
            .args(["arena", "--games", "2", "--size", "4"])
            .env("QUEENS_SAVES_DIR", &missing)
            .current_dir(dir.path());
        command
    });
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("QUEENS_SAVES_DIR"), "{stderr}");
    assert!(!missing.exists(), "no folder is made for a typo");
}

#[test]
fn export_filters_by_size_and_opponent() {
    let dir = temp();
    let saves = dir.path().join("saves");
    small_arena(dir.path(), &saves, "2", &[]);
    let out = text(&dir.path().join("f.xlsx"));
    let saves = text(&saves);
    for (filter, games) in [
        (&["--size", "4"][..], 2),
        (&["--size", "5"][..], 0),
        (&["--opponent", "MINIMAX"][..], 2),
        (&["--opponent", "alphabeta depth 2"][..], 2),
        (&["--opponent", "human"][..], 0),
    ] {
        let mut args = vec!["export", "--out", &out, "--saves-dir", &saves];
        args.extend_from_slice(filter);
        let (value, _) = json_in(dir.path(), &args);
        assert_eq!(count(&value, "games"), games, "{filter:?}");
    }
}

#[test]
fn arena_and_export_help_describe_stopping_and_empty_histories() {
    let dir = temp();
    let (code, stdout, _) = run_in(dir.path(), &["arena", "--help"]);
    assert_eq!(code, Some(0));
    assert!(stdout.contains("Ctrl+C"), "{stdout}");
    assert!(stdout.contains("ALGO:DEPTH"), "{stdout}");
    let (code, stdout, _) = run_in(dir.path(), &["export", "--help"]);
    assert_eq!(code, Some(0));
    assert!(stdout.contains("empty history"), "{stdout}");
    let (code, stdout, _) = run_in(dir.path(), &["gui", "--help"]);
    assert_eq!(code, Some(0));
    assert!(stdout.contains("QUEENS_SAVES_DIR"), "{stdout}");
}

/// A series far too long to finish during a test, in `saves`.
#[cfg(unix)]
fn long_arena(dir: &Path, saves: &Path) -> std::process::Child {
    std::fs::create_dir_all(saves).unwrap_or_else(|err| panic!("{err}"));
    // `env --default-signal=INT`: a SIGINT the program can catch even when this test
    // runner was started with `cmd &` from a script (which ignores it, inherited).
    std::process::Command::new("env")
        .arg("--default-signal=INT")
        .arg(env!("CARGO_BIN_EXE_queens"))
        .args([
            "arena",
            "--a",
            "minimax:4",
            "--b",
            "alphabeta:4",
            "--games",
            "200000",
            "--size",
            "8",
            "--stones",
            "3",
            "--saves-dir",
            &text(saves),
        ])
        .current_dir(dir)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap_or_else(|err| panic!("cannot run queens: {err}"))
}

/// Waits until the history of `saves` holds a game: the run is then surely playing, and
/// a signal arrives with at least one finished game to keep. Bounded by a number of
/// polls, generous for a slow machine.
#[cfg(unix)]
fn wait_for_a_history_file(saves: &Path, child: &mut std::process::Child) {
    for _ in 0..12_000 {
        if !history_files(saves).is_empty() {
            return;
        }
        if let Ok(Some(status)) = child.try_wait() {
            panic!("the arena ended before its first game was saved: {status}");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let _ = child.kill();
    panic!("no game reached the history");
}

#[cfg(unix)]
fn send(signal: &str, child: &std::process::Child) {
    let status = std::process::Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap_or_else(|err| panic!("cannot run kill: {err}"));
    assert!(status.success());
}

/// Ctrl+C (SIGINT), SIGTERM and SIGHUP stop a long series alike: exit 0, the finished
/// games reported and every one of them in the history.
#[cfg(unix)]
#[test]
fn a_stop_signal_ends_the_arena_and_keeps_the_finished_games() {
    for signal in ["-INT", "-TERM", "-HUP"] {
        let dir = temp();
        let saves = dir.path().join("saves");
        let mut child = long_arena(dir.path(), &saves);
        wait_for_a_history_file(&saves, &mut child);
        send(signal, &child);
        let output = child
            .wait_with_output()
            .unwrap_or_else(|err| panic!("{err}"));
        let stdout = String::from_utf8_lossy(&output.stdout);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{signal}: {stderr}");
        let value: Value =
            serde_json::from_str(&stdout).unwrap_or_else(|err| panic!("{err}: {stdout}"));
        assert_eq!(value["stopped"], true, "{value}");
        let games = count(&value, "games");
        assert!((1..200_000).contains(&games), "{value}");
        assert_eq!(
            count(&value, "wins") + count(&value, "draws") + count(&value, "losses"),
            games
        );
        assert_eq!(count(&value, "history_files"), games, "{value}");
        assert_eq!(history_files(&saves).len() as u64, games);
        assert!(stderr.contains("stopped by Ctrl+C"), "{stderr}");
        assert!(
            stderr.contains(&format!(
                "{games} {} added to the history",
                if games == 1 { "game" } else { "games" }
            )),
            "{stderr}"
        );
    }
}

/// Each game is in the history as soon as it is finished: even SIGKILL, which nothing can
/// catch, loses only the games in progress.
#[cfg(unix)]
#[test]
fn a_killed_arena_keeps_its_finished_games() {
    let dir = temp();
    let saves = dir.path().join("saves");
    let mut child = long_arena(dir.path(), &saves);
    wait_for_a_history_file(&saves, &mut child);
    send("-KILL", &child);
    let output = child
        .wait_with_output()
        .unwrap_or_else(|err| panic!("{err}"));
    assert_eq!(output.status.code(), None, "killed by a signal");
    let kept = history_files(&saves);
    assert!(!kept.is_empty());
    let out = dir.path().join("kept.xlsx");
    let (value, _) = json_in(
        dir.path(),
        &["export", "--out", &text(&out), "--saves-dir", &text(&saves)],
    );
    assert_eq!(count(&value, "games"), kept.len() as u64, "{value}");
    assert_eq!(value["skipped"], serde_json::json!([]), "{value}");
}

/// A path that is not UTF-8 used to be written, and then the run failed (exit 1) since
/// the JSON answer could not name it. Now it is refused before any work (exit 2).
#[cfg(unix)]
#[test]
fn paths_that_are_not_utf8_are_refused_before_any_work() {
    use std::ffi::{OsStr, OsString};
    use std::os::unix::ffi::OsStrExt;
    let dir = temp();
    let saves = dir.path().join("saves");
    std::fs::create_dir(&saves).unwrap_or_else(|err| panic!("{err}"));
    let bad = dir.path().join(OsStr::from_bytes(b"caf\xe9.xlsx"));
    let bad_dir = dir.path().join(OsStr::from_bytes(b"sav\xe9s"));
    let os = |items: &[&OsStr]| items.iter().map(OsString::from).collect::<Vec<_>>();
    let cases = [
        os(&[
            "export".as_ref(),
            "--out".as_ref(),
            bad.as_os_str(),
            "--saves-dir".as_ref(),
            saves.as_os_str(),
        ]),
        os(&[
            "export".as_ref(),
            "--out".as_ref(),
            dir.path().join("ok.xlsx").as_os_str(),
            "--saves-dir".as_ref(),
            bad_dir.as_os_str(),
        ]),
        os(&[
            "arena".as_ref(),
            "--games".as_ref(),
            "2".as_ref(),
            "--size".as_ref(),
            "4".as_ref(),
            "--xlsx".as_ref(),
            bad.as_os_str(),
            "--saves-dir".as_ref(),
            saves.as_os_str(),
        ]),
        os(&[
            "arena".as_ref(),
            "--games".as_ref(),
            "2".as_ref(),
            "--size".as_ref(),
            "4".as_ref(),
            "--saves-dir".as_ref(),
            bad_dir.as_os_str(),
        ]),
    ];
    for args in cases {
        let output = common::output_of(|| {
            let mut command = cargo_bin_cmd!("queens");
            command
                .args(&args)
                .current_dir(dir.path())
                .timeout(Duration::from_secs(120));
            command
        });
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?}");
        assert!(stderr.contains("not valid UTF-8"), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
    }
    assert!(!bad.exists() && !bad_dir.exists(), "nothing was written");
    assert!(history_files(&saves).is_empty(), "no game was played");
}

/// On Windows a program that holds a file without sharing it (Excel holds its workbooks
/// so) makes replacing it fail: the export says to close it there, exit 2, and the old
/// workbook is untouched. Runs under wine in CI (`scripts/windows.sh`); this test
/// process is the other program.
#[cfg(windows)]
#[test]
fn export_over_a_workbook_held_open_says_to_close_it() {
    use std::os::windows::fs::OpenOptionsExt;
    let dir = temp();
    let saves = dir.path().join("saves");
    small_arena(dir.path(), &saves, "2", &[]);
    let out = dir.path().join("held.xlsx");
    let args = ["export", "--out", &text(&out), "--saves-dir", &text(&saves)];
    json_in(dir.path(), &args);
    let before = std::fs::read(&out).unwrap_or_else(|err| panic!("{err}"));
    let held = std::fs::OpenOptions::new()
        .read(true)
        .share_mode(0)
        .open(&out)
        .unwrap_or_else(|err| panic!("{err}"));
    let message = refused_in(dir.path(), &args);
    assert!(
        message.contains("close it there and try again"),
        "{message}"
    );
    drop(held);
    let after = std::fs::read(&out).unwrap_or_else(|err| panic!("{err}"));
    assert_eq!(before, after, "the old workbook is untouched");
    json_in(dir.path(), &args);
}
