//! AI-vs-AI series ("arena") of any game of the games table: two engine settings play a
//! set of starts, each twice with colours swapped, on all cores; the result is summarized
//! as engine tournament managers do (wins/draws/losses, Elo difference with a 95% error
//! bar), plus the mean pair margin (see [`pairs`]). A library only: progress goes to a
//! callback, and a stop flag ends the series cleanly.
//!
//! Every game is played by one loop through the seam ([`ArenaConfig::start`], then
//! `AnyGame::think_kept`: each contestant keeps its engine, and `pvs` its table, for the
//! whole game). A game whose table row starts from a board of stones (queens) plays a
//! new board of random stones per pair ([`ArenaConfig::board`]); every other game plays
//! each pair from its table row's start. Every game is handed over as the record the
//! saves keep for it ([`SavedGame::of_game`]), so the history and the workbook take any
//! game's series.
//!
//! A contestant may be an engine program ([`ArenaConfig::programs`], docs/protocol.md):
//! a new process per game, asked each move through [`queens_programs::play`]. A program
//! that breaks the protocol (crashes, hangs, answers late, writes garbage or a flood,
//! plays an illegal move, ignores `stop`) forfeits that game: it is recorded as the
//! program's resignation, with the reason in [`ArenaGame::forfeit`], and the series goes
//! on.

mod elo;
mod live;
pub mod pairs;
mod program;
pub mod sprt;
mod tally;

pub(crate) use elo::Elo;
pub use elo::elo_estimate;
pub use live::live_games;
pub use program::Forfeit;
pub(crate) use tally::ArenaTally;

use pairs::{BoardPair, PairMargin};
use queens_board::{Board, Cell, ParseError, Player, random_stones};
use queens_engines::ai::{
    ConfigError, EngineConfig, EngineKind, EngineLimits, NotForThisGame, SearchHandler,
};
use queens_engines::games::seam::{AnyGame, KeptBox, ThinkError};
use queens_engines::games::table::GameEntry;
use queens_programs::{ProgramSpec, ProtocolLog};
use queens_store::{HistoryEntry, SavedGame, SearchInfo};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

/// The queens row of the games table, the arena's default game.
static QUEENS: GameEntry = GameEntry::of::<Board>();

/// What to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArenaConfig {
    /// The game, a row of the games table (queens by default). `size`, `stones` and
    /// `seed`'s stones are queens'; another game plays every pair from its start.
    pub game: &'static GameEntry,
    /// Contestant A (results are from A's point of view). Its time limit is replaced by
    /// the series' [`ArenaConfig::time_ms`].
    pub a: EngineConfig,
    /// Contestant B, likewise.
    pub b: EngineConfig,
    /// Total games; even, since every board is played twice with colours swapped.
    pub games: usize,
    /// Board side N.
    pub size: u8,
    /// Random stones per board.
    pub stones: usize,
    /// Board `k` (games `2k` and `2k+1`) has the stones of seed `seed + k`.
    pub seed: u64,
    /// A thinking-time limit per move in milliseconds, if any.
    pub time_ms: Option<u64>,
    /// Worker threads, each playing one game at a time; 0 means one per core. (The
    /// engines' own search threads are each contestant's [`EngineConfig::threads`].)
    pub threads: usize,
    /// Engine programs in place of A's (`[0]`) and B's (`[1]`) engine settings, whose
    /// engine is then not used (its depth is the program's, for the record).
    pub programs: [Option<ProgramSpec>; 2],
    /// The protocol log every program writes to, if any (`--log FILE`).
    pub log: Option<ProtocolLog>,
    /// A sequential test that ends the series once it decides ([`sprt`]).
    pub sprt: Option<sprt::Sprt>,
}

impl Default for ArenaConfig {
    fn default() -> Self {
        ArenaConfig {
            game: &QUEENS,
            a: EngineConfig::new(EngineKind::ALPHABETA, 3),
            b: EngineConfig::new(EngineKind::ALPHABETA, 1),
            games: 10,
            size: 6,
            stones: 4,
            seed: 1,
            time_ms: None,
            threads: 0,
            programs: [None, None],
            log: None,
            sprt: None,
        }
    }
}

/// Why a series cannot start.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ArenaError {
    /// The number of games must be even and positive.
    #[error(
        "the number of games must be a positive even number (each board is played twice, colours swapped), not {0}"
    )]
    BadGameCount(usize),
    /// A depth of 0.
    #[error("the search depth must be at least 1")]
    ZeroDepth,
    /// A contestant's depth, time, threads or table size is out of range.
    #[error("bad engine settings")]
    Engine(#[from] ConfigError),
    /// The size or the stone count is not a legal setup.
    #[error("bad board")]
    BadBoard(#[from] ParseError),
    /// A contestant the game has not (the strong engines play only queens), or a table
    /// that does not fit.
    #[error("{0}; {1} takes minimax or alphabeta")]
    NotForThisGame(ThinkError, &'static str),
    /// The game's start could not be made (the game string's reason).
    #[error("{0}")]
    Start(String),
}

impl ArenaConfig {
    /// Checks the settings.
    ///
    /// # Errors
    /// An [`ArenaError`] naming the bad setting.
    pub fn validate(&self) -> Result<(), ArenaError> {
        if self.games == 0 || !self.games.is_multiple_of(2) {
            return Err(ArenaError::BadGameCount(self.games));
        }
        if self.a.depth == 0 || self.b.depth == 0 {
            return Err(ArenaError::ZeroDepth);
        }
        for spec in [&self.a, &self.b] {
            self.player(spec).check(&EngineLimits::ANY)?;
        }
        let start = self.start(0)?;
        for (spec, program) in [&self.a, &self.b].into_iter().zip(&self.programs) {
            // Asked of the game itself, without building the engine (a strong engine's
            // table is hundreds of MiB): an engine this game has not is refused here,
            // before any game is played. A program is asked in its games.
            if program.is_none() && !start.plays(spec.engine) {
                let refused = ThinkError::NotForThisGame(NotForThisGame(spec.engine));
                return Err(ArenaError::NotForThisGame(refused, self.game.tag));
            }
        }
        Ok(())
    }

    /// The start of pair `pair`'s games: queens' board of the pair's random stones
    /// ([`ArenaConfig::board`]: a game whose table row says it starts from a board of
    /// stones), every other game's start.
    ///
    /// # Errors
    /// [`ArenaError`] when the setup makes no board or the game no start.
    pub fn start(&self, pair: usize) -> Result<Box<dyn AnyGame>, ArenaError> {
        if self.game.tools.board_of_stones {
            return Ok(Box::new(self.board(pair)?));
        }
        (self.game.start)().map_err(|err| ArenaError::Start(err.to_string()))
    }

    /// The starting board of pair `pair` (games `2 * pair` and `2 * pair + 1`).
    ///
    /// # Errors
    /// [`ParseError`] if the size or the stone count is not a legal setup.
    pub fn board(&self, pair: usize) -> Result<Board, ParseError> {
        let seed = self.pair_seed(pair);
        Board::new(self.size, &random_stones(self.size, self.stones, seed))
    }

    fn pair_seed(&self, pair: usize) -> u64 {
        self.seed.wrapping_add(pair as u64)
    }

    /// Contestant `who`'s engine settings: A's for 0, B's for 1.
    fn contestant(&self, who: usize) -> &EngineConfig {
        if who == 0 { &self.a } else { &self.b }
    }

    /// A contestant as it plays: with the series' time limit.
    pub fn player(&self, spec: &EngineConfig) -> EngineConfig {
        EngineConfig {
            time_ms: self.time_ms,
            ..*spec
        }
    }
}

/// Search work of one contestant.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideStats {
    /// Moves played.
    pub moves: u64,
    /// Moves played with a proved value (the engine's search was exact).
    pub proved: u64,
    /// Nodes searched.
    pub nodes: u64,
    /// Thinking time.
    pub time: Duration,
}

impl SideStats {
    /// Average nodes per move (0 with no moves).
    pub fn nodes_per_move(&self) -> f64 {
        if self.moves == 0 {
            0.0
        } else {
            self.nodes as f64 / self.moves as f64
        }
    }

    /// Average thinking time per move (zero with no moves).
    pub fn time_per_move(&self) -> Duration {
        u32::try_from(self.moves)
            .ok()
            .filter(|&moves| moves > 0)
            .map_or(Duration::ZERO, |moves| self.time / moves)
    }

    fn add(&mut self, other: SideStats) {
        self.moves += other.moves;
        self.proved += other.proved;
        self.nodes += other.nodes;
        self.time += other.time;
    }
}

/// A finished game of the series.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArenaGame {
    /// 0-based game number.
    pub index: usize,
    /// The board pair it belongs to (`index / 2`).
    pub pair: usize,
    /// The colour A played (P1 in even games).
    pub a_player: Player,
    /// The full record, with every move's search statistics.
    pub game: SavedGame,
    /// Search work of A (`[0]`) and B (`[1]`).
    pub stats: [SideStats; 2],
    /// The engine program that lost this game by its fault, if one did.
    pub forfeit: Option<Forfeit>,
    /// The names A's (`[0]`) and B's (`[1]`) programs played under in this game
    /// ([`ProgramSpec::player_name`]); `None` for ours and for a program that did not
    /// start.
    pub programs: [Option<String>; 2],
    /// Counts this record while it lives (see [`live_games`]).
    live: live::Live,
}

impl ArenaGame {
    /// Final scores of A and B as the saves keep them: queens' cells, Othello's discs,
    /// Dodgem's cars driven off, tic-tac-toe's 0:0.
    pub fn scores(&self) -> (u32, u32) {
        let a = self.a_player.index();
        (self.game.score[a], self.game.score[1 - a])
    }

    /// A's result: a win is `Greater`. The record's winner where it has one (tic-tac-toe
    /// is won on a 0:0 score), else the scores (queens' winner is the one with more
    /// cells, so both say the same there).
    pub(crate) fn a_result(&self) -> std::cmp::Ordering {
        use queens_store::Winner;
        let a_seat = self.a_player.index();
        match self.game.result.map(|result| result.winner) {
            Some(Winner::Draw) => std::cmp::Ordering::Equal,
            Some(Winner::P1) if a_seat == 0 => std::cmp::Ordering::Greater,
            Some(Winner::P2) if a_seat == 1 => std::cmp::Ordering::Greater,
            Some(_) => std::cmp::Ordering::Less,
            None => {
                let (a, b) = self.scores();
                a.cmp(&b)
            }
        }
    }

    /// A's points: 1 for a win, 0.5 for a draw, 0 for a loss.
    pub fn a_points(&self) -> f64 {
        match self.a_result() {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        }
    }

    /// As a history entry, id `arena-<seed>-<index>`.
    pub fn entry(&self, seed: u64) -> HistoryEntry {
        HistoryEntry::new(format!("arena-{seed}-{:04}", self.index), self.game.clone())
    }
}

/// The outcome of a series.
#[derive(Clone, Debug, PartialEq)]
pub struct ArenaReport {
    /// The games finished and counted (each was handed to the caller as it finished and
    /// is not kept: see [`run_arena`]).
    pub games: usize,
    /// The games asked for.
    pub planned: usize,
    /// Whether the stop flag ended the series early.
    pub stopped: bool,
    /// A's wins.
    pub wins: usize,
    /// Draws.
    pub draws: usize,
    /// A's losses.
    pub losses: usize,
    /// A's cells minus B's, averaged over the games (0 with none).
    pub average_margin: f64,
    /// A's search work.
    pub a: SideStats,
    /// B's search work.
    pub b: SideStats,
    /// A's Elo difference over B.
    pub elo: Elo,
    /// The boards whose two games both finished, by pair number.
    pub pairs: Vec<BoardPair>,
    /// The mean pair margin with its 95% interval, over `pairs`.
    pub pair_margin: PairMargin,
}

/// Stops a search when the series' stop flag or its own halt flag is raised.
struct StopFlag<'a> {
    /// Raised from outside (Ctrl+C).
    stop: &'a AtomicBool,
    /// Raised when the caller wants no more games (a game could not be saved).
    halt: &'a AtomicBool,
}

impl StopFlag<'_> {
    fn raised(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || self.halt.load(Ordering::Relaxed)
    }
}

impl SearchHandler<Cell> for StopFlag<'_> {
    fn should_stop(&self) -> bool {
        self.raised()
    }
}

impl SearchHandler<String> for StopFlag<'_> {
    fn should_stop(&self) -> bool {
        self.raised()
    }
}

/// The contestant to move: `who` is 0 for A and 1 for B, `player` the colour it plays.
#[derive(Clone, Copy)]
struct Mover {
    who: usize,
    player: Player,
}

/// What a contestant keeps for one game: our engine (`pvs` with its table), or its
/// program's process and name; and its search work.
#[derive(Default)]
struct Seat {
    engine: Option<KeptBox>,
    program: program::ProgramSeat,
    stats: SideStats,
}

/// How a turn ended, when the game goes on being counted.
enum Turn {
    /// The move was played.
    Played,
    /// The program to move lost the game by its fault.
    Forfeit(Forfeit),
}

/// Plays game `index` of the series' game from its pair's start, through the seam;
/// `None` if the stop flag interrupted it (an interrupted search may have played a
/// weaker move, so the game is not counted). Each contestant keeps its engine for the
/// whole game, as the window does; the record is the one the saves keep for the game,
/// each move with its search.
fn play_game(config: &ArenaConfig, index: usize, handler: &StopFlag<'_>) -> Option<ArenaGame> {
    let a_player = if index.is_multiple_of(2) {
        Player::One
    } else {
        Player::Two
    };
    let pair = index / 2;
    let mut game = config.start(pair).ok()?;
    let mut players = [
        config.side(&config.a, config.programs[0].as_ref(), None),
        config.side(&config.b, config.programs[1].as_ref(), None),
    ];
    if a_player == Player::Two {
        players.swap(0, 1);
    }
    let mut saved = SavedGame::of_game(game.as_ref(), players, Some(config.pair_seed(pair)))?;
    let mut seats: [Seat; 2] = Default::default();
    let mut forfeit = None;
    while game.result().is_none() {
        // 0 for A, 1 for B.
        let who = usize::from(game.seat_to_move() != a_player.index());
        let player = if who == 0 {
            a_player
        } else {
            a_player.opponent()
        };
        let (seat, game) = (&mut seats[who], game.as_mut());
        let turn = match &config.programs[who] {
            Some(spec) => {
                let mover = Mover { who, player };
                program::program_turn(config, spec, mover, seat, game, &mut saved, handler)?
            }
            None => our_turn(config, who, seat, game, &mut saved, handler)?,
        };
        if let Turn::Forfeit(lost) = turn {
            forfeit = Some(lost);
            break;
        }
    }
    let [a, b] = seats;
    Some(ArenaGame {
        index,
        pair,
        a_player,
        game: saved,
        stats: [a.stats, b.stats],
        forfeit,
        programs: [a.program.name, b.program.name],
        live: live::Live::new(),
    })
}

/// Our engine plays `who`'s move in `game`, recorded in `saved` with its search. `None`
/// when the stop flag interrupted the search, or the engine refused the game (the
/// contestants were asked in `validate`): the game is not counted.
fn our_turn(
    config: &ArenaConfig,
    who: usize,
    seat: &mut Seat,
    game: &mut dyn AnyGame,
    saved: &mut SavedGame,
    handler: &StopFlag<'_>,
) -> Option<Turn> {
    let spec = config.player(config.contestant(who));
    let outcome = game.think_kept(&mut seat.engine, &spec, handler).ok()?;
    if handler.raised() {
        return None;
    }
    game.play_text(&outcome.best_move.clone()?).ok()?;
    saved.follow(game, Some(SearchInfo::from_outcome(&outcome)));
    seat.stats.add(SideStats {
        moves: 1,
        proved: u64::from(outcome.exact),
        nodes: outcome.stats.nodes,
        time: outcome.elapsed,
    });
    Some(Turn::Played)
}

/// Plays the series on `config.threads` threads (0: one per core). Each game is handed to
/// `on_game(game, done, total)` on the calling thread as soon as it finishes, so a caller
/// can store it at once (a run killed later keeps it); it is then counted and dropped,
/// never kept: memory does not grow with the series. Workers wait while
/// [`FINISHED_QUEUE`] games are waiting for the caller, so a slow caller (one that syncs
/// each game to disk) holds the series back instead of a growing queue, and a stop
/// leaves at most that many plus one per worker to hand over. Returning
/// [`ControlFlow::Break`] refuses that game (it is not counted: the caller could not
/// store it) and ends the series as `stop` does. Raising `stop` ends it
/// cleanly: games in progress are dropped, finished ones kept.
///
/// # Errors
/// An [`ArenaError`] if the configuration is invalid (nothing is played then).
pub fn run_arena(
    config: &ArenaConfig,
    on_game: &mut dyn FnMut(&ArenaGame, usize, usize) -> ControlFlow<()>,
    stop: &AtomicBool,
) -> Result<ArenaReport, ArenaError> {
    config.validate()?;
    let total = config.games;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let workers = if config.threads == 0 {
        cores
    } else {
        config.threads
    }
    .min(total);
    let next = AtomicUsize::new(0);
    let halt = AtomicBool::new(false);
    let handler = StopFlag { stop, halt: &halt };
    let mut tally = ArenaTally::default();
    let mut decided = false;
    std::thread::scope(|scope| {
        let (sender, receiver) = mpsc::sync_channel(FINISHED_QUEUE);
        for _ in 0..workers {
            let sender = sender.clone();
            let (next, handler) = (&next, &handler);
            scope.spawn(move || {
                // A shared counter is the work queue: each worker takes the next game.
                while !handler.raised() {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= total {
                        break;
                    }
                    if let Some(game) = play_game(config, index, handler)
                        && sender.send(game).is_err()
                    {
                        break;
                    }
                }
            });
        }
        drop(sender);
        for game in receiver {
            // After a Break, games still arriving were finished but are not wanted.
            if halt.load(Ordering::Relaxed) {
                continue;
            }
            if on_game(&game, tally.games() + 1, total).is_break() {
                halt.store(true, Ordering::Relaxed);
            } else {
                tally.add(&game);
                // A decided test wants no more games: the ones under way are dropped.
                if let Some(test) = &config.sprt
                    && test
                        .decide(tally.wins(), tally.draws(), tally.losses())
                        .is_some()
                {
                    decided = true;
                    halt.store(true, Ordering::Relaxed);
                }
            }
        }
    });
    let stopped = tally.games() < total && handler.raised() && !decided;
    Ok(tally.report(total, stopped))
}

/// Finished games that may wait for the caller before the workers wait too: enough that
/// workers rarely wait on a fast caller (a queue of 2 cost 40% more time in thread
/// wake-ups on 3x3 boards), few enough to be written in a quarter of a second at the
/// 120 synced files per second of a slow disk when a stop comes.
pub const FINISHED_QUEUE: usize = 32;
