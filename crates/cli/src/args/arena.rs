//! `queens arena`'s arguments and their defaults.

use super::values::{Contestant, parse_contestant};
use super::values::{GameArg, games_help, parse_kind, parse_size, player_help};
use super::{MAX_THREADS, MAX_TIME_MS};
use crate::number::whole;
use clap::Args;
use queens_board::MAX_CELLS;
use std::path::PathBuf;

/// The most games one `queens arena` run accepts: far more than a night of play on small
/// boards. (Memory does not limit it: games are counted as they finish, not kept.)
pub(crate) const MAX_GAMES: usize = 1_000_000;

/// `queens arena`'s stones per board when `--stones` is not given.
pub(crate) const DEFAULT_ARENA_STONES: u64 = 4;

/// `queens arena`'s board side when `--size` is not given.
pub(crate) const DEFAULT_ARENA_SIZE: u8 = 6;

/// `queens arena`'s first seed when `--seed` is not given.
pub(crate) const DEFAULT_ARENA_SEED: u64 = 1;

/// Arguments of `queens arena`.
#[derive(Args, Debug, Clone)]
pub struct ArenaArgs {
    /// The game, as the games table names it (the help lists them from the table).
    #[arg(long, value_name = "GAME", default_value = "queens", value_parser = parse_kind, help = games_help("The game, as the games table names it (queens by default). Another game than queens plays every pair from its start position, each side first once; its games go to the history and the workbook as its saves keep them. The board options (--size, --stones, --seed) are queens'."))]
    pub kind: GameArg,
    /// Contestant A as ALGO:DEPTH, e.g. alphabeta:4 (depth 1 to 225; the algorithms are
    /// listed under --algo of `queens bestmove --help`), or ALGO alone for the engine's
    /// own default depth. Results are from A's point of view.
    #[arg(long = "a", value_name = "ALGO[:DEPTH]", default_value = "alphabeta:3", value_parser = parse_contestant, help = player_help("Contestant A"))]
    pub a: Contestant,
    /// Contestant B as ALGO:DEPTH, e.g. minimax:3, or ALGO alone.
    #[arg(long = "b", value_name = "ALGO[:DEPTH]", default_value = "alphabeta:1", value_parser = parse_contestant, help = player_help("Contestant B"))]
    pub b: Contestant,
    /// The number of games: a positive even number, since every board is played twice
    /// with colours swapped (at most 1000000).
    #[arg(long, value_name = "N", default_value_t = 10, allow_negative_numbers = true, value_parser = whole::<u64>(2, MAX_GAMES as u64))]
    pub games: u64,
    /// The board side, 3 to 15 (default 6).
    #[arg(long, value_name = "N", value_parser = parse_size, allow_negative_numbers = true)]
    pub size: Option<u8>,
    /// Random stones on each board, at most (N-2)^2 (default 4, fewer on boards too
    /// small for 4 must be given).
    #[arg(long, value_name = "M", allow_negative_numbers = true, value_parser = whole::<u64>(0, MAX_CELLS as u64))]
    pub stones: Option<u64>,
    /// The seed of the first board's stones (default 1); board k (games 2k and 2k+1) uses
    /// seed + k, so a series can be played again exactly (without --time-ms).
    #[arg(long, value_name = "S", allow_negative_numbers = true, value_parser = whole::<u64>(0, u64::MAX))]
    pub seed: Option<u64>,
    /// A thinking-time limit per move in milliseconds, for both sides: each move is the
    /// deepest depth completed in time, up to the side's depth.
    #[arg(long, value_name = "T", allow_negative_numbers = true, value_parser = whole::<u64>(0, MAX_TIME_MS))]
    pub time_ms: Option<u64>,
    /// Worker threads, each playing one game at a time; 0 (the default) means one per
    /// core, so the games already use every core.
    #[arg(long, value_name = "N", default_value_t = 0, allow_negative_numbers = true, value_parser = whole::<u64>(0, MAX_THREADS as u64))]
    pub threads: u64,
    /// Search threads of each engine, within its game (default 1: the games already run
    /// one per core). The thesis engines (minimax, alphabeta) are single-threaded and
    /// ignore it.
    #[arg(long, value_name = "K", default_value_t = 1, allow_negative_numbers = true, value_parser = whole::<u64>(1, MAX_THREADS as u64))]
    pub search_threads: u64,
    /// Also write this run's finished games to this Excel workbook (.xlsx); its folder
    /// is created if missing. Checked before any game is played.
    #[arg(long, value_name = "FILE")]
    pub xlsx: Option<PathBuf>,
    /// The saves folder whose match history (DIR/history/) receives the finished games;
    /// default QUEENS_SAVES_DIR, else "saves" in the platform's data folder (as the
    /// window's). A folder named here or in QUEENS_SAVES_DIR must exist (a typo is
    /// refused, not made into a new folder).
    #[arg(long, value_name = "DIR", conflicts_with = "no_history")]
    pub saves_dir: Option<PathBuf>,
    /// Do not add the games to the match history.
    #[arg(long)]
    pub no_history: bool,
    /// Stop the series once a sequential probability ratio test decides whether A is
    /// ELO0 or ELO1 normalized Elo stronger than B (fastchess's default GSPRT, on
    /// wins/draws/losses), with error chances ALPHA and BETA, e.g. --sprt 0 50 0.05
    /// 0.05; the answer's "sprt" gives the LLR, its bounds and the decision.
    #[arg(long, num_args = 4, value_names = ["ELO0", "ELO1", "ALPHA", "BETA"], allow_negative_numbers = true)]
    pub sprt: Option<Vec<f64>>,
    /// Write every protocol line to and from the engine programs (--a/--b "cmd=...")
    /// to this file, with the engine's number and the time (docs/protocol.md).
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,
}
