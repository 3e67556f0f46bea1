//! Pair margins: the statistic that shows which engine is stronger in a game where the
//! first player usually wins whatever both sides do.
//!
//! Every board is played twice with colours swapped. A's margin in a game is A's final
//! cells minus B's; the PAIR MARGIN of a board is A's margin as P1 plus A's margin as P2.
//! The first-move advantage cancels in the sum (it helps A in one game and B in the
//! other), so what is left is how much better A played. W/D/L cannot show that: if P1
//! wins every game, the series ends even whatever the engines do.
//!
//! The mean over pairs comes with a 95% Student-t interval (the pairs are independent
//! boards; n is often small, where the normal interval would be too narrow).

use super::ArenaGame;
use queens_board::Player;
use std::collections::BTreeMap;

/// One board played with both colour assignments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardPair {
    /// The pair's number (games `2 * pair` and `2 * pair + 1`).
    pub pair: usize,
    /// A's cells minus B's in the game where A moved first.
    pub a_as_p1: i64,
    /// A's cells minus B's in the game where A moved second.
    pub a_as_p2: i64,
}

impl BoardPair {
    /// The pair margin: A's margin as P1 plus A's margin as P2.
    pub(crate) fn margin(&self) -> i64 {
        self.a_as_p1 + self.a_as_p2
    }
}

/// The mean pair margin with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairMargin {
    /// Complete pairs counted.
    pub pairs: usize,
    /// Finished games whose partner game did not finish (a stopped series): left out.
    pub unpaired: usize,
    /// The mean pair margin; `None` with no complete pair.
    pub mean: Option<f64>,
    /// The sample standard deviation of the pair margins; `None` with fewer than 2 pairs.
    pub stdev: Option<f64>,
    /// The 95% interval's bounds, mean -/+ t(0.975, n-1) * stdev / sqrt(n); `None` with
    /// fewer than 2 pairs (one pair says nothing about the spread).
    pub low: Option<f64>,
    /// See `low`.
    pub high: Option<f64>,
}

impl PairMargin {
    /// The statistic of `pairs` (complete pairs only), `unpaired` games left out.
    pub fn of(pairs: &[BoardPair], unpaired: usize) -> PairMargin {
        let n = pairs.len();
        let margins = pairs.iter().map(|pair| pair.margin() as f64);
        let mean = (n > 0).then(|| margins.clone().sum::<f64>() / n as f64);
        let stdev = mean.filter(|_| n >= 2).map(|mean| {
            let squares: f64 = margins.map(|m| (m - mean).powi(2)).sum();
            (squares / (n - 1) as f64).sqrt()
        });
        let half_width = stdev.map(|s| t_975(n - 1) * s / (n as f64).sqrt());
        PairMargin {
            pairs: n,
            unpaired,
            mean,
            stdev,
            low: mean.zip(half_width).map(|(m, h)| m - h),
            high: mean.zip(half_width).map(|(m, h)| m + h),
        }
    }
}

impl std::fmt::Display for PairMargin {
    /// `+5.20 [+2.13, +8.27] (10 pairs)`, `+4.00 (1 pair, no interval)`, `n/a (no pairs)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let plural = if self.pairs == 1 { "" } else { "s" };
        match (self.mean, self.low, self.high) {
            (None, _, _) => f.write_str("n/a (no complete pair)")?,
            (Some(mean), Some(low), Some(high)) => write!(
                f,
                "{mean:+.2} [{low:+.2}, {high:+.2}] ({} pair{plural})",
                self.pairs
            )?,
            (Some(mean), _, _) => {
                write!(f, "{mean:+.2} ({} pair{plural}, no interval)", self.pairs)?
            }
        }
        if self.unpaired > 0 {
            let games = if self.unpaired == 1 { "game" } else { "games" };
            write!(f, "; {} unpaired {games} left out", self.unpaired)?;
        }
        Ok(())
    }
}

/// Games whose colour-swapped partner has not finished yet, as A's margin in them: a
/// series is tallied as its games arrive, and only these halves wait in memory (a few
/// per worker thread, since a worker takes the games of a board one after the other).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct PairHalves {
    waiting: BTreeMap<usize, [Option<i64>; 2]>,
}

impl PairHalves {
    /// Adds `game`; the board pair it completes, if its partner was waiting.
    pub(crate) fn add(&mut self, game: &ArenaGame) -> Option<BoardPair> {
        let (mine, theirs) = game.scores();
        let seat = usize::from(game.a_player == Player::Two);
        let half = self.waiting.entry(game.pair).or_default();
        half[seat] = Some(i64::from(mine) - i64::from(theirs));
        if let [Some(a_as_p1), Some(a_as_p2)] = *half {
            self.waiting.remove(&game.pair);
            Some(BoardPair {
                pair: game.pair,
                a_as_p1,
                a_as_p2,
            })
        } else {
            None
        }
    }

    /// Finished games whose partner has not finished (unpaired, when the series ends).
    pub(crate) fn waiting(&self) -> usize {
        self.waiting.len()
    }
}

/// The two-sided 95% quantile of Student's t with `df` degrees of freedom (df >= 1):
/// exact table values to df 30, then the Cornish-Fisher expansion around the normal
/// quantile, which is within 1e-4 of the exact value there.
pub fn t_975(df: usize) -> f64 {
    const TABLE: [f64; 30] = [
        12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281, 2.2010,
        2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860, 2.0796, 2.0739,
        2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423,
    ];
    if let Some(&t) = df.checked_sub(1).and_then(|i| TABLE.get(i)) {
        return t;
    }
    let z: f64 = 1.959_964;
    let v = df.max(1) as f64;
    z + (z.powi(3) + z) / (4.0 * v)
        + (5.0 * z.powi(5) + 16.0 * z.powi(3) + 3.0 * z) / (96.0 * v * v)
        + (3.0 * z.powi(7) + 19.0 * z.powi(5) + 17.0 * z.powi(3) - 15.0 * z) / (384.0 * v.powi(3))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(pair: usize, a_as_p1: i64, a_as_p2: i64) -> BoardPair {
        BoardPair {
            pair,
            a_as_p1,
            a_as_p2,
        }
    }

    fn close(a: Option<f64>, b: f64) -> bool {
        a.is_some_and(|a| (a - b).abs() < 1e-3)
    }

    #[test]
    fn mean_and_t_interval_by_hand() {
        // Pair margins 4, 0, 8, 4: mean 4, squares 0+16+16+0 = 32, s^2 = 32/3,
        // s = 3.26599, se = s/2 = 1.63299, t(3) = 3.1824, half width 5.19684.
        let pairs = [
            pair(0, 10, -6),
            pair(1, 3, -3),
            pair(2, 12, -4),
            pair(3, 2, 2),
        ];
        let stat = PairMargin::of(&pairs, 0);
        assert_eq!(stat.pairs, 4);
        assert!(close(stat.mean, 4.0), "{stat:?}");
        assert!(close(stat.stdev, 3.26599), "{stat:?}");
        assert!(close(stat.low, 4.0 - 5.19684), "{stat:?}");
        assert!(close(stat.high, 4.0 + 5.19684), "{stat:?}");
        assert_eq!(stat.to_string(), "+4.00 [-1.20, +9.20] (4 pairs)");
    }

    #[test]
    fn fewer_than_two_pairs_have_no_interval() {
        let none = PairMargin::of(&[], 1);
        assert_eq!((none.mean, none.low, none.high), (None, None, None));
        assert_eq!(
            none.to_string(),
            "n/a (no complete pair); 1 unpaired game left out"
        );
        let one = PairMargin::of(&[pair(0, 7, -2)], 0);
        assert!(close(one.mean, 5.0));
        assert_eq!((one.stdev, one.low, one.high), (None, None, None));
        assert_eq!(one.to_string(), "+5.00 (1 pair, no interval)");
    }

    #[test]
    fn equal_margins_give_a_zero_width_interval() {
        let stat = PairMargin::of(&[pair(0, 3, -1), pair(1, 1, 1)], 0);
        assert!(close(stat.low, 2.0) && close(stat.high, 2.0), "{stat:?}");
    }

    #[test]
    fn t_quantiles_match_the_tables() {
        assert!((t_975(1) - 12.7062).abs() < 1e-9);
        assert!((t_975(9) - 2.2622).abs() < 1e-9);
        // Published values: df 40 2.0211, df 60 2.0003, df 120 1.9799.
        for (df, want) in [(31, 2.0395), (40, 2.0211), (60, 2.0003), (120, 1.9799)] {
            assert!((t_975(df) - want).abs() < 2e-4, "df {df}: {}", t_975(df));
        }
    }
}
