//! Issue 18.9, 18.10, 18.11 and 18.15: what `queens` says about bad input and about its
//! own work, in words a person reads: values quoted short, ranges as "1 to 225", the
//! right advice for the command at hand, singular for one, and engine names alone taken
//! as contestants.

use crate::common;

use common::{refused, run};
use serde_json::Value;

/// Runs an arena that must succeed (its table goes to stderr) and returns its JSON.
fn arena_json(args: &[&str]) -> Value {
    let (code, stdout, stderr) = run(args);
    assert_eq!(code, Some(0), "{args:?}: {stderr}");
    serde_json::from_str(&stdout).unwrap_or_else(|err| panic!("{args:?}: {err} in {stdout}"))
}

/// 18.9: a 131,000-digit value is quoted by its first 40 characters.
#[test]
fn a_huge_value_is_quoted_short() {
    let digits = "9".repeat(131_000);
    for (option, rest) in [
        ("--size", "--depth"),
        ("--depth", "--size"),
        ("--hash", "--size"),
    ] {
        let message = refused(&["bestmove", rest, "4", option, &digits]);
        assert!(message.chars().count() < 200, "{option}: {}", message.len());
        assert!(
            message.contains(&format!("'{}…'", "9".repeat(40))),
            "{message}"
        );
    }
    let message = refused(&["replay", &format!("--{}", "x".repeat(100_000))]);
    assert!(message.chars().count() < 200, "{}", message.len());
}

/// 18.10: numbers are refused with their range in words, never in Rust's.
#[test]
fn numbers_are_refused_in_plain_english() {
    for bad in ["0", "226", "abc", "", "-3", "99999999999999999999999"] {
        let message = refused(&["bestmove", "--size", "4", "--depth", bad]);
        assert!(
            message.ends_with("a whole number from 1 to 225 is expected"),
            "{bad:?}: {message}"
        );
    }
    let message = refused(&[
        "replay",
        "--size",
        "4",
        "--random-stones",
        "x",
        "--seed",
        "1",
    ]);
    assert!(message.contains("from 0 to 225"), "{message}");
    let message = refused(&["arena", "--games", "1000002"]);
    assert!(message.contains("from 2 to 1000000"), "{message}");
}

/// 18.10: the arena's table names its seeds in words, also past the largest seed.
#[test]
fn the_arena_table_names_its_seeds_in_words() {
    let base = ["arena", "--no-history", "--size", "3", "--stones", "1"];
    let players = ["--a", "minimax:1", "--b", "minimax:1"];
    let (code, _, stderr) = run(&[&base[..], &players, &["--games", "2", "--seed", "5"]].concat());
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stderr.starts_with("arena: 2 of 2 games, 3x3 with 1 stone, seed 5\n"),
        "{stderr}"
    );
    let last = u64::MAX.to_string();
    let (code, _, stderr) =
        run(&[&base[..], &players, &["--games", "4", "--seed", &last]].concat());
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stderr.contains(&format!("seeds {last} to 0 (")), "{stderr}");
    assert!(!stderr.contains("..="), "{stderr}");
}

/// 18.11: `--saves-dir` before a subcommand gets advice that fits that subcommand.
#[test]
fn saves_dir_advice_fits_the_subcommand() {
    let message = refused(&["--saves-dir", "D", "replay", "--size", "4"]);
    assert!(!message.contains("queens arena"), "{message}");
    assert!(message.contains("queens replay"), "{message}");
    let message = refused(&["--saves-dir", "D", "export", "--out", "x.xlsx"]);
    assert!(
        message.contains("queens export --saves-dir DIR"),
        "{message}"
    );
}

/// 18.11: a board too small for the default stone count names the option's default.
#[test]
fn too_many_default_stones_name_the_option() {
    let message = refused(&["arena", "--size", "3", "--no-history"]);
    assert!(message.contains("--stones defaults to 4"), "{message}");
    assert!(message.contains("at most 1"), "{message}");
    let message = refused(&["arena", "--size", "3", "--stones", "2", "--no-history"]);
    assert!(message.contains("2 stones are too many"), "{message}");
}

/// 18.11: one of a thing is singular.
#[test]
fn one_is_singular() {
    let message = refused(&["replay", "--game", "size=3 stones=a1,b2"]);
    assert!(message.contains("2 stones are too many"), "{message}");
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let saves = dir.path().display().to_string();
    let (code, _, stderr) = run(&[
        "arena",
        "--saves-dir",
        &saves,
        "--size",
        "3",
        "--stones",
        "0",
        "--games",
        "2",
        "--a",
        "minimax:1",
        "--b",
        "minimax:1",
    ]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stderr.contains("with 0 stones, seed 1"), "{stderr}");
    assert!(
        stderr.contains("  2 games added to the history"),
        "{stderr}"
    );
}

/// 18.15: every engine name `bestmove --algo` takes is a contestant alone, at the
/// engine's default depth, or with `:DEPTH`.
#[test]
fn engine_names_alone_are_contestants() {
    let value = arena_json(&[
        "arena",
        "--no-history",
        "--games",
        "2",
        "--size",
        "3",
        "--stones",
        "0",
        "--a",
        "pvs",
        "--b",
        "Negascout:2",
    ]);
    assert_eq!(value["a"]["algo"], "pvs", "{value}");
    assert_eq!(value["a"]["depth"], 6, "{value}");
    assert_eq!(value["b"]["algo"], "pvs", "{value}");
    assert_eq!(value["b"]["depth"], 2, "{value}");
    for name in [
        "minimax",
        "mm",
        "alphabeta",
        "ab",
        "strong",
        "perfect",
        "solver",
        "exact",
    ] {
        let value = arena_json(&[
            "arena",
            "--no-history",
            "--games",
            "2",
            "--size",
            "3",
            "--stones",
            "0",
            "--a",
            name,
            "--b",
            "mm:1",
        ]);
        assert_eq!(value["games"], 2, "{name}: {value}");
    }
    let message = refused(&["arena", "--a", "foo"]);
    assert!(
        message.contains("neither an engine (minimax, alphabeta, pvs, perfect)"),
        "{message}"
    );
}

/// 18.11: a save whose stored gain is one cell says "1 cell" when `analyse --file` or
/// the export refuses it.
#[test]
fn one_cell_is_singular_in_a_save_check() {
    let err = queens_store::CheckError::GainMismatch {
        number: 3,
        cell: queens_board::Cell::new(1, 1),
        stored: 1,
        actual: 2,
    };
    assert!(err.to_string().contains("gaining 1 cell, but"), "{err}");
}
