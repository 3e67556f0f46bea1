//! Explicit textbook game trees, e.g. `((8 7 2)(9 1 6)(2 4 1))`, searched by the very same
//! minimax and alpha-beta code as the board, with a trace for students.
//!
//! Leaves are integers from MAX's point of view; the root is MAX or MIN. The trace lists,
//! in order, each static evaluation and each alpha (at MAX nodes) or beta (at MIN nodes)
//! update, and each cutoff.

use super::control::{Limits, NoHandler};
use super::game::{FrontierGame, SearchGame};
use super::movelist::MoveList;
use super::negamax::{MAX_PLY, Method, Observer};
use super::score::Score;
use super::search::run_search;
use serde::Serialize;

pub mod examples;
pub mod exercise;
mod from_game;
pub mod lab;
mod parse;
pub mod random;
pub mod report;

pub(crate) use from_game::GameTreeError;
pub use from_game::MAX_GAME_TREE_LEAVES;
pub use parse::TreeError;

/// The largest leaf magnitude a tree may hold (well inside the search's infinity).
pub const MAX_LEAF: i64 = 100_000_000;

/// The deepest tree accepted, in levels below the root: the deepest search the engine
/// runs, and the same bound as `bestmove --depth` (225, the longest possible game), so a
/// depth one command accepts the other accepts too.
pub(crate) const MAX_HEIGHT: usize = MAX_PLY - 1;

#[derive(Clone, Debug)]
enum Node {
    Leaf(i32),
    Inner(Vec<usize>),
}

/// A parsed tree: nodes in an arena, node 0 the root, leaves numbered left to right.
#[derive(Clone, Debug)]
pub struct Tree {
    nodes: Vec<Node>,
    /// The label of the edge into each node (a game's move, see [`Tree::from_game`]);
    /// `None` for the root and for every node of a parsed tree: the bracket text has no
    /// labels, so a tree read from text or a file is what it always was.
    labels: Vec<Option<String>>,
    /// Leaf number (left to right) of each leaf node.
    leaf_number: Vec<Option<usize>>,
    leaf_count: usize,
    height: u32,
}

impl Tree {
    /// Parses `((8 7 2)(9 1 6)(2 4 1))`: parentheses group children, leaves are integers
    /// (negative allowed), any whitespace separates. A bare integer is a one-leaf tree.
    ///
    /// # Errors
    /// A [`TreeError`] with the position of the problem.
    pub fn parse(text: &str) -> Result<Tree, TreeError> {
        let mut parser = parse::Parser {
            chars: text.chars().collect(),
            at: 0,
            nodes: Vec::new(),
        };
        parser.skip_space();
        if parser.at >= parser.chars.len() {
            return Err(TreeError::Empty);
        }
        let (root, height) = parser.node(0)?;
        parser.skip_space();
        if let Some(&found) = parser.chars.get(parser.at) {
            return Err(TreeError::Trailing {
                found,
                position: parser.at,
            });
        }
        debug_assert_eq!(root, 0);
        let mut tree = Tree {
            leaf_number: vec![None; parser.nodes.len()],
            labels: vec![None; parser.nodes.len()],
            nodes: parser.nodes,
            leaf_count: 0,
            height,
        };
        tree.number_leaves(0);
        Ok(tree)
    }

    fn number_leaves(&mut self, node: usize) {
        let children = match &self.nodes[node] {
            Node::Leaf(_) => {
                self.leaf_number[node] = Some(self.leaf_count);
                self.leaf_count += 1;
                return;
            }
            Node::Inner(children) => children.clone(),
        };
        for child in children {
            self.number_leaves(child);
        }
    }

    /// Number of leaves.
    pub fn leaf_count(&self) -> usize {
        self.leaf_count
    }

    /// Levels below the root (0 for a single leaf).
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Number of nodes, leaves included. Node ids run `0..node_count()` in pre-order
    /// (node 0 is the root), the order the text lists them in.
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// The children of `node`, left to right (empty for a leaf).
    pub fn children(&self, node: usize) -> &[usize] {
        match &self.nodes[node] {
            Node::Leaf(_) => &[],
            Node::Inner(children) => children,
        }
    }

    /// The label of the edge from `node`'s parent to it (the move of a game's tree), if
    /// it has one.
    pub fn label(&self, node: usize) -> Option<&str> {
        self.labels.get(node)?.as_deref()
    }

    /// The value of `node` if it is a leaf.
    pub fn leaf_value(&self, node: usize) -> Option<i32> {
        match self.nodes[node] {
            Node::Leaf(value) => Some(value),
            Node::Inner(_) => None,
        }
    }

    /// Gives the leaf `node` a new value (the Tree Lab edits leaves in place). Returns
    /// `false`, changing nothing, if `node` is not a leaf or `value` is out of range.
    pub fn set_leaf_value(&mut self, node: usize, value: i32) -> bool {
        let in_range = i64::from(value).abs() <= MAX_LEAF;
        match self.nodes.get_mut(node) {
            Some(Node::Leaf(old)) if in_range => {
                *old = value;
                true
            }
            _ => false,
        }
    }

    /// The tree in the bracket notation [`Tree::parse`] reads, e.g. `((3 12 8)(2 4 6))`.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        self.write_text(0, &mut out);
        out
    }

    fn write_text(&self, node: usize, out: &mut String) {
        match &self.nodes[node] {
            Node::Leaf(value) => out.push_str(&value.to_string()),
            Node::Inner(children) => {
                out.push('(');
                for (index, &child) in children.iter().enumerate() {
                    let previous_leaf =
                        index > 0 && matches!(self.nodes[children[index - 1]], Node::Leaf(_));
                    let this_leaf = matches!(self.nodes[child], Node::Leaf(_));
                    if previous_leaf || (index > 0 && this_leaf) {
                        out.push(' ');
                    }
                    self.write_text(child, out);
                }
                out.push(')');
            }
        }
    }
}

/// Whether the root player maximises or minimises the leaf values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum RootKind {
    /// The root is a MAX node.
    #[default]
    Max,
    /// The root is a MIN node.
    Min,
}

/// A walk through a [`Tree`] as a [`SearchGame`]: moves are child indices.
struct TreeGame<'t> {
    tree: &'t Tree,
    root: RootKind,
    path: Vec<usize>,
}

impl TreeGame<'_> {
    fn current(&self) -> usize {
        self.path.last().copied().unwrap_or(0)
    }

    /// +1 where MAX is to move at `depth` levels below the root, -1 where MIN is.
    fn sign_at(&self, depth: usize) -> i32 {
        let max_at_root = self.root == RootKind::Max;
        if depth.is_multiple_of(2) == max_at_root {
            1
        } else {
            -1
        }
    }
}

impl SearchGame for TreeGame<'_> {
    type Move = u8;

    fn ordered_moves(&self, list: &mut MoveList<u8>) {
        list.clear();
        if let Node::Inner(children) = &self.tree.nodes[self.current()] {
            for index in 0..children.len() {
                list.push(index as u8);
            }
        }
    }

    fn do_move(&mut self, mv: u8) {
        if let Node::Inner(children) = &self.tree.nodes[self.current()] {
            self.path.push(children[mv as usize]);
        }
    }

    fn undo_move(&mut self) {
        self.path.pop();
    }

    fn plies_left_bound(&self) -> u32 {
        self.tree.height
    }

    fn is_terminal(&self) -> bool {
        matches!(self.tree.nodes[self.current()], Node::Leaf(_))
    }

    fn evaluate(&self) -> Score {
        match self.tree.nodes[self.current()] {
            Node::Leaf(value) => Score(value * self.sign_at(self.path.len())),
            // Unreachable with depth = height: the search only evaluates leaves here.
            Node::Inner(_) => Score::ZERO,
        }
    }
}

impl FrontierGame for TreeGame<'_> {}

/// One step of a traced search, in MAX/MIN terms (values from MAX's point of view).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum TraceEvent {
    /// A static evaluation of a leaf.
    Eval {
        /// Child indices from the root.
        path: Vec<usize>,
        /// Left-to-right leaf number.
        leaf: usize,
        /// The leaf's value.
        value: i32,
    },
    /// A MAX node's alpha rose.
    Alpha {
        /// The node.
        path: Vec<usize>,
        /// The new alpha.
        value: i32,
    },
    /// A MIN node's beta fell.
    Beta {
        /// The node.
        path: Vec<usize>,
        /// The new beta.
        value: i32,
    },
    /// A cutoff at the node: its remaining children are pruned.
    Cutoff {
        /// The node.
        path: Vec<usize>,
        /// How many children were skipped.
        skipped: usize,
    },
    /// NegaScout only: a null-window test of the node (is it better than `alpha` at a
    /// MAX parent, worse than `beta` at a MIN parent?).
    NullWindow {
        /// The node tested.
        path: Vec<usize>,
        /// The window's alpha.
        alpha: i32,
        /// The window's beta (alpha + 1).
        beta: i32,
    },
    /// NegaScout only: the test said "better", so the node is searched again with a
    /// real window.
    Research {
        /// The node searched again.
        path: Vec<usize>,
        /// The window's alpha.
        alpha: i32,
        /// The window's beta.
        beta: i32,
    },
}

/// The answer for a tree.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TreeReport {
    /// The root's minimax value, from MAX's point of view.
    pub value: i32,
    /// Index of the root child chosen (the first best), `None` for a single-leaf tree.
    pub best: Option<usize>,
    /// Number of static evaluations.
    pub leaves_evaluated: u64,
    /// Leaf numbers (0-based, left to right) never evaluated.
    pub pruned: Vec<usize>,
    /// Every node visited, the root included.
    pub nodes: u64,
    /// NegaScout's re-searches (only with `--algo pvs`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub researches: Option<u32>,
    /// Evaluations and alpha/beta updates in the order they happened.
    pub trace: Vec<TraceEvent>,
}

struct Recorder<'t> {
    tree: &'t Tree,
    root: RootKind,
    events: Vec<TraceEvent>,
    evaluated: Vec<bool>,
}

impl Recorder<'_> {
    fn node_at(&self, path: &[u8]) -> usize {
        let mut node = 0;
        for &step in path {
            if let Node::Inner(children) = &self.tree.nodes[node] {
                node = children[step as usize];
            }
        }
        node
    }

    fn max_to_move(&self, depth: usize) -> bool {
        depth.is_multiple_of(2) == (self.root == RootKind::Max)
    }
}

fn indices(path: &[u8]) -> Vec<usize> {
    path.iter().map(|&step| step as usize).collect()
}

impl Observer<u8> for Recorder<'_> {
    fn leaf(&mut self, path: &[u8], value: Score) {
        let node = self.node_at(path);
        let sign = if self.max_to_move(path.len()) { 1 } else { -1 };
        if let Some(leaf) = self.tree.leaf_number[node] {
            self.evaluated[leaf] = true;
            self.events.push(TraceEvent::Eval {
                path: indices(path),
                leaf,
                value: value.0 * sign,
            });
        }
    }

    fn alpha_raised(&mut self, path: &[u8], alpha: Score) {
        let event = if self.max_to_move(path.len()) {
            TraceEvent::Alpha {
                path: indices(path),
                value: alpha.0,
            }
        } else {
            TraceEvent::Beta {
                path: indices(path),
                value: -alpha.0,
            }
        };
        self.events.push(event);
    }

    fn cutoff(&mut self, path: &[u8], skipped: usize) {
        self.events.push(TraceEvent::Cutoff {
            path: indices(path),
            skipped,
        });
    }
}

/// Evaluates `tree` with `method` from a `root` node, through the game search code.
pub fn evaluate_tree(tree: &Tree, root: RootKind, method: Method) -> TreeReport {
    let mut game = TreeGame {
        tree,
        root,
        path: Vec::with_capacity(tree.height as usize + 1),
    };
    let mut recorder = Recorder {
        tree,
        root,
        events: Vec::new(),
        evaluated: vec![false; tree.leaf_count],
    };
    let limits = Limits::depth(tree.height.max(1));
    let outcome = run_search(&mut game, method, limits, &NoHandler, &mut recorder);
    let sign = if root == RootKind::Max { 1 } else { -1 };
    TreeReport {
        value: outcome.value.0 * sign,
        best: outcome.best_move.map(|mv| mv as usize),
        leaves_evaluated: outcome.stats.leaves,
        pruned: (0..tree.leaf_count)
            .filter(|&leaf| !recorder.evaluated[leaf])
            .collect(),
        nodes: outcome.stats.nodes,
        researches: None,
        trace: recorder.events,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str, root: RootKind, method: Method) -> TreeReport {
        let tree = Tree::parse(text).unwrap_or_else(|e| panic!("{e}"));
        evaluate_tree(&tree, root, method)
    }

    const THESIS_FIG_2_9: &str = "(((8 7 2)(9 1 6)(2 4 1)) ((1 3 5)(3 9 2)(6 5 2)) \
                                  ((1 2 3)(9 7 2)(16 6 4)))";

    #[test]
    fn thesis_fig_2_9_value_5_middle_branch_16_evaluations() {
        let ab = run(THESIS_FIG_2_9, RootKind::Max, Method::AlphaBeta);
        assert_eq!((ab.value, ab.best, ab.leaves_evaluated), (5, Some(1), 16));
        assert_eq!(ab.pruned.len(), 11);
        let mm = run(THESIS_FIG_2_9, RootKind::Max, Method::Minimax);
        assert_eq!((mm.value, mm.best, mm.leaves_evaluated), (5, Some(1), 27));
        assert!(mm.pruned.is_empty());
    }

    #[test]
    fn slides_example_value_3() {
        let text = "((3 12 8)(2 4 6)(14 5 2))";
        let ab = run(text, RootKind::Max, Method::AlphaBeta);
        assert_eq!((ab.value, ab.best), (3, Some(0)));
        // After 3 at the first MIN node, the second MIN node is cut after its leaf 2.
        assert_eq!(ab.pruned, vec![4, 5]);
        assert_eq!(run(text, RootKind::Max, Method::Minimax).value, 3);
    }

    #[test]
    fn min_root_flips_the_choice() {
        let report = run("(3 -1 7)", RootKind::Min, Method::AlphaBeta);
        assert_eq!((report.value, report.best), (-1, Some(1)));
        let report = run("(3 -1 7)", RootKind::Max, Method::AlphaBeta);
        assert_eq!((report.value, report.best), (7, Some(2)));
    }

    #[test]
    fn uneven_depths_and_single_leaf() {
        let report = run("((5) 2 (1 (9 0)))", RootKind::Max, Method::Minimax);
        // MIN over (5) = 5; leaf 2; MIN(1, MAX(9,0)=9) = 1. MAX = 5.
        assert_eq!((report.value, report.best), (5, Some(0)));
        let single = run(" -7 ", RootKind::Max, Method::AlphaBeta);
        assert_eq!(
            (single.value, single.best, single.leaves_evaluated),
            (-7, None, 1)
        );
    }

    #[test]
    fn trace_starts_with_the_first_leaf_and_records_bounds() {
        let report = run("((3 12 8)(2 4 6))", RootKind::Max, Method::AlphaBeta);
        assert_eq!(
            report.trace[0],
            TraceEvent::Eval {
                path: vec![0, 0],
                leaf: 0,
                value: 3
            }
        );
        assert!(report.trace.contains(&TraceEvent::Beta {
            path: vec![0],
            value: 3
        }));
        assert!(report.trace.contains(&TraceEvent::Alpha {
            path: vec![],
            value: 3
        }));
        assert!(report.trace.contains(&TraceEvent::Cutoff {
            path: vec![1],
            skipped: 2
        }));
    }

    #[test]
    fn parse_errors_say_where() {
        let deep = |levels: usize| format!("{}1{}", "(".repeat(levels), ")".repeat(levels));
        let too_deep = deep(MAX_HEIGHT + 1);
        let cases: [(&str, &str); 14] = [
            (
                "(1 -9223372036854775808 2)",
                "'-9223372036854775808' at position 3",
            ),
            ("(9223372036854775807)", "position 1"),
            ("(1 100000001)", "'100000001' at position 3"),
            ("(1 -100000001)", "position 3"),
            // Em spaces are 3 bytes each: positions count characters.
            ("(1\u{2003}\u{2003}x)", "'x' at position 4"),
            (&too_deep, "position 226"),
            ("", "empty"),
            ("((1 2)", "never closed"),
            ("(1 2))", "position 5"),
            ("(1 () 2)", "empty node"),
            ("(1 x 2)", "'x'"),
            ("(1 99999999999999 2)", "99999999999999"),
            ("(1 - 2)", "'-'"),
            ("(1 2(3))", "'('"),
        ];
        for (text, needle) in cases {
            let message = Tree::parse(text)
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default();
            assert!(
                message.contains(needle),
                "{text:?} gave {message:?}, want {needle:?}"
            );
        }
    }

    #[test]
    fn the_deepest_tree_matches_the_deepest_search() {
        let text = format!("{}7{}", "(".repeat(MAX_HEIGHT), ")".repeat(MAX_HEIGHT));
        let tree = Tree::parse(&text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(tree.height() as usize, MAX_HEIGHT);
        assert_eq!(MAX_HEIGHT, queens_board::MAX_CELLS);
        assert_eq!(
            evaluate_tree(&tree, RootKind::Max, Method::AlphaBeta).value,
            7
        );
    }

    #[test]
    fn a_huge_leaf_is_quoted_clipped() {
        let text = format!("(1 {})", "9".repeat(120_000));
        let message = Tree::parse(&text)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(message.len() < 200, "{message}");
        assert!(message.contains('…'), "{message}");
    }
}
