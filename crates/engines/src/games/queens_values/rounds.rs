//! The window's move values in rounds of proofs (issue 33.2): once the position is
//! proved, every move is asked [`LOSS_THRESHOLDS`]' questions against its margin, and
//! each answer replaces the move's estimate as it comes (a proved bound, then an exact
//! value); `ai::strong::value_every_move_in_rounds` asks, this side publishes.

use super::cells::{CellValue, CellValues};
use super::{Deadline, LOSS_THRESHOLDS, Valuing, gather, proved_value, solved_position};
use crate::ai::strong::{SolveResult, SolveSettings, value_every_move_in_rounds};
use crate::games::move_values::ValueKind;
use queens_board::Player;
use std::time::Duration;
use web_time::Instant;

/// How often the rounds publish their values (and once more at the end): each answer
/// is a whole copy of every move's value, crossing to the page as a message in the
/// browser.
const PUBLISH_EVERY: Duration = Duration::from_millis(100);

impl Valuing<'_> {
    /// When the estimates' time is up and the position is still not proved (a loaded
    /// machine, a harder board): one more solve of it, its table warm, until `until`
    /// from the start, then the rounds of proofs on `answer`'s values. Returns the last
    /// answer published.
    pub(super) fn late_rounds(
        &self,
        answer: CellValues,
        until: Duration,
        on_update: &mut dyn FnMut(&CellValues),
    ) -> Option<CellValues> {
        let stop = Deadline {
            handler: self.stop.handler,
            deadline: self.started + until,
        };
        let time = until.saturating_sub(self.started.elapsed());
        let Some(root) = solved_position(self.board, &self.engine, time, &stop) else {
            return Some(answer);
        };
        let values = answer.moves.iter().cloned().map(Some).collect();
        self.in_rounds(values, &root, until, on_update)
            .or(Some(answer))
    }

    /// The moves asked in rounds of [`LOSS_THRESHOLDS`] against `root`, the position's
    /// solve, until `until` from the start; `values` (the estimates so far) are
    /// replaced by proved values as they come, published at most every
    /// [`PUBLISH_EVERY`] and at the end. Returns the last answer.
    pub(super) fn in_rounds(
        &self,
        mut values: Vec<Option<CellValue>>,
        root: &SolveResult,
        until: Duration,
        on_update: &mut dyn FnMut(&CellValues),
    ) -> Option<CellValues> {
        let proved = proved_value(root);
        let margin = root.margin?;
        let mover = self.board.side_to_move();
        let stop = Deadline {
            handler: self.stop.handler,
            deadline: self.started + until,
        };
        let mut slots = [None; 256];
        for (slot, (cell, _)) in self.children.iter().enumerate() {
            slots[cell.index()] = Some(slot);
        }
        let publish = |values: &[Option<CellValue>], on_update: &mut dyn FnMut(&CellValues)| {
            let estimates = values
                .iter()
                .flatten()
                .any(|v| v.kind == ValueKind::Estimate);
            let update = gather(self.board, values, estimates.then_some(1), proved.as_ref());
            if let Some(update) = &update {
                on_update(update);
            }
            update
        };
        // The position's proof on screen at once, with the estimates so far.
        publish(&values, on_update);
        let mut published = Instant::now();
        value_every_move_in_rounds(
            self.board,
            self.engine.table(),
            SolveSettings {
                time: Some(until.saturating_sub(self.started.elapsed())),
                ..SolveSettings::default()
            },
            &stop,
            root,
            &LOSS_THRESHOLDS,
            |found| {
                if let Some(slot) = slots[found.cell.index()].and_then(|i| values.get_mut(i)) {
                    *slot = Some(proved_move(slot.take(), found, margin, mover));
                }
                if published.elapsed() >= PUBLISH_EVERY {
                    publish(&values, on_update);
                    published = Instant::now();
                }
            },
        );
        publish(&values, on_update)
    }
}

/// A move's value from the rounds' `found` (its proved bounds), given the position's
/// proved `margin` and who moves: exact when the bounds meet, a bound when they prove
/// it loses something against the best, else the estimate `old` kept (moved inside the
/// bounds).
fn proved_move(
    old: Option<CellValue>,
    found: &crate::ai::strong::MoveValue,
    margin: i32,
    mover: Player,
) -> CellValue {
    let line = old.as_ref().map(|v| v.line.clone()).unwrap_or_default();
    // The most the move can reach for the mover.
    let reach = match mover {
        Player::One => found.upper,
        Player::Two => found.lower,
    };
    let loses = match mover {
        Player::One => reach < margin,
        Player::Two => reach > margin,
    };
    let (margin, kind) = match (found.margin, old) {
        (Some(exact), _) => (exact, ValueKind::Exact),
        _ if loses => (reach, ValueKind::Bound),
        (None, Some(old)) => (old.margin.clamp(found.lower, found.upper), old.kind),
        (None, None) => (reach, ValueKind::Bound),
    };
    CellValue {
        cell: found.cell,
        margin,
        kind,
        line,
    }
}

#[cfg(test)]
mod tests {
    use super::super::cells::CellValues;
    use super::super::value_board_moves;
    use crate::ai::SearchHandler;
    use crate::ai::strong::{SOLVE_FREE_CELLS, SolveSettings, solve_board};
    use crate::games::move_values::ValueKind;
    use queens_board::{Cell, Player, random_position};
    use std::time::Duration;

    /// Issue 33.2: on a board too big to solve each move (15x15 after one move), once the
    /// position is proved its moves are asked in rounds: an exact value is the solver's
    /// margin of the move's child, and a bound holds (the child's margin is no better
    /// for the mover than it). The values checked are the first published with both
    /// kinds on hand, and the work stops then (a stop, not a clock): the last answer
    /// may already be all exact, since the greedy bounds prove a board's every move in
    /// a second or two.
    #[test]
    fn the_rounds_give_exact_values_and_bounds_that_hold() {
        use std::sync::atomic::{AtomicBool, Ordering};
        struct Flag<'a>(&'a AtomicBool);
        impl SearchHandler<Cell> for Flag<'_> {
            fn should_stop(&self) -> bool {
                self.0.load(Ordering::Relaxed)
            }
        }
        let board = random_position(15, 0, 1, 3).unwrap_or_else(|e| panic!("{e}"));
        assert!(board.free().count() > SOLVE_FREE_CELLS + 1);
        let stop = AtomicBool::new(false);
        let mut updates = 0;
        let settings = crate::games::move_values::ValuesAsk {
            time: Duration::from_millis(4000),
            hash_mb: 4,
            prove_time: Some(Duration::from_secs(600)),
        };
        let exact_but_best = |v: &CellValues| {
            let v = v.to_seam();
            let best = v.best().map(|b| b.mv.clone());
            v.moves
                .iter()
                .any(|m| m.exact() && Some(&m.mv) != best.as_ref())
        };
        let mut seen: Option<CellValues> = None;
        let last = value_board_moves(&board, settings, &Flag(&stop), &mut |v| {
            updates += 1;
            let bounds = v.to_seam().counts().bound > 0;
            if seen.is_none() && bounds && exact_but_best(v) {
                seen = Some(v.clone());
                stop.store(true, Ordering::Relaxed);
            }
        })
        .unwrap_or_else(|| panic!("no answer"));
        assert!(updates >= 2);
        let answer = seen.unwrap_or_else(|| {
            panic!(
                "no values were published with both exact values and bounds: {:?}",
                last.to_seam().counts()
            )
        });
        let margin = answer
            .to_seam()
            .proved_margin()
            .unwrap_or_else(|| panic!("not proved"));
        let view = |m: i32| match board.side_to_move() {
            Player::One => m,
            Player::Two => -m,
        };
        let mut checked = (0, 0);
        for value in &answer.moves {
            let wanted = match value.kind {
                ValueKind::Exact => checked.0 < 3,
                ValueKind::Bound => checked.1 < 3,
                ValueKind::Estimate => false,
            };
            if !wanted {
                continue;
            }
            let mut child = board.clone();
            child.do_move(value.cell);
            let truth = solve_board(&child, SolveSettings::default(), 16)
                .margin
                .unwrap_or_else(|| panic!("{} not solved", value.cell));
            if value.exact() {
                assert_eq!(value.margin, truth, "{value:?}");
                checked.0 += 1;
            } else {
                assert!(view(truth) <= view(value.margin), "{value:?} true {truth}");
                assert!(view(value.margin) < view(margin), "a bound with no loss");
                checked.1 += 1;
            }
        }
        assert_eq!(checked, (3, 3), "{:?}", answer.to_seam().counts());
    }
}
