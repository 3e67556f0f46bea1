//! "Find the move" puzzles for every game whose row in the games table has an exact
//! solver: positions of random games where exactly one move keeps the proved result
//! (for queens, whose result is a margin, the whole margin) and every other move gives
//! away at least `min_loss` (result steps for a win/draw/loss game, 1: a win to a draw
//! or a draw to a loss, 2: a win to a loss; cells for queens), all proved through the
//! seam ([`super::proved`]). Queens also has its own generator (`crate::ai::puzzles`),
//! which draws boards of stones and proves with time limits.
//!
//! Each game draws its own move stream from one SplitMix64 stream of the seed, so the
//! same seed gives the same puzzles; a game gives at most one puzzle, and no position
//! is a puzzle twice.

use super::proved::{Outcome, ProvedMove, Stop, proved_moves};
use crate::board::SplitMix64;
use crate::games::seam::{AnyGame, NoExactSolver};
use std::collections::HashSet;

/// Games played per puzzle asked for (plus [`SPARE_GAMES`]) before a run gives up: a
/// small game has few positions, and a run asking for more puzzles than it has ends
/// with the ones it found.
pub const GAMES_PER_PUZZLE: u64 = 50;

/// See [`GAMES_PER_PUZZLE`].
pub const SPARE_GAMES: u64 = 100;

/// One puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProvedPuzzle {
    /// The position as a game string (the moves that led to it included).
    pub game: String,
    /// The one move that keeps the proved result.
    pub solution: String,
    /// The position's value from the mover's view (the solution's).
    pub value: i32,
    /// What the value proves for the mover: a win or a draw.
    pub outcome: Outcome,
    /// Every other legal move with what it gives away (result steps, or cells for a
    /// game whose result is a margin); least first (the
    /// slower loss first among equals), then in move order.
    pub others: Vec<(String, u32)>,
    /// The most tempting wrong move (`others`' first), then best play after it to the end.
    pub refutation: Vec<String>,
}

/// What a run looked at.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ProvedPuzzleStats {
    /// Random games played.
    pub games: u64,
    /// Positions given to the solver.
    pub positions: u64,
    /// Positions left unproved (a stop came first).
    pub unproved: u64,
}

/// `values`' position as a puzzle, if exactly one move keeps the result and every other
/// move gives away at least `min_loss` steps.
pub fn puzzle_from(values: &super::proved::ProvedMoves, min_loss: u32) -> Option<ProvedPuzzle> {
    let mut keeping = values.keeping();
    let solution = keeping.next()?;
    if keeping.next().is_some() || values.moves.len() < 2 {
        return None;
    }
    let mut others: Vec<&ProvedMove> = values
        .moves
        .iter()
        .filter(|m| m.mv != solution.mv)
        .collect();
    let loss = |m: &ProvedMove| m.value.loss_below(values.value);
    if others.iter().any(|m| loss(m) < min_loss.max(1)) {
        return None;
    }
    others.sort_by(|a, b| {
        loss(a)
            .cmp(&loss(b))
            .then(b.value.value.cmp(&a.value.value))
    });
    let tempting = others.first()?;
    let mut refutation = vec![tempting.mv.clone()];
    refutation.extend(tempting.line.iter().cloned());
    Some(ProvedPuzzle {
        game: values.position.clone(),
        solution: solution.mv.clone(),
        value: values.value.value,
        outcome: values.value.outcome,
        others: others.iter().map(|m| (m.mv.clone(), loss(m))).collect(),
        refutation,
    })
}

/// Generates up to `count` puzzles from random games played from `start`, telling
/// `on_puzzle` of each as it is found (with the puzzles so far), until `count` are
/// found, `stop` says so, or [`GAMES_PER_PUZZLE`] times `count` games (plus
/// [`SPARE_GAMES`]) are played.
///
/// # Errors
/// [`NoExactSolver`] for a game without an exact solver.
pub fn generate_proved(
    start: &dyn AnyGame,
    seed: u64,
    min_loss: u32,
    count: usize,
    stop: Stop<'_>,
    mut on_puzzle: impl FnMut(&[ProvedPuzzle], &ProvedPuzzleStats),
) -> Result<(Vec<ProvedPuzzle>, ProvedPuzzleStats), NoExactSolver> {
    let mut puzzles = Vec::new();
    let mut stats = ProvedPuzzleStats::default();
    let mut stream = SplitMix64::new(seed);
    let max_games = GAMES_PER_PUZZLE
        .saturating_mul(u64::try_from(count).unwrap_or(u64::MAX))
        .saturating_add(SPARE_GAMES);
    let mut seen = HashSet::new();
    while puzzles.len() < count && stats.games < max_games && !stop() {
        stats.games += 1;
        let mut moves = SplitMix64::new(stream.next_u64());
        let mut game = start.clone_box();
        loop {
            let legal = game.legal_moves();
            if legal.is_empty() || stop() {
                break;
            }
            if legal.len() >= 2 && seen.insert(game.to_string()) {
                stats.positions += 1;
                match proved_moves(game.as_ref(), stop)? {
                    Some(values) => {
                        if let Some(puzzle) = puzzle_from(&values, min_loss) {
                            puzzles.push(puzzle);
                            on_puzzle(&puzzles, &stats);
                            break;
                        }
                    }
                    None => {
                        stats.unproved += 1;
                        break;
                    }
                }
            }
            let pick = usize::try_from(moves.below(legal.len() as u64)).unwrap_or(0);
            let Some(mv) = legal.get(pick) else {
                break;
            };
            if game.play_text(mv).is_err() {
                break;
            }
        }
    }
    Ok((puzzles, stats))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::game_string::read;
    use crate::games::table::by_tag;

    fn start(tag: &str) -> Box<dyn AnyGame> {
        let entry = by_tag(tag).unwrap_or_else(|| panic!("{tag}"));
        (entry.start)().unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn every_puzzle_has_one_move_that_keeps_the_result_proved_again() {
        for tag in ["tictactoe", "dodgem"] {
            let (puzzles, stats) =
                generate_proved(start(tag).as_ref(), 5, 1, 4, &|| false, |_, _| {})
                    .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(puzzles.len(), 4, "{tag}: {stats:?}");
            for puzzle in &puzzles {
                let position = read(&puzzle.game).unwrap_or_else(|e| panic!("{e}"));
                let values = proved_moves(position.as_ref(), &|| false)
                    .ok()
                    .flatten()
                    .unwrap_or_else(|| panic!("no values"));
                let keeping: Vec<&str> = values.keeping().map(|m| m.mv.as_str()).collect();
                assert_eq!(keeping, [puzzle.solution.as_str()], "{}", puzzle.game);
                assert_eq!(puzzle.others.len() + 1, position.legal_moves().len());
                assert!(puzzle.others.iter().all(|(_, loss)| *loss >= 1));
                assert_ne!(puzzle.outcome, Outcome::Loss);
                // The refutation plays out to the end of the game.
                let mut line = position.clone();
                for mv in &puzzle.refutation {
                    line.play_text(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
                }
                assert!(line.result().is_some(), "{}", puzzle.game);
            }
            // The same seed gives the same puzzles.
            let (again, _) = generate_proved(start(tag).as_ref(), 5, 1, 4, &|| false, |_, _| {})
                .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(again, puzzles);
        }
    }

    #[test]
    fn a_minimum_loss_of_two_keeps_only_wins_that_every_other_move_loses() {
        let (puzzles, _) =
            generate_proved(start("tictactoe").as_ref(), 9, 2, 2, &|| false, |_, _| {})
                .unwrap_or_else(|e| panic!("{e}"));
        for puzzle in &puzzles {
            assert_eq!(puzzle.outcome, Outcome::Win);
            assert!(puzzle.others.iter().all(|(_, loss)| *loss == 2));
        }
    }
}
