//! The tree a position of one of the program's games grows, from its notation: the one
//! function behind `queens tree --kind K` and the Tree Lab's "From a game", so the
//! command line and the window show the same tree for the same position and depth.

use crate::ai::tree::{GameTreeError, MAX_GAME_TREE_LEAVES, Tree};
use crate::games::dodgem::{Dodgem, DodgemError};
use crate::games::seam::{Refused, TreeError};
use crate::games::table::{GAMES, GameEntry};
use crate::games::tictactoe::{TicTacToe, TicTacToeError};
use queens_board::{GameError, MoveError, ParseError};
use thiserror::Error;

/// A game whose positions grow trees: a row of the games table ([`GAMES`]), so every
/// game the program plays is in the lab's list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TreeGame(pub &'static GameEntry);

#[allow(non_upper_case_globals)] // Named as the enum they replace was, for its callers.
impl TreeGame {
    /// Tic-tac-toe, X first (notation `x.o/.x./..o`).
    pub const TicTacToe: TreeGame = TreeGame(&GameEntry::of::<TicTacToe>());
    /// Dodgem, black first (notation `b../b../.ww b 0`).
    pub const Dodgem: TreeGame = TreeGame(&GameEntry::of::<Dodgem>());
    /// Queens & Stones (a game string, docs/rules.md).
    pub const Queens: TreeGame = TreeGame(&GameEntry::of::<queens_board::Board>());

    /// Every game, in the games table's order (as New game lists them).
    pub fn all() -> impl Iterator<Item = TreeGame> {
        GAMES.iter().map(TreeGame)
    }

    /// The game's name, as `--kind` and saves write it.
    pub const fn name(self) -> &'static str {
        self.0.tag
    }

    /// The lab's start position in the game's notation: the game's [`GameEntry::lab_start`]
    /// where its start is too big to grow (queens: an empty 4x4 board), else its start.
    /// A caller with a position of the game on show offers that one instead.
    pub fn start_position(self) -> String {
        match self.0.lab_start {
            Some(position) => position.to_string(),
            None => (self.0.start)().map_or_else(|_| String::new(), |game| game.to_string()),
        }
    }
}

impl Default for TreeGame {
    /// Tic-tac-toe, the smallest tree.
    fn default() -> TreeGame {
        TreeGame::TicTacToe
    }
}

/// Why a position grew no tree.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GrowError {
    /// Not a tic-tac-toe position.
    #[error(transparent)]
    TicTacToe(#[from] TicTacToeError),
    /// Not a Dodgem position.
    #[error(transparent)]
    Dodgem(#[from] DodgemError),
    /// Not a queens game string.
    #[error(transparent)]
    Queens(#[from] ParseError),
    /// A queens game string whose moves cannot be played.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// Depth 0: a tree of the root alone shows no search.
    #[error("the depth is at least 1 ply")]
    NoDepth,
    /// More leaves at `depth` than the lab draws; `fits` is the deepest that fits (0 when
    /// even one ply is too wide).
    #[error(
        "at depth {depth} the tree has more than {MAX_GAME_TREE_LEAVES} leaves; {}",
        fits_text(*fits)
    )]
    TooLarge {
        /// The depth asked for.
        depth: u32,
        /// The deepest depth whose tree fits.
        fits: u32,
    },
    /// Another limit of a game's tree (too deep, a leaf out of range).
    #[error(transparent)]
    Tree(GameTreeError),
    /// Another game's position that is not one, in the game's own words.
    #[error(transparent)]
    Refused(Refused),
}

impl From<Refused> for GrowError {
    /// The game's own error: queens', tic-tac-toe's and Dodgem's keep their variants.
    fn from(refused: Refused) -> GrowError {
        if let Some(error) = refused.downcast_ref::<GameError>() {
            match error.clone() {
                GameError::Parse(error) => GrowError::Queens(error),
                GameError::Move(error) => GrowError::Move(error),
            }
        } else if let Some(error) = refused.downcast_ref::<TicTacToeError>() {
            GrowError::TicTacToe(error.clone())
        } else if let Some(error) = refused.downcast_ref::<DodgemError>() {
            GrowError::Dodgem(error.clone())
        } else {
            GrowError::Refused(refused)
        }
    }
}

fn fits_text(fits: u32) -> String {
    match fits {
        0 => "not even 1 ply fits".to_string(),
        _ => format!("the deepest that fits is {fits}"),
    }
}

/// A grown tree and the position it grew from.
#[derive(Clone, Debug)]
pub struct Grown {
    /// The position, written again in the game's notation (normalised).
    pub position: String,
    /// Its tree: edges labelled with moves, leaves the game's evaluation from the side
    /// to move's (MAX's) view.
    pub tree: Tree,
}

/// Grows the tree of `position` (in `game`'s notation) to `depth` plies.
///
/// # Errors
/// The game's own error for a position that is not one; [`GrowError::TooLarge`] naming
/// the deepest depth that fits when the tree has too many leaves; [`GrowError::NoDepth`]
/// for depth 0.
pub fn grow(game: TreeGame, position: &str, depth: u32) -> Result<Grown, GrowError> {
    if depth == 0 {
        return Err(GrowError::NoDepth);
    }
    let game = (game.0.from_notation)(position)?;
    Ok(Grown {
        position: game.to_string(),
        tree: game.tree(depth)?,
    })
}

impl From<TreeError> for GrowError {
    fn from(error: TreeError) -> GrowError {
        match error {
            TreeError::NoDepth => GrowError::NoDepth,
            TreeError::TooLarge { depth, fits } => GrowError::TooLarge { depth, fits },
            TreeError::Tree(other) => GrowError::Tree(other),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::tree::{RootKind, evaluate_tree};
    use crate::ai::{GamePosition, Limits, Method, NoHandler, Silent, run_search};

    #[test]
    fn tic_tac_toe_grows_the_engines_tree_with_moves_on_its_edges() {
        let grown = grow(TreeGame::TicTacToe, " xo./.x./... ", 2).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(grown.position, "xo./.x./...");
        // O's 6 moves, X's 5 replies to each.
        assert_eq!(grown.tree.leaf_count(), 30);
        let moves: Vec<&str> = grown
            .tree
            .children(0)
            .iter()
            .filter_map(|&child| grown.tree.label(child))
            .collect();
        assert_eq!(moves, ["c3", "a1", "c1", "a2", "c2", "b1"]);
        let mut game = "xo./.x./..."
            .parse::<TicTacToe>()
            .unwrap_or_else(|e| panic!("{e}"))
            .search_game();
        let direct = Tree::from_game(&mut game, 2).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(grown.tree.to_text(), direct.to_text());
        let labels = |tree: &Tree| -> Vec<Option<String>> {
            (0..tree.node_count())
                .map(|node| tree.label(node).map(str::to_string))
                .collect()
        };
        assert_eq!(labels(&grown.tree), labels(&direct));
        let searched = run_search(
            &mut game,
            Method::Minimax,
            Limits::depth(2),
            &NoHandler,
            &mut Silent,
        );
        assert_eq!(
            evaluate_tree(&grown.tree, RootKind::Max, Method::Minimax).value,
            searched.value.0
        );
    }

    #[test]
    fn dodgem_and_queens_grow_from_their_start() {
        let dodgem = grow(TreeGame::Dodgem, &TreeGame::Dodgem.start_position(), 3)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(dodgem.position, "b../b../.ww b 0");
        assert!(dodgem.tree.leaf_count() > 1);
        let queens = grow(TreeGame::Queens, "size=3", 1).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(queens.tree.leaf_count(), 9);
    }

    #[test]
    fn every_game_of_the_table_is_in_the_list_and_grows_from_its_start() {
        let listed: Vec<&str> = TreeGame::all().map(TreeGame::name).collect();
        // The table's games in its order, as New game lists them.
        assert_eq!(listed, crate::games::table::tags());
        for game in TreeGame::all() {
            let grown = grow(game, &game.start_position(), 2)
                .unwrap_or_else(|e| panic!("{}: {e}", game.name()));
            assert!(grown.tree.leaf_count() > 1, "{}", game.name());
        }
        // Othello's four openings, each with its three replies.
        let othello = TreeGame::all()
            .find(|game| game.name() == "othello")
            .unwrap_or_default();
        let grown = grow(othello, &othello.start_position(), 2).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(grown.tree.leaf_count(), 12);
        assert!(matches!(
            grow(othello, "bbb/www b", 1),
            Err(GrowError::Refused(_))
        ));
    }

    #[test]
    fn bad_positions_are_the_games_own_errors() {
        assert_eq!(
            grow(TreeGame::TicTacToe, "xx/oo/..", 2).err(),
            Some(GrowError::TicTacToe(TicTacToeError::Shape))
        );
        assert!(matches!(
            grow(TreeGame::Dodgem, "b../b../.ww q", 2),
            Err(GrowError::Dodgem(_))
        ));
        assert!(matches!(
            grow(TreeGame::Queens, "size=99", 1),
            Err(GrowError::Queens(_))
        ));
        assert_eq!(
            grow(TreeGame::TicTacToe, "...", 0).err(),
            Some(GrowError::NoDepth)
        );
    }

    #[test]
    fn a_tree_too_large_names_the_deepest_that_fits() {
        // From the empty board: 9·8·7·6 = 3,024 lines of 4 plies fit, 15,120 of 5 do not.
        let start = TreeGame::TicTacToe.start_position();
        assert_eq!(
            grow(TreeGame::TicTacToe, &start, 6).err(),
            Some(GrowError::TooLarge { depth: 6, fits: 4 })
        );
        assert!(grow(TreeGame::TicTacToe, &start, 4).is_ok());
        let message = grow(TreeGame::TicTacToe, &start, 5)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(message.contains("deepest that fits is 4"), "{message}");
    }
}
