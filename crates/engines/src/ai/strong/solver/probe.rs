//! Where the solver's next null-window probe goes: the schedule of tests "V >= t" that
//! narrow the value down from an estimate (or by bisection without one). Pure
//! arithmetic on the bounds, apart from the search that answers each probe.

/// The next probe: the test "V >= t" that halves [lower, upper] (both of V's parity).
pub(super) fn probe_target(lower: i32, upper: i32) -> i32 {
    let steps = (upper - lower) / 2;
    lower + 2 * ((steps + 1) / 2)
}

/// Chooses each probe's target from an estimate of the value, as MTD(f) does, knowing
/// that the two kinds of probe cost very different amounts: a test "V >= t" for t below
/// the value holds after a few of the side to move's best moves (cheap), while a test
/// that fails must refute every move (on 15x15 with stones, 10-100x dearer). So the
/// probes climb from below in steps of 2 after each success. After a failure the next
/// probe tests the failure's own fail-soft bound (often the value itself), and failures
/// in a row step down by 2, 4, 8, ... cells so that the next climb starts below the value.
/// Without an estimate: bisection.
pub(super) struct Prober {
    /// Where the next probe aims, before it is fitted into the bounds.
    aim: Option<i32>,
    /// Failed probes in a row.
    failures: u32,
}

impl Prober {
    pub(super) fn new(guess: Option<i32>) -> Prober {
        Prober {
            aim: guess,
            failures: 0,
        }
    }

    /// The test "V >= t" for the bounds [lower, upper] (both of V's parity, lower <
    /// upper): t in (lower, upper] of the same parity.
    pub(super) fn target(&self, lower: i32, upper: i32) -> i32 {
        match self.aim {
            Some(aim) => {
                let t = aim.clamp(lower + 2, upper);
                // V's parity is lower's: round down onto it, staying above lower.
                t - (t - lower).rem_euclid(2)
            }
            None => probe_target(lower, upper),
        }
    }

    /// Hears a probe's outcome and the bounds after it.
    pub(super) fn heard(&mut self, high: bool, lower: i32, upper: i32) {
        if self.aim.is_none() {
            return;
        }
        if high {
            self.failures = 0;
            self.aim = Some(lower + 2);
        } else {
            self.failures += 1;
            // 0, 2, 6, 14, ... below the new upper bound.
            let below = 2 * ((1i32 << (self.failures - 1).min(20)) - 1);
            self.aim = Some(upper - below);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probes_halve_the_interval_in_parity_steps() {
        assert_eq!(probe_target(-9, 9), 1);
        assert_eq!(probe_target(-2, 0), 0);
        assert_eq!(probe_target(3, 5), 5);
        assert_eq!(probe_target(-10, 10), 0);
    }

    #[test]
    fn probes_start_at_the_estimate_climb_and_step_down_after_failures() {
        let mut prober = Prober::new(Some(11));
        // The estimate, put on V's parity (lower's) inside the bounds.
        assert_eq!(prober.target(-20, 20), 10);
        // It held (V >= 12 found): climb by 2 from the proved bound.
        prober.heard(true, 12, 20);
        assert_eq!(prober.target(12, 20), 14);
        prober.heard(true, 14, 20);
        assert_eq!(prober.target(14, 20), 16);
        // It failed, with the fail-soft bound 14: that bound is proved, done.
        prober.heard(false, 14, 14);
        // Failing first: the next probe tests the fail-soft bound itself, then failures
        // in a row step down by 2, 4, 8, ...
        let mut low = Prober::new(Some(0));
        assert_eq!(low.target(-9, 9), -1);
        low.heard(false, -9, -3);
        assert_eq!(low.target(-9, -3), -3);
        low.heard(false, -9, -5);
        assert_eq!(low.target(-9, -5), -7);
        low.heard(false, -19, -7);
        assert_eq!(low.target(-19, -7), -13);
        // A success after failures climbs again.
        low.heard(true, -13, -7);
        assert_eq!(low.target(-13, -7), -11);
        // An estimate beyond the bounds is clamped into them.
        assert_eq!(Prober::new(Some(99)).target(-4, 6), 6);
        assert_eq!(Prober::new(Some(-99)).target(-4, 6), -2);
        // Without one: plain bisection.
        assert_eq!(Prober::new(None).target(-9, 9), probe_target(-9, 9));
    }
}
