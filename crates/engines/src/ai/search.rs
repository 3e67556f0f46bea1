//! The search driver: fixed depth, or iterative deepening under a time limit, for any
//! [`FrontierGame`].

use super::control::{Limits, SearchHandler};
use super::game::FrontierGame;
use super::negamax::{Method, Observer, Searcher};
use super::stats::{Iteration, SearchOutcome, Stats};
use web_time::Instant;

/// Runs a search on `game` and returns the deepest completed depth's answer.
///
/// Without a time limit the search goes straight to `limits.depth` (so its counters are
/// those of that depth alone, e.g. `leaves` is the perft count for minimax). With one, it
/// deepens from 1 and stops at the limit or the stop request, keeping the deepest
/// completed depth; depth 1 is never interrupted, so a move is always found while one
/// exists. Deepening also stops once a depth reaches the end of the game.
pub fn run_search<G: FrontierGame, O: Observer<G::Move>>(
    game: &mut G,
    method: Method,
    limits: Limits,
    handler: &dyn SearchHandler<G::Move>,
    observer: &mut O,
) -> SearchOutcome<G::Move> {
    let start = Instant::now();
    let deadline = limits.time.map(|time| start + time);
    let max_depth = limits.depth.max(1);
    let root_value = game.evaluate();
    if game.is_terminal() {
        // The game is over: the root is the one node and the one leaf, its value exact.
        let leaf = Stats {
            nodes: 1,
            leaves: 1,
            cutoffs: 0,
        };
        observer.leaf(&[], root_value);
        let mut outcome = SearchOutcome::start(root_value, leaf, true);
        outcome.elapsed = start.elapsed();
        return outcome;
    }
    let mut outcome = SearchOutcome::start(root_value, Stats::default(), false);
    let first = if limits.time.is_some() { 1 } else { max_depth };
    // Once a depth covers every remaining ply its value is exact; deeper is the same.
    let searcher_plies_bound = game.plies_left_bound();
    let mut searcher = Searcher::new(game, observer, handler, max_depth);
    for depth in first..=max_depth {
        // A deeper depth never finishes once the time is up: don't start it.
        if depth > 1 && deadline.is_some_and(|deadline| Instant::now() >= deadline) {
            outcome.interrupted = true;
            break;
        }
        let iteration_start = Instant::now();
        let interruptible = depth > 1;
        let value =
            searcher.search_root(method, depth, interruptible, deadline, outcome.stats.nodes);
        outcome.stats += searcher.stats();
        let Some(value) = value else {
            outcome.interrupted = true;
            break;
        };
        let pv = searcher.pv().to_vec();
        let iteration = Iteration {
            depth,
            value,
            best_move: pv.first().copied(),
            pv: pv.clone(),
            stats: searcher.stats(),
            elapsed: iteration_start.elapsed(),
        };
        handler.on_iteration(&iteration);
        outcome.best_move = iteration.best_move;
        outcome.value = value;
        outcome.depth = depth;
        outcome.pv = pv;
        let reached_the_end = depth >= searcher_plies_bound;
        outcome.exact = reached_the_end;
        outcome.iterations.push(iteration);
        if reached_the_end {
            break;
        }
    }
    if outcome.best_move.is_none() {
        // A fixed-depth search stopped from outside before finishing: fall back to depth
        // 1, which is never interrupted, so the caller still gets a legal move.
        let value = searcher.search_root(method, 1, false, None, outcome.stats.nodes);
        outcome.stats += searcher.stats();
        if let Some(value) = value {
            outcome.value = value;
            outcome.depth = 1;
            outcome.pv = searcher.pv().to_vec();
            outcome.best_move = outcome.pv.first().copied();
        }
    }
    outcome.elapsed = start.elapsed();
    outcome
}
