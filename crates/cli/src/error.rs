//! Everything that can go wrong on the command line, and the exit code of each.

use queens_arena::ArenaError;
use queens_board::{MoveError, ParseError};
use queens_engines::ai::tree::TreeError;
use queens_store::location::NoSavesFolder;
use queens_store::{ExportError, StoreError};
use std::path::PathBuf;
use thiserror::Error;

/// Exit code for bad input of any kind: usage, a position, a tree (as clap uses).
pub(crate) const EXIT_USAGE: u8 = 2;
/// Exit code for failures that are not the input's fault: no window, a closed stdout.
pub(crate) const EXIT_FAILURE: u8 = 1;
/// Exit code of `solve` when the time limit or a stop request came before the proof: the
/// answer (with the bounds proved) was printed.
pub(crate) const EXIT_UNSOLVED: u8 = 3;
/// Exit code when a second stop request (Ctrl+C, SIGTERM, SIGHUP) cut the saving short:
/// 128 + SIGINT, as shells report a program stopped by Ctrl+C.
pub(crate) const EXIT_INTERRUPTED: u8 = 130;

/// A failed `queens` invocation. The message is the whole story for the user; the binary
/// prints it once, prefixed with `queens: `.
#[derive(Debug, Error)]
pub enum CliError {
    /// The arguments do not fit the command line (clap's message, on one line).
    #[error("{0}")]
    Usage(String),
    /// Neither `--game` nor `--size` was given.
    #[error(
        "no position given: use --size N [--stones c,..] [--moves c,..] or --game \"size=N stones=.. moves=..\""
    )]
    MissingPosition,
    /// `bestmove` without `--depth` or `--time-ms`.
    #[error(
        "give a search depth with --depth D (1 to 225), a time limit with --time-ms T, or both"
    )]
    MissingLimit,
    /// A game string, size or stone list that is not acceptable.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// A move of the position to search is illegal.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// A game string that is not a position of any game (docs/rules.md).
    #[error(transparent)]
    Game(#[from] queens_engines::games::setup::GameStringError),
    /// A position or move a game's rules refuse, in the game's own words.
    #[error(transparent)]
    Refused(#[from] queens_engines::games::seam::Refused),
    /// A tree text that does not parse.
    #[error(transparent)]
    Tree(#[from] TreeError),
    /// Arena settings that cannot be played (an odd game count, too many stones, ...).
    #[error(transparent)]
    Arena(#[from] ArenaError),
    /// A file or folder named on the command line that cannot be used as asked.
    #[error("{path}: {reason}", path = path.display())]
    Target {
        /// The path as given.
        path: PathBuf,
        /// Why it cannot be used, e.g. "is a folder, not a file".
        reason: String,
    },
    /// No saves folder was named and the system gives no data folder.
    #[error(transparent)]
    NoSavesFolder(#[from] NoSavesFolder),
    /// The saves folder or the history cannot be written.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The workbook cannot be written.
    #[error(transparent)]
    Export(#[from] ExportError),
    /// The window could not be opened.
    #[error(
        "cannot open the game window (it needs a display and OpenGL 2.0 or newer; the README's \"If the window does not open\" says what to do): {detail}"
    )]
    Gui {
        /// The system's reason in its own words, without the internal error type and
        /// source file that winit puts before it (`gui_detail`).
        detail: String,
    },
    /// No display to open the window on (Linux and the BSDs with neither `DISPLAY` nor
    /// `WAYLAND_DISPLAY` set): said plainly instead of winit's internal error text.
    #[error(
        "no display found; set DISPLAY (or WAYLAND_DISPLAY) or run a subcommand (queens --help)"
    )]
    NoDisplay,
    /// The window was asked for, but this program was built without it (the `gui`
    /// feature): a failure of the build, not of the input.
    #[error(
        "this build has no window; rebuild with --features gui, or run a subcommand (queens --help)"
    )]
    NoWindow,
    /// The transposition table asked for with `--hash` does not fit in memory.
    #[error("{0}; give a smaller --hash")]
    Memory(queens_engines::ai::strong::TableError),
    /// The JSON answer could not be written.
    #[error("cannot write the answer")]
    Output(#[source] std::io::Error),
    /// `solve` ran out of time or was stopped before proving the value, or with
    /// `--all-moves` every move's (the bounds it proved are in the printed answer).
    #[error(
        "{} before {}; the answer gives the bounds proved",
        if *stopped { "stopped" } else { "the time limit ran out" },
        if *position_solved { "every move's value was proved (the position's is)" } else { "the position was solved" }
    )]
    Unsolved {
        /// Whether a stop request (not the time limit) ended it.
        stopped: bool,
        /// Whether the position's own value was proved (what is missing is then some
        /// move's value of `--all-moves`).
        position_solved: bool,
    },
    /// `analyse` was stopped before the first move (the moves it finished, the last of
    /// the game, are in the printed answer).
    #[error(
        "stopped before the analysis was complete; the answer holds {}",
        match moves { 0 => "no move".to_string(), 1 => "the last move".to_string(), n => format!("the last {n} moves") }
    )]
    AnalysisStopped {
        /// Moves analysed.
        moves: usize,
    },
    /// `perft` was stopped (Ctrl+C, SIGTERM, SIGHUP) before the count was complete.
    #[error("stopped before the count was complete")]
    PerftStopped,
    /// `check-engine` found an answer that is not ours, or the engine failed (the
    /// printed answer says which).
    #[error("{0}")]
    EngineCheck(String),
    /// A second stop request gave up part of the saving (what was finished is reported).
    #[error("stopped by a second Ctrl+C or termination signal: {skipped}")]
    Interrupted {
        /// What was not saved, e.g. "the workbook out.xlsx was not written".
        skipped: String,
    },
}

impl CliError {
    /// The process exit code for this error: 2 for bad input, 1 otherwise.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Usage(_)
            | CliError::MissingPosition
            | CliError::MissingLimit
            | CliError::Parse(_)
            | CliError::Move(_)
            | CliError::Game(_)
            | CliError::Refused(_)
            | CliError::Tree(_)
            | CliError::Arena(_)
            | CliError::Target { .. }
            | CliError::Memory(_)
            | CliError::NoSavesFolder(_)
            // Only user-named paths are written (the saves folder, the workbook), so a
            // failed write is a path to change, as clap's own bad values are.
            | CliError::Store(_)
            | CliError::Export(ExportError::Write { .. } | ExportError::Target { .. }) => EXIT_USAGE,
            CliError::Unsolved { .. } => EXIT_UNSOLVED,
            CliError::Interrupted { .. }
            | CliError::PerftStopped
            | CliError::AnalysisStopped { .. }
            | CliError::Export(ExportError::Cancelled) => {
                EXIT_INTERRUPTED
            }
                    CliError::Gui { .. } => EXIT_FAILURE,
            CliError::Export(_)
            | CliError::NoWindow
            | CliError::EngineCheck(_)
            | CliError::NoDisplay
            | CliError::Output(_) => EXIT_FAILURE,

        }
    }

    /// The error and its causes as one line (see [`one_line`]).
    pub fn one_line(&self) -> String {
        one_line(self)
    }
}

/// An error and its causes as one line, `outer: inner: ...` (no message repeats its
/// cause, so each is said once), with
/// control characters escaped so that text copied from user input cannot break the line,
/// and any word over `LONGEST_WORD` characters (a path no file system takes) cut to
/// its first 40 and "…".
pub fn one_line(err: &dyn std::error::Error) -> String {
    let mut line = err.to_string();
    let mut source = err.source();
    while let Some(cause) = source {
        line.push_str(": ");
        line.push_str(&cause.to_string());
        source = cause.source();
    }
    let escaped: String = line
        .chars()
        .flat_map(|c| {
            let escaped: Vec<char> = if c.is_control() {
                c.escape_default().collect()
            } else {
                vec![c]
            };
            escaped
        })
        .collect();
    // A path of 100,000 characters (no file system takes one) would make a 100 KB line:
    // words beyond any real path's length are quoted by their first characters.
    escaped
        .split(' ')
        .map(|word| {
            if word.chars().count() > LONGEST_WORD {
                // Keep the punctuation that joins it to the rest of the line.
                let body = word.trim_end_matches([':', ',', ';']);
                format!("{}{}", queens_board::clip_token(body), &word[body.len()..])
            } else {
                word.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The longest word a message shows whole: longer than any real path a user types (a
/// path of several folders runs to 100 or so), far shorter than a pasted flood.
pub(crate) const LONGEST_WORD: usize = 300;

impl From<clap::Error> for CliError {
    /// clap's complaint on one line, values clipped, in plain words (see
    /// `super::usage`).
    fn from(err: clap::Error) -> CliError {
        CliError::Usage(super::usage::usage_message(err))
    }
}

/// The reason a window could not open, for a person: winit's errors read "winit
/// EventLoopError: os error at /root/.cargo/registry/src/…/mod.rs:788: Failed to open
/// connection to X server"; only the words after the last source position are the
/// reason ("Failed to open connection to X server"). Text without a source position is
/// kept whole.
pub(crate) fn gui_detail(chain: &str) -> String {
    let after_position = chain.rfind(".rs:").and_then(|at| {
        let rest = &chain[at + ".rs:".len()..];
        // Skip the line (and column) numbers and their colons.
        let words = rest.trim_start_matches(|c: char| c.is_ascii_digit() || c == ':');
        let words = words.trim();
        (!words.is_empty()).then(|| words.to_string())
    });
    after_position.unwrap_or_else(|| chain.trim().to_string())
}

impl CliError {
    /// The refusal of a `--log` file (`arena`, `check-engine`) that cannot be written,
    /// its name cut as every quoted value is.
    pub(super) fn log_refused(path: &std::path::Path, err: &std::io::Error) -> CliError {
        CliError::Target {
            path: std::path::PathBuf::from(queens_board::clip_token(&path.display().to_string())),
            reason: format!("cannot write the protocol log: {err}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_escapes_newlines_from_user_text() {
        let err = CliError::Parse(ParseError::UnknownKey("a\nb".to_string()));
        let line = err.one_line();
        assert!(!line.contains('\n'), "{line}");
        assert!(line.contains("a\\nb"), "{line}");
    }

    #[test]
    fn one_line_says_a_quoted_cause_once() {
        let err = CliError::Store(StoreError::Write {
            path: PathBuf::from("saves/history"),
            source: std::io::Error::other("read-only file system"),
        });
        assert_eq!(
            err.one_line(),
            "saves/history: could not write: read-only file system"
        );
        assert_eq!(err.exit_code(), EXIT_USAGE);
    }

    /// Issue 18.9: a 100,000-character path named on the command line is not echoed whole.
    #[test]
    fn one_line_cuts_a_flood_of_a_path() {
        let err = CliError::Target {
            path: PathBuf::from("p".repeat(100_000)),
            reason: "cannot create the folder".to_string(),
        };
        let line = err.one_line();
        assert!(line.chars().count() < 100, "{}", line.len());
        assert!(line.ends_with("…: cannot create the folder"), "{line}");
        let real = format!("{}/out.xlsx", "folder/".repeat(20));
        let err = CliError::Target {
            path: PathBuf::from(&real),
            reason: "x".to_string(),
        };
        assert_eq!(err.one_line(), format!("{real}: x"));
    }

    #[test]
    fn one_line_appends_the_cause() {
        let err = CliError::Output(std::io::Error::other("disk full"));
        assert_eq!(err.one_line(), "cannot write the answer: disk full");
        assert_eq!(err.exit_code(), EXIT_FAILURE);
    }

    /// Issue 18 (10): winit's error names its source file; the message keeps the reason.
    #[test]
    fn a_window_error_keeps_the_reason_not_the_source_file() {
        let winit = "winit EventLoopError: os error at /root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/winit-0.30.13/src/platform_impl/linux/mod.rs:788: Failed to open connection to X server";
        assert_eq!(gui_detail(winit), "Failed to open connection to X server");
        assert_eq!(gui_detail("no OpenGL 2.0"), "no OpenGL 2.0");
        let error = CliError::Gui {
            detail: gui_detail(winit),
        };
        let line = error.one_line();
        assert!(
            !line.contains(".cargo") && !line.contains("EventLoopError"),
            "{line}"
        );
    }
}
