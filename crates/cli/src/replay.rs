//! `queens replay`: the position a game reaches, as JSON, by one path for every game of
//! the games table ([`super::table_game::reached`]). What the answer says of the game
//! comes through the game seam: its score, its moves left, how its notation writes the
//! seats.

use super::args::ReplayArgs;
use super::error::CliError;
use super::table_game::{Reached, named, own_notation, reached};
use queens_engines::games::seam::AnyGame;
use serde::Serialize;

/// A seat as the answers write it: the game's own letter (`x`, `b`), or the number of
/// a game whose notation numbers its seats (queens: 1 and 2). A draw is `draw`, or 0
/// beside numbered seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub(crate) enum SideName {
    /// A numbered seat (1, 2), or 0 for a draw.
    Number(u8),
    /// A seat's letter, or `draw`.
    Letter(&'static str),
}

impl SideName {
    /// Seat `seat` of `game` as its notation writes it ([`AnyGame::sides`]).
    fn seat(game: &dyn AnyGame, seat: usize) -> SideName {
        let name = game.sides()[seat.min(1)];
        name.parse()
            .map_or(SideName::Letter(name), SideName::Number)
    }

    /// A draw beside the seats of `game`.
    fn draw(game: &dyn AnyGame) -> SideName {
        match SideName::seat(game, 0) {
            SideName::Number(_) => SideName::Number(0),
            SideName::Letter(_) => SideName::Letter("draw"),
        }
    }
}

/// The answer of `queens replay`: the position after the longest legal prefix of the
/// moves. Every game answers the fields queens always has; a game whose position in its
/// notation is not its game string names its game and that position too, with the
/// moves played from it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct ReplayReport {
    /// The game's tag; absent for the game a game string without `game=` names (queens),
    /// as its game strings leave it out.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<&'static str>,
    /// The position reached in the game's notation; absent where that is the game
    /// string (`game`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// Whether every move was legal.
    pub legal: bool,
    /// The first illegal move, its number and why; `null` when all were legal.
    pub error: Option<String>,
    /// Each seat's score, P1 first, as the saves keep it ([`AnyGame::score`]: queens'
    /// cells owned, Othello's discs, Dodgem's cars driven off, tic-tac-toe none).
    pub score: [u32; 2],
    /// Legal moves left (queens: its free cells).
    pub free: u32,
    /// The side to move (1 or 2 for queens, `x`/`o`, `b`/`w`); `null` once over.
    pub to_move: Option<SideName>,
    /// Whether the game is over.
    pub over: bool,
    /// The winner (as `to_move`), a draw (queens 0, the others `draw`); `null` while
    /// the game goes on.
    pub winner: Option<SideName>,
    /// The game string of the position reached (the legal prefix only).
    pub game: String,
    /// The moves played from the position given, in the game's notation; absent with
    /// `position`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<String>>,
}

impl ReplayReport {
    /// The report for `game`, reached after the legal prefix `played`, and the first
    /// illegal move's text.
    pub(crate) fn new(
        game: &dyn AnyGame,
        played: Vec<String>,
        error: Option<String>,
    ) -> ReplayReport {
        let over = game.result().is_some();
        let position = own_notation(game);
        // The moves as the game writes them (`B2` read is `b2` written): the last ones
        // the game played.
        let all = game.moves();
        let written = all[all.len().saturating_sub(played.len())..].to_vec();
        ReplayReport {
            kind: named(game),
            moves: position.is_some().then_some(written),
            position,
            legal: error.is_none(),
            error,
            score: game.score(),
            free: u32::try_from(game.legal_moves().len()).unwrap_or(u32::MAX),
            to_move: (!over).then(|| SideName::seat(game, game.seat_to_move())),
            over,
            winner: game.result().map(|winner| {
                winner.map_or_else(|| SideName::draw(game), |seat| SideName::seat(game, seat))
            }),
            game: game.game_string(),
        }
    }
}

/// Runs `queens replay` for any game.
///
/// # Errors
/// A [`CliError`] for a position that cannot be set up; an illegal move is not an error.
pub(crate) fn replay(args: &ReplayArgs) -> Result<ReplayReport, CliError> {
    let Reached {
        game,
        played,
        error,
    } = reached(&args.position)?;
    Ok(ReplayReport::new(game.as_ref(), played, error))
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens_engines::games::table::by_tag;

    fn played(tag: &str, moves: &[&str]) -> Box<dyn AnyGame> {
        let entry = by_tag(tag).unwrap_or_else(|| panic!("{tag}"));
        let mut game = match (entry.setup)(&queens_engines::games::setup::Setup::default()) {
            Ok(game) => game,
            Err(err) => panic!("{tag}: {err}"),
        };
        for mv in moves {
            game.play_text(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
        }
        game
    }

    #[test]
    fn queens_answers_with_numbered_seats_its_cells_and_no_notation_of_its_own() {
        let game = played("queens", &["c3"]);
        let report = ReplayReport::new(game.as_ref(), vec!["c3".into()], None);
        assert_eq!(report.kind, None);
        assert_eq!(
            (report.position.as_ref(), report.moves.as_ref()),
            (None, None)
        );
        assert_eq!(report.to_move, Some(SideName::Number(2)));
        // c3 on the empty 8x8 board: itself, its rank and file (7 + 7), the long
        // diagonal (7) and b4 a5 d2 e1: 26 cells, the pieces on the grid would be 1.
        assert_eq!(report.score, [26, 0]);
        assert_eq!(report.free, 64 - 26);
        let json = serde_json::to_value(&report).unwrap_or_default();
        assert_eq!(json["to_move"], 2);
    }

    #[test]
    fn a_lettered_game_names_itself_and_its_winner_by_letter_and_a_draw_by_word() {
        let won = played("tictactoe", &["a1", "b1", "a2", "b2", "a3"]);
        let report = ReplayReport::new(won.as_ref(), Vec::new(), None);
        assert_eq!(report.kind, Some("tictactoe"));
        assert_eq!(report.winner, Some(SideName::Letter("x")));
        assert_eq!((report.to_move, report.free), (None, 0));
        let drawn = played(
            "tictactoe",
            &["a1", "b2", "c3", "a2", "c2", "c1", "a3", "b3", "b1"],
        );
        let report = ReplayReport::new(drawn.as_ref(), Vec::new(), None);
        assert_eq!(report.winner, Some(SideName::Letter("draw")));
        assert_eq!(report.score, drawn.score());
    }

    #[test]
    fn the_moves_are_told_in_the_games_notation_as_typed_or_not() {
        let game = played("tictactoe", &["B2", "a1"]);
        let report = ReplayReport::new(game.as_ref(), vec!["B2".into(), "a1".into()], None);
        assert_eq!(report.moves, Some(vec!["b2".to_string(), "a1".to_string()]));
    }
}
