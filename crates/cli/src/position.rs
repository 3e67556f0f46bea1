//! Turning the board options (`--game`, or `--size` with stones and moves) into a board
//! of stones (a game whose row has `tools.board_of_stones`: queens).

use super::args::PositionArgs;
use super::error::CliError;
use queens_board::{Board, GameSpec, ParseError, parse_cells, random_stones};

impl PositionArgs {
    /// The game these options describe, checked as a game string is (size, cells, stones)
    /// but with its moves not yet played.
    ///
    /// # Errors
    /// [`CliError::MissingPosition`] without `--game` or `--size`; a [`ParseError`] naming
    /// the offending token otherwise. Combinations clap already refuses (`--game` with
    /// `--size`, `--stones` with `--random-stones`) are checked again here, so a caller
    /// building these options by hand gets the same answer.
    pub(crate) fn spec(&self) -> Result<GameSpec, CliError> {
        if !self.kind.0.tools.board_of_stones {
            let boards: Vec<&str> = queens_engines::games::table::GAMES
                .iter()
                .filter(|entry| entry.tools.board_of_stones)
                .map(|entry| entry.tag)
                .collect();
            return Err(CliError::Usage(format!(
                "this command reads {} games only, not {}; leave out --kind",
                boards.join(", "),
                self.kind.name()
            )));
        }
        // A queens --position is a game string, as --game.
        if let Some(game) = self.game.as_ref().or(self.position.as_ref()) {
            if self.size.is_some() || self.stones.is_some() || self.moves.is_some() {
                return Err(CliError::Usage(
                    "--game already holds the size, stones and moves; give either --game or --size"
                        .to_string(),
                ));
            }
            return Ok(GameSpec::parse(game)?);
        }
        let Some(size) = self.size else {
            return Err(CliError::MissingPosition);
        };
        let stones = match (self.random_stones, &self.stones) {
            (Some(_), Some(_)) => {
                return Err(CliError::Usage(
                    "--random-stones cannot be combined with --stones".to_string(),
                ));
            }
            (Some(count), None) => {
                let max = Board::max_stones(size);
                if count > max {
                    return Err(ParseError::TooManyStones { count, size, max }.into());
                }
                random_stones(size, count, self.seed.unwrap_or_default())
            }
            (None, Some(text)) => parse_cells(text, "stones", size)?,
            (None, None) => Vec::new(),
        };
        let moves = parse_cells(self.moves.as_deref().unwrap_or(""), "moves", size)?;
        // Board::new reports a duplicate stone and the (N-2)^2 cap by name.
        Board::new(size, &stones)?;
        Ok(GameSpec {
            size,
            stones,
            moves,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sized(size: u8) -> PositionArgs {
        PositionArgs {
            size: Some(size),
            ..PositionArgs::default()
        }
    }

    #[test]
    fn random_stones_respect_the_cap_and_the_seed() {
        let args = PositionArgs {
            random_stones: Some(9),
            seed: Some(5),
            ..sized(5)
        };
        let spec = args.spec().unwrap();
        assert_eq!(spec.stones.len(), 9);
        assert_eq!(args.spec().unwrap(), spec);
        let too_many = PositionArgs {
            random_stones: Some(10),
            ..args
        };
        assert!(matches!(
            too_many.spec(),
            Err(CliError::Parse(ParseError::TooManyStones { .. }))
        ));
    }

    #[test]
    fn no_position_is_reported_as_such() {
        assert!(matches!(
            PositionArgs::default().spec(),
            Err(CliError::MissingPosition)
        ));
    }

    #[test]
    fn a_move_on_a_stone_is_read_and_refused_when_played() {
        let args = PositionArgs {
            stones: Some("a1".to_string()),
            moves: Some("a1".to_string()),
            ..sized(4)
        };
        let (board, refused) = args.spec().unwrap().replay().unwrap();
        assert_eq!(board.ply(), 0);
        assert!(refused.is_some());
    }
}
