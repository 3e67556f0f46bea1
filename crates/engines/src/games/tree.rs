//! The Tree Lab's tree of any game: [`tree_below`], which every game's `Rules::tree`
//! answers, and why a position grew none ([`TreeError`]).

use crate::ai::tree::{GameTreeError, MAX_GAME_TREE_LEAVES, Tree};
use crate::ai::{GamePosition, SearchGame};
use std::fmt;
use thiserror::Error;

/// Why a position grew no tree (the game's position itself was fine).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TreeError {
    /// Depth 0: a tree of the root alone shows no search.
    #[error("the depth is at least 1 ply")]
    NoDepth,
    /// More leaves at `depth` than the lab draws; `fits` is the deepest that fits.
    #[error("at depth {depth} the tree has more than {MAX_GAME_TREE_LEAVES} leaves")]
    TooLarge {
        /// The depth asked for.
        depth: u32,
        /// The deepest depth whose tree fits (0 when even one ply is too wide).
        fits: u32,
    },
    /// Another limit of a game's tree.
    #[error(transparent)]
    Tree(GameTreeError),
}

/// The tree below `position` to `depth` plies, edges labelled with moves: what every
/// game's `Rules::tree` answers. A tree too large is answered by the deepest depth
/// that fits (each try stops at the leaf budget, so the search for it is cheap).
///
/// # Errors
/// [`TreeError::NoDepth`] for depth 0, [`TreeError::TooLarge`], another tree limit.
pub(crate) fn tree_below<P>(position: &P, depth: u32) -> Result<Tree, TreeError>
where
    P: GamePosition,
    <P::Search as SearchGame>::Move: fmt::Display,
{
    if depth == 0 {
        return Err(TreeError::NoDepth);
    }
    let mut game = position.search_game();
    match Tree::from_game(&mut game, depth) {
        Ok(tree) => Ok(tree),
        Err(GameTreeError::TooLarge) => {
            let fits = (1..depth)
                .rev()
                .find(|&shallower| Tree::from_game(&mut game, shallower).is_ok())
                .unwrap_or(0);
            Err(TreeError::TooLarge { depth, fits })
        }
        Err(other) => Err(TreeError::Tree(other)),
    }
}
