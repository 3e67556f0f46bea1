//! Dodgem solved exactly: negamax to the end of the game with a memo of positions, the
//! value an alpha-beta search to the draw limit would find (the same leaf values,
//! [`crate::ai::SearchGame::evaluate`] at the game's end), without searching the same
//! position twice. A plain alpha-beta to the limit is far too slow: the tree is about
//! 60 plies deep while the game has only a few thousand positions.

use super::dodgem::{Dodgem, DodgemMove, Outcome};
use super::seam::Exact;
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
    match solve_until(position, &|| false) {
        Some(solved) => solved,
        None => unreachable!("a solve nothing stops always finishes"),
    }
}

/// The exact result of `game` as the game seam answers it ([`Exact`]), with its best
/// line replayed move by move from each position's own solution; `None` once `stop`
/// says so.
pub(crate) fn exact_until(game: &Dodgem, stop: &dyn Fn() -> bool) -> Option<Exact> {
    // One memo for the position and its line: its keys are (position, ply), so every
    // value in it holds for every position of the line, which then costs next to
    // nothing (a fresh memo for each re-solved the game some twenty times over).
    let mut memo = HashMap::new();
    let solved = solve_with(game, &mut memo, stop)?;
    let mut line = game.clone();
    let mut pv = Vec::new();
    while let Some(mv) = solve_with(&line, &mut memo, stop)?.best_move {
        pv.push(mv.to_string());
        if line.play(mv).is_err() {
            break;
        }
    }
    Some(Exact {
        value: solved.value,
        ply: game.ply(),
        best_move: solved.best_move.map(|mv| mv.to_string()),
        pv,
        nodes: solved.positions as u64,
        margin: None,
    })
}

/// As [`solve`], asking `stop` every `STOP_CHECK` positions; `None` once it says yes.
pub fn solve_until(position: &Dodgem, stop: &dyn Fn() -> bool) -> Option<Solved> {
    solve_with(position, &mut HashMap::new(), stop)
}

/// As [`solve_until`], with `memo` holding what earlier solves of the same game found
/// (`positions` counts the memo's entries after this solve).
fn solve_with(
    position: &Dodgem,
    memo: &mut HashMap<(u32, u32), i32>,
    stop: &dyn Fn() -> bool,
) -> Option<Solved> {
    let mut game = position.clone();
    let mut watch = Watch { stop, visited: 0 };
    let value = negamax(&mut game, memo, &mut watch)?;
    let mut best_move = None;
    let mut list = MoveList::default();
    game.ordered_moves(&mut list);
    for &mv in list.as_slice() {
        game.do_move(mv);
        let child = negamax(&mut game, memo, &mut watch).map(|v| -v);
        game.undo_move();
        let child = child?;
        if child == value {
            best_move = Some(mv);
            break;
        }
    }
    // The outcome is read off the value in one place, for both small games.
    let mover = position.to_move();
    let decided = <Dodgem as super::seam::Rules>::decided(value);
    let outcome = match decided {
        Some(d) if d.searcher_wins => Outcome::Won(mover),
        Some(_) => Outcome::Won(mover.other()),
        None => Outcome::Draw,
    };
    let plies = decided.map(|d| d.ends_at_ply.saturating_sub(position.ply()));
    Some(Solved {
        value,
        outcome,
        plies,
        best_move,
        positions: memo.len(),
    })
}

/// Positions searched between two questions to `stop`.
pub(crate) const STOP_CHECK: u32 = 4096;

/// The stop question and the count since it was last asked.
struct Watch<'a> {
    stop: &'a dyn Fn() -> bool,
    visited: u32,
}

impl Watch<'_> {
    fn should_stop(&mut self) -> bool {
        self.visited += 1;
        if self.visited < STOP_CHECK {
            return false;
        }
        self.visited = 0;
        (self.stop)()
    }
}

/// Exact negamax over (position, ply): the memo key is the board, the side to move and
/// the ply, since both the draw limit and the quick-win bonus depend on the ply.
/// `None` when `watch` says stop.
fn negamax(
    game: &mut Dodgem,
    memo: &mut HashMap<(u32, u32), i32>,
    watch: &mut Watch<'_>,
) -> Option<i32> {
    if game.is_terminal() {
        return Some(game.evaluate().0);
    }
    let key = (game.code(), game.ply());
    if let Some(&value) = memo.get(&key) {
        return Some(value);
    }
    if watch.should_stop() {
        return None;
    }
    let mut list = MoveList::default();
    game.ordered_moves(&mut list);
    let mut best = i32::MIN;
    for &mv in list.as_slice() {
        game.do_move(mv);
        let child = negamax(game, memo, watch);
        game.undo_move();
        best = best.max(-child?);
    }
    memo.insert(key, best);
    Some(best)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The line as it was built before the memo was shared: each position of it solved
    /// afresh.
    fn line_solved_afresh(game: &Dodgem) -> Vec<String> {
        let mut line = game.clone();
        let mut pv = Vec::new();
        while let Some(mv) = solve(&line).best_move {
            pv.push(mv.to_string());
            if line.play(mv).is_err() {
                break;
            }
        }
        pv
    }

    #[test]
    fn the_shared_memo_gives_the_line_and_count_a_fresh_solve_gives() {
        let mut game = Dodgem::new();
        for mv in ["a3-b3", "b1-b2", "a2-a1"] {
            let exact = exact_until(&game, &|| false).unwrap_or_else(|| panic!("stopped"));
            let fresh = solve(&game);
            assert_eq!(exact.value, fresh.value);
            assert_eq!(exact.nodes, fresh.positions as u64);
            assert_eq!(exact.best_move, fresh.best_move.map(|m| m.to_string()));
            assert_eq!(exact.pv, line_solved_afresh(&game), "{game}");
            let mv = mv.parse().unwrap_or_else(|_| panic!("{mv}"));
            game.play(mv).unwrap_or_else(|e| panic!("{e}"));
        }
    }
}
