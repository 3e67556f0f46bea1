//! Results the window knows for sure: a search that reached the end of every line has
//! proven the final margin with best play, and the status says so ("Computer will finish
//! 6 cells ahead with best play"). Only for the position it was proven for: after any
//! other move the claim is gone until a search proves it again.
//!
//! [`Known`] is the one place the window looks such a margin up: the computer's
//! searches, the move values (heat map) and the game analysis all put what they prove
//! there, and every line that tells the margin with best play reads it from there, so
//! a proven value is shown the same everywhere (issue 19: a proven "7 cells ahead"
//! beside an estimated "5 cells ahead").
//!
//! Before the first move, the first-move advantage of a board without stones comes from
//! the opening book the solver proved ([`first_move_advantage`]); other boards say
//! nothing until a search proves them.

use crate::i18n::{Texts, fill};
use queens_board::{Board, Player};
use queens_engines::ai::SearchOutcome;
use queens_engines::analysis::{Analysis, MoveValues};
use std::collections::HashMap;

/// Proven margins by position (game string).
#[derive(Clone, Debug, Default)]
pub(crate) struct Known {
    margins: HashMap<String, i32>,
}

/// How many positions are remembered: a long session forgets them all at once past it
/// (they are proved again when wanted).
const KNOWN_MAX: usize = 4096;

impl Known {
    /// Remembers P1's proven margin of `position` (a game string).
    pub(crate) fn insert(&mut self, position: String, margin_p1: i32) {
        if self.margins.len() >= KNOWN_MAX && !self.margins.contains_key(&position) {
            self.margins.clear();
        }
        let previous = self.margins.insert(position, margin_p1);
        debug_assert!(
            previous.is_none_or(|p| p == margin_p1),
            "two proofs disagree: {previous:?} and {margin_p1}"
        );
    }

    /// Remembers what a search proved.
    pub(crate) fn learn(&mut self, result: KnownResult) {
        self.insert(result.position, result.margin_p1);
    }

    /// Remembers the position's margin the move values proved, if they did.
    pub(crate) fn learn_values(&mut self, values: &MoveValues) {
        if let Some(margin) = values.proved_margin() {
            self.insert(values.position.clone(), margin);
        }
    }

    /// Remembers every position of `game` whose margin `analysis` (of that game) proved.
    pub(crate) fn learn_analysis(&mut self, game: &Board, analysis: &Analysis) {
        if analysis.game != game.game_string() {
            return;
        }
        for (ply, value) in analysis.positions.iter().enumerate() {
            if let Some(value) = value.as_ref().filter(|v| v.exact) {
                self.insert(game.at_ply(ply).game_string(), value.margin);
            }
        }
    }

    /// P1's proven margin of `board`, if known: proved this session, or an empty board
    /// of the opening book.
    pub(crate) fn margin_for(&self, board: &Board) -> Option<i32> {
        self.margins
            .get(&board.game_string())
            .copied()
            .or_else(|| first_move_advantage(board))
    }
}

/// A final margin proven for one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct KnownResult {
    /// The position's game string.
    pub position: String,
    /// P1's final cells minus P2's with best play from there.
    pub margin_p1: i32,
}

impl KnownResult {
    /// The result `outcome` (a search of `board`) proves for `position` (`board`
    /// itself, or the position after the search's best move, which keeps the value).
    pub(crate) fn proven<M>(
        board: &Board,
        outcome: &SearchOutcome<M>,
        position: &Board,
    ) -> Option<Self> {
        proven_margin(board, outcome).map(|margin_p1| KnownResult {
            position: position.game_string(),
            margin_p1,
        })
    }
}

/// P1's final margin with best play, when `outcome` (a search of `board`) proves it.
///
/// Whether a value is exact is the search's to say ([`SearchOutcome::exact`]: it reached
/// the end of every line, or a solver proved it), never worked out here; the window only
/// turns the mover's value into P1's.
pub(crate) fn proven_margin<M>(board: &Board, outcome: &SearchOutcome<M>) -> Option<i32> {
    if !outcome.exact || outcome.best_move.is_none() {
        return None;
    }
    let mover = outcome.value.0;
    Some(match board.side_to_move() {
        Player::One => mover,
        Player::Two => -mover,
    })
}

/// P1's proven margin with best play from `board` before its first move, when the
/// opening book has it (an empty board, data/opening_book.ron: the same figure `queens
/// solve` and `solve --all-moves` give); `None` for any other board.
pub(crate) fn first_move_advantage(board: &Board) -> Option<i32> {
    queens_engines::ai::strong::OpeningBook::shipped().margin(board)
}

/// "This board favours the first player by 18 cells with best play (proven)."
pub(crate) fn advantage_sentence(t: &Texts, margin_p1: i32) -> String {
    match margin_p1 {
        0 => t.board_even.to_string(),
        m if m > 0 => fill(t.board_favours, &[&m]),
        m => fill(t.board_favours_second, &[&-m]),
    }
}

/// The status line of a proven result: who finishes ahead and by how much, by the names
/// the window shows (P1 first).
pub(crate) fn known_result_sentence(t: &Texts, names: &[String; 2], margin_p1: i32) -> String {
    match margin_p1 {
        0 => t.exact_draw.to_string(),
        m if m > 0 => fill(t.exact_win, &[&names[0], &m]),
        m => fill(t.exact_win, &[&names[1], &-m]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::texts;
    use crate::session::settings::Language;
    use queens_board::Cell;
    use queens_engines::ai::{Limits, Method, search_board};

    fn board(size: u8, moves: &[&str]) -> Board {
        let mut board = Board::new(size, &[]).unwrap_or_else(|e| panic!("{e}"));
        for name in moves {
            let cell = Cell::parse(name).unwrap_or_else(|| panic!("bad cell {name}"));
            board.play(cell).unwrap_or_else(|e| panic!("{e}"));
        }
        board
    }

    /// The final margin of `board` (P1's view) when both sides play minimax's moves.
    fn played_out(mut board: Board) -> i32 {
        while !board.is_over() {
            let depth = board.free().count();
            let outcome = search_board(&board, Method::Minimax, Limits::depth(depth));
            let Some(cell) = outcome.best_move else { break };
            board.play(cell).unwrap_or_else(|e| panic!("{e}"));
        }
        board.score(Player::One) as i32 - board.score(Player::Two) as i32
    }

    #[test]
    fn a_search_to_the_end_proves_the_margin_and_a_shallow_one_does_not() {
        for (size, moves) in [(4, &["b2"][..]), (4, &[][..]), (5, &["c3", "b1"][..])] {
            let board = board(size, moves);
            let free = board.free().count();
            let full = search_board(&board, Method::AlphaBeta, Limits::depth(free));
            let margin = proven_margin(&board, &full);
            assert_eq!(margin, Some(played_out(board.clone())), "{size} {moves:?}");
            let shallow = search_board(&board, Method::AlphaBeta, Limits::depth(1));
            assert_eq!(proven_margin(&board, &shallow), None);
            let mut known = Known::default();
            if let Some(result) = KnownResult::proven(&board, &full, &board) {
                known.learn(result);
            }
            assert_eq!(known.margin_for(&board), margin);
        }
    }

    #[test]
    fn every_source_of_a_proof_is_read_back_by_position() {
        use queens_engines::analysis::{AnalysisSettings, analyse};
        let game = board(4, &["b2", "c4"]);
        let analysis = analyse(
            &game,
            AnalysisSettings {
                time: std::time::Duration::from_secs(5),
                threads: 1,
                hash_mb: 4,
                retry: std::time::Duration::ZERO,
            },
            &|| false,
            &mut |_, _| {},
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let mut known = Known::default();
        known.learn_analysis(&game, &analysis);
        for ply in 0..=game.ply() {
            let position = game.at_ply(ply);
            let exact = queens_engines::ai::strong::solve_board(
                &position,
                queens_engines::ai::strong::SolveSettings::default(),
                4,
            );
            assert_eq!(known.margin_for(&position), exact.margin, "{ply}");
        }
        // Another game's analysis teaches nothing.
        let mut other = Known::default();
        other.learn_analysis(&board(4, &["b2"]), &analysis);
        assert_eq!(other.margin_for(&game), None);
    }

    #[test]
    fn the_sentence_names_who_finishes_ahead_in_both_languages() {
        let names = ["You".to_string(), "Computer (Hard)".to_string()];
        let en = texts(Language::English);
        assert_eq!(
            known_result_sentence(en, &names, -6),
            "Computer (Hard) will finish 6 cells ahead with best play (proven)"
        );
        assert_eq!(
            known_result_sentence(en, &names, 2),
            "You will finish 2 cells ahead with best play (proven)"
        );
        let vi = texts(Language::Vietnamese);
        for margin in [-6, 0, 3] {
            let (a, b) = (
                known_result_sentence(en, &names, margin),
                known_result_sentence(vi, &names, margin),
            );
            assert_ne!(a, b);
            assert!(!b.contains('{'), "{b}");
        }
    }

    #[test]
    fn the_empty_board_table_is_what_the_solver_proves() {
        use queens_engines::ai::strong::{SolveSettings, solve_board};
        for size in 3..=8u8 {
            let board = board(size, &[]);
            let result = solve_board(&board, SolveSettings::default(), 4);
            assert_eq!(result.margin, first_move_advantage(&board), "size {size}");
        }
        let stones = Board::new(8, &[Cell::new(1, 1)]).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(first_move_advantage(&stones), None);
        assert_eq!(first_move_advantage(&board(8, &["d4"])), None);
        let en = texts(Language::English);
        assert_eq!(
            advantage_sentence(en, 35),
            "This board favours the first player by 35 cells with best play (proven)."
        );
    }
}
