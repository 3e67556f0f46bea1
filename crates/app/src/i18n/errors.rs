//! The board's errors in the window's language: a refused move and a bad game string
//! are explained from their variants, naming the offending token and the pasted
//! board's range.

use super::{Texts, fill};
use queens_board::{GameError, MoveError, Occupant, ParseError, Player};

impl Texts {
    /// Why a cell cannot take a queen, in this language. `names` are the players' names.
    pub(crate) fn occupant(&self, occupant: Occupant, names: &[String; 2]) -> String {
        let name = |p: Player| names[p.index()].clone();
        match occupant {
            Occupant::OffBoard => self.occupant_off.to_string(),
            Occupant::Stone => self.occupant_stone.to_string(),
            Occupant::Queen(p) => fill(self.occupant_queen, &[&name(p)]),
            Occupant::Claimed(p) => fill(self.occupant_claimed, &[&name(p)]),
        }
    }

    /// A refused move, in this language.
    pub(crate) fn move_error(&self, error: &MoveError, names: &[String; 2]) -> String {
        match *error {
            MoveError::NotFree {
                number,
                cell,
                occupant,
            } => fill(
                self.err_move,
                &[&number, &cell, &self.occupant(occupant, names)],
            ),
            MoveError::GameOver { number, cell } => fill(self.err_after_end, &[&number, &cell]),
        }
    }

    /// A bad game string, in this language, naming the offending token.
    pub(crate) fn game_error(&self, error: &GameError, names: &[String; 2]) -> String {
        match error {
            GameError::Move(error) => self.move_error(error, names),
            GameError::Parse(error) => self.parse_error(error),
        }
    }

    pub(super) fn parse_error(&self, error: &ParseError) -> String {
        match error {
            ParseError::Empty => self.err_empty.to_string(),
            ParseError::NotKeyValue(token) => fill(self.err_not_key_value, &[token]),
            ParseError::UnknownKey(key) => fill(self.err_unknown_key, &[key]),
            ParseError::DuplicateKey(key) => fill(self.err_duplicate_key, &[key]),
            ParseError::MissingSize => self.err_missing_size.to_string(),
            ParseError::BadSize(size) => fill(self.err_bad_size, &[size]),
            // The range is the pasted board's, not the one on screen.
            ParseError::EmptyEntry { list } => fill(self.err_empty_entry, &[list]),
            ParseError::BadCell { token, list, size } => fill(
                self.err_bad_cell,
                &[token, list, size, &queens_board::last_column(*size)],
            ),
            ParseError::OffBoard { token, list, size } => fill(
                self.err_off_board,
                &[token, list, size, &queens_board::last_column(*size)],
            ),
            ParseError::DuplicateStone(cell) => fill(self.err_duplicate_stone, &[cell]),
            ParseError::TooManyStones { count, size, max } => {
                fill(self.err_too_many_stones, &[count, size, max])
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::texts;
    use crate::session::settings::Language;
    use queens_board::Board;

    #[test]
    fn both_languages_name_the_bad_token() {
        let names = ["P1".to_string(), "P2".to_string()];
        for language in Language::ALL {
            let texts = texts(language);
            for (bad, token) in [
                ("size=8 moves=c3,zz", "zz"),
                ("size=99", "99"),
                ("size=5 colour=red", "colour"),
                ("size=4 moves=b2,b2", "b2"),
            ] {
                let Err(error) = Board::from_game_string(bad) else {
                    panic!("{bad} parsed")
                };
                let text = texts.game_error(&error, &names);
                assert!(text.contains(token), "{language:?}: {text}");
            }
        }
    }

    #[test]
    fn a_bad_cell_is_told_the_range_of_the_pasted_board() {
        let names = ["P1".to_string(), "P2".to_string()];
        for language in Language::ALL {
            let texts = texts(language);
            for bad in ["size=8 moves=c3,z9", "size=8 stones=i1"] {
                let Err(error) = Board::from_game_string(bad) else {
                    panic!("{bad} parsed")
                };
                let text = texts.game_error(&error, &names);
                assert!(
                    text.contains("a..h") && text.contains("1..8") && !text.contains("15"),
                    "{language:?}: {text}"
                );
            }
        }
    }
}
