//! Perft for every game: the number of move sequences of a depth, walked through the
//! game's [`Rules`] (`queens perft`, and each game's tests against published figures).

use super::rules::Rules;

/// The number of move sequences of `depth` plies from `game`: every legal move (a forced
/// pass included) starts its own sequences; a finished game ends a sequence early and
/// counts once at its end, nothing below it. Depth 0 is 1. `None` when `stop` said so
/// (asked every 4096 positions).
pub fn perft<G: Rules>(game: &mut G, depth: u32, stop: &dyn Fn() -> bool) -> Option<u64> {
    let mut visited = 0u64;
    perft_walk(game, depth, stop, &mut visited)
}

fn perft_walk<G: Rules>(
    game: &mut G,
    depth: u32,
    stop: &dyn Fn() -> bool,
    visited: &mut u64,
) -> Option<u64> {
    *visited += 1;
    if visited.is_multiple_of(4096) && stop() {
        return None;
    }
    if depth == 0 {
        return Some(1);
    }
    let moves = game.legal_moves();
    if moves.is_empty() {
        return Some(1);
    }
    let mut total = 0u64;
    for mv in moves {
        game.play(mv).ok()?;
        let below = perft_walk(game, depth - 1, stop, visited);
        game.undo();
        total += below?;
    }
    Some(total)
}
