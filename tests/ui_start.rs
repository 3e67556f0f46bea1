//! Starting the window where it cannot open: with no display named, `queens` (and
//! `queens gui`) say so in one plain line and exit 1, the code docs/cli.md gives to "the
//! window cannot open", instead of winit's internal error with its source path.

use assert_cmd::cargo::cargo_bin_cmd;

#[cfg(all(unix, not(target_os = "macos")))]
#[test]
fn no_display_is_one_plain_line_and_exit_1() {
    for args in [&[][..], &["gui"][..]] {
        let output = cargo_bin_cmd!("queens")
            .args(args)
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .env_remove("WAYLAND_SOCKET")
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{args:?}: {stderr}");
        assert_eq!(
            stderr,
            "queens: no display found; set DISPLAY (or WAYLAND_DISPLAY) or run a subcommand (queens --help)\n",
            "{args:?}"
        );
        assert!(output.stdout.is_empty());
    }
}
