//! `queens replay`: the position a game reaches, as JSON.

use super::args::ReplayArgs;
use super::error::CliError;
use crate::board::{Board, MoveError, Player};
use serde::Serialize;

/// The answer of `queens replay`: the position after the longest legal prefix of the moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReplayReport {
    /// Whether every move was legal.
    pub legal: bool,
    /// The first illegal move, its number and why; `null` when all were legal.
    pub error: Option<String>,
    /// Cells owned by P1 and P2.
    pub score: [u32; 2],
    /// Free cells left.
    pub free: u32,
    /// 1 or 2, the player to move; `null` once the game is over.
    pub to_move: Option<u8>,
    /// Whether no free cell is left.
    pub over: bool,
    /// 1 or 2 for a win, 0 for a draw, `null` while the game goes on.
    pub winner: Option<u8>,
    /// The game string of the position reached (the legal prefix only).
    pub game: String,
}

impl ReplayReport {
    /// The report for `board`, reached after the legal prefix, and the first illegal move.
    pub fn new(board: &Board, error: Option<MoveError>) -> ReplayReport {
        let over = board.is_over();
        ReplayReport {
            legal: error.is_none(),
            error: error.map(|err| err.to_string()),
            score: [board.score(Player::One), board.score(Player::Two)],
            free: board.free().count(),
            to_move: (!over).then(|| board.side_to_move().number()),
            over,
            winner: board
                .outcome()
                .map(|winner| winner.map_or(0, Player::number)),
            game: board.game_string(),
        }
    }
}

/// Runs `queens replay`.
///
/// # Errors
/// A [`CliError`] for a position that cannot be set up; an illegal move is not an error.
pub fn replay(args: &ReplayArgs) -> Result<ReplayReport, CliError> {
    let (board, error) = args.position.spec()?.replay()?;
    Ok(ReplayReport::new(&board, error))
}
