//! `queens engine`: our own engines behind the engine protocol (docs/protocol.md), so a
//! student can try a series runner or a GUI of their own against them, and so the
//! protocol's cost can be measured against the same engine in process (BENCHMARKS.md).
//!
//! The search runs on a thread of its own, so `stop` and `quit` are read while it
//! thinks; progress goes out as `info` lines through the search handler, once per
//! finished depth. A `nodes` limit is kept as UCI engines keep it: the search deepens
//! one depth at a time, the handler stops it once the nodes counted pass the limit, and
//! the answer is the deepest completed depth's.

use super::args::values::{algo_help, parse_algo};
use super::error::CliError;
use clap::Args;
use queens_engines::ai::{
    EngineConfig, EngineKind, Iteration, MAX_DEPTH, MAX_TIME_MS, SearchHandler,
};
use queens_engines::games::game_string;
use queens_engines::games::seam::AnyGame;
use queens_programs::wire::PROTOCOL_VERSION;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
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

/// The search's handler: the stop flag, the node limit, and one `info` line per finished
/// depth.
struct Lines {
    stop: Arc<AtomicBool>,
    /// `go nodes N`'s N. The search reports its count only every few thousand nodes of a
    /// depth (its poll), so it stops within one poll interval after the limit, and a
    /// depth too small to be polled finishes: UCI engines overshoot the same way.
    node_limit: Option<u64>,
    /// The nodes of this search so far (every depth), as last reported.
    nodes: AtomicU64,
    out: Out,
}

impl SearchHandler<String> for Lines {
    fn should_stop(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
            || self
                .node_limit
                .is_some_and(|limit| self.nodes.load(Ordering::Relaxed) >= limit)
    }

    fn on_nodes(&self, nodes: u64) {
        self.nodes.store(nodes, Ordering::Relaxed);
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

/// What a `go` line asks: the engine's settings and the node limit the handler keeps.
#[derive(Debug, PartialEq)]
struct Search {
    config: EngineConfig,
    node_limit: Option<u64>,
}

/// The engine's settings for a `go` line: its depth (the engine's default when none),
/// its movetime as the time limit, and its node limit. A node limit without a movetime
/// still needs the search to deepen one depth at a time (only a timed search does), so
/// it gets the longest time limit, which it never reaches first; without a depth it
/// deepens to the end of the game.
fn search_of(algo: EngineKind, words: &[&str]) -> Search {
    let mut config = EngineConfig::new(algo, algo.entry().default_depth);
    let mut depth_given = false;
    let mut node_limit = None;
    for pair in words.chunks(2) {
        if let [key, value] = pair {
            match (*key, value.parse::<u64>()) {
                ("depth", Ok(depth)) => {
                    config.depth = u32::try_from(depth).unwrap_or(u32::MAX).clamp(1, MAX_DEPTH);
                    depth_given = true;
                }
                ("movetime", Ok(ms)) => config.time_ms = Some(ms.clamp(1, MAX_TIME_MS)),
                ("nodes", Ok(nodes)) => node_limit = Some(nodes),
                _ => {}
            }
        }
    }
    if node_limit.is_some() {
        config.time_ms = config.time_ms.or(Some(MAX_TIME_MS));
        if !depth_given {
            config.depth = MAX_DEPTH;
        }
    }
    Search { config, node_limit }
}

/// Runs the protocol on stdin and stdout until `quit` or the end of the input.
///
/// # Errors
/// Never for what the other side writes (a bad line is answered with `error`); only a
/// failed read of stdin.
pub(crate) fn engine(args: &EngineArgs) -> Result<(), CliError> {
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
                let Search { config, node_limit } = search_of(args.algo, limits);
                let handler = Lines {
                    stop: Arc::clone(&stop),
                    node_limit,
                    nodes: AtomicU64::new(0),
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
                queens_board::clip_token(&line)
            )),
        }
    }
    stop.store(true, Ordering::Relaxed);
    if let Some(running) = search {
        let _ = running.join();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{Search, search_of};
    use queens_engines::ai::{EngineConfig, EngineKind, MAX_DEPTH, MAX_TIME_MS};

    fn minimax() -> EngineKind {
        EngineKind::parse("minimax").unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn a_node_limit_deepens_to_the_end_unless_a_depth_or_a_time_is_given() {
        let Search { config, node_limit } = search_of(minimax(), &["nodes", "500"]);
        assert_eq!(node_limit, Some(500));
        assert_eq!(
            (config.depth, config.time_ms),
            (MAX_DEPTH, Some(MAX_TIME_MS))
        );
        let Search { config, .. } = search_of(minimax(), &["depth", "4", "nodes", "9"]);
        assert_eq!((config.depth, config.time_ms), (4, Some(MAX_TIME_MS)));
        let Search { config, .. } = search_of(minimax(), &["movetime", "70", "nodes", "9"]);
        assert_eq!((config.depth, config.time_ms), (MAX_DEPTH, Some(70)));
    }

    #[test]
    fn without_a_node_limit_a_go_is_as_before() {
        let plain = search_of(minimax(), &["depth", "5"]);
        let mut expected = EngineConfig::new(minimax(), 5);
        assert_eq!(plain.node_limit, None);
        assert_eq!(plain.config, expected);
        // A movetime too long for the clock is held to the longest the engines take.
        expected.depth = 3;
        expected.time_ms = Some(MAX_TIME_MS);
        assert_eq!(
            search_of(minimax(), &["movetime", "18446744073709551615"]).config,
            expected
        );
    }
}
