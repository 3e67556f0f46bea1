//! The game seam: what every game of the program implements once, and (in its part
//! `ending`) the one place the program decides how a game ended and who may resign.
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
//!
//! The seam's parts, each in its file: `super::rules` (the [`Rules`] trait, [`Tools`],
//! the game string's [`write()`]), `super::exact` (exact answers), `super::tree` (the
//! Tree Lab's tree), `super::ending` (endings and resignation), [`super::think`] and
//! `super::perft` (the walks `AnyGame` runs); this file holds [`AnyGame`], the view a
//! front end holds without naming the game's type, and re-exports the rest so that
//! `games::seam::X` names every part.

pub use super::ending::{Ending, resigning_seat};
pub use super::exact::Exact;
pub(crate) use super::exact::{Decided, NoExactSolver, StopWhen};
use super::grid::GridView;
use super::move_values::{MoveValues, ValuesAsk};
pub use super::perft::perft;
pub(crate) use super::puzzle_finder::PuzzleFinder;
pub use super::puzzle_finder::{PuzzleAsk, PuzzleProof};
pub use super::rules::{Rules, Seat, Tools, write};
pub use super::setup::Refused;
pub use super::solution::{MoveSolution, PositionValue, SolveAsk, SolveError, SolveWatch};
pub(crate) use super::solution::{Prover, ProverAsk, Solution};
pub use super::think::{KeptBox, ThinkError, think, think_kept};
pub use super::tree::TreeError;
use super::words::{GameWords, Tongue};
use crate::ai::tree::Tree;
use crate::ai::{EngineConfig, GamePosition, SearchGame, SearchHandler, SearchOutcome};
use std::fmt;

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
    /// says so (the window's handler gives it the stop flag, the live node count and
    /// the last finished depth). The answer's moves are in
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
    /// [`AnyGame::think`] with an engine kept between searches in `kept` (see
    /// [`think_kept`]): a front end keeps one per computer seat.
    ///
    /// # Errors
    /// As [`AnyGame::think`].
    fn think_kept(
        &self,
        kept: &mut Option<KeptBox>,
        config: &EngineConfig,
        handler: &dyn SearchHandler<String>,
    ) -> Result<SearchOutcome<String>, ThinkError>;
    /// Whether the game has the engine `engine` ([`Rules::plays`]).
    fn plays(&self, engine: crate::ai::EngineKind) -> bool;
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
    /// The final margin a search value proves ([`Rules::proven_margin`]).
    fn proven_margin(&self, value: i32) -> Option<i32>;
    /// The position a save record keeps ([`Rules::record_game`]).
    fn record_game(&self) -> String;
    /// How the command line tells a refused move ([`Rules::refused_move`]).
    fn refused_move(&self, number: usize, why: &Refused) -> String;
    /// [`Rules::solve_exact`].
    ///
    /// # Errors
    /// `NoExactSolver` for a game without an exact solver.
    fn solve_exact(&self, stop: &(dyn Fn() -> bool + Sync))
    -> Result<Option<Exact>, NoExactSolver>;
    /// [`Rules::solve_within`].
    ///
    /// # Errors
    /// As [`Rules::solve_within`].
    fn solve_within(
        &self,
        ask: &SolveAsk,
        stop: &(dyn Fn() -> bool + Sync),
        watch: &SolveWatch,
    ) -> Result<Solution, SolveError>;
    /// [`Rules::prover`].
    ///
    /// # Errors
    /// As [`Rules::prover`].
    fn prover(&self, ask: &ProverAsk) -> Result<Box<dyn Prover>, SolveError>;
    /// [`Rules::value_moves`].
    ///
    /// # Errors
    /// As [`Rules::value_moves`].
    fn value_moves(
        &self,
        ask: &ValuesAsk,
        stop: &(dyn Fn() -> bool + Sync),
        on_update: &mut dyn FnMut(&MoveValues),
    ) -> Result<Option<MoveValues>, SolveError>;
    /// [`Rules::puzzle_finder`].
    fn puzzle_finder(&self, ask: &PuzzleAsk) -> Option<Box<dyn PuzzleFinder>>;
    /// The game itself, for a front end whose painter or tool was written for one
    /// game's type (the queens board's claims and hover preview) and asks for it by
    /// name; a rule is never decided this way.
    fn as_any(&self) -> &dyn std::any::Any;
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

    fn think_kept(
        &self,
        kept: &mut Option<KeptBox>,
        config: &EngineConfig,
        handler: &dyn SearchHandler<String>,
    ) -> Result<SearchOutcome<String>, ThinkError> {
        think_kept(self, kept, config, handler)
    }

    fn plays(&self, engine: crate::ai::EngineKind) -> bool {
        G::plays(engine)
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

    fn proven_margin(&self, value: i32) -> Option<i32> {
        G::proven_margin(value)
    }

    fn record_game(&self) -> String {
        Rules::record_game(self)
    }

    fn refused_move(&self, number: usize, why: &Refused) -> String {
        G::refused_move(number, why)
    }

    fn solve_exact(
        &self,
        stop: &(dyn Fn() -> bool + Sync),
    ) -> Result<Option<Exact>, NoExactSolver> {
        Rules::solve_exact(self, stop)
    }

    fn solve_within(
        &self,
        ask: &SolveAsk,
        stop: &(dyn Fn() -> bool + Sync),
        watch: &SolveWatch,
    ) -> Result<Solution, SolveError> {
        Rules::solve_within(self, ask, stop, watch)
    }

    fn prover(&self, ask: &ProverAsk) -> Result<Box<dyn Prover>, SolveError> {
        Rules::prover(self, ask)
    }

    fn value_moves(
        &self,
        ask: &ValuesAsk,
        stop: &(dyn Fn() -> bool + Sync),
        on_update: &mut dyn FnMut(&MoveValues),
    ) -> Result<Option<MoveValues>, SolveError> {
        Rules::value_moves(self, ask, stop, on_update)
    }

    fn puzzle_finder(&self, ask: &PuzzleAsk) -> Option<Box<dyn PuzzleFinder>> {
        Rules::puzzle_finder(self, ask)
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}
