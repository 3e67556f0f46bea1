//! The command line as clap sees it. The `///` on each subcommand and field is its `--help`.

use crate::ai::Algorithm;
use crate::board::{MAX_CELLS, ParseError};
use clap::{Args, Parser, Subcommand, ValueEnum};

/// The longest thinking time `--time-ms` accepts: one day, far beyond any useful search,
/// so that a typo such as an extra dozen digits is reported instead of hanging.
pub const MAX_TIME_MS: u64 = 24 * 60 * 60 * 1000;

/// Queens & Stones: place queens, claim the lines they see, own more cells than the
/// opponent.
///
/// With no subcommand the game window opens. Each subcommand prints one JSON object on one
/// line and exits 0; bad input exits 2 with a one-line message on stderr.
#[derive(Parser, Debug)]
#[command(name = "queens", version)]
pub struct Cli {
    /// What to do; the window opens when this is left out.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Open the game window (the same as giving no subcommand).
    Gui,
    /// Replay a game and describe the position reached, as JSON.
    ///
    /// An illegal move is not an error: the output says "legal": false, names the move,
    /// and describes the position after the moves before it.
    Replay(ReplayArgs),
    /// Search a position for the best move, as JSON.
    ///
    /// Prints the move, its value from the side to move's view, the depth completed, the
    /// principal variation and the search counters as one JSON object.
    #[command(name = "bestmove")]
    BestMove(BestMoveArgs),
    /// Evaluate an explicit game tree, as JSON.
    ///
    /// The tree is written with parentheses, e.g. "((3 12 8)(2 4 6)(14 5 2))". Prints the
    /// value, the chosen child, the pruned leaves and a trace as one JSON object.
    Tree(TreeArgs),
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
}
