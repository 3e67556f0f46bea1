//! The sequential probability ratio test that ends a series once it has decided, as
//! fastchess runs it by default: the generalized SPRT (GSPRT) over the trinomial
//! win/draw/loss model with normalized Elo (its `-sprt model=normalized`, the default
//! model). After each game the log-likelihood ratio of "A is elo1
//! stronger" (H1) against "A is elo0 stronger" (H0) is compared with Wald's bounds
//! ln(beta / (1 - alpha)) and ln((1 - beta) / alpha); crossing one decides.
//!
//! Normalized Elo measures the score's distance from 0.5 in standard deviations of a
//! game's result (nElo = (s - 0.5) / sigma * 800 / ln 10), so elo0 and elo1 are nElo: the
//! same bounds mean the same effort whatever the draw rate (tic-tac-toe's perfect play is
//! all draws). The LLR is the exact GSPRT's, from the maximum-likelihood distributions
//! under H0 and H1 (a port of fastchess's code, in `sprt/normalized.rs`); an outcome
//! never seen counts as 0.001 of a game, as fastchess regularizes it, so a series A wins
//! every game of still decides.
//!
//! Before this port the LLR was the normal approximation of the logistic-Elo GSPRT
//! (fishtest's old `LLR_logistic`): another model, whose LLR stayed 0 while every game
//! had the same result.

mod normalized;

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

/// An Elo difference as fastchess's normalized-model `t`: elo / (800 / ln 10).
fn t_of(elo: f64) -> f64 {
    elo / (800.0 / std::f64::consts::LN_10)
}

/// A count as fastchess reads it: an outcome never seen is 0.001 of one, so the
/// likelihoods are never 0.
fn regularize(count: usize) -> f64 {
    if count == 0 { 1e-3 } else { count as f64 }
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

    /// The log-likelihood ratio after `wins`, `draws` and `losses` (A's), as fastchess
    /// computes it for W/D/L with its default model (normalized Elo); 0 before any game.
    pub fn llr(&self, wins: usize, draws: usize, losses: usize) -> f64 {
        if wins + draws + losses == 0 {
            return 0.0;
        }
        let (l, d, w) = (regularize(losses), regularize(draws), regularize(wins));
        let total = l + d + w;
        let probs = [l / total, d / total, w / total];
        let llr = normalized::llr(total, &probs, t_of(self.elo0), t_of(self.elo1));
        // fastchess's root finder brackets theta by [-1/max phi, -1/min phi], which holds
        // no root when every outcome's phi has one sign (one loss against elo1 = 400
        // nElo): its LLR is then NaN, which decides nothing, and it goes on. We go on
        // too, and say 0 (no evidence) rather than a NaN the JSON cannot hold.
        if llr.is_finite() { llr } else { 0.0 }
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
    fn the_llr_by_hand_from_fastchess_formula() {
        // 60 wins, 20 draws, 20 losses, H0 0 nElo, H1 10 nElo. The frequencies (loss,
        // draw, win) are phat = (0.2, 0.2, 0.6), N = 100.
        // H0, t0 = 0: phi_i = a_i - 0.5 = (-0.5, 0, 0.5) whatever p is, so equation 4.9
        // is 0.2 (-0.5) / (1 - 0.5 theta) + 0.6 (0.5) / (1 + 0.5 theta) = 0, i.e.
        // 0.2 - 0.2 theta = 0: theta = 1, p0 = phat / (1 + phi) = (0.4, 0.2, 0.4).
        // H1, t1 = 10 / (800 / ln 10) = 0.0287823: the fixed point (solved to
        // convergence outside fastchess's code) is p1 = (0.3865366, 0.2012133, 0.4122501),
        // whose mean 0.5128568 and sd 0.4466894 give (0.5128568 - 0.5) / 0.4466894 =
        // 0.0287823 = t1.
        // LLR = N sum phat_i ln(p1_i / p0_i)
        //     = 100 (0.2 ln(0.3865366 / 0.4) + 0.2 ln(0.2012133 / 0.2) + 0.6 ln(0.4122501 / 0.4))
        //     = 100 (0.2 (-0.0342380) + 0.2 (0.0060481) + 0.6 (0.0301657))
        //     = 100 (-0.0068476 + 0.0012096 + 0.0180994) = 1.2461.
        // (The logistic normal approximation used before gave 1.73 here.)
        let llr = sprt().llr(60, 20, 20);
        assert!((llr - 1.2461).abs() < 0.002, "{llr}");
        assert_eq!(sprt().decide(60, 20, 20), None, "1.25 is inside the bounds");
        assert_eq!(sprt().decide(600, 200, 200), Some(Decision::H1));
        assert_eq!(sprt().decide(200, 200, 600), Some(Decision::H0));
        assert_eq!(sprt().decide(3, 2, 2), None);
        assert_eq!(sprt().llr(0, 0, 0), 0.0);
    }

    /// fastchess's own tests of the normalized trinomial model
    /// (app/tests/sprt_test.cpp, `Stats(wins, losses, draws)`), to its 1%.
    #[test]
    fn fastchess_test_cases_of_the_normalized_model() {
        for (wins, draws, losses, elo0, elo1, want) in [
            (36433, 68692, 36027, 0.0, 2.0, 0.92),
            (10871, 20431, 10650, -1.75, 0.25, 2.30),
            (4250, 0, 0, 0.0, 10.0, 120.56),
        ] {
            let test = Sprt::new(elo0, elo1, 0.05, 0.05).unwrap_or_else(|e| panic!("{e}"));
            let llr = test.llr(wins, draws, losses);
            assert!(
                (llr - want).abs() <= 0.01 * want,
                "{wins}/{draws}/{losses}: {llr}"
            );
        }
    }

    /// A series that A wins every game of decides (an outcome never seen counts as
    /// 0.001 of a game, as in fastchess). Seen failing on the code before: its LLR
    /// stayed 0 ("no variance"), so such a series never stopped.
    #[test]
    fn a_series_won_every_game_decides() {
        let llr = sprt().llr(20, 0, 0);
        assert!((llr - 0.5673).abs() < 0.002, "{llr}");
        assert_eq!(sprt().decide(200, 0, 0), Some(Decision::H1));
        assert_eq!(sprt().decide(0, 0, 200), Some(Decision::H0));
    }

    /// The root finder and the fixed point end with a finite LLR for every small
    /// series, one-sided ones and wide bounds included (the arena asks after each game).
    /// Seen failing before the NaN guard: 0/0/1 against 0 and 400 nElo gave NaN.
    #[test]
    fn the_llr_is_finite_for_every_small_series() {
        for (elo0, elo1) in [(0.0, 5.0), (-10.0, 10.0), (0.0, 400.0), (-400.0, -100.0)] {
            let test = Sprt::new(elo0, elo1, 0.05, 0.05).unwrap_or_else(|e| panic!("{e}"));
            for (wins, draws, losses) in
                (0..6).flat_map(|w| (0..6).flat_map(move |d| (0..6).map(move |l| (w, d, l))))
            {
                let llr = test.llr(wins, draws, losses);
                assert!(
                    llr.is_finite(),
                    "{elo0} {elo1}: {wins}/{draws}/{losses}: {llr}"
                );
            }
        }
        // Where fastchess's formula is NaN (its bracket holds no root): no evidence.
        let far = Sprt::new(0.0, 400.0, 0.05, 0.05).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(far.llr(0, 0, 1), 0.0);
    }

    #[test]
    fn settings_that_make_no_test_are_refused() {
        assert_eq!(Sprt::new(5.0, 5.0, 0.05, 0.05), Err(SprtError::Elo));
        assert_eq!(Sprt::new(0.0, f64::NAN, 0.05, 0.05), Err(SprtError::Elo));
        assert_eq!(Sprt::new(0.0, 5.0, 0.0, 0.05), Err(SprtError::Error));
        assert_eq!(Sprt::new(0.0, 5.0, 0.05, 0.5), Err(SprtError::Error));
    }
}
