//! The worked examples of the source documents, each with where it comes from and what
//! the document says about it, so the Tree Lab can load them and the tests can hold the
//! lab to the documents' numbers.

use super::RootKind;

/// A tree a source document works through by hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Example {
    /// A short stable key (for tests and the CLI).
    pub key: &'static str,
    /// The tree in bracket notation.
    pub tree: &'static str,
    /// MAX or MIN at the root, as the document has it.
    pub root: RootKind,
    /// Where it comes from (document, figure), in English.
    pub source: &'static str,
    /// What the document states about it, and what we had to choose (in English).
    pub note: &'static str,
    /// The root value the document states.
    pub value: i32,
    /// The static evaluations alpha-beta needs, where the document states or shows them.
    pub alphabeta_evaluations: u32,
}

/// Every example, in the order the lab lists them.
pub const EXAMPLES: [Example; 5] = [
    Example {
        key: "thesis-2.9",
        tree: "(((8 7 2)(9 1 6)(2 4 1)) ((1 3 5)(3 9 2)(6 5 2)) ((1 2 3)(9 7 2)(16 6 4)))",
        root: RootKind::Max,
        source: "The thesis (chapter 2), figure 2.9: depth 3, branching 3",
        note: "Value 5, the middle branch; only 16 static evaluations instead of 27.",
        value: 5,
        alphabeta_evaluations: 16,
    },
    Example {
        key: "lecture-4.8-max",
        tree: "(((-7 5) -3 (10 15 8)) (10 (-5 12 18)) (8 17 2))",
        root: RootKind::Max,
        source: "Lecture 4 \"Tìm kiếm có đối thủ\", figure 4.8, first table: root 1 is White (MAX)",
        note: "Rebuilt from the table (nodes 1-20 numbered level by level; 6, 8, 10 are \
               leaves -3, 10, 8). Value 10; cuts 11,12 at node 4, 16,17 at node 7, 20 at node 9.",
        value: 10,
        alphabeta_evaluations: 8,
    },
    Example {
        key: "lecture-4.8-min",
        tree: "(((-7 5) -3 (10 15 8)) (10 (-5 12 18)) (8 17 2))",
        root: RootKind::Min,
        source: "Lecture 4 \"Tìm kiếm có đối thủ\", figure 4.8, second table: root 1 is Black (MIN)",
        note: "The same tree with a MIN root. Value 8; cuts 9 at node 3 and 11,12 at node 4.",
        value: 8,
        alphabeta_evaluations: 8,
    },
    Example {
        key: "slides-3-12-8",
        tree: "((3 12 8)(2 4 6)(14 5 2))",
        root: RootKind::Max,
        source: "Slides \"Tìm kiếm đối kháng\", \"Ví dụ tỉa nhánh alpha-beta\": 3 12 8 / 2 x y / 14 5 2",
        note: "x and y are never looked at, so the slides leave them unknown; we chose \
               x = 4, y = 6 (any values give the same result). Value 3, 7 evaluations.",
        value: 3,
        alphabeta_evaluations: 7,
    },
    Example {
        key: "blog-tic-tac-toe",
        tree: "(1 ((0) -1) ((0) (1)))",
        root: RootKind::Max,
        source: "Blog \"Cây trò chơi\", sections 4-5: nodes A to K",
        note: "A: B=1, C(E(I=0), F=-1), D(G(J=0), H(K=1)); leaves 1 win, 0 draw, -1 loss \
               for X. Value 1 (X wins); the blog's exhaustive search looks at all 5 leaves.",
        value: 1,
        alphabeta_evaluations: 3,
    },
];

/// The example with `key`.
pub fn example(key: &str) -> Option<&'static Example> {
    EXAMPLES.iter().find(|example| example.key == key)
}
