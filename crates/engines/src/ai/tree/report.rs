//! A Tree Lab trace told as `queens tree` tells the engine's: paths from the root instead
//! of node ids, and only the events the CLI's trace lists (evaluations, alpha and beta
//! updates, cutoffs, and NegaScout's null-window tests and re-searches).

use super::lab::{Event, LabTrace, SearchKind, Window, max_nodes};
use super::{RootKind, TraceEvent, Tree, TreeReport};

/// The path (child indices from the root) of every node.
pub fn paths(tree: &Tree) -> Vec<Vec<usize>> {
    let mut paths = vec![Vec::new(); tree.node_count()];
    // Pre-order ids: a parent's path is known before its children's.
    for node in 0..tree.node_count() {
        for (index, &child) in tree.children(node).iter().enumerate() {
            let mut path = paths[node].clone();
            path.push(index);
            paths[child] = path;
        }
    }
    paths
}

/// The [`TreeReport`] of a lab trace (how `queens tree --algo pvs` answers).
pub fn report(tree: &Tree, root: RootKind, trace: &LabTrace) -> TreeReport {
    let paths = paths(tree);
    let is_max = max_nodes(tree, root);
    let leaves: Vec<usize> = (0..tree.node_count())
        .filter(|&node| tree.leaf_value(node).is_some())
        .collect();
    let leaf_number = |node: usize| leaves.iter().position(|&n| n == node).unwrap_or(0);
    let mut evaluated = vec![false; leaves.len()];
    let mut events = Vec::new();
    let mut nodes = 0;
    // The window each node had at its previous step, to see alpha rise and beta fall.
    let mut last_window = vec![None; tree.node_count()];
    for step in &trace.steps {
        let path = paths[step.node].clone();
        match &step.event {
            Event::Enter { search } => {
                nodes += 1;
                let window = step.window.unwrap_or(Window { alpha: 0, beta: 0 });
                let (alpha, beta) = (window.alpha, window.beta);
                match search {
                    SearchKind::Full => {}
                    SearchKind::Scout => events.push(TraceEvent::NullWindow { path, alpha, beta }),
                    SearchKind::Research => {
                        events.push(TraceEvent::Research { path, alpha, beta });
                    }
                }
            }
            Event::Eval { value } => {
                let leaf = leaf_number(step.node);
                evaluated[leaf] = true;
                events.push(TraceEvent::Eval {
                    path,
                    leaf,
                    value: *value,
                });
            }
            Event::Update { .. } => {
                if let (Some(before), Some(after)) = (last_window[step.node], step.window) {
                    let before: Window = before;
                    if is_max[step.node] && after.alpha > before.alpha {
                        events.push(TraceEvent::Alpha {
                            path,
                            value: after.alpha,
                        });
                    } else if !is_max[step.node] && after.beta < before.beta {
                        events.push(TraceEvent::Beta {
                            path,
                            value: after.beta,
                        });
                    }
                }
            }
            Event::Cut { skipped } => events.push(TraceEvent::Cutoff {
                path,
                skipped: skipped.len(),
            }),
            Event::Scout { .. } | Event::Return { .. } => {}
        }
        last_window[step.node] = step.window;
    }
    TreeReport {
        value: trace.value,
        best: trace.best,
        leaves_evaluated: u64::from(trace.evaluations),
        pruned: (0..leaves.len()).filter(|&leaf| !evaluated[leaf]).collect(),
        nodes,
        researches: Some(trace.researches),
        trace: events,
    }
}
