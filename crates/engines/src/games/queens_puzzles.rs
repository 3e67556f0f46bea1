//! Queens' puzzle finder ([`Rules::puzzle_finder`] for the board): boards of stones drawn
//! from the run's seed and played by the thesis's alpha-beta at mixed depths
//! ([`crate::ai::puzzles::plan`]), the positions of [`MIN_FREE`] to [`MAX_FREE`] free
//! cells offered unless a mirror image of one was made a puzzle, each proved by the
//! strong solver within the ask's time with one table for the game
//! ([`crate::ai::puzzles::puzzle_of`]: mirror-image moves are one answer).
//!
//! [`Rules::puzzle_finder`]: super::seam::Rules::puzzle_finder

use super::puzzle_finder::{PuzzleAsk, PuzzleFinder, PuzzleProof};
use super::seam::StopWhen;
use crate::ai::puzzles::{
    GamePlan, MAX_FREE, MIN_FREE, PUZZLE_HASH_MB, Refusal, SeenPositions, plan, puzzle_of,
};
use crate::ai::strong::{SolveSettings, Table, table_for_board};
use queens_board::{Board, SplitMix64};
use std::ops::RangeInclusive;

/// Queens' [`super::seam::Rules::puzzle_finder`].
pub(super) fn finder(ask: &PuzzleAsk) -> Box<dyn PuzzleFinder> {
    Box::new(QueensPuzzles {
        sizes: ask.sizes.0..=ask.sizes.1,
        min_loss: i32::try_from(ask.min_loss).unwrap_or(i32::MAX),
        settings: SolveSettings {
            time: ask.time,
            threads: ask.threads.max(1),
            ..SolveSettings::default()
        },
        game: None,
        table: None,
        seen: SeenPositions::default(),
    })
}

/// The run's settings, the game being played and the puzzles' positions so far.
struct QueensPuzzles {
    sizes: RangeInclusive<u8>,
    min_loss: i32,
    /// The solver's settings; the time limit is for each position offered.
    settings: SolveSettings,
    game: Option<GamePlan>,
    /// The game's table, made at its first position offered (its entries are for one
    /// board's stones).
    table: Option<Table>,
    /// No position is made a puzzle twice, nor a mirror image of one (small boards
    /// repeat: the empty 5x5 board opens one game in eleven there).
    seen: SeenPositions,
}

impl QueensPuzzles {
    fn board(&self) -> Option<&Board> {
        self.game.as_ref().map(|game| &game.board)
    }
}

impl PuzzleFinder for QueensPuzzles {
    fn next_game(&mut self, stream: &mut SplitMix64) -> bool {
        self.game = plan(stream, &self.sizes);
        self.table = None;
        self.game.is_some()
    }

    fn worth_proving(&mut self) -> bool {
        self.board().is_some_and(|board| {
            (MIN_FREE..=MAX_FREE).contains(&board.free().count()) && !self.seen.contains(board)
        })
    }

    fn prove(&mut self, stop: &(dyn Fn() -> bool + Sync)) -> Result<PuzzleProof, Refusal> {
        let Some(game) = &self.game else {
            return Err(Refusal::NoChoice);
        };
        let board = &game.board;
        let table = match &self.table {
            Some(table) => table,
            None => self.table.insert(
                table_for_board(board, PUZZLE_HASH_MB).unwrap_or_else(|_| Table::with_mb(1)),
            ),
        };
        let puzzle = puzzle_of(board, table, self.settings, self.min_loss, &StopWhen(stop))?;
        Ok(PuzzleProof {
            puzzle,
            value: None,
        })
    }

    fn found(&mut self) {
        if let Some(game) = &self.game {
            self.seen.insert(&game.board);
        }
    }

    fn advance(&mut self) -> bool {
        let Some(game) = &mut self.game else {
            return false;
        };
        // Free cells only get fewer: no later position is offered.
        if game.board.free().count() < MIN_FREE {
            return false;
        }
        game.advance()
    }
}
