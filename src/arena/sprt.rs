//! The sequential probability ratio test that ends a series once it has decided, as
//! fishtest and fastchess run it: the generalized SPRT (GSPRT) over the trinomial
//! win/draw/loss model with logistic Elo. After each game the log-likelihood ratio of
//! "A is elo1 stronger" (H1) against "A is elo0 stronger" (H0) is compared with Wald's
//! bounds ln(beta / (1 - alpha)) and ln((1 - beta) / alpha); crossing one decides.
//!
//! The LLR is Van den Bergh's normal approximation of the GSPRT (fishtest's
//! `LLR_logistic`): with s the mean score and var its per-game variance,
//! LLR = N (s1 - s0) (2 s - s0 - s1) / (2 var), s0 and s1 the expected scores of elo0
//! and elo1.

/// The test's settings: `--sprt elo0 elo1 alpha beta`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo difference of H0.
    pub elo0: f64,
    /// The Elo difference of H1 (above elo0).
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

// The settings are checked finite by `Sprt::new`, so equality is an equivalence.
impl Eq for Sprt {}

/// Why SPRT settings are refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SprtError {
    /// elo0 not below elo1, or not finite.
    #[error("--sprt needs elo0 below elo1 (both finite)")]
    Elo,
    /// alpha or beta outside (0, 0.5).
    #[error("--sprt needs alpha and beta between 0 and 0.5, e.g. 0.05 0.05")]
    Error,
}

/// What the test has decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// H0 accepted: A is not elo1 stronger.
    H0,
    /// H1 accepted: A is not only elo0 stronger.
    H1,
}

/// The expected score of an Elo difference (logistic).
fn expected(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl Sprt {
    /// Checked settings.
    ///
    /// # Errors
    /// [`SprtError`] for bounds that make no test.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, SprtError> {
        if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1) {
            return Err(SprtError::Elo);
        }
        let open = |p: f64| p > 0.0 && p < 0.5;
        if !(open(alpha) && open(beta)) {
            return Err(SprtError::Error);
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// Wald's lower and upper bounds on the LLR.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio after `wins`, `draws` and `losses` (A's); 0 while the
    /// results have no variance (no game, or all alike), as fastchess counts it.
    pub fn llr(&self, wins: usize, draws: usize, losses: usize) -> f64 {
        let games = (wins + draws + losses) as f64;
        if games == 0.0 {
            return 0.0;
        }
        let (w, d) = (wins as f64 / games, draws as f64 / games);
        let score = w + d / 2.0;
        let variance = w + d / 4.0 - score * score;
        if variance <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (expected(self.elo0), expected(self.elo1));
        games * (s1 - s0) * (2.0 * score - s0 - s1) / (2.0 * variance)
    }

    /// The decision after these results, if the LLR has crossed a bound.
    pub fn decide(&self, wins: usize, draws: usize, losses: usize) -> Option<Decision> {
        let llr = self.llr(wins, draws, losses);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(Decision::H1)
        } else if llr <= lower {
            Some(Decision::H0)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sprt() -> Sprt {
        Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn wald_bounds_of_five_percent_errors() {
        let (lower, upper) = sprt().bounds();
        assert!((lower + 2.944_438_979).abs() < 1e-6, "{lower}");
        assert!((upper - 2.944_438_979).abs() < 1e-6, "{upper}");
    }

    #[test]
    fn the_llr_by_hand() {
        // 60 wins, 20 draws, 20 losses: s = 0.7, var = 0.6 + 0.05 - 0.49 = 0.16.
        let s0 = 0.5;
        let s1 = 1.0 / (1.0 + 10f64.powf(-10.0 / 400.0));
        let want = 100.0 * (s1 - s0) * (1.4 - s0 - s1) / 0.32;
        let llr = sprt().llr(60, 20, 20);
        assert!((llr - want).abs() < 1e-9, "{llr} {want}");
        assert_eq!(sprt().decide(60, 20, 20), None, "1.73 is inside the bounds");
        assert_eq!(sprt().decide(600, 200, 200), Some(Decision::H1));
        assert_eq!(sprt().decide(200, 200, 600), Some(Decision::H0));
        assert_eq!(sprt().decide(3, 2, 2), None);
        // No variance: no evidence yet.
        assert_eq!(sprt().llr(5, 0, 0), 0.0);
        assert_eq!(sprt().llr(0, 0, 0), 0.0);
    }

    #[test]
    fn settings_that_make_no_test_are_refused() {
        assert_eq!(Sprt::new(5.0, 5.0, 0.05, 0.05), Err(SprtError::Elo));
        assert_eq!(Sprt::new(0.0, f64::NAN, 0.05, 0.05), Err(SprtError::Elo));
        assert_eq!(Sprt::new(0.0, 5.0, 0.0, 0.05), Err(SprtError::Error));
        assert_eq!(Sprt::new(0.0, 5.0, 0.05, 0.5), Err(SprtError::Error));
    }
}
