//! The command line as clap sees it. The `///` on each subcommand and field is its `--help`.

mod arena;
pub(super) mod values;

use super::check_engine::CheckEngineArgs;
use super::engine::EngineArgs;
use super::number::whole;
use super::puzzles::PuzzlesArgs;
use clap::{Args, Parser, Subcommand};
use queens_board::MAX_CELLS;
use queens_engines::ai::{DEFAULT_HASH_MB, EngineKind, MAX_HASH_MB};
use std::path::PathBuf;
use values::{algo_help, algo_long_help, parse_size, solver_games_note};
pub(crate) use values::{eval_help, games_help};

pub(crate) use values::{Contestant, parse_export_kind, parse_kind};
pub(crate) use values::{GameArg, RootArg, TreeAlgo, parse_algo};

pub(crate) use arena::ArenaArgs;
pub(crate) use arena::{DEFAULT_ARENA_SEED, DEFAULT_ARENA_SIZE, DEFAULT_ARENA_STONES};
pub(crate) use queens_engines::ai::{MAX_THREADS, MAX_TIME_MS};

/// Queens & Stones: place queens, claim the lines they see, own more cells than the
/// opponent.
///
/// With no subcommand the game window opens. Each subcommand prints one JSON object on one
/// line and exits 0; bad input exits 2 with a one-line message on stderr.
#[derive(Parser, Debug)]
#[command(name = "queens", version)]
pub struct Cli {
    /// The saves folder of the window opened with no subcommand (the same as
    /// `queens gui --saves-dir DIR`); default: QUEENS_SAVES_DIR, else "saves" in the
    /// platform's data folder (see `queens help gui`).
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
    /// Count the move sequences of --depth plies from a position of any game, as JSON.
    ///
    /// Prints {"kind", "position", "depth", "nodes"} (and "moves", the count below each
    /// legal move, with --divide). A pass counts as a move where the rules force one; a
    /// finished game ends a sequence early and counts once. Ctrl+C (SIGTERM, SIGHUP)
    /// stops the count: nothing is printed and the exit code is 130.
    Perft(super::perft::PerftArgs),
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
    /// Solve a position exactly: the margin with perfect play, a best move, as JSON.
    ///
    /// Prints {"margin", "value", "move", "pv", "nodes", "time_ms", "solved": true}:
    /// margin is P1's final cells minus P2's with perfect play from the position, value
    /// the remaining gain from the side to move's view, pv a line of best moves to the
    /// end. When --time-ms runs out, or on Ctrl+C (SIGTERM, SIGHUP), it prints what it
    /// proved so far, "solved": false with "lower" and "upper" bounds on the margin, and
    /// exits 3. A progress line on stderr (on a terminal) shows the bounds and nodes.
    ///
    /// Every game with an exact solver answers in this one shape (--kind, or a --game
    /// string's game=, adds "kind" and "position"): a game won, drawn or lost has the
    /// margin 1 (the first player wins), 0 or -1, and adds "outcome" (who wins, or
    /// draw) and "plies" (how long the game lasts with best play); with --all-moves,
    /// its "moves" add each move's "value", "outcome" (win, draw or loss for the mover)
    /// and "plies". Its solver proves all or nothing: stopped, "lower" and "upper" are
    /// the widest bounds.
    #[command(after_help = solver_games_note())]
    Solve(SolveArgs),
    /// Analyse a game move by move: what each move gave away, as JSON.
    ///
    /// For every move: the margin with best play before it ("margin_before", P1's final
    /// cells minus P2's), a best move, the margin after the move played, the margin the
    /// mover gave away ("loss", never negative), whether both margins are proved
    /// ("exact") or estimates (with the "depth" of the shallower), and a class: best (loss
    /// 0), good (1-2), inaccuracy (3-5), mistake (6-9), blunder (10 or more). Per player:
    /// the total loss and the accuracy, the percentage of moves that lost nothing.
    ///
    /// The game is given as for `replay`, or as a saved game or history entry with
    /// --file. Positions are analysed from the end backwards, each with --time-ms: the
    /// exact solver first, the pvs engine's estimate when the solver does not finish. A
    /// progress bar goes to stderr (on a terminal). Ctrl+C (SIGTERM, SIGHUP) stops: the
    /// moves analysed so far (the last ones) are printed with "complete": false, and the
    /// exit code is 130.
    ///
    /// Every game with an exact solver is analysed the same way, with the same answer
    /// (--kind, or a --game string's game=, adds "kind"): a game won, drawn or lost has
    /// the margins 1, 0 or -1 (the first player's view), so "loss" is in result steps,
    /// and each move adds "value_before" and "value_after" (the mover's view),
    /// "outcome_before" and "outcome_after" (win, draw, loss), "ends_before" and
    /// "ends_after", and "plies_lost" for a win kept but later (or a loss sooner); its
    /// classes are best, good (the result kept, more slowly) and mistake.
    /// "worst_moves" lists each player's costliest moves (docs/cli.md).
    #[command(after_help = solver_games_note())]
    Analyse(AnalyseArgs),
    /// Export the match history to an Excel workbook, as JSON.
    ///
    /// Reads the history of the saves folder (one file per finished game in
    /// DIR/history/), keeps the games that pass the filters, and writes a workbook with
    /// the sheets Matches, Moves, Summary and Players. Damaged history files are skipped and
    /// listed in the answer: {"out": FILE, "games": n, "skipped": [{"file", "error"}]}.
    /// An empty history (or one that the filters empty) still gives a workbook, with its
    /// headers and no rows, and "games": 0; a saves folder that does not exist is an
    /// error. Beyond Excel's 1,048,576 rows per sheet the moves continue in the sheets
    /// "Moves 2", "Moves 3", ... (and games in "Matches 2", ...), as "sheets" and "notes"
    /// in the answer say.
    Export(ExportArgs),
    /// Build the opening book: every first move's exact margin on empty boards, as JSON.
    ///
    /// Solves every empty board from --min-size to --max-size and each of its first moves
    /// (one per symmetry class; the others are their mirror images) and writes them to
    /// --out as RON, the format of the book the program ships (data/opening_book.ron).
    /// The file is rewritten after each board, so a stopped run keeps every board done.
    /// Prints {"out", "boards": [{"size", "margin", "classes"}], "time_ms", "complete"}.
    Book(BookArgs),
    /// Generate "find the move" puzzles proved by the solver, as JSON.
    ///
    /// Plays self-play games (alpha-beta at depths 1 to 3, one move in five random) on
    /// boards of the --size range with random stones, and keeps positions of 8 to 40 free
    /// cells where exactly one move (up to the board's symmetry: its mirror images are
    /// the same answer) keeps the best margin and every other move gives away at least
    /// --min-loss cells, all proved by the solver; at most one puzzle per game. Prints
    /// {"puzzles": [{"game", "solution", "margin", "others": [{"move", "loss"}],
    /// "refutation"}], "games", "positions", "unproved", "time_ms", "complete"}; the
    /// refutation is the wrong move that loses least, then best play to the end. Ctrl+C
    /// (SIGTERM, SIGHUP) stops and prints the puzzles found, "complete": false, exit 0.
    ///
    /// Another game with an exact solver (--kind) plays random games from its start
    /// (from --seed) and keeps positions where exactly one move keeps the proved result
    /// (win or draw) and every other move gives away at least --min-loss result steps;
    /// each puzzle has "value" and "outcome" (the mover's) instead of "margin".
    #[command(after_help = solver_games_note())]
    Puzzles(PuzzlesArgs),
    /// Check an engine program's answers against ours, as JSON.
    ///
    /// Asks the engine (docs/protocol.md) on --positions positions of the game (random
    /// play from the start, seeded) at --depth, and compares its value with our plain
    /// minimax at that depth with the game's evaluation, its move with our best moves,
    /// and with --counts its node and leaf counts; without --depth it searches to the
    /// end of the game and is compared with the exact solver. Prints {"kind", "engine",
    /// "author", "agree", "mode", "depth", "positions", "agreed", "counts", "first",
    /// "reduced", "engine_error"}: "first" is the first disagreement, "reduced" the
    /// same at the smallest depth and then the position with the fewest plies left that
    /// still disagree, with its game string. Exit 0 when every answer agrees, 1 (after
    /// the answer) when one does not or the engine failed.
    CheckEngine(CheckEngineArgs),
    /// Our own engine behind the engine protocol, on stdin and stdout.
    ///
    /// Speaks docs/protocol.md (protocol, isready, position with any game string, go
    /// depth or movetime, stop, quit) with the engine of --algo, so another program (a
    /// series runner, a GUI, `queens arena --a "cmd=queens engine"`) can play against
    /// it. Prints no JSON: the protocol's lines are its answer.
    Engine(EngineArgs),
}

/// Arguments of `queens book`.
#[derive(Args, Debug)]
pub struct BookArgs {
    /// Where to write the book (.ron); an existing book there is replaced.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// The smallest board, 3 to 15.
    #[arg(long, value_name = "N", default_value = "3", value_parser = parse_size, allow_negative_numbers = true)]
    pub min_size: u8,
    /// The largest board, 3 to 15.
    #[arg(long, value_name = "N", default_value = "15", value_parser = parse_size, allow_negative_numbers = true)]
    pub max_size: u8,
    /// Threads, 0 to 1024; 0 (the default) means one per core.
    #[arg(long, value_name = "K", default_value_t = 0, allow_negative_numbers = true, value_parser = whole::<u64>(0, MAX_THREADS as u64))]
    pub threads: u64,
    /// The transposition table in MiB (1 to 65536), per board.
    #[arg(long, value_name = "MB", default_value_t = DEFAULT_HASH_MB as u64, allow_negative_numbers = true, value_parser = whole::<u64>(1, MAX_HASH_MB as u64))]
    pub hash: u64,
}

/// Arguments of `queens gui`.
#[derive(Args, Debug, Clone, Default)]
pub struct GuiArgs {
    /// The folder for saves, the autosave and the match history. Without this option the
    /// environment variable QUEENS_SAVES_DIR, if set, chooses it, then the folder set in
    /// the window, then "saves" in the platform's data folder:
    /// ~/.local/share/queens/saves (or $XDG_DATA_HOME/queens/saves) on Linux,
    /// ~/Library/Application Support/queens/saves on macOS,
    /// %APPDATA%\queens\data\saves on Windows. Never the current folder. A folder named
    /// here or in QUEENS_SAVES_DIR must exist.
    #[arg(long, value_name = "DIR")]
    pub saves_dir: Option<PathBuf>,
    /// A saved game (.ron) to open in the window, as Game > Open does; a file that cannot
    /// be opened is named in the window's status line. (The desktop's file manager passes
    /// the save that was double-clicked.)
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
}

/// Arguments of `queens export`.
#[derive(Args, Debug, Clone)]
pub struct ExportArgs {
    /// The workbook to write (a file name ending in .xlsx; its folder is created if
    /// missing). An existing file is replaced, atomically.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// The saves folder whose history is exported; default QUEENS_SAVES_DIR, else "saves"
    /// in the platform's data folder (as the window's). A folder named here or in
    /// QUEENS_SAVES_DIR must exist.
    #[arg(long, value_name = "DIR")]
    pub saves_dir: Option<PathBuf>,
    /// Only games on this board side (3 to 15).
    #[arg(long, value_name = "N", value_parser = parse_size, allow_negative_numbers = true)]
    pub size: Option<u8>,
    /// Only games where a side's description contains this text, ignoring case, e.g.
    /// "human", "minimax" or "alphabeta depth 4".
    #[arg(long, value_name = "TEXT")]
    pub opponent: Option<String>,
    /// Only games of this game, as the games table names it (every game without it).
    #[arg(long, value_name = "GAME", value_parser = parse_export_kind, help = games_help("Only games of this game, as the games table names it (every game without it)."))]
    pub kind: Option<queens_store::GameKind>,
}

/// A position: either a game string, or a board size with stones and moves; for the
/// lectures' small games (`--kind`), a position in their notation and moves from it.
#[derive(Args, Debug, Clone, Default)]
pub struct PositionArgs {
    /// The game, as the games table names it (the help lists them from the table).
    #[arg(long, value_name = "GAME", default_value = "queens", value_parser = parse_kind, help = games_help("The game, as the games table names it (docs/rules.md). The other games than queens take --position and --moves only."))]
    pub kind: GameArg,
    /// The position in the notation of --kind (each game's notation is in
    /// docs/rules.md: rows of its pieces top to bottom, then what the game needs, e.g.
    /// the side to move), queens a game string as --game; or the game's game string
    /// ("game=TAG moves=..."). Without it a game other than queens starts from its start
    /// position.
    #[arg(long, value_name = "TEXT", conflicts_with_all = ["game", "size", "stones", "random_stones", "seed"])]
    pub position: Option<String>,
    /// The whole game as one string, e.g. "size=8 stones=b2,d5 moves=c3,h5"; any game's
    /// as Copy position writes it ("game=othello size=6 moves=c2,b4"), which then needs
    /// no --kind.
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
    #[arg(long, value_name = "M", requires = "seed", allow_negative_numbers = true, value_parser = whole::<usize>(0, MAX_CELLS as u64))]
    pub random_stones: Option<usize>,
    /// The seed of --random-stones: the same size, count and seed give the same stones.
    #[arg(long, value_name = "S", requires = "random_stones", allow_negative_numbers = true, value_parser = whole::<u64>(0, u64::MAX))]
    pub seed: Option<u64>,
}

impl PositionArgs {
    /// Takes the game from a `--game` string that names one (`game=othello size=6
    /// moves=c2`, as the window's Copy position and the browser's links write it), so
    /// `--kind` may be left out: the string becomes that game's `--position`. A
    /// `game=queens` key is dropped (queens' own strings have none). A string naming
    /// another game than an explicit non-queens `--kind` is refused.
    ///
    /// # Errors
    /// `CliError::Usage` for an unknown game or a mismatch with `--kind`.
    pub(crate) fn settle_kind(&mut self) -> Result<(), super::error::CliError> {
        let Some(text) = self.game.as_deref() else {
            return Ok(());
        };
        let named = text.split_whitespace().find_map(|token| {
            let (key, value) = token.split_once('=')?;
            key.eq_ignore_ascii_case("game").then_some(value)
        });
        let Some(name) = named else {
            return Ok(());
        };
        let named = parse_kind(name).map_err(super::error::CliError::Usage)?;
        if !self.kind.is_default() && self.kind.0.tag != named.0.tag {
            return Err(super::error::CliError::Usage(format!(
                "--game is a game string of {}, but --kind is {}",
                named.name(),
                self.kind.name()
            )));
        }
        self.kind = named;
        // A board of stones reads its string as --game, whose reader knows no `game=`.
        if named.0.tools.board_of_stones {
            let rest: Vec<&str> = text
                .split_whitespace()
                .filter(|token| {
                    !token
                        .split_once('=')
                        .is_some_and(|(key, _)| key.eq_ignore_ascii_case("game"))
                })
                .collect();
            self.game = Some(rest.join(" "));
        } else {
            self.position = self.game.take();
        }
        Ok(())
    }
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
    /// An evaluation table read from a file (the help names the games from the table).
    #[arg(long, value_name = "FILE", help = eval_help())]
    pub eval: Option<PathBuf>,
    /// The engine (the long help lists them).
    #[arg(long, value_name = "ALGO", default_value = "alphabeta", value_parser = parse_algo, help = algo_help(), long_help = algo_long_help())]
    pub algo: EngineKind,
    /// The search depth in plies, 1 to 225. Required unless --time-ms is given; with only
    /// --time-ms the search deepens until the time is up or the game's end is reached.
    #[arg(long, value_name = "D", allow_negative_numbers = true, value_parser = whole::<u32>(1, MAX_CELLS as u64))]
    pub depth: Option<u32>,
    /// A thinking-time limit in milliseconds (0 allowed: depth 1 is always completed, so a
    /// legal move is always given). The search deepens from depth 1 and answers with the
    /// deepest completed depth.
    #[arg(long, value_name = "T", allow_negative_numbers = true, value_parser = whole::<u64>(0, MAX_TIME_MS))]
    pub time_ms: Option<u64>,
    /// Search threads, 0 to 1024; 0 (the default) means one per core, and more than the
    /// cores run as many as the cores (a note on stderr says so). The thesis engines
    /// (minimax, alphabeta) are single-threaded and ignore it.
    #[arg(long, value_name = "K", allow_negative_numbers = true, value_parser = whole::<u64>(0, MAX_THREADS as u64))]
    pub threads: Option<u64>,
    /// The transposition table in MiB (1 to 65536) of engines that keep one (pvs).
    #[arg(long, value_name = "MB", default_value_t = DEFAULT_HASH_MB as u64, allow_negative_numbers = true, value_parser = whole::<u64>(1, MAX_HASH_MB as u64))]
    pub hash: u64,
}

/// Arguments of `queens solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// The position to solve (the side to move is the one after the given moves).
    #[command(flatten)]
    pub position: PositionArgs,
    /// A time limit in milliseconds; without one the solve runs until it is done.
    #[arg(long, value_name = "T", allow_negative_numbers = true, value_parser = whole::<u64>(0, MAX_TIME_MS))]
    pub time_ms: Option<u64>,
    /// Threads, 0 to 1024; 0 (the default) means one per core, and more than the cores
    /// run as many as the cores (a note on stderr says so).
    #[arg(long, value_name = "K", default_value_t = 0, allow_negative_numbers = true, value_parser = whole::<u64>(0, MAX_THREADS as u64))]
    pub threads: u64,
    /// The transposition table in MiB (1 to 65536): the solver's memory bound (a small
    /// position gets less, as much as it can fill). Too much for the memory: exit 2.
    #[arg(long, value_name = "MB", default_value_t = DEFAULT_HASH_MB as u64, allow_negative_numbers = true, value_parser = whole::<u64>(1, MAX_HASH_MB as u64))]
    pub hash: u64,
    /// Also solve every legal move: "moves" lists each move's exact margin, best first
    /// (mirror-image moves solved once); the time limit covers the whole list.
    #[arg(long)]
    pub all_moves: bool,
    /// With --all-moves: an exact margin only for the moves that lose at most K cells
    /// (0 to 225) against the best; each other move is proved to lose more than K (its
    /// "loss_at_least"), its exact margin not sought. Far faster on big boards.
    #[arg(long, value_name = "K", requires = "all_moves", allow_negative_numbers = true, value_parser = whole::<u32>(0, MAX_CELLS as u64))]
    pub exact_within: Option<u32>,
}

/// Arguments of `queens analyse`.
#[derive(Args, Debug)]
pub struct AnalyseArgs {
    /// The game to analyse (its moves are judged; it need not be finished).
    #[command(flatten)]
    pub position: PositionArgs,
    /// A saved game or a history entry (.ron) to analyse instead of a game on the command
    /// line.
    #[arg(long, value_name = "PATH", conflicts_with_all = ["game", "size", "stones", "moves", "random_stones", "seed"])]
    pub file: Option<PathBuf>,
    /// The time for each position in milliseconds (1 to 86400000): three quarters for
    /// the exact solver, the rest for an estimate when it does not finish.
    #[arg(long, value_name = "T", default_value_t = 1000, allow_negative_numbers = true, value_parser = whole::<u64>(1, MAX_TIME_MS))]
    pub time_ms: u64,
    /// A second look, in milliseconds (0 to 86400000; 0 for none): the time shared by the
    /// positions the first pass left unproved, solved again from the last, each with
    /// what is left divided by the positions left. Positions that prove quickly leave
    /// it to the few that need seconds (the first moves of a big board).
    #[arg(long, value_name = "T", default_value_t = 60_000, allow_negative_numbers = true, value_parser = whole::<u64>(0, MAX_TIME_MS))]
    pub retry_ms: u64,
    /// Threads, 0 to 1024; 0 (the default) means one per core, and more than the cores
    /// run as many as the cores (a note on stderr says so).
    #[arg(long, value_name = "K", default_value_t = 0, allow_negative_numbers = true, value_parser = whole::<u64>(0, MAX_THREADS as u64))]
    pub threads: u64,
    /// The transposition table in MiB (1 to 65536), one for the whole game.
    #[arg(long, value_name = "MB", default_value_t = DEFAULT_HASH_MB as u64, allow_negative_numbers = true, value_parser = whole::<u64>(1, MAX_HASH_MB as u64))]
    pub hash: u64,
    /// Also write the analysis to this Excel workbook (.xlsx), as an Analysis sheet with
    /// a chart; its folder is created if missing, an existing file is replaced.
    #[arg(long, value_name = "FILE")]
    pub xlsx: Option<PathBuf>,
}

/// Arguments of `queens tree`.
#[derive(Args, Debug)]
pub struct TreeArgs {
    /// The tree: parentheses group children, leaves are integers from MAX's point of
    /// view (negative allowed), any whitespace separates. Not with --kind, which grows
    /// the tree of a game's position instead.
    #[arg(
        value_name = "TREE",
        allow_hyphen_values = true,
        required_unless_present = "kind",
        conflicts_with = "kind"
    )]
    pub tree: Option<String>,
    /// Whether the root maximises or minimises (a game's tree: the side to move, MAX).
    #[arg(long, value_enum, value_name = "KIND", default_value_t = RootArg::Max, conflicts_with = "kind")]
    pub root: RootArg,
    /// Grow the tree of a game's position instead of reading one (the help lists the
    /// games from the table).
    #[arg(long, value_name = "GAME", value_parser = parse_kind, help = games_help("Grow the tree of a game's position instead of reading one: every line to --depth plies, edges labelled with moves, leaves holding the game's evaluation from the side to move's (MAX's) view."))]
    pub kind: Option<GameArg>,
    /// The game's position in the notation of --kind (as for replay); the small games'
    /// start position without it.
    #[arg(long, value_name = "TEXT", requires = "kind")]
    pub position: Option<String>,
    /// Moves played from --position first, comma-separated.
    #[arg(long, value_name = "MOVES", requires = "kind")]
    pub moves: Option<String>,
    /// Plies the grown tree goes down (1 to 16, default 2; at most 4,096 leaves).
    #[arg(long, value_name = "D", requires = "kind", allow_negative_numbers = true, value_parser = whole::<u32>(1, 16))]
    pub depth: Option<u32>,
    /// The search algorithm: pvs is NegaScout, whose null-window tests and re-searches
    /// appear in the trace.
    #[arg(long, value_enum, value_name = "ALGO", default_value_t = TreeAlgo::Alphabeta, ignore_case = true)]
    pub algo: TreeAlgo,
}

#[cfg(test)]
mod tests {
    use super::values::parse_player;
    use super::*;
    use clap::CommandFactory;
    use queens_engines::ai::EngineConfig;
    use queens_engines::ai::{ENGINES, SpecError};
    use queens_store::GameKind;

    #[test]
    fn export_reads_its_kind_off_the_games_table() {
        assert_eq!(
            parse_export_kind("Tic-Tac-Toe"),
            Ok(GameKind::Table("tictactoe"))
        );
        assert_eq!(parse_export_kind("queens"), Ok(GameKind::Queens));
        // The saves keep every game of the table (Othello through the seam).
        assert_eq!(parse_export_kind("othello"), Ok(GameKind::Table("othello")));
        let chess = parse_export_kind("chess").err().unwrap_or_default();
        assert!(chess.contains("possible values: queens"), "{chess}");
    }

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
            Ok(EngineConfig::new(EngineKind::ALPHABETA, 4))
        );
        assert_eq!(
            parse_player("Minimax:225").map(|p| p.engine),
            Ok(EngineKind::MINIMAX)
        );
        assert!(matches!(parse_player("foo"), Err(SpecError::Shape(_))));
        assert!(matches!(parse_player("foo:3"), Err(SpecError::Engine(_))));
        for bad in ["ab:0", "ab:226", "ab:", "ab:-1", "ab:x", "ab:3:4"] {
            assert!(
                matches!(parse_player(bad), Err(SpecError::Depth(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn help_lists_every_engine_of_the_table() {
        let mut command = Cli::command();
        let help = command
            .find_subcommand_mut("bestmove")
            .map(|c| c.render_long_help().to_string())
            .unwrap_or_default();
        for entry in ENGINES {
            assert!(help.contains(entry.name), "{help}");
            assert!(help.contains(entry.description), "{help}");
        }
        assert_eq!(parse_algo("AB"), Ok(EngineKind::ALPHABETA));
        assert!(parse_algo("quantum").is_err_and(|e| e.to_string().contains("minimax")));
    }
}
