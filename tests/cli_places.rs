//! Where the command line keeps its files: the match history goes to the platform's data
//! folder (here Linux's `$XDG_DATA_HOME` or `~/.local/share`), never the current folder;
//! `--saves-dir` and `QUEENS_SAVES_DIR` override it.
//!
//! Linux only: the folders, permissions and root checks below are Linux's (the Windows
//! data folder, %APPDATA%, is used by `cli_limits` and `cli_store` under wine).
#![cfg(target_os = "linux")]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const QUEENS: &str = env!("CARGO_BIN_EXE_queens");

/// A small arena: two games on 4x4 boards, fast at any level.
const ARENA: &[&str] = &[
    "arena",
    "--a",
    "alphabeta:1",
    "--b",
    "minimax:1",
    "--games",
    "2",
    "--size",
    "4",
    "--stones",
    "0",
    "--seed",
    "1",
];

fn history_count(saves: &Path) -> usize {
    std::fs::read_dir(saves.join("history"))
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .filter(|entry| entry.path().extension().is_some_and(|ext| ext == "ron"))
                .count()
        })
        .unwrap_or(0)
}

fn temp() -> tempfile::TempDir {
    tempfile::tempdir().unwrap_or_else(|err| panic!("{err}"))
}

/// `queens` with a clean environment: only `vars` (and PATH) are set.
fn queens_with(cwd: &Path, vars: &[(&str, &Path)], args: &[&str]) -> Command {
    let mut command = Command::new(QUEENS);
    command.args(args).current_dir(cwd).env_clear();
    if let Some(path) = std::env::var_os("PATH") {
        command.env("PATH", path);
    }
    for (name, value) in vars {
        command.env(name, value);
    }
    command
}

fn output(mut command: Command) -> Output {
    command
        .output()
        .unwrap_or_else(|err| panic!("cannot run queens: {err}"))
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Whether this process runs as root (the CI machine does), read from /proc.
fn running_as_root() -> bool {
    std::fs::read_to_string("/proc/self/status").is_ok_and(|status| {
        status
            .lines()
            .find(|line| line.starts_with("Uid:"))
            .and_then(|line| line.split_whitespace().nth(1))
            == Some("0")
    })
}

/// Run from `/` as an ordinary user (who cannot write there), as an app started from a
/// desktop menu is: the series is played and its games go to the history in
/// `~/.local/share/queens/saves`. As root (CI), the run drops to the user `nobody` with
/// `setpriv`; as an ordinary user, it runs as that user.
#[test]
fn arena_from_an_unwritable_folder_keeps_its_history_in_the_data_folder() {
    use std::os::unix::fs::PermissionsExt;
    let home = temp();
    // `nobody` must be able to write in the home folder and reach the program.
    std::fs::set_permissions(home.path(), std::fs::Permissions::from_mode(0o777))
        .unwrap_or_else(|err| panic!("{err}"));
    // A copy `nobody` can run, wherever the checkout is (a home folder may be closed).
    let tools = temp();
    let mut command = if running_as_root() {
        let program = tools.path().join("queens");
        // Copied by `cp`, not std::fs::copy: a test thread that forks while this process
        // holds the copy open for writing passes that descriptor to its child until the
        // child's exec, and running the copy then fails with "Text file busy" (seen once).
        let copied = Command::new("cp")
            .arg(QUEENS)
            .arg(&program)
            .status()
            .unwrap_or_else(|err| panic!("cannot run cp: {err}"));
        assert!(copied.success(), "cp {QUEENS} failed");
        for path in [tools.path(), program.as_path()] {
            std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755))
                .unwrap_or_else(|err| panic!("{err}"));
        }
        let mut command = Command::new("setpriv");
        command.args(["--reuid=65534", "--regid=65534", "--clear-groups", "--"]);
        command.arg(&program);
        command
    } else {
        Command::new(QUEENS)
    };
    command
        .args(ARENA)
        .current_dir("/")
        .env_remove("XDG_DATA_HOME")
        .env_remove("QUEENS_SAVES_DIR")
        .env("HOME", home.path());
    let result = output(command);
    assert_eq!(result.status.code(), Some(0), "{}", stderr(&result));
    let saves: PathBuf = home.path().join(".local/share/queens/saves");
    assert_eq!(
        history_count(&saves),
        2,
        "the two games are in {}",
        saves.display()
    );
    assert!(!Path::new("/saves/history").exists() || history_count(Path::new("/saves")) == 0);
}

#[test]
fn xdg_data_home_then_the_environment_then_the_option_choose_the_folder() {
    let cwd = temp();
    let home = temp();
    let data = temp();
    let env_saves = temp();
    let option_saves = temp();
    let vars = [("HOME", home.path()), ("XDG_DATA_HOME", data.path())];

    let result = output(queens_with(cwd.path(), &vars, ARENA));
    assert_eq!(result.status.code(), Some(0), "{}", stderr(&result));
    assert_eq!(history_count(&data.path().join("queens/saves")), 2);

    let with_env = [vars[0], vars[1], ("QUEENS_SAVES_DIR", env_saves.path())];
    let result = output(queens_with(cwd.path(), &with_env, ARENA));
    assert_eq!(result.status.code(), Some(0), "{}", stderr(&result));
    assert_eq!(history_count(env_saves.path()), 2);

    let option = option_saves.path().to_string_lossy().into_owned();
    let mut args = ARENA.to_vec();
    args.extend(["--saves-dir", &option]);
    let result = output(queens_with(cwd.path(), &with_env, &args));
    assert_eq!(result.status.code(), Some(0), "{}", stderr(&result));
    assert_eq!(history_count(option_saves.path()), 2);
    assert_eq!(
        history_count(env_saves.path()),
        2,
        "the option wins over the variable"
    );

    // `export` reads the same default folder the arena wrote to.
    let out = cwd.path().join("all.xlsx");
    let out_text = out.to_string_lossy().into_owned();
    let result = output(queens_with(
        cwd.path(),
        &vars,
        &["export", "--out", &out_text],
    ));
    assert_eq!(result.status.code(), Some(0), "{}", stderr(&result));
    let answer = String::from_utf8_lossy(&result.stdout);
    assert!(answer.contains("\"games\":2"), "{answer}");
    assert!(
        !cwd.path().join("saves").exists(),
        "nothing is written to the current folder"
    );
}

#[test]
fn no_home_and_no_folder_given_is_refused_with_the_way_out() {
    let cwd = temp();
    let result = output(queens_with(cwd.path(), &[], ARENA));
    assert_eq!(result.status.code(), Some(2));
    let message = stderr(&result);
    assert_eq!(message.lines().count(), 1, "{message}");
    assert!(
        message.contains("--saves-dir") && message.contains("QUEENS_SAVES_DIR"),
        "{message}"
    );
    assert!(!cwd.path().join("saves").exists());
    // With the variable alone it works.
    let saves = temp();
    let result = output(queens_with(
        cwd.path(),
        &[("QUEENS_SAVES_DIR", saves.path())],
        ARENA,
    ));
    assert_eq!(result.status.code(), Some(0), "{}", stderr(&result));
    assert_eq!(history_count(saves.path()), 2);
}
