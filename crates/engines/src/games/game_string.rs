//! The one-line game string of every game: `game=tictactoe moves=b2,a1`,
//! `game=othello size=6 moves=c4,pass`. Queens keeps its own form without `game=`
//! (`size=8 stones=b2,d5 moves=c3,f6`, docs/rules.md), so every queens string written
//! before still reads the same. The browser's address bar and the saves' previews read
//! positions through [`read`]; every refusal is a typed [`GameStringError`].
//!
//! The `game=` key picks the row of the games table ([`super::table::GAMES`]); the
//! moves are read here; the rest are the game's setup keys, which its
//! [`Rules::setup`] reads and checks.

use super::seam::{AnyGame, Rules};
use super::setup::{DEFAULT_TAG, GameStringError, Setup};
use super::table;
use queens_board::clip_token;

pub use super::seam::write;

/// The game a game string names (`game=`, or queens when it names none), its setup
/// position and its moves played.
///
/// # Errors
/// The first thing wrong, as a [`GameStringError`].
pub fn read(text: &str) -> Result<Box<dyn AnyGame>, GameStringError> {
    let parts = split(text)?;
    let name = parts.game.unwrap_or(DEFAULT_TAG);
    let entry = table::by_tag(name).ok_or_else(|| GameStringError::UnknownGame {
        name: clip_token(name),
        known: table::tags().join(", "),
    })?;
    let mut game = (entry.setup)(&parts.setup)?;
    play_moves(game.as_mut(), parts.moves.unwrap_or(""))?;
    Ok(game)
}

/// Whether `game`'s game string reads back as `game` itself (the same position, the same
/// seat to move). A position pasted in the game's own notation has no moves from the
/// start to write, so its game string names the start instead: a record cannot hold it,
/// and an answer names it in its notation.
pub fn reads_back(game: &dyn AnyGame) -> bool {
    read(&game.game_string()).is_ok_and(|back| {
        back.to_string() == game.to_string() && back.seat_to_move() == game.seat_to_move()
    })
}

/// The parts of a game string before any game reads it.
struct Parts<'a> {
    game: Option<&'a str>,
    moves: Option<&'a str>,
    setup: Setup,
}

fn split(text: &str) -> Result<Parts<'_>, GameStringError> {
    let mut parts = Parts {
        game: None,
        moves: None,
        setup: Setup::default(),
    };
    let mut any = false;
    for token in text.split_whitespace() {
        any = true;
        let Some((key, value)) = token.split_once('=') else {
            return Err(GameStringError::NotKeyValue(clip_token(token)));
        };
        let key = key.to_ascii_lowercase();
        let repeated = match key.as_str() {
            "game" => parts.game.replace(value).is_some(),
            "moves" => parts.moves.replace(value).is_some(),
            _ => {
                let seen = parts.setup.get(&key).is_some();
                parts.setup.keys.push((key.clone(), value.to_string()));
                seen
            }
        };
        if repeated {
            return Err(GameStringError::DuplicateKey(clip_token(&key)));
        }
    }
    if any {
        Ok(parts)
    } else {
        Err(GameStringError::Empty)
    }
}

/// [`read`] for a game known by type.
///
/// # Errors
/// As [`read`]; a string naming another game is [`GameStringError::UnknownGame`].
pub fn read_as<G: Rules + AnyGame>(text: &str) -> Result<G, GameStringError> {
    let parts = split(text)?;
    let name = parts.game.unwrap_or(DEFAULT_TAG);
    if !name.eq_ignore_ascii_case(G::TAG) {
        return Err(GameStringError::UnknownGame {
            name: clip_token(name),
            known: G::TAG.to_string(),
        });
    }
    let mut game = G::setup(&parts.setup)?;
    play_moves(&mut game, parts.moves.unwrap_or(""))?;
    Ok(game)
}

fn play_moves(game: &mut dyn AnyGame, moves: &str) -> Result<(), GameStringError> {
    let moves = moves.trim();
    if moves.is_empty() {
        return Ok(());
    }
    for (index, token) in moves.split(',').enumerate() {
        let token = token.trim();
        if token.is_empty() {
            return Err(GameStringError::EmptyMove);
        }
        game.play_text(token).map_err(|why| GameStringError::Move {
            number: index + 1,
            text: clip_token(token),
            why,
        })?;
    }
    Ok(())
}
