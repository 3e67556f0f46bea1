//! Ratings for puzzle play: the player's and each puzzle's, on the Elo scale.
//!
//! Elo, not Glicko-2: one player on one machine solves puzzles one at a time, so the
//! rating deviation Glicko-2 tracks (how sure we are of a rating after long breaks,
//! between many players) has nothing to measure, and Elo's one number is what a learner
//! can follow. Each attempt is a game between the player and the puzzle: solved is a win
//! for the player, failed a win for the puzzle. Both ratings move by K times (result -
//! expected), with K = 32 for the player and 16 for the puzzle (a puzzle is met once,
//! the player many times).
//!
//! A puzzle's starting rating comes from what makes it hard (an estimate until attempts
//! move it): more legal moves to choose from, and a most tempting wrong move that gives
//! away few cells (hard to tell from the solution).

use super::{Puzzle, PuzzleSet};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// A new player's rating (as lichess and FIDE start).
pub const START_RATING: i32 = 1500;
/// How far the player's rating moves per attempt, at most.
pub(crate) const PLAYER_K: f64 = 32.0;
/// How far a puzzle's rating moves per attempt, at most.
pub(crate) const PUZZLE_K: f64 = 16.0;
/// The attempts kept in the history (the oldest are dropped first); the rating, the
/// streaks and the solved count keep counting past it.
pub(crate) const HISTORY_KEPT: usize = 500;
/// The lowest and highest starting rating of a puzzle.
pub(crate) const PUZZLE_RATING_RANGE: (i32, i32) = (800, 2200);

/// The expected score of a player rated `rating` against an opponent rated `opponent`
/// (between 0 and 1).
pub fn expected(rating: i32, opponent: i32) -> f64 {
    1.0 / (1.0 + 10f64.powf(f64::from(opponent - rating) / 400.0))
}

/// The change of a rating after a game: `k` times (score - expected), rounded.
pub fn change(rating: i32, opponent: i32, score: f64, k: f64) -> i32 {
    (k * (score - expected(rating, opponent))).round() as i32
}

/// A puzzle's starting rating: 1000, plus 12 per legal move, plus 300 divided by the
/// cells the most tempting wrong move gives away, kept in [`PUZZLE_RATING_RANGE`].
pub(crate) fn starting_rating(puzzle: &Puzzle) -> i32 {
    let moves = puzzle.others.len() as i32 + 1;
    let tempting = puzzle.others.first().map_or(1, |&(_, loss)| loss.max(1));
    (1000 + 12 * moves + 300 / tempting).clamp(PUZZLE_RATING_RANGE.0, PUZZLE_RATING_RANGE.1)
}

/// One attempt at a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attempt {
    /// The puzzle's number in the shipped set, from 0.
    pub puzzle: usize,
    /// Whether the first move tried was right.
    pub solved: bool,
    /// The player's rating after it.
    pub rating_after: i32,
}

/// The player's puzzle record, kept in the window's settings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PuzzleProgress {
    /// The player's rating.
    pub rating: i32,
    /// Puzzles solved in a row, up to now.
    pub streak: u32,
    /// The longest streak so far.
    pub best_streak: u32,
    /// Attempts in all (the history keeps the last `HISTORY_KEPT`).
    pub attempts: u32,
    /// Attempts solved in all.
    pub solved: u32,
    /// The puzzles whose rating attempts have moved, by number: a puzzle not listed is
    /// at its `starting_rating`.
    pub puzzle_ratings: BTreeMap<usize, i32>,
    /// The latest attempts, oldest first.
    pub history: Vec<Attempt>,
}

impl Default for PuzzleProgress {
    fn default() -> Self {
        PuzzleProgress {
            rating: START_RATING,
            streak: 0,
            best_streak: 0,
            attempts: 0,
            solved: 0,
            puzzle_ratings: BTreeMap::new(),
            history: Vec::new(),
        }
    }
}

impl PuzzleProgress {
    /// The current rating of puzzle `number` of `set`.
    pub fn puzzle_rating(&self, set: &PuzzleSet, number: usize) -> i32 {
        self.puzzle_ratings
            .get(&number)
            .copied()
            .or_else(|| set.puzzles.get(number).map(starting_rating))
            .unwrap_or(START_RATING)
    }

    /// Records an attempt at puzzle `number`: both ratings move, the streak grows or
    /// ends, and the attempt joins the history. Returns the player's rating change.
    pub fn record(&mut self, set: &PuzzleSet, number: usize, solved: bool) -> i32 {
        let puzzle = self.puzzle_rating(set, number);
        let score = if solved { 1.0 } else { 0.0 };
        let delta = change(self.rating, puzzle, score, PLAYER_K);
        let puzzle_delta = change(puzzle, self.rating, 1.0 - score, PUZZLE_K);
        self.rating += delta;
        self.puzzle_ratings.insert(number, puzzle + puzzle_delta);
        self.attempts += 1;
        if solved {
            self.solved += 1;
            self.streak += 1;
            self.best_streak = self.best_streak.max(self.streak);
        } else {
            self.streak = 0;
        }
        self.history.push(Attempt {
            puzzle: number,
            solved,
            rating_after: self.rating,
        });
        if self.history.len() > HISTORY_KEPT {
            let extra = self.history.len() - HISTORY_KEPT;
            self.history.drain(..extra);
        }
        delta
    }

    /// Whether puzzle `number` was ever solved (as far as the history reaches).
    pub(crate) fn was_solved(&self, number: usize) -> bool {
        self.history.iter().any(|a| a.puzzle == number && a.solved)
    }

    /// The puzzle to offer next: the one nearest the player's rating among those never
    /// tried, else among those not solved, else among all; never one of `shown` (the
    /// puzzles this sitting has already offered, tried or skipped). The lower number
    /// wins a tie. `None` once every puzzle was shown (the caller starts a new round),
    /// or for an empty set.
    ///
    /// Passing only the puzzle on show made two untried puzzles near the rating take
    /// turns forever when Next was pressed without a try (issue 38.14).
    pub fn next_puzzle(&self, set: &PuzzleSet, shown: &BTreeSet<usize>) -> Option<usize> {
        let tried: BTreeSet<usize> = self.history.iter().map(|a| a.puzzle).collect();
        let nearest = |keep: &dyn Fn(usize) -> bool| {
            (0..set.puzzles.len())
                .filter(|&n| keep(n) && !shown.contains(&n))
                .min_by_key(|&n| ((self.puzzle_rating(set, n) - self.rating).abs(), n))
        };
        nearest(&|n| !tried.contains(&n))
            .or_else(|| nearest(&|n| !self.was_solved(n)))
            .or_else(|| nearest(&|_| true))
    }
}

/// The puzzles one sitting of the window has offered: Next walks through the whole set,
/// nearest the rating first, before it offers any puzzle again (issue 38.14).
#[derive(Clone, Debug, Default)]
pub struct PuzzleWalk {
    shown: BTreeSet<usize>,
}

impl PuzzleWalk {
    /// The puzzle to offer after `current` (the one on show, if any), by
    /// [`PuzzleProgress::next_puzzle`] among those this walk has not offered; once every
    /// puzzle was offered a new round begins, the one on show last. `None` only for an
    /// empty set.
    pub fn next(
        &mut self,
        progress: &PuzzleProgress,
        set: &PuzzleSet,
        current: Option<usize>,
    ) -> Option<usize> {
        self.shown.extend(current);
        let next = progress.next_puzzle(set, &self.shown).or_else(|| {
            self.shown.clear();
            self.shown.extend(current);
            progress.next_puzzle(set, &self.shown)
        });
        // A set of one puzzle offers it again.
        let next = next.or(current);
        self.shown.extend(next);
        next
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle(moves: usize, tempting: i32) -> Puzzle {
        Puzzle {
            game: "size=5".into(),
            solution: "c3".into(),
            margin: 0,
            others: (0..moves - 1)
                .map(|i| (format!("x{i}"), tempting))
                .collect(),
            refutation: Vec::new(),
        }
    }

    #[test]
    fn equal_ratings_expect_half_and_move_by_half_k() {
        assert!((expected(1500, 1500) - 0.5).abs() < 1e-12);
        assert_eq!(change(1500, 1500, 1.0, 32.0), 16);
        assert_eq!(change(1500, 1500, 0.0, 32.0), -16);
        // 400 points apart: ten to one.
        assert!((expected(1900, 1500) - 10.0 / 11.0).abs() < 1e-12);
        assert_eq!(change(1900, 1500, 1.0, 32.0), 3);
    }

    #[test]
    fn a_subtle_puzzle_with_many_moves_starts_higher() {
        let easy = starting_rating(&puzzle(5, 10));
        let hard = starting_rating(&puzzle(40, 2));
        assert_eq!(easy, 1000 + 60 + 30);
        assert_eq!(hard, 1000 + 480 + 150);
        assert_eq!(starting_rating(&puzzle(400, 1)), PUZZLE_RATING_RANGE.1);
    }

    #[test]
    fn solving_raises_the_player_and_lowers_the_puzzle() {
        let set = PuzzleSet {
            puzzles: vec![puzzle(42, 2), puzzle(10, 8)],
        };
        let mut progress = PuzzleProgress::default();
        let before = progress.puzzle_rating(&set, 0);
        let delta = progress.record(&set, 0, true);
        assert!(delta > 0 && progress.rating == START_RATING + delta);
        assert!(progress.puzzle_rating(&set, 0) < before);
        assert_eq!((progress.streak, progress.best_streak), (1, 1));
        let delta = progress.record(&set, 1, false);
        assert!(delta < 0);
        assert_eq!((progress.streak, progress.best_streak), (0, 1));
        assert_eq!((progress.attempts, progress.solved), (2, 1));
        assert_eq!(progress.history.len(), 2);
        assert_eq!(progress.history[1].rating_after, progress.rating);
    }

    #[test]
    fn the_history_keeps_the_latest_attempts() {
        let set = PuzzleSet {
            puzzles: vec![puzzle(5, 3)],
        };
        let mut progress = PuzzleProgress::default();
        for _ in 0..HISTORY_KEPT + 7 {
            progress.record(&set, 0, true);
        }
        assert_eq!(progress.history.len(), HISTORY_KEPT);
        assert_eq!(progress.attempts as usize, HISTORY_KEPT + 7);
        assert_eq!(progress.best_streak as usize, HISTORY_KEPT + 7);
    }

    #[test]
    fn the_next_puzzle_is_untried_and_nearest_the_rating() {
        // Starting ratings 1090, 1630 (subtle, many moves) and 1600.
        let set = PuzzleSet {
            puzzles: vec![puzzle(5, 10), puzzle(40, 2), puzzle(25, 1)],
        };
        let ratings: Vec<i32> = (0..3).map(|n| starting_rating(&set.puzzles[n])).collect();
        assert_eq!(ratings, vec![1090, 1630, 1600]);
        let mut progress = PuzzleProgress::default();
        let none = BTreeSet::new();
        assert_eq!(progress.next_puzzle(&set, &none), Some(2));
        progress.record(&set, 2, false);
        // Tried: the nearest untried one, though 2 is nearer.
        assert_eq!(progress.next_puzzle(&set, &none), Some(1));
        progress.record(&set, 1, true);
        progress.record(&set, 0, true);
        // All tried: the one not solved.
        assert_eq!(progress.next_puzzle(&set, &none), Some(2));
        progress.record(&set, 2, true);
        // All solved: the nearest, but not one already shown.
        let next = progress.next_puzzle(&set, &BTreeSet::from([2]));
        assert!(next.is_some() && next != Some(2));
        assert_eq!(progress.next_puzzle(&set, &BTreeSet::from([0, 1, 2])), None);
        assert_eq!(
            PuzzleProgress::default().next_puzzle(&PuzzleSet::default(), &none),
            None
        );
    }

    /// Issue 38.14: Next without a try took turns between the two untried puzzles
    /// nearest the rating. The walk offers every puzzle once, nearest first, then
    /// starts a new round without repeating the one on show.
    #[test]
    fn the_walk_offers_every_puzzle_before_any_again() {
        let set = PuzzleSet {
            puzzles: vec![puzzle(5, 10), puzzle(40, 2), puzzle(25, 1), puzzle(8, 5)],
        };
        let progress = PuzzleProgress::default();
        let mut walk = PuzzleWalk::default();
        let mut current = walk.next(&progress, &set, None);
        let mut order = vec![current];
        for _ in 1..set.puzzles.len() {
            current = walk.next(&progress, &set, current);
            order.push(current);
        }
        let mut offered: Vec<usize> = order.iter().flatten().copied().collect();
        assert_eq!(offered.len(), 4, "{order:?}");
        offered.sort_unstable();
        offered.dedup();
        assert_eq!(offered, vec![0, 1, 2, 3], "{order:?}");
        // A new round: the nearest again, never the one on show.
        let again = walk.next(&progress, &set, current);
        assert!(
            again.is_some() && again != current,
            "{again:?} after {order:?}"
        );
        assert_eq!(again, order[0]);
        // One puzzle: offered again; none: nothing.
        let one = PuzzleSet {
            puzzles: vec![puzzle(5, 10)],
        };
        let mut walk = PuzzleWalk::default();
        assert_eq!(walk.next(&progress, &one, None), Some(0));
        assert_eq!(walk.next(&progress, &one, Some(0)), Some(0));
        let empty = PuzzleSet::default();
        assert_eq!(PuzzleWalk::default().next(&progress, &empty, None), None);
    }
}
