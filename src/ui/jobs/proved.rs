//! Proved move values of a game of the games table with an exact solver (View > "Move
//! values on the board" while such a game is on screen): a background job values every
//! legal move of the position on screen exactly ([`crate::analysis::proved_moves`]:
//! each move played and the position after it solved), and the board and the panel
//! show them. The same job runs in a Web Worker in the browser. Queens' own values
//! (bounds and estimates on boards too big to solve) are [`super::live`].

use super::job::{Job, Polled, Reporter, Task};
use crate::analysis::{Outcome, Proved, ProvedAnalysis, ProvedMoves, analyse_proved, proved_moves};
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

/// What Analyse game answers for a game with an exact solver: the analysis (the moves
/// both of whose positions were solved, `complete: false` after Cancel), or why none.
type AnalysisAnswer = Result<ProvedAnalysis, String>;

/// Analyse game on a table game with an exact solver, in the background: progress is
/// (positions solved, positions in all).
pub struct ProvedAnalysisJob {
    job: Job<(usize, usize), AnalysisAnswer>,
}

impl ProvedAnalysisJob {
    /// Starts analysing `game`'s moves; `repaint` is called as positions are solved.
    pub fn start(
        game: &dyn AnyGame,
        repaint: impl Fn() + Send + Sync + 'static,
    ) -> ProvedAnalysisJob {
        let task = ProvedAnalysisTask {
            game: game.game_string(),
        };
        ProvedAnalysisJob {
            job: Job::start(task, repaint),
        }
    }

    /// Positions solved, and positions in all.
    pub fn progress(&self) -> (usize, usize) {
        self.job.progress(|done| *done)
    }

    /// Asks it to stop: it answers with the moves analysed so far.
    pub fn cancel(&self) {
        self.job.stop();
    }

    /// The answer, once it came (a lost job says so).
    pub fn finished(&mut self) -> Option<AnalysisAnswer> {
        match self.job.poll() {
            Polled::Running => None,
            Polled::Done(answer) => Some(answer),
            Polled::Lost => Some(Err("the analysis was lost".to_string())),
        }
    }
}

/// Analyse game as a [`Task`]: the game string of the game (it names the game).
#[derive(Serialize, Deserialize)]
pub struct ProvedAnalysisTask {
    game: String,
}

impl Task for ProvedAnalysisTask {
    const NAME: &'static str = "proved-analysis";
    type Progress = (usize, usize);
    type Output = AnalysisAnswer;

    fn run(self, reporter: &Reporter<(usize, usize)>) -> AnalysisAnswer {
        let game = crate::games::game_string::read(&self.game).map_err(|e| e.to_string())?;
        let stop = || reporter.should_stop();
        let mut progress = |done: usize, all: usize| reporter.report((done, all));
        analyse_proved(game.as_ref(), &stop, &mut progress).map_err(|e| e.to_string())
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

    #[test]
    fn the_analysis_task_finds_the_move_that_threw_the_win_away() {
        // X could win with c1 at move 5 and played c3; O then wins with c2.
        let task = ProvedAnalysisTask {
            game: "game=tictactoe moves=a1,a2,b1,b2,c3,c2".to_string(),
        };
        let job = Job::start(task, || {});
        let Polled::Done(Ok(analysis)) = super::super::job::wait_for(&mut { job }) else {
            panic!("no analysis");
        };
        assert!(analysis.complete);
        assert_eq!(analysis.moves.len(), 6);
        assert_eq!(analysis.worst_moves[0], vec![5]);
        let fifth = &analysis.moves[4];
        assert_eq!(fifth.best.as_deref(), Some("c1"));
        assert_eq!(
            (fifth.outcome_before, fifth.outcome_after),
            (Outcome::Win, Outcome::Loss)
        );
    }
}
