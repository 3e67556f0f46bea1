//! Othello (Reversi) on 6x6 and 8x8: the game lecture 003 names beside checkers (Logistello
//! beat the world champion in 1997), and the home of its weighted linear evaluation
//! `Eval(s) = w1 f1(s) + ... + wn fn(s)` ([`super::othello_eval`]).
//!
//! Rules: black moves first from the four centre discs (white on d4 and e4's diagonal:
//! d4 and e5 white, e4 and d5 black on 8x8). A move places a disc that brackets one or
//! more straight lines of the opponent's discs, which turn over. A side with no such move
//! passes (the pass is a move, written `pass`); when neither side can move the game is
//! over and the side with more discs wins. Cells are written `a1` (top left) to `h8`.
//!
//! The board is two 64-bit masks (bit `row * 8 + col`), whatever the side, so 6x6 and
//! 8x8 share every line of code; cells outside the side's square are never set.

mod rules;

use super::othello_eval::OthelloEval;
use crate::ai::{FrontierGame, GamePosition, MoveList, Score, SearchGame};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// The game's tag: saves' `kind`, `--kind`, `game=`.
pub(crate) const KIND: &str = "othello";

/// The board sides played.
pub(crate) const SIZES: [u8; 2] = [6, 8];

/// The side of a game string without `size=`.
pub(crate) const DEFAULT_SIZE: u8 = 8;

/// The score of a finished game beyond any evaluation: `WIN + disc margin` for the
/// winner (so a bigger win is worth more), its negation for the loser, 0 a draw.
pub(crate) const WIN: i32 = 100_000;

/// The eight directions as bit shifts of the 8-wide mask (positive: towards h8).
const SHIFTS: [i32; 8] = [1, -1, 8, -8, 9, 7, -7, -9];

/// A move: a disc on a cell (its bit index), or a forced pass.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) enum OthelloMove {
    /// No legal placement: the turn passes.
    #[default]
    Pass,
    /// A disc on the cell `row * 8 + col`.
    Place(u8),
}

impl OthelloMove {
    /// The move on `row`, `col` (0-based, row 0 at the top).
    pub(crate) const fn at(row: u8, col: u8) -> OthelloMove {
        OthelloMove::Place(row * 8 + col)
    }
}

impl fmt::Display for OthelloMove {
    /// `d3`, or `pass`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            OthelloMove::Pass => f.write_str("pass"),
            OthelloMove::Place(bit) => {
                let col = char::from(b'a' + bit % 8);
                write!(f, "{col}{}", bit / 8 + 1)
            }
        }
    }
}

/// A position or a move that does not fit Othello.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub(crate) enum OthelloError {
    /// A size other than 6 or 8.
    #[error("'{0}' is not an Othello board side: write 6 or 8")]
    BadSize(String),
    /// Not a cell name or `pass`.
    #[error("'{0}' is not a move: write a cell like d3, or pass")]
    NotAMove(String),
    /// A cell off this board.
    #[error("{0} is not on the {1}x{1} board")]
    OffBoard(String, u8),
    /// A placement that turns nothing over, or on a taken cell.
    #[error("{0} is not legal here: a disc must turn over at least one of the opponent's")]
    Illegal(String),
    /// A pass while a placement is possible.
    #[error("pass is legal only when no disc can be placed")]
    NoPass,
    /// A move after the end.
    #[error("the game is over")]
    GameOver,
    /// Notation that is not rows of `b`, `w`, `.` and a side to move.
    #[error(
        "an Othello position is 6 or 8 rows of b, w and . separated by '/', then the side to move (b or w)"
    )]
    Shape,
}

/// An Othello position with the moves played since it was set up (for undo).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Othello {
    size: u8,
    /// Discs of seat 0 (black) and seat 1 (white).
    discs: [u64; 2],
    /// The seat to move.
    to_move: usize,
    /// Each move played with the discs it turned over.
    history: Vec<(OthelloMove, u64)>,
    eval: OthelloEval,
}

impl Othello {
    /// The start position on a `size` board (6 or 8).
    ///
    /// # Errors
    /// [`OthelloError::BadSize`] for another side.
    pub(crate) fn new(size: u8) -> Result<Othello, OthelloError> {
        if !SIZES.contains(&size) {
            return Err(OthelloError::BadSize(size.to_string()));
        }
        let (low, high) = (size / 2 - 1, size / 2);
        let bit = |row: u8, col: u8| 1u64 << (row * 8 + col);
        Ok(Othello {
            size,
            discs: [
                bit(low, high) | bit(high, low),
                bit(low, low) | bit(high, high),
            ],
            to_move: 0,
            history: Vec::new(),
            eval: OthelloEval::default_weights(),
        })
    }

    /// The board side.
    #[cfg(test)]
    pub(crate) fn size(&self) -> u8 {
        self.size
    }

    /// The seat whose disc is on `row`, `col`, if any.
    pub(crate) fn disc(&self, row: u8, col: u8) -> Option<usize> {
        let bit = 1u64 << (row * 8 + col);
        (0..2).find(|&seat| self.discs[seat] & bit != 0)
    }

    /// Discs of each seat.
    pub(crate) fn counts(&self) -> [u32; 2] {
        self.discs.map(u64::count_ones)
    }

    /// The seat to move.
    #[cfg(test)]
    pub(crate) fn to_move(&self) -> usize {
        self.to_move
    }

    /// The cells of the board as a mask.
    pub(crate) fn cells(&self) -> u64 {
        let row = (1u64 << self.size) - 1;
        (0..u64::from(self.size)).fold(0, |mask, r| mask | (row << (8 * r)))
    }

    fn shift(&self, bits: u64, by: i32) -> u64 {
        // A step east must not wrap into column a of the next row, a step west not into
        // column h of the row before; the board mask drops everything else off the side.
        const NOT_A: u64 = !0x0101_0101_0101_0101;
        const NOT_H: u64 = !0x8080_8080_8080_8080;
        let moved = if by > 0 { bits << by } else { bits >> -by };
        let wrap = match by {
            1 | 9 | -7 => NOT_A,
            -1 | -9 | 7 => NOT_H,
            _ => !0,
        };
        moved & wrap & self.cells()
    }

    /// The cells where `seat` may place a disc (it would turn some over).
    pub(crate) fn placements(&self, seat: usize) -> u64 {
        let (own, opp) = (self.discs[seat], self.discs[1 - seat]);
        let empty = self.cells() & !(own | opp);
        let mut moves = 0;
        for by in SHIFTS {
            let mut run = self.shift(own, by) & opp;
            for _ in 0..5 {
                run |= self.shift(run, by) & opp;
            }
            moves |= self.shift(run, by) & empty;
        }
        moves
    }

    /// The discs a disc of the side to move on `bit` would turn over.
    pub(crate) fn flips(&self, bit: u8) -> u64 {
        let (own, opp) = (self.discs[self.to_move], self.discs[1 - self.to_move]);
        let mut flips = 0;
        for by in SHIFTS {
            let mut line = 0;
            let mut at = self.shift(1u64 << bit, by);
            while at & opp != 0 {
                line |= at;
                at = self.shift(at, by);
            }
            if at & own != 0 {
                flips |= line;
            }
        }
        flips
    }

    /// Whether neither side can place a disc: the game is over.
    pub(crate) fn is_over(&self) -> bool {
        self.placements(self.to_move) == 0 && self.placements(1 - self.to_move) == 0
    }

    /// The winner once over (`Some(None)` a draw), by the discs on the board.
    pub(crate) fn winner(&self) -> Option<Option<usize>> {
        if !self.is_over() {
            return None;
        }
        let [black, white] = self.counts();
        Some(match black.cmp(&white) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        })
    }

    /// The legal moves: the placements, a pass when there is none but the opponent has
    /// one, nothing once over. Placements are listed corners first, then the rest of the
    /// board in reading order (the engines try them in this order).
    pub(crate) fn moves(&self) -> Vec<OthelloMove> {
        let mut list = MoveList::default();
        self.ordered_moves(&mut list);
        list.as_slice().to_vec()
    }

    /// Plays `mv` for the side to move, checked.
    ///
    /// # Errors
    /// [`OthelloError::GameOver`], [`OthelloError::Illegal`], [`OthelloError::NoPass`].
    pub(crate) fn play(&mut self, mv: OthelloMove) -> Result<(), OthelloError> {
        if self.is_over() {
            return Err(OthelloError::GameOver);
        }
        let placements = self.placements(self.to_move);
        match mv {
            OthelloMove::Pass if placements != 0 => return Err(OthelloError::NoPass),
            OthelloMove::Place(bit) if bit >= 64 || placements & (1u64 << bit) == 0 => {
                return Err(OthelloError::Illegal(mv.to_string()));
            }
            _ => {}
        }
        self.do_move(mv);
        Ok(())
    }

    /// Reads `d3` or `pass` as a move on this board (it need not be legal).
    ///
    /// # Errors
    /// [`OthelloError::NotAMove`] or [`OthelloError::OffBoard`].
    pub(crate) fn parse_move(&self, text: &str) -> Result<OthelloMove, OthelloError> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("pass") {
            return Ok(OthelloMove::Pass);
        }
        let bad = || OthelloError::NotAMove(queens_board::clip_token(text));
        let mut chars = text.chars();
        let col = chars.next().ok_or_else(bad)?.to_ascii_lowercase();
        let row: u8 = chars.as_str().parse().map_err(|_| bad())?;
        if !col.is_ascii_lowercase() || row == 0 {
            return Err(bad());
        }
        let col = col as u8 - b'a';
        if col >= self.size || row > self.size {
            return Err(OthelloError::OffBoard(text.to_string(), self.size));
        }
        Ok(OthelloMove::at(row - 1, col))
    }

    fn empties(&self) -> u32 {
        (self.cells() & !(self.discs[0] | self.discs[1])).count_ones()
    }
}

impl fmt::Display for Othello {
    /// Rows top to bottom (`b` black, `w` white, `.` empty) separated by `/`, then the
    /// side to move: `......./.../... b`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..self.size {
            if row > 0 {
                f.write_str("/")?;
            }
            for col in 0..self.size {
                f.write_str(match self.disc(row, col) {
                    Some(0) => "b",
                    Some(_) => "w",
                    None => ".",
                })?;
            }
        }
        f.write_str(if self.to_move == 0 { " b" } else { " w" })
    }
}

impl FromStr for Othello {
    type Err = OthelloError;

    /// The notation [`Othello`]'s `Display` writes.
    fn from_str(text: &str) -> Result<Othello, OthelloError> {
        let mut words = text.split_whitespace();
        let (Some(rows), Some(side), None) = (words.next(), words.next(), words.next()) else {
            return Err(OthelloError::Shape);
        };
        let rows: Vec<&str> = rows.split('/').collect();
        let size = u8::try_from(rows.len()).map_err(|_| OthelloError::Shape)?;
        let mut game = Othello::new(size).map_err(|_| OthelloError::Shape)?;
        game.discs = [0, 0];
        for (row, text) in rows.iter().enumerate() {
            if text.len() != rows.len() {
                return Err(OthelloError::Shape);
            }
            for (col, cell) in text.bytes().enumerate() {
                let bit = 1u64 << (row * 8 + col);
                match cell.to_ascii_lowercase() {
                    b'b' => game.discs[0] |= bit,
                    b'w' => game.discs[1] |= bit,
                    b'.' => {}
                    _ => return Err(OthelloError::Shape),
                }
            }
        }
        game.to_move = match side {
            "b" | "B" => 0,
            "w" | "W" => 1,
            _ => return Err(OthelloError::Shape),
        };
        Ok(game)
    }
}

impl GamePosition for Othello {
    type Move = OthelloMove;
    type Search = Othello;

    fn search_game(&self) -> Othello {
        self.clone()
    }
}

impl SearchGame for Othello {
    type Move = OthelloMove;

    /// Corners first, then the rest in reading order; a forced pass alone; none once
    /// over.
    fn ordered_moves(&self, list: &mut MoveList<OthelloMove>) {
        list.clear();
        let placements = self.placements(self.to_move);
        if placements == 0 {
            if self.placements(1 - self.to_move) != 0 {
                list.push(OthelloMove::Pass);
            }
            return;
        }
        let corners = self.eval.corner_mask(self.size);
        for part in [placements & corners, placements & !corners] {
            let mut rest = part;
            while rest != 0 {
                let bit = rest.trailing_zeros() as u8;
                list.push(OthelloMove::Place(bit));
                rest &= rest - 1;
            }
        }
    }

    fn do_move(&mut self, mv: OthelloMove) {
        let flips = match mv {
            OthelloMove::Pass => 0,
            OthelloMove::Place(bit) => {
                let flips = self.flips(bit);
                self.discs[self.to_move] |= flips | (1u64 << bit);
                self.discs[1 - self.to_move] &= !flips;
                flips
            }
        };
        self.history.push((mv, flips));
        self.to_move = 1 - self.to_move;
    }

    fn undo_move(&mut self) {
        if let Some((mv, flips)) = self.history.pop() {
            self.to_move = 1 - self.to_move;
            if let OthelloMove::Place(bit) = mv {
                self.discs[self.to_move] &= !(flips | (1u64 << bit));
                self.discs[1 - self.to_move] |= flips;
            }
        }
    }

    fn is_terminal(&self) -> bool {
        self.is_over()
    }

    /// Every move fills a cell or passes, and two passes in a row end the game, so at
    /// most two plies per empty cell remain.
    fn plies_left_bound(&self) -> u32 {
        2 * self.empties() + 1
    }

    /// A finished game: `±(WIN + disc margin)`; otherwise the weighted sum of
    /// [`OthelloEval`], from the side to move's view.
    fn evaluate(&self) -> Score {
        let me = self.to_move;
        let [mine, theirs] = [self.counts()[me], self.counts()[1 - me]].map(|n| n as i32);
        if self.is_over() {
            let margin = mine - theirs;
            return Score(match margin.signum() {
                0 => 0,
                sign => sign * WIN + margin,
            });
        }
        let mobility = [0, 1].map(|seat| self.placements(seat).count_ones());
        Score(self.eval.evaluate(self.size, self.discs, mobility, me))
    }
}

impl FrontierGame for Othello {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::seam::{Rules, perft};

    fn count(game: &mut Othello, depth: u32) -> u64 {
        perft(game, depth, &|| false).unwrap_or(0)
    }

    /// The published 8x8 perft (A. Bik, "Othello perft", from the standard start; a
    /// pass counts as a ply): 1, 4, 12, 56, 244, 1396, 8200, 55092, 390216.
    #[test]
    fn a_finished_games_value_proves_its_disc_margin_and_an_estimate_proves_none() {
        use crate::games::rules::Rules;
        assert_eq!(<Othello as Rules>::proven_margin(WIN + 34), Some(34));
        assert_eq!(<Othello as Rules>::proven_margin(-(WIN + 6)), Some(-6));
        assert_eq!(<Othello as Rules>::proven_margin(WIN + 64), Some(64));
        assert_eq!(<Othello as Rules>::proven_margin(0), None);
        assert_eq!(<Othello as Rules>::proven_margin(2_500), None);
        assert_eq!(<Othello as Rules>::proven_margin(-2_500), None);
        assert_eq!(<Othello as Rules>::proven_margin(WIN), None);
        assert_eq!(<Othello as Rules>::proven_margin(i32::MIN), None);
    }

    #[test]
    fn the_8x8_start_counts_the_published_perft() {
        let mut game = Othello::new(8).unwrap_or_else(|e| panic!("{e}"));
        let counts: Vec<u64> = (0..=8).map(|depth| count(&mut game, depth)).collect();
        assert_eq!(counts, [1, 4, 12, 56, 244, 1396, 8200, 55092, 390216]);
    }

    /// A plain reference: every position rebuilt from the start by replaying its moves
    /// through the checked `play`, legal moves found cell by cell by trying them.
    fn reference(moves: &mut Vec<OthelloMove>, size: u8, depth: u32) -> u64 {
        let replay = |moves: &[OthelloMove]| {
            let mut game = Othello::new(size).unwrap_or_else(|e| panic!("{e}"));
            for &mv in moves {
                game.play(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
            }
            game
        };
        if depth == 0 {
            return 1;
        }
        let here = replay(moves);
        let mut legal: Vec<OthelloMove> = (0..size)
            .flat_map(|row| (0..size).map(move |col| OthelloMove::at(row, col)))
            .filter(|&mv| here.clone().play(mv).is_ok())
            .collect();
        if legal.is_empty() && here.clone().play(OthelloMove::Pass).is_ok() {
            legal.push(OthelloMove::Pass);
        }
        if legal.is_empty() {
            return 1;
        }
        legal
            .into_iter()
            .map(|mv| {
                moves.push(mv);
                let below = reference(moves, size, depth - 1);
                moves.pop();
                below
            })
            .sum()
    }

    #[test]
    fn the_6x6_counts_match_a_plain_reference_and_passes_count() {
        let mut game = Othello::new(6).unwrap_or_else(|e| panic!("{e}"));
        for depth in 0..=5 {
            assert_eq!(
                count(&mut game, depth),
                reference(&mut Vec::new(), 6, depth),
                "depth {depth}"
            );
        }
        // A game over (white has no disc left) ends every sequence at once: 1 at any depth.
        let mut over: Othello = "....../....../..bbb./..bb../....../...... w"
            .parse()
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(over.is_over());
        assert_eq!(Rules::result(&over), Some(Some(0)));
        assert_eq!(count(&mut over, 3), 1);
        // The forced pass counts as a ply: black passes, white takes c1, the game ends.
        let mut pass: Othello = "wb..../....../....../....../....../...... b"
            .parse()
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!([1, 2, 3].map(|depth| count(&mut pass, depth)), [1, 1, 1]);
        assert_eq!(count(&mut pass, 0), 1);
    }

    #[test]
    fn a_forced_pass_is_the_only_move_and_undo_restores_everything() {
        // Black to move with no placement (its one disc is beside white's corner); white
        // can still bracket it: black must pass.
        let mut game: Othello = "wb..../....../....../....../....../...... b"
            .parse()
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(Rules::legal_moves(&game), [OthelloMove::Pass]);
        let before = game.clone();
        Rules::play(&mut game, OthelloMove::Pass).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(game.to_move(), 1);
        let Some(&first) = Rules::legal_moves(&game).first() else {
            panic!("white has a move")
        };
        Rules::play(&mut game, first).unwrap_or_else(|e| panic!("{e}"));
        Rules::undo(&mut game);
        Rules::undo(&mut game);
        assert_eq!(game, before);
        assert!(matches!(
            Othello::play(&mut game, OthelloMove::at(0, 0)),
            Err(OthelloError::Illegal(_))
        ));
    }

    #[test]
    fn moves_read_and_write_in_notation_and_the_game_string_reads_back() {
        let mut game = Othello::new(8).unwrap_or_else(|e| panic!("{e}"));
        for text in ["d3", "c5", "f6"] {
            let mv = Othello::parse_move(&game, text).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(mv.to_string(), text);
            Othello::play(&mut game, mv).unwrap_or_else(|e| panic!("{text}: {e}"));
        }
        let text = crate::games::game_string::write(&game);
        assert_eq!(text, "game=othello size=8 moves=d3,c5,f6");
        let back =
            crate::games::game_string::read_as::<Othello>(&text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(back.to_string(), game.to_string());
        assert!(matches!(
            Othello::parse_move(&Othello::new(6).unwrap_or_else(|e| panic!("{e}")), "g1"),
            Err(OthelloError::OffBoard(..))
        ));
        let refused = crate::games::game_string::read("game=othello size=7");
        assert!(refused.is_err());
    }
}
