//! A position of any game written as text at the command line: the game's own notation
//! or its game string (`game=othello size=6 moves=c2`, as the window's Copy position and
//! the browser's links write it). Shared by the commands that take a position of any
//! game (`replay`, `bestmove`, `solve`, `tree` through crates/cli/src/table_game.rs, and `perft`).

use super::error::CliError;
use queens_engines::games::seam::AnyGame;
use queens_engines::games::table::GameEntry;

/// A game string without its `moves=` key, and that key's value (none when empty). A
/// string with the key twice is left whole, for the game string's reader to refuse.
pub(super) fn without_moves(text: &str) -> (String, Option<&str>) {
    let is_moves = |token: &&str| {
        token
            .split_once('=')
            .is_some_and(|(key, _)| key.eq_ignore_ascii_case("moves"))
    };
    let mut tokens = text.split_whitespace();
    if tokens.clone().filter(is_moves).count() != 1 {
        return (text.to_string(), None);
    }
    let moves = tokens
        .clone()
        .find(is_moves)
        .and_then(|token| token.split_once('='))
        .map(|(_, value)| value)
        .filter(|value| !value.is_empty());
    let rest: Vec<&str> = tokens.by_ref().filter(|token| !is_moves(token)).collect();
    (rest.join(" "), moves)
}

/// A position of `entry` written as `text`: a game string (`game=othello size=6
/// moves=c2`, as the window's Copy position writes it; without `game=` it is read as
/// `entry`'s) or the game's own notation (no game's notation has an `=`).
///
/// # Errors
/// The game's refusal of the text, or a game string that names another game.
pub(super) fn position_from_text(
    entry: &GameEntry,
    text: &str,
) -> Result<Box<dyn AnyGame>, CliError> {
    if !text.contains('=') {
        return Ok((entry.from_notation)(text)?);
    }
    let names_a_game = text.split_whitespace().any(|token| {
        token
            .split_once('=')
            .is_some_and(|(key, _)| key.eq_ignore_ascii_case("game"))
    });
    // A string without `game=` is read as `--kind`'s (`size=6 moves=c2` for Othello).
    let game = if names_a_game {
        queens_engines::games::game_string::read(text)?
    } else {
        queens_engines::games::game_string::read(&format!("game={} {text}", entry.tag))?
    };
    if game.tag() != entry.tag {
        return Err(CliError::Usage(format!(
            "the position is a game string of {}, but --kind is {}",
            game.tag(),
            entry.tag
        )));
    }
    Ok(game)
}

/// A position written as `text` for a command whose `--kind` is optional (`perft`): a
/// game string names its own game (queens when it names none, as game strings are
/// read), so `kind` is needed only for the game's own notation (queens' when it is
/// left out); a `kind` given must be the game the string names.
///
/// # Errors
/// As [`position_from_text`].
pub(super) fn position_naming_its_game(
    kind: Option<&GameEntry>,
    text: &str,
) -> Result<Box<dyn AnyGame>, CliError> {
    match kind {
        Some(entry) => position_from_text(entry, text),
        None if text.contains('=') => Ok(queens_engines::games::game_string::read(text)?),
        None => {
            let queens =
                queens_engines::games::table::by_tag(queens_engines::games::table::DEFAULT_TAG)
                    .ok_or_else(|| CliError::Usage("no game to read the position as".into()))?;
            position_from_text(queens, text)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_moves_key_is_taken_out_once_and_a_repeated_one_left_for_the_reader() {
        assert_eq!(
            without_moves("game=othello  size=6 moves=c2,b4"),
            ("game=othello size=6".to_string(), Some("c2,b4"))
        );
        assert_eq!(
            without_moves("MOVES= game=dodgem"),
            ("game=dodgem".to_string(), None)
        );
        let twice = "game=othello moves=c2 moves=b4";
        assert_eq!(without_moves(twice), (twice.to_string(), None));
        assert_eq!(
            without_moves("game=tictactoe"),
            ("game=tictactoe".to_string(), None)
        );
    }
}
