//! `--kind tictactoe|dodgem`: the lectures' two small games at the command line, through
//! the same engines, JSON reports and tree tracer as the queens game. A position is
//! written in the game's notation (`--position`, docs/rules.md), moves follow it
//! (`--moves`); the queens-only options (`--game`, `--size`, stones, seeds) are refused.

mod othello;

use super::args::{BestMoveArgs, PositionArgs, ReplayArgs, SolveArgs};
use super::bestmove::BestMoveReport;
use super::error::CliError;
use super::interrupt::{Interrupt, StopOnRequest};
use crate::ai::{EngineConfig, GamePosition, Limits, SearchGame};
use crate::games::cells::{CELLS, Cell};
use crate::games::dodgem::{Dodgem, DodgemError, DodgemMove, Outcome, Side};
use crate::games::dodgem_eval::DodgemEval;
use crate::games::dodgem_solve;
use crate::games::play::SmallKind;
use crate::games::tictactoe::{Mark, TicTacToe, TicTacToeError};
use serde::Serialize;
use std::fmt::Display;
use std::path::Path;
use std::time::Instant;

/// What the commands need of a small game beyond the search's [`SearchGame`].
pub(super) trait SmallGame:
    GamePosition<Search = Self> + SearchGame<Move = <Self as GamePosition>::Move> + Display + Clone
where
    <Self as GamePosition>::Move: Display,
{
    /// The game's name, as `--kind` and the games table write it.
    const KIND: &'static str;
    /// The start position.
    fn start() -> Self;
    /// A position in the game's notation.
    fn read(text: &str) -> Result<Self, CliError>;
    /// Plays the move written `text`, if it is legal here.
    fn play_text(&mut self, text: &str) -> Result<(), CliError>;
    /// The side to move (its notation letter); `None` once the game is over.
    fn mover(&self) -> Option<&'static str>;
    /// The result once over: the winner's letter or `draw`.
    fn result(&self) -> Option<&'static str>;
    /// The game's depth to the end: searching this deep is exact.
    fn plies_to_end(&self) -> u32 {
        self.plies_left_bound()
    }
    /// The exact value with best play; `None` when `interrupt` stopped the solve first.
    fn solve(&self, interrupt: &Interrupt) -> Option<SmallSolution>;
    /// The position searched with the evaluation table in the file `path` (`--eval`):
    /// for the games whose row in the games table has the `eval_file` tool.
    fn with_eval_file(self, path: &Path) -> Result<Self, CliError> {
        let _ = path;
        Err(eval_refused())
    }
}

/// The refusal of `--eval` beside a game without an evaluation table: the games that
/// have one are read off the games table.
pub(super) fn eval_refused() -> CliError {
    let with_table: Vec<&str> = crate::games::table::GAMES
        .iter()
        .filter(|entry| entry.tools.eval_file)
        .map(|entry| entry.tag)
        .collect();
    CliError::Usage(format!(
        "--eval is for --kind {}: the other games have no evaluation table to change",
        with_table.join(" or ")
    ))
}

/// The text of the evaluation table in `path` (`--eval`), read as every user-named file
/// is ([`crate::store::read_text`]: a regular file, capped, UTF-8); the game checks it.
pub(super) fn eval_text(path: &Path) -> Result<String, CliError> {
    use crate::store::StoreError;
    let refuse = |why: String| CliError::Usage(format!("--eval {}: {why}", path.display()));
    let text = crate::store::read_text(path).map_err(|err| match err {
        // The store's wording is a save's; this file is a table.
        StoreError::TooLarge { size, limit, .. } => refuse(format!(
            "the file is too large for an evaluation table ({size} bytes, at most {limit})"
        )),
        StoreError::NotAFile { kind, .. } => refuse(format!("is {kind}, not a file")),
        other => other.into(),
    })?;
    Ok(text)
}

impl SmallGame for TicTacToe {
    const KIND: &'static str = crate::games::tictactoe::KIND;

    fn start() -> TicTacToe {
        TicTacToe::new()
    }

    fn read(text: &str) -> Result<TicTacToe, CliError> {
        Ok(text.parse::<TicTacToe>()?)
    }

    fn play_text(&mut self, text: &str) -> Result<(), CliError> {
        let cell =
            Cell::parse(text).ok_or_else(|| TicTacToeError::NotACell(clip(text).to_string()))?;
        Ok(self.play(cell)?)
    }

    fn mover(&self) -> Option<&'static str> {
        (!self.is_over()).then(|| mark_name(self.to_move()))
    }

    fn result(&self) -> Option<&'static str> {
        self.is_over()
            .then(|| self.winner().map_or("draw", mark_name))
    }

    /// Alpha-beta to the end of the game: the value from the side to move's view is
    /// `WIN + empty cells at the end` for a win, so the plies to the end are known too.
    fn solve(&self, interrupt: &Interrupt) -> Option<SmallSolution> {
        let depth = self.plies_to_end();
        let mut outcome = crate::ai::run_search(
            &mut self.clone(),
            crate::ai::Method::AlphaBeta,
            Limits::depth(depth.max(1)),
            &StopOnRequest(interrupt),
            &mut crate::ai::Silent,
        );
        if outcome.interrupted {
            return None;
        }
        if self.is_over() {
            outcome.pv.clear();
        }
        Some(SmallSolution::from_value(
            SmallKind::TicTacToe,
            outcome.value.0,
            CELLS as u32 - self.plies_to_end(),
            [mark_name(self.to_move()), mark_name(self.to_move().other())],
            outcome.best_move.map(|cell| cell.to_string()),
            outcome.pv.iter().map(Cell::to_string).collect(),
            outcome.stats.nodes,
        ))
    }
}

impl SmallGame for Dodgem {
    const KIND: &'static str = crate::games::dodgem::KIND;

    fn start() -> Dodgem {
        Dodgem::new()
    }

    fn read(text: &str) -> Result<Dodgem, CliError> {
        Ok(text.parse::<Dodgem>()?)
    }

    fn play_text(&mut self, text: &str) -> Result<(), CliError> {
        let mv: DodgemMove = text
            .parse()
            .map_err(|_| DodgemError::BadMove(clip(text).to_string()))?;
        Ok(self.play(mv)?)
    }

    fn mover(&self) -> Option<&'static str> {
        self.outcome().is_none().then(|| side_name(self.to_move()))
    }

    fn result(&self) -> Option<&'static str> {
        self.outcome().map(outcome_name)
    }

    fn with_eval_file(self, path: &Path) -> Result<Dodgem, CliError> {
        let table = DodgemEval::from_ron(&eval_text(path)?)
            .map_err(|err| CliError::Usage(format!("--eval {}: {err}", path.display())))?;
        Ok(Dodgem::with_eval(self, table))
    }

    /// The retrograde-free exact negamax of [`dodgem_solve`], under the draw limit.
    fn solve(&self, interrupt: &Interrupt) -> Option<SmallSolution> {
        let stop = || interrupt.requested();
        let solved = dodgem_solve::solve_until(self, &stop)?;
        let mut line = self.clone();
        let mut pv = Vec::new();
        // The best line, replayed move by move from each position's own solution.
        while let Some(mv) = dodgem_solve::solve_until(&line, &stop)?.best_move {
            pv.push(mv.to_string());
            if line.play(mv).is_err() {
                break;
            }
        }
        Some(SmallSolution::from_value(
            SmallKind::Dodgem,
            solved.value,
            self.ply(),
            [side_name(self.to_move()), side_name(self.to_move().other())],
            solved.best_move.map(|mv| mv.to_string()),
            pv,
            solved.positions as u64,
        ))
    }
}

fn mark_name(mark: Mark) -> &'static str {
    match mark {
        Mark::X => "x",
        Mark::O => "o",
    }
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::Black => "b",
        Side::White => "w",
    }
}

fn outcome_name(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Won(side) => side_name(side),
        Outcome::Draw => "draw",
    }
}

/// At most 40 characters of a user's text, for a message.
fn clip(text: &str) -> String {
    crate::board::clip_token(text)
}

/// The answer of `queens solve --kind tictactoe|dodgem`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SmallSolution {
    /// Who wins with best play (`x`/`o`, `b`/`w`), or `draw`; `null` when stopped.
    pub outcome: Option<&'static str>,
    /// The value from the side to move's view, as the engines score a finished game:
    /// tic-tac-toe ±(100 + empty cells left), Dodgem ±(100000 - plies played), 0 a draw;
    /// `null` when stopped.
    pub value: Option<i32>,
    /// Plies to the end with best play (the winner as quick, the loser as slow as it
    /// can); `null` for a draw.
    pub plies: Option<u32>,
    /// A best move; `null` on a finished game.
    #[serde(rename = "move")]
    pub best_move: Option<String>,
    /// Best moves to the end of the game.
    pub pv: Vec<String>,
    /// Positions searched (Dodgem: distinct positions solved).
    pub nodes: u64,
    /// Whether the solve finished (false after a stop request: everything above is then
    /// `null` or empty, and the exit code is 3).
    pub solved: bool,
}

impl SmallSolution {
    /// The answer from the exact `value` (from the side to move's view, as the engines
    /// score a finished game) of a position `ply` plies into a game of `kind`, whose
    /// side to move and other side are written `sides`. The one place an outcome is
    /// read off a value ([`SmallKind::decided`]), so a win on the last cell, worth
    /// exactly the win score, is a win and not a draw.
    fn from_value(
        kind: SmallKind,
        value: i32,
        ply: u32,
        sides: [&'static str; 2],
        best_move: Option<String>,
        pv: Vec<String>,
        nodes: u64,
    ) -> SmallSolution {
        let decided = kind.decided(value);
        SmallSolution {
            outcome: Some(match decided {
                Some(d) if d.searcher_wins => sides[0],
                Some(_) => sides[1],
                None => "draw",
            }),
            value: Some(value),
            plies: decided.map(|d| d.ends_at_ply.saturating_sub(ply)),
            best_move,
            pv,
            nodes,
            solved: true,
        }
    }

    /// The answer of a solve stopped before it finished: nothing is proved.
    fn stopped() -> SmallSolution {
        SmallSolution {
            outcome: None,
            value: None,
            plies: None,
            best_move: None,
            pv: Vec::new(),
            nodes: 0,
            solved: false,
        }
    }
}

/// Every small-game answer: the game's name, then the command's own fields.
#[derive(Clone, Debug, Serialize)]
pub struct KindReport<T: Serialize> {
    /// `tictactoe` or `dodgem`.
    pub kind: &'static str,
    /// The position searched or reached, in the game's notation.
    pub position: String,
    /// The command's answer.
    #[serde(flatten)]
    pub report: T,
}

/// The answer of `queens replay --kind tictactoe|dodgem`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SmallReplay {
    /// Whether every move was legal.
    pub legal: bool,
    /// The first illegal move, its number and why; `null` when all were legal.
    pub error: Option<String>,
    /// The side to move (`x`/`o`, `b`/`w`); `null` once the game is over.
    pub to_move: Option<&'static str>,
    /// Whether the game is over.
    pub over: bool,
    /// The winner's letter or `draw`; `null` while the game goes on.
    pub winner: Option<&'static str>,
    /// The moves played from the position given, in the game's notation.
    pub moves: Vec<String>,
}

/// Refuses the queens-only options for a small game.
fn small_position_only(args: &PositionArgs) -> Result<(), CliError> {
    let queens_only = [
        ("--game", args.game.is_some()),
        ("--size", args.size.is_some()),
        ("--stones", args.stones.is_some()),
        ("--random-stones", args.random_stones.is_some()),
        ("--seed", args.seed.is_some()),
    ];
    match queens_only.iter().find(|(_, given)| *given) {
        Some((option, _)) => Err(CliError::Usage(format!(
            "{option} is for queens; a {} position is given with --position (and --moves)",
            args.kind.name()
        ))),
        None => Ok(()),
    }
}

/// The moves of `--moves`, split at commas (spaces around them allowed); an empty
/// entry (`b2,,a1`, a trailing comma) is refused as the queens game refuses it.
pub(super) fn move_texts(moves: Option<&str>) -> Result<Vec<&str>, CliError> {
    let Some(text) = moves.map(str::trim).filter(|text| !text.is_empty()) else {
        return Ok(Vec::new());
    };
    text.split(',')
        .map(str::trim)
        .map(|mv| {
            if mv.is_empty() {
                Err(CliError::Usage(
                    crate::board::ParseError::EmptyEntry { list: "moves" }.to_string(),
                ))
            } else {
                Ok(mv)
            }
        })
        .collect()
}

/// The position `--position` names (or the start) and the first illegal move of
/// `--moves`, if any, with the moves played before it.
fn reach<G: SmallGame>(
    position: Option<&str>,
    moves: Option<&str>,
) -> Result<(G, Vec<String>, Option<String>), CliError>
where
    <G as GamePosition>::Move: Display,
{
    let mut game = match position {
        Some(text) => G::read(text)?,
        None => G::start(),
    };
    let mut played = Vec::new();
    for (number, text) in move_texts(moves)?.into_iter().enumerate() {
        if let Err(err) = game.play_text(text) {
            return Ok((game, played, Some(format!("move {}: {err}", number + 1))));
        }
        played.push(text.to_string());
    }
    Ok((game, played, None))
}

/// The position after every move, refusing an illegal one.
pub(super) fn position_of<G: SmallGame>(
    position: Option<&str>,
    moves: Option<&str>,
) -> Result<G, CliError>
where
    <G as GamePosition>::Move: Display,
{
    match reach::<G>(position, moves)? {
        (game, _, None) => Ok(game),
        (_, _, Some(error)) => Err(CliError::Usage(error)),
    }
}

/// `queens replay --kind K`.
pub(super) fn replay<G: SmallGame>(args: &ReplayArgs) -> Result<KindReport<SmallReplay>, CliError>
where
    <G as GamePosition>::Move: Display,
{
    let position = &args.position;
    small_position_only(position)?;
    let (game, moves, error) = reach::<G>(position.position.as_deref(), position.moves.as_deref())?;
    Ok(KindReport {
        kind: G::KIND,
        position: game.to_string(),
        report: SmallReplay {
            legal: error.is_none(),
            error,
            to_move: game.mover(),
            over: game.result().is_some(),
            winner: game.result(),
            moves,
        },
    })
}

/// `queens bestmove --kind K`: minimax or alpha-beta, to `--depth` (by default to the
/// end of a tic-tac-toe game, the engine's default depth in Dodgem) or `--time-ms`.
pub(super) fn best_move<G: SmallGame + 'static>(
    args: &BestMoveArgs,
    interrupt: &Interrupt,
) -> Result<KindReport<BestMoveReport>, CliError>
where
    <G as GamePosition>::Move: Display,
{
    let start = Instant::now();
    small_position_only(&args.position)?;
    let mut game: G = position_of(
        args.position.position.as_deref(),
        args.position.moves.as_deref(),
    )?;
    if let Some(path) = &args.eval {
        game = game.with_eval_file(path)?;
    }
    // Tic-tac-toe is searched to its end by default: it is that small.
    let default_depth = if G::KIND == crate::games::tictactoe::KIND {
        game.plies_to_end().max(1)
    } else {
        args.algo.entry().default_depth
    };
    let limits = Limits {
        depth: args.depth.unwrap_or(if args.time_ms.is_some() {
            game.plies_to_end().max(1)
        } else {
            default_depth
        }),
        time: args.time_ms.map(std::time::Duration::from_millis),
    };
    let mut engine = EngineConfig::new(args.algo, limits.depth)
        .build_for::<G>()
        .map_err(|err| CliError::Usage(format!("{err}; {} takes minimax or alphabeta", G::KIND)))?;
    let mut outcome = engine.think(&game, limits, &StopOnRequest(interrupt));
    outcome.elapsed = start.elapsed();
    Ok(KindReport {
        kind: G::KIND,
        position: game.to_string(),
        report: BestMoveReport::new(&outcome, engine.name()),
    })
}

/// What `queens solve --kind tictactoe` answers for `game` (nothing stops it).
pub fn tictactoe_solution(game: &TicTacToe) -> SmallSolution {
    game.solve(&Interrupt::new())
        .unwrap_or_else(SmallSolution::stopped)
}

/// What `queens solve --kind dodgem` answers for `game` (nothing stops it).
pub fn dodgem_solution(game: &Dodgem) -> SmallSolution {
    game.solve(&Interrupt::new())
        .unwrap_or_else(SmallSolution::stopped)
}

/// `queens solve --kind K`: the exact result with best play, or, when `interrupt` stops
/// it first, an answer that says it is not one (`"solved": false`).
pub(super) fn solve<G: SmallGame>(
    args: &SolveArgs,
    interrupt: &Interrupt,
) -> Result<KindReport<SmallSolution>, CliError>
where
    <G as GamePosition>::Move: Display,
{
    small_position_only(&args.position)?;
    let game: G = position_of(
        args.position.position.as_deref(),
        args.position.moves.as_deref(),
    )?;
    Ok(KindReport {
        kind: G::KIND,
        position: game.to_string(),
        report: game.solve(interrupt).unwrap_or_else(SmallSolution::stopped),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stopped_solve_proves_nothing_and_says_so() {
        let interrupt = Interrupt::new();
        interrupt.request();
        assert_eq!(Dodgem::new().solve(&interrupt), None);
        let stopped = SmallSolution::stopped();
        assert!(!stopped.solved);
        assert_eq!((stopped.outcome, stopped.value), (None, None));
        // Nothing asked it to stop: proved.
        let solved = dodgem_solution(&Dodgem::new());
        assert!(solved.solved);
        assert_eq!((solved.outcome, solved.plies), (Some("b"), Some(19)));
    }
}
