//! The Tree Lab's traces against the source documents' worked examples, against each
//! other on random trees, and against the board engine's own alpha-beta.

use proptest::prelude::*;
use queens_engines::ai::Method;
use queens_engines::ai::tree::examples::EXAMPLES;
use queens_engines::ai::tree::lab::{
    ChildOrder, Event, LabAlgorithm, LabOptions, LabTrace, SearchKind, minimax_values, trace,
};
use queens_engines::ai::tree::random::{RandomSpec, random_tree};
use queens_engines::ai::tree::{RootKind, Tree, evaluate_tree};
use std::collections::BTreeSet;

fn parse(text: &str) -> Tree {
    Tree::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn run(tree: &Tree, root: RootKind, algorithm: LabAlgorithm, order: ChildOrder) -> LabTrace {
    trace(
        tree,
        LabOptions {
            root,
            algorithm,
            order,
        },
    )
}

/// Leaf numbers (left to right) a trace evaluated.
fn evaluated_leaves(tree: &Tree, trace: &LabTrace) -> BTreeSet<usize> {
    let leaves: Vec<usize> = (0..tree.node_count())
        .filter(|&node| tree.leaf_value(node).is_some())
        .collect();
    trace
        .steps
        .iter()
        .filter(|step| matches!(step.event, Event::Eval { .. }))
        .map(|step| {
            leaves
                .iter()
                .position(|&n| n == step.node)
                .unwrap_or(usize::MAX)
        })
        .collect()
}

/// Every cut happens with alpha >= beta at that node and step, and skips children.
fn assert_cuts_are_justified(trace: &LabTrace) {
    for (index, step) in trace.steps.iter().enumerate() {
        if let Event::Cut { skipped } = &step.event {
            let window = step
                .window
                .unwrap_or_else(|| panic!("cut without a window"));
            assert!(
                window.alpha >= window.beta,
                "step {index}: cut at node {} with alpha {} < beta {}",
                step.node,
                window.alpha,
                window.beta
            );
            assert!(
                !skipped.is_empty(),
                "step {index}: a cut that skips nothing"
            );
        }
    }
}

#[test]
fn every_document_example_gives_the_documents_numbers() {
    for example in EXAMPLES {
        let tree = parse(example.tree);
        let minimax = run(
            &tree,
            example.root,
            LabAlgorithm::Minimax,
            ChildOrder::LeftToRight,
        );
        let alphabeta = run(
            &tree,
            example.root,
            LabAlgorithm::AlphaBeta,
            ChildOrder::LeftToRight,
        );
        let negascout = run(
            &tree,
            example.root,
            LabAlgorithm::NegaScout,
            ChildOrder::LeftToRight,
        );
        assert_eq!(minimax.value, example.value, "{} minimax", example.key);
        assert_eq!(alphabeta.value, example.value, "{} alpha-beta", example.key);
        assert_eq!(negascout.value, example.value, "{} NegaScout", example.key);
        assert_eq!(
            alphabeta.evaluations, example.alphabeta_evaluations,
            "{} alpha-beta evaluations",
            example.key
        );
        assert_eq!(
            minimax.evaluations as usize,
            tree.leaf_count(),
            "{}",
            example.key
        );
        assert_cuts_are_justified(&alphabeta);
        assert_cuts_are_justified(&negascout);
    }
}

#[test]
fn thesis_figure_2_9_is_16_of_27_and_the_middle_branch() {
    let tree = parse(EXAMPLES[0].tree);
    let ab = run(
        &tree,
        RootKind::Max,
        LabAlgorithm::AlphaBeta,
        ChildOrder::LeftToRight,
    );
    assert_eq!(
        (ab.value, ab.best, ab.evaluations, ab.minimax_evaluations),
        (5, Some(1), 16, 27)
    );
}

/// Node ids of the lecture's figure 4.8 numbered level by level, as its tables do.
fn lecture_numbers(tree: &Tree) -> Vec<usize> {
    let mut numbers = vec![0; tree.node_count()];
    let mut queue = std::collections::VecDeque::from([0usize]);
    let mut next = 1;
    while let Some(node) = queue.pop_front() {
        numbers[node] = next;
        next += 1;
        queue.extend(tree.children(node).iter().copied());
    }
    numbers
}

/// The cuts of a trace as (lecture node, skipped lecture nodes).
fn cuts(tree: &Tree, trace: &LabTrace) -> Vec<(usize, Vec<usize>)> {
    let numbers = lecture_numbers(tree);
    trace
        .steps
        .iter()
        .filter_map(|step| match &step.event {
            Event::Cut { skipped } => Some((
                numbers[step.node],
                skipped.iter().map(|&n| numbers[n]).collect(),
            )),
            _ => None,
        })
        .collect()
}

#[test]
fn lecture_figure_4_8_cuts_where_its_tables_cut() {
    let tree = parse(EXAMPLES[1].tree);
    let max = run(
        &tree,
        RootKind::Max,
        LabAlgorithm::AlphaBeta,
        ChildOrder::LeftToRight,
    );
    // First table: "4 ... 10,8 => Cắt 11,12", "7 ... 10,-3 => Cắt 16,17", "9 ... 12,10 => Cắt 20".
    assert_eq!(
        cuts(&tree, &max),
        vec![(7, vec![16, 17]), (9, vec![20]), (4, vec![11, 12])]
    );
    // The table's final alpha and beta of node 4: "10,8".
    let numbers = lecture_numbers(&tree);
    let node4 = numbers.iter().position(|&n| n == 4).unwrap_or(usize::MAX);
    let last = max.steps.iter().rev().find(|step| step.node == node4);
    let window = last.and_then(|step| step.window).map(|w| (w.alpha, w.beta));
    assert_eq!(window, Some((10, 8)));
    // Second table (root MIN): "3 ... 10,8 => Cắt 9", "4 ... 8,8 => Cắt 11,12".
    let min = run(
        &tree,
        RootKind::Min,
        LabAlgorithm::AlphaBeta,
        ChildOrder::LeftToRight,
    );
    assert_eq!(cuts(&tree, &min), vec![(3, vec![9]), (4, vec![11, 12])]);
}

#[test]
fn the_lab_evaluates_exactly_the_leaves_the_engine_evaluates() {
    for example in EXAMPLES {
        let tree = parse(example.tree);
        let engine = evaluate_tree(&tree, example.root, Method::AlphaBeta);
        let lab = run(
            &tree,
            example.root,
            LabAlgorithm::AlphaBeta,
            ChildOrder::LeftToRight,
        );
        let engine_leaves: BTreeSet<usize> = (0..tree.leaf_count())
            .filter(|leaf| !engine.pruned.contains(leaf))
            .collect();
        assert_eq!(
            evaluated_leaves(&tree, &lab),
            engine_leaves,
            "{}",
            example.key
        );
        assert_eq!(u64::from(lab.evaluations), engine.leaves_evaluated);
        assert_eq!(lab.best, engine.best, "{}", example.key);
    }
}

#[test]
fn best_first_order_is_never_worse_on_the_thesis_tree() {
    let tree = parse(EXAMPLES[0].tree);
    let written = run(
        &tree,
        RootKind::Max,
        LabAlgorithm::AlphaBeta,
        ChildOrder::LeftToRight,
    );
    let best = run(
        &tree,
        RootKind::Max,
        LabAlgorithm::AlphaBeta,
        ChildOrder::BestFirst,
    );
    assert_eq!(best.value, 5);
    // Perfect ordering on b = 3, d = 3: b^ceil(d/2) + b^floor(d/2) - 1 = 9 + 3 - 1 = 11.
    assert_eq!(best.evaluations, 11);
    assert!(best.evaluations <= written.evaluations);
}

#[test]
fn negascout_shows_its_researches_on_the_thesis_tree() {
    let tree = parse(EXAMPLES[0].tree);
    let ns = run(
        &tree,
        RootKind::Max,
        LabAlgorithm::NegaScout,
        ChildOrder::LeftToRight,
    );
    let researches = ns
        .steps
        .iter()
        .filter(|step| {
            matches!(
                step.event,
                Event::Enter {
                    search: SearchKind::Research
                }
            )
        })
        .count();
    assert_eq!(researches as u32, ns.researches);
    // The middle branch (5) beats the left one (2): the root must re-search it.
    assert!(ns.researches >= 1, "{:?}", ns.researches);
    assert_eq!((ns.value, ns.best), (5, Some(1)));
}

fn any_spec() -> impl Strategy<Value = RandomSpec> {
    (1u32..=4, 1u32..=4, -20i32..=0, 0i32..=20, any::<u64>()).prop_map(
        |(depth, branching, low, high, seed)| RandomSpec {
            depth,
            branching,
            low,
            high,
            seed,
        },
    )
}

fn any_tree_text() -> impl Strategy<Value = String> {
    let leaf = (-9i32..=9).prop_map(|v| v.to_string());
    leaf.prop_recursive(4, 64, 4, |inner| {
        prop::collection::vec(inner, 1..=4).prop_map(|children| format!("({})", children.join(" ")))
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn the_three_searches_agree_and_alphabeta_never_evaluates_more(
        spec in any_spec(),
        text in any_tree_text(),
        min_root in any::<bool>(),
        best_first in any::<bool>(),
    ) {
        let root = if min_root { RootKind::Min } else { RootKind::Max };
        let order = if best_first { ChildOrder::BestFirst } else { ChildOrder::LeftToRight };
        let random = random_tree(spec).map_err(|e| TestCaseError::fail(e.to_string()))?;
        for tree in [random, parse(&text)] {
            let exact = minimax_values(&tree, root)[0];
            let mm = run(&tree, root, LabAlgorithm::Minimax, order);
            let ab = run(&tree, root, LabAlgorithm::AlphaBeta, order);
            let ns = run(&tree, root, LabAlgorithm::NegaScout, order);
            prop_assert_eq!(mm.value, exact);
            prop_assert_eq!(ab.value, exact);
            prop_assert_eq!(ns.value, exact);
            prop_assert!(ab.evaluations <= mm.evaluations);
            prop_assert_eq!(mm.evaluations as usize, tree.leaf_count());
            assert_cuts_are_justified(&ab);
            assert_cuts_are_justified(&ns);
            if order == ChildOrder::LeftToRight {
                let engine = evaluate_tree(&tree, root, Method::AlphaBeta);
                prop_assert_eq!(u64::from(ab.evaluations), engine.leaves_evaluated);
                prop_assert_eq!(ab.best, engine.best);
            }
        }
    }

    #[test]
    fn random_trees_are_reproducible_and_round_trip(spec in any_spec()) {
        let a = random_tree(spec).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let b = random_tree(spec).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(a.to_text(), b.to_text());
        prop_assert_eq!(a.leaf_count() as u64, u64::from(spec.branching).pow(spec.depth));
        prop_assert_eq!(parse(&a.to_text()).to_text(), a.to_text());
    }
}
