//! The bad-input sweep of issue 18: every option of every subcommand (and unknown
//! arguments, a wrong subcommand, positionals) gets bad values of every kind: empty,
//! negative, a fraction, words, a 20-digit number, a 131,000-digit number, a
//! 100,000-character string (both 30,000 on Windows, whose command lines stop at 32,767),
//! a line break, a string that is not UTF-8. Whatever `queens` answers, docs/cli.md's
//! promises hold: an exit code from its table, a refusal on one line of reasonable
//! length, and no Rust wording (ranges written `1..=225`, "invalid digit found in
//! string", type names, registry paths).
//!
//! `gui` and the top-level `--saves-dir` with no subcommand are left out: a value they
//! accept opens the window.

use std::ffi::OsString;
use std::path::Path;
use std::process::Command;

/// The program swept: this build's, or the one `QUEENS_SWEEP_BIN` names (to sweep an
/// older build with the same checks).
fn queens() -> OsString {
    std::env::var_os("QUEENS_SWEEP_BIN").unwrap_or_else(|| env!("CARGO_BIN_EXE_queens").into())
}

/// The exit codes of docs/cli.md's table.
const DOCUMENTED_CODES: [i32; 5] = [0, 1, 2, 3, 130];

/// Words that only Rust or its libraries say.
const RUST_WORDS: [&str; 14] = [
    "..=",
    "invalid digit",
    "target type",
    "empty string",
    "ParseIntError",
    "ParseError",
    "u64",
    "u32",
    "usize",
    "::",
    ".cargo/registry",
    "panicked",
    "RUST_BACKTRACE",
    "Error {",
];

/// The longest refusal line allowed: the longest message quotes two values of 41
/// characters each into about 200 of its own.
const LONGEST_LINE: usize = 400;

/// The lengths of the longest bad values. Windows refuses a command line of over 32,767
/// characters (wine cuts it short instead: a cut `--saves-dir 999... replay` loses its
/// subcommand and opens the window), so there the values stay under that limit.
#[cfg(not(windows))]
const LONG_NUMBER: usize = 131_000;
#[cfg(not(windows))]
const LONG_TEXT: usize = 100_000;
#[cfg(windows)]
const LONG_NUMBER: usize = 30_000;
#[cfg(windows)]
const LONG_TEXT: usize = 30_000;

/// The bad values every option is given.
fn bad_values() -> Vec<OsString> {
    let mut values: Vec<OsString> = [
        "",
        "-1",
        "0",
        "1.5",
        "1e3",
        "abc",
        "99999999999999999999",
        "a\nb",
    ]
    .iter()
    .map(OsString::from)
    .collect();
    values.push("9".repeat(LONG_NUMBER).into());
    values.push("x".repeat(LONG_TEXT).into());
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStringExt;
        values.push(OsString::from_vec(vec![b'a', 0xff, 0xfe, b'z']));
    }
    values
}

/// A subcommand, its options, and a small valid command line to put each bad value in.
struct Subcommand {
    name: &'static str,
    /// Options taking a value.
    options: &'static [&'static str],
    /// Valid options that make a run quick when the bad value happens to be accepted.
    base: &'static [(&'static str, &'static str)],
}

const POSITION: &[&str] = &[
    "--kind",
    "--position",
    "--game",
    "--size",
    "--stones",
    "--moves",
    "--random-stones",
    "--seed",
];

fn subcommands() -> Vec<Subcommand> {
    vec![
        Subcommand {
            name: "engine",
            options: &["--algo"],
            base: &[],
        },
        Subcommand {
            name: "check-engine",
            options: &[
                "--engine",
                "--kind",
                "--depth",
                "--positions",
                "--seed",
                "--counts",
                "--file",
                "--log",
            ],
            base: &[
                (
                    "--engine",
                    concat!(
                        "cmd=python3 ",
                        env!("CARGO_MANIFEST_DIR"),
                        "/examples/engine_minimax.py"
                    ),
                ),
                ("--depth", "1"),
                ("--positions", "1"),
            ],
        },
        Subcommand {
            name: "replay",
            options: POSITION,
            base: &[("--size", "3")],
        },
        Subcommand {
            name: "bestmove",
            options: &[
                "--kind",
                "--position",
                "--game",
                "--size",
                "--stones",
                "--moves",
                "--random-stones",
                "--seed",
                "--algo",
                "--depth",
                "--time-ms",
                "--threads",
                "--hash",
                "--eval",
            ],
            base: &[("--size", "3"), ("--depth", "1"), ("--hash", "1")],
        },
        Subcommand {
            name: "solve",
            options: &[
                "--kind",
                "--position",
                "--game",
                "--size",
                "--stones",
                "--moves",
                "--random-stones",
                "--seed",
                "--time-ms",
                "--threads",
                "--hash",
            ],
            base: &[("--size", "3"), ("--hash", "1"), ("--threads", "1")],
        },
        Subcommand {
            name: "analyse",
            options: &[
                "--kind",
                "--position",
                "--game",
                "--size",
                "--stones",
                "--moves",
                "--random-stones",
                "--seed",
                "--file",
                "--time-ms",
                "--retry-ms",
                "--threads",
                "--hash",
                "--xlsx",
            ],
            base: &[
                ("--size", "3"),
                ("--moves", "b2"),
                ("--time-ms", "20"),
                ("--hash", "1"),
                ("--threads", "1"),
            ],
        },
        Subcommand {
            name: "tree",
            options: &["--root", "--algo"],
            base: &[],
        },
        // The games' trees and the small games' positions and moves.
        Subcommand {
            name: "tree",
            options: &["--kind", "--position", "--moves", "--depth", "--algo"],
            base: &[("--kind", "tictactoe"), ("--depth", "1")],
        },
        Subcommand {
            name: "replay",
            options: &["--position", "--moves", "--size", "--game"],
            base: &[("--kind", "dodgem")],
        },
        Subcommand {
            name: "bestmove",
            options: &["--position", "--moves", "--algo", "--depth", "--time-ms"],
            base: &[("--kind", "tictactoe"), ("--depth", "2")],
        },
        Subcommand {
            name: "solve",
            options: &["--position", "--moves"],
            base: &[("--kind", "dodgem")],
        },
        // Othello's notation, its evaluation file, and perft for any game.
        Subcommand {
            name: "replay",
            options: &["--position", "--moves"],
            base: &[("--kind", "othello")],
        },
        Subcommand {
            name: "bestmove",
            options: &["--position", "--moves", "--depth", "--eval", "--time-ms"],
            base: &[("--kind", "othello"), ("--depth", "1")],
        },
        Subcommand {
            name: "perft",
            options: &["--kind", "--depth"],
            base: &[("--kind", "othello"), ("--depth", "1")],
        },
        Subcommand {
            name: "arena",
            options: &[
                "--a",
                "--b",
                "--games",
                "--size",
                "--stones",
                "--seed",
                "--time-ms",
                "--threads",
                "--search-threads",
                "--xlsx",
                "--log",
                "--saves-dir",
            ],
            base: &[
                ("--a", "minimax:1"),
                ("--b", "minimax:1"),
                ("--games", "2"),
                ("--size", "3"),
                ("--stones", "0"),
                ("--saves-dir", "saves"),
            ],
        },
        Subcommand {
            name: "book",
            options: &["--out", "--min-size", "--max-size", "--threads", "--hash"],
            base: &[
                ("--out", "book.ron"),
                ("--min-size", "3"),
                ("--max-size", "3"),
                ("--hash", "1"),
            ],
        },
        Subcommand {
            name: "puzzles",
            options: &[
                "--count",
                "--size",
                "--seed",
                "--min-loss",
                "--time-ms",
                "--threads",
                "--out",
            ],
            base: &[
                ("--count", "1"),
                ("--size", "5"),
                ("--threads", "1"),
                ("--out", "puzzles.ron"),
            ],
        },
        Subcommand {
            name: "export",
            options: &["--out", "--saves-dir", "--size", "--opponent", "--kind"],
            base: &[("--out", "out.xlsx"), ("--saves-dir", "saves")],
        },
    ]
}

/// The base options that `option` cannot be given with (or replaces).
fn without(base: &[(&str, &str)], option: &str) -> Vec<OsString> {
    let position = ["--size", "--stones", "--moves", "--random-stones", "--seed"];
    base.iter()
        .filter(|(name, _)| *name != option)
        .filter(|(name, _)| {
            // --game and --file replace the whole position.
            !(matches!(option, "--game" | "--file") && position.contains(name))
        })
        .flat_map(|(name, value)| [OsString::from(name), OsString::from(value)])
        .collect()
}

/// Starts `queens args` in `dir` and waits for it. Under wine, starting a process now and
/// then fails inside wine itself ("Internal error", os error 1359) before `queens` runs
/// at all; the sweep starts thousands, so a failed start is tried again (three times in
/// all). Only the start is retried: whatever `queens` answers is checked once.
fn run_queens(dir: &Path, args: &[OsString]) -> std::process::Output {
    let mut attempt = 1;
    loop {
        let started = Command::new(queens())
            .args(args)
            .current_dir(dir)
            .env("QUEENS_SAVES_DIR", dir.join("saves"))
            .env("HOME", dir)
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .output();
        match started {
            Ok(output) => return output,
            Err(err) if attempt < 3 => {
                eprintln!("starting queens failed ({err}); trying again");
                attempt += 1;
            }
            Err(err) => panic!("cannot run queens (tried {attempt} times): {err}"),
        }
    }
}

/// Runs `queens args` in `dir` and checks the contract; returns a description of what
/// broke it, if anything did.
fn check(dir: &Path, args: &[OsString]) -> Option<String> {
    let output = run_queens(dir, args);
    let shown: Vec<String> = args
        .iter()
        .map(|arg| {
            let text = arg.to_string_lossy();
            text.chars().take(30).collect()
        })
        .collect();
    let code = output.status.code();
    if !code.is_some_and(|code| DOCUMENTED_CODES.contains(&code)) {
        return Some(format!("{shown:?}: exit {code:?}"));
    }
    let stderr = String::from_utf8_lossy(&output.stderr);
    if code == Some(0) {
        return None;
    }
    let lines: Vec<&str> = stderr.lines().collect();
    let Some(last) = lines.last() else {
        return Some(format!("{shown:?}: exit {code:?} without a message"));
    };
    // `arena` prints its table before a failure after play; the message is the last line.
    if code != Some(130) && args.first().is_some_and(|a| a != "arena") && lines.len() != 1 {
        return Some(format!("{shown:?}: {} lines: {stderr:.300}", lines.len()));
    }
    if last.chars().count() > LONGEST_LINE {
        return Some(format!("{shown:?}: a line of {} characters", last.len()));
    }
    if let Some(word) = RUST_WORDS.iter().find(|word| stderr.contains(*word)) {
        return Some(format!("{shown:?}: says {word:?}: {last}"));
    }
    None
}

/// Every command line the sweep runs.
fn cases() -> Vec<Vec<OsString>> {
    let values = bad_values();
    let mut cases = Vec::new();
    for sub in subcommands() {
        for option in sub.options {
            for value in &values {
                let mut args = vec![OsString::from(sub.name)];
                args.extend(without(sub.base, option));
                if sub.name == "tree" && !sub.base.iter().any(|(name, _)| *name == "--kind") {
                    args.push("(1 2)".into());
                }
                args.push(option.into());
                args.push(value.clone());
                cases.push(args);
            }
        }
        // A positional where none is taken, an unknown option, `--option=value`.
        for value in &values {
            let mut unknown = OsString::from("--");
            unknown.push(value);
            let mut joined = OsString::from("--size=");
            joined.push(value);
            for extra in [value.clone(), unknown, joined] {
                let mut args = vec![OsString::from(sub.name)];
                args.extend(without(sub.base, ""));
                args.push(extra);
                cases.push(args);
            }
        }
    }
    for value in &values {
        // The tree itself, a subcommand that does not exist, and a value of the
        // window's --saves-dir in front of a subcommand.
        cases.push(vec![OsString::from("tree"), value.clone()]);
        cases.push(vec![value.clone()]);
        cases.push(vec!["--saves-dir".into(), value.clone(), "replay".into()]);
    }
    cases
}

/// How many runs go on at once: each is a process of its own that mostly waits for its
/// start (under wine, for wineserver), so a few more than the cores.
const WORKERS: usize = 4;

#[test]
fn no_bad_value_gets_a_long_line_rust_words_or_an_undocumented_exit_code() {
    let cases = cases();
    let runs = cases.len();
    assert!(runs > 500, "{runs}");
    // Each worker takes every WORKERS-th case, in a folder of its own (a command that
    // accepts its value may write there).
    let problems: Vec<String> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..WORKERS)
            .map(|worker| {
                let cases = &cases;
                scope.spawn(move || {
                    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
                    std::fs::create_dir_all(dir.path().join("saves"))
                        .unwrap_or_else(|e| panic!("{e}"));
                    cases
                        .iter()
                        .skip(worker)
                        .step_by(WORKERS)
                        .filter_map(|args| check(dir.path(), args))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| {
                worker
                    .join()
                    .unwrap_or_else(|_| panic!("a worker panicked"))
            })
            .collect()
    });
    assert!(
        problems.is_empty(),
        "{} of {runs} runs broke the contract:\n{}",
        problems.len(),
        problems.join("\n")
    );
}
