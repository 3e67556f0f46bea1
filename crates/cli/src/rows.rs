//! What the games table's rows say at the command line, read off the table and never
//! listed by hand: the games with an exact solver and the refusal of the proved tools
//! for a game without one, the games set up by the board options, the tag an answer
//! names a game by. A file of its own so that a subcommand can ask it without the
//! position options (`table_game.rs`, which the arguments' file reads).

use super::args::values::GameArg;
use super::error::CliError;
use queens_engines::games::seam::AnyGame;

/// The games whose row has an exact solver, in table order (`queens, tictactoe, dodgem`).
pub(super) fn games_with_solver() -> String {
    queens_engines::games::table::GAMES
        .iter()
        .filter(|entry| entry.tools.solver)
        .map(|entry| entry.tag)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Refuses `command` for a game whose row has no exact solver (exit code 2), naming the
/// games that have one.
///
/// # Errors
/// [`CliError::Usage`] for such a game.
pub(super) fn refuse_without_solver(command: &str, kind: GameArg) -> Result<(), CliError> {
    if kind.0.tools.solver {
        return Ok(());
    }
    Err(CliError::Usage(format!(
        "{command} --kind {tag}: {tag} has no exact solver, so nothing about its moves is proved; {command} takes {}",
        games_with_solver(),
        tag = kind.name()
    )))
}

/// The games set up by the board options (`--size`, stones), read off the games table:
/// the games an option refused for another game is for.
pub(super) fn board_games() -> String {
    queens_engines::games::table::GAMES
        .iter()
        .filter(|entry| entry.tools.board_of_stones)
        .map(|entry| entry.tag)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The tag an answer names `game` by: none for the game a game string without
/// `game=` names (queens), as its game strings leave it out.
pub(super) fn named(game: &dyn AnyGame) -> Option<&'static str> {
    let tag = game.tag();
    (tag != queens_engines::games::table::DEFAULT_TAG).then_some(tag)
}
