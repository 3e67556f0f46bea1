//! The [`Engine`] trait every engine of the registry implements, and the thesis's engine,
//! which serves any game whose positions implement [`GamePosition`].
//!
//! An engine is generic over the position it is asked about, with the queens' [`Board`]
//! as the default, so `dyn Engine` still means a Queens & Stones engine while a second game
//! (a `GamePosition` of its own) gets minimax and alpha-beta, iterative deepening, the
//! principal variation and the handler's progress through the same trait.

use super::control::{Limits, NoHandler, SearchHandler};
use super::game::GamePosition;
use super::negamax::{Method, Silent};
use super::ordering::QueensGame;
use super::search::run_search;
use super::stats::SearchOutcome;
use super::strong::TableError;
use queens_board::{Board, Cell};
use std::time::Duration;

/// A move-choosing engine for positions `P`: what the window's computer players,
/// `queens bestmove` and the arena call.
pub trait Engine<P: GamePosition + ?Sized = Board>: Send {
    /// The engine's name, as on the command line.
    fn name(&self) -> &'static str;

    /// Searches `position` within `limits`, reporting to `handler`.
    fn think(
        &mut self,
        position: &P,
        limits: Limits,
        handler: &dyn SearchHandler<P::Move>,
    ) -> SearchOutcome<P::Move>;

    /// Gets what searching `position` for at most `time` needs (a table's memory, no
    /// more than that time can fill) now, so that a command can answer a failure
    /// instead of playing on with less. Engines that need nothing are ready.
    ///
    /// # Errors
    /// [`TableError`] when the table asked for does not fit in memory.
    fn prepare(&mut self, _position: &P, _time: Option<Duration>) -> Result<(), TableError> {
        Ok(())
    }
}

/// The thesis's searches (minimax or alpha-beta, iterative deepening under a time limit)
/// on any game, with the game's own ordering and evaluation. Its registry rows give it
/// its name, so the engine table stays the one place names are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ThesisEngine {
    method: Method,
    name: &'static str,
}

impl ThesisEngine {
    /// The thesis's `method`, answering to `name`.
    pub(crate) fn new(method: Method, name: &'static str) -> ThesisEngine {
        ThesisEngine { method, name }
    }
}

impl<P: GamePosition + ?Sized> Engine<P> for ThesisEngine {
    fn name(&self) -> &'static str {
        self.name
    }

    fn think(
        &mut self,
        position: &P,
        limits: Limits,
        handler: &dyn SearchHandler<P::Move>,
    ) -> SearchOutcome<P::Move> {
        let mut game = position.search_game();
        run_search(&mut game, self.method, limits, handler, &mut Silent)
    }
}

/// Convenience: a search of `board` by the thesis's `method` with no handler (the tests'
/// and the bench's entry point).
pub fn search_board(board: &Board, method: Method, limits: Limits) -> SearchOutcome<Cell> {
    run_search(
        &mut QueensGame::new(board),
        method,
        limits,
        &NoHandler,
        &mut Silent,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::shared_progress::SharedProgress;
    use crate::ai::takeaway::{LOST, Pile};
    use crate::ai::{EngineConfig, EngineKind, NotForThisGame, Score};

    fn engine_for_piles(kind: EngineKind) -> Box<dyn Engine<Pile>> {
        EngineConfig::new(kind, 1)
            .build_for::<Pile>()
            .unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn a_second_game_plays_through_the_thesis_engines_with_deepening_pv_and_progress() {
        for kind in [EngineKind::MINIMAX, EngineKind::ALPHABETA] {
            let mut engine = engine_for_piles(kind);
            assert_eq!(engine.name(), kind.name());
            let limits = Limits {
                depth: 30,
                time: Some(std::time::Duration::from_secs(60)),
            };
            let progress = SharedProgress::<u8>::default();
            // 7 stones: take 1, leave a multiple of 3, and win; deepening stops at the end.
            let won = engine.think(&Pile(7), limits, &progress);
            assert_eq!(
                (won.value, won.best_move, won.exact, won.depth),
                (-LOST, Some(1), true, 7),
                "{kind}"
            );
            let depths: Vec<u32> = won.iterations.iter().map(|i| i.depth).collect();
            assert_eq!(depths, (1..=7).collect::<Vec<_>>());
            // The principal variation is a whole legal game: it takes the 7 stones.
            assert!(won.pv.iter().all(|&take| take == 1 || take == 2));
            assert_eq!(won.pv.iter().map(|&take| u32::from(take)).sum::<u32>(), 7);
            assert_eq!(progress.last_iteration().map(|i| i.depth), Some(7));
            assert!(progress.nodes() <= won.stats.nodes);
            // 9 stones is lost whatever the side to move takes.
            let lost = engine.think(&Pile(9), limits, &progress);
            assert_eq!((lost.value, lost.exact), (LOST, true), "{kind}");
            // One ply sees only the naive guess: taking 2 leaves the opponent 5, not 6.
            let shallow = engine.think(&Pile(7), Limits::depth(1), &NoHandler);
            assert_eq!((shallow.value, shallow.best_move), (Score(-5), Some(2)));
            assert!(!shallow.exact);
        }
    }

    #[test]
    fn the_strong_engines_refuse_another_game() {
        for kind in [EngineKind::PVS, EngineKind::PERFECT] {
            let refused = EngineConfig::new(kind, 2).build_for::<Pile>().err();
            assert_eq!(refused, Some(NotForThisGame(kind)));
        }
    }
}
