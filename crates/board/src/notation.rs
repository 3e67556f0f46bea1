//! The one-line game string of docs/rules.md: `size=8 stones=b2,d5,g7 moves=c3,f6,a1`.
//!
//! Parsing is in two steps, as docs/rules.md specifies: [`GameSpec::parse`] checks the text
//! (keys, size, cell names, the stone list) and [`GameSpec::replay`] plays the moves,
//! stopping at the first illegal one.

use super::cell::{Cell, MAX_SIZE, MIN_SIZE};
use super::error::{GameError, MoveError, ParseError};
use super::position::Board;
use super::quote::clip_token;

/// A parsed game string: board side, stones and moves in play order (P1 first).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct GameSpec {
    /// Board side N.
    pub size: u8,
    /// Stone cells, in the order written.
    pub stones: Vec<Cell>,
    /// Moves in play order.
    pub moves: Vec<Cell>,
}

impl GameSpec {
    /// Parses a game string. Keys in any order, separated by whitespace; `stones=` and
    /// `moves=` may be empty or absent; cell names are case-insensitive.
    ///
    /// # Errors
    /// A [`ParseError`] naming the offending token: an unknown or repeated key, a size
    /// outside 3..15, a malformed or off-board cell, a duplicate stone, too many stones.
    pub fn parse(text: &str) -> Result<GameSpec, ParseError> {
        let mut size_text: Option<&str> = None;
        let mut stones_text: Option<&str> = None;
        let mut moves_text: Option<&str> = None;
        let mut any = false;
        for token in text.split_whitespace() {
            any = true;
            let Some((key, value)) = token.split_once('=') else {
                return Err(ParseError::NotKeyValue(clip_token(token)));
            };
            let slot = match key.to_ascii_lowercase().as_str() {
                "size" => &mut size_text,
                "stones" => &mut stones_text,
                "moves" => &mut moves_text,
                _ => return Err(ParseError::UnknownKey(clip_token(key))),
            };
            if slot.replace(value).is_some() {
                return Err(ParseError::DuplicateKey(clip_token(key)));
            }
        }
        if !any {
            return Err(ParseError::Empty);
        }
        let size_text = size_text.ok_or(ParseError::MissingSize)?;
        let size = parse_size(size_text)?;
        let stones = parse_cells(stones_text.unwrap_or(""), "stones", size)?;
        let moves = parse_cells(moves_text.unwrap_or(""), "moves", size)?;
        // Board::new reports duplicate stones and the (N-2)^2 cap by name.
        Board::new(size, &stones)?;
        Ok(GameSpec {
            size,
            stones,
            moves,
        })
    }

    /// The board after the longest legal prefix of the moves, and the first illegal move's
    /// error if there is one.
    ///
    /// # Errors
    /// A [`ParseError`] if the size or stones are unacceptable (only possible for a spec
    /// built by hand, not one from [`GameSpec::parse`]).
    pub fn replay(&self) -> Result<(Board, Option<MoveError>), ParseError> {
        let mut board = Board::new(self.size, &self.stones)?;
        for &cell in &self.moves {
            if let Err(err) = board.play(cell) {
                return Ok((board, Some(err)));
            }
        }
        Ok((board, None))
    }

    /// The board after all the moves.
    ///
    /// # Errors
    /// The first parse or move error.
    pub(crate) fn to_board(&self) -> Result<Board, GameError> {
        match self.replay()? {
            (board, None) => Ok(board),
            (_, Some(err)) => Err(err.into()),
        }
    }
}

/// Parses a board side: a number from 3 to 15.
///
/// # Errors
/// [`ParseError::BadSize`] naming the text, for anything else (huge numbers included).
pub fn parse_size(text: &str) -> Result<u8, ParseError> {
    let bad = || ParseError::BadSize(clip_token(text));
    // Bounded length first so a huge number is reported as out of range, not overflow.
    if text.is_empty() || text.len() > 3 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let size: u8 = text.parse().map_err(|_| bad())?;
    if (MIN_SIZE..=MAX_SIZE).contains(&size) {
        Ok(size)
    } else {
        Err(bad())
    }
}

/// Parses a comma-separated cell list, checking each cell is on an `size` board.
///
/// # Errors
/// [`ParseError::BadCell`] or [`ParseError::OffBoard`] naming the token.
pub fn parse_cells(text: &str, list: &'static str, size: u8) -> Result<Vec<Cell>, ParseError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(Vec::new());
    }
    text.split(',')
        .map(|token| {
            let token = token.trim();
            if token.is_empty() {
                return Err(ParseError::EmptyEntry { list });
            }
            let cell = Cell::parse(token).ok_or_else(|| ParseError::BadCell {
                token: clip_token(token),
                list,
                size,
            })?;
            if cell.is_on_board(size) {
                Ok(cell)
            } else {
                Err(ParseError::OffBoard {
                    token: clip_token(token),
                    list,
                    size,
                })
            }
        })
        .collect()
}

fn join_cells(cells: impl Iterator<Item = Cell>) -> String {
    cells.map(|c| c.to_string()).collect::<Vec<_>>().join(",")
}

impl Board {
    /// The game string of this position: size, stones (a1 first) and the moves played.
    /// Empty lists are left out, so the 4x4 example reads `size=4 moves=b2,d3,a4`.
    pub fn game_string(&self) -> String {
        let mut text = format!("size={}", self.size());
        if !self.stones().is_empty() {
            text.push_str(" stones=");
            text.push_str(&join_cells(self.stones().into_iter()));
        }
        if self.ply() > 0 {
            text.push_str(" moves=");
            text.push_str(&join_cells(self.moves()));
        }
        text
    }

    /// The position a game string describes, all its moves played.
    ///
    /// # Errors
    /// The [`ParseError`] or the first [`MoveError`], each naming the offending token.
    pub fn from_game_string(text: &str) -> Result<Board, GameError> {
        GameSpec::parse(text)?.to_board()
    }

    /// This position as a [`GameSpec`].
    pub fn spec(&self) -> GameSpec {
        GameSpec {
            size: self.size(),
            stones: self.stones().into_iter().collect(),
            moves: self.moves().collect(),
        }
    }
}

impl std::fmt::Display for Board {
    /// The game string.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.game_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_huge_bad_token_is_quoted_clipped() {
        let huge = format!("size=8 moves={}", "z".repeat(120_000));
        let message = GameSpec::parse(&huge)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(message.len() < 200, "{} bytes", message.len());
        assert!(
            message.contains(&format!("'{}…'", "z".repeat(40))),
            "{message}"
        );
    }
    use crate::Player;

    #[test]
    fn parses_in_any_key_order_and_round_trips() {
        let board = Board::from_game_string("moves=c3,h5,a1  stones=g7,b2,d5 size=8")
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(board.game_string(), "size=8 stones=b2,d5,g7 moves=c3,h5,a1");
        let again = Board::from_game_string(&board.game_string()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(again, board);
        assert_eq!(board.side_to_move(), Player::Two);
    }

    #[test]
    fn empty_and_absent_lists() {
        for text in ["size=5", "size=5 stones= moves=", "  size=5\tmoves=  "] {
            let board = Board::from_game_string(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(board.game_string(), "size=5");
        }
    }

    #[test]
    fn a_bad_or_off_board_cell_is_told_the_parsed_boards_range() {
        for text in ["size=8 stones=b2,z9", "size=8 moves=i1"] {
            let Err(error) = Board::from_game_string(text) else {
                panic!("{text} parsed")
            };
            let message = error.to_string();
            assert!(
                message.contains("a..h") && message.contains("1..8"),
                "{message}"
            );
        }
    }

    #[test]
    fn each_parse_error_names_its_token() {
        let cases: [(&str, &str); 12] = [
            ("", "empty"),
            ("size=8 colour=red", "'colour'"),
            ("size=99", "'99'"),
            ("size=2", "'2'"),
            ("size=abc", "'abc'"),
            ("size=99999999999999999999", "'99999999999999999999'"),
            ("size=8 stones=b2,z9", "'z9'"),
            ("size=8 stones=b2,b2", "'b2'"),
            ("size=8 moves=i1", "'i1'"),
            ("size=3 stones=a1,b2", "too many"),
            ("size=8 size=8", "twice"),
            ("hello", "'hello'"),
        ];
        for (text, needle) in cases {
            let err = Board::from_game_string(text).err();
            let message = err.map(|e| e.to_string()).unwrap_or_default();
            assert!(
                message.contains(needle),
                "{text:?} gave {message:?}, want {needle:?}"
            );
        }
        assert_eq!(
            GameSpec::parse("stones=a1").err(),
            Some(ParseError::MissingSize)
        );
    }

    #[test]
    fn move_errors_name_the_move_and_its_number() {
        let err = Board::from_game_string("size=4 stones=a1 moves=b2,a1").err();
        let message = err.map(|e| e.to_string()).unwrap_or_default();
        assert!(
            message.contains("move 2 (a1)") && message.contains("stone"),
            "{message}"
        );
        let err = Board::from_game_string("size=4 moves=b2,d3,a4,c4").err();
        let message = err.map(|e| e.to_string()).unwrap_or_default();
        assert!(
            message.contains("move 4 (c4)") && message.contains("over"),
            "{message}"
        );
    }

    #[test]
    fn replay_keeps_the_legal_prefix() {
        let spec = GameSpec::parse("size=4 moves=b2,c3,d3").unwrap_or_else(|e| panic!("{e}"));
        let (board, err) = spec.replay().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(board.ply(), 1);
        assert!(matches!(err, Some(MoveError::NotFree { number: 2, .. })));
    }
}
