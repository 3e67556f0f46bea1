//! The seam's search hook: the engine's move for any game, asked without naming the
//! game's type (`AnyGame::think` and [`think`] here): its error and
//! the relay that writes the search's moves in notation. The engine is named by an
//! [`EngineConfig`] (the engine registry's row, depth, time, threads, table), progress
//! and the stop flag come through a [`SearchHandler`] over moves in notation (the
//! window's gives it the stop flag, the live node count and the last finished depth),
//! and the answer is the engine's [`SearchOutcome`] with
//! its moves written in the game's notation.
//!
//! Moves become text only where a person reads them: once per finished depth and once
//! for the answer, never per node.

use super::rules::Rules;
use crate::ai::strong::TableError;
use crate::ai::{Engine, EngineConfig, GamePosition, SearchOutcome};
use crate::ai::{Iteration, NotForThisGame, SearchHandler};
use std::fmt;
use thiserror::Error;

/// Why the engine gave no move.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ThinkError {
    /// The engine does not play this game (the strong engines play only queens).
    #[error(transparent)]
    NotForThisGame(#[from] NotForThisGame),
    /// The engine's table did not fit in memory.
    #[error(transparent)]
    Table(#[from] TableError),
}

/// Passes a game's search events on with its moves in notation.
struct Notation<'a>(&'a dyn SearchHandler<String>);

impl<M: Copy + fmt::Display> SearchHandler<M> for Notation<'_> {
    fn should_stop(&self) -> bool {
        self.0.should_stop()
    }

    fn on_nodes(&self, nodes: u64) {
        self.0.on_nodes(nodes);
    }

    fn on_iteration(&self, iteration: &Iteration<M>) {
        self.0
            .on_iteration(&iteration.map_moves(|mv| mv.to_string()));
    }
}

/// The engine `config` names, searching `game` within `config`'s depth (at least 1) and
/// time (counted from the call, the engine's setup included), reporting to `handler` and
/// stopping when it says so. The game's
/// [`Rules::engine`] builds the engine, so a game with engines of its own (queens) gets
/// them and every other game the thesis's.
///
/// # Errors
/// [`ThinkError`]: an engine this game has not, a table that does not fit.
pub fn think<G>(
    game: &G,
    config: &EngineConfig,
    handler: &dyn SearchHandler<String>,
) -> Result<SearchOutcome<String>, ThinkError>
where
    G: Rules + GamePosition,
    <G as GamePosition>::Move: fmt::Display,
{
    // A fresh engine, dropped after this one search.
    think_kept(game, &mut None, config, handler)
}

/// An engine kept between searches by a front end that does not name the game's type
/// (the window keeps one per computer seat, so what a transposition table learnt
/// survives from one move to the next): a `Box<dyn Engine<G>>` of the game it searched,
/// built by [`think_kept`] on its first search.
pub type KeptBox = Box<dyn std::any::Any + Send>;

/// [`think`] with an engine kept between searches in `kept`: the engine kept there when
/// it is one of this game's, else a new one of `config` (built and prepared within the
/// time limit, which counts from the call), left in `kept` for the next search.
/// `config`'s depth and time apply to this search.
///
/// # Errors
/// As [`think`]; `kept` is left empty then.
pub fn think_kept<G>(
    game: &G,
    kept: &mut Option<KeptBox>,
    config: &EngineConfig,
    handler: &dyn SearchHandler<String>,
) -> Result<SearchOutcome<String>, ThinkError>
where
    G: Rules + GamePosition,
    <G as GamePosition>::Move: fmt::Display,
{
    let start = web_time::Instant::now();
    let mut limits = config.limits();
    let reused = kept
        .take()
        .and_then(|engine| engine.downcast::<Box<dyn Engine<G>>>().ok());
    let mut engine = match reused {
        Some(engine) => *engine,
        None => {
            let mut engine = G::engine(config)?;
            engine.prepare(game, limits.time)?;
            engine
        }
    };
    // The time limit counts from the start: building the engine and its table (the
    // strong engines' can take a while) is in it.
    limits.time = limits.time.map(|time| time.saturating_sub(start.elapsed()));
    let outcome = engine.think(game, limits, &Notation(handler));
    *kept = Some(Box::new(engine));
    Ok(outcome.map_moves(|mv| mv.to_string()))
}

#[cfg(test)]
mod tests {
    use crate::ai::shared_progress::SharedProgress;
    use crate::ai::{EngineConfig, EngineKind, NoHandler};
    use crate::games::table::GAMES;

    #[test]
    fn every_game_answers_a_legal_move_in_notation_through_the_seam() {
        for entry in GAMES {
            let mut game = (entry.start)().unwrap_or_else(|e| panic!("{}: {e}", entry.tag));
            let config = EngineConfig::new(EngineKind::ALPHABETA, 2);
            let progress = SharedProgress::<String>::default();
            let outcome = game
                .think(&config, &progress)
                .unwrap_or_else(|e| panic!("{}: {e}", entry.tag));
            let best = outcome
                .best_move
                .unwrap_or_else(|| panic!("{}: no move", entry.tag));
            assert!(game.legal_moves().contains(&best), "{}: {best}", entry.tag);
            assert_eq!(outcome.depth, 2, "{}", entry.tag);
            assert!(outcome.stats.nodes > 0);
            let last = progress.last_iteration().map(|it| it.best_move);
            assert_eq!(last, Some(Some(best.clone())), "{}", entry.tag);
            game.play_text(&best)
                .unwrap_or_else(|e| panic!("{}: {best}: {e}", entry.tag));
        }
    }

    #[test]
    fn the_strong_engines_play_queens_and_are_refused_elsewhere() {
        for entry in GAMES {
            let game = (entry.start)().unwrap_or_else(|e| panic!("{}: {e}", entry.tag));
            let mut config = EngineConfig::new(EngineKind::PVS, 1);
            (config.threads, config.hash_mb) = (1, 1);
            let answer = game.think(&config, &NoHandler);
            assert_eq!(answer.is_ok(), entry.tag == "queens", "{}", entry.tag);
            // `plays` says so without building the engine.
            assert_eq!(game.plays(EngineKind::PVS), answer.is_ok(), "{}", entry.tag);
            assert!(game.plays(EngineKind::ALPHABETA), "{}", entry.tag);
        }
    }

    /// Where the queens engine kept in `kept` lives (`None`: no queens engine there).
    fn queens_engine_at(kept: &Option<super::KeptBox>) -> Option<*const u8> {
        let engine = kept
            .as_ref()?
            .downcast_ref::<Box<dyn crate::ai::Engine<queens_board::Board>>>()?;
        Some(std::ptr::from_ref(engine.as_ref()).cast::<u8>())
    }

    #[test]
    fn a_kept_engine_serves_the_next_search_of_its_game_and_another_game_builds_its_own() {
        let config = EngineConfig::new(EngineKind::ALPHABETA, 2);
        let mut kept = None;
        let queens = (GAMES[0].start)().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(queens.tag(), "queens");
        let first = queens
            .think_kept(&mut kept, &config, &NoHandler)
            .unwrap_or_else(|e| panic!("{e}"));
        let address = queens_engine_at(&kept);
        assert!(address.is_some(), "the engine is kept");
        let again = queens
            .think_kept(&mut kept, &config, &NoHandler)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(first.best_move, again.best_move);
        assert_eq!(
            address,
            queens_engine_at(&kept),
            "the same engine searched again"
        );
        // Another game cannot use a queens engine: it gets one of its own.
        let other = (GAMES[1].start)().unwrap_or_else(|e| panic!("{e}"));
        let answer = other
            .think_kept(&mut kept, &config, &NoHandler)
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(
            answer
                .best_move
                .is_some_and(|mv| other.legal_moves().contains(&mv))
        );
        assert!(kept.is_some() && queens_engine_at(&kept).is_none());
    }

    #[test]
    fn a_stop_asked_before_the_search_still_answers_without_hanging() {
        // Othello: a search to depth 30 cannot end before its first stop check (a small
        // game at the table's end could finish first: the test would prove nothing).
        let entry = crate::games::table::by_tag("othello").unwrap_or_else(|| panic!("no othello"));
        let game = (entry.start)().unwrap_or_else(|e| panic!("{}: {e}", entry.tag));
        let progress = SharedProgress::<String>::default();
        progress.request_stop();
        let config = EngineConfig::new(EngineKind::MINIMAX, 30);
        let outcome = game
            .think(&config, &progress)
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(outcome.interrupted);
    }
}
