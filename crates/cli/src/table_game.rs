//! A game of the games table at the command line, queens as much as the others: the
//! position the options describe, reached through the game seam
//! ([`queens_engines::games::seam::AnyGame`], the row `--kind` names) by one path for every game
//! ([`reached`], [`legal_position`], [`position_of`]); what the games table's rows say
//! at the command line is `rows.rs`'s. What a game reads differs by its row: a board of stones
//! (`tools.board_of_stones`, queens) is set up by `--size` and its stones or by a game
//! string, and has no start here; the others take `--position` in their notation
//! (docs/rules.md) or start from their start, and `--moves` follow it. Nothing here
//! names a game: what differs between games is asked of the seam or read off the
//! games table's row.

use super::args::PositionArgs;
use super::error::CliError;
use super::game_text;
pub(super) use super::rows::{board_games, games_with_solver, named, refuse_without_solver};
use queens_board::with_article;
use queens_engines::games::seam::AnyGame;
use queens_engines::games::table::GameEntry;
use serde::Serialize;
use std::path::Path;

/// The refusal of `--eval` beside a game without an evaluation table: the games that
/// have one are read off the games table.
pub(super) fn eval_refused() -> CliError {
    let with_table: Vec<&str> = queens_engines::games::table::GAMES
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
/// is ([`queens_store::read_text`]: a regular file, capped, UTF-8); the game checks it.
pub(super) fn eval_text(path: &Path) -> Result<String, CliError> {
    use queens_store::StoreError;
    let refuse = |why: String| CliError::Usage(format!("--eval {}: {why}", path.display()));
    let text = queens_store::read_text(path).map_err(|err| match err {
        // The store's wording is a save's; this file is a table.
        StoreError::TooLarge { size, limit, .. } => refuse(format!(
            "the file is too large for an evaluation table ({size} bytes, at most {limit})"
        )),
        StoreError::NotAFile { kind, .. } => refuse(format!("is {kind}, not a file")),
        other => other.into(),
    })?;
    Ok(text)
}

/// An answer about a position of any game: the game's name and the position in its
/// notation (both absent for queens, the game a game string without `game=` names,
/// whose game string is its notation), then the command's own fields.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct KindReport<T: Serialize> {
    /// The game's tag; absent for the game a game string without `game=` names.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<&'static str>,
    /// The position searched or reached, in the game's notation; absent where that is
    /// its game string.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// The command's answer.
    #[serde(flatten)]
    pub report: T,
}

/// `game` in its notation when that is not its game string (queens' is), for an answer
/// that gives the game string apart or not at all.
pub(super) fn own_notation(game: &dyn AnyGame) -> Option<String> {
    let notation = game.to_string();
    (notation != game.game_string()).then_some(notation)
}

/// The position the options of `args` describe after all their moves, refusing an
/// illegal one: one path for every game (`bestmove`).
///
/// # Errors
/// As [`reached`], and the first illegal move.
pub(super) fn legal_position(args: &PositionArgs) -> Result<Box<dyn AnyGame>, CliError> {
    let reached = reached(args)?;
    match reached.error {
        None => Ok(reached.game),
        Some(error) => Err(CliError::Usage(error)),
    }
}

/// Refuses the board options (`--game` without `game=`, `--size`, stones, seeds) for a
/// game whose row is not a board of stones.
fn position_only(args: &PositionArgs) -> Result<(), CliError> {
    if args.kind.0.tools.board_of_stones {
        return Ok(());
    }
    let board_only = [
        ("--game", args.game.is_some()),
        ("--size", args.size.is_some()),
        ("--stones", args.stones.is_some()),
        ("--random-stones", args.random_stones.is_some()),
        ("--seed", args.seed.is_some()),
    ];
    let kind = args.kind.name();
    match board_only.iter().find(|(_, given)| *given) {
        // A string naming its game became `--position` ([`PositionArgs::settle_kind`]);
        // one naming none is the default game's, as game strings are read.
        Some(("--game", _)) => Err(CliError::Usage(format!(
            "--game without game= is {} game string; {} position is given \
             with --position (and --moves), or as --game \"game={kind} ...\"",
            with_article(queens_engines::games::table::DEFAULT_TAG),
            with_article(kind)
        ))),
        Some((option, _)) => Err(CliError::Usage(format!(
            "{option} is for {}; {} position is given with --position (and --moves)",
            board_games(),
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
                    queens_board::ParseError::EmptyEntry { list: "moves" }.to_string(),
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
            return Ok((played, Some(game.refused_move(number + 1, &err))));
        }
        played.push(text.to_string());
    }
    Ok((played, None))
}

/// A game reached by the position options and `--moves`.
pub(super) struct Reached {
    /// The position after the legal moves.
    pub(super) game: Box<dyn AnyGame>,
    /// The moves played.
    pub(super) played: Vec<String>,
    /// The first illegal move's number and why, if one was.
    pub(super) error: Option<String>,
}

/// The game `entry` at `--position` (or its start) after the legal moves of `--moves`,
/// with those moves and the first illegal one, if any, told as the game tells it
/// ([`AnyGame::refused_move`]). A game string's own `moves=` are played here too,
/// before `--moves`, so an illegal one is told as `--moves`' are. A board of stones has
/// no start here: it needs a position ([`CliError::MissingPosition`]).
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
        None if entry.tools.board_of_stones => return Err(CliError::MissingPosition),
        None => ((entry.start)()?, moves.unwrap_or("").into()),
    };
    let (played, error) = play_moves(game.as_mut(), Some(&moves))?;
    Ok(Reached {
        game,
        played,
        error,
    })
}

/// The position the options of `args` describe, after the legal prefix of their moves:
/// one path for every game (`queens replay`). A board of stones is read from its board
/// options, checked as a game string is ([`PositionArgs::spec`]), and set up by the
/// game's own game string; the other games from `--position` (or their start). The
/// moves are then played by the game's rules either way.
///
/// # Errors
/// A position that cannot be set up, options the game does not take, or a `--moves`
/// list with an empty entry; an illegal move is not an error but [`Reached::error`].
pub(super) fn reached(args: &PositionArgs) -> Result<Reached, CliError> {
    let entry = args.kind.0;
    if entry.tools.board_of_stones {
        let spec = args.spec()?;
        let cells = |cells: &[queens_board::Cell]| {
            cells
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(",")
        };
        let setup = format!("size={} stones={}", spec.size, cells(&spec.stones));
        return reach(entry, Some(&setup), Some(&cells(&spec.moves)));
    }
    position_only(args)?;
    reach(entry, args.position.as_deref(), args.moves.as_deref())
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
