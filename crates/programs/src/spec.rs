//! An engine program as the command line names it: `"depth=4 margin=1000 cmd=python3
//! my_engine.py"`: settings, then `cmd=` and the command (docs/protocol.md, "Running your
//! engine").

use super::wire::Go;
use queens_board::clip_token;
use std::str::FromStr;
use std::time::Duration;
use thiserror::Error;

/// The bounds of every wait on an engine program (docs/protocol.md, "Time, margins and
/// forfeits").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// Starting and the handshake, and each `isready`.
    pub start: Duration,
    /// Past `movetime`, after `stop`, after `quit`.
    pub margin: Duration,
    /// A `go` with no time limit (a depth or a node count).
    pub timeout: Duration,
}

impl Default for Bounds {
    fn default() -> Self {
        Bounds {
            start: Duration::from_millis(5000),
            margin: Duration::from_millis(500),
            timeout: Duration::from_millis(30_000),
        }
    }
}

/// How an engine program is run and asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgramSpec {
    /// The program and its arguments.
    pub command: Vec<String>,
    /// The limits of every `go` (a depth of 3 when none is given).
    pub go: Go,
    /// The bounds of the waits.
    pub bounds: Bounds,
    /// The name in reports, instead of the engine's `id name`.
    pub name: Option<String>,
    /// Options sent with `setoption`, in order.
    pub options: Vec<(String, String)>,
}

/// Why an engine spec cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SpecError {
    /// No `cmd=`, or nothing after it.
    #[error(
        "an engine program is given as \"[settings] cmd=COMMAND ARGS\", e.g. \"cmd=python3 my_engine.py\"; '{0}' has no command"
    )]
    NoCommand(String),
    /// A setting that is not one of the list.
    #[error(
        "'{0}' is not an engine program setting (depth=, movetime=, nodes=, start=, margin=, timeout=, name=, option.ID=, then cmd=)"
    )]
    UnknownSetting(String),
    /// A setting whose value is not a number in range.
    #[error("'{0}': the value must be a whole number from 1 to {1}")]
    BadNumber(String, u64),
    /// A quote opened and not closed.
    #[error("an unclosed quote in the command '{0}'")]
    Quote(String),
}

impl ProgramSpec {
    /// Whether `text` names an engine program rather than one of ours.
    pub fn is_program(text: &str) -> bool {
        text.trim_start().starts_with("cmd=") || text.contains(" cmd=")
    }

    /// The engine's name for reports: `name=` if given, else `fallback` (its `id name`).
    pub fn display_name(&self, fallback: &str) -> String {
        self.name.clone().unwrap_or_else(|| fallback.to_string())
    }

    /// The name a program plays under in reports, the history and the workbook: its
    /// `name=` if given, else the `id name` it `said` in its handshake, else its command
    /// (as cutechess-cli names an engine without a `name=`).
    pub fn player_name(&self, said: Option<&str>) -> String {
        let said = said.map(str::trim).filter(|name| !name.is_empty());
        self.display_name(said.unwrap_or(&self.command_line()))
    }

    /// The command as one line, for messages.
    pub fn command_line(&self) -> String {
        self.command.join(" ")
    }

    /// The depth of the spec's `go`, for reports (0 with none: a time or node limit).
    pub fn depth(&self) -> u32 {
        self.go.depth.unwrap_or(0)
    }
}

const MAX_DEPTH: u64 = 225;
const MAX_MS: u64 = 86_400_000;

fn whole(setting: &str, value: &str, max: u64) -> Result<u64, SpecError> {
    value
        .parse::<u64>()
        .ok()
        .filter(|n| (1..=max).contains(n))
        .ok_or_else(|| SpecError::BadNumber(clip_token(setting), max))
}

/// Splits a command line at spaces, keeping `"quoted words"` whole.
fn split_command(text: &str) -> Result<Vec<String>, SpecError> {
    let mut words = Vec::new();
    let mut word = String::new();
    let (mut quoted, mut any) = (false, false);
    for ch in text.chars() {
        match ch {
            '"' => {
                quoted = !quoted;
                any = true;
            }
            c if c.is_whitespace() && !quoted => {
                if any {
                    words.push(std::mem::take(&mut word));
                }
                any = false;
            }
            c => {
                word.push(c);
                any = true;
            }
        }
    }
    if quoted {
        return Err(SpecError::Quote(clip_token(text)));
    }
    if any {
        words.push(word);
    }
    Ok(words)
}

impl FromStr for ProgramSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<Self, SpecError> {
        let (settings, command) = match text.trim_start().strip_prefix("cmd=") {
            Some(command) => ("", command),
            None => text
                .split_once(" cmd=")
                .ok_or_else(|| SpecError::NoCommand(clip_token(text)))?,
        };
        let command = split_command(command)?;
        if command.is_empty() {
            return Err(SpecError::NoCommand(clip_token(text)));
        }
        let mut spec = ProgramSpec {
            command,
            go: Go::default(),
            bounds: Bounds::default(),
            name: None,
            options: Vec::new(),
        };
        for setting in settings.split_whitespace() {
            let Some((key, value)) = setting.split_once('=') else {
                return Err(SpecError::UnknownSetting(clip_token(setting)));
            };
            let ms = || whole(setting, value, MAX_MS).map(Duration::from_millis);
            match key {
                "depth" => {
                    spec.go.depth = Some(whole(setting, value, MAX_DEPTH)? as u32);
                }
                "movetime" => spec.go.movetime_ms = Some(whole(setting, value, MAX_MS)?),
                "nodes" => spec.go.nodes = Some(whole(setting, value, u64::MAX)?),
                "start" => spec.bounds.start = ms()?,
                "margin" => spec.bounds.margin = ms()?,
                "timeout" => spec.bounds.timeout = ms()?,
                "name" if !value.is_empty() => spec.name = Some(value.to_string()),
                _ => match key.strip_prefix("option.") {
                    Some(id) if !id.is_empty() => {
                        spec.options.push((id.to_string(), value.to_string()));
                    }
                    _ => return Err(SpecError::UnknownSetting(clip_token(setting))),
                },
            }
        }
        if spec.go.movetime_ms.is_none() && spec.go.nodes.is_none() && spec.go.depth.is_none() {
            spec.go.depth = Some(3);
        }
        Ok(spec)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spec_reads_its_settings_and_its_command() {
        let spec: ProgramSpec =
            "depth=4 margin=1000 name=mine option.Hash=16 cmd=python3 \"my engine.py\" -v"
                .parse()
                .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(spec.command, ["python3", "my engine.py", "-v"]);
        assert_eq!(spec.go.depth, Some(4));
        assert_eq!(spec.bounds.margin, Duration::from_millis(1000));
        assert_eq!(spec.name.as_deref(), Some("mine"));
        assert_eq!(spec.options, [("Hash".to_string(), "16".to_string())]);
        let plain: ProgramSpec = "cmd=./engine".parse().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(plain.go.depth, Some(3), "depth 3 when no limit is given");
        assert!(ProgramSpec::is_program("cmd=./engine"));
        assert!(ProgramSpec::is_program("depth=2 cmd=./engine"));
        assert!(!ProgramSpec::is_program("alphabeta:3"));
    }

    #[test]
    fn bad_specs_are_refused_with_their_reason() {
        for (text, want) in [
            ("depth=2", "no command"),
            ("cmd=", "no command"),
            ("depth=0 cmd=x", "whole number"),
            ("colour=red cmd=x", "not an engine program setting"),
            ("cmd=python3 \"a", "unclosed quote"),
        ] {
            let err = text.parse::<ProgramSpec>().err().map(|e| e.to_string());
            assert!(
                err.as_deref().is_some_and(|e| e.contains(want)),
                "{text}: {err:?}"
            );
        }
    }
}
