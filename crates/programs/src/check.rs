//! `queens check-engine`'s judge: an engine's answers on many positions of a game against
//! ours, and the first disagreement reduced to the smallest depth and position that
//! still disagree.
//!
//! At a fixed depth d the reference is our plain minimax at depth d with the game's own
//! evaluation (the lectures'): the value must be equal, the move one whose own depth-d
//! value is the best, and (when asked) the node and leaf counts equal to our minimax's
//! or alpha-beta's. Without a depth the engine searches to the end of the game and the
//! reference is the exact solver ([`proved_moves`]): its value and a proved best move.
//! The engine is anything that answers an [`Asker`], so the reduction is tested without
//! a process.

use super::{BestMove, EngineError, EngineProcess, Go};
use queens_board::SplitMix64;
use queens_engines::ai::{EngineConfig, EngineKind, NoHandler};
use queens_engines::analysis::proved_moves;
use queens_engines::games::seam::AnyGame;
use serde::Serialize;

/// An engine to check: its answer for `game` searched to `depth`.
pub trait Asker {
    /// The engine's answer.
    ///
    /// # Errors
    /// What the engine did wrong.
    fn ask(&mut self, game: &dyn AnyGame, depth: u32) -> Result<BestMove, EngineError>;
}

impl Asker for EngineProcess {
    fn ask(&mut self, game: &dyn AnyGame, depth: u32) -> Result<BestMove, EngineError> {
        let go = Go {
            depth: Some(depth),
            ..Go::default()
        };
        super::play(self, game, &go, &|| false, &mut |_| {})
    }
}

/// Which counts must agree, when the engine reports them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Counts {
    /// Our plain minimax's (any move order gives the same).
    Minimax,
    /// Our alpha-beta's, with our move order.
    Alphabeta,
}

/// What to check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckSettings {
    /// The depth of every search; `None` for the exact check (to the end of the game).
    pub depth: Option<u32>,
    /// Positions to check (reached by random play from the start).
    pub positions: usize,
    /// The random play's seed.
    pub seed: u64,
    /// Counts that must agree; `None` compares them only for the report.
    pub counts: Option<Counts>,
}

/// Our answer for a position at a depth.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Ours {
    value: i32,
    best: Vec<String>,
    minimax: Option<(u64, u64)>,
    alphabeta: Option<(u64, u64)>,
}

/// One answer that is not ours.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Disagreement {
    /// The position's game string (open it in the Tree Lab: Paste position).
    pub position: String,
    /// The depth searched.
    pub depth: u32,
    /// What differs: "value", "move", "nodes" or "leaves".
    pub what: &'static str,
    /// The engine's move.
    #[serde(rename = "engine_move")]
    pub engine_move: String,
    /// The engine's value (`null`: it gave none).
    pub engine_value: Option<i64>,
    /// The engine's counts, as it reported them.
    pub engine_nodes: Option<u64>,
    /// Likewise.
    pub engine_leaves: Option<u64>,
    /// Our value.
    pub our_value: i32,
    /// Our best moves (the engine's must be one of them).
    pub best_moves: Vec<String>,
    /// Our minimax's nodes and leaves (`null` in the exact check).
    pub our_minimax_counts: Option<(u64, u64)>,
    /// Our alpha-beta's nodes and leaves (`null` in the exact check).
    pub our_alphabeta_counts: Option<(u64, u64)>,
}

/// How often the engine's reported counts equalled ours.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct CountsTally {
    /// Answers with both nodes and leaves.
    pub reported: usize,
    /// Of those, equal to our minimax's.
    pub minimax: usize,
    /// Equal to our alpha-beta's.
    pub alphabeta: usize,
}

/// The check's answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CheckReport {
    /// "depth" or "exact".
    pub mode: &'static str,
    /// The depth (`null` for the exact check).
    pub depth: Option<u32>,
    /// Positions checked.
    pub positions: usize,
    /// Positions where the engine agreed.
    pub agreed: usize,
    /// The counts it reported, against ours.
    pub counts: CountsTally,
    /// The first disagreement, as found.
    pub first: Option<Disagreement>,
    /// The same, reduced: the smallest depth, then the position with the fewest plies
    /// left below it, that still disagree.
    pub reduced: Option<Disagreement>,
    /// The engine's failure that ended the check, if one did.
    pub engine_error: Option<String>,
}

/// Why the check could not be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CheckError {
    /// The exact check of a game without a solver.
    #[error("{0} has no exact solver: give --depth")]
    NoSolver(&'static str),
    /// The game's start could not be made.
    #[error("{0}")]
    Start(String),
}

/// Positions of `start`'s game reached by random play (seeded), the start first, none
/// over, no two the same.
pub fn positions(start: &dyn AnyGame, count: usize, seed: u64) -> Vec<Box<dyn AnyGame>> {
    let mut rng = SplitMix64::new(seed);
    let mut seen = std::collections::HashSet::new();
    let mut found: Vec<Box<dyn AnyGame>> = Vec::new();
    if start.result().is_none() {
        seen.insert(start.game_string());
        found.push(start.clone_box());
    }
    // Each try is one random game cut at a random ply; small games run out of new
    // positions, so the tries are bounded.
    for _ in 0..count.saturating_mul(20) {
        if found.len() >= count {
            break;
        }
        let mut game = start.clone_box();
        let plies = rng.below(u64::from(start.plies_left().min(40)) + 1);
        for _ in 0..plies {
            let moves = game.legal_moves();
            if moves.is_empty() || game.result().is_some() {
                break;
            }
            let pick = rng.below(moves.len() as u64) as usize;
            if game.play_text(&moves[pick]).is_err() {
                break;
            }
        }
        if game.result().is_none() && seen.insert(game.game_string()) {
            found.push(game);
        }
    }
    found
}

/// Our answer at `depth` (the exact one for `None`).
fn ours(game: &dyn AnyGame, depth: Option<u32>) -> Option<Ours> {
    let Some(depth) = depth else {
        let proved = proved_moves(game, &|| false).ok()??;
        let value = proved.value.value;
        let best = proved
            .moves
            .iter()
            .filter(|mv| mv.value.value == value)
            .map(|mv| mv.mv.clone())
            .collect();
        return Some(Ours {
            value,
            best,
            minimax: None,
            alphabeta: None,
        });
    };
    let search = |game: &dyn AnyGame, engine, depth| {
        game.think(&EngineConfig::new(engine, depth), &NoHandler)
            .ok()
    };
    let minimax = search(game, EngineKind::MINIMAX, depth)?;
    let alphabeta = search(game, EngineKind::ALPHABETA, depth)?;
    // Each move's own value at this depth: a leaf's from the Tree Lab's one-ply tree
    // (the root player's view), a deeper one by minimax one ply shallower.
    let tree = game.tree(1).ok()?;
    let mut best = Vec::new();
    for &child in tree.children(0) {
        let mv = tree.label(child)?.to_string();
        let value = match tree.leaf_value(child) {
            Some(leaf) if depth == 1 => leaf,
            leaf => {
                let mut after = game.clone_box();
                after.play_text(&mv).ok()?;
                match after.result() {
                    Some(_) => leaf?,
                    None => {
                        -search(after.as_ref(), EngineKind::MINIMAX, depth - 1)?
                            .value
                            .0
                    }
                }
            }
        };
        if value == minimax.value.0 {
            best.push(mv);
        }
    }
    Some(Ours {
        value: minimax.value.0,
        best,
        minimax: Some((minimax.stats.nodes, minimax.stats.leaves)),
        alphabeta: Some((alphabeta.stats.nodes, alphabeta.stats.leaves)),
    })
}

/// The engine's answer at `game` and `depth` against ours: the disagreement, if any.
fn judge(
    engine: &mut dyn Asker,
    game: &dyn AnyGame,
    depth: Option<u32>,
    counts: Option<Counts>,
    tally: &mut CountsTally,
) -> Result<Option<Disagreement>, EngineError> {
    let asked = depth.unwrap_or_else(|| game.plies_left().max(1));
    let answer = engine.ask(game, asked)?;
    let Some(ours) = ours(game, depth) else {
        return Ok(None);
    };
    let reported = answer.nodes.zip(answer.leaves);
    if let Some(pair) = reported {
        tally.reported += 1;
        tally.minimax += usize::from(ours.minimax == Some(pair));
        tally.alphabeta += usize::from(ours.alphabeta == Some(pair));
    }
    let wanted = match counts {
        Some(Counts::Minimax) => ours.minimax,
        Some(Counts::Alphabeta) => ours.alphabeta,
        None => None,
    };
    let what = if answer.value != Some(i64::from(ours.value)) {
        Some("value")
    } else if !ours.best.contains(&answer.best_move) {
        Some("move")
    } else if let Some((nodes, leaves)) = wanted {
        if answer.nodes != Some(nodes) {
            Some("nodes")
        } else if answer.leaves != Some(leaves) {
            Some("leaves")
        } else {
            None
        }
    } else {
        None
    };
    Ok(what.map(|what| Disagreement {
        position: game.game_string(),
        depth: asked,
        what,
        engine_move: answer.best_move,
        engine_value: answer.value,
        engine_nodes: answer.nodes,
        engine_leaves: answer.leaves,
        our_value: ours.value,
        best_moves: ours.best,
        our_minimax_counts: ours.minimax,
        our_alphabeta_counts: ours.alphabeta,
    }))
}

/// The most questions the reduction asks: each is a search by the engine.
const MAX_REDUCTION_QUESTIONS: usize = 2000;

/// Checks `engine` on `settings.positions` positions of `start`'s game.
///
/// # Errors
/// [`CheckError`] when the check cannot be made; what the engine did wrong is in the
/// report (`engine_error`).
pub fn check(
    engine: &mut dyn Asker,
    start: &dyn AnyGame,
    settings: &CheckSettings,
) -> Result<CheckReport, CheckError> {
    let found = positions(start, settings.positions, settings.seed);
    check_positions(engine, found, settings)
}

/// Checks `engine` on the positions given (a position set of the user's; finished
/// positions are skipped), as [`check`] does on random ones.
///
/// # Errors
/// [`CheckError::NoSolver`] for the exact check of a game without a solver.
pub fn check_positions(
    engine: &mut dyn Asker,
    positions: Vec<Box<dyn AnyGame>>,
    settings: &CheckSettings,
) -> Result<CheckReport, CheckError> {
    if settings.depth.is_none()
        && let Some(game) = positions.iter().find(|game| !game.tools().solver)
    {
        return Err(CheckError::NoSolver(game.tag()));
    }
    let mut report = CheckReport {
        mode: if settings.depth.is_some() {
            "depth"
        } else {
            "exact"
        },
        depth: settings.depth,
        positions: 0,
        agreed: 0,
        counts: CountsTally::default(),
        first: None,
        reduced: None,
        engine_error: None,
    };
    let mut first_game = None;
    for game in positions.into_iter().filter(|game| game.result().is_none()) {
        report.positions += 1;
        match judge(
            engine,
            game.as_ref(),
            settings.depth,
            settings.counts,
            &mut report.counts,
        ) {
            Ok(None) => report.agreed += 1,
            Ok(Some(found)) => {
                if report.first.is_none() {
                    report.first = Some(found);
                    first_game = Some(game);
                }
            }
            Err(err) => {
                report.engine_error = Some(err.to_string());
                return Ok(report);
            }
        }
    }
    if let (Some(first), Some(game)) = (&report.first, first_game) {
        match reduce(engine, game, first.clone(), settings) {
            Ok(reduced) => report.reduced = Some(reduced),
            Err(err) => report.engine_error = Some(err.to_string()),
        }
    }
    Ok(report)
}

/// The smallest depth at which `game` still disagrees, then, step by step, a position
/// after one more move that still disagrees at that depth or less, until none does.
fn reduce(
    engine: &mut dyn Asker,
    mut game: Box<dyn AnyGame>,
    mut found: Disagreement,
    settings: &CheckSettings,
) -> Result<Disagreement, EngineError> {
    let mut tally = CountsTally::default();
    let mut questions = 0;
    let mut at_depth = |engine: &mut dyn Asker, game: &dyn AnyGame, most: u32| {
        // The exact check has one depth: the game's end.
        let depths: Vec<Option<u32>> = match settings.depth {
            None => vec![None],
            Some(_) => (1..=most).map(Some).collect(),
        };
        for depth in depths {
            if questions >= MAX_REDUCTION_QUESTIONS {
                return Ok(None);
            }
            questions += 1;
            if let Some(found) = judge(engine, game, depth, settings.counts, &mut tally)? {
                return Ok(Some(found));
            }
        }
        Ok(None)
    };
    if let Some(shallower) = at_depth(engine, game.as_ref(), found.depth)? {
        found = shallower;
    }
    'deeper: loop {
        for mv in game.legal_moves() {
            let mut after = game.clone_box();
            if after.play_text(&mv).is_err() || after.result().is_some() {
                continue;
            }
            if let Some(smaller) = at_depth(engine, after.as_ref(), found.depth)? {
                found = smaller;
                game = after;
                continue 'deeper;
            }
        }
        return Ok(found);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens_engines::games::game_string;

    /// Our own minimax behind the [`Asker`] seam, `short` plies shallower than asked
    /// (at least 1): 0 is a right engine, 1 the depth off-by-one of a student's.
    struct OurMinimax {
        short: u32,
    }

    impl Asker for OurMinimax {
        fn ask(&mut self, game: &dyn AnyGame, depth: u32) -> Result<BestMove, EngineError> {
            let depth = depth.saturating_sub(self.short).max(1);
            let config = EngineConfig::new(EngineKind::MINIMAX, depth);
            let outcome = game
                .think(&config, &NoHandler)
                .map_err(|e| EngineError::Refused(e.to_string()))?;
            Ok(BestMove {
                best_move: outcome.best_move.unwrap_or_default(),
                value: Some(i64::from(outcome.value.0)),
                nodes: Some(outcome.stats.nodes),
                leaves: Some(outcome.stats.leaves),
            })
        }
    }

    fn tictactoe() -> Box<dyn AnyGame> {
        game_string::read("game=tictactoe").unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn our_own_minimax_agrees_everywhere_with_its_counts() {
        let settings = CheckSettings {
            depth: Some(3),
            positions: 30,
            seed: 1,
            counts: Some(Counts::Minimax),
        };
        let report = check(
            &mut OurMinimax { short: 0 },
            tictactoe().as_ref(),
            &settings,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(report.positions, 30);
        assert_eq!(report.agreed, 30, "{report:?}");
        assert_eq!(report.counts.minimax, 30);
        // And exactly, against the solver.
        let exact = CheckSettings {
            depth: None,
            counts: None,
            ..settings
        };
        let report = check(&mut OurMinimax { short: 0 }, tictactoe().as_ref(), &exact)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(report.agreed, report.positions, "{report:?}");
    }

    #[test]
    fn a_depth_off_by_one_is_found_and_reduced_to_depth_two() {
        let settings = CheckSettings {
            depth: Some(4),
            positions: 30,
            seed: 1,
            counts: None,
        };
        let report = check(
            &mut OurMinimax { short: 1 },
            tictactoe().as_ref(),
            &settings,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert!(report.agreed < report.positions);
        let reduced = report.reduced.unwrap_or_else(|| panic!("no reduction"));
        assert_eq!(reduced.depth, 2, "{reduced:?}");
        // No position one move further disagrees at depth 2 or less.
        let game = game_string::read(&reduced.position).unwrap_or_else(|e| panic!("{e}"));
        for mv in game.legal_moves() {
            let mut after = game.clone_box();
            after.play_text(&mv).unwrap_or_else(|e| panic!("{e}"));
            if after.result().is_some() {
                continue;
            }
            for depth in 1..=2 {
                let mut tally = CountsTally::default();
                let found = judge(
                    &mut OurMinimax { short: 1 },
                    after.as_ref(),
                    Some(depth),
                    None,
                    &mut tally,
                );
                assert!(matches!(found, Ok(None)), "{mv} at {depth}: {found:?}");
            }
        }
    }
}
