//! Where the program keeps its files: the saves folder (saves, the autosave and the match
//! history) lives in the platform's data folder, next to the window's settings, never in
//! the current folder. An app opened from the Finder starts in `/` and a Windows
//! shortcut often in `C:\Windows\System32`, where an ordinary user cannot write.
//!
//! The decision is a pure function of the platform, the environment and the options, so
//! it is tested for all three systems on any one of them.

use super::atomic::{ReadError, check_regular, read_capped, write_atomically};
use super::error::StoreError;
use super::history::HISTORY_DIR;
use super::saves::{DEFAULT_SAVES_DIR, MAX_FILE_BYTES, ensure_dir};
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};

/// The environment variable that chooses the saves folder when no `--saves-dir` is given.
pub const SAVES_DIR_VAR: &str = "QUEENS_SAVES_DIR";

/// The application's folder name inside the platform's data folder (eframe keeps the
/// window's settings in the same folder: its app id is "queens").
pub const APP_ID: &str = "queens";

/// The saves folder's name inside the application's data folder.
pub(crate) const SAVES_SUBDIR: &str = "saves";

/// The systems whose conventions for user data differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Platform {
    /// Linux and the other Unix systems: the XDG base directories.
    Unix,
    /// macOS: `~/Library/Application Support`.
    MacOs,
    /// Windows: the roaming application data folder.
    Windows,
}

impl Platform {
    /// The system this program was built for.
    pub(crate) fn current() -> Platform {
        if cfg!(windows) {
            Platform::Windows
        } else if cfg!(target_os = "macos") {
            Platform::MacOs
        } else {
            Platform::Unix
        }
    }
}

/// The application's data folder as a base folder and the names below it, kept apart so
/// that tests of another system's decision compare names, not separators.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct DataDir {
    /// The folder the system gives (from the environment).
    pub base: PathBuf,
    /// The folders below it, outermost first.
    pub below: Vec<&'static str>,
}

impl DataDir {
    /// The whole path, joined with this system's separator.
    pub(crate) fn path(&self) -> PathBuf {
        self.below
            .iter()
            .fold(self.base.clone(), |path, name| path.join(name))
    }
}

/// The application's data folder of `platform`, from the environment variables `env`
/// gives: the same folder as eframe's `storage_dir("queens")`, where the settings live.
///
/// - Unix: `$XDG_DATA_HOME/queens` when it is an absolute path, else
///   `$HOME/.local/share/queens`;
/// - macOS: `$HOME/Library/Application Support/queens`;
/// - Windows: `%APPDATA%\queens\data`.
///
/// `None` when the variables it needs are missing, empty or relative (no home folder).
/// A relative value is invalid, as the XDG base directory rule says of its variables: it
/// would name a folder under wherever the program happens to be started
/// ([`ignored_variables_for`] lists them, for a note).
pub(crate) fn data_dir_for(
    platform: Platform,
    env: impl Fn(&str) -> Option<OsString>,
) -> Option<DataDir> {
    let var = |name: &str| {
        env(name)
            .filter(|value| !value.is_empty())
            .map(PathBuf::from)
            .filter(|dir| is_absolute_for(platform, dir))
    };
    match platform {
        Platform::Unix => match var("XDG_DATA_HOME") {
            Some(base) => Some(DataDir {
                base,
                below: vec![APP_ID],
            }),
            None => var("HOME").map(|base| DataDir {
                base,
                below: vec![".local", "share", APP_ID],
            }),
        },
        Platform::MacOs => var("HOME").map(|base| DataDir {
            base,
            below: vec!["Library", "Application Support", APP_ID],
        }),
        Platform::Windows => var("APPDATA").map(|base| DataDir {
            base,
            below: vec![APP_ID, "data"],
        }),
    }
}

/// The variables [`data_dir_for`] reads on `platform` that are set to a relative path,
/// and so ignored, each as `NAME=value`.
pub(crate) fn ignored_variables_for(
    platform: Platform,
    env: impl Fn(&str) -> Option<OsString>,
) -> Vec<String> {
    let names: &[&str] = match platform {
        Platform::Unix => &["XDG_DATA_HOME", "HOME"],
        Platform::MacOs => &["HOME"],
        Platform::Windows => &["APPDATA"],
    };
    names
        .iter()
        .filter_map(|&name| {
            let value = env(name).filter(|value| !value.is_empty())?;
            (!is_absolute_for(platform, Path::new(&value)))
                .then(|| format!("{name}={}", value.to_string_lossy()))
        })
        .collect()
}

/// `ignored_variables_for` this system and this process's environment.
pub fn ignored_variables() -> Vec<String> {
    ignored_variables_for(Platform::current(), |name| std::env::var_os(name))
}

/// Whether `dir` is absolute on `platform` (checked by its text, so that a test of
/// another system's rule gives that system's answer).
fn is_absolute_for(platform: Platform, dir: &Path) -> bool {
    match platform {
        Platform::Unix | Platform::MacOs => dir.to_string_lossy().starts_with('/'),
        // `C:\...`, `C:/...` or `\\server\...`, read as text on any system.
        Platform::Windows => {
            let text = dir.to_string_lossy();
            let bytes = text.as_bytes();
            text.starts_with("\\\\")
                || (bytes.len() >= 3
                    && bytes[0].is_ascii_alphabetic()
                    && bytes[1] == b':'
                    && matches!(bytes[2], b'\\' | b'/'))
        }
    }
}

/// This system's application data folder, from this process's environment.
pub fn data_dir() -> Option<PathBuf> {
    data_dir_for(Platform::current(), |name| std::env::var_os(name)).map(|dir| dir.path())
}

/// Where the saves folder came from (the About window says so).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SavesSource {
    /// `--saves-dir` on the command line.
    Option,
    /// The environment variable [`SAVES_DIR_VAR`].
    Environment,
    /// The folder chosen in the window's settings.
    Setting,
    /// The default: `saves` in the platform's data folder.
    DataFolder,
    /// `saves` in the current folder: the window's last resort when the system names no
    /// home folder (the CLI refuses instead, with [`NoSavesFolder`]).
    CurrentFolder,
}

/// The saves folder and why it is that one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavesLocation {
    /// The folder.
    pub dir: PathBuf,
    /// Where it came from.
    pub source: SavesSource,
}

/// No saves folder could be chosen: nothing names one and there is no home folder.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "no folder for saves: the system names no home or application data folder; give --saves-dir DIR or set {SAVES_DIR_VAR}"
)]
pub struct NoSavesFolder;

/// Chooses the saves folder: `--saves-dir` first, then [`SAVES_DIR_VAR`], then the
/// window's setting (empty for the CLI), then `saves` in the platform's data folder
/// (`data_dir`). Empty or blank values count as not given. The current folder is never
/// the default.
///
/// # Errors
/// [`NoSavesFolder`] when nothing names a folder and there is no data folder.
pub fn choose_saves_dir(
    option: Option<&Path>,
    env: Option<&OsStr>,
    setting: &str,
    data_dir: Option<&Path>,
) -> Result<SavesLocation, NoSavesFolder> {
    let given = |path: &Path| !path.as_os_str().to_string_lossy().trim().is_empty();
    if let Some(dir) = option.filter(|dir| given(dir)) {
        return Ok(SavesLocation {
            dir: dir.to_path_buf(),
            source: SavesSource::Option,
        });
    }
    if let Some(dir) = env.map(Path::new).filter(|dir| given(dir)) {
        return Ok(SavesLocation {
            dir: dir.to_path_buf(),
            source: SavesSource::Environment,
        });
    }
    if !setting.trim().is_empty() {
        return Ok(SavesLocation {
            dir: PathBuf::from(setting.trim()),
            source: SavesSource::Setting,
        });
    }
    data_dir
        .map(|data| SavesLocation {
            dir: data.join(SAVES_SUBDIR),
            source: SavesSource::DataFolder,
        })
        .ok_or(NoSavesFolder)
}

/// [`choose_saves_dir`] with this process's environment and data folder.
///
/// # Errors
/// [`NoSavesFolder`] as there.
pub fn saves_location(
    option: Option<&Path>,
    setting: &str,
) -> Result<SavesLocation, NoSavesFolder> {
    let env = std::env::var_os(SAVES_DIR_VAR);
    choose_saves_dir(option, env.as_deref(), setting, data_dir().as_deref())
}

/// A `saves` folder left in `current` by a version that kept its files in the current
/// folder, if it holds any save or history entry and is not `saves_dir` itself.
pub fn legacy_saves_in(current: &Path, saves_dir: &Path) -> Option<PathBuf> {
    let old = current.join(DEFAULT_SAVES_DIR);
    if !old.is_dir() {
        return None;
    }
    let same = match (old.canonicalize(), saves_dir.canonicalize()) {
        (Ok(old), Ok(new)) => old == new,
        _ => false,
    };
    if same || rons_in(&old).is_empty() && rons_in(&old.join(HISTORY_DIR)).is_empty() {
        return None;
    }
    Some(old)
}

/// The regular `.ron` files directly inside `dir` (none if it cannot be listed).
fn rons_in(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "ron"))
        .filter(|path| check_regular(path).is_ok())
        .collect();
    files.sort();
    files
}

/// What [`import_saves`] did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ImportReport {
    /// Files copied into the new folder.
    pub copied: usize,
    /// Files left out because the new folder already has a file of that name (never
    /// overwritten).
    pub already_there: usize,
    /// Files that could not be copied, with the reason.
    pub failed: Vec<(PathBuf, String)>,
}

/// Copies the saves (`*.ron`) and the history entries (`history/*.ron`) of an older
/// saves folder `from` into `to`. Nothing is moved or deleted: the old folder stays as
/// it was, a file already in `to` is never overwritten, and each copy is written
/// atomically. Only regular files are read; files larger than any save are left out.
///
/// # Errors
/// [`StoreError::Write`] if `to` or its history folder cannot be created.
pub fn import_saves(from: &Path, to: &Path) -> Result<ImportReport, StoreError> {
    let mut report = ImportReport::default();
    for (source_dir, target_dir) in [
        (from.to_path_buf(), to.to_path_buf()),
        (from.join(HISTORY_DIR), to.join(HISTORY_DIR)),
    ] {
        let files = rons_in(&source_dir);
        if files.is_empty() {
            continue;
        }
        ensure_dir(&target_dir)?;
        for file in files {
            let Some(name) = file.file_name() else {
                continue;
            };
            let target = target_dir.join(name);
            if target.exists() || target.symlink_metadata().is_ok() {
                report.already_there += 1;
                continue;
            }
            match copy_one(&file, &target) {
                Ok(()) => report.copied += 1,
                Err(reason) => report.failed.push((file, reason)),
            }
        }
    }
    Ok(report)
}

fn copy_one(file: &Path, target: &Path) -> Result<(), String> {
    let bytes = read_capped(file, MAX_FILE_BYTES).map_err(|err| match err {
        ReadError::NotFound => "it is gone".to_string(),
        ReadError::NotRegular(kind) => format!("it is {kind}"),
        ReadError::TooLarge(size) => format!("larger than any save ({size} bytes)"),
        ReadError::Io(err) => err.to_string(),
    })?;
    write_atomically(target, &bytes).map_err(|err| err.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env_of(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<OsString> {
        let pairs: Vec<(String, String)> = pairs
            .iter()
            .map(|(k, v)| ((*k).to_string(), (*v).to_string()))
            .collect();
        move |name| {
            pairs
                .iter()
                .find(|(key, _)| key == name)
                .map(|(_, value)| OsString::from(value))
        }
    }

    #[test]
    fn linux_uses_xdg_data_home_when_absolute_else_home() {
        let env = env_of(&[("HOME", "/home/ann"), ("XDG_DATA_HOME", "/data/ann")]);
        let dir = data_dir_for(Platform::Unix, env).expect("a folder");
        assert_eq!(dir.base, PathBuf::from("/data/ann"));
        assert_eq!(dir.below, vec!["queens"]);

        let env = env_of(&[("HOME", "/home/ann"), ("XDG_DATA_HOME", "relative/path")]);
        let dir = data_dir_for(Platform::Unix, env).expect("a folder");
        assert_eq!(dir.base, PathBuf::from("/home/ann"));
        assert_eq!(dir.below, vec![".local", "share", "queens"]);

        let env = env_of(&[("HOME", "/home/ann"), ("XDG_DATA_HOME", "")]);
        let dir = data_dir_for(Platform::Unix, env).expect("a folder");
        assert_eq!(dir.below, vec![".local", "share", "queens"]);
    }

    #[test]
    fn macos_uses_application_support() {
        let env = env_of(&[("HOME", "/Users/ann"), ("XDG_DATA_HOME", "/ignored")]);
        let dir = data_dir_for(Platform::MacOs, env).expect("a folder");
        assert_eq!(dir.base, PathBuf::from("/Users/ann"));
        assert_eq!(dir.below, vec!["Library", "Application Support", "queens"]);
    }

    #[test]
    fn windows_uses_roaming_appdata_like_eframe() {
        let env = env_of(&[
            ("APPDATA", r"C:\Users\ann\AppData\Roaming"),
            ("HOME", "/ignored"),
        ]);
        let dir = data_dir_for(Platform::Windows, env).expect("a folder");
        assert_eq!(dir.base, PathBuf::from(r"C:\Users\ann\AppData\Roaming"));
        assert_eq!(dir.below, vec!["queens", "data"]);
    }

    #[test]
    fn a_relative_home_is_no_home_folder() {
        // Relative, it would name a folder under wherever the program happens to run.
        for platform in [Platform::Unix, Platform::MacOs] {
            let env = env_of(&[("HOME", "relative/home")]);
            assert_eq!(data_dir_for(platform, env), None, "{platform:?}");
        }
        let env = env_of(&[("HOME", "relative/home"), ("XDG_DATA_HOME", "/data/ann")]);
        let dir = data_dir_for(Platform::Unix, env).expect("a folder");
        assert_eq!(dir.base, PathBuf::from("/data/ann"));
        let env = env_of(&[("HOME", "relative/home"), ("XDG_DATA_HOME", "data")]);
        assert_eq!(
            ignored_variables_for(Platform::Unix, env),
            ["XDG_DATA_HOME=data", "HOME=relative/home"]
        );
        let env = env_of(&[("HOME", "/home/ann"), ("XDG_DATA_HOME", "")]);
        assert!(ignored_variables_for(Platform::Unix, env).is_empty());
    }

    #[test]
    fn no_home_means_no_data_folder() {
        for platform in [Platform::Unix, Platform::MacOs, Platform::Windows] {
            assert_eq!(data_dir_for(platform, env_of(&[])), None, "{platform:?}");
            assert_eq!(
                data_dir_for(platform, env_of(&[("HOME", ""), ("APPDATA", "")])),
                None,
                "{platform:?}"
            );
        }
    }

    #[test]
    fn option_then_environment_then_setting_then_data_folder() {
        let data = Path::new("/home/ann/.local/share/queens");
        let pick = |option: Option<&str>, env: Option<&str>, setting: &str| {
            choose_saves_dir(
                option.map(Path::new),
                env.map(OsStr::new),
                setting,
                Some(data),
            )
        };
        let chosen = pick(Some("opt"), Some("env"), "set").expect("a folder");
        assert_eq!(
            (chosen.dir, chosen.source),
            (PathBuf::from("opt"), SavesSource::Option)
        );
        let chosen = pick(None, Some("env"), "set").expect("a folder");
        assert_eq!(
            (chosen.dir, chosen.source),
            (PathBuf::from("env"), SavesSource::Environment)
        );
        let chosen = pick(Some(" "), Some(""), " set ").expect("a folder");
        assert_eq!(
            (chosen.dir, chosen.source),
            (PathBuf::from("set"), SavesSource::Setting)
        );
        let chosen = pick(None, None, "").expect("a folder");
        assert_eq!(chosen.dir, data.join("saves"));
        assert_eq!(chosen.source, SavesSource::DataFolder);
        assert_ne!(
            chosen.dir,
            PathBuf::from("saves"),
            "never the current folder"
        );
    }

    #[test]
    fn no_data_folder_and_nothing_given_is_an_error_naming_the_way_out() {
        let err = choose_saves_dir(None, None, "", None).expect_err("no folder");
        let text = err.to_string();
        assert!(
            text.contains("--saves-dir") && text.contains(SAVES_DIR_VAR),
            "{text}"
        );
        assert!(choose_saves_dir(None, Some(OsStr::new("x")), "", None).is_ok());
    }

    #[test]
    fn legacy_folder_is_found_only_with_games_in_it() {
        let cwd = tempfile::tempdir().expect("temp dir");
        let new = cwd.path().join("data");
        assert_eq!(legacy_saves_in(cwd.path(), &new), None, "no saves/ at all");
        std::fs::create_dir_all(cwd.path().join("saves/history")).expect("mkdir");
        assert_eq!(legacy_saves_in(cwd.path(), &new), None, "an empty saves/");
        std::fs::write(cwd.path().join("saves/history/1.ron"), "(x)").expect("write");
        assert_eq!(
            legacy_saves_in(cwd.path(), &new),
            Some(cwd.path().join("saves"))
        );
        assert_eq!(
            legacy_saves_in(cwd.path(), &cwd.path().join("saves")),
            None,
            "the folder in use is not an old one"
        );
    }

    #[test]
    fn import_copies_without_overwriting_or_removing() {
        let old = tempfile::tempdir().expect("temp dir");
        let new = tempfile::tempdir().expect("temp dir");
        let to = new.path().join("saves");
        std::fs::create_dir_all(old.path().join("history")).expect("mkdir");
        std::fs::write(old.path().join("a.ron"), "(old a)").expect("write");
        std::fs::write(old.path().join("autosave.ron"), "(old autosave)").expect("write");
        std::fs::write(old.path().join("notes.txt"), "not a save").expect("write");
        std::fs::write(old.path().join("history/h1.ron"), "(h1)").expect("write");
        std::fs::create_dir_all(&to).expect("mkdir");
        std::fs::write(to.join("autosave.ron"), "(new autosave)").expect("write");

        let report = import_saves(old.path(), &to).expect("import");
        assert_eq!(report.copied, 2);
        assert_eq!(report.already_there, 1);
        assert!(report.failed.is_empty(), "{:?}", report.failed);
        let read = |path: PathBuf| std::fs::read_to_string(path).expect("read");
        assert_eq!(read(to.join("a.ron")), "(old a)");
        assert_eq!(read(to.join("history/h1.ron")), "(h1)");
        assert_eq!(
            read(to.join("autosave.ron")),
            "(new autosave)",
            "never overwritten"
        );
        assert!(!to.join("notes.txt").exists(), "only saves are copied");
        assert_eq!(
            read(old.path().join("a.ron")),
            "(old a)",
            "the old folder stays"
        );

        let again = import_saves(old.path(), &to).expect("import");
        assert_eq!((again.copied, again.already_there), (0, 3));
    }
}
