//! Proved move values of a game of the games table with an exact solver (View > "Move
//! values on the board" while such a game is on screen): a background job values every
//! legal move of the position on screen exactly ([`crate::analysis::proved_moves`]:
//! each move played and the position after it solved), and the board and the panel
//! show them. The same job runs in a Web Worker in the browser. Queens' own values
//! (bounds and estimates on boards too big to solve) are [`super::live`].

use super::job::{Job, Polled, Reporter, Task};
use crate::analysis::{Outcome, Proved, ProvedMoves, proved_moves};
use crate::games::seam::AnyGame;
use crate::ui::i18n::{Texts, fill};
use serde::{Deserialize, Serialize};

/// What the job answers: the values (none if it was stopped), or why there are none.
type Answer = Result<Option<ProvedMoves>, String>;

/// The values of one position, being proved or proved.
pub struct ProvedJob {
    /// The game string of the position.
    position: String,
    job: Job<(), Answer>,
    /// The answer, once it came.
    answer: Option<Answer>,
}

impl ProvedJob {
    /// Starts proving the moves of `game`'s position; `repaint` is called when done.
    pub fn start(game: &dyn AnyGame, repaint: impl Fn() + Send + Sync + 'static) -> ProvedJob {
        let position = game.game_string();
        let task = ProvedTask {
            game: position.clone(),
        };
        ProvedJob {
            position,
            job: Job::start(task, repaint),
            answer: None,
        }
    }

    /// Whether this job values the position of game string `position`.
    pub fn is_for(&self, position: &str) -> bool {
        self.position == position
    }

    /// Takes the answer when it has come.
    pub fn poll(&mut self) {
        if self.answer.is_some() {
            return;
        }
        match self.job.poll() {
            Polled::Running => {}
            Polled::Done(answer) => self.answer = Some(answer),
            Polled::Lost => self.answer = Some(Err("the job was lost".to_string())),
        }
    }

    /// The values, once proved.
    pub fn values(&self) -> Option<&ProvedMoves> {
        match &self.answer {
            Some(Ok(Some(values))) => Some(values),
            _ => None,
        }
    }

    /// Why there are no values, if the job said.
    pub fn failed(&self) -> Option<&str> {
        match &self.answer {
            Some(Err(why)) => Some(why),
            _ => None,
        }
    }

    /// Whether the values are still being proved.
    pub fn running(&self) -> bool {
        self.answer.is_none()
    }
}

/// The job as a [`Task`]: the position's game string (it names the game).
#[derive(Serialize, Deserialize)]
pub struct ProvedTask {
    game: String,
}

impl Task for ProvedTask {
    const NAME: &'static str = "proved-moves";
    type Progress = ();
    type Output = Answer;

    fn run(self, reporter: &Reporter<()>) -> Answer {
        let game = crate::games::game_string::read(&self.game).map_err(|e| e.to_string())?;
        let stop = || reporter.should_stop();
        proved_moves(game.as_ref(), &stop).map_err(|e| e.to_string())
    }
}

/// A proved value in words: "win at move 5", "draw", "loss at move 8".
pub fn value_words(t: &Texts, value: &Proved) -> String {
    let g = t.grid;
    match (value.outcome, value.ends_at_ply) {
        (Outcome::Win, Some(ply)) => fill(g.value_win, &[&ply]),
        (Outcome::Loss, Some(ply)) => fill(g.value_loss, &[&ply]),
        (Outcome::Draw, _) | (_, None) => g.value_draw.to_string(),
    }
}

/// A proved value as the board's small label: `+5` (a win at move 5), `=` (a draw),
/// `−8` (a loss at move 8); the panel's legend says so.
pub fn value_label(value: &Proved) -> String {
    match (value.outcome, value.ends_at_ply) {
        (Outcome::Win, Some(ply)) => format!("+{ply}"),
        (Outcome::Loss, Some(ply)) => format!("\u{2212}{ply}"),
        (Outcome::Draw, _) | (_, None) => "=".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::i18n::texts;
    use crate::ui::session::settings::Language;

    #[test]
    fn the_task_proves_every_move_and_the_words_say_them() {
        // X to move: c1 completes a1, b1, c1 at the fifth move.
        let task = ProvedTask {
            game: "game=tictactoe moves=a1,a2,b1,b2".to_string(),
        };
        let job = Job::start(task, || {});
        let Polled::Done(Ok(Some(values))) = super::super::job::wait_for(&mut { job }) else {
            panic!("no values");
        };
        let best = values.best().unwrap_or_else(|| panic!("no best move"));
        assert_eq!(best.mv, "c1");
        assert_eq!(value_label(&best.value), "+5");
        let t = texts(Language::English);
        assert_eq!(value_words(t, &best.value), "win at move 5");
        assert_eq!(values.moves.len(), 5);
        let vi = texts(Language::Vietnamese);
        assert_ne!(value_words(vi, &best.value), "win at move 5");
    }
}
