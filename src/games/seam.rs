//! The game seam: what every game of the program implements once, and the one place
//! the program decides how a game ended and who may resign.
//!
//! A game is a type implementing [`Rules`] (start, legal moves, play and undo, the
//! result, its move notation, its part of the game string, its Tree Lab tree). The
//! games table (`table::GAMES`, which depends on this module, not the other way) lists
//! each game once as a `GameEntry`; everything a front end asks without knowing
//! which game is on screen goes through [`AnyGame`], which every [`Rules`] type is.
//!
//! To add a game: write its rules as a type implementing [`Rules`] (and
//! [`crate::ai::GamePosition`] for the engines), then add one line to the table.
//!
//! Seats are numbered as the saves number players: seat 0 (P1) moves first, seat 1 (P2)
//! second.

use super::grid::{GridView, Square};
pub use super::setup::Refused;
use super::setup::{DEFAULT_TAG, GameStringError, Setup};
use super::think::{Notation, ThinkError};
use super::words::{GameWords, Tongue};
use crate::ai::tree::{GameTreeError, MAX_GAME_TREE_LEAVES, Tree};
use crate::ai::{Engine, EngineConfig, GamePosition, NotForThisGame, SearchGame};
use crate::ai::{SearchHandler, SearchOutcome};
use std::fmt;
use thiserror::Error;

/// A seat: 0 moves first, 1 second.
pub type Seat = usize;

/// A game's rules, once: everything the front ends, the saves and the command line need
/// of it. The engines see the game through [`crate::ai::GamePosition`] as before.
pub trait Rules: Clone + fmt::Display + fmt::Debug + Send + Sync + 'static {
    /// A move in the game's notation (a forced pass is a move where the rules force one).
    type Move: Copy + Eq + fmt::Display + fmt::Debug + Send + Sync;

    /// The game's tag: the saves' `kind`, the CLI's `--kind`, the game string's `game=`.
    const TAG: &'static str;

    /// What the front ends may ask of this game beyond playing it.
    const TOOLS: Tools;

    /// How the game's notation writes its seats, seat 0 first (`x`/`o`, `b`/`w`): the
    /// command line's `to_move` and `winner`.
    const SIDES: [&'static str; 2] = ["1", "2"];

    /// The position a game string's setup keys describe, before any move (`size=8
    /// stones=b2` for queens; no keys for tic-tac-toe). Unknown keys are refused.
    ///
    /// # Errors
    /// A key this game does not know, or a value its rules refuse.
    fn setup(keys: &Setup) -> Result<Self, GameStringError>;

    /// The setup keys of this game's start, as [`Rules::setup`] reads them (`size=8`
    /// or nothing), written without the moves.
    fn setup_keys(&self) -> String;

    /// A position in the game's own notation (the `--position` of the command line).
    ///
    /// # Errors
    /// The game's reason the text is not a position.
    fn from_notation(text: &str) -> Result<Self, Refused>;

    /// The legal moves, in the order the engines try them; empty exactly when the game
    /// is over. A pass the rules force is the one move then.
    fn legal_moves(&self) -> Vec<Self::Move>;

    /// Plays `mv` for the side to move, checked by the rules.
    ///
    /// # Errors
    /// The game's reason; nothing changes then.
    fn play(&mut self, mv: Self::Move) -> Result<(), Refused>;

    /// Takes back the last move (`None` at the setup position).
    fn undo(&mut self) -> Option<Self::Move>;

    /// The moves played since the setup, oldest first.
    fn moves_played(&self) -> Vec<Self::Move>;

    /// The seat to move (also once over).
    fn seat_to_move(&self) -> Seat;

    /// The result by the rules once over: `Some(Some(seat))` a win, `Some(None)` a draw.
    fn result(&self) -> Option<Option<Seat>>;

    /// Reads `text` as a move of this game here (it need not be legal).
    ///
    /// # Errors
    /// Text that is not a move of this game.
    fn parse_move(&self, text: &str) -> Result<Self::Move, Refused>;

    /// The game's tree below this position to `depth` plies, for the Tree Lab and
    /// `queens tree`.
    ///
    /// # Errors
    /// [`TreeError`] for depth 0 or a tree too large to draw.
    fn tree(&self, depth: u32) -> Result<Tree, TreeError>;

    /// The engine `config` names, built for this game: by default the thesis's engines
    /// (minimax, alpha-beta), which serve every game; a game with engines of its own
    /// (queens: pvs, perfect) answers them here.
    ///
    /// # Errors
    /// [`NotForThisGame`] for an engine this game has not.
    fn engine(config: &EngineConfig) -> Result<Box<dyn Engine<Self>>, NotForThisGame>
    where
        Self: GamePosition,
    {
        config.build_for::<Self>()
    }

    /// The board as a front end draws it, for a game played on a grid of squares
    /// ([`GridView`]: what each square holds by seat, its name, whether a click there
    /// begins a legal move); `None` for a game without one.
    fn grid(&self) -> Option<GridView> {
        None
    }

    /// Searches with the evaluation table `text` from now on (an `--eval` file, in the
    /// game's own form): for the games whose [`Tools::eval_file`] is set.
    ///
    /// # Errors
    /// The game's reason the table is refused; a game without one refuses every table.
    fn set_eval(&mut self, text: &str) -> Result<(), Refused> {
        let _ = text;
        Err(Refused::new(NoEvalTable(Self::TAG)))
    }

    /// The game's name, rules and pieces in `tongue` (see [`GameWords`]); by default
    /// its tag and the notation's seats.
    fn words(tongue: Tongue) -> GameWords {
        let _ = tongue;
        GameWords::plain(Self::TAG, Self::SIDES)
    }

    /// Each seat's score, seat 0 first, as the saves keep it and
    /// [`GameWords::score`] shows it: by default the pieces each seat has on the grid
    /// (Othello's discs).
    fn score(&self) -> [u32; 2] {
        self.grid().map_or([0, 0], |grid| pieces_on(&grid))
    }

    /// What a search value from this game's engines proves, when it is a won or lost
    /// game rather than an estimate (see [`Decided`]); `None` by default.
    fn decided(value: i32) -> Option<Decided> {
        let _ = value;
        None
    }

    /// What a save record keeps as the game's position (its `game` field): by default
    /// the game string ([`write`]).
    fn record_game(&self) -> String {
        write(self)
    }

    /// The exact result of this position with best play (`queens solve --kind`), asking
    /// `stop` as it goes: `Ok(None)` once `stop` says so, nothing proved. By default a
    /// game has none; a game that has one sets [`Tools::solver`] too. Queens's solver is
    /// a command of its own (`cli::solve`) and is not asked here.
    ///
    /// # Errors
    /// [`NoExactSolver`] for a game without an exact solver.
    fn solve_exact(
        &self,
        stop: &(dyn Fn() -> bool + Sync),
    ) -> Result<Option<Exact>, NoExactSolver> {
        let _ = stop;
        Err(NoExactSolver(Self::TAG))
    }
}

/// A position solved exactly by its game's [`Rules::solve_exact`]; what the value proves
/// is read off it by the game's [`Rules::decided`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exact {
    /// The value from the side to move's view, as the game's engines score a finished
    /// game (0 a draw).
    pub value: i32,
    /// The ply of the game (counted from its start) the position is at, as the value's
    /// [`Decided::ends_at_ply`] counts.
    pub ply: u32,
    /// A best move in the game's notation; `None` on a finished game.
    pub best_move: Option<String>,
    /// Best moves to the end of the game.
    pub pv: Vec<String>,
    /// Positions the solver searched (or solved, for a solver that remembers them).
    pub nodes: u64,
}

/// An exact solve asked of a game that has no exact solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("{0} has no exact solver")]
pub struct NoExactSolver(pub &'static str);

/// A search handler that stops when `0` says so: an exact solve's stop question handed
/// to the engines.
pub struct StopWhen<'a>(pub &'a (dyn Fn() -> bool + Sync));

impl<M> SearchHandler<M> for StopWhen<'_> {
    fn should_stop(&self) -> bool {
        (self.0)()
    }
}

/// The pieces each seat has on `grid`, seat 0 first.
pub fn pieces_on(grid: &GridView) -> [u32; 2] {
    let mut count = [0u32; 2];
    for square in &grid.squares {
        if let Square::Piece(seat) = square
            && let Some(pieces) = count.get_mut(*seat)
        {
            *pieces += 1;
        }
    }
    count
}

/// A search value that is a proof: who wins, and by which ply of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decided {
    /// The side that searched wins (else it loses).
    pub searcher_wins: bool,
    /// The ply (counted from the game's start) of the winning move.
    pub ends_at_ply: u32,
}

/// An evaluation table given to a game that has none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("{0} has no evaluation table to change")]
pub struct NoEvalTable(pub &'static str);

/// What the front ends may ask of a game beyond playing it. A tool a game lacks is
/// refused with a word, as Hint is, rather than run on some other position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tools {
    /// The game analysis (proved margins, the worst moves, the chart).
    pub analysis: bool,
    /// Move values on the board.
    pub move_values: bool,
    /// Generated puzzles.
    pub puzzles: bool,
    /// The thesis's Table 2.4 measurement.
    pub table24: bool,
    /// The exact solver (`queens solve`).
    pub solver: bool,
    /// An evaluation table read from a file (`--eval`).
    pub eval_file: bool,
    /// Small enough that `queens bestmove` searches to the end of the game when no
    /// `--depth` is given (tic-tac-toe), rather than to the engine's default depth.
    pub search_to_end: bool,
}

impl Tools {
    /// No tool beyond playing, the engines, the Tree Lab, the arena and perft, which
    /// every game has.
    pub const PLAY_ONLY: Tools = Tools {
        analysis: false,
        move_values: false,
        puzzles: false,
        table24: false,
        solver: false,
        eval_file: false,
        search_to_end: false,
    };
}

/// Why a position grew no tree (the game's position itself was fine).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TreeError {
    /// Depth 0: a tree of the root alone shows no search.
    #[error("the depth is at least 1 ply")]
    NoDepth,
    /// More leaves at `depth` than the lab draws; `fits` is the deepest that fits.
    #[error("at depth {depth} the tree has more than {MAX_GAME_TREE_LEAVES} leaves")]
    TooLarge {
        /// The depth asked for.
        depth: u32,
        /// The deepest depth whose tree fits (0 when even one ply is too wide).
        fits: u32,
    },
    /// Another limit of a game's tree.
    #[error(transparent)]
    Tree(GameTreeError),
}

/// The tree below `position` to `depth` plies, edges labelled with moves: what every
/// game's [`Rules::tree`] answers. A tree too large is answered by the deepest depth
/// that fits (each try stops at the leaf budget, so the search for it is cheap).
///
/// # Errors
/// [`TreeError::NoDepth`] for depth 0, [`TreeError::TooLarge`], another tree limit.
pub fn tree_below<P>(position: &P, depth: u32) -> Result<Tree, TreeError>
where
    P: GamePosition,
    <P::Search as SearchGame>::Move: fmt::Display,
{
    if depth == 0 {
        return Err(TreeError::NoDepth);
    }
    let mut game = position.search_game();
    match Tree::from_game(&mut game, depth) {
        Ok(tree) => Ok(tree),
        Err(GameTreeError::TooLarge) => {
            let fits = (1..depth)
                .rev()
                .find(|&shallower| Tree::from_game(&mut game, shallower).is_ok())
                .unwrap_or(0);
            Err(TreeError::TooLarge { depth, fits })
        }
        Err(other) => Err(TreeError::Tree(other)),
    }
}

/// How a game ended: by its rules, or by a resignation while the rules had not ended it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// The rules ended it: the winner, or `None` for a draw.
    ByRules(Option<Seat>),
    /// This seat resigned, and so lost.
    Resigned(Seat),
}

impl Ending {
    /// How a game whose rules say `result` ended, `resigned` the seat that resigned if
    /// one did; `None` while it goes on. A finished game is decided by its rules: there
    /// is nothing left to resign then, so a resignation beside it is ignored. The one
    /// place the program reads a winner off a resignation.
    pub fn of(result: Option<Option<Seat>>, resigned: Option<Seat>) -> Option<Ending> {
        match result {
            Some(winner) => Some(Ending::ByRules(winner)),
            None => resigned.map(Ending::Resigned),
        }
    }

    /// The winner; `None` for a draw.
    pub fn winner(self) -> Option<Seat> {
        match self {
            Ending::ByRules(winner) => winner,
            Ending::Resigned(loser) => Some(1 - loser),
        }
    }

    /// The seat that resigned, for a game ended by resignation.
    pub fn resigned(self) -> Option<Seat> {
        match self {
            Ending::ByRules(_) => None,
            Ending::Resigned(loser) => Some(loser),
        }
    }
}

/// Who may resign now: the human against the computer, the side to move between two
/// people; nobody between two computers or once the game is over. `humans[seat]` says
/// whether that seat is a person.
pub fn resigning_seat(humans: [bool; 2], to_move: Seat, over: bool) -> Option<Seat> {
    if over {
        return None;
    }
    match humans {
        [true, false] => Some(0),
        [false, true] => Some(1),
        [true, true] => Some(to_move),
        [false, false] => None,
    }
}

/// Any game, as a front end holds it without knowing which: moves are written in the
/// game's notation. Every [`Rules`] type is one.
pub trait AnyGame: fmt::Display + fmt::Debug + Send + Sync {
    /// The game's tag ([`Rules::TAG`]).
    fn tag(&self) -> &'static str;
    /// What the front ends may ask of it ([`Rules::TOOLS`]).
    fn tools(&self) -> Tools;
    /// The legal moves in notation; empty once over.
    fn legal_moves(&self) -> Vec<String>;
    /// Reads and plays a move.
    ///
    /// # Errors
    /// Text that is not a move, or a move the rules refuse here.
    fn play_text(&mut self, text: &str) -> Result<(), Refused>;
    /// Takes back the last move, answering it in notation.
    fn undo(&mut self) -> Option<String>;
    /// The moves played since the setup, in notation.
    fn moves(&self) -> Vec<String>;
    /// The seat to move.
    fn seat_to_move(&self) -> Seat;
    /// The result by the rules once over.
    fn result(&self) -> Option<Option<Seat>>;
    /// The game string: `game=tictactoe moves=b2,a1` (queens without `game=`:
    /// `size=8 stones=b2,d5 moves=c3,f6`).
    fn game_string(&self) -> String;
    /// The number of move sequences of `depth` plies from here (see [`perft`]); `None`
    /// when `stop` asked to stop first.
    fn perft(&mut self, depth: u32, stop: &dyn Fn() -> bool) -> Option<u64>;
    /// [`AnyGame::perft`] one ply down, per legal move (in notation).
    fn divide(&mut self, depth: u32, stop: &dyn Fn() -> bool) -> Option<Vec<(String, u64)>>;
    /// The Tree Lab's tree to `depth` plies.
    ///
    /// # Errors
    /// As [`Rules::tree`].
    fn tree(&self, depth: u32) -> Result<Tree, TreeError>;
    /// A copy behind a new box.
    fn clone_box(&self) -> Box<dyn AnyGame>;
    /// The engine's move here: the engine `config` names (registry row, depth, time,
    /// threads, table) searches, reporting progress to `handler` and stopping when it
    /// says so (a [`crate::ai::SharedProgress<String>`] gives a window the stop flag,
    /// the live node count and the last finished depth). The answer's moves are in
    /// notation, ready for [`AnyGame::play_text`]; `depth`, `value`, `stats.nodes`,
    /// `pv`, `exact` and `interrupted` are the engine's. See [`super::think`].
    ///
    /// # Errors
    /// [`ThinkError`]: an engine this game has not, a table that does not fit.
    fn think(
        &self,
        config: &EngineConfig,
        handler: &dyn SearchHandler<String>,
    ) -> Result<SearchOutcome<String>, ThinkError>;
    /// The board as drawn ([`Rules::grid`]); `None` for a game without a grid.
    fn grid(&self) -> Option<GridView>;
    /// How the notation writes the seats ([`Rules::SIDES`]).
    fn sides(&self) -> [&'static str; 2];
    /// The most plies the game can last from here: a search this deep is exact.
    fn plies_left(&self) -> u32;
    /// Searches with the evaluation table `text` from now on ([`Rules::set_eval`]).
    ///
    /// # Errors
    /// As [`Rules::set_eval`].
    fn set_eval(&mut self, text: &str) -> Result<(), Refused>;
    /// The game's words in `tongue` ([`Rules::words`]).
    fn words(&self, tongue: Tongue) -> GameWords;
    /// Each seat's score ([`Rules::score`]).
    fn score(&self) -> [u32; 2];
    /// What a search value proves ([`Rules::decided`]).
    fn decided(&self, value: i32) -> Option<Decided>;
    /// The position a save record keeps ([`Rules::record_game`]).
    fn record_game(&self) -> String;
    /// [`Rules::solve_exact`].
    ///
    /// # Errors
    /// [`NoExactSolver`] for a game without an exact solver.
    fn solve_exact(&self, stop: &(dyn Fn() -> bool + Sync))
    -> Result<Option<Exact>, NoExactSolver>;
}

impl Clone for Box<dyn AnyGame> {
    fn clone(&self) -> Box<dyn AnyGame> {
        self.clone_box()
    }
}

impl<G> AnyGame for G
where
    G: Rules + GamePosition,
    <G as GamePosition>::Move: fmt::Display,
{
    fn tag(&self) -> &'static str {
        G::TAG
    }

    fn tools(&self) -> Tools {
        G::TOOLS
    }

    fn legal_moves(&self) -> Vec<String> {
        Rules::legal_moves(self)
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    fn play_text(&mut self, text: &str) -> Result<(), Refused> {
        let mv = self.parse_move(text)?;
        Rules::play(self, mv)
    }

    fn undo(&mut self) -> Option<String> {
        Rules::undo(self).map(|mv| mv.to_string())
    }

    fn moves(&self) -> Vec<String> {
        self.moves_played()
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    fn seat_to_move(&self) -> Seat {
        Rules::seat_to_move(self)
    }

    fn result(&self) -> Option<Option<Seat>> {
        Rules::result(self)
    }

    fn game_string(&self) -> String {
        write(self)
    }

    fn perft(&mut self, depth: u32, stop: &dyn Fn() -> bool) -> Option<u64> {
        perft(self, depth, stop)
    }

    fn divide(&mut self, depth: u32, stop: &dyn Fn() -> bool) -> Option<Vec<(String, u64)>> {
        let mut counts = Vec::new();
        for mv in Rules::legal_moves(self) {
            Rules::play(self, mv).ok()?;
            let count = perft(self, depth.saturating_sub(1), stop);
            Rules::undo(self);
            counts.push((mv.to_string(), count?));
        }
        Some(counts)
    }

    fn tree(&self, depth: u32) -> Result<Tree, TreeError> {
        Rules::tree(self, depth)
    }

    fn clone_box(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }

    fn think(
        &self,
        config: &EngineConfig,
        handler: &dyn SearchHandler<String>,
    ) -> Result<SearchOutcome<String>, ThinkError> {
        think(self, config, handler)
    }

    fn grid(&self) -> Option<GridView> {
        Rules::grid(self)
    }

    fn sides(&self) -> [&'static str; 2] {
        G::SIDES
    }

    fn plies_left(&self) -> u32 {
        self.search_game().plies_left_bound()
    }

    fn set_eval(&mut self, text: &str) -> Result<(), Refused> {
        Rules::set_eval(self, text)
    }

    fn words(&self, tongue: Tongue) -> GameWords {
        G::words(tongue)
    }

    fn score(&self) -> [u32; 2] {
        Rules::score(self)
    }

    fn decided(&self, value: i32) -> Option<Decided> {
        G::decided(value)
    }

    fn record_game(&self) -> String {
        Rules::record_game(self)
    }

    fn solve_exact(
        &self,
        stop: &(dyn Fn() -> bool + Sync),
    ) -> Result<Option<Exact>, NoExactSolver> {
        Rules::solve_exact(self, stop)
    }
}

/// The engine `config` names, searching `game` within `config`'s depth (at least 1) and
/// time, reporting to `handler` and stopping when it says so. The game's
/// [`Rules::engine`] builds the engine, so a game with engines of its own (queens) gets
/// them and every other game the thesis's.
///
/// # Errors
/// [`ThinkError`]: an engine this game has not, a table that does not fit.
pub fn think<G>(
    game: &G,
    config: &EngineConfig,
    handler: &dyn SearchHandler<String>,
) -> Result<SearchOutcome<String>, ThinkError>
where
    G: Rules + GamePosition,
    <G as GamePosition>::Move: fmt::Display,
{
    let mut engine = G::engine(config)?;
    engine.prepare(game)?;
    let outcome = engine.think(game, config.limits(), &Notation(handler));
    Ok(outcome.map_moves(|mv| mv.to_string()))
}

/// The number of move sequences of `depth` plies from `game`: every legal move (a forced
/// pass included) starts its own sequences; a finished game ends a sequence early and
/// counts once at its end, nothing below it. Depth 0 is 1. `None` when `stop` said so
/// (asked every 4096 positions).
pub fn perft<G: Rules>(game: &mut G, depth: u32, stop: &dyn Fn() -> bool) -> Option<u64> {
    let mut visited = 0u64;
    perft_walk(game, depth, stop, &mut visited)
}

fn perft_walk<G: Rules>(
    game: &mut G,
    depth: u32,
    stop: &dyn Fn() -> bool,
    visited: &mut u64,
) -> Option<u64> {
    *visited += 1;
    if visited.is_multiple_of(4096) && stop() {
        return None;
    }
    if depth == 0 {
        return Some(1);
    }
    let moves = game.legal_moves();
    if moves.is_empty() {
        return Some(1);
    }
    let mut total = 0u64;
    for mv in moves {
        game.play(mv).ok()?;
        let below = perft_walk(game, depth - 1, stop, visited);
        game.undo();
        total += below?;
    }
    Some(total)
}

/// The game string of `game`: `game=TAG`, its setup keys, `moves=` when any were played
/// (queens leaves out `game=`, as its strings always have).
pub fn write<G: Rules>(game: &G) -> String {
    let mut words = Vec::new();
    if G::TAG != DEFAULT_TAG {
        words.push(format!("game={}", G::TAG));
    }
    let setup = game.setup_keys();
    if !setup.is_empty() {
        words.push(setup);
    }
    let moves = game.moves_played();
    if !moves.is_empty() {
        let list: Vec<String> = moves.iter().map(ToString::to_string).collect();
        words.push(format!("moves={}", list.join(",")));
    }
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_resignation_loses_unless_the_rules_ended_the_game_first() {
        assert_eq!(Ending::of(None, None), None);
        assert_eq!(Ending::of(None, Some(1)).and_then(Ending::winner), Some(0));
        assert_eq!(Ending::of(None, Some(0)).and_then(Ending::winner), Some(1));
        assert_eq!(
            Ending::of(Some(Some(0)), Some(0)),
            Some(Ending::ByRules(Some(0)))
        );
        assert_eq!(
            Ending::of(Some(None), Some(1)).and_then(Ending::winner),
            None
        );
        assert_eq!(Ending::Resigned(1).resigned(), Some(1));
        assert_eq!(Ending::ByRules(None).resigned(), None);
    }

    /// Searches the game string `text`'s position to `depth` with alpha-beta, then
    /// checks what its value proves against the game its best line plays out.
    fn decided_after(text: &str, depth: u32) -> Decided {
        let game = crate::games::game_string::read(text).unwrap_or_else(|e| panic!("{e}"));
        let searcher = game.seat_to_move();
        let config = EngineConfig::new(crate::ai::EngineKind::ALPHABETA, depth);
        let outcome = game
            .think(&config, &crate::ai::NoHandler)
            .unwrap_or_else(|e| panic!("{e}"));
        let decided = game
            .decided(outcome.value.0)
            .unwrap_or_else(|| panic!("{text}: {} is no proof", outcome.value.0));
        let mut line = game.clone();
        for mv in &outcome.pv {
            line.play_text(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
        }
        assert_eq!(line.moves().len() as u32, decided.ends_at_ply, "{line}");
        let winner = if decided.searcher_wins {
            searcher
        } else {
            1 - searcher
        };
        assert_eq!(line.result(), Some(Some(winner)), "{line}");
        decided
    }

    #[test]
    fn a_won_or_lost_value_names_the_winner_and_the_ply_and_an_estimate_is_none() {
        use crate::games::dodgem::{Dodgem, WIN};
        use crate::games::tictactoe::TicTacToe;
        // X completes the bottom row with its fifth ply.
        let x_wins = decided_after("game=tictactoe moves=a1,a2,b1,b2", 1);
        assert_eq!(
            x_wins,
            Decided {
                searcher_wins: true,
                ends_at_ply: 5
            }
        );
        // O to move cannot stop both of X's lines (a2 and b2): O loses at ply 7.
        let o_loses = decided_after("game=tictactoe moves=a1,c3,c1,b1,a3", 2);
        assert_eq!(
            o_loses,
            Decided {
                searcher_wins: false,
                ends_at_ply: 7
            }
        );
        // Dodgem: black, eight plies in, drives both cars off within four more plies.
        let black = decided_after(
            "game=dodgem moves=a3-b3,b1-b2,b3-c3,c1-c2,a2-a1,b2-b3,a1-b1,b3-a3",
            9,
        );
        assert!(black.searcher_wins);
        // Values of positions still open are estimates; queens proves nothing this way.
        assert_eq!(<TicTacToe as Rules>::decided(-4), None);
        assert_eq!(<TicTacToe as Rules>::decided(0), None);
        assert_eq!(<Dodgem as Rules>::decided(85), None);
        assert_eq!(<Dodgem as Rules>::decided(-9_000), None);
        assert_eq!(
            <Dodgem as Rules>::decided(-(WIN - 19)),
            Some(Decided {
                searcher_wins: false,
                ends_at_ply: 19
            })
        );
        assert_eq!(<crate::board::Board as Rules>::decided(1_000_000), None);
    }

    #[test]
    fn the_human_resigns_against_the_computer_and_the_mover_between_people() {
        assert_eq!(resigning_seat([true, false], 1, false), Some(0));
        assert_eq!(resigning_seat([false, true], 0, false), Some(1));
        assert_eq!(resigning_seat([true, true], 1, false), Some(1));
        assert_eq!(resigning_seat([false, false], 0, false), None);
        assert_eq!(resigning_seat([true, true], 0, true), None);
    }
}
