//! A plain exhaustive minimax over the game seam, the reference the differential tests
//! hold the proved tools to (`seam_analysis`, the puzzles of `cli_puzzles`).
//!
//! It uses only the seam's `legal_moves`, `play_text`, `undo`, `result`, `score` and
//! `seat_to_move`: no engine, no evaluation, no solver. [`Reference`] scores a finished
//! game from the side to move's view as a win, a draw or a loss at the ply the game
//! ended (counted from the start), and prefers a quicker win and a slower loss, as the
//! rules' exact values do; Dodgem's draw rule is the rules' own (a draw once 60 plies
//! are played, `result` says so), so it is exhaustive to that limit; positions repeat a
//! great deal, so it remembers each (position, ply) it solved (the position's notation,
//! which holds the ply, is the key). [`queens_margin`] is queens' reference, by the
//! rules' own score.

use queens_engines::analysis::proved::Outcome;
use queens_engines::games::seam::AnyGame;
use std::collections::HashMap;

/// A result from the side to move's view, ordered as the side prefers it: a quicker win
/// is worth more, a slower loss less bad.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Result {
    /// Lost at this ply (a later loss is larger).
    Loss(i64),
    Draw,
    /// Won at this ply (negated, so a sooner win is larger).
    Win(i64),
}

impl Result {
    pub(crate) fn flipped(self) -> Result {
        match self {
            Result::Loss(p) => Result::Win(-p),
            Result::Draw => Result::Draw,
            Result::Win(p) => Result::Loss(-p),
        }
    }

    pub(crate) fn outcome(self) -> (Outcome, Option<u32>) {
        let ply = |p: i64| u32::try_from(p).ok();
        match self {
            Result::Loss(p) => (Outcome::Loss, ply(p)),
            Result::Draw => (Outcome::Draw, None),
            Result::Win(p) => (Outcome::Win, ply(-p)),
        }
    }
}

/// Plain minimax over the seam, remembering solved positions by their notation.
pub(crate) struct Reference {
    memo: HashMap<String, Result>,
}

impl Reference {
    pub(crate) fn new() -> Reference {
        Reference {
            memo: HashMap::new(),
        }
    }

    /// The value of `game` from its side to move's view; `ply` is its ply from the start.
    pub(crate) fn value(&mut self, game: &mut dyn AnyGame, ply: i64) -> Result {
        if let Some(result) = game.result() {
            let mover = game.seat_to_move();
            return match result {
                None => Result::Draw,
                Some(winner) if winner == mover => Result::Win(-ply),
                Some(_) => Result::Loss(ply),
            };
        }
        let key = game.to_string();
        if let Some(&known) = self.memo.get(&key) {
            return known;
        }
        let mut best = None;
        for mv in game.legal_moves() {
            game.play_text(&mv)
                .unwrap_or_else(|e| panic!("{key}: {mv}: {e}"));
            let child = self.value(game, ply + 1).flipped();
            game.undo();
            best = Some(best.map_or(child, |b: Result| b.max(child)));
        }
        let best = best.unwrap_or_else(|| panic!("{key}: no move and no result"));
        self.memo.insert(key, best);
        best
    }

    /// Each legal move of `game` with its value from the mover's view.
    pub(crate) fn moves(&mut self, game: &mut dyn AnyGame, ply: i64) -> Vec<(String, Result)> {
        game.legal_moves()
            .into_iter()
            .map(|mv| {
                game.play_text(&mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
                let value = self.value(game, ply + 1).flipped();
                game.undo();
                (mv, value)
            })
            .collect()
    }
}

/// Queens' plain reference: exhaustive minimax over the seam alone, a finished game
/// scored by the rules' own score (the cells each side owns) as the mover's final cells
/// less the other's. No engine, no solver, no evaluation.
pub(crate) fn queens_margin(game: &mut dyn AnyGame) -> i32 {
    if game.result().is_some() {
        let score = game.score();
        let mover = game.seat_to_move().min(1);
        return score[mover] as i32 - score[1 - mover] as i32;
    }
    let mut best = i32::MIN;
    for mv in game.legal_moves() {
        game.play_text(&mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
        best = best.max(-queens_margin(game));
        game.undo();
    }
    best
}
