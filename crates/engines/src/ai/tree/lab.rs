//! The Tree Lab's step-by-step trace: minimax, alpha-beta and NegaScout on an explicit
//! tree, written in the lectures' MAX/MIN form so every step can be shown as the
//! documents' tables show it (node, alpha, beta, value, and why a branch is cut).
//!
//! The board engine (`negamax.rs`) stays the one that plays; this tracer is separate
//! because it must record things the engine never needs (the window each node is entered
//! with, null-window tests and their re-searches). `crates/engines/tests/tree_lab.rs` checks that it
//! evaluates exactly the leaves the engine evaluates, so the two cannot drift apart.
//!
//! Values and windows are always from MAX's point of view; `INF` stands for infinity.

use super::{RootKind, Tree};
use serde::Serialize;

/// Infinity in a window: larger than any leaf (`MAX_LEAF` is 10^8), and safe to negate
/// and to add one to.
pub const INF: i32 = 1_000_000_000;

/// Which search the lab traces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LabAlgorithm {
    /// Every leaf, no window (lecture 000, MaxVal/MinVal without alpha and beta).
    Minimax,
    /// Fail-soft alpha-beta, as lecture 000 and the thesis's AlphaBeta.
    #[default]
    AlphaBeta,
    /// NegaScout / principal variation search (slides 004): the first child with the
    /// full window, later children with a null window, re-searched when they fail high.
    NegaScout,
}

impl LabAlgorithm {
    /// Every algorithm, in menu order.
    pub const ALL: [LabAlgorithm; 3] = [
        LabAlgorithm::Minimax,
        LabAlgorithm::AlphaBeta,
        LabAlgorithm::NegaScout,
    ];
}

/// The order children are searched in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ChildOrder {
    /// As written, as the documents do.
    #[default]
    LeftToRight,
    /// Best child first (by its true minimax value): the ideal ordering, the best case
    /// of alpha-beta the thesis's node-count formula assumes.
    BestFirst,
}

/// What the lab searches, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct LabOptions {
    /// MAX or MIN at the root.
    pub root: RootKind,
    /// The search.
    pub algorithm: LabAlgorithm,
    /// The children's order.
    pub order: ChildOrder,
}

/// An alpha-beta window `[alpha, beta]` from MAX's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Window {
    /// The value MAX is already sure of on the path to the node.
    pub alpha: i32,
    /// The value MIN is already sure of on the path to the node.
    pub beta: i32,
}

/// How a node is being searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SearchKind {
    /// With the window its parent passes down (or none, for minimax).
    Full,
    /// NegaScout's null-window test: is this child better than the best so far?
    Scout,
    /// NegaScout's second search after a test said "better".
    Research,
}

/// What happened at one step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// The search reached the node.
    Enter {
        /// With which window and why.
        search: SearchKind,
    },
    /// A static evaluation of the leaf.
    Eval {
        /// The leaf's value.
        value: i32,
    },
    /// A child's value came back to the node.
    Update {
        /// The child (a node id).
        child: usize,
        /// What the child's search returned.
        child_value: i32,
        /// Whether it became the node's best.
        improved: bool,
    },
    /// A null-window test of `child` came back (NegaScout).
    Scout {
        /// The child tested.
        child: usize,
        /// What the test returned.
        child_value: i32,
        /// `true`: the child may be better than the best so far (it needs a re-search
        /// unless the value is already exact, as a leaf's is); `false`: it is not.
        better: bool,
    },
    /// A cutoff: the node's remaining children are not searched because alpha >= beta.
    Cut {
        /// The skipped children (node ids).
        skipped: Vec<usize>,
    },
    /// The node's search returned.
    Return {
        /// The value returned (exact, or a bound when the node was cut or failed low).
        value: i32,
    },
}

/// One line of the step table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Step {
    /// The node the step is about (a node id of the [`Tree`]).
    pub node: usize,
    /// What happened.
    #[serde(flatten)]
    pub event: Event,
    /// The node's window after the step (`None` for minimax, which has none).
    pub window: Option<Window>,
    /// The node's running value after the step (`None` before any child returned).
    pub value: Option<i32>,
    /// Static evaluations so far, this step included.
    pub evaluations: u32,
}

/// A whole traced search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LabTrace {
    /// The steps in order.
    pub steps: Vec<Step>,
    /// The root's value, from MAX's point of view.
    pub value: i32,
    /// The root child chosen (index among the root's children), `None` for a leaf root.
    pub best: Option<usize>,
    /// Static evaluations (a leaf evaluated twice by a re-search counts twice).
    pub evaluations: u32,
    /// Static evaluations plain minimax needs: the number of leaves.
    pub minimax_evaluations: u32,
    /// NegaScout re-searches.
    pub researches: u32,
    /// Cutoffs.
    pub cuts: u32,
}

/// Whether MAX moves at each node, from the root's kind and the node's depth.
pub fn max_nodes(tree: &Tree, root: RootKind) -> Vec<bool> {
    let mut is_max = vec![false; tree.node_count()];
    let mut stack = vec![(0usize, root == RootKind::Max)];
    while let Some((node, max)) = stack.pop() {
        is_max[node] = max;
        for &child in tree.children(node) {
            stack.push((child, !max));
        }
    }
    is_max
}

/// Every node's exact minimax value (for best-first ordering and for checks).
pub fn minimax_values(tree: &Tree, root: RootKind) -> Vec<i32> {
    let is_max = max_nodes(tree, root);
    let mut values = vec![0; tree.node_count()];
    // Pre-order ids: every child has a larger id than its parent, so a reverse sweep
    // sees children first.
    for node in (0..tree.node_count()).rev() {
        values[node] = match tree.leaf_value(node) {
            Some(value) => value,
            None => {
                let children = tree.children(node).iter().map(|&c| values[c]);
                if is_max[node] {
                    children.max().unwrap_or(0)
                } else {
                    children.min().unwrap_or(0)
                }
            }
        };
    }
    values
}

/// Runs `options.algorithm` on `tree` and records every step.
pub fn trace(tree: &Tree, options: LabOptions) -> LabTrace {
    let is_max = max_nodes(tree, options.root);
    let order = child_orders(tree, options, &is_max);
    let mut tracer = Tracer {
        tree,
        is_max: &is_max,
        order: &order,
        algorithm: options.algorithm,
        steps: Vec::new(),
        evaluations: 0,
        researches: 0,
        cuts: 0,
        best_root_child: None,
    };
    let value = tracer.search(0, -INF, INF, SearchKind::Full);
    let best = tracer
        .best_root_child
        .and_then(|child| tree.children(0).iter().position(|&c| c == child));
    LabTrace {
        value,
        best,
        evaluations: tracer.evaluations,
        minimax_evaluations: u32::try_from(tree.leaf_count()).unwrap_or(u32::MAX),
        researches: tracer.researches,
        cuts: tracer.cuts,
        steps: tracer.steps,
    }
}

/// The order each node's children are searched in.
fn child_orders(tree: &Tree, options: LabOptions, is_max: &[bool]) -> Vec<Vec<usize>> {
    let values = match options.order {
        ChildOrder::LeftToRight => None,
        ChildOrder::BestFirst => Some(minimax_values(tree, options.root)),
    };
    (0..tree.node_count())
        .map(|node| {
            let mut children = tree.children(node).to_vec();
            if let Some(values) = &values {
                // Stable: equal children keep the written order.
                if is_max[node] {
                    children.sort_by_key(|&c| std::cmp::Reverse(values[c]));
                } else {
                    children.sort_by_key(|&c| values[c]);
                }
            }
            children
        })
        .collect()
}

struct Tracer<'t> {
    tree: &'t Tree,
    is_max: &'t [bool],
    order: &'t [Vec<usize>],
    algorithm: LabAlgorithm,
    steps: Vec<Step>,
    evaluations: u32,
    researches: u32,
    cuts: u32,
    best_root_child: Option<usize>,
}

impl Tracer<'_> {
    fn push(&mut self, node: usize, event: Event, window: Option<Window>, value: Option<i32>) {
        self.steps.push(Step {
            node,
            event,
            window,
            value,
            evaluations: self.evaluations,
        });
    }

    fn window(&self, alpha: i32, beta: i32) -> Option<Window> {
        (self.algorithm != LabAlgorithm::Minimax).then_some(Window { alpha, beta })
    }

    /// Searches `node` with the window `[alpha, beta]` (ignored by minimax); returns its
    /// value (fail-soft: a bound outside the window when the node was cut or failed).
    fn search(&mut self, node: usize, mut alpha: i32, mut beta: i32, kind: SearchKind) -> i32 {
        let window = self.window(alpha, beta);
        self.push(node, Event::Enter { search: kind }, window, None);
        if let Some(value) = self.tree.leaf_value(node) {
            self.evaluations += 1;
            self.push(node, Event::Eval { value }, window, Some(value));
            return value;
        }
        let max = self.is_max[node];
        let children = &self.order[node];
        let mut best: Option<i32> = None;
        for (index, &child) in children.iter().enumerate() {
            let value = match self.algorithm {
                LabAlgorithm::NegaScout if index > 0 => {
                    self.scout_then_research(node, child, alpha, beta, best)
                }
                _ => self.search(child, alpha, beta, SearchKind::Full),
            };
            let improved = best.is_none_or(|b| if max { value > b } else { value < b });
            if improved {
                best = Some(value);
                if node == 0 {
                    self.best_root_child = Some(child);
                }
                if max {
                    alpha = alpha.max(value);
                } else {
                    beta = beta.min(value);
                }
            }
            let window = self.window(alpha, beta);
            let event = Event::Update {
                child,
                child_value: value,
                improved,
            };
            self.push(node, event, window, best);
            if self.algorithm != LabAlgorithm::Minimax && alpha >= beta {
                let skipped = children[index + 1..].to_vec();
                if !skipped.is_empty() {
                    self.cuts += 1;
                    self.push(node, Event::Cut { skipped }, window, best);
                }
                break;
            }
        }
        let value = best.unwrap_or(0);
        self.push(
            node,
            Event::Return { value },
            self.window(alpha, beta),
            best,
        );
        value
    }

    /// NegaScout on a later child: a null-window test first; a second, real search only
    /// when the test says the child is better and its value is not already exact.
    fn scout_then_research(
        &mut self,
        node: usize,
        child: usize,
        alpha: i32,
        beta: i32,
        best: Option<i32>,
    ) -> i32 {
        let max = self.is_max[node];
        // The null window sits on the bound the child has to beat.
        let (test_alpha, test_beta) = if max {
            (alpha, alpha.saturating_add(1))
        } else {
            (beta.saturating_sub(1), beta)
        };
        let value = self.search(child, test_alpha, test_beta, SearchKind::Scout);
        let better = if max { value > alpha } else { value < beta };
        let event = Event::Scout {
            child,
            child_value: value,
            better,
        };
        self.push(node, event, self.window(alpha, beta), best);
        // The test's value is exact for a leaf, and a value at or beyond the far bound
        // cuts anyway: neither needs a second search.
        let inside = if max { value < beta } else { value > alpha };
        if better && inside && self.tree.leaf_value(child).is_none() {
            self.researches += 1;
            let (a, b) = if max { (value, beta) } else { (alpha, value) };
            return self.search(child, a, b, SearchKind::Research);
        }
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str, root: RootKind, algorithm: LabAlgorithm) -> LabTrace {
        let tree = Tree::parse(text).unwrap_or_else(|e| panic!("{e}"));
        trace(
            &tree,
            LabOptions {
                root,
                algorithm,
                order: ChildOrder::LeftToRight,
            },
        )
    }

    #[test]
    fn slides_tree_cuts_after_the_2() {
        let ab = run(
            "((3 12 8)(2 4 6)(14 5 2))",
            RootKind::Max,
            LabAlgorithm::AlphaBeta,
        );
        assert_eq!(
            (ab.value, ab.best, ab.evaluations, ab.cuts),
            (3, Some(0), 7, 1)
        );
        let cut = ab.steps.iter().find_map(|step| match &step.event {
            Event::Cut { skipped } => Some((step.window, skipped.len())),
            _ => None,
        });
        assert_eq!(cut, Some((Some(Window { alpha: 3, beta: 2 }), 2)));
    }

    #[test]
    fn negascout_researches_a_child_that_fails_high() {
        // The second MIN child (value 5) beats the first (3): its null-window test fails
        // high and it is searched again.
        let ns = run("((3 9)(5 7))", RootKind::Max, LabAlgorithm::NegaScout);
        assert_eq!((ns.value, ns.best, ns.researches), (5, Some(1), 1));
        let kinds: Vec<SearchKind> = ns
            .steps
            .iter()
            .filter_map(|step| match step.event {
                Event::Enter { search } if step.node == 4 => Some(search),
                _ => None,
            })
            .collect();
        assert_eq!(kinds, vec![SearchKind::Scout, SearchKind::Research]);
    }

    #[test]
    fn minimax_has_no_window_and_no_cut() {
        let mm = run(
            "((3 12 8)(2 4 6)(14 5 2))",
            RootKind::Max,
            LabAlgorithm::Minimax,
        );
        assert_eq!((mm.value, mm.evaluations, mm.cuts), (3, 9, 0));
        assert!(mm.steps.iter().all(|step| step.window.is_none()));
    }

    #[test]
    fn text_round_trips() {
        for text in ["((3 12 8)(2 4 6)(14 5 2))", "(1 ((0) -1)((0)(1)))", "-4"] {
            let tree = Tree::parse(text).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(tree.to_text(), text);
        }
    }
}
