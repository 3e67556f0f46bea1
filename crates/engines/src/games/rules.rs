//! A game's rules, once: the [`Rules`] trait every game implements, what the front ends
//! may ask of a game ([`Tools`]), and the game string a game writes ([`write()`]). The
//! seam module puts this beside `AnyGame`, the type-free view the front ends
//! hold; read its module doc first.
//!
//! Seats are numbered as the saves number players: seat 0 (P1) moves first, seat 1 (P2)
//! second.

use super::exact::{Decided, Exact, NoExactSolver};
use super::grid::{GridView, Square};
use super::move_values::{MoveValue, MoveValues, ProvedLine, ValueKind, ValuesAsk};
use super::puzzle_finder::{PuzzleAsk, PuzzleFinder};
use super::setup::{DEFAULT_TAG, GameStringError, Reason, Refused, Setup};
use super::solution::{
    MoveSolution, PositionValue, Prover, ProverAsk, Solution, SolveAsk, SolveError, SolveWatch,
    sort_best_first,
};
use super::tree::{TreeError, tree_below};
use super::words::{GameWords, Tongue};
use crate::ai::tree::Tree;
use crate::ai::{Engine, EngineConfig, GamePosition, MoveList, NotForThisGame, SearchGame};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;
use web_time::Instant;

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

    /// The position the Tree Lab starts from, in the game's notation, when the game's
    /// start is too big to grow two plies of (queens' 8x8 board: `size=4`); `None`
    /// starts it from the start.
    const LAB_START: Option<&'static str> = None;

    /// The position a game string's setup keys describe, before any move (`size=8
    /// stones=b2` for queens; no keys for tic-tac-toe). Unknown keys are refused. A game
    /// with one start and no keys answers `start_without_keys`.
    ///
    /// # Errors
    /// A key this game does not know, or a value its rules refuse.
    fn setup(keys: &Setup) -> Result<Self, GameStringError>;

    /// The setup keys of this game's start, as [`Rules::setup`] reads them (`size=8`),
    /// written without the moves; by default none, for a game with one start.
    fn setup_keys(&self) -> String {
        String::new()
    }

    /// A position in the game's own notation (the `--position` of the command line);
    /// `parse_notation` serves a game whose position type reads it (`FromStr`).
    ///
    /// # Errors
    /// The game's reason the text is not a position.
    fn from_notation(text: &str) -> Result<Self, Refused>;

    /// The legal moves, in the order the engines try them; empty exactly when the game
    /// is over. A pass the rules force is the one move then. `ordered_moves` serves a
    /// game that is its own search state.
    fn legal_moves(&self) -> Vec<Self::Move>;

    /// Plays `mv` for the side to move, checked by the rules.
    ///
    /// # Errors
    /// The game's reason (its own error in [`Refused::worded`], which tells it in the
    /// front end's language); nothing changes then.
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
    /// `queens tree`: by default `tree_below`, the engines' own moves from here.
    ///
    /// # Errors
    /// [`TreeError`] for depth 0 or a tree too large to draw.
    fn tree(&self, depth: u32) -> Result<Tree, TreeError>
    where
        Self: GamePosition,
        <Self as GamePosition>::Move: fmt::Display,
    {
        tree_below(self, depth)
    }

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

    /// Whether [`Rules::engine`] builds `engine` for this game, asked without building
    /// it (a strong engine's table is hundreds of MiB): by default the thesis's
    /// engines; a game with engines of its own says so with its `engine`.
    fn plays(engine: crate::ai::EngineKind) -> bool {
        engine.entry().thesis.is_some()
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
    /// game rather than an estimate (see `Decided`); `None` by default.
    fn decided(value: i32) -> Option<Decided> {
        let _ = value;
        None
    }

    /// The final score margin (the searcher's pieces less the other's) a search value
    /// proves, for a game whose engines score a finished game by its margin but whose
    /// value tells no ply (Othello's `WIN + disc margin`); `None` for an estimate and by
    /// default. A front end then says "wins by 34 discs", never the raw value.
    fn proven_margin(value: i32) -> Option<i32> {
        let _ = value;
        None
    }

    /// How the command line tells that move `number` (1-based, counted from the
    /// position given) was refused: by default `move N: why`; a game whose refusals
    /// name their move already (queens': `move 2 (c3) is illegal: ...`) overrides it to
    /// say them as they are.
    fn refused_move(number: usize, why: &Refused) -> String {
        format!("move {number}: {why}")
    }

    /// What a save record keeps as the game's position (its `game` field): by default
    /// the game string ([`write()`]).
    fn record_game(&self) -> String {
        write(self)
    }

    /// The exact result of this position with best play (`queens solve --kind`), asking
    /// `stop` as it goes: `Ok(None)` once `stop` says so, nothing proved. By default a
    /// game has none; a game that has one sets [`Tools::solver`] too. A game whose
    /// result is a margin of its score (queens) says so in [`Exact::margin`].
    ///
    /// # Errors
    /// `NoExactSolver` for a game without an exact solver.
    fn solve_exact(
        &self,
        stop: &(dyn Fn() -> bool + Sync),
    ) -> Result<Option<Exact>, NoExactSolver> {
        let _ = stop;
        Err(NoExactSolver(Self::TAG))
    }

    /// The solve of this position within `ask`'s limits (`queens solve`), proved or
    /// bounded, with every move's when asked, telling `watch` how far it got and asking
    /// `stop` as it goes. By default `solve_by_exact` (the game's
    /// [`Rules::solve_exact`], one position at a time); a game whose solver proves
    /// bounds and keeps a table between positions gives its own (queens).
    ///
    /// # Errors
    /// [`SolveError::NoSolver`] for a game without an exact solver;
    /// [`SolveError::Memory`] for a table that does not fit in memory.
    fn solve_within(
        &self,
        ask: &SolveAsk,
        stop: &(dyn Fn() -> bool + Sync),
        watch: &SolveWatch,
    ) -> Result<Solution, SolveError> {
        solve_by_exact(self, ask, stop, watch)
    }

    /// What values this game's positions one at a time for the move-by-move analysis
    /// (`analysis::analyse`). By default each position by [`Rules::solve_exact`]
    /// within its time (proved, or the widest bounds); a game whose solver proves bounds
    /// and keeps a table between positions gives its own (queens).
    ///
    /// # Errors
    /// [`SolveError::NoSolver`] for a game without an exact solver;
    /// [`SolveError::Memory`] for a table that does not fit in memory.
    fn prover(&self, ask: &ProverAsk) -> Result<Box<dyn Prover>, SolveError> {
        let _ = ask;
        if !Self::TOOLS.solver {
            return Err(NoExactSolver(Self::TAG).into());
        }
        Ok(Box::new(ExactProver { game: self.clone() }))
    }

    /// The values of every legal move of this position (the window's move values),
    /// telling `on_update` each better answer and asking `stop` as it goes; `Ok(None)`
    /// on a finished game or when stopped first. By default every move solved exactly
    /// by [`Rules::solve_exact`] and told once (`values_by_exact`); a game whose
    /// boards can be too big to prove gives its own, estimates and bounds first
    /// (queens), within `ask`'s time.
    ///
    /// # Errors
    /// [`SolveError`]: the game has no exact solver, or its table does not fit.
    fn value_moves(
        &self,
        ask: &ValuesAsk,
        stop: &(dyn Fn() -> bool + Sync),
        on_update: &mut dyn FnMut(&MoveValues),
    ) -> Result<Option<MoveValues>, SolveError> {
        let _ = ask;
        Ok(values_by_exact(self, stop, on_update)?)
    }

    /// What finds this game's puzzles for the one puzzle generator
    /// (`analysis::generate_puzzles`) when the generic way (random games from this
    /// position, each position proved move by move by [`Rules::solve_exact`]) does not
    /// fit it: a game whose starts are drawn or whose solver proves its own way (queens)
    /// gives its own `PuzzleFinder`. `None` by default: the generic one.
    fn puzzle_finder(&self, ask: &PuzzleAsk) -> Option<Box<dyn PuzzleFinder>> {
        let _ = ask;
        None
    }
}

/// The exact value of a move: `after` is the position after it solved (from that
/// position's side to move's view), `margin` what it proves from the first player's
/// view, `ends_at_ply` when the game is won with best play, if it tells.
fn exact_move_value(mv: String, after: Exact, margin: i32, ends_at_ply: Option<u32>) -> MoveValue {
    MoveValue {
        mv,
        margin,
        kind: ValueKind::Exact,
        line: after.pv,
        ends_at_ply,
    }
}

/// Every legal move of `game`'s position solved with `solve` (the position after the
/// move, from its side to move's view), one after the other, then told once: the
/// default of `Rules::value_moves`. `Ok(None)` on a finished game or once `stop` says
/// so.
///
/// # Errors
/// [`NoExactSolver`] for a game without one.
pub(crate) fn values_by_exact<R: Rules>(
    game: &R,
    stop: &(dyn Fn() -> bool + Sync),
    on_update: &mut dyn FnMut(&MoveValues),
) -> Result<Option<MoveValues>, NoExactSolver> {
    let mover = game.seat_to_move();
    let mut moves = Vec::new();
    let mut after = game.clone();
    for mv in game.legal_moves() {
        if after.play(mv).is_err() {
            // A legal move the game refuses is a defect of its rules; it is left out
            // rather than valued.
            continue;
        }
        let solved = after.solve_exact(stop);
        after.undo();
        let Some(solved) = solved? else {
            return Ok(None);
        };
        let margin = first_player_margin::<R>(&solved, 1 - mover);
        let ends_at_ply = R::decided(solved.value).map(|decided| decided.ends_at_ply);
        moves.push(exact_move_value(
            mv.to_string(),
            solved,
            margin,
            ends_at_ply,
        ));
    }
    if moves.is_empty() {
        return Ok(None);
    }
    let mut values = MoveValues {
        position: write(game),
        mover,
        moves,
        depth: None,
        proved: None,
    };
    if let Some(best) = values.best() {
        values.proved = Some(ProvedLine {
            margin: best.margin,
            line: std::iter::once(best.mv.clone())
                .chain(best.line.iter().cloned())
                .collect(),
        });
    }
    on_update(&values);
    Ok(Some(values))
}

/// The margin from the first player's view that `exact`, from `mover`'s view, proves: a
/// margin game's own margin, else 1, 0 or -1 by the game's [`Rules::decided`].
pub(crate) fn first_player_margin<R: Rules>(exact: &Exact, mover: Seat) -> i32 {
    let mine = match exact.margin {
        Some(margin) => margin,
        None => match R::decided(exact.value) {
            Some(decided) if decided.searcher_wins => 1,
            Some(_) => -1,
            None => 0,
        },
    };
    if mover == 0 { mine } else { -mine }
}

/// The widest margin bounds of a game with no proof: what a margin game's board can
/// hold at most, else a win either way.
fn unknown_bounds<R: Rules>(game: &R) -> (i32, i32) {
    let cells = game
        .grid()
        .map_or(1, |grid| i32::from(grid.rows) * i32::from(grid.cols));
    (-cells, cells)
}

/// [`Rules::solve_within`]'s default: the position by [`Rules::solve_exact`], then (with
/// `all_moves`) each legal move's position after it, asking `stop` and the deadline as
/// it goes. A solve stopped before the end proves nothing of the position; the moves
/// solved before a stop are kept.
///
/// # Errors
/// [`SolveError::NoSolver`] for a game without an exact solver.
pub(crate) fn solve_by_exact<R: Rules>(
    game: &R,
    ask: &SolveAsk,
    stop: &(dyn Fn() -> bool + Sync),
    watch: &SolveWatch,
) -> Result<Solution, SolveError> {
    use std::sync::atomic::Ordering;
    let stop_or_late = || stop() || ask.deadline.is_some_and(|at| Instant::now() >= at);
    let mover = game.seat_to_move();
    let exact = game.solve_exact(&stop_or_late)?;
    let (mut lower, mut upper) = unknown_bounds(game);
    if let Some(exact) = &exact {
        let margin = first_player_margin::<R>(exact, mover);
        (lower, upper) = (margin, margin);
    }
    let nodes = exact.as_ref().map_or(0, |exact| exact.nodes);
    watch.nodes.store(nodes, Ordering::Relaxed);
    let moves = match ask.all_moves {
        false => None,
        true => {
            let legal = game.legal_moves();
            watch.moves_total.store(legal.len(), Ordering::Relaxed);
            let mut moves = Vec::with_capacity(legal.len());
            let mut after = game.clone();
            for mv in legal {
                // A legal move the rules refuse is a defect of the rules: left unproved
                // rather than valued.
                if after.play(mv).is_err() {
                    continue;
                }
                let next = after.seat_to_move();
                let solved = after.solve_exact(&stop_or_late);
                after.undo();
                let solved = solved?;
                let bounds = match &solved {
                    Some(exact) => {
                        let margin = first_player_margin::<R>(exact, next);
                        (margin, margin)
                    }
                    None => unknown_bounds(game),
                };
                watch.moves_answered.fetch_add(1, Ordering::Relaxed);
                moves.push(MoveSolution {
                    mv: mv.to_string(),
                    after: solved,
                    lower: bounds.0,
                    upper: bounds.1,
                });
            }
            sort_best_first(&mut moves, mover);
            Some(moves)
        }
    };
    Ok(Solution {
        exact,
        lower,
        upper,
        bound_move: None,
        nodes,
        threads: 1,
        hash_mb: 0,
        moves,
    })
}

/// [`Rules::prover`]'s default: each position of `game` solved by [`Rules::solve_exact`]
/// within its time; it keeps nothing between positions.
struct ExactProver<R: Rules> {
    /// The whole game.
    game: R,
}

/// `game` after its first `ply` moves.
fn at_ply<R: Rules>(game: &R, ply: usize) -> R {
    let mut position = game.clone();
    while position.moves_played().len() > ply && position.undo().is_some() {}
    position
}

impl<R: Rules> Prover for ExactProver<R> {
    fn value(
        &mut self,
        ply: usize,
        _next: Option<&mut PositionValue>,
        time: std::time::Duration,
        stop: &(dyn Fn() -> bool + Sync),
    ) -> PositionValue {
        let position = at_ply(&self.game, ply);
        let deadline = Instant::now() + time;
        let stop_or_late = || stop() || Instant::now() >= deadline;
        match position.solve_exact(&stop_or_late) {
            Ok(Some(exact)) => {
                let margin = first_player_margin::<R>(&exact, position.seat_to_move());
                let mut value =
                    PositionValue::proved(margin, exact.best_move.clone(), exact.pv.clone());
                // A game won, drawn or lost tells how quickly too.
                if exact.margin.is_none() {
                    value.exact_value = Some(exact.value);
                    value.ends_at_ply = R::decided(exact.value).map(|d| d.ends_at_ply);
                }
                value
            }
            // Out of time, stopped, or (a defect) no solver: nothing proved.
            _ => PositionValue::estimate(0, unknown_bounds(&position), None, Vec::new(), 0),
        }
    }
}

/// The pieces each seat has on `grid`, seat 0 first.
pub(crate) fn pieces_on(grid: &GridView) -> [u32; 2] {
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

/// An evaluation table given to a game that has none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("{0} has no evaluation table to change")]
pub(crate) struct NoEvalTable(pub &'static str);

/// What the front ends may ask of a game beyond playing it. A tool a game lacks is
/// refused with a word rather than run on some other position. Hint, the Tree Lab,
/// perft and the arena need only the engines, which every game has; the proved tools
/// (move values, the analysis, puzzles) follow from the exact solver
/// ([`Tools::analysis`]), not from flags of their own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tools {
    /// The exact solver (`queens solve`).
    pub solver: bool,
    /// An evaluation table read from a file (`--eval`).
    pub eval_file: bool,
    /// Small enough that `queens bestmove` searches to the end of the game when no
    /// `--depth` is given (tic-tac-toe), rather than to the engine's default depth.
    pub search_to_end: bool,
    /// A board of stones (queens): set up at the command line by `--size` with
    /// `--stones` or `--random-stones` and `--seed`, or by a game string without
    /// `game=`, and with no start of its own there (a position must be given). A game
    /// without it takes `--position` in its notation and otherwise starts from its start.
    pub board_of_stones: bool,
    /// The result is a margin of the score (queens: most cells wins, by how many),
    /// not a win, a draw or a loss that the value tells how quickly; the solver's
    /// answers give it ([`Exact::margin`]).
    pub margin_result: bool,
}

impl Tools {
    /// No tool beyond playing, the engines, the Tree Lab, the arena and perft, which
    /// every game has.
    pub const PLAY_ONLY: Tools = Tools {
        solver: false,
        eval_file: false,
        search_to_end: false,
        board_of_stones: false,
        margin_result: false,
    };

    /// The proved move-by-move analysis with its worst moves: every game with an exact
    /// solver.
    pub const fn analysis(self) -> bool {
        self.solver
    }

    /// Proved move values on the board: every game with an exact solver.
    pub const fn move_values(self) -> bool {
        self.solver
    }

    /// Proved puzzles ("the only move that keeps the result"): every game with an
    /// exact solver.
    pub const fn puzzles(self) -> bool {
        self.solver
    }
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

/// The setup of a game with one start and no setup keys: any key is refused, naming the
/// game, and `start` makes the position. A game's [`Rules::setup`] in one line.
///
/// # Errors
/// [`GameStringError::UnknownKey`] for the first key given.
pub(crate) fn start_without_keys<G: Rules>(
    keys: &Setup,
    start: impl FnOnce() -> G,
) -> Result<G, GameStringError> {
    keys.only(&[], G::TAG)?;
    Ok(start())
}

/// A position read from the game's notation by its `FromStr` (white space around it
/// ignored), the game's own error kept as the refusal: a game's [`Rules::from_notation`]
/// in one line.
///
/// # Errors
/// The game's reason the text is not a position.
pub(crate) fn parse_notation<G>(text: &str) -> Result<G, Refused>
where
    G: FromStr,
    G::Err: Reason,
{
    text.trim().parse().map_err(Refused::worded)
}

/// The legal moves of a game that is its own search state, in the order the engines try
/// them: a game's [`Rules::legal_moves`] in one line.
pub(crate) fn ordered_moves<G: SearchGame>(game: &G) -> Vec<G::Move> {
    let mut list = MoveList::default();
    game.ordered_moves(&mut list);
    list.as_slice().to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::dodgem::Dodgem;
    use crate::games::tictactoe::TicTacToe;

    #[test]
    fn a_game_without_setup_keys_refuses_any_key_by_name_and_starts_otherwise() {
        let keys = Setup::from_pairs(vec![("size", "3")]);
        let refused = start_without_keys(&keys, TicTacToe::new);
        assert!(
            matches!(refused, Err(GameStringError::UnknownKey { ref key, game: "tictactoe" }) if key == "size"),
            "{refused:?}"
        );
        let start =
            start_without_keys(&Setup::default(), Dodgem::new).map(|game| game.setup_keys());
        assert_eq!(start, Ok(String::new()));
    }

    #[test]
    fn the_helpers_read_notation_around_white_space_and_list_the_engines_moves() {
        let game: TicTacToe = parse_notation("  x../.../...  ").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(Rules::legal_moves(&game).len(), 8);
        assert!(parse_notation::<TicTacToe>("not a board").is_err());
    }
}
