//! The one puzzle generator, for every game whose row in the games table has an exact
//! solver: "find the only move that keeps the proved margin" (queens' cells; for a game
//! won, drawn or lost, its result), every other move giving away at least
//! `min_loss` of it (cells for queens; result steps otherwise: 1 a win to a draw or a
//! draw to a loss, 2 a win to a loss), all proved.
//!
//! [`generate_puzzles`] plays games and offers their positions to a proof, one puzzle
//! at most per game, until it has the puzzles asked for. What differs between games
//! is asked of the game's [`PuzzleFinder`] (`Rules::puzzle_finder`): queens draws boards
//! of stones and proves with its own solver; every other game gets [`RandomGames`],
//! games from its start with uniformly random moves, each position with two legal
//! moves or more proved move by move through the seam ([`super::proved`]). Each game
//! draws from one SplitMix64 stream of the seed, so the same seed gives the same
//! puzzles (on one thread, when no position runs out of time).

use super::proved::{Outcome, ProvedMove, ProvedMoves, proved_moves};
use crate::ai::puzzles::{Puzzle, Refusal};
use crate::games::seam::{AnyGame, NoExactSolver, PuzzleAsk, PuzzleFinder, PuzzleProof, Seat};
use queens_board::SplitMix64;
use std::collections::HashSet;
use web_time::Instant;

/// Games played per puzzle asked for (plus [`SPARE_GAMES`]) before a run gives up: a
/// queens seed gives about one puzzle per 1.3 games at the default minimum loss, and a
/// small game has few positions, so only settings that find none (a zero time limit,
/// a minimum loss no position has) or more puzzles than the game has reach it.
pub(crate) const GAMES_PER_PUZZLE: u64 = 50;

/// See [`GAMES_PER_PUZZLE`].
pub(crate) const SPARE_GAMES: u64 = 100;

/// What a run looked at.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PuzzleStats {
    /// Games played.
    pub games: u64,
    /// Positions given to the proof.
    pub positions: u64,
    /// Positions skipped as not proved in the time given to each.
    pub unproved: u64,
}

/// Generates up to `count` puzzles of `start`'s game as `ask` says, telling
/// `on_puzzle` of each as it is found (with the puzzles so far), until `count` are
/// found, `stop` says so (a position being proved then is dropped), or
/// `GAMES_PER_PUZZLE` times `count` games (plus `SPARE_GAMES`) are played. A game
/// whose start is drawn (queens) draws it from the ask; the others play from `start`.
///
/// # Errors
/// `NoExactSolver` for a game without an exact solver.
pub fn generate_puzzles(
    start: &dyn AnyGame,
    ask: &PuzzleAsk,
    count: usize,
    stop: &(dyn Fn() -> bool + Sync),
    mut on_puzzle: impl FnMut(&[PuzzleProof], &PuzzleStats),
) -> Result<(Vec<PuzzleProof>, PuzzleStats), NoExactSolver> {
    if !start.tools().puzzles() {
        return Err(NoExactSolver(start.tag()));
    }
    let mut finder = start
        .puzzle_finder(ask)
        .unwrap_or_else(|| Box::new(RandomGames::new(start, ask)));
    let mut puzzles = Vec::new();
    let mut stats = PuzzleStats::default();
    let mut stream = SplitMix64::new(ask.seed);
    let max_games = GAMES_PER_PUZZLE
        .saturating_mul(u64::try_from(count).unwrap_or(u64::MAX))
        .saturating_add(SPARE_GAMES);
    while puzzles.len() < count && stats.games < max_games && !stop() {
        if !finder.next_game(&mut stream) {
            break;
        }
        stats.games += 1;
        loop {
            if stop() {
                break;
            }
            if finder.worth_proving() {
                stats.positions += 1;
                match finder.prove(stop) {
                    Ok(puzzle) => {
                        if !stop() {
                            finder.found();
                            puzzles.push(puzzle);
                            on_puzzle(&puzzles, &stats);
                        }
                        break;
                    }
                    Err(Refusal::Unproved) if !stop() => stats.unproved += 1,
                    Err(_) => {}
                }
            }
            if !finder.advance() {
                break;
            }
        }
    }
    Ok((puzzles, stats))
}

/// What a proof of a position of a game won, drawn or lost proves for its mover (win
/// or draw: a puzzle keeps the result); `None` for a game whose result is a margin,
/// whose words are its cells.
pub fn outcome_of(proof: &PuzzleProof) -> Option<Outcome> {
    proof.value?;
    let mover = crate::games::game_string::read(&proof.puzzle.game)
        .ok()?
        .seat_to_move();
    Some(match mover_view(proof.puzzle.margin, mover).signum() {
        1 => Outcome::Win,
        0 => Outcome::Draw,
        _ => Outcome::Loss,
    })
}

/// A margin from the first player's view seen from `seat`'s (and back).
fn mover_view(margin: i32, seat: Seat) -> i32 {
    if seat == 0 { margin } else { -margin }
}

/// `values`' position as a puzzle, if exactly one move keeps the result (for a game
/// whose result is a margin, the whole margin) and every other move gives away at
/// least `min_loss` of it: the puzzle's margin from the first player's view (1, 0 or
/// -1 for a game won, drawn or lost), the others least loss first (the slower loss
/// first among equals, then in move order).
pub(crate) fn puzzle_from(values: &ProvedMoves, min_loss: u32) -> Option<PuzzleProof> {
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
    let value = values.value;
    let mine = value.margin.unwrap_or(match value.outcome {
        Outcome::Win => 1,
        Outcome::Draw => 0,
        Outcome::Loss => -1,
    });
    Some(PuzzleProof {
        puzzle: Puzzle {
            game: values.position.clone(),
            solution: solution.mv.clone(),
            margin: mover_view(mine, values.mover),
            others: others
                .iter()
                .map(|m| (m.mv.clone(), i32::try_from(loss(m)).unwrap_or(i32::MAX)))
                .collect(),
            refutation,
        },
        value: value.margin.is_none().then_some(value.value),
    })
}

/// The generic [`PuzzleFinder`]: games from the start with uniformly random moves, each
/// position with two legal moves or more, and not offered before (by its notation),
/// proved move by move through the seam within the ask's time.
pub(crate) struct RandomGames {
    start: Box<dyn AnyGame>,
    min_loss: u32,
    time: Option<std::time::Duration>,
    /// The game being played and its own move stream.
    game: Option<(Box<dyn AnyGame>, SplitMix64)>,
    /// Every position offered, in the game's notation.
    offered: HashSet<String>,
}

impl RandomGames {
    /// Games of `start`'s position as `ask` says.
    pub(crate) fn new(start: &dyn AnyGame, ask: &PuzzleAsk) -> RandomGames {
        RandomGames {
            start: start.clone_box(),
            min_loss: ask.min_loss,
            time: ask.time,
            game: None,
            offered: HashSet::new(),
        }
    }
}

impl PuzzleFinder for RandomGames {
    fn next_game(&mut self, stream: &mut SplitMix64) -> bool {
        let moves = SplitMix64::new(stream.next_u64());
        self.game = Some((self.start.clone_box(), moves));
        true
    }

    fn worth_proving(&mut self) -> bool {
        let Some((game, _)) = &self.game else {
            return false;
        };
        game.legal_moves().len() >= 2 && self.offered.insert(game.to_string())
    }

    fn prove(&mut self, stop: &(dyn Fn() -> bool + Sync)) -> Result<PuzzleProof, Refusal> {
        let Some((game, _)) = &self.game else {
            return Err(Refusal::NoChoice);
        };
        let deadline = self.time.map(|time| Instant::now() + time);
        let stop_or_late = || stop() || deadline.is_some_and(|at| Instant::now() >= at);
        // A game without a solver never gets here ([`generate_puzzles`] refuses it).
        let values = proved_moves(game.as_ref(), &stop_or_late)
            .ok()
            .flatten()
            // A small position's solve may end before it asks the time: one that ends
            // late is still not proved within it.
            .filter(|_| !stop_or_late())
            .ok_or(Refusal::Unproved)?;
        puzzle_from(&values, self.min_loss).ok_or(if values.moves.len() < 2 {
            Refusal::NoChoice
        } else if values.keeping().count() > 1 {
            Refusal::TwoBest
        } else {
            Refusal::CloseSecond
        })
    }

    fn found(&mut self) {}

    fn advance(&mut self) -> bool {
        let Some((game, moves)) = &mut self.game else {
            return false;
        };
        let legal = game.legal_moves();
        if legal.is_empty() {
            return false;
        }
        let pick = usize::try_from(moves.below(legal.len() as u64)).unwrap_or(0);
        legal.get(pick).is_some_and(|mv| game.play_text(mv).is_ok())
    }
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

    fn ask(seed: u64, min_loss: u32) -> PuzzleAsk {
        PuzzleAsk {
            seed,
            min_loss,
            ..PuzzleAsk::default()
        }
    }

    fn generate(tag: &str, seed: u64, min_loss: u32, count: usize) -> Vec<PuzzleProof> {
        generate_puzzles(
            start(tag).as_ref(),
            &ask(seed, min_loss),
            count,
            &|| false,
            |_, _| {},
        )
        .unwrap_or_else(|e| panic!("{e}"))
        .0
    }

    #[test]
    fn every_puzzle_has_one_move_that_keeps_the_result_proved_again() {
        for tag in ["tictactoe", "dodgem"] {
            let puzzles = generate(tag, 5, 1, 4);
            assert_eq!(puzzles.len(), 4, "{tag}");
            for proof in &puzzles {
                let puzzle = &proof.puzzle;
                let position = read(&puzzle.game).unwrap_or_else(|e| panic!("{e}"));
                let values = proved_moves(position.as_ref(), &|| false)
                    .ok()
                    .flatten()
                    .unwrap_or_else(|| panic!("no values"));
                let keeping: Vec<&str> = values.keeping().map(|m| m.mv.as_str()).collect();
                assert_eq!(keeping, [puzzle.solution.as_str()], "{}", puzzle.game);
                assert_eq!(puzzle.others.len() + 1, position.legal_moves().len());
                assert!(puzzle.others.iter().all(|(_, loss)| *loss >= 1));
                assert_ne!(outcome_of(proof), Some(Outcome::Loss));
                assert_eq!(proof.value, Some(values.value.value));
                // The refutation plays out to the end of the game.
                let mut line = position.clone();
                for mv in &puzzle.refutation {
                    line.play_text(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
                }
                assert!(line.result().is_some(), "{}", puzzle.game);
            }
            // The same seed gives the same puzzles.
            assert_eq!(generate(tag, 5, 1, 4), puzzles);
        }
    }

    #[test]
    fn a_minimum_loss_of_two_keeps_only_wins_that_every_other_move_loses() {
        let puzzles = generate("tictactoe", 9, 2, 2);
        assert!(!puzzles.is_empty());
        for proof in &puzzles {
            assert_eq!(outcome_of(proof), Some(Outcome::Win));
            assert!(proof.puzzle.others.iter().all(|(_, loss)| *loss == 2));
        }
    }

    #[test]
    fn no_time_proves_nothing_and_a_game_without_a_solver_is_named() {
        let mut zero = ask(1, 1);
        zero.time = Some(std::time::Duration::ZERO);
        let (found, stats) =
            generate_puzzles(start("dodgem").as_ref(), &zero, 1, &|| false, |_, _| {})
                .unwrap_or_else(|e| panic!("{e}"));
        assert!(found.is_empty());
        assert_eq!(stats.games, GAMES_PER_PUZZLE + SPARE_GAMES);
        assert_eq!(stats.unproved, stats.positions);
        let refused = generate_puzzles(start("othello").as_ref(), &zero, 1, &|| false, |_, _| {});
        assert_eq!(refused.map(|_| ()), Err(NoExactSolver("othello")));
    }
}
