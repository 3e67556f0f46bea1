//! Running an analysis: every position of the game from the end backwards, through one
//! prover of the game's (`Rules::prover`: queens' keeps one transposition table for
//! the whole game), then a second look at what was left unproved, then every proof
//! spread to its neighbours. One path for every game with an exact solver.

use super::model::{Analysis, PositionValue};
use crate::games::seam::{AnyGame, Prover, ProverAsk, Seat, SolveError};
use std::time::Duration;
use web_time::Instant;

/// How hard to look at each position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnalysisSettings {
    /// The time for one position (queens: the solver gets three quarters of it, the
    /// engine's deepening the rest when the solver does not finish).
    pub time: Duration,
    /// Search threads (0 = every core).
    pub threads: usize,
    /// The transposition table in MiB, shared by all the positions of the game.
    pub hash_mb: usize,
    /// A second look: the time shared by the positions the first pass left unproved,
    /// solved again (last first) once every position has had its `time`. Work goes
    /// where it is needed: most positions of a game prove within a fraction of a second,
    /// the first few of a big board need seconds. Zero for no second look.
    pub retry: Duration,
}

/// The stop question of an analysis: asked as it goes, a yes ends it.
pub(super) type Stop<'a> = &'a (dyn Fn() -> bool + Sync);

/// Analyses `game` (its moves so far), calling `on_progress(done, total)` after each
/// position (total = moves + 1), and stopping early when `stop` says so. The last
/// position is analysed first: its solve is the easiest, and what the prover keeps from
/// it (queens' table) helps every earlier one.
///
/// A move's loss is stated only when proved: each position's value starts from what the
/// move after it proves (the position is worth at least what the move kept). Where the
/// proof does not finish, the move keeps the proved bounds on its loss, and an estimate
/// (queens') is only shown as one.
///
/// A stopped analysis keeps the positions finished before the stop (the last ones of the
/// game) and judges the moves between them; [`Analysis::complete`] is then false.
///
/// # Errors
/// [`SolveError`] for a game without an exact solver, or a table that does not fit.
pub fn analyse(
    game: &dyn AnyGame,
    settings: AnalysisSettings,
    stop: Stop<'_>,
    on_progress: &mut dyn FnMut(usize, usize),
) -> Result<Analysis, SolveError> {
    analyse_reporting(game, settings, stop, on_progress, &mut |_, _| {})
}

/// As [`analyse`], also calling `on_second_look(done, unproved)` as the second look
/// starts on each unproved position (and once more with `done == unproved` at its end),
/// so that a display can say what the time after the first pass is spent on.
///
/// # Errors
/// As [`analyse`].
pub fn analyse_reporting(
    game: &dyn AnyGame,
    settings: AnalysisSettings,
    stop: Stop<'_>,
    on_progress: &mut dyn FnMut(usize, usize),
    on_second_look: &mut dyn FnMut(usize, usize),
) -> Result<Analysis, SolveError> {
    let played = game.moves();
    let movers = movers_of(game);
    let total = played.len() + 1;
    let mut positions: Vec<Option<PositionValue>> = vec![None; total];
    let mut prover = game.prover(&ProverAsk {
        threads: settings.threads,
        hash_mb: settings.hash_mb,
    })?;
    for k in (0..total).rev() {
        if stop() {
            break;
        }
        // The position after move k + 1, once analysed.
        let (done, rest) = positions.split_at_mut(k + 1);
        let next = rest.first_mut().and_then(Option::as_mut);
        let value = prover.value(k, next, settings.time, stop);
        if stop() {
            // Cut short: this position's answer is not what the settings promise.
            break;
        }
        done[k] = Some(value);
        on_progress(total - k, total);
    }
    // A stop during the second look leaves every position with a value (the first
    // pass's), but the analysis is not the one the settings promise.
    let looked_short = !stop()
        && !settings.retry.is_zero()
        && second_look(
            prover.as_mut(),
            &mut positions,
            settings.retry,
            stop,
            on_second_look,
        );
    settle(&played, &movers, &mut positions);
    let mut analysis = Analysis::from_positions(
        game.game_string(),
        &played,
        &movers,
        positions,
        game.tools().margin_result,
    );
    analysis.complete &= !looked_short;
    Ok(analysis)
}

/// The seat to move before each move of `game`, in play order (a game may pass, so the
/// seats need not alternate).
pub(super) fn movers_of(game: &dyn AnyGame) -> Vec<Seat> {
    let played = game.moves();
    let mut walk = game.clone_box();
    while walk.undo().is_some() {}
    let mut movers = Vec::with_capacity(played.len());
    for mv in &played {
        movers.push(walk.seat_to_move());
        if walk.play_text(mv).is_err() {
            break;
        }
    }
    movers
}

/// Solves again, last first, the positions left unproved, sharing `retry` between them
/// (each gets what is left divided by the positions left). A position is replaced only
/// by a proof; an estimate stays as it was. The position after each one is taken as the
/// first pass took it, so its proof (if the second look found one) starts the bisection,
/// and the move's loss is proved as in the first pass. Returns whether a stop request
/// cut it short.
fn second_look(
    prover: &mut dyn Prover,
    positions: &mut [Option<PositionValue>],
    retry: Duration,
    stop: Stop<'_>,
    on_second_look: &mut dyn FnMut(usize, usize),
) -> bool {
    let started = Instant::now();
    let unproved: Vec<usize> = (0..positions.len())
        .rev()
        .filter(|&k| positions[k].as_ref().is_some_and(|value| !value.exact))
        .collect();
    for (done, &k) in unproved.iter().enumerate() {
        let left = retry.saturating_sub(started.elapsed());
        let share = left / u32::try_from(unproved.len() - done).unwrap_or(u32::MAX);
        if stop() {
            return true;
        }
        if share.is_zero() {
            break;
        }
        on_second_look(done, unproved.len());
        let (done_part, rest) = positions.split_at_mut(k + 1);
        let next = rest.first_mut().and_then(Option::as_mut);
        let value = prover.value(k, next, share, stop);
        if stop() {
            return true;
        }
        if value.exact {
            done_part[k] = Some(value);
        }
    }
    on_second_look(unproved.len(), unproved.len());
    false
}

/// Spreads what each proof says to the neighbouring positions until nothing changes: a
/// position is worth at least what its move kept (from the mover's side), a move kept at
/// most what its position was worth, and a move proved to reach a margin keeps it.
fn settle(played: &[String], movers: &[Seat], positions: &mut [Option<PositionValue>]) {
    // Each pass moves a bound at least one position along; the game's length bounds it.
    for _ in 0..=positions.len() {
        let mut changed = false;
        for (k, (mv, &mover)) in played.iter().zip(movers).enumerate() {
            let (done, rest) = positions.split_at_mut(k + 1);
            let (Some(Some(before)), Some(Some(after))) = (done.last_mut(), rest.first_mut())
            else {
                continue;
            };
            changed |= relate(mover, mv, before, after);
        }
        if !changed {
            break;
        }
    }
}

/// Narrows `before` and `after` (the positions around the move `mv` of `mover`) by what
/// each proves of the other; returns whether anything changed.
fn relate(mover: Seat, mv: &str, before: &mut PositionValue, after: &mut PositionValue) -> bool {
    let mut changed = false;
    let reaches = before
        .best_reaches
        .filter(|_| before.best.as_deref() == Some(mv));
    if mover == 0 {
        // The first player moves: before >= after.
        changed |= before.narrow(after.lower, i32::MAX);
        changed |= after.narrow(reaches.unwrap_or(i32::MIN), before.upper);
    } else {
        // The second player moves: before <= after.
        changed |= before.narrow(i32::MIN, after.upper);
        changed |= after.narrow(before.lower, reaches.unwrap_or(i32::MAX));
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;
    use queens_board::random_position;
    use std::sync::atomic::{AtomicUsize, Ordering};

    fn settings(ms: u64) -> AnalysisSettings {
        AnalysisSettings {
            time: Duration::from_millis(ms),
            threads: 1,
            hash_mb: 4,
            retry: Duration::ZERO,
        }
    }

    /// Stops once `after` positions have been reported.
    struct StopAfter {
        after: usize,
        done: AtomicUsize,
    }

    impl StopAfter {
        fn should_stop(&self) -> bool {
            self.done.load(Ordering::Relaxed) >= self.after
        }
    }

    /// Analyses `board` as the window does, nothing asking it to stop.
    fn analysed(board: &queens_board::Board, settings: AnalysisSettings) -> Analysis {
        analyse(board, settings, &|| false, &mut |_, _| {}).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn positions_the_solver_cannot_finish_are_estimates_with_a_depth() {
        // 15x15 with 20 stones after two moves: far more than the millisecond given here
        // to solve, even with the greedy bounds of issue 33.1 (a 15x15 opening takes
        // 0.1-0.8 s).
        let board = random_position(15, 20, 2, 5).unwrap_or_else(|e| panic!("{e}"));
        let analysis = analysed(&board, settings(1));
        assert!(analysis.complete);
        assert_eq!(analysis.moves.len(), 2);
        for m in &analysis.moves {
            assert!(!m.exact, "{m:?}");
            assert!(m.depth.is_some_and(|d| d >= 1), "{m:?}");
            assert!(m.best.is_some());
        }
    }

    #[test]
    fn the_second_look_proves_what_the_first_pass_had_no_time_for() {
        // 13x13 with 6 stones after six moves: its first positions need far more than a
        // millisecond to prove, and a fraction of a second each.
        let board = random_position(13, 6, 6, 7).unwrap_or_else(|e| panic!("{e}"));
        let hurried = analysed(&board, settings(1));
        assert!(
            hurried.moves.iter().any(|m| !m.exact),
            "a millisecond proved everything: {hurried:?}"
        );
        let second = AnalysisSettings {
            retry: Duration::from_secs(120),
            ..settings(1)
        };
        let looked = analysed(&board, second);
        assert!(looked.complete);
        assert!(looked.moves.iter().all(|m| m.exact), "{looked:?}");
        // The proofs are the ones a patient first pass finds.
        let patient = analysed(&board, settings(60_000));
        assert!(patient.moves.iter().all(|m| m.exact));
        let losses = |a: &Analysis| a.moves.iter().map(|m| (m.ply, m.loss)).collect::<Vec<_>>();
        assert_eq!(losses(&looked), losses(&patient));
    }

    #[test]
    fn a_stop_during_the_second_look_leaves_the_analysis_incomplete() {
        // As above: a millisecond leaves positions unproved, so the second look starts;
        // the stop comes as it starts on its first position.
        let board = random_position(13, 6, 6, 7).unwrap_or_else(|e| panic!("{e}"));
        let stop = StopAfter {
            after: 1,
            done: AtomicUsize::new(0),
        };
        let second = AnalysisSettings {
            retry: Duration::from_secs(120),
            ..settings(1)
        };
        let mut looks = 0;
        let should_stop = || stop.should_stop();
        let analysis =
            analyse_reporting(&board, second, &should_stop, &mut |_, _| {}, &mut |_, _| {
                looks += 1;
                stop.done.store(1, Ordering::Relaxed);
            })
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(looks >= 1, "the second look never started");
        assert!(!analysis.complete, "a stopped second look called complete");
        assert!(analysis.moves.iter().any(|m| !m.exact));
    }

    #[test]
    fn a_stopped_analysis_keeps_the_last_moves_only() {
        let board = random_position(5, 2, 225, 3).unwrap_or_else(|e| panic!("{e}"));
        let plies = board.ply();
        assert!(plies >= 3);
        let stop = StopAfter {
            after: 3,
            done: AtomicUsize::new(0),
        };
        let mut reported = Vec::new();
        let should_stop = || stop.should_stop();
        let analysis = analyse(&board, settings(1000), &should_stop, &mut |done, total| {
            reported.push((done, total));
            stop.done.store(done, Ordering::Relaxed);
        })
        .unwrap_or_else(|e| panic!("{e}"));
        assert!(!analysis.complete);
        assert_eq!(reported, [(1, plies + 1), (2, plies + 1), (3, plies + 1)]);
        // Three positions (the last three) judge the last two moves.
        let judged: Vec<usize> = analysis.moves.iter().map(|m| m.ply).collect();
        assert_eq!(judged, [plies - 1, plies]);
        assert!(analysis.positions[..plies - 2].iter().all(Option::is_none));
    }
}
