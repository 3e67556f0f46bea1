//! The command line as clap sees it. The `///` on each subcommand and field is its `--help`.

use crate::ai::Algorithm;
use crate::arena::PlayerSpec;
use crate::board::{MAX_CELLS, ParseError};
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

/// The longest thinking time `--time-ms` accepts: one day, far beyond any useful search,
/// so that a typo such as an extra dozen digits is reported instead of hanging.
pub const MAX_TIME_MS: u64 = 24 * 60 * 60 * 1000;

/// The most games one `queens arena` run accepts: far more than a night of play on small
/// boards, and small enough that the results always fit in memory.
pub const MAX_GAMES: usize = 1_000_000;

/// The most worker threads `--threads` accepts.
pub const MAX_THREADS: usize = 1024;

/// Queens & Stones: place queens, claim the lines they see, own more cells than the
/// opponent.
///
/// With no subcommand the game window opens. Each subcommand prints one JSON object on one
/// line and exits 0; bad input exits 2 with a one-line message on stderr.
#[derive(Parser, Debug)]
#[command(name = "queens", version)]
pub struct Cli {
    /// The saves folder of the window opened with no subcommand (the same as
    /// `queens gui --saves-dir DIR`); default "saves" in the working directory.
    #[arg(long, value_name = "DIR")]
    pub saves_dir: Option<PathBuf>,
    /// What to do; the window opens when this is left out.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Open the game window (the same as giving no subcommand).
    Gui(GuiArgs),
    /// Replay a game and describe the position reached, as JSON.
    ///
    /// An illegal move is not an error: the output says "legal": false, names the move,
    /// and describes the position after the moves before it.
    Replay(ReplayArgs),
    /// Search a position for the best move, as JSON.
    ///
    /// Prints the move, its value from the side to move's view, the depth completed, the
    /// principal variation and the search counters as one JSON object.
    ///
    /// Ctrl+C (or SIGTERM, SIGHUP) stops the search, as the window's "Move now" does: the
    /// answer is printed as usual with "interrupted": true and the exit code is 0. It is
    /// the deepest depth completed with --time-ms; without it the search goes straight to
    /// --depth, so a stopped search answers with depth 1.
    #[command(name = "bestmove")]
    BestMove(BestMoveArgs),
    /// Evaluate an explicit game tree, as JSON.
    ///
    /// The tree is written with parentheses, e.g. "((3 12 8)(2 4 6)(14 5 2))". Prints the
    /// value, the chosen child, the pruned leaves and a trace as one JSON object.
    Tree(TreeArgs),
    /// Play a series of AI-vs-AI games and summarize it, as JSON.
    ///
    /// Every board is played twice with colours swapped, on all cores. A progress bar
    /// (on a terminal) and a table of the results go to stderr; stdout gets one JSON
    /// object with the same numbers, from A's point of view: wins, draws, losses, the
    /// average margin, nodes and time per move of each side, and A's Elo difference with
    /// its 95% error bar. Finished games are added to the match history of the saves
    /// folder (unless --no-history) and written to a workbook with --xlsx.
    ///
    /// Each game is added to the history as soon as it finishes, so a run that is killed
    /// keeps every finished game. Ctrl+C (or SIGTERM, SIGHUP) stops the series: games in
    /// progress are dropped, the finished ones (already in the history) are reported, the
    /// workbook of --xlsx is written, and the exit code is 0. A second Ctrl+C ends the
    /// saving at once: finished games not yet written to the history are dropped, and
    /// the workbook is abandoned (no file, not even a partial one; an older one is left
    /// as it was). The summary of the games saved is still printed; the exit code is 130.
    Arena(ArenaArgs),
    /// Export the match history to an Excel workbook, as JSON.
    ///
    /// Reads the history of the saves folder (one file per finished game in
    /// DIR/history/), keeps the games that pass the filters, and writes a workbook with
    /// the sheets Matches, Moves and Summary. Damaged history files are skipped and
    /// listed in the answer: {"out": FILE, "games": n, "skipped": [{"file", "error"}]}.
    /// An empty history (or one that the filters empty) still gives a workbook, with its
    /// headers and no rows, and "games": 0; a saves folder that does not exist is an
    /// error. Beyond Excel's 1,048,576 rows per sheet the moves continue in the sheets
    /// "Moves 2", "Moves 3", ... (and games in "Matches 2", ...), as "sheets" and "notes"
    /// in the answer say.
    Export(ExportArgs),
}

/// Arguments of `queens gui`.
#[derive(Args, Debug, Clone, Default)]
pub struct GuiArgs {
    /// The folder for saves, the autosave and the match history; default "saves" in the
    /// working directory or the folder set in the window. Without this option the
    /// environment variable QUEENS_SAVES_DIR, if set, chooses it.
    #[arg(long, value_name = "DIR")]
    pub saves_dir: Option<PathBuf>,
}

/// Arguments of `queens arena`.
#[derive(Args, Debug, Clone)]
pub struct ArenaArgs {
    /// Contestant A as ALGO:DEPTH, e.g. alphabeta:4 (algorithms: minimax, alphabeta;
    /// depth 1 to 225). Results are from A's point of view.
    #[arg(long = "a", value_name = "ALGO:DEPTH", default_value = "alphabeta:3", value_parser = parse_player)]
    pub a: PlayerSpec,
    /// Contestant B as ALGO:DEPTH, e.g. minimax:3.
    #[arg(long = "b", value_name = "ALGO:DEPTH", default_value = "alphabeta:1", value_parser = parse_player)]
    pub b: PlayerSpec,
    /// The number of games: a positive even number, since every board is played twice
    /// with colours swapped (at most 1000000).
    #[arg(long, value_name = "N", default_value_t = 10, allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(2..=MAX_GAMES as u64))]
    pub games: u64,
    /// The board side, 3 to 15.
    #[arg(long, value_name = "N", default_value = "6", value_parser = parse_size, allow_negative_numbers = true)]
    pub size: u8,
    /// Random stones on each board, at most (N-2)^2.
    #[arg(long, value_name = "M", default_value_t = 4, allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(0..=MAX_CELLS as u64))]
    pub stones: u64,
    /// The seed of the first board's stones; board k (games 2k and 2k+1) uses seed + k,
    /// so a series can be played again exactly (without --time-ms).
    #[arg(
        long,
        value_name = "S",
        default_value_t = 1,
        allow_negative_numbers = true
    )]
    pub seed: u64,
    /// A thinking-time limit per move in milliseconds, for both sides: each move is the
    /// deepest depth completed in time, up to the side's depth.
    #[arg(long, value_name = "T", allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(0..=MAX_TIME_MS))]
    pub time_ms: Option<u64>,
    /// Worker threads, each playing one game at a time; 0 (the default) means one per
    /// core.
    #[arg(long, value_name = "N", default_value_t = 0, allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(0..=MAX_THREADS as u64))]
    pub threads: u64,
    /// Also write this run's finished games to this Excel workbook (.xlsx); its folder
    /// is created if missing. Checked before any game is played.
    #[arg(long, value_name = "FILE")]
    pub xlsx: Option<PathBuf>,
    /// The saves folder whose match history (DIR/history/) receives the finished games;
    /// default "saves" in the working directory.
    #[arg(long, value_name = "DIR", conflicts_with = "no_history")]
    pub saves_dir: Option<PathBuf>,
    /// Do not add the games to the match history.
    #[arg(long)]
    pub no_history: bool,
}

/// Arguments of `queens export`.
#[derive(Args, Debug, Clone)]
pub struct ExportArgs {
    /// The workbook to write (a file name ending in .xlsx; its folder is created if
    /// missing). An existing file is replaced, atomically.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// The saves folder whose history is exported; default "saves" in the working
    /// directory.
    #[arg(long, value_name = "DIR")]
    pub saves_dir: Option<PathBuf>,
    /// Only games on this board side (3 to 15).
    #[arg(long, value_name = "N", value_parser = parse_size, allow_negative_numbers = true)]
    pub size: Option<u8>,
    /// Only games where a side's description contains this text, ignoring case, e.g.
    /// "human", "minimax" or "alphabeta depth 4".
    #[arg(long, value_name = "TEXT")]
    pub opponent: Option<String>,
}

/// A position: either a game string, or a board size with stones and moves.
#[derive(Args, Debug, Clone, Default)]
pub struct PositionArgs {
    /// The whole game as one string, e.g. "size=8 stones=b2,d5 moves=c3,h5".
    #[arg(long, value_name = "GAME", conflicts_with_all = ["size", "stones", "moves", "random_stones", "seed"])]
    pub game: Option<String>,
    /// The board side, 3 to 15.
    #[arg(long, value_name = "N", value_parser = parse_size, allow_negative_numbers = true)]
    pub size: Option<u8>,
    /// Stone cells, comma-separated, e.g. b2,d5 (at most (N-2)^2).
    #[arg(long, value_name = "CELLS", conflicts_with = "random_stones")]
    pub stones: Option<String>,
    /// Moves in play order, comma-separated, P1 first, e.g. c3,h5,a1.
    #[arg(long, value_name = "CELLS")]
    pub moves: Option<String>,
    /// Put M stones on random cells (at most (N-2)^2), reproducibly from --seed.
    #[arg(
        long,
        value_name = "M",
        requires = "seed",
        allow_negative_numbers = true
    )]
    pub random_stones: Option<usize>,
    /// The seed of --random-stones: the same size, count and seed give the same stones.
    #[arg(
        long,
        value_name = "S",
        requires = "random_stones",
        allow_negative_numbers = true
    )]
    pub seed: Option<u64>,
}

/// Arguments of `queens replay`.
#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The game to replay.
    #[command(flatten)]
    pub position: PositionArgs,
}

/// Arguments of `queens bestmove`.
#[derive(Args, Debug)]
pub struct BestMoveArgs {
    /// The position to search (the side to move is the one after the given moves).
    #[command(flatten)]
    pub position: PositionArgs,
    /// The search algorithm.
    #[arg(long, value_name = "ALGO", default_value = "alphabeta")]
    pub algo: Algorithm,
    /// The search depth in plies, 1 to 225. Required unless --time-ms is given; with only
    /// --time-ms the search deepens until the time is up or the game's end is reached.
    #[arg(long, value_name = "D", allow_negative_numbers = true, value_parser = clap::value_parser!(u32).range(1..=MAX_CELLS as i64))]
    pub depth: Option<u32>,
    /// A thinking-time limit in milliseconds (0 allowed: depth 1 is always completed, so a
    /// legal move is always given). The search deepens from depth 1 and answers with the
    /// deepest completed depth.
    #[arg(long, value_name = "T", allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(0..=MAX_TIME_MS))]
    pub time_ms: Option<u64>,
}

/// Arguments of `queens tree`.
#[derive(Args, Debug)]
pub struct TreeArgs {
    /// The tree: parentheses group children, leaves are integers from MAX's point of
    /// view (negative allowed), any whitespace separates.
    #[arg(value_name = "TREE", allow_hyphen_values = true)]
    pub tree: String,
    /// Whether the root maximises or minimises.
    #[arg(long, value_enum, value_name = "KIND", default_value_t = RootArg::Max)]
    pub root: RootArg,
    /// The search algorithm.
    #[arg(long, value_name = "ALGO", default_value = "alphabeta")]
    pub algo: Algorithm,
}

/// The kind of the tree's root node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RootArg {
    /// The root player maximises the leaf values.
    Max,
    /// The root player minimises the leaf values.
    Min,
}

/// Why an `ALGO:DEPTH` token is not a contestant.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayerSpecError {
    /// No colon.
    #[error("'{0}' is not ALGO:DEPTH, e.g. alphabeta:4 or minimax:3")]
    Shape(String),
    /// An unknown algorithm.
    #[error("unknown algorithm '{0}' (known: minimax, alphabeta)")]
    Algorithm(String),
    /// A depth that is not a number from 1 to 225.
    #[error("the depth '{0}' is not a number from 1 to {max}", max = MAX_CELLS)]
    Depth(String),
}

/// Parses a contestant written `ALGO:DEPTH`, e.g. `alphabeta:4`.
///
/// # Errors
/// A [`PlayerSpecError`] naming the offending part.
pub fn parse_player(text: &str) -> Result<PlayerSpec, PlayerSpecError> {
    let Some((algo, depth_text)) = text.split_once(':') else {
        return Err(PlayerSpecError::Shape(text.to_string()));
    };
    let algorithm: Algorithm = algo
        .trim()
        .parse()
        .map_err(|_| PlayerSpecError::Algorithm(algo.to_string()))?;
    let depth = depth_text
        .trim()
        .parse::<u32>()
        .ok()
        .filter(|depth| (1..=MAX_CELLS as u32).contains(depth))
        .ok_or_else(|| PlayerSpecError::Depth(depth_text.to_string()))?;
    Ok(PlayerSpec { algorithm, depth })
}

/// `--size`, checked with the game string's own rule and message.
fn parse_size(text: &str) -> Result<u8, ParseError> {
    crate::board::parse_size(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn size_accepts_3_to_15_only() {
        assert_eq!(parse_size("3"), Ok(3));
        assert_eq!(parse_size("15"), Ok(15));
        for bad in ["", "2", "16", "099999", "-4", "abc", "99999999999999999999"] {
            assert!(parse_size(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn players_parse_as_algo_colon_depth() {
        assert_eq!(
            parse_player("alphabeta:4"),
            Ok(PlayerSpec {
                algorithm: Algorithm::AlphaBeta,
                depth: 4
            })
        );
        assert_eq!(
            parse_player("Minimax:225").map(|p| p.algorithm),
            Ok(Algorithm::Minimax)
        );
        assert!(matches!(
            parse_player("foo"),
            Err(PlayerSpecError::Shape(_))
        ));
        assert!(matches!(
            parse_player("foo:3"),
            Err(PlayerSpecError::Algorithm(_))
        ));
        for bad in ["ab:0", "ab:226", "ab:", "ab:-1", "ab:x", "ab:3:4"] {
            assert!(
                matches!(parse_player(bad), Err(PlayerSpecError::Depth(_))),
                "{bad}"
            );
        }
    }
}
