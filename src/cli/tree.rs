//! `queens tree`: evaluate an explicit textbook game tree.

use super::args::{RootArg, TreeAlgo, TreeArgs};
use super::error::CliError;
use crate::ai::Method;
use crate::ai::tree::lab::{ChildOrder, LabAlgorithm, LabOptions, trace};
use crate::ai::tree::report::report;
use crate::ai::tree::{RootKind, Tree, TreeReport, evaluate_tree};

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
    Ok(match args.algo {
        TreeAlgo::Minimax => evaluate_tree(&tree, root, Method::Minimax),
        TreeAlgo::Alphabeta => evaluate_tree(&tree, root, Method::AlphaBeta),
        // The engine has no NegaScout: the Tree Lab's tracer runs it.
        TreeAlgo::Pvs => {
            let options = LabOptions {
                root,
                algorithm: LabAlgorithm::NegaScout,
                order: ChildOrder::LeftToRight,
            };
            report(&tree, root, &trace(&tree, options))
        }
    })
}
