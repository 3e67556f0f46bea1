//! Move values while playing (View > "Move values on the board"): a background thread
//! values every legal move of the position on screen ([`crate::analysis::value_moves`]),
//! and the board paints them as a heat map with the best line as numbered faint queens.
//! The thread is replaced whenever the position on screen changes, and stopped when it
//! is no longer wanted; the window only reads its latest answer.

use super::job::{Job, Reporter, Task};
use crate::analysis::{LiveSettings, MoveValues, ValueKind, value_moves};
use crate::board::Board;
use crate::ui::board::view::{Ghost, HeatCell};
use crate::ui::i18n::{Texts, fill};
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// How long one position is looked at: short, since it is redone after every move, and
/// long enough for a few depths of every move on a 15x15 board (small boards are proved
/// well within it). The last completed depth stays on screen.
const TIME_PER_POSITION: Duration = Duration::from_secs(4);

/// How long the moves of a position are asked for proofs once it is proved (boards too
/// big to solve each move): bounds for every move come within seconds, exact values for
/// the moves near the best after; the rest keep their bounds. The thread stops sooner
/// when the position changes or the values are turned off or stopped.
const PROVE_TIME: Duration = Duration::from_secs(30);

/// The table of the move values (the computer players and the analysis keep their own).
const HASH_MB: usize = 32;

/// How many moves of the best line are drawn: more would cover the board.
pub const GHOSTS_SHOWN: usize = 6;

/// Move values being computed for one position: the progress is the best answer so far.
pub struct LiveJob {
    /// The game string of the position.
    position: String,
    job: Job<Option<MoveValues>, ()>,
}

impl LiveJob {
    /// Starts valuing `board`'s moves; `repaint` is called after each better answer.
    /// A job no longer wanted is dropped: it stops at its next poll, nobody waits.
    pub fn start(board: &Board, repaint: impl Fn() + Send + Sync + 'static) -> LiveJob {
        let position = board.game_string();
        let task = LiveTask {
            board: board.clone(),
        };
        let job = Job::start(task, repaint);
        LiveJob { position, job }
    }

    /// Whether this job values `board`.
    pub fn is_for(&self, board: &Board) -> bool {
        self.position == board.game_string()
    }

    /// The best answer so far.
    pub fn values(&self) -> Option<MoveValues> {
        self.job.progress(Clone::clone)
    }

    /// Whether the thread is still improving its answer.
    pub fn running(&self) -> bool {
        self.job.running()
    }

    /// Asks the thread to stop: the values so far stay on screen.
    pub fn stop(&self) {
        self.job.stop();
    }
}

/// The move values as a [`Task`]: the position whose moves are valued. Its progress is
/// its answer: the best so far.
#[derive(Serialize, Deserialize)]
pub struct LiveTask {
    #[serde(with = "super::game_string")]
    board: Board,
}

impl Task for LiveTask {
    const NAME: &'static str = "move-values";
    type Progress = Option<MoveValues>;
    type Output = ();

    fn run(self, reporter: &Reporter<Self::Progress>) {
        let settings = LiveSettings {
            time: TIME_PER_POSITION,
            hash_mb: HASH_MB,
            prove_time: Some(PROVE_TIME),
        };
        value_moves(&self.board, settings, reporter, &mut |values| {
            reporter.report(Some(values.clone()));
        });
    }
}

/// The heat map of `values`: each legal move with its loss against the best move, the
/// kind of that value, a goodness from 1 (best) to 0 (the worst move; all moves equal
/// are all best) and the value in `t`'s words.
pub fn heat_cells(values: &MoveValues, t: &Texts) -> Vec<HeatCell> {
    let worst = values.worst_loss();
    values
        .moves
        .iter()
        .filter_map(|m| {
            let loss = values.loss(m.cell)?;
            let goodness = if worst == 0 {
                1.0
            } else {
                1.0 - loss as f32 / worst as f32
            };
            Some(HeatCell {
                cell: m.cell,
                loss,
                kind: m.kind,
                goodness,
                words: value_words(t, loss, m.kind),
            })
        })
        .collect()
}

/// A move's value in words: its loss against the best move, and which of the three
/// facts it is (proved, a proved bound, an estimate). The side panel and the cells'
/// accessible labels both say it so.
pub fn value_words(t: &Texts, loss: u32, kind: ValueKind) -> String {
    match (kind, loss) {
        (ValueKind::Exact, 0) => t.value_best.to_string(),
        (ValueKind::Exact, _) => fill(t.value_exact, &[&loss]),
        (ValueKind::Bound, _) => fill(t.value_bound, &[&loss]),
        (ValueKind::Estimate, _) => fill(t.value_estimate, &[&loss]),
    }
}

/// The first [`GHOSTS_SHOWN`] moves of the best line, numbered from 1, each as the
/// queen of the side that would play it (the players alternate).
pub fn ghosts(values: &MoveValues) -> Vec<Ghost> {
    let mut side = values.mover;
    values
        .principal_variation()
        .into_iter()
        .take(GHOSTS_SHOWN)
        .enumerate()
        .map(|(index, cell)| {
            let ghost = Ghost {
                cell,
                player: side,
                number: index + 1,
            };
            side = side.opponent();
            ghost
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::MoveValue;
    use crate::board::{Cell, Player};

    fn values(mover: Player, margins: &[(&str, i32)], line: &[&str]) -> MoveValues {
        let cell = |name: &str| Cell::parse(name).unwrap_or_default();
        MoveValues {
            position: String::new(),
            mover,
            moves: margins
                .iter()
                .map(|&(name, margin)| MoveValue {
                    cell: cell(name),
                    margin,
                    kind: crate::analysis::ValueKind::Exact,
                    line: line.iter().map(|n| cell(n)).collect(),
                })
                .collect(),
            depth: None,
            proved: None,
        }
    }

    #[test]
    fn the_best_move_is_greenest_and_the_worst_red() {
        let t = crate::ui::i18n::texts(crate::ui::session::settings::Language::English);
        let heat = heat_cells(
            &values(Player::Two, &[("a1", 2), ("b1", -4), ("c1", 0)], &[]),
            t,
        );
        let by_cell: Vec<(String, u32, f32)> = heat
            .iter()
            .map(|h| (h.cell.to_string(), h.loss, h.goodness))
            .collect();
        assert_eq!(
            by_cell,
            [
                ("a1".to_string(), 6, 0.0),
                ("b1".to_string(), 0, 1.0),
                ("c1".to_string(), 4, 1.0 - 4.0 / 6.0)
            ]
        );
        // All moves equal: all best.
        let even = heat_cells(&values(Player::One, &[("a1", 2), ("b1", 2)], &[]), t);
        assert!(even.iter().all(|h| h.goodness == 1.0 && h.loss == 0));
    }

    #[test]
    fn ghosts_number_the_line_and_alternate_the_sides() {
        let line = ["b2", "c3", "d4", "a4", "b4", "c4", "d1", "d2"];
        let ghosts = ghosts(&values(Player::Two, &[("a1", 0)], &line));
        assert_eq!(ghosts.len(), GHOSTS_SHOWN);
        assert_eq!(ghosts[0].cell.to_string(), "a1");
        assert_eq!(ghosts[0].number, 1);
        assert_eq!(ghosts[0].player, Player::Two);
        assert_eq!(ghosts[1].cell.to_string(), "b2");
        assert_eq!(ghosts[1].player, Player::One);
        assert_eq!(ghosts[2].player, Player::Two);
    }
}
