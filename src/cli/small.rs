//! `--kind K` for every game of the games table but queens (tic-tac-toe, Dodgem,
//! Othello): replay and bestmove through the game seam ([`crate::games::seam::AnyGame`],
//! the table's row `--kind` names), with the same engines and JSON reports as the queens
//! game; the exact solve of the games whose row has a solver ([`solve`]) and their
//! proved tools (`analyse`, `puzzles`, `solve --all-moves`; the `proved` part). A position is
//! written in the game's notation (`--position`, docs/rules.md), moves follow it
//! (`--moves`); the queens-only options (`--game`, `--size`, stones, seeds) are refused.
//! Nothing here names a game: what differs between games is asked of the seam or read
//! off the games table's row.

mod proved;
mod solve;

pub use proved::{SmallAnalyseReport, SmallMove, SmallPuzzleReport, SmallPuzzlesReport};
pub(super) use proved::{analyse, games_with_solver, puzzles, refuse_without_solver, saved_game};
pub(super) use solve::solve;
pub use solve::{SmallSolution, small_solution};

use super::args::{BestMoveArgs, PositionArgs, ReplayArgs};
use super::bestmove::BestMoveReport;
use super::error::CliError;
use super::game_text;
use super::interrupt::{Interrupt, StopOnRequest};
use crate::ai::EngineConfig;
use crate::board::with_article;
use crate::games::seam::AnyGame;
use crate::games::table::GameEntry;
use crate::games::think::ThinkError;
use serde::Serialize;
use std::path::Path;
use std::time::Instant;

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
fn eval_text(path: &Path) -> Result<String, CliError> {
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

/// Every small-game answer: the game's name, then the command's own fields.
#[derive(Clone, Debug, Serialize)]
pub struct KindReport<T: Serialize> {
    /// `tictactoe`, `dodgem` or `othello`.
    pub kind: &'static str,
    /// The position searched or reached, in the game's notation.
    pub position: String,
    /// The command's answer.
    #[serde(flatten)]
    pub report: T,
}

/// The answer of `queens replay --kind tictactoe|dodgem|othello`.
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

/// Refuses the queens-only options for another game.
fn position_only(args: &PositionArgs) -> Result<(), CliError> {
    let queens_only = [
        ("--game", args.game.is_some()),
        ("--size", args.size.is_some()),
        ("--stones", args.stones.is_some()),
        ("--random-stones", args.random_stones.is_some()),
        ("--seed", args.seed.is_some()),
    ];
    let kind = args.kind.name();
    match queens_only.iter().find(|(_, given)| *given) {
        // A string naming its game became `--position` ([`PositionArgs::settle_kind`]).
        Some(("--game", _)) => Err(CliError::Usage(format!(
            "--game without game= is a queens game string; {} position is given \
             with --position (and --moves), or as --game \"game={kind} ...\"",
            with_article(kind)
        ))),
        Some((option, _)) => Err(CliError::Usage(format!(
            "{option} is for queens; {} position is given with --position (and --moves)",
            with_article(kind)
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

/// Plays `--moves` on `game` until one is refused: the moves played, and the first
/// refused one's number and why.
fn play_moves(
    game: &mut dyn AnyGame,
    moves: Option<&str>,
) -> Result<(Vec<String>, Option<String>), CliError> {
    let mut played = Vec::new();
    for (number, text) in move_texts(moves)?.into_iter().enumerate() {
        if let Err(err) = game.play_text(text) {
            return Ok((played, Some(format!("move {}: {err}", number + 1))));
        }
        played.push(text.to_string());
    }
    Ok((played, None))
}

/// A game reached by `--position` and `--moves`.
struct Reached {
    /// The position after the legal moves.
    game: Box<dyn AnyGame>,
    /// The moves played.
    played: Vec<String>,
    /// The first illegal move's number and why, if one was.
    error: Option<String>,
}

/// The game `entry` at `--position` (or its start) after the legal moves of `--moves`,
/// with those moves and the first illegal one, if any. A game string's own `moves=`
/// are played here too, before `--moves`, so an illegal one is told as `--moves`' are
/// (as queens' `--game`).
fn reach(
    entry: &GameEntry,
    position: Option<&str>,
    moves: Option<&str>,
) -> Result<Reached, CliError> {
    let (mut game, moves) = match position {
        Some(text) if text.contains('=') => {
            let (setup, own) = game_text::without_moves(text);
            let moves = [own, moves].into_iter().flatten().collect::<Vec<_>>();
            (
                game_text::position_from_text(entry, &setup)?,
                moves.join(","),
            )
        }
        Some(text) => (
            game_text::position_from_text(entry, text)?,
            moves.unwrap_or("").into(),
        ),
        None => ((entry.start)()?, moves.unwrap_or("").into()),
    };
    let (played, error) = play_moves(game.as_mut(), Some(&moves))?;
    Ok(Reached {
        game,
        played,
        error,
    })
}

/// The position of `--kind` after every move, refusing an illegal one (`queens tree`).
pub(super) fn position_of(
    entry: &GameEntry,
    position: Option<&str>,
    moves: Option<&str>,
) -> Result<Box<dyn AnyGame>, CliError> {
    let reached = reach(entry, position, moves)?;
    match reached.error {
        None => Ok(reached.game),
        Some(error) => Err(CliError::Usage(error)),
    }
}

/// The seat `seat` as the game's notation writes it.
fn side(game: &dyn AnyGame, seat: usize) -> &'static str {
    game.sides()[seat.min(1)]
}

/// The winner's letter or `draw` once over.
fn winner(game: &dyn AnyGame) -> Option<&'static str> {
    game.result()
        .map(|winner| winner.map_or("draw", |seat| side(game, seat)))
}

/// `queens replay --kind K`.
pub(super) fn replay(args: &ReplayArgs) -> Result<KindReport<SmallReplay>, CliError> {
    let position = &args.position;
    position_only(position)?;
    let entry = position.kind.0;
    let Reached {
        game,
        played: moves,
        error,
    } = reach(
        entry,
        position.position.as_deref(),
        position.moves.as_deref(),
    )?;
    let over = game.result().is_some();
    Ok(KindReport {
        kind: entry.tag,
        position: game.to_string(),
        report: SmallReplay {
            legal: error.is_none(),
            error,
            to_move: (!over).then(|| side(game.as_ref(), game.seat_to_move())),
            over,
            winner: winner(game.as_ref()),
            moves,
        },
    })
}

/// `queens bestmove --kind K`: minimax or alpha-beta, to `--depth` (by default to the
/// end of a game whose row sets `search_to_end`, as tic-tac-toe's does; the engine's
/// default depth in the others) or `--time-ms`.
pub(super) fn best_move(
    args: &BestMoveArgs,
    interrupt: &Interrupt,
) -> Result<KindReport<BestMoveReport>, CliError> {
    let start = Instant::now();
    position_only(&args.position)?;
    let entry = args.position.kind.0;
    let mut game = position_of(
        entry,
        args.position.position.as_deref(),
        args.position.moves.as_deref(),
    )?;
    if let Some(path) = &args.eval {
        if !entry.tools.eval_file {
            return Err(eval_refused());
        }
        game.set_eval(&eval_text(path)?)
            .map_err(|err| CliError::Usage(format!("--eval {}: {err}", path.display())))?;
    }
    let to_end = game.plies_left().max(1);
    // A game that small (tic-tac-toe) is searched to its end by default.
    let default_depth = if entry.tools.search_to_end {
        to_end
    } else {
        args.algo.entry().default_depth
    };
    let mut config = EngineConfig::new(args.algo, default_depth);
    config.depth = args.depth.unwrap_or(if args.time_ms.is_some() {
        to_end
    } else {
        default_depth
    });
    config.time_ms = args.time_ms;
    let mut outcome = game
        .think(&config, &StopOnRequest(interrupt))
        .map_err(|err| match err {
            ThinkError::NotForThisGame(err) => {
                CliError::Usage(format!("{err}; {} takes minimax or alphabeta", entry.tag))
            }
            other => CliError::Usage(other.to_string()),
        })?;
    outcome.elapsed = start.elapsed();
    Ok(KindReport {
        kind: entry.tag,
        position: game.to_string(),
        report: BestMoveReport::new(&outcome, args.algo.name()),
    })
}
