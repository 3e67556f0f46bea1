//! Dodgem solved exactly: negamax to the end of the game with a memo of positions, the
//! value an alpha-beta search to the draw limit would find (the same leaf values,
//! [`crate::ai::SearchGame::evaluate`] at the game's end), without searching the same
//! position twice. A plain alpha-beta to the limit is far too slow: the tree is about
//! 60 plies deep while the game has only a few thousand positions.

use super::dodgem::{Dodgem, DodgemMove, Outcome, WIN};
use crate::ai::{MoveList, SearchGame};
use std::collections::HashMap;

/// A solved position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solved {
    /// The game's value from the side to move's view, as the engine scores the end:
    /// `WIN - plies` for a win at that ply, 0 for a draw.
    pub value: i32,
    /// Who wins with best play (`Draw` if neither can force a win).
    pub outcome: Outcome,
    /// How many plies the game lasts with best play (a win as quick as possible, a loss
    /// as slow as possible); `None` for a draw.
    pub plies: Option<u32>,
    /// A best move (the first in move order), if the game is not over.
    pub best_move: Option<DodgemMove>,
    /// Distinct (position, ply) pairs solved.
    pub positions: usize,
}

/// Solves `position` under its own draw limit.
pub fn solve(position: &Dodgem) -> Solved {
    let mut game = position.clone();
    let mut memo = HashMap::new();
    let value = negamax(&mut game, &mut memo);
    let mut best_move = None;
    let mut list = MoveList::default();
    game.ordered_moves(&mut list);
    for &mv in list.as_slice() {
        game.do_move(mv);
        let child = -negamax(&mut game, &mut memo);
        game.undo_move();
        if child == value {
            best_move = Some(mv);
            break;
        }
    }
    let mover = position.to_move();
    let (outcome, plies) = match value {
        0 => (Outcome::Draw, None),
        v if v > 0 => (Outcome::Won(mover), Some((WIN - v) as u32 - position.ply())),
        v => (
            Outcome::Won(mover.other()),
            Some((WIN + v) as u32 - position.ply()),
        ),
    };
    Solved {
        value,
        outcome,
        plies,
        best_move,
        positions: memo.len(),
    }
}

/// Exact negamax over (position, ply): the memo key is the board, the side to move and
/// the ply, since both the draw limit and the quick-win bonus depend on the ply.
fn negamax(game: &mut Dodgem, memo: &mut HashMap<(u32, u32), i32>) -> i32 {
    if game.is_terminal() {
        return game.evaluate().0;
    }
    let key = (game.code(), game.ply());
    if let Some(&value) = memo.get(&key) {
        return value;
    }
    let mut list = MoveList::default();
    game.ordered_moves(&mut list);
    let mut best = i32::MIN;
    for &mv in list.as_slice() {
        game.do_move(mv);
        best = best.max(-negamax(game, memo));
        game.undo_move();
    }
    memo.insert(key, best);
    best
}

/// The winner under each draw limit in `limits` from `position` (how the rule we chose
/// bears on the result; docs/rules.md).
pub fn outcomes_by_limit(position: &Dodgem, limits: &[u32]) -> Vec<(u32, Outcome)> {
    limits
        .iter()
        .map(|&limit| {
            let game = position.clone().with_ply_limit(limit);
            (limit, solve(&game).outcome)
        })
        .collect()
}
