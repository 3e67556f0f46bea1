//! Move values while playing (View > "Move values on the board"), one job for every
//! game with an exact solver: a background thread asks the game on screen for the value
//! of every legal move (`Rules::value_moves` through the seam: queens' estimates, bounds
//! and proofs as they come, the other games' every move proved), and the board paints
//! them (queens' heat map with the best line as numbered faint queens, the other games'
//! labels) while the panel lists them. The thread is replaced whenever the position on
//! screen changes and stopped when it is no longer wanted; the window only reads its
//! latest answer. The same task runs in a Web Worker in the browser.

use super::job::{Job, Polled, Reporter, Task};
use crate::board::view::{Ghost, HeatCell};
use crate::i18n::{Texts, fill};
use queens_board::{Cell, Player};
use queens_engines::games::move_values::{MoveValue, MoveValues, ValueKind, ValuesAsk};
use queens_engines::games::seam::AnyGame;
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
pub(crate) const GHOSTS_SHOWN: usize = 6;

/// What the job answers when done: nothing more than its progress, or why there are
/// no values.
type Answer = Result<(), String>;

/// Move values being computed for one position: the progress is the best answer so far.
pub(crate) struct MoveValuesJob {
    /// The game string of the position.
    position: String,
    job: Job<Option<MoveValues>, Answer>,
    /// Why there are no values, once the job said.
    failed: Option<String>,
    /// Whether the thread has finished (or was lost).
    done: bool,
}

impl MoveValuesJob {
    /// Starts valuing the moves of `game`'s position; `repaint` is called after each
    /// better answer. A job no longer wanted is dropped: it stops at its next poll,
    /// nobody waits.
    pub(crate) fn start(
        game: &dyn AnyGame,
        repaint: impl Fn() + Send + Sync + 'static,
    ) -> MoveValuesJob {
        let position = game.game_string();
        let task = MoveValuesTask {
            game: position.clone(),
        };
        MoveValuesJob {
            position,
            job: Job::start(task, repaint),
            failed: None,
            done: false,
        }
    }

    /// Whether this job values the position of game string `position`.
    pub(crate) fn is_for(&self, position: &str) -> bool {
        self.position == position
    }

    /// Takes the end of the job when it has come.
    pub(crate) fn poll(&mut self) {
        if self.done {
            return;
        }
        match self.job.poll() {
            Polled::Running => {}
            Polled::Done(answer) => {
                self.done = true;
                self.failed = answer.err();
            }
            Polled::Lost => {
                self.done = true;
                self.failed = Some("the job was lost".to_string());
            }
        }
    }

    /// The best answer so far.
    pub(crate) fn values(&self) -> Option<MoveValues> {
        self.job.progress(Clone::clone)
    }

    /// Why there are no values, if the job said.
    pub(crate) fn failed(&self) -> Option<&str> {
        self.failed.as_deref()
    }

    /// Whether the thread is still improving its answer.
    pub(crate) fn running(&self) -> bool {
        !self.done && self.job.running()
    }

    /// Asks the thread to stop: the values so far stay on screen.
    pub(crate) fn stop(&self) {
        self.job.stop();
    }
}

/// The move values as a [`Task`]: the position's game string (it names the game). Its
/// progress is its answer: the best so far.
#[derive(Serialize, Deserialize)]
pub(crate) struct MoveValuesTask {
    game: String,
}

impl Task for MoveValuesTask {
    const NAME: &'static str = "move-values";
    type Progress = Option<MoveValues>;
    type Output = Answer;

    fn run(self, reporter: &Reporter<Self::Progress>) -> Answer {
        let game =
            queens_engines::games::game_string::read(&self.game).map_err(|e| e.to_string())?;
        let ask = ValuesAsk {
            time: TIME_PER_POSITION,
            hash_mb: HASH_MB,
            prove_time: Some(PROVE_TIME),
        };
        let stop = || reporter.should_stop();
        game.value_moves(&ask, &stop, &mut |values| {
            reporter.report(Some(values.clone()));
        })
        .map(|_| ())
        .map_err(|e| e.to_string())
    }
}

/// The heat map of `values` for a painter of cells (queens'): each legal move on a cell
/// with its loss against the best move, the kind of that value, a goodness from 1
/// (best) to 0 (the worst move; all moves equal are all best) and the value in `t`'s
/// words.
pub(crate) fn heat_cells(values: &MoveValues, t: &Texts) -> Vec<HeatCell> {
    let worst = values.worst_loss();
    values
        .moves
        .iter()
        .filter_map(|m| {
            let loss = values.loss(&m.mv)?;
            let goodness = if worst == 0 {
                1.0
            } else {
                1.0 - loss as f32 / worst as f32
            };
            Some(HeatCell {
                cell: Cell::parse(&m.mv)?,
                loss,
                kind: m.kind,
                goodness,
                words: value_words(t, loss, m.kind),
            })
        })
        .collect()
}

/// A move's value in words for a game whose result is a margin: its loss against the
/// best move, and which of the three facts it is (proved, a proved bound, an
/// estimate). The side panel and the cells' accessible labels both say it so.
pub(crate) fn value_words(t: &Texts, loss: u32, kind: ValueKind) -> String {
    match (kind, loss) {
        (ValueKind::Exact, 0) => t.value_best.to_string(),
        (ValueKind::Exact, _) => fill(t.value_exact, &[&loss]),
        (ValueKind::Bound, _) => fill(t.value_bound, &[&loss]),
        (ValueKind::Estimate, _) => fill(t.value_estimate, &[&loss]),
    }
}

/// What a move's value proves for its mover in a game won, drawn or lost: 1 a win, 0 a
/// draw, -1 a loss.
fn result_for_mover(values: &MoveValues, value: &MoveValue) -> i32 {
    let margin = if values.mover == 0 {
        value.margin
    } else {
        -value.margin
    };
    margin.signum()
}

/// A move's proved value in words, for a game won, drawn or lost: "win at move 5",
/// "draw", "loss at move 8" (from the mover's view).
pub(crate) fn result_words(t: &Texts, values: &MoveValues, value: &MoveValue) -> String {
    let g = t.grid;
    match (result_for_mover(values, value), value.ends_at_ply) {
        (1, Some(ply)) => fill(g.value_win, &[&ply]),
        (-1, Some(ply)) => fill(g.value_loss, &[&ply]),
        _ => g.value_draw.to_string(),
    }
}

/// A move's proved value as the board's small label, for a game won, drawn or lost:
/// `+5` (a win at move 5), `=` (a draw), `−8` (a loss at move 8); the panel's legend
/// says so.
pub(crate) fn result_label(values: &MoveValues, value: &MoveValue) -> String {
    match (result_for_mover(values, value), value.ends_at_ply) {
        (1, Some(ply)) => format!("+{ply}"),
        (-1, Some(ply)) => format!("\u{2212}{ply}"),
        _ => "=".to_string(),
    }
}

/// A move's value as a label's tone: 1 good for the mover, 0 even, -1 bad.
pub(crate) fn result_tone(values: &MoveValues, value: &MoveValue) -> i8 {
    result_for_mover(values, value) as i8
}

/// The first [`GHOSTS_SHOWN`] moves of the best line, numbered from 1, each as the
/// queen of the side that would play it (the players alternate), for a painter of
/// cells.
pub(crate) fn ghosts(values: &MoveValues) -> Vec<Ghost> {
    let mut side = if values.mover == 0 {
        Player::One
    } else {
        Player::Two
    };
    values
        .principal_variation()
        .into_iter()
        .take(GHOSTS_SHOWN)
        .enumerate()
        .map_while(|(index, mv)| {
            let ghost = Ghost {
                cell: Cell::parse(&mv)?,
                player: side,
                number: index + 1,
            };
            side = side.opponent();
            Some(ghost)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::texts;
    use crate::session::settings::Language;

    fn values(mover: usize, margins: &[(&str, i32)], line: &[&str]) -> MoveValues {
        MoveValues {
            position: String::new(),
            mover,
            moves: margins
                .iter()
                .map(|&(name, margin)| MoveValue {
                    mv: name.to_string(),
                    margin,
                    kind: ValueKind::Exact,
                    line: line.iter().map(ToString::to_string).collect(),
                    ends_at_ply: None,
                })
                .collect(),
            depth: None,
            proved: None,
        }
    }

    #[test]
    fn the_best_move_is_greenest_and_the_worst_red() {
        let t = texts(Language::English);
        let heat = heat_cells(&values(1, &[("a1", 2), ("b1", -4), ("c1", 0)], &[]), t);
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
        let even = heat_cells(&values(0, &[("a1", 2), ("b1", 2)], &[]), t);
        assert!(even.iter().all(|h| h.goodness == 1.0 && h.loss == 0));
    }

    #[test]
    fn ghosts_number_the_line_and_alternate_the_sides() {
        let line = ["b2", "c3", "d4", "a4", "b4", "c4", "d1", "d2"];
        let ghosts = ghosts(&values(1, &[("a1", 0)], &line));
        assert_eq!(ghosts.len(), GHOSTS_SHOWN);
        assert_eq!(ghosts[0].cell.to_string(), "a1");
        assert_eq!(ghosts[0].number, 1);
        assert_eq!(ghosts[0].player, Player::Two);
        assert_eq!(ghosts[1].cell.to_string(), "b2");
        assert_eq!(ghosts[1].player, Player::One);
        assert_eq!(ghosts[2].player, Player::Two);
    }

    #[test]
    fn the_task_proves_every_move_of_a_small_game_and_the_words_say_them() {
        // X to move: c1 completes a1, b1, c1 at the fifth move.
        let task = MoveValuesTask {
            game: "game=tictactoe moves=a1,a2,b1,b2".to_string(),
        };
        let mut job = Job::start(task, || {});
        let Polled::Done(Ok(())) = super::super::job::wait_for(&mut job) else {
            panic!("the job failed");
        };
        let values = job
            .progress(Clone::clone)
            .unwrap_or_else(|| panic!("no values"));
        let best = values.best().unwrap_or_else(|| panic!("no best move"));
        assert_eq!(best.mv, "c1");
        assert_eq!(result_label(&values, best), "+5");
        assert_eq!(result_tone(&values, best), 1);
        let t = texts(Language::English);
        assert_eq!(result_words(t, &values, best), "win at move 5");
        assert_eq!(values.moves.len(), 5);
        assert!(values.solved());
        let vi = texts(Language::Vietnamese);
        assert_ne!(result_words(vi, &values, best), "win at move 5");
        // a3 leaves c2 to O, who wins there: a win given away for a loss, two steps.
        let a3 = values.of("a3").unwrap_or_else(|| panic!("a3 is legal"));
        assert_eq!(values.loss("a3"), Some(2));
        assert_eq!(result_label(&values, a3), "\u{2212}6");
    }

    #[test]
    fn a_game_without_a_solver_says_why() {
        let task = MoveValuesTask {
            game: "game=othello".to_string(),
        };
        let mut job = Job::start(task, || {});
        let Polled::Done(Err(why)) = super::super::job::wait_for(&mut job) else {
            panic!("othello has no solver, yet no refusal");
        };
        assert!(why.contains("othello"), "{why}");
    }
}
