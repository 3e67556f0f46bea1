//! The generalized log-likelihood ratio of the normalized-Elo model, ported from
//! fastchess (`app/src/matchmaking/sprt/sprt.cpp`, `getLLR_normalized` and `itp`, read at
//! commit 74deac2), after Michel Van den Bergh's "Comments on normalized Elo" (section
//! 4.1, <https://www.cantate.be/Fishtest/normalized_elo_practical.pdf>).
//!
//! The port is line for line, root finder included, so that the same wins, draws and
//! losses give the LLR fastchess prints (to its tolerances), not merely a close one.

/// The scores of a loss, a draw and a win.
pub(super) const SCORES: [f64; 3] = [0.0, 0.5, 1.0];

/// The probability-weighted mean of `x`.
fn mean(x: &[f64; 3], p: &[f64; 3]) -> f64 {
    x.iter().zip(p).map(|(x, p)| x * p).sum()
}

/// The mean and the variance of `x` under `p`.
fn mean_and_variance(x: &[f64; 3], p: &[f64; 3]) -> (f64, f64) {
    let mu = mean(x, p);
    let var = x.iter().zip(p).map(|(x, p)| p * (x - mu) * (x - mu)).sum();
    (mu, var)
}

/// The ITP root finder (I. F. D. Oliveira and R. H. C. Takahashi, "An Enhancement of the
/// Bisection Method Average Performance Preserving Minmax Optimality", ACM TOMS 47(1),
/// 2021), as fastchess writes it: `f` changes sign between `a` and `b`.
#[allow(clippy::too_many_arguments, clippy::float_cmp)]
fn itp(
    f: impl Fn(f64) -> f64,
    (mut a, mut b): (f64, f64),
    (mut f_a, mut f_b): (f64, f64),
    k_1: f64,
    k_2: f64,
    n_0: f64,
    epsilon: f64,
) -> f64 {
    if f_a > 0.0 {
        std::mem::swap(&mut a, &mut b);
        std::mem::swap(&mut f_a, &mut f_b);
    }
    let n_half = ((b - a).abs() / (2.0 * epsilon)).log2().ceil();
    let n_max = n_half + n_0;
    let mut i = 0.0;
    while (b - a).abs() > 2.0 * epsilon {
        let x_half = (a + b) / 2.0;
        let r = epsilon * 2f64.powf(n_max - i) - (b - a) / 2.0;
        let delta = k_1 * (b - a).powf(k_2);
        let x_f = (f_b * a - f_a * b) / (f_b - f_a);
        let sigma = (x_half - x_f) / (x_half - x_f).abs();
        let x_t = if delta <= (x_half - x_f).abs() {
            x_f + sigma * delta
        } else {
            x_half
        };
        let x_itp = if (x_t - x_half).abs() <= r {
            x_t
        } else {
            x_half - sigma * r
        };
        let f_itp = f(x_itp);
        if f_itp == 0.0 {
            a = x_itp;
            b = x_itp;
        } else if f_itp.is_sign_negative() {
            a = x_itp;
            f_a = f_itp;
        } else {
            b = x_itp;
            f_b = f_itp;
        }
        i += 1.0;
    }
    (a + b) / 2.0
}

/// The outcome distribution nearest `probs` whose normalized Elo is `t_star` against
/// the score `mu_ref` (Van den Bergh's section 4.1: a fixed point, from the uniform
/// distribution, at most 10 rounds).
fn mle(probs: &[f64; 3], mu_ref: f64, t_star: f64) -> [f64; 3] {
    let mut p = [1.0 / 3.0; 3];
    for _ in 0..10 {
        let (mu, var) = mean_and_variance(&SCORES, &p);
        let sigma = var.sqrt();
        let phi = SCORES.map(|a| {
            a - mu_ref - 0.5 * t_star * sigma * (1.0 + ((a - mu) / sigma) * ((a - mu) / sigma))
        });
        let u = phi.iter().copied().fold(f64::INFINITY, f64::min);
        let v = phi.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let equation = |x: f64| -> f64 {
            probs
                .iter()
                .zip(&phi)
                .map(|(p, phi)| p * phi / (1.0 + x * phi))
                .sum()
        };
        let theta = itp(
            equation,
            (-1.0 / v, -1.0 / u),
            (f64::INFINITY, f64::NEG_INFINITY),
            0.1,
            2.0,
            0.99,
            1e-7,
        );
        let mut max_diff = 0.0f64;
        for ((p, phat), phi) in p.iter_mut().zip(probs).zip(&phi) {
            let new = phat / (1.0 + theta * phi);
            max_diff = max_diff.max((new - *p).abs());
            *p = new;
        }
        if max_diff < 1e-4 {
            break;
        }
    }
    p
}

/// fastchess's LLR of normalized Elo `t1` against `t0` (each an Elo difference divided
/// by 800 / ln 10) after `total` games with the outcome frequencies `probs` (loss,
/// draw, win).
pub(super) fn llr(total: f64, probs: &[f64; 3], t0: f64, t1: f64) -> f64 {
    let p0 = mle(probs, 0.5, t0);
    let p1 = mle(probs, 0.5, t1);
    let lpr = [0, 1, 2].map(|i| p1[i].ln() - p0[i].ln());
    total * mean(&lpr, probs)
}
