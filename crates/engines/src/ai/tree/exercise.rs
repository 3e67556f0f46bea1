//! Tree Lab exercises (issue 22.3): the student predicts what a search will do on a tree,
//! and the answer is checked against the lab's own trace ([`super::lab::trace`]), never
//! against a second implementation. A wrong answer is explained at the FIRST node where
//! it goes wrong, in search order, with the numbers that decide it (the children's
//! values, the window a leaf is reached with, the cut that skips it, the null-window
//! test that fails), so the window can say it in words.
//!
//! Four kinds: the minimax value of a node; which leaves alpha-beta never evaluates;
//! the best-first order of a node's children (the ordering that cuts most); and, with
//! NegaScout, which null-window tests fail and need a re-search.

use super::lab::{
    ChildOrder, Event, LabAlgorithm, LabOptions, Window, max_nodes, minimax_values, trace,
};
use super::{RootKind, Tree};
use std::collections::BTreeSet;

/// What the student is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ExerciseKind {
    /// The minimax value of a node.
    #[default]
    Value,
    /// The leaves alpha-beta never evaluates.
    Pruned,
    /// A node's children, best first.
    Order,
    /// NegaScout's null-window tests that fail (the child needs a re-search).
    Scout,
}

impl ExerciseKind {
    /// Every kind, in menu order.
    pub const ALL: [ExerciseKind; 4] = [
        ExerciseKind::Value,
        ExerciseKind::Pruned,
        ExerciseKind::Order,
        ExerciseKind::Scout,
    ];

    /// Whether the exercise is about one inner node the student picks.
    pub fn needs_node(self) -> bool {
        matches!(self, ExerciseKind::Value | ExerciseKind::Order)
    }
}

/// The student's answer (node ids of the [`Tree`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A node's value.
    Value(i32),
    /// Leaves never evaluated.
    Pruned(BTreeSet<usize>),
    /// Children of the node, best first.
    Order(Vec<usize>),
    /// Children whose null-window test fails.
    Scout(BTreeSet<usize>),
}

/// Why an answer is wrong, at the first node where it goes wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mistake {
    /// The node's value is the max (MAX) or min (MIN) of its children's values.
    Value {
        /// The node.
        node: usize,
        /// Whether MAX moves there.
        max: bool,
        /// Each child and its minimax value, in the tree's order.
        children: Vec<(usize, i32)>,
        /// The node's value.
        value: i32,
    },
    /// A leaf the student marked as never evaluated is evaluated: it is reached with an
    /// open window (alpha < beta).
    Evaluated {
        /// The leaf.
        leaf: usize,
        /// The window it is reached with.
        window: Window,
    },
    /// A leaf the student left as evaluated is never reached: `at` cuts its branch.
    Cut {
        /// The leaf.
        leaf: usize,
        /// The node whose remaining children are cut.
        at: usize,
        /// Whether MAX moves at `at`.
        max: bool,
        /// `at`'s window when it cuts (alpha >= beta).
        window: Window,
    },
    /// The order is not a listing of the node's children.
    NotChildren {
        /// The node.
        node: usize,
    },
    /// `later` is better for the mover at the node than `earlier`, yet comes after it.
    Order {
        /// The node.
        node: usize,
        /// Whether MAX moves there.
        max: bool,
        /// The child put first of the two, and its value.
        earlier: (usize, i32),
        /// The better child put after it, and its value.
        later: (usize, i32),
    },
    /// The student's call on `child`'s null-window test is wrong.
    Scout {
        /// The node testing its child.
        node: usize,
        /// The child tested.
        child: usize,
        /// Whether MAX moves at `node`.
        max: bool,
        /// The node's window when it tests (the test searches just above alpha for MAX,
        /// just below beta for MIN).
        window: Window,
        /// What the test returned.
        value: i32,
        /// Whether the test failed (the child may be better and needs a re-search).
        fails: bool,
    },
    /// A node marked as failing its test is never tested with a null window (it is a
    /// first child, a leaf's value is exact, or its branch is cut).
    NotTested {
        /// The node.
        node: usize,
    },
}

/// A checked answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Whether the answer is right.
    pub right: bool,
    /// The first mistake, when wrong.
    pub mistake: Option<Mistake>,
}

impl Verdict {
    fn right() -> Verdict {
        Verdict {
            right: true,
            mistake: None,
        }
    }

    fn wrong(mistake: Mistake) -> Verdict {
        Verdict {
            right: false,
            mistake: Some(mistake),
        }
    }
}

/// The leaves alpha-beta never evaluates on `tree` with the lab's root and order.
pub fn pruned_leaves(tree: &Tree, root: RootKind, order: ChildOrder) -> BTreeSet<usize> {
    let run = trace(
        tree,
        LabOptions {
            root,
            algorithm: LabAlgorithm::AlphaBeta,
            order,
        },
    );
    let evaluated: BTreeSet<usize> = run
        .steps
        .iter()
        .filter(|step| matches!(step.event, Event::Eval { .. }))
        .map(|step| step.node)
        .collect();
    (0..tree.node_count())
        .filter(|&node| tree.leaf_value(node).is_some() && !evaluated.contains(&node))
        .collect()
}

/// The children whose NegaScout null-window test fails and needs a re-search (an inner
/// child: a leaf's test value is already exact), with the lab's root and order.
pub fn failing_tests(tree: &Tree, root: RootKind, order: ChildOrder) -> BTreeSet<usize> {
    scout_tests(tree, root, order)
        .into_iter()
        .filter(|test| test.fails)
        .map(|test| test.child)
        .collect()
}

/// One null-window test of a NegaScout trace.
struct Test {
    node: usize,
    child: usize,
    window: Window,
    value: i32,
    fails: bool,
}

fn scout_tests(tree: &Tree, root: RootKind, order: ChildOrder) -> Vec<Test> {
    let run = trace(
        tree,
        LabOptions {
            root,
            algorithm: LabAlgorithm::NegaScout,
            order,
        },
    );
    let is_max = max_nodes(tree, root);
    let mut tests = Vec::new();
    for step in &run.steps {
        let Event::Scout {
            child,
            child_value,
            better,
        } = step.event
        else {
            continue;
        };
        // The node's window when it tested (the step records it).
        let window = step.window.unwrap_or(Window { alpha: 0, beta: 0 });
        let max = is_max[step.node];
        // As the trace decides: a re-search only when the test says "better", the value
        // is short of the far bound (else it cuts anyway) and the child is not a leaf
        // (whose value is exact).
        let inside = if max {
            child_value < window.beta
        } else {
            child_value > window.alpha
        };
        tests.push(Test {
            node: step.node,
            child,
            window,
            value: child_value,
            fails: better && inside && tree.leaf_value(child).is_none(),
        });
    }
    tests
}

/// Checks `answer` to `kind` about `node` (the node picked, for a value or an order) on
/// `tree`, searched from a `root` node with the children in `order`.
pub fn check(
    tree: &Tree,
    root: RootKind,
    order: ChildOrder,
    kind: ExerciseKind,
    node: usize,
    answer: &Answer,
) -> Verdict {
    match (kind, answer) {
        (ExerciseKind::Value, Answer::Value(value)) => check_value(tree, root, node, *value),
        (ExerciseKind::Pruned, Answer::Pruned(marked)) => check_pruned(tree, root, order, marked),
        (ExerciseKind::Order, Answer::Order(children)) => check_order(tree, root, node, children),
        (ExerciseKind::Scout, Answer::Scout(marked)) => check_scout(tree, root, order, marked),
        // An answer of another kind answers nothing.
        _ => Verdict::wrong(Mistake::NotChildren { node }),
    }
}

fn value_mistake(tree: &Tree, root: RootKind, node: usize) -> Mistake {
    let values = minimax_values(tree, root);
    Mistake::Value {
        node,
        max: max_nodes(tree, root)[node],
        children: tree
            .children(node)
            .iter()
            .map(|&child| (child, values[child]))
            .collect(),
        value: values[node],
    }
}

fn check_value(tree: &Tree, root: RootKind, node: usize, value: i32) -> Verdict {
    let values = minimax_values(tree, root);
    match values.get(node) {
        Some(&truth) if truth == value => Verdict::right(),
        Some(_) => Verdict::wrong(value_mistake(tree, root, node)),
        None => Verdict::wrong(Mistake::NotChildren { node }),
    }
}

/// The parent of every node (the root's is itself).
fn parents(tree: &Tree) -> Vec<usize> {
    let mut parent = vec![0; tree.node_count()];
    for node in 0..tree.node_count() {
        for &child in tree.children(node) {
            parent[child] = node;
        }
    }
    parent
}

fn check_pruned(
    tree: &Tree,
    root: RootKind,
    order: ChildOrder,
    marked: &BTreeSet<usize>,
) -> Verdict {
    let run = trace(
        tree,
        LabOptions {
            root,
            algorithm: LabAlgorithm::AlphaBeta,
            order,
        },
    );
    let parent = parents(tree);
    let is_max = max_nodes(tree, root);
    // In search order: each leaf as it is reached, each cut as it skips leaves.
    for step in &run.steps {
        match &step.event {
            Event::Enter { .. }
                if tree.leaf_value(step.node).is_some() && marked.contains(&step.node) =>
            {
                return Verdict::wrong(Mistake::Evaluated {
                    leaf: step.node,
                    window: step.window.unwrap_or(Window { alpha: 0, beta: 0 }),
                });
            }
            Event::Cut { skipped } => {
                let under = |leaf: usize| {
                    let mut at = leaf;
                    while at != 0 {
                        if skipped.contains(&at) {
                            return true;
                        }
                        at = parent[at];
                    }
                    false
                };
                let missed = (0..tree.node_count()).find(|&leaf| {
                    tree.leaf_value(leaf).is_some() && under(leaf) && !marked.contains(&leaf)
                });
                if let Some(leaf) = missed {
                    return Verdict::wrong(Mistake::Cut {
                        leaf,
                        at: step.node,
                        max: is_max[step.node],
                        window: step.window.unwrap_or(Window { alpha: 0, beta: 0 }),
                    });
                }
            }
            _ => {}
        }
    }
    // Marks on inner nodes (or anything not a leaf) answer nothing wrong in search order
    // but are not leaves: say so at the first.
    if let Some(&node) = marked.iter().find(|&&n| tree.leaf_value(n).is_none()) {
        return Verdict::wrong(Mistake::NotChildren { node });
    }
    Verdict::right()
}

fn check_order(tree: &Tree, root: RootKind, node: usize, children: &[usize]) -> Verdict {
    let mut given: Vec<usize> = children.to_vec();
    given.sort_unstable();
    let mut expected: Vec<usize> = tree.children(node).to_vec();
    expected.sort_unstable();
    if given != expected || expected.is_empty() {
        return Verdict::wrong(Mistake::NotChildren { node });
    }
    let values = minimax_values(tree, root);
    let max = max_nodes(tree, root)[node];
    let better = |a: i32, b: i32| if max { a > b } else { a < b };
    for (i, &earlier) in children.iter().enumerate() {
        if let Some(&later) = children[i + 1..]
            .iter()
            .find(|&&later| better(values[later], values[earlier]))
        {
            return Verdict::wrong(Mistake::Order {
                node,
                max,
                earlier: (earlier, values[earlier]),
                later: (later, values[later]),
            });
        }
    }
    Verdict::right()
}

fn check_scout(
    tree: &Tree,
    root: RootKind,
    order: ChildOrder,
    marked: &BTreeSet<usize>,
) -> Verdict {
    let is_max = max_nodes(tree, root);
    let tests = scout_tests(tree, root, order);
    for test in &tests {
        if marked.contains(&test.child) != test.fails {
            return Verdict::wrong(Mistake::Scout {
                node: test.node,
                child: test.child,
                max: is_max[test.node],
                window: test.window,
                value: test.value,
                fails: test.fails,
            });
        }
    }
    let tested: BTreeSet<usize> = tests
        .iter()
        .filter(|test| test.fails)
        .map(|test| test.child)
        .collect();
    if let Some(&node) = marked.iter().find(|node| !tested.contains(node)) {
        return Verdict::wrong(Mistake::NotTested { node });
    }
    Verdict::right()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lectures' classic: MAX root, three MIN children of three leaves each.
    fn classic() -> Tree {
        Tree::parse("((3 12 8) (2 4 6) (14 5 2))").unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn the_root_value_is_checked_and_explained_by_its_children() {
        let tree = classic();
        let right = check(
            &tree,
            RootKind::Max,
            ChildOrder::LeftToRight,
            ExerciseKind::Value,
            0,
            &Answer::Value(3),
        );
        assert!(right.right);
        let wrong = check(
            &tree,
            RootKind::Max,
            ChildOrder::LeftToRight,
            ExerciseKind::Value,
            0,
            &Answer::Value(12),
        );
        assert!(!wrong.right);
        let Some(Mistake::Value {
            max,
            children,
            value,
            ..
        }) = wrong.mistake
        else {
            panic!("{wrong:?}");
        };
        assert!(max);
        assert_eq!(value, 3);
        assert_eq!(
            children.iter().map(|&(_, v)| v).collect::<Vec<_>>(),
            vec![3, 2, 2]
        );
    }

    #[test]
    fn the_classic_prunes_two_leaves_under_the_second_min_node() {
        let tree = classic();
        let pruned = pruned_leaves(&tree, RootKind::Max, ChildOrder::LeftToRight);
        let values: Vec<i32> = pruned.iter().filter_map(|&n| tree.leaf_value(n)).collect();
        assert_eq!(values, vec![4, 6]);
        let right = check_pruned(&tree, RootKind::Max, ChildOrder::LeftToRight, &pruned);
        assert!(right.right, "{right:?}");
        // Leaving one out: the cut at the second MIN node explains it.
        let mut fewer = pruned.clone();
        let first = *fewer.iter().next().unwrap_or_else(|| panic!("none"));
        fewer.remove(&first);
        let wrong = check_pruned(&tree, RootKind::Max, ChildOrder::LeftToRight, &fewer);
        let Some(Mistake::Cut {
            leaf, max, window, ..
        }) = wrong.mistake
        else {
            panic!("{wrong:?}");
        };
        assert_eq!(leaf, first);
        assert!(!max);
        assert!(window.alpha >= window.beta);
        // Marking an evaluated leaf: the first one reached is named with its open window.
        let mut more = pruned;
        let leaf_12 = (0..tree.node_count())
            .find(|&n| tree.leaf_value(n) == Some(12))
            .unwrap_or_else(|| panic!("no 12"));
        more.insert(leaf_12);
        let wrong = check_pruned(&tree, RootKind::Max, ChildOrder::LeftToRight, &more);
        assert!(
            matches!(wrong.mistake, Some(Mistake::Evaluated { leaf, window }) if leaf == leaf_12 && window.alpha < window.beta),
            "{wrong:?}"
        );
    }

    #[test]
    fn the_best_first_order_is_checked_pair_by_pair() {
        let tree = classic();
        let root = tree.children(0).to_vec();
        // MAX at the root: values 3, 2, 2: the first MIN node first, the others in any order.
        let right = check_order(&tree, RootKind::Max, 0, &[root[0], root[2], root[1]]);
        assert!(right.right, "{right:?}");
        let wrong = check_order(&tree, RootKind::Max, 0, &[root[1], root[0], root[2]]);
        assert_eq!(
            wrong.mistake,
            Some(Mistake::Order {
                node: 0,
                max: true,
                earlier: (root[1], 2),
                later: (root[0], 3),
            })
        );
        let missing = check_order(&tree, RootKind::Max, 0, &[root[0], root[1]]);
        assert_eq!(missing.mistake, Some(Mistake::NotChildren { node: 0 }));
    }

    #[test]
    fn failing_null_window_tests_are_the_trace_s_re_searches() {
        // The third MIN node (14 5 2) is tested: its first leaf 14 passes the test at
        // alpha 3 but the node's value 2 does not: it does not need a re-search. A tree
        // whose later child is truly better needs one.
        let tree = Tree::parse("((3 12) (5 9) (1 2))").unwrap_or_else(|e| panic!("{e}"));
        let failing = failing_tests(&tree, RootKind::Max, ChildOrder::LeftToRight);
        let run = trace(
            &tree,
            LabOptions {
                root: RootKind::Max,
                algorithm: LabAlgorithm::NegaScout,
                order: ChildOrder::LeftToRight,
            },
        );
        assert_eq!(failing.len() as u32, run.researches);
        assert_eq!(failing.len(), 1);
        let right = check_scout(&tree, RootKind::Max, ChildOrder::LeftToRight, &failing);
        assert!(right.right, "{right:?}");
        let wrong = check_scout(
            &tree,
            RootKind::Max,
            ChildOrder::LeftToRight,
            &BTreeSet::new(),
        );
        assert!(
            matches!(wrong.mistake, Some(Mistake::Scout { fails: true, .. })),
            "{wrong:?}"
        );
        // The first child is never tested with a null window.
        let first = tree.children(0)[0];
        let wrong = check_scout(
            &tree,
            RootKind::Max,
            ChildOrder::LeftToRight,
            &failing.iter().copied().chain([first]).collect(),
        );
        assert_eq!(wrong.mistake, Some(Mistake::NotTested { node: first }));
    }

    #[test]
    fn failing_tests_match_the_re_search_count_on_random_trees() {
        for seed in 0..40 {
            let spec = super::super::random::RandomSpec {
                depth: 3,
                branching: 3,
                low: -9,
                high: 9,
                seed,
            };
            let Ok(tree) = super::super::random::random_tree(spec) else {
                continue;
            };
            for order in [ChildOrder::LeftToRight, ChildOrder::BestFirst] {
                let run = trace(
                    &tree,
                    LabOptions {
                        root: RootKind::Max,
                        algorithm: LabAlgorithm::NegaScout,
                        order,
                    },
                );
                let failing = failing_tests(&tree, RootKind::Max, order);
                assert_eq!(failing.len() as u32, run.researches, "seed {seed}");
                let pruned = pruned_leaves(&tree, RootKind::Max, order);
                let ab = trace(
                    &tree,
                    LabOptions {
                        root: RootKind::Max,
                        algorithm: LabAlgorithm::AlphaBeta,
                        order,
                    },
                );
                assert_eq!(
                    pruned.len() as u32,
                    ab.minimax_evaluations - ab.evaluations,
                    "seed {seed}"
                );
            }
        }
    }
}
