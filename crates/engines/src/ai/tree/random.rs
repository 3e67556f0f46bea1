//! Random trees for the Tree Lab: reproducible from (depth, branching, value range, seed)
//! with the same SplitMix64 the random stones use, so a student can share a tree by its
//! four numbers.

use super::{MAX_LEAF, Tree, TreeError};
use queens_board::SplitMix64;
use thiserror::Error;

/// The most leaves a random tree may have: the lab draws every node, and a few thousand
/// still scroll and zoom smoothly.
pub(crate) const MAX_RANDOM_LEAVES: u64 = 4096;

/// What makes a random tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RandomSpec {
    /// Levels below the root (1 or more).
    pub depth: u32,
    /// Children of every inner node (1 or more).
    pub branching: u32,
    /// The smallest leaf value.
    pub low: i32,
    /// The largest leaf value.
    pub high: i32,
    /// The generator's seed.
    pub seed: u64,
}

/// A random-tree request that cannot be met.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RandomTreeError {
    /// Depth or branching is zero.
    #[error("depth and branching must both be at least 1")]
    Empty,
    /// Too many leaves.
    #[error("branching^depth is more than {MAX_RANDOM_LEAVES} leaves")]
    TooLarge,
    /// `low > high` or a value beyond the leaf range.
    #[error("the value range must have low <= high, both within ±{MAX_LEAF}")]
    BadRange,
    /// The text did not parse (a bug if it happens).
    #[error(transparent)]
    Parse(#[from] TreeError),
}

/// Builds the tree `spec` describes: every inner node has `branching` children and every
/// leaf is `depth` levels down, with values uniform in `low..=high`.
///
/// # Errors
/// A [`RandomTreeError`] when the spec is empty, too large or its range is wrong.
pub fn random_tree(spec: RandomSpec) -> Result<Tree, RandomTreeError> {
    if spec.depth == 0 || spec.branching == 0 {
        return Err(RandomTreeError::Empty);
    }
    let leaves = u64::from(spec.branching)
        .checked_pow(spec.depth)
        .filter(|&leaves| leaves <= MAX_RANDOM_LEAVES)
        .ok_or(RandomTreeError::TooLarge)?;
    let in_range = |v: i32| i64::from(v).abs() <= MAX_LEAF;
    if spec.low > spec.high || !in_range(spec.low) || !in_range(spec.high) {
        return Err(RandomTreeError::BadRange);
    }
    let mut rng = SplitMix64::new(spec.seed);
    let span = (i64::from(spec.high) - i64::from(spec.low) + 1) as u64;
    let mut text = String::with_capacity(leaves as usize * 8);
    write_level(&mut text, spec, spec.depth, &mut rng, span);
    Ok(Tree::parse(&text)?)
}

fn write_level(text: &mut String, spec: RandomSpec, levels: u32, rng: &mut SplitMix64, span: u64) {
    if levels == 0 {
        let value = i64::from(spec.low) + rng.below(span) as i64;
        text.push_str(&value.to_string());
        return;
    }
    text.push('(');
    for index in 0..spec.branching {
        if index > 0 {
            text.push(' ');
        }
        write_level(text, spec, levels - 1, rng, span);
    }
    text.push(')');
}
