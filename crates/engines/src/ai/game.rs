//! The interface the search sees: any two-player zero-sum game with do/undo on one state.
//!
//! Both the Queens & Stones board and explicit textbook trees (`queens tree`) implement it,
//! so the seed trees of the thesis run through exactly the search code that plays the game.

use super::movelist::MoveList;
use super::score::Score;

/// A game state the negamax search can walk with do/undo.
pub trait SearchGame {
    /// A move; `Default` only fills unused move-list slots.
    type Move: Copy + Default + PartialEq + std::fmt::Debug;

    /// Fills `list` with the legal moves in the order the search should try them.
    fn ordered_moves(&self, list: &mut MoveList<Self::Move>);

    /// Fills `list` with the legal moves in whatever order is cheapest. Minimax visits
    /// every child anyway; it then breaks ties with [`SearchGame::precedes`] so that it
    /// still answers with the first best move in [`SearchGame::ordered_moves`] order.
    /// Override this and `precedes` together; by default both defer to the ordered list.
    fn unordered_moves(&self, list: &mut MoveList<Self::Move>) {
        self.ordered_moves(list);
    }

    /// Whether `a` comes before `b` in [`SearchGame::ordered_moves`] order here. The
    /// default (never) is right only while `unordered_moves` is the ordered list.
    fn precedes(&self, _a: Self::Move, _b: Self::Move) -> bool {
        false
    }

    /// The first move of [`SearchGame::ordered_moves`], if the game can find it more
    /// cheaply than the whole list (alpha-beta tries it before ordering the rest); `None`
    /// to always build the list. Must agree with the list's first element.
    fn first_ordered_move(&self) -> Option<Self::Move> {
        None
    }

    /// The number of legal moves here (what [`SearchGame::ordered_moves`] would list).
    fn move_count(&self) -> usize {
        let mut list = MoveList::default();
        self.ordered_moves(&mut list);
        list.len()
    }

    /// Plays `mv`, which came from [`SearchGame::ordered_moves`] of this state.
    fn do_move(&mut self, mv: Self::Move);

    /// Takes back the last move played with [`SearchGame::do_move`].
    fn undo_move(&mut self);

    /// Whether the game is over here (no legal move).
    fn is_terminal(&self) -> bool;

    /// An upper bound on the number of plies until the game ends from here: a search at
    /// least this deep is exact, so iterative deepening stops there.
    fn plies_left_bound(&self) -> u32 {
        u32::MAX
    }

    /// The static evaluation from the side to move's point of view.
    fn evaluate(&self) -> Score;

    /// The static evaluation of the position after `mv`, from the point of view of the
    /// side to move *there*. A game may answer without playing the move; by default it
    /// plays, evaluates and takes back.
    #[inline]
    fn evaluate_after(&mut self, mv: Self::Move) -> Score {
        self.do_move(mv);
        let score = self.evaluate();
        self.undo_move();
        score
    }
}

/// What a node whose children are all leaves found, computed by a game's fast path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FrontierResult<M> {
    /// The best child value, negated to the node's point of view (fail-soft).
    pub best: Score,
    /// The first move in search order reaching `best`.
    pub best_move: M,
    /// How many children the plain loop would have visited (each a node and a leaf).
    pub visited: u32,
    /// Whether the plain loop would have stopped on a beta cutoff with children left.
    pub cutoff: bool,
}

/// Optional fast paths for the last ply of a search. They must answer exactly as the plain
/// loop over [`SearchGame::ordered_moves`] with [`SearchGame::evaluate_after`] would (same
/// value, same move, same counts); the differential tests hold the board's to that.
pub trait FrontierGame: SearchGame {
    /// Minimax at a non-terminal node one ply above the leaves, or `None` to use the loop.
    fn minimax_frontier(&mut self) -> Option<FrontierResult<Self::Move>> {
        None
    }

    /// Alpha-beta (the thesis's fail-soft form) at a non-terminal node one ply above the
    /// leaves, window upper bound `beta`, or `None` to use the loop.
    fn alphabeta_frontier(&mut self, _beta: Score) -> Option<FrontierResult<Self::Move>> {
        None
    }

    /// What [`FrontierGame::alphabeta_frontier`] (or, at the end of the game, the leaf
    /// evaluation) would answer at the child reached by `mv`, without playing `mv`: the
    /// search's last two plies then never touch the board. `None` to play the move and ask
    /// the child. Must agree exactly with playing `mv` and asking the child.
    fn alphabeta_frontier_after(
        &mut self,
        _mv: Self::Move,
        _beta: Score,
    ) -> Option<ChildFrontier<Self::Move>> {
        None
    }
}

/// The child of a node two plies above the leaves, searched without being played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChildFrontier<M> {
    /// The game is over at the child: its evaluation, from its side to move's view.
    Leaf(Score),
    /// The child's frontier search.
    Node(FrontierResult<M>),
}

/// A position as a front end holds it (for Queens & Stones, a `Board`): what an engine is
/// asked about. It builds the state the search walks, so the thesis's engine (minimax and
/// alpha-beta with iterative deepening, the principal variation, progress through a
/// handler) serves every game that implements this and `FrontierGame` for its state.
pub trait GamePosition: Sync {
    /// A move, as engines answer with it and handlers see it.
    type Move: Copy + Default + PartialEq + std::fmt::Debug + Send + Sync;

    /// The state the search walks with do/undo (it may be the position itself).
    type Search: FrontierGame<Move = Self::Move>;

    /// A fresh search state at this position. Called once per search, never per node,
    /// so it may allocate (the queens build their ordering tables here).
    fn search_game(&self) -> Self::Search;
}
