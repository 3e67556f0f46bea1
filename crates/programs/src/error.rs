//! Why an engine program lost: the forfeit reasons of docs/protocol.md, each a variant
//! whose text says what happened, so a series can write it beside the game.

use thiserror::Error;

/// What an engine program did wrong (or what went wrong running it).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum EngineError {
    /// The command could not be run.
    #[error("did not start: '{command}': {why}")]
    NotStarted {
        /// The command line.
        command: String,
        /// The system's reason.
        why: String,
    },
    /// It exited, or closed its output, before answering.
    #[error("crashed: {status}{}", stderr_tail(.stderr))]
    Crashed {
        /// Its exit status, or "closed its output" when it had not exited.
        status: String,
        /// Its last lines of standard error, newest last.
        stderr: String,
    },
    /// It said nothing at all within a bound.
    #[error("hung: said nothing for {ms} ms while {waiting}")]
    Hung {
        /// What the program was waiting for.
        waiting: &'static str,
        /// The bound.
        ms: u64,
    },
    /// Its `bestmove` came after the time and the margin (it answered `stop`).
    #[error("late: answered {late_ms} ms after its {limit_ms} ms and the {margin_ms} ms margin")]
    Late {
        /// How late past the margin.
        late_ms: u64,
        /// The limit it was given.
        limit_ms: u64,
        /// The margin.
        margin_ms: u64,
    },
    /// It went on after `stop` without a `bestmove`.
    #[error("ignored stop: no bestmove {ms} ms after stop")]
    IgnoredStop {
        /// The margin it was given.
        ms: u64,
    },
    /// A line that is not the protocol.
    #[error("garbage: {why}: '{line}'")]
    Garbage {
        /// The line (cut to 80 characters).
        line: String,
        /// What is wrong with it.
        why: String,
    },
    /// Too long a line, or too many lines.
    #[error("flood: {0}")]
    Flood(String),
    /// A move the rules refuse in the position.
    #[error("illegal move: '{mv}' in '{position}': {why}")]
    IllegalMove {
        /// The move as the engine wrote it.
        mv: String,
        /// The position's game string.
        position: String,
        /// The rules' reason.
        why: String,
    },
    /// It answered `error <text>`.
    #[error("engine error: {0}")]
    Refused(String),
    /// Writing to it failed for another reason than its exit.
    #[error("could not write to it: {0}")]
    Write(String),
}

impl EngineError {
    /// The reason's short name, as the arena's JSON writes it (`"crashed"`, `"hung"`,
    /// `"late"`, `"ignored stop"`, ...).
    pub fn reason(&self) -> &'static str {
        match self {
            EngineError::NotStarted { .. } => "did not start",
            EngineError::Crashed { .. } => "crashed",
            EngineError::Hung { .. } => "hung",
            EngineError::Late { .. } => "late",
            EngineError::IgnoredStop { .. } => "ignored stop",
            EngineError::Garbage { .. } => "garbage",
            EngineError::Flood(_) => "flood",
            EngineError::IllegalMove { .. } => "illegal move",
            EngineError::Refused(_) => "engine error",
            EngineError::Write(_) => "crashed",
        }
    }
}

fn stderr_tail(stderr: &str) -> String {
    if stderr.is_empty() {
        String::new()
    } else {
        format!("; its last standard error: {stderr}")
    }
}

/// `line` cut to 80 characters for a message.
pub(super) fn clip(line: &str) -> String {
    match line.char_indices().nth(80) {
        Some((at, _)) => format!("{}...", &line[..at]),
        None => line.to_string(),
    }
}
