//! The lab's state without any drawing: the tree, the options, the trace, the cursor in
//! it, and what every node looks like at the cursor (replayed from the steps, so stepping
//! backwards is as exact as stepping forwards).

use queens_engines::ai::tree::Tree;
use queens_engines::ai::tree::examples::Example;
use queens_engines::ai::tree::lab::{
    Event, LabOptions, LabTrace, SearchKind, Window, max_nodes, trace,
};
use queens_engines::ai::tree::random::{RandomSpec, random_tree};

/// Where a node stands at the cursor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Not reached yet.
    Unvisited,
    /// Being searched (on the path from the root to the current node).
    Open,
    /// Its search returned.
    Done,
    /// In a subtree a cut skipped.
    Pruned,
}

/// One node at the cursor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeView {
    /// Where it stands.
    pub status: Status,
    /// Its running value.
    pub value: Option<i32>,
    /// Its window.
    pub window: Option<Window>,
    /// How it is being searched (NegaScout's test or re-search).
    pub search: SearchKind,
}

/// Where each node sits in the drawing, in tree units (one leaf slot wide, one level
/// high), before zoom.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// Horizontal centre of each node, in leaf slots.
    pub x: Vec<f32>,
    /// Level of each node (0 for the root).
    pub level: Vec<u32>,
    /// Leaf slots in all.
    pub width: f32,
}

/// The lab's model.
pub struct LabModel {
    /// The tree text as typed (or generated).
    pub text: String,
    /// Why the typed text was refused, with the position of the error.
    pub error: Option<String>,
    /// The tree being traced.
    pub tree: Tree,
    /// Where it came from, when it is a document's example.
    pub example: Option<&'static Example>,
    /// Root kind, algorithm and order.
    pub options: LabOptions,
    /// The whole trace.
    pub trace: LabTrace,
    /// Steps done: 0 (nothing yet) to `trace.steps.len()`.
    pub cursor: usize,
    /// The nodes at the cursor.
    pub nodes: Vec<NodeView>,
    /// Whether each node is a MAX node.
    pub is_max: Vec<bool>,
    /// Node numbers level by level from 1, as the lecture's tables number them.
    pub numbers: Vec<u32>,
    /// The drawing's geometry.
    pub layout: Layout,
    /// The random-tree generator's settings.
    pub random: RandomSpec,
    /// Counts the trees loaded (typed, examples, random), so the view knows a new one
    /// came (leaf edits keep the tree's shape and do not count).
    pub generation: u64,
}

impl LabModel {
    /// A model showing `tree`.
    pub fn new(tree: Tree, options: LabOptions) -> LabModel {
        let mut model = LabModel {
            text: tree.to_text(),
            error: None,
            trace: trace(&tree, options),
            is_max: max_nodes(&tree, options.root),
            numbers: level_numbers(&tree),
            layout: layout(&tree),
            nodes: Vec::new(),
            tree,
            example: None,
            options,
            cursor: 0,
            generation: 0,
            random: RandomSpec {
                depth: 3,
                branching: 3,
                low: -9,
                high: 9,
                seed: 1,
            },
        };
        model.replay();
        model
    }

    /// Loads a document's example (its root kind included).
    pub(crate) fn load_example(&mut self, example: &'static Example) {
        if let Ok(tree) = Tree::parse(example.tree) {
            self.options.root = example.root;
            self.set_tree(tree);
            self.example = Some(example);
        }
    }

    /// Parses the typed text; on an error the old tree stays and the error is kept.
    pub fn load_text(&mut self) {
        match Tree::parse(&self.text) {
            Ok(tree) => {
                let text = self.text.clone();
                self.set_tree(tree);
                // Keep the student's own spacing.
                self.text = text;
            }
            Err(error) => self.error = Some(error.to_string()),
        }
    }

    /// Builds the random tree of `self.random`.
    pub fn generate(&mut self) {
        match random_tree(self.random) {
            Ok(tree) => self.set_tree(tree),
            Err(error) => self.error = Some(error.to_string()),
        }
    }

    /// Shows a game's grown tree, searched from a MAX root (the side to move).
    pub(crate) fn load_grown(&mut self, tree: Tree) {
        self.options.root = queens_engines::ai::tree::RootKind::Max;
        self.set_tree(tree);
    }

    fn set_tree(&mut self, tree: Tree) {
        self.text = tree.to_text();
        self.error = None;
        self.example = None;
        self.numbers = level_numbers(&tree);
        self.layout = layout(&tree);
        self.tree = tree;
        self.cursor = 0;
        self.generation += 1;
        self.retrace();
    }

    /// Changes the options and traces again (the cursor stays where it can).
    pub(crate) fn set_options(&mut self, options: LabOptions) {
        if options != self.options {
            self.options = options;
            self.retrace();
        }
    }

    /// Gives a leaf a new value and traces again, keeping the cursor.
    pub(crate) fn set_leaf(&mut self, node: usize, value: i32) {
        if self.tree.leaf_value(node) != Some(value) && self.tree.set_leaf_value(node, value) {
            self.text = self.tree.to_text();
            self.example = None;
            self.retrace();
        }
    }

    fn retrace(&mut self) {
        self.is_max = max_nodes(&self.tree, self.options.root);
        self.trace = trace(&self.tree, self.options);
        self.cursor = self.cursor.min(self.trace.steps.len());
        self.replay();
    }

    /// Moves the cursor to `cursor` (clamped) and recomputes the nodes.
    pub fn go_to(&mut self, cursor: usize) {
        let cursor = cursor.min(self.trace.steps.len());
        if cursor != self.cursor {
            self.cursor = cursor;
            self.replay();
        }
    }

    /// The number of steps.
    pub fn steps(&self) -> usize {
        self.trace.steps.len()
    }

    /// The step just done (the one the cursor stands after).
    pub fn current(&self) -> Option<&queens_engines::ai::tree::lab::Step> {
        self.cursor
            .checked_sub(1)
            .and_then(|i| self.trace.steps.get(i))
    }

    /// Static evaluations done up to the cursor.
    pub fn evaluations_so_far(&self) -> u32 {
        self.current().map_or(0, |step| step.evaluations)
    }

    /// Replays steps `0..cursor` from a blank tree.
    ///
    /// A NegaScout re-search starts its subtree afresh, but what the null-window test
    /// evaluated there stays evaluated: when the re-search then cuts such a node, it is
    /// shown as the test left it (searched, with the test's value), not greyed as never
    /// searched. So the final picture greys exactly the leaves `queens tree` lists as
    /// pruned.
    fn replay(&mut self) {
        let blank = NodeView {
            status: Status::Unvisited,
            value: None,
            window: None,
            search: SearchKind::Full,
        };
        let mut nodes = vec![blank; self.tree.node_count()];
        // Each node as the last null-window test left it, once a re-search blanked it.
        let mut tested: Vec<Option<NodeView>> = vec![None; self.tree.node_count()];
        for step in &self.trace.steps[..self.cursor] {
            let node = step.node;
            match &step.event {
                Event::Enter { search } => {
                    // A first visit finds the subtree blank already, so only re-searches
                    // pay for the walk.
                    if *search == SearchKind::Research {
                        for below in descendants(&self.tree, node) {
                            if nodes[below].status != Status::Unvisited {
                                tested[below] = Some(nodes[below]);
                            }
                            nodes[below] = blank;
                        }
                    }
                    nodes[node] = NodeView {
                        status: Status::Open,
                        value: None,
                        window: step.window,
                        search: *search,
                    };
                }
                Event::Cut { skipped } => {
                    for &child in skipped {
                        for below in std::iter::once(child).chain(descendants(&self.tree, child)) {
                            nodes[below] = match tested[below] {
                                Some(view) => view,
                                None => NodeView {
                                    status: Status::Pruned,
                                    ..nodes[below]
                                },
                            };
                        }
                    }
                }
                Event::Return { .. } => nodes[node].status = Status::Done,
                Event::Eval { .. } | Event::Update { .. } | Event::Scout { .. } => {}
            }
            nodes[node].value = step.value;
            nodes[node].window = step.window;
        }
        self.nodes = nodes;
    }
}

/// Every node below `node` (not `node` itself).
pub(crate) fn descendants(tree: &Tree, node: usize) -> Vec<usize> {
    let mut out = Vec::new();
    let mut stack: Vec<usize> = tree.children(node).to_vec();
    while let Some(next) = stack.pop() {
        out.push(next);
        stack.extend_from_slice(tree.children(next));
    }
    out
}

/// Numbers from 1, level by level, left to right (the lecture's figure 4.8 numbering).
pub(crate) fn level_numbers(tree: &Tree) -> Vec<u32> {
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

/// Leaves side by side in their order; a parent centred over its first and last child.
pub(crate) fn layout(tree: &Tree) -> Layout {
    let count = tree.node_count();
    let mut x = vec![0.0; count];
    let mut level = vec![0; count];
    for node in 0..count {
        for &child in tree.children(node) {
            level[child] = level[node] + 1;
        }
    }
    let mut slot = 0.0;
    for (node, x) in x.iter_mut().enumerate() {
        if tree.children(node).is_empty() {
            *x = slot + 0.5;
            slot += 1.0;
        }
    }
    // Pre-order: children have larger ids, so a reverse sweep places them first.
    for node in (0..count).rev() {
        let children = tree.children(node);
        if let (Some(&first), Some(&last)) = (children.first(), children.last()) {
            x[node] = (x[first] + x[last]) / 2.0;
        }
    }
    Layout {
        x,
        level,
        width: slot,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens_engines::ai::tree::examples::example;
    use queens_engines::ai::tree::lab::LabAlgorithm;

    fn slides() -> LabModel {
        let mut model = LabModel::new(
            Tree::parse("0").unwrap_or_else(|e| panic!("{e}")),
            LabOptions::default(),
        );
        model.load_example(example("slides-3-12-8").unwrap_or_else(|| panic!("no example")));
        model
    }

    #[test]
    fn editing_a_leaf_retraces_and_keeps_the_cursor() {
        let mut model = slides();
        model.go_to(10);
        // Leaf "2" of the middle MIN node (node id 6 in pre-order) becomes 20: nothing is
        // cut there any more and the root's value rises to 4 (min of 20, 4, 6).
        assert_eq!(model.tree.leaf_value(6), Some(2));
        model.set_leaf(6, 20);
        assert_eq!(model.cursor, 10);
        assert_eq!(model.trace.value, 4);
        assert_eq!(model.trace.evaluations, 9);
        assert_eq!(model.text, "((3 12 8)(20 4 6)(14 5 2))");
        assert!(model.example.is_none());
    }

    #[test]
    fn stepping_back_shows_exactly_what_stepping_forward_showed() {
        let mut model = slides();
        model.set_options(LabOptions {
            algorithm: LabAlgorithm::NegaScout,
            ..model.options
        });
        let mut seen = Vec::new();
        for cursor in 0..=model.steps() {
            model.go_to(cursor);
            seen.push(model.nodes.clone());
        }
        for cursor in (0..=model.steps()).rev() {
            model.go_to(cursor);
            assert_eq!(model.nodes, seen[cursor], "cursor {cursor}");
        }
        // At the end the two cut leaves (4 and 6 of the middle node) are pruned.
        model.go_to(model.steps());
        assert_eq!(model.nodes[7].status, Status::Pruned);
        assert_eq!(model.nodes[8].status, Status::Pruned);
        assert_eq!(model.nodes[0].status, Status::Done);
    }

    /// The final picture of a NegaScout trace greys exactly the leaves `queens tree
    /// --algo pvs` reports as pruned (issue 19.4: leaves the null-window test evaluated
    /// were greyed when the re-search cut them).
    #[test]
    fn negascouts_final_picture_greys_the_leaves_the_cli_calls_pruned() {
        let options = LabOptions {
            algorithm: LabAlgorithm::NegaScout,
            ..LabOptions::default()
        };
        for seed in 1..60 {
            for (depth, branching) in [(2, 3), (3, 3), (4, 2)] {
                let spec = RandomSpec {
                    depth,
                    branching,
                    low: -9,
                    high: 9,
                    seed,
                };
                let tree = random_tree(spec).unwrap_or_else(|e| panic!("{e}"));
                let mut model = LabModel::new(tree.clone(), options);
                model.go_to(model.steps());
                let report =
                    queens_engines::ai::tree::report::report(&tree, options.root, &model.trace);
                let greyed: Vec<usize> = (0..tree.node_count())
                    .filter(|&node| tree.leaf_value(node).is_some())
                    .enumerate()
                    .filter(|&(_, node)| model.nodes[node].status == Status::Pruned)
                    .map(|(leaf, _)| leaf)
                    .collect();
                assert_eq!(greyed, report.pruned, "{}", tree.to_text());
            }
        }
    }
}
