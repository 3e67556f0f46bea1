//! `queens tree`: evaluate an explicit textbook game tree.

use super::args::{RootArg, TreeArgs};
use super::error::CliError;
use crate::ai::tree::{RootKind, Tree, TreeReport, evaluate_tree};
use crate::ai::{Algorithm, Method};

/// The search method behind an algorithm, for explicit trees.
fn method_of(algorithm: Algorithm) -> Method {
    match algorithm {
        Algorithm::Minimax => Method::Minimax,
        Algorithm::AlphaBeta => Method::AlphaBeta,
    }
}

/// Runs `queens tree`.
///
/// # Errors
/// [`CliError::Tree`] naming where the text stops making sense.
pub fn tree(args: &TreeArgs) -> Result<TreeReport, CliError> {
    let tree = Tree::parse(&args.tree)?;
    let root = match args.root {
        RootArg::Max => RootKind::Max,
        RootArg::Min => RootKind::Min,
    };
    Ok(evaluate_tree(&tree, root, method_of(args.algo)))
}
