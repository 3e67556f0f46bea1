//! `queens engine`: our own engines behind the engine protocol (docs/protocol.md), so a
//! student can try a series runner or a GUI of their own against them, and so the
//! protocol's cost can be measured against the same engine in process (BENCHMARKS.md).
//!
//! The search runs on a thread of its own, so `stop` and `quit` are read while it
//! thinks; progress goes out as `info` lines through the search handler, once per
//! finished depth.

use super::args::values::{algo_help, parse_algo};
use super::error::CliError;
use crate::ai::{EngineConfig, EngineKind, Iteration, SearchHandler};
use crate::engines::wire::PROTOCOL_VERSION;
use crate::games::game_string;
use crate::games::seam::AnyGame;
use clap::Args;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

/// Arguments of `queens engine`.
#[derive(Args, Debug)]
pub struct EngineArgs {
    /// The engine that answers.
    #[arg(long, value_name = "ALGO", default_value = "alphabeta", value_parser = parse_algo, help = algo_help())]
    pub algo: EngineKind,
}

/// Standard output shared by the reader and the search thread: one whole line at a time.
#[derive(Clone)]
struct Out(Arc<Mutex<std::io::Stdout>>);

impl Out {
    fn say(&self, line: &str) {
        if let Ok(out) = self.0.lock() {
            let mut out = out.lock();
            // A reader that went away ends us at the next read; nothing to tell it.
            let _ = writeln!(out, "{line}").and_then(|()| out.flush());
        }
    }
}

/// The search's handler: the stop flag, and one `info` line per finished depth.
struct Lines {
    stop: Arc<AtomicBool>,
    out: Out,
}

impl SearchHandler<String> for Lines {
    fn should_stop(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    fn on_iteration(&self, iteration: &Iteration<String>) {
        self.out.say(&format!(
            "info depth {} nodes {} value {} pv {}",
            iteration.depth,
            iteration.stats.nodes,
            iteration.value.0,
            iteration.pv.join(" ")
        ));
    }
}

/// The engine's settings for a `go` line: its depth (the engine's default when none)
/// and its movetime as the time limit; `nodes` is not a limit our engines take.
fn config_of(algo: EngineKind, words: &[&str]) -> EngineConfig {
    let mut config = EngineConfig::new(algo, algo.entry().default_depth);
    for pair in words.chunks(2) {
        if let [key, value] = pair {
            match (*key, value.parse::<u64>()) {
                ("depth", Ok(depth)) => {
                    config.depth = u32::try_from(depth).unwrap_or(u32::MAX).clamp(1, 225);
                }
                ("movetime", Ok(ms)) => config.time_ms = Some(ms.max(1)),
                _ => {}
            }
        }
    }
    config
}

/// Runs the protocol on stdin and stdout until `quit` or the end of the input.
///
/// # Errors
/// Never for what the other side writes (a bad line is answered with `error`); only a
/// failed read of stdin.
pub fn engine(args: &EngineArgs) -> Result<(), CliError> {
    let out = Out(Arc::new(Mutex::new(std::io::stdout())));
    let mut game: Option<Box<dyn AnyGame>> = None;
    let stop = Arc::new(AtomicBool::new(false));
    let mut search: Option<JoinHandle<()>> = None;
    for line in std::io::stdin().lock().lines() {
        let line = line.map_err(CliError::Output)?;
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["protocol", ..] => {
                out.say(&format!("id name queens {}", args.algo.name()));
                out.say("id author Queens & Stones");
                out.say(&format!("protocolok {PROTOCOL_VERSION}"));
            }
            ["isready"] => out.say("readyok"),
            ["setoption", ..] | [] => {}
            ["position", ..] => {
                let text = line.trim_start().trim_start_matches("position").trim();
                game = match game_string::read(text) {
                    Ok(read) => Some(read),
                    Err(err) => {
                        out.say(&format!("error {err}"));
                        None
                    }
                };
            }
            ["go", limits @ ..] => {
                if let Some(running) = search.take() {
                    let _ = running.join();
                }
                let Some(position) = game.as_ref().map(|g| g.clone_box()) else {
                    out.say("error go without a position");
                    continue;
                };
                stop.store(false, Ordering::Relaxed);
                let config = config_of(args.algo, limits);
                let handler = Lines {
                    stop: Arc::clone(&stop),
                    out: out.clone(),
                };
                search = Some(std::thread::spawn(move || {
                    match position.think(&config, &handler) {
                        Ok(found) => match found.best_move {
                            Some(mv) => handler.out.say(&format!(
                                "bestmove {mv} value {} nodes {} leaves {}",
                                found.value.0, found.stats.nodes, found.stats.leaves
                            )),
                            None => handler.out.say("error the game is over"),
                        },
                        Err(err) => handler.out.say(&format!("error {err}")),
                    }
                }));
            }
            ["stop"] => stop.store(true, Ordering::Relaxed),
            ["quit"] => break,
            _ => out.say(&format!(
                "error unknown command: {}",
                crate::board::clip_token(&line)
            )),
        }
    }
    stop.store(true, Ordering::Relaxed);
    if let Some(running) = search {
        let _ = running.join();
    }
    Ok(())
}
