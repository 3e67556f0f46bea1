//! The Tree Lab's tree of a real game: every line of a [`SearchGame`] to a fixed depth,
//! each edge labelled with its move, each leaf holding the game's static evaluation from
//! the root player's (MAX's) point of view. A student can then watch minimax and
//! alpha-beta on positions of a game instead of on invented numbers.

use super::{MAX_HEIGHT, MAX_LEAF, Node, Tree};
use crate::ai::game::SearchGame;
use crate::ai::movelist::MoveList;
use std::fmt::Display;
use thiserror::Error;

/// The most leaves a game's tree may have: the lab draws every node (the same budget as
/// a random tree's).
pub const MAX_GAME_TREE_LEAVES: usize = super::random::MAX_RANDOM_LEAVES as usize;

/// A game tree that cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GameTreeError {
    /// Deeper than the search goes.
    #[error("a game tree is at most {MAX_HEIGHT} plies deep, not {0}")]
    TooDeep(u32),
    /// Too many leaves to draw.
    #[error("the game has more than {MAX_GAME_TREE_LEAVES} lines of that depth")]
    TooLarge,
    /// An evaluation beyond what a tree's leaf may hold.
    #[error("the evaluation {0} is beyond a leaf's ±{MAX_LEAF}")]
    BadLeaf(i64),
}

impl Tree {
    /// The tree of `game` from its current position to `depth` plies: children in the
    /// game's search order ([`SearchGame::ordered_moves`]), each labelled with its move
    /// ([`Tree::label`]); a leaf where the depth is reached or the game is over, valued by
    /// [`SearchGame::evaluate`] turned to the root player's point of view. Searched from a
    /// MAX root, the tree's value is the game's negamax value at that depth. `game` is
    /// left as it was.
    ///
    /// # Errors
    /// A `GameTreeError` when the depth or the tree is too large, or a leaf value is
    /// out of range.
    pub fn from_game<G>(game: &mut G, depth: u32) -> Result<Tree, GameTreeError>
    where
        G: SearchGame,
        G::Move: Display,
    {
        if depth as usize > MAX_HEIGHT {
            return Err(GameTreeError::TooDeep(depth));
        }
        let mut builder = Builder {
            nodes: Vec::new(),
            labels: Vec::new(),
            leaves: 0,
            height: 0,
            depth,
        };
        builder.node(game, 0, None)?;
        let mut tree = Tree {
            leaf_number: vec![None; builder.nodes.len()],
            nodes: builder.nodes,
            labels: builder.labels,
            leaf_count: 0,
            height: builder.height,
        };
        tree.number_leaves(0);
        Ok(tree)
    }
}

/// The nodes in pre-order, as [`Tree::parse`] numbers them.
struct Builder {
    nodes: Vec<Node>,
    labels: Vec<Option<String>>,
    leaves: usize,
    height: u32,
    depth: u32,
}

impl Builder {
    /// Adds the node at `ply` below the root (reached by the move `label`) and its
    /// subtree; returns its id.
    fn node<G>(
        &mut self,
        game: &mut G,
        ply: u32,
        label: Option<String>,
    ) -> Result<usize, GameTreeError>
    where
        G: SearchGame,
        G::Move: Display,
    {
        let id = self.nodes.len();
        self.labels.push(label);
        if ply == self.depth || game.is_terminal() {
            self.leaves += 1;
            if self.leaves > MAX_GAME_TREE_LEAVES {
                return Err(GameTreeError::TooLarge);
            }
            // Negamax values belong to the side to move; a tree's leaves to MAX, the root.
            let own = i64::from(game.evaluate().0);
            let for_root = if ply.is_multiple_of(2) { own } else { -own };
            if for_root.abs() > MAX_LEAF {
                return Err(GameTreeError::BadLeaf(for_root));
            }
            self.nodes.push(Node::Leaf(for_root as i32));
            self.height = self.height.max(ply);
            return Ok(id);
        }
        self.nodes.push(Node::Inner(Vec::new()));
        let mut moves = MoveList::default();
        game.ordered_moves(&mut moves);
        let mut children = Vec::with_capacity(moves.len());
        for &mv in moves.as_slice() {
            game.do_move(mv);
            let child = self.node(game, ply + 1, Some(mv.to_string()));
            game.undo_move();
            children.push(child?);
        }
        self.nodes[id] = Node::Inner(children);
        Ok(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::takeaway::{LOST, Pile};
    use crate::ai::tree::{RootKind, evaluate_tree};
    use crate::ai::{GamePosition, Limits, Method, NoHandler, Silent, run_search};

    #[test]
    fn a_pile_of_four_to_three_plies() {
        let mut game = Pile(4).search_game();
        let tree = Tree::from_game(&mut game, 3).unwrap_or_else(|e| panic!("{e}"));
        // Take 2 or 1 from 4. A pile emptied at an even ply is lost for the root (-10),
        // at an odd ply won (+10); the one line still going at ply 3 leaves the opponent
        // 1 stone, the naive guess -1 from the root's side.
        assert_eq!(tree.to_text(), "((-10 (10))((10)(10 -1)))");
        assert_eq!(
            (tree.node_count(), tree.leaf_count(), tree.height()),
            (11, 5, 3)
        );
        let labels: Vec<&str> = (0..tree.node_count())
            .map(|n| tree.label(n).unwrap_or("-"))
            .collect();
        assert_eq!(
            labels,
            ["-", "2", "2", "1", "1", "1", "2", "1", "1", "2", "1"]
        );
        // The game is left where it was.
        assert_eq!(game.evaluate(), crate::ai::Score(4));
    }

    #[test]
    fn leaves_are_the_game_s_evaluations_and_the_tree_s_value_its_search_s() {
        for (stones, depth) in [(5, 1), (5, 2), (6, 3), (7, 4), (8, 8)] {
            let mut game = Pile(stones).search_game();
            let tree = Tree::from_game(&mut game, depth).unwrap_or_else(|e| panic!("{e}"));
            // Every leaf: replay its path's labels as moves and evaluate there.
            for (node, path) in super::super::report::paths(&tree).iter().enumerate() {
                let Some(value) = tree.leaf_value(node) else {
                    continue;
                };
                let mut at = game.clone();
                for &step in path {
                    let mut moves = MoveList::default();
                    at.ordered_moves(&mut moves);
                    at.do_move(moves.as_slice()[step]);
                }
                let own = at.evaluate().0;
                let expected = if path.len() % 2 == 0 { own } else { -own };
                assert_eq!(value, expected, "{stones} stones, path {path:?}");
            }
            for method in [Method::Minimax, Method::AlphaBeta] {
                let searched = run_search(
                    &mut game,
                    method,
                    Limits::depth(depth),
                    &NoHandler,
                    &mut Silent,
                );
                let report = evaluate_tree(&tree, RootKind::Max, method);
                assert_eq!(
                    report.value, searched.value.0,
                    "{stones} stones, depth {depth}"
                );
                let best_label = report.best.and_then(|i| tree.label(tree.children(0)[i]));
                assert_eq!(
                    best_label,
                    searched.best_move.map(|m| m.to_string()).as_deref()
                );
            }
        }
        // Searched to the end, 8 stones (not a multiple of 3) is a win.
        let mut game = Pile(8).search_game();
        let tree = Tree::from_game(&mut game, 8).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            evaluate_tree(&tree, RootKind::Max, Method::AlphaBeta).value,
            -LOST.0
        );
    }

    #[test]
    fn a_finished_game_is_one_leaf_and_limits_are_errors() {
        let mut over = Pile(0).search_game();
        let leaf = Tree::from_game(&mut over, 3).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            (leaf.node_count(), leaf.leaf_value(0), leaf.label(0)),
            (1, Some(LOST.0), None)
        );
        let mut big = Pile(30).search_game();
        assert_eq!(
            Tree::from_game(&mut big, 20).err(),
            Some(GameTreeError::TooLarge)
        );
        assert_eq!(
            Tree::from_game(&mut big, MAX_HEIGHT as u32 + 1).err(),
            Some(GameTreeError::TooDeep(MAX_HEIGHT as u32 + 1))
        );
    }
}
