//! Search values as a newtype with `Neg`, so negamax sign flips are checked by the compiler.

use std::fmt;
use std::ops::Neg;

/// A value from the point of view of the side to move: for the thesis evaluation, cells
/// owned by the side to move minus cells owned by the opponent.
#[derive(
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Debug,
    Default,
    serde::Serialize,
    serde::Deserialize,
)]
pub struct Score(pub i32);

impl Score {
    /// Larger than any reachable value; the alpha-beta window starts at (-INFINITY, INFINITY).
    /// Explicit trees (`queens tree`) are limited to leaves of magnitude below this.
    pub const INFINITY: Score = Score(1_000_000_000);
    /// The value of an even position.
    pub const ZERO: Score = Score(0);
}

impl Neg for Score {
    type Output = Score;
    #[inline]
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}
