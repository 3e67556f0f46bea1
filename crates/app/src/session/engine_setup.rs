//! A computer player's settings as the window keeps them ([`EngineSetup`]), the named
//! strengths New game offers ([`Preset`]) and the bounds the window keeps them in
//! (`WINDOW_LIMITS`). A module of its own so that the settings file's module and the
//! small games' setup can both use them without importing each other.

use queens_engines::ai::{EngineConfig, EngineKind, EngineLimits};
use serde::{Deserialize, Serialize};

/// The window's bounds on a computer player: the New game sliders' ranges. It always
/// thinks within a time limit (a game saved without one gets the longest).
pub(crate) const WINDOW_LIMITS: EngineLimits = EngineLimits {
    depth: (1, 30),
    time_ms: (100, 60_000),
    timed: true,
};

/// A computer player's settings as the window keeps them: the fields of
/// [`EngineConfig`] the New game panel shows. The engine is stored by name under the key
/// `algorithm` (as before the registry); an unknown name (from a newer version) costs
/// only that value, which falls back to the default with a note (see
/// `Settings::from_json` in the settings module).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct EngineSetup {
    /// The engine.
    #[serde(rename = "algorithm")]
    pub engine: EngineKind,
    /// Maximum depth in plies.
    pub depth: u32,
    /// Thinking-time limit in milliseconds.
    pub time_ms: u64,
    /// The command line of an engine program (docs/protocol.md) that plays instead of
    /// `engine`, asked with `go depth {depth} movetime {time_ms}`; desktop only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub program: Option<String>,
}

impl Default for EngineSetup {
    fn default() -> Self {
        Preset::Easy.engine()
    }
}

impl EngineSetup {
    /// The configuration the window plays with: these settings, within
    /// `WINDOW_LIMITS`, with the engine's default threads and table.
    pub fn config(&self) -> EngineConfig {
        let mut config = EngineConfig {
            time_ms: Some(self.time_ms),
            ..EngineConfig::new(self.engine, self.depth)
        };
        config.clamp(&WINDOW_LIMITS);
        config
    }

    /// The window's settings for `config`, brought within `WINDOW_LIMITS` (a game
    /// saved by the CLI without a time limit gets the longest).
    pub fn from_config(config: &EngineConfig) -> EngineSetup {
        let mut config = *config;
        config.clamp(&WINDOW_LIMITS);
        EngineSetup {
            engine: config.engine,
            depth: config.depth,
            time_ms: config.time_ms.unwrap_or(WINDOW_LIMITS.time_ms.1),
            program: None,
        }
    }

    /// Brings every number within `WINDOW_LIMITS` (an engine program stays).
    pub fn clamp(&mut self) {
        let program = self.program.take();
        *self = EngineSetup {
            program,
            ..EngineSetup::from_config(&self.config())
        };
    }

    /// The preset these settings equal, if any.
    pub fn preset(&self) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.engine() == *self)
    }
}

/// Named engine strengths for people who don't want to choose depth and time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preset {
    /// Looks one move ahead.
    Beginner,
    /// Two plies.
    Easy,
    /// Four plies, two seconds.
    Medium,
    /// The strong engine, ten plies, three seconds.
    Hard,
    /// The strong engine that plays a proven best move whenever its solve finishes in
    /// half of ten seconds, else as deep as the rest allows.
    Expert,
}

impl Preset {
    /// Every preset, weakest first.
    pub const ALL: [Preset; 5] = [
        Preset::Beginner,
        Preset::Easy,
        Preset::Medium,
        Preset::Hard,
        Preset::Expert,
    ];

    /// The engine settings of this preset.
    pub fn engine(self) -> EngineSetup {
        let (engine, depth, time_ms) = match self {
            Preset::Beginner => (EngineKind::MINIMAX, 1, 1_000),
            Preset::Easy => (EngineKind::ALPHABETA, 2, 1_000),
            Preset::Medium => (EngineKind::ALPHABETA, 4, 2_000),
            Preset::Hard => (EngineKind::PVS, 10, 3_000),
            Preset::Expert => (EngineKind::PERFECT, 30, 10_000),
        };
        EngineSetup {
            engine,
            depth,
            time_ms,
            program: None,
        }
    }
}

/// The command line that runs the program file `path`: Python files through the
/// system's Python (`python3`, or `python` on Windows, where the installer names it so),
/// any other file as it is (an executable or a script with its `#!` line). A path with
/// spaces is quoted, as the command line's words are split (docs/protocol.md).
pub(crate) fn command_for_file(path: &std::path::Path) -> String {
    let shown = path.display().to_string();
    let quoted = if shown.chars().any(char::is_whitespace) {
        format!("\"{shown}\"")
    } else {
        shown
    };
    let python = if cfg!(windows) { "python" } else { "python3" };
    match path.extension().and_then(|extension| extension.to_str()) {
        Some("py") => format!("{python} {quoted}"),
        _ => quoted,
    }
}
