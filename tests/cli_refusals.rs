//! What `queens` refuses, and how: exit 2, nothing on stdout, one line on stderr naming
//! the offending token (docs/cli.md); help and version; no window without a display.

use crate::common;

#[cfg(any(target_os = "linux", not(feature = "gui")))]
use assert_cmd::cargo::cargo_bin_cmd;
use common::{all_refused, queens, refused, refused_lines};
#[cfg(any(target_os = "linux", not(feature = "gui")))]
use std::time::Duration;

#[test]
fn help_and_version_succeed_on_stdout() {
    for args in [
        &["--help"][..],
        &["--version"],
        &["replay", "--help"],
        &["bestmove", "--help"],
        &["tree", "--help"],
        &["gui", "--help"],
        &["help", "tree"],
    ] {
        let output = queens(args);
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        assert!(!output.stdout.is_empty(), "{args:?}");
        assert!(output.stderr.is_empty(), "{args:?}");
    }
    let help = String::from_utf8(queens(&["bestmove", "--help"]).stdout).unwrap();
    assert!(help.contains("--time-ms"), "{help}");
    let version = String::from_utf8(queens(&["--version"]).stdout).unwrap();
    assert!(version.starts_with("queens "), "{version}");
}

#[test]
fn bad_position_text_is_refused() {
    refused_lines(&[
        ("replay --game hello", "'hello'"),
        ("replay --game size=99", "'99'"),
        (
            "replay --game size=99999999999999999999",
            "size '99999999999999999999' is not allowed",
        ),
        ("replay --game stones=a1", "missing 'size=N'"),
    ]);
    all_refused(&[
        (&["replay", "--game", ""], "empty"),
        (&["replay", "--game", "   "], "empty"),
        (&["replay", "--game", "size=8 colour=red"], "'colour'"),
        (&["replay", "--game", "size=8 size=8"], "twice"),
        (&["replay", "--game", "size=8 stones=b2,b2"], "'b2'"),
        (&["replay", "--game", "size=8 stones=b2,z9"], "'z9'"),
        (&["replay", "--game", "size=8 moves=i1"], "'i1'"),
        (&["replay", "--game", "size=3 stones=a1,b2"], "too many"),
        (
            &["replay", "--game", "\u{1F451}"],
            "'\u{1F451}' is not a key=value pair",
        ),
        // Issue 18 (11): a trailing or doubled comma is named as such.
        (
            &["replay", "--game", "size=8 moves=c3,"],
            "trailing or doubled comma",
        ),
        (
            &["replay", "--size", "8", "--moves", "c3,,d5"],
            "moves has an empty entry",
        ),
        (
            &["replay", "--size", "8", "--stones", ",b2"],
            "stones has an empty entry",
        ),
    ]);
}

#[test]
fn bad_position_flags_are_refused() {
    refused_lines(&[
        ("replay", "no position"),
        ("replay --size abc", "'abc'"),
        ("replay --size 2", "'2'"),
        ("replay --size 16", "'16'"),
        ("replay --size -4", "size"),
        ("replay --size 99999999999999999999", "99999999999999999999"),
        ("replay --size", "--size"),
        ("replay --size 8 --stones b2,b2", "'b2'"),
        ("replay --size 8 --stones b2,,c3", "stones"),
        ("replay --size 3 --stones a1,b2", "too many"),
        ("replay --size 8 --moves z9", "'z9'"),
        ("replay --size 8 --moves i1", "off the 8x8"),
        ("replay --game size=4 --size 4", "--game"),
        ("replay --game size=4 --moves a1", "--game"),
        ("replay --size 5 --random-stones 10 --seed 1", "too many"),
        (
            "replay --size 5 --random-stones 99999999999999999999999 --seed 1",
            "--random-stones",
        ),
        ("replay --size 5 --random-stones 3", "--seed"),
        ("replay --size 5 --seed 3", "--random-stones"),
        ("replay --size 5 --random-stones 1 --seed -1", "--seed"),
        (
            "replay --size 5 --random-stones 1 --seed 1 --stones a1",
            "--stones",
        ),
    ]);
    all_refused(&[(&["replay", "--size", ""], "size")]);
}

#[test]
fn a_newline_inside_a_cell_token_still_gives_one_line() {
    let message = refused(&["replay", "--size", "4", "--stones", "a\n1"]);
    assert!(message.contains("a\\n1"), "{message}");
    let message = refused(&["replay", "--game", "size=4\u{1b}[31m"]);
    assert!(!message.contains('\u{1b}'), "{message}");
}

#[test]
fn bestmove_refuses_illegal_moves_in_the_position() {
    refused_lines(&[
        ("bestmove --size 4 --moves b2,b2 --depth 1", "move 2 (b2)"),
        ("bestmove --size 4 --moves b2,c3 --depth 1", "controlled"),
        ("bestmove --size 4 --moves b2,d3,a4,c4 --time-ms 10", "over"),
    ]);
    all_refused(&[
        (
            &[
                "bestmove",
                "--game",
                "size=4 stones=a1 moves=b2,a1",
                "--depth",
                "1",
            ],
            "move 2 (a1)",
        ),
        (
            &[
                "bestmove",
                "--game",
                "size=4 moves=b2,d3,a4,c4",
                "--depth",
                "1",
            ],
            "move 4 (c4)",
        ),
    ]);
}

#[test]
fn bestmove_refuses_bad_search_options() {
    refused_lines(&[
        ("bestmove --size 4", "--depth"),
        ("bestmove --size 4 --depth 0", "'0'"),
        ("bestmove --size 4 --depth 226", "'226'"),
        ("bestmove --size 4 --depth -1", "--depth"),
        ("bestmove --size 4 --depth abc", "'abc'"),
        ("bestmove --size 4 --depth 99999999999999999999", "--depth"),
        ("bestmove --size 4 --depth 2 --algo foo", "'foo'"),
        // The known names come from the engine table.
        (
            "bestmove --size 4 --depth 2 --algo quantum",
            "unknown algorithm 'quantum' (known: minimax, alphabeta, pvs, perfect)",
        ),
        // 0 means one per core (issue 18.14), as in solve and analyse.
        ("bestmove --size 4 --depth 2 --threads -1", "--threads"),
        ("bestmove --size 4 --depth 2 --threads 1025", "--threads"),
        ("bestmove --size 4 --time-ms -5", "--time-ms"),
        ("bestmove --size 4 --time-ms abc", "'abc'"),
        (
            "bestmove --size 4 --time-ms 99999999999999999999999",
            "--time-ms",
        ),
        ("bestmove --size 4 --time-ms 999999999999", "--time-ms"),
        ("bestmove --depth 2", "no position"),
    ]);
    all_refused(&[
        (&["bestmove", "--size", "4", "--depth", ""], "--depth"),
        (
            &["bestmove", "--size", "4", "--depth", "2", "--algo", ""],
            "algorithm",
        ),
        (&["bestmove", "--game", "", "--depth", "2"], "empty"),
    ]);
}

#[test]
fn bad_tree_text_is_refused() {
    refused_lines(&[("tree garbage", "'g'"), ("tree", "tree")]);
    all_refused(&[
        (&["tree", ""], "empty"),
        (&["tree", "   "], "empty"),
        (&["tree", "((1 2)"], "never closed"),
        (&["tree", "(1 2))"], "position 5"),
        (&["tree", "()"], "empty node"),
        (&["tree", "(1 x 2)"], "'x'"),
        (&["tree", "(1 99999999999999 2)"], "99999999999999"),
        (
            &["tree", "(1 99999999999999999999999999999 2)"],
            "99999999999999999999999999999",
        ),
        (&["tree", "(1 - 2)"], "'-'"),
        (
            &["tree", "(-9223372036854775808 1)"],
            "'-9223372036854775808' at position 1",
        ),
        (&["tree", "(1 -100000001)"], "at position 3"),
        (&["tree", "(1 2)", "--root", "middle"], "'middle'"),
        (&["tree", "(1 2)", "--algo", "foo"], "'foo'"),
        (&["tree", "(1 2)", "(3 4)"], "'(3 4)'"),
    ]);
}

#[test]
fn unknown_subcommands_and_flags_are_refused_on_one_line() {
    refused_lines(&[
        ("frobnicate", "'frobnicate'"),
        ("replay --bogus", "'--bogus'"),
        ("--bogus", "'--bogus'"),
        // `gui` takes one saved game to open (issue 30.12); a second word is refused.
        ("gui game.ron extra", "'extra'"),
    ]);
    all_refused(&[
        (&[""], "''"),
        (&["tree", "(1 2)", "--depth", "3"], "'--depth'"),
        // The games it names are the games table's, the last one included.
        (&["tree", "(1 2)", "--depth", "3"], "othello"),
    ]);
}

/// Without a display the window cannot open: that is a failure (exit 1), not bad input,
/// and it is still reported on one line, with or without a saves folder. Linux only, where
/// removing the display variables is enough to make sure no window appears.
#[cfg(all(target_os = "linux", feature = "gui"))]
#[test]
fn gui_without_a_display_fails_with_exit_1_and_one_line() {
    let saves = std::env::temp_dir().join("queens-test-unused-saves");
    let saves = saves.to_string_lossy();
    for args in [
        &[][..],
        &["gui"],
        &["--saves-dir", &saves],
        &["gui", "--saves-dir", &saves],
        &["gui", "game.ron"],
    ] {
        let output = common::output_of(|| {
            let mut command = cargo_bin_cmd!("queens");
            command
                .args(args)
                .env_remove("DISPLAY")
                .env_remove("WAYLAND_DISPLAY")
                .env_remove("WAYLAND_SOCKET")
                .timeout(Duration::from_secs(20));
            command
        });
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty());
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        // Said plainly (issue 18.10), not winit's error with its source path.
        assert_eq!(
            stderr,
            "queens: no display found; set DISPLAY (or WAYLAND_DISPLAY) or run a subcommand (queens --help)\n"
        );
    }
}

/// A display that is named but cannot be reached (an X server not running yet): one
/// line with the system's reason, never winit's error type and source path (issue 18.10:
/// seen as "winit EventLoopError: os error at /root/.cargo/registry/src/...").
#[cfg(all(target_os = "linux", feature = "gui"))]
#[test]
fn gui_on_an_unreachable_display_says_why_in_one_plain_line() {
    // A saves folder that is named must exist, for the window as for every command
    // (issue 38.6): before any window is tried, exit 2 naming it.
    let missing = std::env::temp_dir().join("queens-test-missing-saves-folder");
    let output = common::output_of(|| {
        let mut command = cargo_bin_cmd!("queens");
        command
            .args(["gui", "--saves-dir"])
            .arg(&missing)
            .env("DISPLAY", ":987")
            .env_remove("WAYLAND_DISPLAY")
            .env_remove("WAYLAND_SOCKET")
            .timeout(Duration::from_secs(60));
        command
    });
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("does not exist"), "{stderr}");
    assert!(!missing.exists());

    let saves = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let output = common::output_of(|| {
        let mut command = cargo_bin_cmd!("queens");
        command
            .args(["gui", "--saves-dir"])
            .arg(saves.path())
            .env("DISPLAY", ":987")
            .env_remove("WAYLAND_DISPLAY")
            .env_remove("WAYLAND_SOCKET")
            .timeout(Duration::from_secs(60));
        command
    });
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("queens: cannot open the game window"),
        "{stderr}"
    );
    for internal in [".cargo", "registry", ".rs:", "EventLoopError"] {
        assert!(!stderr.contains(internal), "{stderr}");
    }
}

/// A build without the `gui` feature has no window: asking for it (no arguments, or
/// `gui`) fails with exit 1 and one line that says how to get one, instead of exiting 0
/// having done nothing.
#[cfg(not(feature = "gui"))]
#[test]
fn a_build_without_the_window_says_so_when_asked_for_it() {
    for args in [&[][..], &["gui"], &["gui", "--saves-dir", "unused"]] {
        let output = common::output_of(|| {
            let mut command = cargo_bin_cmd!("queens");
            command.args(args).timeout(Duration::from_secs(20));
            command
        });
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty());
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.starts_with("queens: this build has no window; rebuild with --features gui"),
            "{stderr}"
        );
    }
}
