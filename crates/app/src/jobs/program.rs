//! An engine program (docs/protocol.md) as the computer of a seat: its process kept
//! between moves as our engines keep their tables, its `info` lines turned into the
//! depths our engines report (so the panel shows its search live, as it shows ours),
//! and anything it does wrong an [`EngineError`] that the window turns into a forfeit.
//! Started and spoken to on the search's thread, never on the window's. Desktop only:
//! a browser cannot start programs, and the window says so before it asks.

use queens_engines::ai::{Iteration, Score, SearchOutcome, Stats};
use queens_engines::games::seam::AnyGame;
use queens_programs::{EngineError, EngineProcess, Go, Info, ProgramSpec};
use std::time::Duration;
use web_time::Instant;

/// The engine program of a seat, and its process once started.
pub(crate) struct ProgramPlayer {
    /// The command line as the New game panel holds it.
    command: String,
    /// The running program; `None` before its first search and after a failure (the
    /// next search starts it again).
    process: Option<EngineProcess>,
}

impl ProgramPlayer {
    /// The program of `command`, started on its first search.
    pub(crate) fn new(command: &str) -> ProgramPlayer {
        ProgramPlayer {
            command: command.to_string(),
            process: None,
        }
    }

    /// The command line it runs.
    pub(crate) fn command(&self) -> &str {
        &self.command
    }

    /// Asks the program for its move in `game` within `go`, starting it first when it is
    /// not running; each `info` line reaches `on_depth` as a depth of our engines would
    /// (with the nodes so far). The move is checked against the rules.
    ///
    /// # Errors
    /// [`EngineError`]: the command is not one, the program did not start, or it did
    /// something wrong; the process is then ended (killed and reaped).
    pub(crate) fn search(
        &mut self,
        game: &dyn AnyGame,
        go: &Go,
        stop: &dyn Fn() -> bool,
        on_depth: &mut dyn FnMut(Iteration<String>, u64),
    ) -> Result<SearchOutcome<String>, EngineError> {
        let started = Instant::now();
        let process = match self.process.as_mut() {
            Some(process) => process,
            None => {
                let spec = spec_of(&self.command)?;
                self.process.insert(EngineProcess::start(&spec, None)?)
            }
        };
        let mut depths: Vec<Iteration<String>> = Vec::new();
        let mut nodes = 0;
        let mut since = Instant::now();
        let answer = queens_programs::play(process, game, go, stop, &mut |info: &Info| {
            nodes = info.nodes.unwrap_or(nodes);
            if let Some(depth) = iteration_of(info, since.elapsed(), nodes) {
                since = Instant::now();
                on_depth(depth.clone(), nodes);
                depths.push(depth);
            }
        });
        let answer = match answer {
            Ok(answer) => answer,
            Err(error) => {
                // A program that went wrong is ended here; the next search starts anew.
                self.process = None;
                return Err(error);
            }
        };
        let last = depths.last();
        let pv = match last {
            Some(depth) if depth.pv.first() == Some(&answer.best_move) => depth.pv.clone(),
            _ => vec![answer.best_move.clone()],
        };
        Ok(SearchOutcome {
            value: answer
                .value
                .map(score_of)
                .or(last.map(|depth| depth.value))
                .unwrap_or(Score(0)),
            depth: last.map_or(go.depth.unwrap_or(0), |depth| depth.depth),
            best_move: Some(answer.best_move),
            pv,
            stats: Stats {
                nodes: answer.nodes.unwrap_or(nodes),
                leaves: answer.leaves.unwrap_or(0),
                cutoffs: 0,
            },
            elapsed: started.elapsed(),
            iterations: depths,
            interrupted: stop(),
            // Nothing a program says is taken as a proof.
            exact: false,
        })
    }
}

/// A program's name in a few words, for the players' names: its `name=` when given,
/// else the file it runs (`python3 /home/me/engine.py fast` is "engine.py": the last
/// word that is a file, else the last that looks like a path), else the command's first
/// word.
pub(crate) fn short_name(command: &str) -> String {
    let Ok(spec) = spec_of(command) else {
        return command.trim().to_string();
    };
    if let Some(name) = spec.name {
        return name;
    }
    let words = || {
        spec.command
            .iter()
            .rev()
            .filter(|word| !word.starts_with('-'))
    };
    let path_like = |word: &&String| word.contains(['/', '\\', '.']);
    let file = words()
        .find(|word| std::path::Path::new(word).is_file())
        .or_else(|| words().find(path_like))
        .or(spec.command.first());
    file.and_then(|word| std::path::Path::new(word).file_name())
        .map_or_else(
            || spec.command_line(),
            |name| name.to_string_lossy().into_owned(),
        )
}

/// The spec of a command as New game holds it: a plain command (`python3 my_engine.py`)
/// or the arena's form with settings (`name=Mine option.X=1 cmd=python3 my_engine.py`).
///
/// # Errors
/// [`EngineError::NotStarted`] with the spec's reason.
fn spec_of(command: &str) -> Result<ProgramSpec, EngineError> {
    let text = if ProgramSpec::is_program(command) {
        command.to_string()
    } else {
        format!("cmd={command}")
    };
    text.parse().map_err(
        |error: queens_programs::SpecError| EngineError::NotStarted {
            command: command.to_string(),
            why: error.to_string(),
        },
    )
}

/// An `info` line with a depth as one of our engines' depths: its value (0 when it gave
/// none), its line, and the nodes it reported.
fn iteration_of(info: &Info, elapsed: Duration, nodes: u64) -> Option<Iteration<String>> {
    Some(Iteration {
        depth: info.depth?,
        value: info.value.map_or(Score(0), score_of),
        best_move: info.pv.first().cloned(),
        pv: info.pv.clone(),
        stats: Stats {
            nodes,
            leaves: 0,
            cutoffs: 0,
        },
        elapsed,
    })
}

/// A program's value as our engines' score, clamped into its range.
fn score_of(value: i64) -> Score {
    Score(value.clamp(i64::from(-i32::MAX), i64::from(i32::MAX)) as i32)
}

/// The `go` of a seat's settings: its depth (within the plies the game has left) and
/// its time.
pub(crate) fn go_of(depth: u32, time_ms: u64) -> Go {
    Go {
        depth: Some(depth),
        movetime_ms: Some(time_ms),
        nodes: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_command_and_the_arena_form_both_read() {
        let plain = spec_of("python3 my_engine.py").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(plain.command, ["python3", "my_engine.py"]);
        let named =
            spec_of("name=Mine cmd=python3 \"my engine.py\"").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            (named.command, named.name),
            (
                vec!["python3".to_string(), "my engine.py".to_string()],
                Some("Mine".to_string())
            )
        );
        assert!(matches!(
            spec_of("   "),
            Err(EngineError::NotStarted { .. })
        ));
    }

    #[test]
    fn a_program_is_named_by_its_name_or_its_file() {
        assert_eq!(short_name("python3 /home/me/engine.py --fast"), "engine.py");
        let example = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../examples/engine_minimax.py"
        );
        assert_eq!(
            short_name(&format!("python3 {example} fast")),
            "engine_minimax.py"
        );
        assert_eq!(short_name("./mine"), "mine");
        assert_eq!(short_name("stockfish"), "stockfish");
        assert_eq!(short_name("name=Mine cmd=python3 x.py"), "Mine");
        assert_eq!(short_name("python3 \"a b"), "python3 \"a b");
    }

    #[test]
    fn an_info_line_becomes_a_depth_and_one_without_a_depth_does_not() {
        let info = Info {
            depth: Some(3),
            nodes: Some(120),
            value: Some(-2),
            pv: vec!["b2".into(), "a1".into()],
        };
        let depth = iteration_of(&info, Duration::ZERO, 120).unwrap_or_else(|| panic!("none"));
        assert_eq!(
            (
                depth.depth,
                depth.value,
                depth.best_move.as_deref(),
                depth.stats.nodes
            ),
            (3, Score(-2), Some("b2"), 120)
        );
        let nodes_only = Info {
            depth: None,
            nodes: Some(5),
            ..Info::default()
        };
        assert!(iteration_of(&nodes_only, Duration::ZERO, 5).is_none());
        assert_eq!(score_of(i64::MIN), Score(-i32::MAX));
    }
}
