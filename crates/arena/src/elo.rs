//! The Elo difference of a series from its wins, draws and losses, with its 95% error
//! bar, as cutechess-cli and fastchess print it.

use std::fmt;

/// An Elo difference estimated from a score, with its 95% error bar.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Elo {
    /// Games counted.
    pub games: usize,
    /// A's score fraction s = (W + D/2) / N (0 with no games).
    pub score: f64,
    /// The Elo difference -400 log10(1/s - 1); `None` when it is infinite (s = 0 or 1)
    /// or there are no games.
    pub diff: Option<f64>,
    /// Half the width of the 95% interval; `None` when a bound is infinite or undefined.
    pub error: Option<f64>,
}

/// -400 log10(1/s - 1), finite only for 0 < s < 1.
fn elo_from_score(score: f64) -> Option<f64> {
    // Adding 0.0 turns the -0.0 of an even score into 0.0.
    (score > 0.0 && score < 1.0).then(|| -400.0 * (1.0 / score - 1.0).log10() + 0.0)
}

/// The Elo difference of A over B from W/D/L, as cutechess-cli and fastchess compute it:
/// the per-game score variance gives a normal 95% interval on s (s +/- 1.959964 stdev,
/// stdev = sqrt(sum p_i (x_i - s)^2 / N)), whose bounds are mapped through the same Elo
/// formula; the error bar is half their distance.
pub fn elo_estimate(wins: usize, draws: usize, losses: usize) -> Elo {
    let games = wins + draws + losses;
    if games == 0 {
        return Elo {
            games,
            score: 0.0,
            diff: None,
            error: None,
        };
    }
    let n = games as f64;
    let (w, d, l) = (wins as f64 / n, draws as f64 / n, losses as f64 / n);
    let score = w + d / 2.0;
    let variance = w * (1.0 - score).powi(2) + d * (0.5 - score).powi(2) + l * score.powi(2);
    let stdev = (variance / n).sqrt();
    let interval = 1.959_964 * stdev;
    let error = match (
        elo_from_score(score - interval),
        elo_from_score(score + interval),
    ) {
        (Some(lower), Some(upper)) => Some((upper - lower) / 2.0),
        _ => None,
    };
    Elo {
        games,
        score,
        diff: elo_from_score(score),
        error,
    }
}

impl fmt::Display for Elo {
    /// `+147.2 +/- 268.7`, `+inf (every game won)`, `-inf (every game lost)`, or
    /// `n/a (no games)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.games, self.diff, self.error) {
            (0, _, _) => f.write_str("n/a (no games)"),
            (_, Some(diff), Some(error)) => write!(f, "{diff:+.1} +/- {error:.1}"),
            (_, Some(diff), None) => write!(f, "{diff:+.1} +/- inf"),
            (_, None, _) if self.score >= 1.0 => f.write_str("+inf (every game won)"),
            (_, None, _) => f.write_str("-inf (every game lost)"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_a_known_case() {
        let elo = elo_estimate(6, 2, 2);
        assert!((elo.score - 0.7).abs() < 1e-12);
        let diff = elo.diff.unwrap_or(f64::NAN);
        assert!((diff - 147.19).abs() < 0.01, "{diff}");
        let error = elo.error.unwrap_or(f64::NAN);
        assert!((error - 268.7).abs() < 0.5, "{error}");
    }

    #[test]
    fn elo_edges_do_not_panic() {
        assert_eq!(elo_estimate(0, 0, 0).to_string(), "n/a (no games)");
        assert_eq!(elo_estimate(4, 0, 0).to_string(), "+inf (every game won)");
        assert_eq!(elo_estimate(0, 0, 4).to_string(), "-inf (every game lost)");
        let even = elo_estimate(0, 4, 0);
        assert_eq!(even.diff, Some(0.0));
        // All draws: zero variance, a zero-width bar.
        assert_eq!(even.error, Some(0.0));
    }
}
